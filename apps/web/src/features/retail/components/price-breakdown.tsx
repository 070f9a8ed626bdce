import { RETAIL_MARKETPLACE_FEE_BPS, TAILSPIN_FEE_BPS } from '@arcade/sdk/constants';

import { formatExactSol, formatPercent } from '../../../lib/format.ts';
import { chargeRows } from '../../../lib/wager-bet/components/pay-summary.tsx';
import { BetBreakdown } from '../../../lib/wager-bet/components/bet-breakdown.tsx';
import { SkillBadge } from '../../../lib/wager-bet/components/odds-picker.tsx';
import { costSol, type BetCharge } from '../../../lib/wager-bet/utils/bet-costs.ts';
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
 * NFTs only) and the buyer price, which is the prize), then what a bet on it at these odds costs: the
 * stake, the 4% fee, any rent a first bet pays, the network fee and the total, exact.
 */
export function PriceBreakdown({
  breakdown,
  charge = null,
}: {
  readonly breakdown: Breakdown;
  /** What the bet takes from the wallet (stake, fee, any rent, the network fee); null under the minimum. */
  readonly charge?: BetCharge | null;
}) {
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
            value: charge === null ? <Sol lamports={breakdown.stake} /> : `${costSol(breakdown.stake)} SOL`,
            note: `${formatPercent(breakdown.odds)} of the prize`,
          },
          ...(charge === null
            ? [
                { label: `Fee (${bpsText(TAILSPIN_FEE_BPS)})`, value: <Sol lamports={breakdown.fee} /> },
                {
                  label: 'You pay',
                  value: <Sol lamports={breakdown.total} />,
                  note: 'under the smallest stake: raise the chance',
                  emphasis: true,
                },
              ]
            : chargeRows(charge)),
        ]}
      />
    </div>
  );
}
