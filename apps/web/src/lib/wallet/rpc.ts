/**
 * The app's Solana RPC clients, built once from the runtime config. Config URLs may be paths on this origin
 * (`/rpc`, proxied to the chain), so they are resolved to absolute URLs first.
 *
 * @module
 */

import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit';

import { absoluteUrl, runtimeConfig } from '../../config/runtime-config.ts';

let rpc: { url: string; client: Rpc<SolanaRpcApi> } | null = null;
let fallback: { url: string; client: Rpc<SolanaRpcApi> } | null = null;
let subscriptions: { url: string; client: RpcSubscriptions<SolanaRpcSubscriptionsApi> } | null = null;

/** The primary JSON-RPC client (runtimeConfig().rpcUrl). */
export function getRpc(): Rpc<SolanaRpcApi> {
  const url = absoluteUrl(runtimeConfig().rpcUrl);
  if (rpc?.url !== url) rpc = { url, client: createSolanaRpc(url) };
  return rpc.client;
}

/** The fallback JSON-RPC client, or null when the server configured none. */
export function getFallbackRpc(): Rpc<SolanaRpcApi> | null {
  const configured = runtimeConfig().rpcFallbackUrl;
  if (configured === null) return null;
  const url = absoluteUrl(configured);
  if (fallback?.url !== url) fallback = { url, client: createSolanaRpc(url) };
  return fallback.client;
}

/** The PubSub websocket client (runtimeConfig().rpcWsUrl, as ws:// or wss://). */
export function getRpcSubscriptions(): RpcSubscriptions<SolanaRpcSubscriptionsApi> {
  const url = absoluteUrl(runtimeConfig().rpcWsUrl, true);
  if (subscriptions?.url !== url) subscriptions = { url, client: createSolanaRpcSubscriptions(url) };
  return subscriptions.client;
}
