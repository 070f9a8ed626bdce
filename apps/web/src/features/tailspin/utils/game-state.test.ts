import { BetResult, BetState, BetType, type BetAccount } from '@arcade/sdk/wager/accounts';
import { address, type Signature } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { BetOutcome } from '../../../lib/wager-bet/hooks/use-bet-outcome.ts';
import type { PlacedBet } from '../../../lib/wager-bet/utils/bet-outcome.ts';
import { gameReducer, IDLE, type BetTicket, type GameEvent, type GamePhase } from './game-state.ts';

const KEY = address('11111111111111111111111111111111');
const ticket: BetTicket = {
  odds: 40,
  prize: 1_000_000_000n,
  stake: 400_000_000n,
  fee: 16_000_000n,
  symbol: 'SOL',
  mint: 'So11111111111111111111111111111111111111112',
  betType: 'sol',
};
const placed: PlacedBet = { signature: 'sig' as Signature, placedAt: 1, previousTimestamp: null };
const bet: BetAccount = {
  user: KEY,
  mint: KEY,
  switchboardRequest: KEY,
  odds: 40,
  betAmount: 1n,
  listingPrice: 2n,
  timestamp: 3n,
  state: BetState.Settled,
  result: BetResult.Win,
  betType: BetType.Sol,
  referral: null,
  offChain: false,
  sequence: 7n,
  slot: 1_000n,
  slotHash: new Uint8Array(32),
};

function run(events: readonly GameEvent[], from: GamePhase = IDLE): GamePhase {
  return events.reduce(gameReducer, from);
}

