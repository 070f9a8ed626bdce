/**
 * The signed-in session. PLACEHOLDER: the sign-in work replaces this file, keeping these exports.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import type { ReactNode } from 'react';

/** A signed-in wallet and its token. */
export interface Session {
  readonly address: Address;
  readonly token: string;
}

/** What {@link useSession} returns. */
export interface SessionState {
  readonly session: Session | null;
  readonly status: 'signed-out' | 'signing-in' | 'signed-in';
  /** True when the server answered 403 'Wallet is blocked' for the connected wallet. */
  readonly blocked: boolean;
  signIn(options?: { readonly ledger?: boolean }): Promise<void>;
  signOut(): void;
}

/** The session of the connected wallet. */
export function useSession(): SessionState {
  return {
    session: null,
    status: 'signed-out',
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  };
}

/** Provides the session to the tree. */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  return children;
}
