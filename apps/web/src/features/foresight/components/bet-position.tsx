import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import { foresightPayout } from '@arcade/sdk/payout';

import { Button } from '../../../components/ui/button.tsx';
import { formatExactSol, formatSol } from '../../../lib/format.ts';
import type { ClaimKind } from '../api/bet-instructions.ts';
import type { PlayerBet } from '../api/get-user-bets.ts';
import {
  betOutcome,
  isRoundExpired,
  potentialPayout,
  sideLabel,
  sideOf,
  type BetOutcome,
} from '../utils/round-view.ts';

/** What a won bet is paid (the program's formula), or null if the round cannot pay it. */
function winnings(round: UpDownEvent, bet: PlayerBet): bigint | null {
  const side = sideOf(bet.prediction);
  if (side === null) return null;
  try {
    return foresightPayout(bet.amount, round.upPool, round.downPool, side);
  } catch {
    return null;
  }
}

const TONE: Record<BetOutcome, string> = {
  open: 'border-edge bg-white/5',
  settle: 'border-win/50 bg-win/10',
  paid: 'border-win/30 bg-win/5',
  withdraw: 'border-info/50 bg-info/10',
  refunded: 'border-edge bg-white/5',
  lost: 'border-loss/30 bg-loss/5',
};

/**
 * The player's bet on a round card: side, stake and what it may pay while the round runs; once settled,
 * the result and the action it needs, **Collect** for a win (`settle_bet`) or **Withdraw** for an invalid
 * round (`withdraw_bet`, no fee). A round still unsettled `FORESIGHT_SETTLE_BUFFER_SECS` after its settle
 * time is Invalid too: **Withdraw** ends it and refunds the bet. Either also closes the bet's account,
 * which gives its deposit back.
 */
export function BetPosition({
  round,
  bet,
  pending,
  canSend,
  onClaim,
  nowMs,
}: {
  readonly round: UpDownEvent;
  /** The page's clock: an unsettled round expires at its settle time plus the buffer (never, without it). */
  readonly nowMs?: number;
  readonly bet: PlayerBet;
  /** A claim of this bet is being sent. */
  readonly pending: boolean;
  /** Whether the wallet can send. */
  readonly canSend: boolean;
  readonly onClaim: (kind: ClaimKind) => void;
}) {
  const outcome = betOutcome(round, bet, nowMs);
  const expired = nowMs !== undefined && isRoundExpired(round, nowMs);
  const side = sideOf(bet.prediction);
  const sideText = side === null ? '' : sideLabel(side);
  const won = winnings(round, bet);
  const potential = potentialPayout(round, bet);

  let detail: string;
  switch (outcome) {
    case 'open':
      detail =
        potential === null
          ? `Refunded if nobody takes ${side === 'up' ? 'Down' : 'Up'}`
          : `Pays ≈ ${formatSol(potential)} if ${sideText} wins`;
      break;
    case 'settle':
      detail = `You won ${won === null ? '' : formatSol(won)}`.trim();
      break;
    case 'paid':
      detail = `Paid ${won === null ? '' : formatSol(won)}`.trim();
      break;
    case 'withdraw':
      detail = expired
        ? `Round not settled in time: withdraw ${formatSol(bet.amount)}, no fee`
        : `Round invalid: withdraw ${formatSol(bet.amount)}, no fee`;
      break;
    case 'refunded':
      detail = `Refunded ${formatSol(bet.amount)}`;
      break;
    case 'lost':
      detail = `Lost ${formatSol(bet.amount)}`;
      break;
  }

  return (
    <div
      className={`grid gap-2 rounded-xl border px-3 py-2.5 text-sm ${TONE[outcome]}`}
      data-outcome={outcome}
      data-closed={bet.closed ? '' : undefined}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-ink-dim">
          Your bet{' '}
          <span className={`font-bold ${side === 'up' ? 'text-win' : 'text-loss'}`}>
            {side === 'up' ? '▲' : '▼'} {sideText}
          </span>
        </p>
        <p className="font-display font-bold text-ink tabular">{formatSol(bet.amount)}</p>
      </div>
      <p
        className={`text-xs font-semibold ${
          outcome === 'settle' || outcome === 'paid'
            ? 'text-win'
            : outcome === 'lost'
              ? 'text-loss'
              : outcome === 'withdraw'
                ? 'text-info'
                : 'text-ink-dim'
        }`}
      >
        {detail}
      </p>
      {outcome === 'settle' && (
        <Button
          variant="up"
          size="sm"
          pending={pending}
          disabled={!canSend}
          onClick={() => {
            onClaim('settle');
          }}
        >
          Collect {won === null ? '' : formatSol(won)}
        </Button>
      )}
      {outcome === 'withdraw' && (
        <Button
          variant="secondary"
          size="sm"
          pending={pending}
          disabled={!canSend}
          onClick={() => {
            onClaim('withdraw');
          }}
        >
          Withdraw {formatSol(bet.amount)}
        </Button>
      )}
      {(outcome === 'settle' || outcome === 'withdraw') && bet.deposit > 0n && (
        <p className="text-[11px] text-ink-faint">
          Your {formatExactSol(bet.deposit)} bet deposit comes back with it.
        </p>
      )}
    </div>
  );
}
