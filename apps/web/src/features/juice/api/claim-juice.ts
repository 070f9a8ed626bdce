/**
 * Claims the Juice earned: `POST /api/user/claimJuice` answers a mint transaction already signed by the
 * mint authority; the wallet signs it as fee payer and sends it.
 *
 * @module
 */

import type { ClaimJuiceResponse } from '@arcade/sdk/api/user';
import { address } from '@solana/kit';

import { api } from '../../../lib/api-client.ts';

/**
 * The programs a Juice claim may call: the Associated Token program (create the player's Juice account if
 * missing), SPL Token (mint) and the compute budget. Anything else in a claim the server returns is refused
 * before the wallet is asked to sign.
 */
export const JUICE_CLAIM_PROGRAMS = [
  address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
  address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
  address('ComputeBudget111111111111111111111111111111'),
] as const;

/**
 * The server's half of a claim (the SDK's answer): `amount` as bigint, and `lastValidBlockHeight` as bigint
 * when the server sends it, so the sender stops resending (and reports the expiry) past it instead of
 * guessing.
 */
export type JuiceClaimTransaction = Readonly<
  Omit<ClaimJuiceResponse, 'success' | 'amount' | 'lastValidBlockHeight'> & {
    amount: bigint;
    lastValidBlockHeight: bigint | null;
  }
>;

/** The answer as read: the expiry is optional (without it the sender keeps its own resend window). */
type ClaimJuiceRead = Omit<ClaimJuiceResponse, 'lastValidBlockHeight'> & { lastValidBlockHeight?: unknown };

/** A u64 the server may send as a decimal string (its u64 convention) or a JSON number. */
function optionalU64(value: unknown): bigint | null {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

/** Asks the server for the claim transaction; it refuses inside the 24-hour window. */
export async function requestJuiceClaim(token: string): Promise<JuiceClaimTransaction> {
  const body = await api<ClaimJuiceRead>('/api/user/claimJuice', {
    method: 'POST',
    token,
  });
  return {
    transaction: body.transaction,
    amount: BigInt(body.amount),
    nextClaimAt: body.nextClaimAt,
    lastValidBlockHeight: optionalU64(body.lastValidBlockHeight),
  };
}
