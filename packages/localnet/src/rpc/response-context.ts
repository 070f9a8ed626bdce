/**
 * The `{ context, value }` envelope of the validator's `RpcResponse` results, and the version the node
 * reports.
 *
 * @module
 */

import type { LocalChain } from '../chain/local-chain.ts';
import { u64 } from './json-rpc.ts';

/**
 * The Agave version the node answers as (`getVersion`, `context.apiVersion`): the release line whose
 * runtime the pinned LiteSVM embeds and whose RPC shapes kit 8 reads.
 */
export const API_VERSION = '3.0.0';

/** Wraps a value in the response context of the chain's current slot. */
export function withContext(chain: LocalChain, value: unknown): { context: unknown; value: unknown } {
  return { context: { apiVersion: API_VERSION, slot: u64(chain.slot) }, value };
}
