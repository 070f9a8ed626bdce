/**
 * The demo's bot players: N wallets under `<DATA_DIR>/server/demo/bots/`, each preparing itself (funds,
 * sign-in, username, chat) and then taking turns at a human pace until stopped. Stopping aborts every
 * wait at once, lets a transaction in flight finish (bounded), and closes the chat sockets.
 *
 * @module
 */

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { loadOrCreateDemoWallets } from '../demo-wallets.ts';
import { freshRandom, type Random } from '../random.ts';
import { sleep } from '../sleep.ts';
import {
  DEFAULT_ACTION_WEIGHTS,
  DEFAULT_BOT_PACE,
  firstDelayMs,
  type BotAction,
  type BotPace,
} from './bot-decisions.ts';
import { runBotLoop } from './bot-loop.ts';
import { BotPlayer } from './bot-player.ts';

/** Options of {@link startDemoBots}. */
export interface DemoBotsOptions {
  readonly count: number;
  /** This server's URL, for the chat socket; null: bots do not chat. */
  readonly serverUrl: string | null;
  readonly pace?: BotPace;
  /** How often each action is picked; default {@link DEFAULT_ACTION_WEIGHTS}. */
  readonly weights?: Readonly<Record<BotAction, number>>;
  /** Each bot's random source; default a fresh one per bot. */
  readonly random?: (index: number) => Random;
  readonly log?: FastifyBaseLogger;
}

/** Running bots. */
export interface DemoBots {
  readonly players: readonly BotPlayer[];
  /** Stops every bot; resolves once they have (or after `graceMs`, default 15 s, whatever is in flight). */
  stop(graceMs?: number): Promise<void>;
}

/** A failed preparation is tried again after this long. */
const PREPARE_RETRY_MS = 30_000;

/**
 * Starts `count` bots on the app's (embedded) chain.
 *
 * @throws Error when the app is not on the embedded local chain.
 */
export async function startDemoBots(app: FastifyInstance, options: DemoBotsOptions): Promise<DemoBots> {
  if (app.chain.cluster !== 'localnet' || app.chain.local === null) {
    throw new Error('demo bots play on the embedded local chain only');
  }
  const log = options.log ?? app.log.child({ module: 'demo-bots' });
  const pace = options.pace ?? DEFAULT_BOT_PACE;
  const controller = new AbortController();
  const { signal } = controller;
  const aborted = (): boolean => signal.aborted;
  const signers = await loadOrCreateDemoWallets(app.env.DATA_DIR, 'bots', 'bot', options.count);
  const randoms = signers.map((_, index) => options.random?.(index) ?? freshRandom());
  const players = signers.map(
    (signer, index) =>
      new BotPlayer({ app, signer, index, random: randoms[index]!, serverUrl: options.serverUrl, log }),
  );

  const loops = players.map(async (player, index) => {
    const random = randoms[index]!;
    while (!aborted()) {
      try {
        await player.prepare(signal);
        break;
      } catch (error) {
        if (aborted()) return;
        log.warn({ err: error, bot: player.address }, 'demo bot: could not get ready, trying again');
        await sleep(PREPARE_RETRY_MS, signal);
      }
    }
    await runBotLoop(signal, {
      random,
      pace,
      weights: options.weights ?? DEFAULT_ACTION_WEIGHTS,
      firstDelayMs: firstDelayMs(random, index, pace),
      act: (action, turnSignal) => player.act(action, turnSignal),
      onError: (action, error) => {
        log.warn({ err: error, bot: player.address, action }, 'demo bot: a turn failed');
      },
    });
  });
  log.info({ bots: options.count }, 'demo bots started');

  return {
    players,
    stop: async (graceMs = 15_000) => {
      controller.abort();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(loops),
        new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      for (const player of players) player.close();
      log.info('demo bots stopped');
    },
  };
}
