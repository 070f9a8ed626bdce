/**
 * The extra costs (`utils/bet-costs.ts`) of the connected wallet's next bet: the record's rent while it has
 * no bet record yet, and the network fee.
 *
 * @module
 */

import { BET_ACCOUNT_SIZE, type BetAccount } from '@arcade/sdk/wager/accounts';

import { useRent } from '../../../lib/wallet/rent.ts';
import { useBetRecord } from '../api/get-bet-record.ts';
import { rentOf } from '../api/get-house-limits.ts';
import { betExtraCosts, type BetExtraCosts } from '../utils/bet-costs.ts';

/** The extra costs of the next bet on `record` (null: no record yet, so this bet creates it). */
export async function getBetExtraCosts(record: BetAccount | null): Promise<BetExtraCosts> {
  return betExtraCosts(record === null ? await rentOf(BET_ACCOUNT_SIZE) : 0n);
}

/**
 * The extra costs of the connected wallet's next bet, following its bet record; null without a wallet and
 * while the record (or, on a first bet, the rent) is still loading.
 */
export function useBetExtraCosts(): BetExtraCosts | null {
  const record = useBetRecord();
  // The record's address comes with every answer, the bet only once the record exists.
  const first = record.address === null ? null : record.bet === null;
  const rent = useRent(BET_ACCOUNT_SIZE, first === true);
  if (first === null) return null;
  if (!first) return betExtraCosts(0n);
  return rent.data === undefined ? null : betExtraCosts(rent.data);
}
