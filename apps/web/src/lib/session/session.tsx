/**
 * The signed-in session (docs/reference/states.md#sign-in): the token of the connected wallet, checked against the server
 * when the page loads and whenever the wallet changes, and the sign-in that starts right after the user
 * connects a wallet. A 401 to any call carrying the token (it expired or was revoked) signs out. Signing
 * out, or disconnecting the wallet, revokes the token on the server (`POST /api/user/signout`, best effort)
 * and forgets it here whatever the server answers.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import type { Address } from '@solana/kit';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { api, ApiError, isApiError, onUnauthorized } from '../api-client.ts';
import { toast } from '../toast.ts';
import { useWalletConnection } from '../wallet/wallet-context.tsx';
import type { Connection } from '../wallet/wallet-store.ts';
import { getLedgerPreference } from './ledger-preference.ts';
import type * as SignInModule from './sign-in.ts';
import { readToken, removeToken, tokenAddress, writeToken } from './token-storage.ts';

/** A signed-in wallet and its token. */
export interface Session {
  readonly address: Address;
  readonly token: string;
}

/** What {@link useSession} returns. */
export interface SessionState {
  readonly session: Session | null;
  readonly status: 'signed-out' | 'signing-in' | 'signed-in';
  /** True when the server refused the connected wallet as blocked (`ApiErrorCode.WALLET_BLOCKED`). */
  readonly blocked: boolean;
  readonly signIn: (options?: { readonly ledger?: boolean }) => Promise<void>;
  readonly signOut: () => void;
}

/** Whether `error` is the server's refusal of a blocked wallet. */
const isBlocked = (error: unknown): boolean => isApiError(error, ApiErrorCode.WALLET_BLOCKED);

interface Snapshot {
  readonly session: Session | null;
  readonly status: SessionState['status'];
  readonly blocked: boolean;
}

const SIGNED_OUT: Snapshot = { session: null, status: 'signed-out', blocked: false };

const SessionContext = createContext<SessionState | null>(null);

/** What components rendered without a provider (isolated tests) see: signed out. */
const NO_SESSION: SessionState = {
  ...SIGNED_OUT,
  signIn: () => Promise.resolve(),
  signOut: () => undefined,
};

/** The session of the connected wallet (signed out when rendered without a {@link SessionProvider}). */
export function useSession(): SessionState {
  return useContext(SessionContext) ?? NO_SESSION;
}

interface SessionController {
  readonly getSnapshot: () => Snapshot;
  readonly subscribe: (listener: () => void) => () => void;
  /** Follows the connected wallet: verifies its stored token, or signs in when the user just connected. */
  readonly setConnection: (connection: Connection | null) => void;
  readonly signIn: (options?: { readonly ledger?: boolean }) => Promise<void>;
  readonly signOut: () => void;
  /** Signs out when `token` (a call's, answered 401) is the session's: it expired mid-session. */
  readonly expire: (token: string) => void;
}

/** Revokes `token` on the server, so a copy of it is no use either; a failure changes nothing here. */
function revokeOnServer(token: string): void {
  api('/api/user/signout', { method: 'POST', token }).catch(() => undefined);
}

