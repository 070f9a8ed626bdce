import { TAILSPIN_FEE_BPS } from '@arcade/sdk/constants';

import { formatPercent } from '../../format.ts';
import { approxSol, costSol, type BetCharge } from '../utils/bet-costs.ts';
import type { BreakdownRow } from './bet-breakdown.tsx';

/** The bet fee's rate as shown: "4%". */
export const BET_FEE_TEXT = formatPercent(Number(TAILSPIN_FEE_BPS) / 100);

/** The parts of a charge, in the order the wallet pays them, as [label, amount] pairs. */
export function chargeParts(charge: BetCharge): readonly (readonly [string, string])[] {
  return [
    ['Stake', costSol(charge.stake)],
    [`Fee ${BET_FEE_TEXT}`, costSol(charge.fee)],
    ...(charge.recordRent > 0n ? [['Bet record, first bet only', costSol(charge.recordRent)] as const] : []),
    ...(charge.referralRent > 0n ? [['Referrer’s vault', costSol(charge.referralRent)] as const] : []),
    ['Network', `≈${approxSol(charge.networkFee)}`],
  ];
}

/**
 * The one line under a pay button: what the button's amount is made of, and the network fee on top.
 *
 * @example "Stake 0.10 · Fee 4% 0.004 · Network ≈0.000006 SOL"
 */
export function chargeLine(charge: BetCharge): string {
  return `${chargeParts(charge)
    .map(([label, amount]) => `${label} ${amount}`)
    .join(' · ')} SOL`;
}

/** The line under a pay button ({@link chargeLine}), with the network fee's cap as its title. */
export function PayLine({ charge, id }: { readonly charge: BetCharge; readonly id?: string }) {
  return (
    <p
      id={id}
      className="tabular mt-1.5 text-center text-xs text-ink-faint"
      title={`The network fee is Solana’s, set when the transaction is sent: usually ≈${approxSol(charge.networkFee)} SOL, at most ${costSol(charge.networkFeeMax)} SOL. Your wallet shows the exact amount before you approve.`}
    >
      {chargeLine(charge)}
    </p>
  );
}

/**
 * The breakdown rows of a charge after the stake: the fee, any rent a first bet pays, the network fee
 * (an estimate) and what leaves the wallet in all.
 */
export function chargeRows(charge: BetCharge): BreakdownRow[] {
  return [
    { label: `Fee (${BET_FEE_TEXT})`, value: `${costSol(charge.fee)} SOL` },
    ...(charge.recordRent > 0n
      ? [
          {
            label: 'Bet record',
            value: `${costSol(charge.recordRent)} SOL`,
            note: 'first bet only: your record’s rent',
          },
        ]
      : []),
    ...(charge.referralRent > 0n
      ? [
          {
            label: 'Referrer’s vault',
            value: `${costSol(charge.referralRent)} SOL`,
            note: 'once: your referrer’s vault’s rent',
          },
        ]
      : []),
    {
      label: 'Network fee',
      value: `≈${approxSol(charge.networkFee)} SOL`,
      note: `Solana’s, at most ${costSol(charge.networkFeeMax)}`,
    },
    {
      label: 'You pay',
      value: `${costSol(charge.pay)} SOL`,
      note: `+ ≈${approxSol(charge.networkFee)} network fee: ≈${approxSol(charge.total)} in all`,
      emphasis: true,
    },
  ];
}
