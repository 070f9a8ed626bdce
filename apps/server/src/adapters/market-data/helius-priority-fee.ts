/**
 * The priority-fee estimate through the Helius-shaped JSON-RPC method `getPriorityFeeEstimate`: Helius on
 * mainnet, the local chain's own JSON-RPC (which answers the same method) locally.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { PRIORITY_FEE_LEVEL } from '@arcade/sdk/constants';
import { z } from 'zod';

import { badGateway } from '../../http/errors.ts';

/** The fetch the adapters call; tests inject recorded responses. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** How long an upstream call may take before it counts as failed. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** Helius's mainnet RPC URL for `apiKey`. */
export function heliusRpcUrl(apiKey: string): string {
  return `https://mainnet.helius-rpc.com/?api-key=${encodeURIComponent(apiKey)}`;
}

const estimateResponse = z.object({
  result: z.object({ priorityFeeEstimate: z.number().nonnegative() }),
});

/**
 * Asks `url` for the `High` priority fee of `transaction` (base64 wire bytes), in micro-lamports per
 * compute unit.
 *
 * @throws HttpError 502 'Priority fee estimate unavailable' for any upstream failure: network, HTTP
 * status, a JSON-RPC error or an unexpected body. The client then falls back to its defaults.
 * @example await fetchPriorityFeeEstimate(heliusRpcUrl(key), wireBase64) // 120000
 */
export async function fetchPriorityFeeEstimate(
  url: string,
  transaction: string,
  fetchImpl: FetchLike = fetch,
): Promise<number> {
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: '1',
        method: 'getPriorityFeeEstimate',
        // Helius reads a transaction as base58 unless told otherwise.
        params: [
          { transaction, options: { transactionEncoding: 'Base64', priorityLevel: PRIORITY_FEE_LEVEL } },
        ],
      }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = estimateResponse.parse(await response.json());
    return body.result.priorityFeeEstimate;
  } catch {
    throw badGateway(ApiErrorCode.PRIORITY_FEE_UNAVAILABLE);
  }
}
