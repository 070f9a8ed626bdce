import { RETAIL_MARKETPLACE_FEE_BPS, TAILSPIN_FEE_BPS } from '@arcade/sdk/constants';

import { formatExactSol, formatPercent } from '../../../lib/format.ts';
import { BetBreakdown, SkillBadge } from '../../wager-bet/index.ts';
import type { BetBreakdown as Breakdown } from '../utils/price-breakdown.ts';
import { breakdownSol } from '../utils/sol-text.ts';

/** A rate in basis points as a percentage: 150n → '1.5%'. */
export function bpsText(bps: bigint | number): string {
  return formatPercent(Number(bps) / 100);
}

function Sol({ lamports }: { readonly lamports: bigint }) {
  return <span title={formatExactSol(lamports)}>{breakdownSol(lamports)}</span>;
}

/**
 * The pre-bet breakdown (the listing price, the 1.5% marketplace fee, any royalty (programmable and core
 * NFTs only) and the buyer price, which is the prize), then what a bet on it at these odds costs.
 */
export function PriceBreakdown({ breakdown }: { readonly breakdown: Breakdown }) {
  return (
    <div className="grid gap-3">
      <BetBreakdown
        rows={[
          { label: 'Listing price', value: <Sol lamports={breakdown.listingPrice} /> },
          {
            label: `Marketplace fee (${bpsText(RETAIL_MARKETPLACE_FEE_BPS)})`,
            value: <Sol lamports={breakdown.marketplaceFee} />,
          },
          breakdown.royaltyApplies
            ? { label: 'Royalty', value: <Sol lamports={breakdown.royalty} /> }
            : { label: 'Royalty', value: 'None', note: 'Only programmable and core NFTs pay one' },
          {
            label: 'Buyer price (your prize)',
            value: <Sol lamports={breakdown.buyerPrice} />,
            emphasis: true,
          },
        ]}
      />
      <BetBreakdown
        rows={[
          {
            label: (
              <span className="inline-flex items-center gap-2">
                Stake <SkillBadge odds={breakdown.odds} />
              </span>
            ),
            value: <Sol lamports={breakdown.stake} />,
            note: `${formatPercent(breakdown.odds)} of the prize`,
          },
          { label: `Fee (${bpsText(TAILSPIN_FEE_BPS)})`, value: <Sol lamports={breakdown.fee} /> },
          { label: 'You pay', value: <Sol lamports={breakdown.total} />, emphasis: true },
        ]}
      />
    </div>
  );
}
