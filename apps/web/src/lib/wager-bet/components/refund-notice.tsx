import type { BetAccount } from '@arcade/sdk/wager/accounts';
import { lateWinAmount } from '@arcade/sdk/wager/bet-math';

import { Button } from '../../../components/ui/button.tsx';
import { formatExactSol, formatSol } from '../../format.ts';
import { useNow } from '../../use-now.ts';
import { useRefundBet } from '../hooks/use-refund-bet.ts';
import { REFUND_EXPLANATION, REFUND_EXPLANATION_LATE, refundHurryText } from '../utils/bet-errors.ts';
import { captureSecondsLeft, isRefundDue, refundAmount } from '../utils/refund.ts';

/** Props of {@link RefundNotice}. */
export interface RefundNoticeProps {
  /** The wallet's bet record (nothing shows unless it is open and overdue). */
  readonly bet: BetAccount | null;
  /** The refund landed. */
  readonly onRefunded?: () => void;
}

/**
 * "Refund", once the wallet's open bet has waited `BET_REFUND_DELAY_SECS` for its roll: why, what a refund
 * gives back now (stake and fee) and what it keeps (a win, paid when the roll is revealed), the seconds
 * left to keep the result (a refund captures the bet's slot hash only for about 80 s after the deadline),
 * and the button that sends `refund_bet`. Nothing before the deadline (the roll may still come), and
 * nothing is sent without the player's click.
 */
export function RefundNotice({ bet, onRefunded }: RefundNoticeProps) {
  const now = useNow(1_000);
  const { refund, isPending, canSend } = useRefundBet();
  if (bet === null || !isRefundDue(bet, now)) return null;
  // Only a bet made with create_bet has a slot hash to capture; an off-chain bet's refund is a plain one.
  const secondsLeft = bet.offChain ? 0 : captureSecondsLeft(bet, now);
  const keeps = secondsLeft > 0;
  const back = refundAmount(bet);
  return (
    <div
      role="region"
      aria-label="Refund your bet"
      className="grid gap-2 rounded-xl border border-juice/40 bg-juice/10 p-3 text-sm"
    >
      <p className="text-ink">{keeps ? REFUND_EXPLANATION : REFUND_EXPLANATION_LATE}</p>
      <dl className="grid gap-1 text-xs">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="text-ink-dim">Back now (stake and fee)</dt>
          <dd className="tabular font-semibold text-ink">{formatExactSol(back)}</dd>
        </div>
        {keeps && (
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-ink-dim">If the roll wins, paid then</dt>
            <dd className="tabular font-semibold text-win">
              +{formatExactSol(lateWinAmount({ prize: bet.listingPrice, stake: bet.betAmount }))}
            </dd>
          </div>
        )}
      </dl>
      {keeps && (
        <p className="tabular font-semibold text-juice" aria-live="off">
          {refundHurryText(secondsLeft)}
        </p>
      )}
      <Button
        variant="secondary"
        size="md"
        pending={isPending}
        disabled={!canSend}
        onClick={() => {
          refund().then(
            () => onRefunded?.(),
            () => undefined, // the toasts said why
          );
        }}
      >
        Refund {formatSol(back)}
      </Button>
    </div>
  );
}
