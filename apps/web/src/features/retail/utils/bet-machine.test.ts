import { BetResult, BetState, BetType, type BetAccount } from '@arcade/sdk/wager/accounts';
import { address, type Signature } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { BetOutcome } from '../../../lib/wager-bet/hooks/use-bet-outcome.ts';
import type { PlacedBet } from '../../../lib/wager-bet/utils/bet-outcome.ts';
import {
  clawPhaseOf,
  INITIAL_BET_STATE,
  retailBetReducer,
  type RetailBetEvent,
  type RetailBetState,
} from './bet-machine.ts';

const USER = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
const MINT = address('9f9FJdVNjroRcddtxq3LDjT2fer3m9qQAoXeyREcSuZn');
const PLACED: PlacedBet = { signature: 'sig-bet' as Signature, placedAt: 1_790_000_000, user: USER };

function bet(result: BetResult): BetAccount {
  return {
    user: USER,
    mint: MINT,
    switchboardRequest: USER,
    odds: 95,
    betAmount: 771_400_000n,
    listingPrice: 812_000_000n,
    timestamp: 1_790_000_005n,
    state: BetState.Settled,
    result,
    betType: BetType.Nft,
    referral: null,
    offChain: false,
    sequence: 7n,
    slot: 1_000n,
    slotHash: new Uint8Array(32),
  };
}

const WIN: BetOutcome = {
  status: 'win',
  bet: bet(BetResult.Win),
  randomValue: 3,
  rollSource: 'chain',
  settleSignature: 's',
};
const LOSS: BetOutcome = {
  status: 'loss',
  bet: bet(BetResult.Loss),
  randomValue: 97,
  rollSource: 'chain',
  settleSignature: 's',
};

function run(events: readonly RetailBetEvent[], from: RetailBetState = INITIAL_BET_STATE): RetailBetState {
  return events.reduce(retailBetReducer, from);
}

