/**
 * Claims the Juice earned: `POST /api/user/claimJuice` answers a mint transaction already signed by the
 * mint authority; the wallet signs it as fee payer and sends it.
 *
 * @module
 */

import { api } from '../../../lib/api-client.ts';

/** The server's half of a claim. */
export interface JuiceClaimTransaction {
  /** Base64 wire transaction, partly signed. */
  readonly transaction: string;
  /** Juice base units it mints. */
  readonly amount: bigint;
  /** Unix seconds when the next claim opens. */
  readonly nextClaimAt: number;
}

/** Asks the server for the claim transaction; it refuses inside the 24-hour window. */
export async function requestJuiceClaim(token: string): Promise<JuiceClaimTransaction> {
  const body = await api<{ transaction: string; amount: string; nextClaimAt: number }>(
    '/api/user/claimJuice',
    {
      method: 'POST',
      token,
    },
  );
  return { transaction: body.transaction, amount: BigInt(body.amount), nextClaimAt: body.nextClaimAt };
}
