/**
 * A bot's loop, with its waits recorded instead of slept: it waits its first delay, then alternates turns
 * and paced waits, goes on after a failed turn, and stops at once when its signal aborts.
 */

import { describe, expect, it } from 'vitest';

import { seededRandom } from '../random.ts';
import { sleep } from '../sleep.ts';
import type { BotAction } from './bot-decisions.ts';
import { runBotLoop } from './bot-loop.ts';

const pace = { minMs: 20_000, maxMs: 50_000 };

/** A loop whose waits are recorded and return at once; `act` aborts after `turns` turns. */
async function run(turns: number, act?: (action: BotAction, turn: number) => Promise<void>) {
  const controller = new AbortController();
  const waits: number[] = [];
  const actions: BotAction[] = [];
  const errors: unknown[] = [];
  const count = await runBotLoop(controller.signal, {
    random: seededRandom(11),
    pace,
    firstDelayMs: 4_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    act: async (action) => {
      actions.push(action);
      try {
        await act?.(action, actions.length);
      } finally {
        if (actions.length >= turns) controller.abort();
      }
    },
    onError: (_action, error) => errors.push(error),
  });
  return { count, waits, actions, errors };
}

describe('runBotLoop', () => {
  it('waits its first delay, then a paced delay between turns, until stopped', async () => {
    const { count, waits, actions } = await run(5);
    expect(count).toBe(5);
    expect(actions).toHaveLength(5);
    expect(waits[0]).toBe(4_000);
    // Four waits between five turns; none after the turn that stopped it.
    expect(waits).toHaveLength(5);
    for (const wait of waits.slice(1)) {
      expect(wait).toBeGreaterThanOrEqual(pace.minMs);
      expect(wait).toBeLessThanOrEqual(pace.maxMs);
    }
  });

  it('goes on after a failed turn, and reports it', async () => {
    const failure = new Error('the chain is busy');
    const { count, errors } = await run(3, async (_action, turn) => {
      if (turn === 1) throw failure;
    });
    expect(count).toBe(3);
    expect(errors).toEqual([failure]);
  });

  it('does not report the turn an abort cut short', async () => {
    const { errors } = await run(1, async () => {
      throw new Error('aborted mid-send');
    });
    expect(errors).toEqual([]);
  });

  it('takes no turn when stopped before its first', async () => {
    const controller = new AbortController();
    controller.abort();
    let acted = false;
    const count = await runBotLoop(controller.signal, {
      random: seededRandom(1),
      pace,
      firstDelayMs: 60_000,
      act: async () => {
        acted = true;
      },
    });
    expect(count).toBe(0);
    expect(acted).toBe(false);
  });

  it('stops mid-wait when aborted, without waiting the delay out', async () => {
    const controller = new AbortController();
    let turns = 0;
    const done = runBotLoop(controller.signal, {
      random: seededRandom(5),
      pace: { minMs: 3_600_000, maxMs: 3_600_000 },
      firstDelayMs: 0,
      act: async () => {
        turns += 1;
      },
    });
    // The first turn runs, then the loop sleeps an hour on the real, abortable timer.
    await sleep(0);
    controller.abort();
    expect(await done).toBe(1);
    expect(turns).toBe(1);
  });
});
