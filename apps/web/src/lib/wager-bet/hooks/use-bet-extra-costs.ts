/**
 * The extra costs (`utils/bet-costs.ts`) of the connected wallet's next bet: the record's rent while it has
 * no bet record yet (or the top-up a record of the program's first version needs as `create_bet` grows
 * it), the referrer's vault's rent when the bet creates the vault, and the network fee.
 *
 * @module
 */

import { BET_ACCOUNT_SIZE, REFERRAL_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { address as toAddress, type Address } from '@solana/kit';

import { useRent } from '../../wallet/rent.ts';
import { useWallet } from '../../wallet/wallet-context.tsx';
import { useReferralCapture } from '../../referral/use-referral-capture.ts';
import { useBetRecord, type BetRecord } from '../api/get-bet-record.ts';
import { rentOf } from '../api/get-house-limits.ts';
import { useReferralVaultExists } from '../api/get-referral-vault.ts';
import { betExtraCosts, type BetExtraCosts } from '../utils/bet-costs.ts';

/**
 * The rent a bet adds to the record at `rent` lamports per full record: all of it on a first bet; for a
 * shorter record of the first version, what it lacks of the full record's rent; else 0.
 */
export function recordRentOf(record: Pick<BetRecord, 'bet' | 'size' | 'lamports'>, rent: bigint): bigint {
  if (record.bet === null) return rent;
  if ((record.size ?? BET_ACCOUNT_SIZE) >= BET_ACCOUNT_SIZE) return 0n;
  const lamports = record.lamports ?? 0n;
  return rent > lamports ? rent - lamports : 0n;
}

/**
 * The referral of the next bet on `record`: the record's own, or on a first bet the referrer the player
 * arrived with (never the player).
 */
export function nextBetReferral(
  record: Pick<BetRecord, 'bet'>,
  captured: string | null,
  user: Address,
): Address | null {
  if (record.bet !== null) return record.bet.referral;
  return captured !== null && captured !== user ? toAddress(captured) : null;
}

/** The extra costs of the next bet on `record`; `createsVault`: it carries `init_referral`. */
export async function getBetExtraCosts(
  record: Pick<BetRecord, 'bet' | 'size' | 'lamports'>,
  createsVault: boolean,
): Promise<BetExtraCosts> {
  const needsRecordRent = record.bet === null || (record.size ?? BET_ACCOUNT_SIZE) < BET_ACCOUNT_SIZE;
  const [recordRent, vaultRent] = await Promise.all([
    needsRecordRent ? rentOf(BET_ACCOUNT_SIZE) : Promise.resolve(0n),
    createsVault ? rentOf(REFERRAL_ACCOUNT_SIZE) : Promise.resolve(0n),
  ]);
  return betExtraCosts(recordRentOf(record, recordRent), vaultRent);
}

/**
 * The extra costs of the connected wallet's next bet, following its bet record; null without a wallet and
 * while the record, the referral vault or a rent is still loading.
 */
export function useBetExtraCosts(): BetExtraCosts | null {
  const { wallet } = useWallet();
  const record = useBetRecord();
  const { referrer } = useReferralCapture();
  const current = record.record;
  const referral =
    current === null || wallet === null ? null : nextBetReferral(current, referrer, wallet.address);
  const vaultExists = useReferralVaultExists(referral);
  const needsRecordRent =
    current !== null && (current.bet === null || (current.size ?? BET_ACCOUNT_SIZE) < BET_ACCOUNT_SIZE);
  const rent = useRent(BET_ACCOUNT_SIZE, needsRecordRent);
  const vaultRent = useRent(REFERRAL_ACCOUNT_SIZE, vaultExists === false);
  if (current === null || vaultExists === undefined) return null;
  if (needsRecordRent && rent.data === undefined) return null;
  if (!vaultExists && vaultRent.data === undefined) return null;
  return betExtraCosts(
    needsRecordRent ? recordRentOf(current, rent.data ?? 0n) : 0n,
    vaultExists ? 0n : (vaultRent.data ?? 0n),
  );
}
