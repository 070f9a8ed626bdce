import { describe, expect, it } from 'vitest';

import { reconcile, type ConfirmedBet, type Game, type ReconcileInput } from './reconcile.ts';

const empty = (): Record<Game, Set<string>> => ({
  tailspin: new Set(),
  retail: new Set(),
  foresight: new Set(),
  prophecy: new Set(),
});

function input(overrides: Partial<ReconcileInput>): ReconcileInput {
  return { confirmed: [], indexed: empty(), wager: [], pools: [], ...overrides };
}

const bet = (game: Game, signature: string): ConfirmedBet => ({ game, signature, player: 'player1111111' });

describe('reconcile', () => {
  it('counts a clean run: indexed, settled, every win paid once with the exact prize', () => {
    const indexed = empty();
    indexed.tailspin.add('ts-win').add('ts-loss');
    indexed.retail.add('rt-loss');
    indexed.foresight.add('fs-win');
    indexed.prophecy.add('pr-loss');
    const result = reconcile(
      input({
        confirmed: [
          bet('tailspin', 'ts-win'),
          bet('tailspin', 'ts-loss'),
          bet('retail', 'rt-loss'),
          bet('foresight', 'fs-win'),
          bet('prophecy', 'pr-loss'),
        ],
        indexed,
        wager: [
          {
            player: 'player1111111',
            rows: [
              {
                signature: 'ts-win',
                type: 'sol',
                state: 'Claimed',
                result: 'Win',
                listingPrice: 500n,
                claimSignature: 'c1',
              },
              {
                signature: 'ts-loss',
                type: 'sol',
                state: 'Settled',
                result: 'Loss',
                listingPrice: 500n,
                claimSignature: null,
              },
              {
                signature: 'rt-loss',
                type: 'nft',
                state: 'Settled',
                result: 'Loss',
                listingPrice: 9n,
                claimSignature: null,
              },
            ],
            claims: [{ signature: 'c1', received: 500n }],
          },
        ],
        pools: [
          {
            game: 'foresight',
            signature: 'fs-win',
            settled: true,
            owed: 194n,
            payouts: [{ signature: 's', received: 194n }],
          },
          {
            game: 'prophecy',
            signature: 'pr-loss',
            settled: true,
            owed: 0n,
            payouts: [{ signature: 'p', received: 0n }],
          },
        ],
      }),
    );
    expect(result.lost).toEqual([]);
    expect(result.paidTwice).toEqual([]);
    expect(result.byGame.tailspin).toEqual({ confirmed: 2, indexed: 2, settled: 2, owed: 1, paid: 1 });
    expect(result.byGame.retail).toEqual({ confirmed: 1, indexed: 1, settled: 1, owed: 0, paid: 0 });
    expect(result.byGame.foresight).toEqual({ confirmed: 1, indexed: 1, settled: 1, owed: 1, paid: 1 });
    expect(result.byGame.prophecy).toEqual({ confirmed: 1, indexed: 1, settled: 1, owed: 0, paid: 0 });
    expect(result.total).toEqual({ confirmed: 5, indexed: 5, settled: 5, owed: 2, paid: 2 });
  });

  it('calls a bet lost when it is not indexed, still open, unpaid or paid a wrong amount', () => {
    const indexed = empty();
    indexed.tailspin.add('open').add('unpaid').add('short');
    indexed.foresight.add('fs');
    const result = reconcile(
      input({
        confirmed: [
          bet('retail', 'missing'),
          bet('tailspin', 'open'),
          bet('tailspin', 'unpaid'),
          bet('tailspin', 'short'),
          bet('foresight', 'fs'),
        ],
        indexed,
        wager: [
          {
            player: 'player1111111',
            rows: [
              {
                signature: 'open',
                type: 'sol',
                state: 'Open',
                result: 'None',
                listingPrice: 1n,
                claimSignature: null,
              },
              {
                signature: 'unpaid',
                type: 'sol',
                state: 'Settled',
                result: 'Win',
                listingPrice: 1n,
                claimSignature: null,
              },
              {
                signature: 'short',
                type: 'sol',
                state: 'Claimed',
                result: 'Win',
                listingPrice: 100n,
                claimSignature: 'c',
              },
            ],
            claims: [{ signature: 'c', received: 99n }],
          },
        ],
        pools: [{ game: 'foresight', signature: 'fs', settled: true, owed: 10n, payouts: [] }],
      }),
    );
    expect(result.lost).toHaveLength(5);
    expect(result.lost.join('\n')).toMatch(/retail bet missing.*confirmed but not indexed/);
    expect(result.lost.join('\n')).toMatch(/tailspin bet open.*still Open/);
    expect(result.lost.join('\n')).toMatch(/tailspin win unpaid.*not paid \(state Settled\)/);
    expect(result.lost.join('\n')).toMatch(/paid 99 lamports, prize 100/);
    expect(result.lost.join('\n')).toMatch(/foresight bet fs.*owed 10, not paid/);
    expect(result.paidTwice).toEqual([]);
  });

  it('calls a bet paid twice when it has more payouts than it is owed', () => {
    const result = reconcile(
      input({
        confirmed: [bet('tailspin', 'w'), bet('prophecy', 'p'), bet('foresight', 'l')],
        wager: [
          {
            player: 'player1111111',
            rows: [
              {
                signature: 'w',
                type: 'sol',
                state: 'Claimed',
                result: 'Win',
                listingPrice: 5n,
                claimSignature: 'c1',
              },
            ],
            claims: [
              { signature: 'c1', received: 5n },
              { signature: 'c2', received: 5n },
            ],
          },
        ],
        pools: [
          {
            game: 'prophecy',
            signature: 'p',
            settled: true,
            owed: 7n,
            payouts: [
              { signature: 'a', received: 7n },
              { signature: 'b', received: 7n },
            ],
          },
          {
            game: 'foresight',
            signature: 'l',
            settled: true,
            owed: 0n,
            payouts: [{ signature: 'x', received: 3n }],
          },
        ],
      }),
    );
    expect(result.paidTwice).toHaveLength(3);
    expect(result.paidTwice[0]).toMatch(/2 claim_bet transactions for 1 wins/);
  });

  it('ignores rows that are not the soak players’ confirmed bets', () => {
    const result = reconcile(
      input({
        wager: [
          {
            player: 'p',
            rows: [
              {
                signature: 'other',
                type: 'sol',
                state: 'Open',
                result: 'None',
                listingPrice: 1n,
                claimSignature: null,
              },
            ],
            claims: [],
          },
        ],
      }),
    );
    expect(result.lost).toEqual([]);
    expect(result.total.confirmed).toBe(0);
  });
});
