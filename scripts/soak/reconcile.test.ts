import { describe, expect, it } from 'vitest';

import {
  recordLives,
  reconcile,
  revealStats,
  type ConfirmedBet,
  type Game,
  type ReconcileInput,
  type RecordEvent,
  type WagerRow,
} from './reconcile.ts';

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

  it('pays a bet refunded past its deadline exactly once: stake and fee, by refund_bet or an expired reveal', () => {
    const indexed = empty();
    indexed.tailspin.add('by-player').add('by-reveal').add('short').add('none');
    const row = (signature: string): WagerRow => ({
      signature,
      type: 'sol',
      state: 'Refunded',
      result: 'Invalid',
      listingPrice: 200n,
      amount: 100n,
      fee: 4n,
      claimSignature: null,
    });
    const result = reconcile(
      input({
        confirmed: ['by-player', 'by-reveal', 'short', 'none'].map((signature) => bet('tailspin', signature)),
        indexed,
        wager: [
          {
            player: 'player1111111',
            rows: [row('by-player'), row('by-reveal'), row('short'), row('none')],
            claims: [],
            refunds: [
              {
                signature: 'r1',
                received: 104n,
                by: 'refund_bet',
                caller: 'player1111111',
                betSignature: 'by-player',
              },
              {
                signature: 'r2',
                received: 104n,
                by: 'reveal_bet',
                caller: 'settler',
                betSignature: 'by-reveal',
              },
              { signature: 'r3', received: 100n, by: 'refund_bet', caller: 'keeper', betSignature: 'short' },
            ],
          },
        ],
      }),
    );
    expect(result.byGame.tailspin).toEqual({ confirmed: 4, indexed: 4, settled: 4, owed: 4, paid: 2 });
    expect(result.lost).toHaveLength(2);
    expect(result.lost.join('\n')).toMatch(/refund short.*paid 100 lamports, owed 104/);
    expect(result.lost.join('\n')).toMatch(/refund none.*no refund on chain/);
    expect(result.paidTwice).toEqual([]);
  });

  it('pays a bet rolled after its refund its refund and, when it won, the rest of its prize once', () => {
    // Prize 1,000, stake 500, fee 20: a late win is owed 480 on top of the 520 refund.
    const row = (signature: string, state: string, result: string, claimSignature: string | null) => ({
      signature,
      type: 'sol',
      state,
      result,
      listingPrice: 1_000n,
      amount: 500n,
      fee: 20n,
      claimSignature,
    });
    const signatures = ['paid-by-reveal', 'paid-by-claim', 'lost-late', 'unpaid', 'twice', 'short'];
    const indexed = empty();
    for (const signature of signatures) indexed.tailspin.add(signature);
    const refund = (signature: string) => ({
      signature: `r-${signature}`,
      received: 520n,
      by: 'refund_bet' as const,
      caller: 'player1111111',
      betSignature: signature,
    });
    const rolled = (signature: string) => ({
      createSignature: signature,
      createSlot: 1n,
      reveal: { signature: `v-${signature}`, slot: 700n, outcome: 'settled-after-refund' as const },
    });
    const result = reconcile(
      input({
        confirmed: signatures.map((signature) => bet('tailspin', signature)),
        indexed,
        wager: [
          {
            player: 'player1111111',
            rows: [
              // The reveal paid it (its claim signature is the reveal's).
              row('paid-by-reveal', 'Claimed', 'Win', 'v-paid-by-reveal'),
              // The wallet could not take it at the reveal: claim_bet paid it later.
              row('paid-by-claim', 'Claimed', 'Win', 'c-late'),
              // A loss: the refund only.
              row('lost-late', 'Refunded', 'Loss', null),
              row('unpaid', 'Settled', 'Win', null),
              row('twice', 'Claimed', 'Win', 'c-twice'),
              row('short', 'Claimed', 'Win', 'v-short'),
            ],
            claims: [
              { signature: 'c-late', received: 480n },
              { signature: 'c-twice', received: 480n },
            ],
            refunds: signatures.map(refund),
            lateWins: [
              { signature: 'v-paid-by-reveal', received: 480n, betSignature: 'paid-by-reveal' },
              { signature: 'v-twice', received: 480n, betSignature: 'twice' },
              { signature: 'v-short', received: 479n, betSignature: 'short' },
            ],
            bets: signatures.map(rolled),
          },
        ],
      }),
    );
    // Six refunds paid; of five late wins, two paid exactly once.
    expect(result.byGame.tailspin).toEqual({ confirmed: 6, indexed: 6, settled: 6, owed: 11, paid: 8 });
    expect(result.lost).toEqual([
      'tailspin late win unpaid…: not paid (state Settled)',
      'tailspin late win short…: paid 479 lamports, owed 480',
    ]);
    expect(result.paidTwice).toEqual(['tailspin late win twice…: paid 2 times']);
  });

  it('calls a bet refunded twice paid twice', () => {
    const result = reconcile(
      input({
        confirmed: [bet('retail', 'x')],
        wager: [
          {
            player: 'player1111111',
            rows: [
              {
                signature: 'x',
                type: 'nft',
                state: 'Refunded',
                result: 'Invalid',
                listingPrice: 9n,
                amount: 5n,
                fee: 0n,
                claimSignature: null,
              },
            ],
            claims: [],
            refunds: [
              { signature: 'a', received: 5n, by: 'refund_bet', caller: 'p', betSignature: 'x' },
              { signature: 'b', received: 5n, by: 'reveal_bet', caller: 's', betSignature: 'x' },
            ],
          },
        ],
      }),
    );
    expect(result.paidTwice.join('\n')).toMatch(/refunded 2 times/);
  });

  it('checks each referral vault: credited by the settled bets = claimed + held', () => {
    const rows: WagerRow[] = [
      // Settled bets credit 10% of their fee; a refunded one credits nothing.
      {
        signature: 'a',
        type: 'sol',
        state: 'Claimed',
        result: 'Win',
        listingPrice: 1n,
        fee: 40_000n,
        referral: 'ref1',
        claimSignature: null,
      },
      {
        signature: 'b',
        type: 'sol',
        state: 'Settled',
        result: 'Loss',
        listingPrice: 1n,
        fee: 4_001n,
        referral: 'ref1',
        claimSignature: null,
      },
      {
        signature: 'c',
        type: 'sol',
        state: 'Refunded',
        result: 'Invalid',
        listingPrice: 1n,
        fee: 9_999n,
        referral: 'ref1',
        claimSignature: null,
      },
      {
        signature: 'd',
        type: 'sol',
        state: 'Settled',
        result: 'Loss',
        listingPrice: 1n,
        fee: 1_000n,
        referral: 'ref2',
        claimSignature: null,
      },
    ];
    const ok = reconcile(
      input({
        wager: [{ player: 'p', rows, claims: [] }],
        referrals: [
          { referrer: 'ref1', claimed: 4_000n, held: 400n },
          { referrer: 'ref2', claimed: 0n, held: 100n },
        ],
      }),
    );
    expect(ok.lost).toEqual([]);
    const off = reconcile(
      input({
        wager: [{ player: 'p', rows, claims: [] }],
        referrals: [{ referrer: 'ref2', claimed: 100n, held: 100n }],
      }),
    );
    expect(off.lost).toEqual(['referral vault of ref2…: credited 100, claimed 100 + held 100']);
  });
});