function createSessionController(): SessionController {
  let snapshot: Snapshot = SIGNED_OUT;
  let current: Connection | null = null;
  let verifying: AbortController | null = null;
  const autoSignedIn = new WeakSet<Connection>();
  const listeners = new Set<() => void>();

  function set(next: Snapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  async function signInWith(target: Connection, ledger: boolean): Promise<void> {
    const address = target.account.address as Address;
    set({ ...snapshot, session: null, status: 'signing-in' });
    // Sign-in builds a memo transaction for Ledgers with @solana/kit: loaded on first use, not with the page.
    let signIn: typeof SignInModule | null = null;
    try {
      signIn = await import('./sign-in.ts');
      const token = await signIn.signInWithWallet({
        wallet: target.wallet,
        account: target.account,
        cluster: runtimeConfig().cluster,
        ledger,
        latestBlockhash: async () => {
          const { getRpc } = await import('../wallet/rpc.ts');
          return (await getRpc().getLatestBlockhash({ commitment: RPC_COMMITMENT }).send()).value;
        },
      });
      if (current !== target) return;
      writeToken(token);
      set({ session: { address, token }, status: 'signed-in', blocked: false });
    } catch (error) {
      const failure = signIn !== null && error instanceof signIn.SignInError ? error : null;
      const cause = failure === null ? error : failure.cause;
      console.error(ERROR_MESSAGES.errorAuthenticatingUser, cause);
      // A late failure of a wallet the user has since left must not touch the new wallet's token.
      if (current !== target) return;
      removeToken();
      set({ session: null, status: 'signed-out', blocked: isBlocked(cause) });
      toast.failure(
        failure?.step === 'authenticate' ? ERROR_MESSAGES.failedToAuthenticate : ERROR_MESSAGES.failedToLogin,
        cause,
      );
    }
  }

  function autoSignIn(connection: Connection): void {
    // Only right after the user connected in the dialog, and once: a declined request is not repeated.
    if (!connection.byUser || autoSignedIn.has(connection)) return;
    autoSignedIn.add(connection);
    void signInWith(connection, getLedgerPreference());
  }

  function verify(connection: Connection, token: string): void {
    const address = connection.account.address as Address;
    const abort = new AbortController();
    verifying = abort;
    set({ session: null, status: 'signing-in', blocked: false });
    api(`/api/user/verify/${address}`, { token, signal: abort.signal }).then(
      () => {
        if (current === connection) set({ session: { address, token }, status: 'signed-in', blocked: false });
      },
      (error: unknown) => {
        if (abort.signal.aborted || current !== connection) return;
        if (isBlocked(error)) {
          set({ session: null, status: 'signed-out', blocked: true });
        } else if (error instanceof ApiError && error.status === 401) {
          // Expired, revoked, or another wallet's token.
          removeToken();
          set(SIGNED_OUT);
          autoSignIn(connection);
        } else {
          // The server could not answer, or not now (429, 408, 5xx): keep the token, every authenticated
          // call checks it again and a 401 there signs out (`expire`).
          set({ session: { address, token }, status: 'signed-in', blocked: false });
        }
      },
    );
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setConnection(connection) {
      if (connection === current) return;
      current = connection;
      verifying?.abort();
      verifying = null;
      if (connection === null) {
        // Disconnected: the session ends with the connection.
        const token = readToken();
        if (token !== null) {
          removeToken();
          revokeOnServer(token);
        }
        set(SIGNED_OUT);
        return;
      }
      const token = readToken();
      if (token !== null && tokenAddress(token) !== connection.account.address) {
        // Another wallet's token, or not a token at all.
        removeToken();
      }
      if (token === null || tokenAddress(token) !== connection.account.address) {
        set(SIGNED_OUT);
        autoSignIn(connection);
        return;
      }
      verify(connection, token);
    },
    async signIn(options) {
      if (current === null) return;
      await signInWith(current, options?.ledger ?? getLedgerPreference());
    },
    signOut() {
      const token = snapshot.session?.token ?? readToken();
      removeToken();
      set({ ...snapshot, session: null, status: 'signed-out' });
      if (token !== null) revokeOnServer(token);
    },
    expire(token) {
      // A late 401 for a token already replaced (another wallet, a new sign-in) says nothing of this one.
      if (snapshot.session?.token !== token) return;
      if (readToken() === token) removeToken();
      set({ ...snapshot, session: null, status: 'signed-out' });
    },
  };
}

/** Provides the session to the tree. */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const connection = useWalletConnection();
  const [controller] = useState(createSessionController);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);

  useEffect(() => {
    controller.setConnection(connection);
  }, [controller, connection]);

  useEffect(() => onUnauthorized(controller.expire), [controller]);

  const value = useMemo<SessionState>(
    () => ({ ...snapshot, signIn: controller.signIn, signOut: controller.signOut }),
    [snapshot, controller],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
