import { MIN_BET_LAMPORTS, PROPHECY_FEE_BPS, REFERRAL_SHARE_BPS } from '@arcade/sdk/constants';
import { useId } from 'react';

import { formatPercent, formatSol } from '../../../lib/format.ts';

const bps = (value: bigint): string => formatPercent(Number(value) / 100);

/**
 * What makes a good market and how one runs, beside the create and request forms. Every number comes from
 * the SDK constants the program uses.
 */
export function MarketRules({ mode }: { readonly mode: 'create' | 'request' }) {
  const titleId = useId();
  const rules = [
    'Ask one question with a single yes/no answer that a public source will settle.',
    'Betting closes at the cutoff, which must be in the future and no later than the event’s end.',
    `Players back a side with at least ${formatSol(MIN_BET_LAMPORTS)} and can add to it, never withdraw or switch.`,
    `On resolution the winning side shares the pot after a ${bps(PROPHECY_FEE_BPS)} fee; a referrer earns ${bps(REFERRAL_SHARE_BPS)} of that fee.`,
    // As resolve_market and settle_prediction do (the SDK's resolvedMarketResult and predictionPayout): an
    // empty winning side voids the market, an empty losing side still takes the fee from the winners.
    'If the outcome cannot be determined, or nobody backed the winning side, the market resolves invalid and everyone is refunded in full.',
    `If nobody backed the losing side, the winners only get their stake back, less the ${bps(PROPHECY_FEE_BPS)} fee.`,
    mode === 'create'
      ? 'Creating signs the market on chain with the House authority; its times can be moved until it resolves.'
      : 'The operators review every request; ambiguous, unverifiable or harmful ones are rejected with a reason.',
  ];
  return (
    <aside aria-labelledby={titleId} className="card flex flex-col gap-3 p-5 text-sm">
      <h2 id={titleId} className="font-display text-[1rem] font-bold text-ink">
        How markets work
      </h2>
      <ol className="flex flex-col gap-2.5 text-ink-dim">
        {rules.map((rule, index) => (
          <li key={rule} className="flex gap-2.5">
            <span className="grid size-5 shrink-0 place-items-center rounded-full bg-[#9945ff]/20 text-[11px] font-bold text-[#b79cff]">
              {index + 1}
            </span>
            <span className="text-xs leading-relaxed">{rule}</span>
          </li>
        ))}
      </ol>
    </aside>
  );
}
