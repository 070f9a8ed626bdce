import { Prediction } from '@arcade/sdk/foresight/accounts';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import type { PlayerBet } from '../api/get-user-bets.ts';
import { invalidRound, makeBet, makeRound, settledUpRound } from '../testing/fixtures.ts';
import { withClosedBets, type HistoryBet } from './closed-bets.ts';
import { betOutcome } from './round-view.ts';

const SOL = 1_000_000_000n;
const won = settledUpRound(4);
const lost = settledUpRound(5);
const invalid = invalidRound(6);
const inPlay = makeRound({ id: 7, upPool: SOL, downPool: SOL, upCount: 1, downCount: 1 });

function row(
  round: { readonly pubkey: Address; readonly id: number },
  prediction: string,
  amount = SOL,
): HistoryBet {
  return {
    address: `Bet${round.id}1111111111111111111111111111111`,
    event: round.pubkey,
    prediction,
    amount,
  };
}

describe('withClosedBets', () => {
  it('is unknown until the chain was read', () => {
    expect(withClosedBets([won], undefined, [row(won, 'Up')])).toBeUndefined();
  });

  it('keeps the chain: the same map when no account is missing', () => {
    const chain = new Map([[won.pubkey, makeBet(won)]]);
    expect(withClosedBets([won], chain, [row(won, 'Down')])).toBe(chain);
  });

  it("gives a settled round without a bet account the history's bet, finished: paid, lost or refunded", () => {
    const chain = new Map<Address, PlayerBet>();
    const bets = withClosedBets([won, lost, invalid, inPlay], chain, [
      row(won, 'Up'),
      row(lost, 'Down', 2n * SOL),
      row(invalid, 'Up'),
      row(inPlay, 'Up'),
    ])!;
    expect(bets.get(won.pubkey)).toMatchObject({
      prediction: Prediction.Up,
      amount: SOL,
      closed: true,
      deposit: 0n,
    });
    expect(betOutcome(won, bets.get(won.pubkey)!)).toBe('paid');
    expect(betOutcome(lost, bets.get(lost.pubkey)!)).toBe('lost');
    expect(bets.get(lost.pubkey)?.amount).toBe(2n * SOL);
    expect(betOutcome(invalid, bets.get(invalid.pubkey)!)).toBe('refunded');
    // A round in play cannot have had its bet closed: no guess from the history.
    expect(bets.has(inPlay.pubkey)).toBe(false);
    expect(chain.size).toBe(0);
  });

  it('ignores history rows of other rounds and of unknown sides', () => {
    const bets = withClosedBets([won, lost], new Map(), [
      row(lost, 'Sideways'),
      { ...row(won, 'Up'), event: 'elsewhere' },
    ]);
    expect(bets?.size).toBe(0);
  });
});
