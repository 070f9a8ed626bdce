/**
 * One bot's life: wait its first delay, then take a turn (one action) and wait a jittered delay, until its
 * signal aborts. A failed action is reported and the bot goes on; an abort ends the loop at once, even
 * mid-wait.
 *
 * @module
 */

import type { Random } from '../random.ts';
import { sleep as abortableSleep } from '../sleep.ts';
import { chooseAction, nextDelayMs, type BotAction, type BotPace } from './bot-decisions.ts';

/** What {@link runBotLoop} needs. */
export interface BotLoopOptions {
  readonly random: Random;
  readonly pace: BotPace;
  readonly weights?: Readonly<Record<BotAction, number>>;
  readonly firstDelayMs: number;
  /** One turn. */
  readonly act: (action: BotAction, signal: AbortSignal) => Promise<void>;
  /** How the loop waits; default a timer the signal cuts short. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A turn that threw (not called once the signal has aborted). */
  readonly onError?: (action: BotAction, error: unknown) => void;
}

/**
 * Runs turns until `signal` aborts; resolves with the number of turns taken. Never rejects.
 *
 * @example
 * ```ts
 * const stop = new AbortController();
 * const done = runBotLoop(stop.signal, { random, pace, firstDelayMs: 3_000, act });
 * stop.abort(); await done;
 * ```
 */
export async function runBotLoop(signal: AbortSignal, options: BotLoopOptions): Promise<number> {
  const sleep = options.sleep ?? abortableSleep;
  // A function, not the property: the checks after an await must not be narrowed away.
  const aborted = (): boolean => signal.aborted;
  let turns = 0;
  await sleep(options.firstDelayMs, signal);
  while (!aborted()) {
    const action = chooseAction(options.random, options.weights);
    if (action === null) break;
    turns += 1;
    try {
      await options.act(action, signal);
    } catch (error) {
      if (!aborted()) options.onError?.(action, error);
    }
    if (aborted()) break;
    await sleep(nextDelayMs(options.random, options.pace), signal);
  }
  return turns;
}
