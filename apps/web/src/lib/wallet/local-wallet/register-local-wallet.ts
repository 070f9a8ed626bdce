/**
 * Registers the local test wallet with Wallet Standard, once per page, keyed in IndexedDB — after checking
 * that the chain behind `/rpc` really is a local one.
 *
 * @module
 */

import type { Rpc, SolanaRpcApi } from '@solana/kit';
import { registerWallet } from '@wallet-standard/wallet';

import { createIndexedDbKeyStore, createMemoryKeyStore } from './key-store.ts';
import { LocalTestWallet } from './local-wallet.ts';

/**
 * The genesis hashes of the public clusters (mainnet-beta, devnet, testnet). The local chain draws a random
 * genesis hash per chain (`packages/localnet`), so it cannot be recognised by its own; what can be known is
 * that it is none of these.
 */
export const PUBLIC_GENESIS_HASHES: ReadonlySet<string> = new Set([
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dK2GTS',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
]);

/**
 * Whether the chain behind `rpc` is a local chain: its genesis hash is not a public cluster's. A server
 * misconfigured as `localnet` in front of a real cluster would otherwise offer a wallet whose key sits
 * unencrypted in the browser, for real money.
 *
 * @throws the RPC's error when the chain cannot be asked.
 */
export async function isLocalChain(rpc: Rpc<SolanaRpcApi>): Promise<boolean> {
  const genesisHash = await rpc.getGenesisHash().send();
  return !PUBLIC_GENESIS_HASHES.has(genesisHash);
}

let registration: Promise<boolean> | null = null;

/**
 * Registers the local test wallet for the local chain and resolves with whether it did. Call it on
 * `localnet` only; it still refuses when the RPC answers with a public cluster's genesis hash. A failed
 * check (the chain not answering) is retried on the next call.
 */
export function registerLocalWallet(rpc: Rpc<SolanaRpcApi>): Promise<boolean> {
  registration ??= isLocalChain(rpc).then(
    (local) => {
      if (!local) {
        console.error('The RPC serves a public cluster: the local test wallet is not offered');
        return false;
      }
      // Without IndexedDB (some private modes) the wallet still works, for this page only.
      const keyStore = typeof indexedDB === 'undefined' ? createMemoryKeyStore() : createIndexedDbKeyStore();
      registerWallet(new LocalTestWallet({ chain: 'solana:localnet', keyStore }));
      return true;
    },
    (error: unknown) => {
      registration = null;
      throw error;
    },
  );
  return registration;
}
