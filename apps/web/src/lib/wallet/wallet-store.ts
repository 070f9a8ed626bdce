/**
 * The wallet connection outside React: the usable wallets Wallet Standard discovered, the connected
 * wallet and account, a connect in progress, and the local wallet's airdrop. The wallet the user connected
 * in this tab is remembered in session storage (never local storage: the spec fixes its keys) so a reload
 * reconnects it silently.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import type { Wallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

import {
  connectFeature,
  disconnectFeature,
  eventsFeature,
  isLocalWallet,
  isSolanaWallet,
  solanaAccount,
} from './standard.ts';

/** The connected wallet and the account the app uses. */
export interface Connection {
  readonly wallet: Wallet;
  readonly account: WalletAccount;
  /** True when the user connected it in the dialog (not a silent reconnect); sign-in then starts itself. */
  readonly byUser: boolean;
}

/** The local wallet's airdrop on connect. */
export type AirdropStatus = 'pending' | 'done' | 'failed' | null;

/** The store's state. */
export interface WalletStoreState {
  readonly wallets: readonly Wallet[];
  readonly connection: Connection | null;
  /** The wallet a connect is waiting for, or null. */
  readonly connecting: Wallet | null;
  readonly airdrop: AirdropStatus;
}

/** Options of {@link createWalletStore}. */
export interface WalletStoreOptions {
  readonly wallets: Wallets;
  /** Where the tab's wallet name is kept for a silent reconnect; null to never reconnect. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Tops up the local wallet after it connects; throws when that fails. */
  readonly fundLocalWallet?: (address: Address) => Promise<boolean>;
  /** Called when the local wallet's top-up changes (toasts). */
  readonly onAirdrop?: (status: Exclude<AirdropStatus, null>, error?: unknown) => void;
}

/** The wallet store (see {@link createWalletStore}). */
export interface WalletStore {
  readonly getState: () => WalletStoreState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Starts discovery and the silent reconnect; returns the function that stops them. */
  readonly start: () => () => void;
  /** Connects `wallet` at the user's request. Throws the wallet's error (e.g. the user rejected). */
  readonly connect: (wallet: Wallet) => Promise<void>;
  readonly disconnect: () => Promise<void>;
}

/** The session-storage key of the tab's wallet name. */
export const RECONNECT_KEY = 'arcade:wallet';

/** Creates a wallet store over a Wallet Standard registry. */
export function createWalletStore(options: WalletStoreOptions): WalletStore {
  const { storage } = options;
  let state: WalletStoreState = { wallets: [], connection: null, connecting: null, airdrop: null };
  const listeners = new Set<() => void>();
  let stopEvents: (() => void) | null = null;

  function set(patch: Partial<WalletStoreState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function remember(name: string | null): void {
    try {
      if (name === null) storage?.removeItem(RECONNECT_KEY);
      else storage?.setItem(RECONNECT_KEY, name);
    } catch {
      // Storage disabled: the tab just won't reconnect on reload.
    }
  }

  function remembered(): string | null {
    try {
      return storage?.getItem(RECONNECT_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function clearConnection(): void {
    stopEvents?.();
    stopEvents = null;
    set({ connection: null, airdrop: null });
  }

  function watch(wallet: Wallet): void {
    stopEvents?.();
    stopEvents =
      eventsFeature(wallet)?.on('change', (properties) => {
        if (!properties.accounts || state.connection?.wallet !== wallet) return;
        const current = state.connection.account.address;
        const account =
          properties.accounts.find((a) => a.address === current) ?? solanaAccount(properties.accounts);
        if (account === null) {
          remember(null);
          clearConnection();
        } else if (account !== state.connection.account) {
          set({ connection: { ...state.connection, account } });
        }
      }) ?? null;
  }

  async function fund(address: Address): Promise<void> {
    if (!options.fundLocalWallet) return;
    set({ airdrop: 'pending' });
    try {
      const funded = await options.fundLocalWallet(address);
      if (state.connection?.account.address !== address) return;
      set({ airdrop: 'done' });
      if (funded) options.onAirdrop?.('done');
    } catch (error) {
      if (state.connection?.account.address === address) set({ airdrop: 'failed' });
      options.onAirdrop?.('failed', error);
    }
  }

  async function open(wallet: Wallet, silent: boolean): Promise<boolean> {
    const connect = connectFeature(wallet);
    if (connect === null) throw new Error(`${wallet.name} cannot connect`);
    set({ connecting: wallet });
    try {
      const { accounts } = await connect.connect(silent ? { silent: true } : undefined);
      const account = solanaAccount(accounts.length > 0 ? accounts : wallet.accounts);
      if (account === null) {
        if (silent) return false;
        throw new Error(`${wallet.name} shared no Solana account`);
      }
      if (state.connection !== null && state.connection.wallet !== wallet) {
        await disconnectFeature(state.connection.wallet)
          ?.disconnect()
          .catch(() => undefined);
      }
      set({ connection: { wallet, account, byUser: !silent }, airdrop: null });
      watch(wallet);
      remember(wallet.name);
      if (isLocalWallet(wallet)) void fund(account.address as Address);
      return true;
    } finally {
      if (state.connecting === wallet) set({ connecting: null });
    }
  }

  function tryReconnect(): void {
    const name = remembered();
    if (name === null || state.connection !== null || state.connecting !== null) return;
    const wallet = state.wallets.find((w) => w.name === name);
    if (wallet === undefined) return;
    open(wallet, true).then(
      (connected) => {
        if (!connected) remember(null);
      },
      () => {
        remember(null);
      },
    );
  }

  function refresh(): void {
    const wallets = options.wallets.get().filter(isSolanaWallet);
    set({ wallets });
    if (state.connection !== null && !wallets.includes(state.connection.wallet)) clearConnection();
    tryReconnect();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      const offRegister = options.wallets.on('register', refresh);
      const offUnregister = options.wallets.on('unregister', refresh);
      refresh();
      return () => {
        offRegister();
        offUnregister();
        stopEvents?.();
        stopEvents = null;
      };
    },
    async connect(wallet) {
      await open(wallet, false);
    },
    async disconnect() {
      const connection = state.connection;
      remember(null);
      clearConnection();
      if (connection !== null) {
        // The app is disconnected whatever the wallet answers.
        await disconnectFeature(connection.wallet)
          ?.disconnect()
          .catch(() => undefined);
      }
    },
  };
}
