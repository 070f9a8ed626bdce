/**
 * The connected wallet. PLACEHOLDER: the wallet work replaces this file, keeping these exports.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import type { ReactNode } from 'react';

/** The wallet the user connected. */
export interface ConnectedWallet {
  readonly address: Address;
  readonly walletName: string;
  /** Data URI of the wallet's icon. */
  readonly icon: string;
  /** True for the built-in local test wallet. */
  readonly isLocal: boolean;
}

/** What {@link useWallet} returns. */
export interface WalletState {
  readonly wallet: ConnectedWallet | null;
  readonly connecting: boolean;
  disconnect(): Promise<void>;
}

/** The connected wallet, or null. */
export function useWallet(): WalletState {
  return { wallet: null, connecting: false, disconnect: () => Promise.resolve() };
}

/** Provides wallet discovery and the connection to the tree. */
export function WalletProvider({ children }: { readonly children: ReactNode }) {
  return children;
}
