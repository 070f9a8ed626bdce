import { SolanaSignAndSendTransaction, SolanaSignTransaction } from '@solana/wallet-standard-features';
import type { Wallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectInput,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import { describe, expect, it, vi } from 'vitest';

import { createWalletStore, RECONNECT_KEY } from './wallet-store.ts';

const A = 'AsdLxG9BY4Hd2axBpTLAEjpCKYzsfF7b2UK4yiFZfvgj';
const B = 'BsdLxG9BY4Hd2axBpTLAEjpCKYzsfF7b2UK4yiFZfvgj';

function account(address: string, chains: `${string}:${string}`[] = ['solana:devnet']): WalletAccount {
  return { address, publicKey: new Uint8Array(32), chains, features: [] };
}

/** A Wallet Standard wallet that can be told to change accounts, and remembers one authorisation. */
function testWallet(name: string, options: { authorized?: boolean; signAndSendOnly?: boolean } = {}) {
  let accounts: WalletAccount[] = [];
  let authorized = options.authorized ?? false;
  const listeners = new Set<StandardEventsListeners['change']>();
  const connect = vi.fn((input?: StandardConnectInput) => {
    if (input?.silent === true && !authorized) return Promise.resolve({ accounts: [] });
    authorized = true;
    accounts = [account(A)];
    return Promise.resolve({ accounts });
  });
  const disconnect = vi.fn(() => Promise.resolve());
  const signing = options.signAndSendOnly
    ? { [SolanaSignAndSendTransaction]: { version: '1.0.0', signAndSendTransaction: vi.fn() } }
    : { [SolanaSignTransaction]: { version: '1.0.0', signTransaction: vi.fn() } };
  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,',
    chains: ['solana:devnet'],
    get accounts() {
      return accounts;
    },
    features: {
      [StandardConnect]: { version: '1.0.0', connect },
      [StandardDisconnect]: { version: '1.0.0', disconnect },
      [StandardEvents]: {
        version: '1.0.0',
        on: (_event: 'change', listener: StandardEventsListeners['change']) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      ...signing,
    },
  };
  return {
    wallet,
    connect,
    disconnect,
    listenerCount: () => listeners.size,
    change(next: WalletAccount[]) {
      accounts = next;
      for (const listener of listeners) listener({ accounts: next });
    },
  };
}

function registry(wallets: Wallet[]): Wallets {
  return { get: () => wallets, on: () => () => undefined, register: () => () => undefined };
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, value),
    removeItem: (key) => items.delete(key),
  };
}

describe('createWalletStore', () => {
  it('lists only wallets that can sign transactions (not sign-and-send only)', () => {
    const signs = testWallet('Signs');
    const sendsOnly = testWallet('Sends only', { signAndSendOnly: true });
    const store = createWalletStore({ wallets: registry([signs.wallet, sendsOnly.wallet]), storage: null });
    store.start();
    expect(store.getState().wallets.map((w) => w.name)).toEqual(['Signs']);
  });

  it("follows the wallet's account change event, and disconnects when no Solana account is left", async () => {
    const t = testWallet('Events');
    const storage = memoryStorage();
    const store = createWalletStore({ wallets: registry([t.wallet]), storage });
    store.start();
    await store.connect(t.wallet);
    expect(store.getState().connection?.account.address).toBe(A);
    expect(store.getState().connection?.byUser).toBe(true);

    t.change([account(B)]);
    expect(store.getState().connection?.account.address).toBe(B);
    expect(storage.getItem(RECONNECT_KEY)).toBe('Events');

    t.change([account(A, ['ethereum:1'])]);
    expect(store.getState().connection).toBeNull();
    expect(storage.getItem(RECONNECT_KEY)).toBeNull();
  });

  it('disconnect clears the connection, forgets the tab wallet and tells the wallet', async () => {
    const t = testWallet('Plain');
    const storage = memoryStorage();
    const store = createWalletStore({ wallets: registry([t.wallet]), storage });
    store.start();
    await store.connect(t.wallet);
    expect(t.listenerCount()).toBe(1);
    await store.disconnect();
    expect(store.getState().connection).toBeNull();
    expect(storage.getItem(RECONNECT_KEY)).toBeNull();
    expect(t.disconnect).toHaveBeenCalledTimes(1);
    expect(t.listenerCount()).toBe(0);
    // Later events of the old wallet do not bring it back.
    t.change([account(B)]);
    expect(store.getState().connection).toBeNull();
  });

  it("reconnects the tab's wallet silently on start, not as the user's connect", async () => {
    const t = testWallet('Known', { authorized: true });
    const storage = memoryStorage();
    storage.setItem(RECONNECT_KEY, 'Known');
    const store = createWalletStore({ wallets: registry([t.wallet]), storage });
    store.start();
    await vi.waitFor(() => {
      expect(store.getState().connection?.account.address).toBe(A);
    });
    expect(t.connect).toHaveBeenCalledWith({ silent: true });
    expect(store.getState().connection?.byUser).toBe(false);
  });

  it('forgets the tab wallet when the silent reconnect gets no account, without prompting', async () => {
    const t = testWallet('Forgotten');
    const storage = memoryStorage();
    storage.setItem(RECONNECT_KEY, 'Forgotten');
    const store = createWalletStore({ wallets: registry([t.wallet]), storage });
    store.start();
    await vi.waitFor(() => {
      expect(storage.getItem(RECONNECT_KEY)).toBeNull();
    });
    expect(t.connect).toHaveBeenCalledTimes(1);
    expect(t.connect).toHaveBeenCalledWith({ silent: true });
    expect(store.getState().connection).toBeNull();
  });
});
