/**
 * Solana Mobile Wallet Adapter as a Wallet Standard wallet, on mobile browsers only. The package is
 * loaded with a dynamic import so desktop visitors never download it, and phones only once the user
 * starts to interact (`wallet-context.tsx`): its start-up (elliptic-curve tables) costs a phone a few
 * hundred milliseconds of main thread.
 *
 * @module
 */

import { SOLANA_DEVNET_CHAIN } from '@solana/wallet-standard-chains';
import type { IdentifierString } from '@wallet-standard/base';

/** Whether the browser is a phone or tablet, where Mobile Wallet Adapter applies. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /android|iphone|ipad|ipod|mobile/i.test(userAgent);
}

const CACHE_KEY = 'arcade:mwa-authorization';

/** Keeps the wallet's authorization for this tab only (the spec fixes which local-storage keys exist). */
function sessionAuthorizationCache<T>() {
  const bytes = (_key: string, value: unknown): unknown =>
    value instanceof Uint8Array ? { $bytes: Array.from(value) } : value;
  const revive = (_key: string, value: unknown): unknown =>
    typeof value === 'object' && value !== null && '$bytes' in value
      ? Uint8Array.from((value as { $bytes: number[] }).$bytes)
      : value;
  return {
    clear(): Promise<void> {
      try {
        sessionStorage.removeItem(CACHE_KEY);
      } catch {
        // storage disabled
      }
      return Promise.resolve();
    },
    get(): Promise<T | undefined> {
      try {
        const text = sessionStorage.getItem(CACHE_KEY);
        return Promise.resolve(text === null ? undefined : (JSON.parse(text, revive) as T));
      } catch {
        return Promise.resolve(undefined);
      }
    },
    set(authorization: T): Promise<void> {
      try {
        sessionStorage.setItem(CACHE_KEY, JSON.stringify(authorization, bytes));
      } catch {
        // storage disabled: the wallet asks again next time
      }
      return Promise.resolve();
    },
  };
}

let registration: Promise<void> | null = null;

/**
 * Registers Mobile Wallet Adapter for `chain` (and devnet) when the browser is mobile. Later calls
 * return the first call's promise, so every caller can wait for the wallet to be listed.
 */
export function registerMobileWallet(chain: IdentifierString): Promise<void> {
  if (!isMobileUserAgent(navigator.userAgent)) return Promise.resolve();
  registration ??= import('@solana-mobile/wallet-standard-mobile').then((mwa) => {
    mwa.registerMwa({
      appIdentity: { name: 'Arcade', uri: window.location.origin, icon: '/favicon.svg' },
      authorizationCache: sessionAuthorizationCache(),
      chains: [...new Set<IdentifierString>([SOLANA_DEVNET_CHAIN, chain])],
      chainSelector: mwa.createDefaultChainSelector(),
      onWalletNotFound: mwa.createDefaultWalletNotFoundHandler(),
    });
  });
  return registration;
}
