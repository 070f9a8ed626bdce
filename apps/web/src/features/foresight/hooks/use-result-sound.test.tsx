import { Prediction } from '@arcade/sdk/foresight/accounts';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { PlayerBets } from '../api/get-user-bets.ts';
import { makeBet, makeRound } from '../testing/fixtures.ts';
import { useResultSound } from './use-result-sound.ts';

const play = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/sound.ts', () => ({ usePlaySound: () => play }));

const SOL = 1_000_000_000n;
const locked = makeRound({ id: 5, upCount: 1, downCount: 1, upPool: SOL, downPool: SOL, lockPrice: 1n });
const drawn = (result: Prediction) =>
  makeRound({
    ...locked,
    id: 5,
    isSettled: true,
    finalPrice: 2n,
    result,
    invalid: result === Prediction.Invalid,
  });

function run(first: UpDownEvent, then: UpDownEvent, bets: PlayerBets) {
  const { rerender } = renderHook(
    ({ rounds }) => {
      useResultSound(rounds, bets);
    },
    {
      initialProps: { rounds: [first] },
    },
  );
  rerender({ rounds: [then] });
}

beforeEach(() => {
  play.mockReset();
});

describe('useResultSound', () => {
  it('plays win when a round the player won is drawn, loss when they lost', () => {
    run(locked, drawn(Prediction.Up), new Map([[locked.pubkey, makeBet(locked)]]));
    expect(play).toHaveBeenCalledWith('win');
    play.mockReset();
    run(locked, drawn(Prediction.Down), new Map([[locked.pubkey, makeBet(locked)]]));
    expect(play).toHaveBeenCalledWith('loss');
  });

  it('stays quiet for invalid rounds, rounds without a bet and rounds already drawn when the page opened', () => {
    run(locked, drawn(Prediction.Invalid), new Map([[locked.pubkey, makeBet(locked)]]));
    run(locked, drawn(Prediction.Up), new Map());
    run(drawn(Prediction.Up), drawn(Prediction.Up), new Map([[locked.pubkey, makeBet(locked)]]));
    expect(play).not.toHaveBeenCalled();
  });
});