describe('gameReducer', () => {
  it('plays a win: idle → placing → waiting → landing → won → claimed → idle', () => {
    const win: BetOutcome = {
      status: 'win',
      bet,
      randomValue: 12,
      rollSource: 'chain',
      settleSignature: 's',
    };
    let phase = run([{ type: 'place', ticket }]);
    expect(phase.kind).toBe('placing');
    phase = run([{ type: 'placed', placed }], phase);
    expect(phase).toEqual({ kind: 'waiting', ticket, placed });
    phase = run([{ type: 'outcome', outcome: { status: 'waiting' } }], phase);
    expect(phase.kind).toBe('waiting');
    phase = run([{ type: 'outcome', outcome: win }], phase);
    expect(phase).toEqual({
      kind: 'landing',
      ticket,
      result: 'win',
      roll: 12,
      rollOnChain: true,
      signature: 'sig',
    });
    phase = run([{ type: 'landed' }], phase);
    expect(phase).toEqual({ kind: 'won', ticket, roll: 12, rollOnChain: true, signature: 'sig' });
    phase = run([{ type: 'claimed', ticket, received: '1.0 SOL' }], phase);
    expect(phase).toEqual({ kind: 'claimed', ticket, received: '1.0 SOL' });
    expect(run([{ type: 'reset' }], phase)).toBe(IDLE);
  });

  it('claims the rest of a prize won after a refund from the refunded screen', () => {
    const refunded = run([{ type: 'place', ticket }, { type: 'placed', placed }, { type: 'refunded' }]);
    expect(refunded).toEqual({ kind: 'refunded', ticket, signature: 'sig' });
    const owed = { ...ticket, prize: 584_000_000n };
    expect(
      run([{ type: 'claimed', ticket: owed, received: '0.58 SOL', afterRefund: true }], refunded),
    ).toEqual({
      kind: 'claimed',
      ticket: owed,
      received: '0.58 SOL',
      afterRefund: true,
    });
  });

  it('plays a loss, a timeout that keeps waiting, a refund and a failed placement', () => {
    const waiting = run([
      { type: 'place', ticket },
      { type: 'placed', placed },
    ]);
    expect(
      run(
        [
          {
            type: 'outcome',
            outcome: { status: 'loss', bet, randomValue: 77, rollSource: 'chain', settleSignature: null },
          },
          { type: 'landed' },
        ],
        waiting,
      ),
    ).toEqual({ kind: 'lost', ticket, roll: 77, rollOnChain: true, signature: 'sig' });
    const timedOut = run([{ type: 'outcome', outcome: { status: 'timeout' } }], waiting);
    expect(timedOut).toEqual({ kind: 'timeout', ticket, placed });
    const again = run([{ type: 'keepWaiting' }], timedOut);
    expect(again.kind).toBe('waiting');
    // A new object, so the result poll starts over for the same bet.
    expect(again.kind === 'waiting' && again.placed).not.toBe(placed);
    expect(again.kind === 'waiting' && again.placed).toEqual(placed);
    const error = new Error('refunded');
    expect(run([{ type: 'outcome', outcome: { status: 'error', error } }], waiting)).toEqual({
      kind: 'failed',
      ticket,
      error,
    });
    expect(run([{ type: 'place', ticket }, { type: 'placeFailed' }])).toBe(IDLE);
  });

  it('spins from the moment the signed bet is sent, and goes back to the form if it never lands', () => {
    const sent = run([
      { type: 'place', ticket },
      { type: 'sent', placed },
    ]);
    expect(sent).toEqual({ kind: 'waiting', ticket, placed });
    // Its confirmation keeps the same phase: the result watch started at the send goes on.
    expect(run([{ type: 'placed', placed }], sent)).toBe(sent);
    // Refused, or failed on chain, after it was sent: back to the form (the error shows there).
    expect(run([{ type: 'placeFailed' }], sent)).toBe(IDLE);
    // A result that came first proved it landed: a late failure cannot undo it.
    const landing = run(
      [
        {
          type: 'outcome',
          outcome: { status: 'win', bet, randomValue: 3, rollSource: 'chain', settleSignature: null },
        },
      ],
      sent,
    );
    expect(run([{ type: 'placeFailed' }], landing)).toBe(landing);
    // A bet resumed after a reload is not being placed here: nothing fails it.
    const resumed = run([{ type: 'resume', ticket, placed: { ...placed, signature: '' as Signature } }]);
    expect(run([{ type: 'placeFailed' }], resumed)).toBe(resumed);
  });

  it('shows a refund, by the player or found by the poll, as refunded (its record says what it kept)', () => {
    const waiting = run([
      { type: 'place', ticket },
      { type: 'placed', placed },
    ]);
    const refunded: GamePhase = { kind: 'refunded', ticket, signature: 'sig' };
    expect(run([{ type: 'refunded' }], waiting)).toEqual(refunded);
    expect(run([{ type: 'outcome', outcome: { status: 'timeout' } }, { type: 'refunded' }], waiting)).toEqual(
      refunded,
    );
    const refundedBet = { ...bet, state: BetState.Refunded, result: BetResult.Invalid };
    expect(run([{ type: 'outcome', outcome: { status: 'refunded', bet: refundedBet } }], waiting)).toEqual(
      refunded,
    );
    // A bet resumed after a reload has no signature here: no link to the fairness page then.
    const resumed = run([{ type: 'resume', ticket, placed: { ...placed, signature: '' as Signature } }]);
    expect(run([{ type: 'refunded' }], resumed)).toEqual({ kind: 'refunded', ticket, signature: null });
    // Another go from there.
    expect(run([{ type: 'reset' }], refunded)).toBe(IDLE);
    // Nothing to refund once the result is in.
    const lost = run(
      [
        {
          type: 'outcome',
          outcome: { status: 'loss', bet, randomValue: 77, rollSource: 'chain', settleSignature: null },
        },
        { type: 'landed' },
      ],
      waiting,
    );
    expect(run([{ type: 'refunded' }], lost)).toBe(lost);
  });

  it('never leaves a bet in play by a reset, and ignores events that do not apply', () => {
    const events = fc.oneof(
      fc.constant<GameEvent>({ type: 'place', ticket }),
      fc.constant<GameEvent>({ type: 'placed', placed }),
      fc.constant<GameEvent>({ type: 'placeFailed' }),
      fc.constant<GameEvent>({ type: 'resume', ticket, placed }),
      fc.constant<GameEvent>({
        type: 'outcome',
        outcome: { status: 'win', bet, randomValue: 1, rollSource: 'chain', settleSignature: null },
      }),
      fc.constant<GameEvent>({
        type: 'outcome',
        outcome: { status: 'loss', bet, randomValue: 90, rollSource: 'chain', settleSignature: null },
      }),
      fc.constant<GameEvent>({ type: 'outcome', outcome: { status: 'timeout' } }),
      fc.constant<GameEvent>({ type: 'landed' }),
      fc.constant<GameEvent>({ type: 'keepWaiting' }),
      fc.constant<GameEvent>({ type: 'reset' }),
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 40 }), (sequence) => {
        let phase: GamePhase = IDLE;
        for (const event of sequence) {
          const next = gameReducer(phase, event);
          // A bet that is being placed, waited for or landing survives a reset.
          if (event.type === 'reset' && ['placing', 'waiting', 'landing'].includes(phase.kind)) {
            expect(next).toBe(phase);
          }
          // A result only ever follows a landing; a landing only follows waiting.
          if ((next.kind === 'won' || next.kind === 'lost') && next !== phase)
            expect(phase.kind).toBe('landing');
          if (next.kind === 'landing' && next !== phase) expect(phase.kind).toBe('waiting');
          phase = next;
        }
      }),
    );
  });
});