describe('recordLives', () => {
  it('pairs reveals and refunds with the bet the record held, in the chain order', () => {
    const events: RecordEvent[] = [
      { kind: 'create', signature: 'b1', slot: 10n },
      { kind: 'reveal', signature: 'v1', slot: 12n, outcome: 'settled', received: 0n, caller: 'settler' },
      { kind: 'claim', signature: 'c1', slot: 13n, received: 50n },
      { kind: 'create', signature: 'b2', slot: 20n },
      { kind: 'refund', signature: 'r2', slot: 330n, received: 104n, caller: 'player' },
      {
        kind: 'reveal',
        signature: 'v2',
        slot: 340n,
        outcome: 'refunded-earlier',
        received: 0n,
        caller: 'settler',
      },
      { kind: 'create', signature: 'b3', slot: 400n },
      {
        kind: 'reveal',
        signature: 'v3',
        slot: 1_000n,
        outcome: 'refunded-expired',
        received: 104n,
        caller: 'settler',
      },
      // Refunded with its slot hash captured, then rolled: the reveal paid the rest of the win.
      { kind: 'create', signature: 'b4', slot: 1_100n },
      { kind: 'refund', signature: 'r4', slot: 1_400n, received: 104n, caller: 'keeper' },
      {
        kind: 'reveal',
        signature: 'v4',
        slot: 1_450n,
        outcome: 'settled-after-refund',
        received: 96n,
        caller: 'settler',
      },
      // The same, lost: the reveal paid nothing.
      { kind: 'create', signature: 'b5', slot: 1_500n },
      { kind: 'refund', signature: 'r5', slot: 1_800n, received: 104n, caller: 'player' },
      {
        kind: 'reveal',
        signature: 'v5',
        slot: 1_850n,
        outcome: 'settled-after-refund',
        received: 0n,
        caller: 'settler',
      },
    ];
    const lives = recordLives(events);
    expect(lives.bets).toEqual([
      { createSignature: 'b1', createSlot: 10n, reveal: { signature: 'v1', slot: 12n, outcome: 'settled' } },
      {
        createSignature: 'b2',
        createSlot: 20n,
        reveal: { signature: 'v2', slot: 340n, outcome: 'refunded-earlier' },
      },
      {
        createSignature: 'b3',
        createSlot: 400n,
        reveal: { signature: 'v3', slot: 1_000n, outcome: 'refunded-expired' },
      },
      {
        createSignature: 'b4',
        createSlot: 1_100n,
        reveal: { signature: 'v4', slot: 1_450n, outcome: 'settled-after-refund' },
      },
      {
        createSignature: 'b5',
        createSlot: 1_500n,
        reveal: { signature: 'v5', slot: 1_850n, outcome: 'settled-after-refund' },
      },
    ]);
    expect(lives.refunds).toEqual([
      { signature: 'r2', received: 104n, by: 'refund_bet', caller: 'player', betSignature: 'b2' },
      { signature: 'v3', received: 104n, by: 'reveal_bet', caller: 'settler', betSignature: 'b3' },
      { signature: 'r4', received: 104n, by: 'refund_bet', caller: 'keeper', betSignature: 'b4' },
      { signature: 'r5', received: 104n, by: 'refund_bet', caller: 'player', betSignature: 'b5' },
    ]);
    // The late win the reveal paid is that bet's payout, not a claim.
    expect(lives.lateWins).toEqual([{ signature: 'v4', received: 96n, betSignature: 'b4' }]);
    expect(lives.claims).toEqual([{ signature: 'c1', received: 50n }]);
  });
});

