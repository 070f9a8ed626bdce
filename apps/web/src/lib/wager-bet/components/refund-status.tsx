import type { BetAccount } from '@arcade/sdk/wager/accounts';
import { useQuery } from '@tanstack/react-query';

import { useWallet } from '../../wallet/wallet-context.tsx';
import { betRecordAddress } from '../api/get-bet-record.ts';
import { getRevealRoll } from '../api/get-reveal-roll.ts';
import { refundStatusDetail, refundStatusOf, refundStatusTitle, type RefundStatus } from '../utils/refund.ts';
import { RollCheck } from './roll-check.tsx';

/** What the panel says while the record has not caught up with the refund yet (it reads Open a moment). */
export const REFUNDED_JUST_NOW = 'Refunded: your stake and fee are back in your wallet.';

const TONE: Readonly<Record<RefundStatus['kind'], string>> = {
  pending: 'border-juice/40 bg-juice/10',
  won: 'border-win/40 bg-win/10',
  owed: 'border-win/40 bg-win/10',
  lost: 'border-edge bg-white/5',
  void: 'border-edge bg-white/5',
};

/** Whether the refund's bet was rolled (after the refund). */
function isRolled(status: RefundStatus): boolean {
  return status.kind === 'won' || status.kind === 'owed' || status.kind === 'lost';
}

/** The roll of a bet rolled after its refund, read from its reveal transaction on chain. */
function useLateRoll(bet: BetAccount | null, status: RefundStatus | null) {
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const rolled = status !== null && isRolled(status);
  const query = useQuery({
    queryKey: ['wager-bet', 'late-roll', user, bet?.sequence.toString() ?? null] as const,
    queryFn: async ({ signal }) => getRevealRoll(await betRecordAddress(user!), bet!.sequence, signal),
    enabled: rolled && user !== null && bet !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return rolled ? (query.data?.roll ?? null) : null;
}

/** Props of {@link RefundStatusView}. */
export interface RefundStatusProps {
  /** The wallet's bet record, live: its last bet's refund is shown (nothing when it was no refund). */
  readonly bet: BetAccount | null;
  /** The bet's creating transaction, for the link to the fairness page; null when unknown. */
  readonly signature?: string | null;
  /** `panel`: the result screen after a refund; `note`: a line by the bet form about the last bet. */
  readonly variant?: 'panel' | 'note';
  /** The panel's text while the record does not show the refund yet; nothing when absent. */
  readonly fallback?: string;
}

/**
 * A refunded bet's standing, from the live bet record: waiting for its roll (a win will pay the rest of
 * the prize), "Refunded, then won: +X SOL paid" (or "X SOL to claim" when the wallet could not take it),
 * "Refunded (the roll lost)", or "Refunded: the roll could not be revealed in time". It follows the
 * record, so a late reveal shows the moment it lands; a rolled one links its roll to the fairness page.
 */
export function RefundStatusView({ bet, signature = null, variant = 'panel', fallback }: RefundStatusProps) {
  const status = refundStatusOf(bet);
  const roll = useLateRoll(bet, status);
  if (status === null) {
    return fallback === undefined ? null : (
      <p role="status" className="rounded-xl border border-edge bg-white/5 p-3 text-sm text-ink">
        {fallback}
      </p>
    );
  }
  const title = refundStatusTitle(status);
  const rolled = isRolled(status);
  const won = status.kind === 'won' || status.kind === 'owed';
  if (variant === 'note') {
    return (
      <div
        role="status"
        aria-label="Your last bet"
        className={`grid gap-1 rounded-xl border px-3 py-2 text-xs ${TONE[status.kind]}`}
      >
        <p className="font-semibold text-ink">
          <span className="text-ink-faint">Your last bet: </span>
          {title}
        </p>
        {(status.kind === 'pending' || status.kind === 'owed') && (
          <p className="text-ink-dim">{refundStatusDetail(status)}</p>
        )}
        {rolled && <RollCheck roll={roll} signature={signature} />}
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-label="Your refund"
      className={`grid gap-2 rounded-xl border p-4 ${TONE[status.kind]}`}
    >
      <p className={`font-display text-lg font-bold ${won ? 'text-win' : 'text-ink'}`}>{title}</p>
      <p className="text-sm text-ink-dim">{refundStatusDetail(status)}</p>
      {rolled && <RollCheck roll={roll} signature={signature} />}
    </div>
  );
}
