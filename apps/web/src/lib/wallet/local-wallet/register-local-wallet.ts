/**
 * Registers the local test wallet with Wallet Standard, once per page, keyed in IndexedDB.
 *
 * @module
 */

import { registerWallet } from '@wallet-standard/wallet';

import { createIndexedDbKeyStore, createMemoryKeyStore } from './key-store.ts';
import { LocalTestWallet } from './local-wallet.ts';

let registered = false;

/** Registers the local test wallet for the local chain. Call it on `localnet` only. */
export function registerLocalWallet(): void {
  if (registered) return;
  registered = true;
  // Without IndexedDB (some private modes) the wallet still works, for this page only.
  const keyStore = typeof indexedDB === 'undefined' ? createMemoryKeyStore() : createIndexedDbKeyStore();
  registerWallet(new LocalTestWallet({ chain: 'solana:localnet', keyStore }));
}
