import { getAddressDecoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address, eventAccount } from '../../test/arbitraries.ts';
import { Prediction, type EventAccount } from './accounts.ts';
import { isEventInvalid, pastEventIds, remainingMs, toUpDownBet, toUpDownEvent } from './views.ts';

const config = getAddressDecoder().decode(new Uint8Array(32).fill(1));
const base: EventAccount = {
  id: 9,
  startTime: 1_700_000_000n,
  lockTime: 1_700_000_300n,
  settleTime: 1_700_000_600n,
  upCount: 1,
  downCount: 1,
  upPool: 10_000_000n,
  downPool: 10_000_000n,
  isSettled: true,
  result: Prediction.Up,
  lockPrice: 15_000_000_000n,
  finalPrice: 15_100_000_000n,
  settledCount: 1,
  config,
};

describe('toUpDownEvent', () => {
  it("has the spec's fields, copied from the account", () => {
    fc.assert(
      fc.property(address(), eventAccount(), (pubkey, event) => {
        const view = toUpDownEvent(pubkey, event);
        expect(Object.keys(view).sort()).toEqual(
          [
            'pubkey',
            'id',
            'startTime',
            'lockTime',
            'settleTime',
            'lockPrice',
            'finalPrice',
            'upCount',
            'downCount',
            'upPool',
            'downPool',
            'isSettled',
            'invalid',
            'result',
          ].sort(),
        );
        const copied = Object.fromEntries(
          Object.entries(event).filter(([key]) => key !== 'settledCount' && key !== 'config'),
        );
        expect(view).toEqual({ ...copied, pubkey, invalid: isEventInvalid(event) });
      }),
    );
  });

  it('is invalid when either count is 0 or the result is Invalid', () => {
    expect(toUpDownEvent(config, base).invalid).toBe(false);
    expect(toUpDownEvent(config, { ...base, upCount: 0 }).invalid).toBe(true);
    expect(toUpDownEvent(config, { ...base, downCount: 0 }).invalid).toBe(true);
    expect(toUpDownEvent(config, { ...base, result: Prediction.Invalid }).invalid).toBe(true);
    expect(toUpDownEvent(config, { ...base, result: Prediction.None, isSettled: false }).invalid).toBe(false);
  });
});

describe('toUpDownBet', () => {
  it('keeps amount, prediction and isSettled', () => {
    expect(
      toUpDownBet({ event: config, amount: 5n, prediction: Prediction.Down, isSettled: true, user: config }),
    ).toEqual({ amount: 5n, prediction: Prediction.Down, isSettled: true });
  });
});

describe('remainingMs', () => {
  it('is 302000 ms minus the age of the lock time', () => {
    const lock = 1_700_000_000n;
    expect(remainingMs(lock, 1_700_000_000_000)).toBe(302_000);
    expect(remainingMs(lock, 1_700_000_100_000)).toBe(202_000);
    expect(remainingMs(lock, 1_700_000_300_000)).toBe(2_000);
    expect(remainingMs(lock, 1_700_000_302_000)).toBe(0);
    expect(remainingMs(lock, 1_700_000_310_500)).toBe(-8_500);
  });

  it('counts down one ms per ms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (lock, age) => {
          expect(remainingMs(BigInt(lock), lock * 1000 + age)).toBe(302_000 - age);
        },
      ),
    );
  });
});

describe('pastEventIds', () => {
  it('is the 8 ids before the locked one, oldest first', () => {
    expect(pastEventIds({ lockedEvent: 20, liveEvent: 21 })).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('starts at id 1 on a young config, and is empty while nothing is locked', () => {
    expect(pastEventIds({ lockedEvent: 3, liveEvent: 4 })).toEqual([1, 2]);
    expect(pastEventIds({ lockedEvent: 1, liveEvent: 2 })).toEqual([]);
    expect(pastEventIds({ lockedEvent: 0, liveEvent: 1 })).toEqual([]);
    expect(pastEventIds({ lockedEvent: 0, liveEvent: 0 })).toEqual([]);
  });

  it('never holds the locked or live id, and holds at most 8 ids', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_fffe }),
        fc.integer({ min: 0, max: 0xffff_ffff }),
        (locked, live) => {
          const ids = pastEventIds({ lockedEvent: locked, liveEvent: live });
          expect(ids.length).toBeLessThanOrEqual(8);
          expect(ids).not.toContain(locked);
          expect(ids).not.toContain(live);
          for (const id of ids) expect(id >= 1 && id < locked).toBe(true);
        },
      ),
    );
  });
});