describe('revealStats', () => {
  it('counts reveals, refunds and rolls after a refund of the soak bets, and the reveal latency in slots', () => {
    const stats = revealStats(
      [
        {
          player: 'p1',
          rows: [],
          claims: [],
          bets: [
            {
              createSignature: 'a',
              createSlot: 10n,
              reveal: { signature: 'v', slot: 12n, outcome: 'settled' },
            },
            {
              createSignature: 'b',
              createSlot: 20n,
              reveal: { signature: 'w', slot: 25n, outcome: 'settled' },
            },
            {
              createSignature: 'c',
              createSlot: 30n,
              reveal: { signature: 'x', slot: 600n, outcome: 'refunded-expired' },
            },
            {
              createSignature: 'f',
              createSlot: 40n,
              reveal: { signature: 'z', slot: 400n, outcome: 'settled-after-refund' },
            },
            {
              createSignature: 'other',
              createSlot: 1n,
              reveal: { signature: 'y', slot: 900n, outcome: 'settled' },
            },
          ],
          refunds: [
            { signature: 'x', received: 1n, by: 'reveal_bet', caller: 'settler', betSignature: 'c' },
            { signature: 'r', received: 1n, by: 'refund_bet', caller: 'p1', betSignature: 'd' },
            { signature: 's', received: 1n, by: 'refund_bet', caller: 'keeper', betSignature: 'e' },
            { signature: 't', received: 1n, by: 'refund_bet', caller: 'p1', betSignature: 'f' },
          ],
          lateWins: [{ signature: 'z', received: 3n, betSignature: 'f' }],
        },
      ],
      ['a', 'b', 'c', 'd', 'e', 'f'].map((signature) => bet('tailspin', signature)),
    );
    // The bet rolled after its refund counts apart from the reveals' latency.
    expect(stats).toEqual({
      revealed: 2,
      afterRefund: { rolled: 1, lateWinsPaid: 1 },
      refunded: { total: 4, byPlayer: 2, byOthers: 1, byExpiredReveal: 1 },
      latencySlots: { p50: 2, p95: 5, max: 5 },
    });
  });
});
