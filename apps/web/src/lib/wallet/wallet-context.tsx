/**
 * The connected wallet for React: Wallet Standard discovery of Solana wallets, the local test wallet on
 * the local chain, Mobile Wallet Adapter on phones, connect/disconnect and account changes.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
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
import { formatLamports } from '../format.ts';
import { toast } from '../toast.ts';
import { LOCAL_WALLET_AIRDROP_LAMPORTS, airdrop, needsAirdrop } from './local-wallet/airdrop.ts';
import { registerMobileWallet } from './mobile-wallet.ts';
import { chainOf, isLocalWallet } from './standard.ts';
import { createWalletStore, RECONNECT_KEY, type WalletStore, type WalletStoreState } from './wallet-store.ts';

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
  readonly disconnect: () => Promise<void>;
}

const WalletContext = createContext<WalletStore | null>(null);

const EMPTY: WalletStoreState = { wallets: [], connection: null, connecting: null, airdrop: null };

/** What components rendered without a provider (isolated tests) see: no wallets, nothing connected. */
const NO_WALLETS: WalletStore = {
  getState: () => EMPTY,
  subscribe: () => () => undefined,
  start: () => () => undefined,
  connect: () => Promise.reject(new Error('No WalletProvider')),
  disconnect: () => Promise.resolve(),
};

function useStore(): WalletStore {
  return useContext(WalletContext) ?? NO_WALLETS;
}

function useStoreState<T>(select: (state: WalletStoreState) => T): T {
  const store = useStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

/** The connected wallet, or null. */
export function useWallet(): WalletState {
  const store = useStore();
  const connection = useStoreState((s) => s.connection);
  const connecting = useStoreState((s) => s.connecting !== null);
  const wallet = useMemo<ConnectedWallet | null>(
    () =>
      connection === null
        ? null
        : {
            address: connection.account.address as Address,
            walletName: connection.wallet.name,
            icon: connection.account.icon ?? connection.wallet.icon,
            isLocal: isLocalWallet(connection.wallet),
          },
    [connection],
  );
  return { wallet, connecting, disconnect: store.disconnect };
}

/** What {@link useWalletList} returns: everything the connect dialog needs. */
export interface WalletList {
  /** The Solana wallets found, the local test wallet included when registered. */
  readonly wallets: readonly Wallet[];
  /** The wallet a connect is waiting for. */
  readonly connecting: Wallet | null;
  readonly connected: Wallet | null;
  readonly airdrop: WalletStoreState['airdrop'];
  readonly connect: (wallet: Wallet) => Promise<void>;
}

/** The discovered wallets and the connect action. */
export function useWalletList(): WalletList {
  const store = useStore();
  const wallets = useStoreState((s) => s.wallets);
  const connecting = useStoreState((s) => s.connecting);
  const connected = useStoreState((s) => s.connection?.wallet ?? null);
  const airdropStatus = useStoreState((s) => s.airdrop);
  return { wallets, connecting, connected, airdrop: airdropStatus, connect: store.connect };
}

/** The Wallet Standard wallet and account behind the connection (signing code needs the raw objects). */
export function useWalletConnection(): {
  readonly wallet: Wallet;
  readonly account: WalletAccount;
  readonly byUser: boolean;
} | null {
  return useStoreState((s) => s.connection);
}

function defaultStore(): WalletStore {
  let toastId: number | null = null;
  return createWalletStore({
    wallets: getWallets(),
    storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
    async fundLocalWallet(address) {
      // The RPC client is @solana/kit code the page does not need until a local wallet connects.
      const rpc = (await import('./rpc.ts')).getRpc();
      if (!(await needsAirdrop(rpc, address))) return false;
      toastId = toast.info(airdropText());
      await airdrop(rpc, address);
      return true;
    },
    onAirdrop(status, error) {
      if (status === 'done') {
        if (toastId === null) toast.success(airdropDoneText());
        else toast.update(toastId, 'success', airdropDoneText());
      } else if (status === 'failed') {
        console.error('Local wallet airdrop failed', error);
        if (toastId !== null) toast.dismiss(toastId);
        toast.failure(AIRDROP_FAILED, error);
      }
      toastId = null;
    },
  });
}

const SOL = formatLamports(LOCAL_WALLET_AIRDROP_LAMPORTS);
/** "Airdropping 5 SOL…" */
export const airdropText = (): string => `Airdropping ${SOL} SOL…`;
const airdropDoneText = (): string => `${SOL} SOL airdropped to your local test wallet`;
const AIRDROP_FAILED = 'The local airdrop failed';

/** The user input after which the lazily registered wallets load. */
const FIRST_INPUT = ['pointerdown', 'keydown', 'touchstart'] as const;

function rememberedWalletName(): string | null {
  try {
    return sessionStorage.getItem(RECONNECT_KEY);
  } catch {
    return null;
  }
}

/**
 * Registers the wallets that load lazily (the local test wallet on the local chain, once its genesis hash
 * shows it is no public cluster; Mobile Wallet Adapter on phones) and resolves once they are listed; never
 * rejects. The connect dialog waits for it so its list is complete when it shows.
 */
export function prepareWallets(): Promise<void> {
  const { cluster } = runtimeConfig();
  const local =
    cluster === 'localnet'
      ? Promise.all([import('./local-wallet/register-local-wallet.ts'), import('./rpc.ts')]).then(
          async ([m, rpc]) => {
            await m.registerLocalWallet(rpc.getRpc());
          },
        )
      : Promise.resolve();
  return Promise.all([
    local.catch((error: unknown) => {
      console.error('The local test wallet failed to load', error);
    }),
    registerMobileWallet(chainOf(cluster)).catch((error: unknown) => {
      console.error('Mobile Wallet Adapter failed to load', error);
    }),
  ]).then(() => undefined);
}

/** Provides wallet discovery and the connection to the tree. */
export function WalletProvider({
  children,
  store: injected,
}: {
  readonly children: ReactNode;
  /** A ready-made store (tests); the default discovers the browser's wallets. */
  readonly store?: WalletStore;
}) {
  const [store] = useState(() => injected ?? defaultStore());

  useEffect(() => store.start(), [store]);

  useEffect(() => {
    // An injected store (tests) brings its own wallets.
    if (injected !== undefined) return;
    // The lazily registered wallets cost a phone a few hundred milliseconds to start (Mobile Wallet
    // Adapter) or bring their own code (the local test wallet): register them at once only to reconnect
    // this tab's wallet, otherwise on the first tap or key press (the connect dialog waits for them too).
    if (rememberedWalletName() !== null) {
      void prepareWallets();
      return;
    }
    const load = () => {
      stop();
      void prepareWallets();
    };
    const stop = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, load, { capture: true, passive: true });
    return stop;
  }, [injected]);

  return <WalletContext value={store}>{children}</WalletContext>;
}