describe('the ReTail play', () => {
  it('bets, draws, reveals a win with the claw, and claims the NFT', () => {
    const steps: string[] = [];
    let state = INITIAL_BET_STATE;
    for (const event of [
      { type: 'place' },
      { type: 'placed', placed: PLACED },
      { type: 'outcome', outcome: { status: 'waiting' } },
      { type: 'outcome', outcome: WIN },
      { type: 'revealed' },
      { type: 'claim', how: 'nft' },
      { type: 'claimed', signature: 'sig-claim' as Signature },
    ] satisfies RetailBetEvent[]) {
      state = retailBetReducer(state, event);
      steps.push(`${state.step}/${clawPhaseOf(state)}`);
    }
    expect(steps).toEqual([
      'placing/idle',
      'waiting/waiting',
      'waiting/waiting',
      'revealing/win',
      'won/win',
      'claiming/win',
      'claimed/win',
    ]);
    expect(state).toMatchObject({ step: 'claimed', how: 'nft', signature: 'sig-claim' });
  });

  it('drops the NFT on a loss and offers another go', () => {
    const lost = run([
      { type: 'place' },
      { type: 'placed', placed: PLACED },
      { type: 'outcome', outcome: LOSS },
    ]);
    expect(lost).toMatchObject({ step: 'revealing', result: 'loss' });
    expect(clawPhaseOf(lost)).toBe('loss');
    const after = retailBetReducer(lost, { type: 'revealed' });
    expect(after.step).toBe('lost');
    expect(retailBetReducer(after, { type: 'reset' })).toEqual(INITIAL_BET_STATE);
    // A new bet may start straight from the loss, too.
    expect(retailBetReducer(after, { type: 'place' })).toEqual({ step: 'placing' });
  });

  it('keeps a failed claim claimable, with its error, and lets the player claim as SOL', () => {
    const won = run([
      { type: 'place' },
      { type: 'placed', placed: PLACED },
      { type: 'outcome', outcome: WIN },
      { type: 'revealed' },
    ]);
    const error = new Error('Invalid Transaction');
    const failed = run(
      [
        { type: 'claim', how: 'nft' },
        { type: 'claimFailed', error },
      ],
      won,
    );
    expect(failed).toMatchObject({ step: 'won', claimError: error });
    const claimed = run(
      [
        { type: 'claim', how: 'sol' },
        { type: 'claimed', signature: 'sig' as Signature },
      ],
      failed,
    );
    expect(claimed).toMatchObject({ step: 'claimed', how: 'sol' });
  });

  it('sets the claw going the moment the signed bet is sent, and goes back to the odds if it never lands', () => {
    const sent = run([{ type: 'place' }, { type: 'sent', placed: PLACED }]);
    expect(sent).toEqual({ step: 'waiting', placed: PLACED });
    expect(clawPhaseOf(sent)).toBe('waiting');
    // Its confirmation keeps the same state: the result watch started at the send goes on.
    expect(retailBetReducer(sent, { type: 'placed', placed: PLACED })).toBe(sent);
    // Refused, or failed on chain, after it was sent: back to the odds with the reason.
    const error = new Error('Transaction failed');
    expect(retailBetReducer(sent, { type: 'placeFailed', error })).toEqual({ step: 'idle', error });
    // A result that came first proved it landed: a late failure cannot undo it.
    const revealing = retailBetReducer(sent, { type: 'outcome', outcome: WIN });
    expect(retailBetReducer(revealing, { type: 'placeFailed', error })).toBe(revealing);
  });

  it('times out, fails back to the odds with the error, and offers an earlier win first', () => {
    const waiting = run([{ type: 'place' }, { type: 'placed', placed: PLACED }]);
    expect(retailBetReducer(waiting, { type: 'outcome', outcome: { status: 'timeout' } }).step).toBe(
      'timeout',
    );
    const error = new Error('refunded');
    expect(retailBetReducer(waiting, { type: 'outcome', outcome: { status: 'error', error } })).toEqual({
      step: 'idle',
      error,
    });
    // A refund (the player's, or found by the poll) goes back to the odds; the panel reads the record.
    expect(retailBetReducer(waiting, { type: 'refunded' })).toEqual(INITIAL_BET_STATE);
    expect(
      retailBetReducer(waiting, {
        type: 'outcome',
        outcome: { status: 'refunded', bet: { ...WIN.bet, state: BetState.Refunded } },
      }),
    ).toEqual(INITIAL_BET_STATE);
    const rejected = run([{ type: 'place' }, { type: 'placeFailed', error }]);
    expect(rejected).toEqual({ step: 'idle', error });
    const pending = retailBetReducer(INITIAL_BET_STATE, { type: 'pendingWin', bet: WIN.bet });
    expect(pending).toMatchObject({ step: 'won', placed: null });
    // An earlier win stays in the machine until it is claimed.
    expect(clawPhaseOf(pending)).toBe('idle');
    // It cannot be bypassed: no new bet while it waits to be claimed.
    expect(retailBetReducer(pending, { type: 'place' })).toBe(pending);
  });

  const outcomeArb = fc.constantFrom<BetOutcome>(
    { status: 'waiting' },
    WIN,
    LOSS,
    { status: 'timeout' },
    { status: 'error', error: new Error('x') },
  );
  const eventArb: fc.Arbitrary<RetailBetEvent> = fc.oneof(
    fc.constant({ type: 'place' } as const),
    fc.constant({ type: 'sent', placed: PLACED } as const),
    fc.constant({ type: 'placed', placed: PLACED } as const),
    fc.constant({ type: 'placeFailed', error: new Error('no') } as const),
    outcomeArb.map((outcome) => ({ type: 'outcome', outcome }) as const),
    fc.constant({ type: 'revealed' } as const),
    fc.constant({ type: 'pendingWin', bet: WIN.bet } as const),
    fc.constantFrom('nft', 'sol').map((how) => ({ type: 'claim', how }) as const),
    fc.constant({ type: 'claimed', signature: 'sig' as Signature } as const),
    fc.constant({ type: 'claimFailed', error: new Error('no') } as const),
    fc.constant({ type: 'reset' } as const),
  );

  it('only ever claims a win, claims it at most once, and never reveals a result it was not given', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        let state = INITIAL_BET_STATE;
        let claims = 0;
        for (const event of events) {
          const next = retailBetReducer(state, event);
          if (next.step === 'claiming' && state.step !== 'claiming') {
            // A claim starts only from a win, of a bet whose result is Win.
            expect(state.step).toBe('won');
            if (state.step === 'won') expect(state.bet.result).toBe(BetResult.Win);
            claims += 1;
          }
          if (next.step === 'claimed') expect(['claiming', 'claimed']).toContain(state.step);
          if (next.step === 'revealing' && state.step !== 'revealing') {
            expect(event.type).toBe('outcome');
            expect(state.step).toBe('waiting');
          }
          if (next.step === 'lost') expect(next.bet.result).toBe(BetResult.Loss);
          if (next.step === 'won') expect(next.bet.result).toBe(BetResult.Win);
          // A bet in flight is never dropped by a stray event: only its result, or its send failing.
          if (state.step === 'waiting' && next.step !== 'waiting') {
            expect(['outcome', 'placeFailed']).toContain(event.type);
          }
          if (state.step === 'placing' && next.step !== 'placing') {
            expect(['sent', 'placed', 'placeFailed']).toContain(event.type);
          }
          // Its confirmation after the send changes nothing: the result watch goes on.
          if (state.step === 'waiting' && (event.type === 'placed' || event.type === 'sent')) {
            expect(next).toBe(state);
          }
          if (next.step === 'idle' && state.step === 'claimed') expect(event.type).toBe('reset');
          state = next;
        }
        // Each claim ended (claimed or failed) before the next could start.
        expect(claims).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
