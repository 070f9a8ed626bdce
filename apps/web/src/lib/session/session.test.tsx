import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { LOCAL_STORAGE_KEYS } from '@arcade/sdk/constants';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '../../components/toaster.tsx';
import { setRuntimeConfig, type RuntimeConfig } from '../../config/runtime-config.ts';
import { api } from '../api-client.ts';
import { toast } from '../toast.ts';
import { createMemoryKeyStore } from '../wallet/local-wallet/key-store.ts';
import { LocalTestWallet } from '../wallet/local-wallet/local-wallet.ts';
import { LOCAL_WALLET_FEATURE } from '../wallet/standard.ts';
import { WalletProvider } from '../wallet/wallet-context.tsx';
import { createWalletStore, type WalletStore } from '../wallet/wallet-store.ts';
import { SessionProvider, useSession } from './session.tsx';

const CONFIG: RuntimeConfig = {
  cluster: 'devnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: {
    wager: 'CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG',
    foresight: '2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X',
  },
  mints: { juice: 'a', usdc: 'b', usdt: 'c' },
  priceAccount: 'p',
  admins: [],
  communityChatUrl: 'https://discord.com',
  socialUrl: 'https://x.com',
  announcement: null,
};

/** A Wallet Standard wallet with signMessage only (no solana:signIn), keyed by WebCrypto in memory. */
function fakeWallet(): Wallet {
  const inner = new LocalTestWallet({
    chain: 'solana:devnet',
    keyStore: createMemoryKeyStore(),
    subtle: globalThis.crypto.subtle,
  });
  return {
    version: '1.0.0',
    name: 'Fake Wallet',
    icon: inner.icon,
    get chains() {
      return inner.chains;
    },
    get accounts() {
      return inner.accounts;
    },
    get features() {
      const features: Wallet['features'] = inner.features;
      return Object.fromEntries(
        Object.entries(features).filter(
          ([name]) => name !== 'solana:signIn' && name !== LOCAL_WALLET_FEATURE,
        ),
      );
    },
  };
}

interface Call {
  readonly url: string;
  readonly body: unknown;
  readonly auth: string | null;
}

let calls: Call[];
type Reply = { status: number; body: unknown };
let routes: Record<string, (call: Call) => Reply | Promise<Reply>>;

function json(status: number, body: unknown) {
  return { status, body };
}

beforeEach(() => {
  setRuntimeConfig(CONFIG);
  calls = [];
  routes = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call = {
        url,
        body: init?.body === undefined ? undefined : (JSON.parse(init.body as string) as unknown),
        auth: headers['authorization'] ?? null,
      };
      calls.push(call);
      const route = Object.entries(routes).find(([prefix]) => url.startsWith(prefix));
      const reply = route ? route[1](call) : json(404, { success: false, error: 'Not found' });
      return Promise.resolve(reply).then(
        ({ status, body }) => new Response(JSON.stringify(body), { status }),
      );
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    toast.clear();
  });
});

function Probe() {
  const { session, status, blocked, signOut } = useSession();
  return (
    <>
      <p data-testid="session">
        {status}|{session?.address ?? 'none'}|{blocked ? 'blocked' : 'ok'}
      </p>
      <button type="button" onClick={signOut}>
        Sign out
      </button>
    </>
  );
}

function setup(
  wallet: Wallet = fakeWallet(),
  storage: Storage | null = null,
): { store: WalletStore; wallet: Wallet; unregister: () => void } {
  const registry = getWallets();
  const unregister = registry.register(wallet);
  const store = createWalletStore({ wallets: registry, storage });
  render(
    <WalletProvider store={store}>
      <SessionProvider>
        <Probe />
        <Toaster />
      </SessionProvider>
    </WalletProvider>,
  );
  return { store, wallet, unregister };
}

function nonceRoute(): void {
  routes['/api/user/nonce'] = (call) =>
    json(200, {
      success: true,
      nonce: 'n1',
      message: `127.0.0.1:8080 wants you to sign in with your Solana account:\n${(call.body as { address: string }).address}`,
      input: {},
    });
}

/** A JWT-shaped token whose subject is `address` (the client only reads the subject). */
function tokenFor(address: string): string {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: address })}.sig`;
}

describe('SessionProvider', () => {
  it('signs in right after the user connects and stores the token', async () => {
    const { store, wallet, unregister } = setup();
    nonceRoute();
    routes['/api/user/authenticate'] = () =>
      json(200, { success: true, token: 'tok-1', expiresAt: 1, address: 'x' });
    await act(() => store.connect(wallet));
    const address = wallet.accounts[0]!.address;
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe('tok-1');
    const auth = calls.find((c) => c.url === '/api/user/authenticate')!.body as Record<string, unknown>;
    // The nonce names the sign-in: nobody else's nonce requests can push it out.
    expect(auth).toMatchObject({ address, ledger: false, nonce: 'n1' });
    expect(typeof auth['signature']).toBe('string');
    expect(auth).not.toHaveProperty('message');
    unregister();
  });

  it('signs out on the server (POST /api/user/signout with the token) and forgets the token', async () => {
    const { store, wallet, unregister } = setup();
    nonceRoute();
    routes['/api/user/authenticate'] = () =>
      json(200, { success: true, token: 'tok-out', expiresAt: 1, address: 'x' });
    routes['/api/user/signout'] = () => json(200, { success: true });
    await act(() => store.connect(wallet));
    const address = wallet.accounts[0]!.address;
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    });
    act(() => {
      screen.getByRole('button', { name: 'Sign out' }).click();
    });
    expect(screen.getByTestId('session').textContent).toBe(`signed-out|none|ok`);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/api/user/signout')).toEqual([
        { url: '/api/user/signout', body: undefined, auth: 'Bearer tok-out' },
      ]);
    });
    unregister();
  });

  it('revokes the token when the wallet disconnects, and forgets it even when the server fails', async () => {
    const { store, wallet, unregister } = setup();
    nonceRoute();
    routes['/api/user/authenticate'] = () =>
      json(200, { success: true, token: 'tok-gone', expiresAt: 1, address: 'x' });
    routes['/api/user/signout'] = () => json(503, { success: false, error: 'Service unavailable' });
    await act(() => store.connect(wallet));
    await waitFor(() => {
      expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe('tok-gone');
    });
    await act(() => store.disconnect());
    expect(screen.getByTestId('session').textContent).toBe('signed-out|none|ok');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/api/user/signout').map((c) => c.auth)).toEqual([
        'Bearer tok-gone',
      ]);
    });
    unregister();
  });

  it('treats 401 Token revoked (signed out elsewhere) like an expired token: signs out', async () => {
    routes['/api/user/verify/'] = () => json(401, { success: false, error: 'Token revoked' });
    const wallet = fakeWallet();
    await (wallet.features['standard:connect'] as { connect: () => Promise<unknown> }).connect();
    const address = wallet.accounts[0]!.address;
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, tokenFor(address));
    sessionStorage.setItem('arcade:wallet', wallet.name);
    const { unregister } = setup(wallet, sessionStorage);
    await waitFor(() => {
      expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBeNull();
    });
    expect(screen.getByTestId('session').textContent).toBe('signed-out|none|ok');
    sessionStorage.clear();
    unregister();
  });

  it('removes a token the server answers 401 for', async () => {
    const wallet = fakeWallet();
    await (wallet.features['standard:connect'] as { connect: () => Promise<unknown> }).connect();
    const address = wallet.accounts[0]!.address;
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, tokenFor(address));
    routes['/api/user/verify/'] = () => json(401, { success: false, error: 'Invalid token' });
    // A reload in the same tab: the wallet reconnects silently, the token is verified, and no sign-in
    // request pops up by itself.
    sessionStorage.setItem('arcade:wallet', wallet.name);
    const { unregister } = setup(wallet, sessionStorage);
    await waitFor(() => {
      expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBeNull();
    });
    expect(screen.getByTestId('session').textContent).toBe('signed-out|none|ok');
    expect(calls.find((c) => c.url.startsWith('/api/user/verify/'))?.auth).toBe(
      `Bearer ${tokenFor(address)}`,
    );
    expect(calls.some((c) => c.url === '/api/user/nonce')).toBe(false);
    sessionStorage.clear();
    unregister();
  });

  it('keeps a token the server accepts', async () => {
    const wallet = fakeWallet();
    await (wallet.features['standard:connect'] as { connect: () => Promise<unknown> }).connect();
    const address = wallet.accounts[0]!.address;
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, tokenFor(address));
    routes['/api/user/verify/'] = () => json(200, { success: true });
    sessionStorage.setItem('arcade:wallet', wallet.name);
    const { unregister } = setup(wallet, sessionStorage);
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe(tokenFor(address));
    sessionStorage.clear();
    unregister();
  });

  it("removes another wallet's token and signs in afresh", async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, tokenFor('11111111111111111111111111111111'));
    const { store, wallet, unregister } = setup();
    nonceRoute();
    routes['/api/user/authenticate'] = () =>
      json(200, { success: true, token: 'tok-2', expiresAt: 1, address: 'x' });
    await act(() => store.connect(wallet));
    await waitFor(() => {
      expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe('tok-2');
    });
    expect(calls.some((c) => c.url.startsWith('/api/user/verify/'))).toBe(false);
    unregister();
  });

  /** The server's refusal of a blocked wallet. */
  const BLOCKED = {
    success: false,
    error: API_ERROR_MESSAGES[ApiErrorCode.WALLET_BLOCKED],
    code: ApiErrorCode.WALLET_BLOCKED,
  };

  it('reports a blocked wallet on 403 Wallet is blocked', async () => {
    const { store, wallet, unregister } = setup();
    await act(async () => {
      await (wallet.features['standard:connect'] as { connect: () => Promise<unknown> }).connect();
    });
    const address = wallet.accounts[0]!.address;
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, tokenFor(address));
    routes['/api/user/verify/'] = () => json(403, BLOCKED);
    await act(() => store.connect(wallet));
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe('signed-out|none|blocked');
    });
    unregister();
  });

  it('reports a blocked wallet the sign-in is refused for', async () => {
    const { store, wallet, unregister } = setup();
    nonceRoute();
    routes['/api/user/authenticate'] = () => json(403, BLOCKED);
    await act(() => store.connect(wallet));
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe('signed-out|none|blocked');
    });
    expect(screen.getByText('Wallet is blocked')).toBeTruthy();
    unregister();
  });

  it('does not take another 403 for a blocked wallet, whatever its text', async () => {
    routes['/api/user/verify/'] = () =>
      json(403, { success: false, error: 'Wallet is blocked', code: ApiErrorCode.ADMINS_ONLY });
    const { address, unregister } = await reloadWithToken(fakeWallet());
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    });
    unregister();
  });

  it('shows Failed to authenticate and removes the token when the server refuses the signature', async () => {
    const { store, wallet, unregister } = setup();
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, 'stale');
    nonceRoute();
    routes['/api/user/authenticate'] = () => json(401, { success: false, error: 'Invalid signature' });
    await act(() => store.connect(wallet));
    expect(await screen.findByText(ERROR_MESSAGES.failedToAuthenticate)).toBeTruthy();
    expect(screen.getByText('Invalid signature')).toBeTruthy();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByTestId('session').textContent).toBe('signed-out|none|ok');
    expect(console.error).toHaveBeenCalledWith(ERROR_MESSAGES.errorAuthenticatingUser, expect.anything());
    unregister();
  });

  /** A reload in the same tab with `wallet` remembered and its token stored. */
  async function reloadWithToken(wallet: Wallet): Promise<{ address: string; unregister: () => void }> {
    await (wallet.features['standard:connect'] as { connect: () => Promise<unknown> }).connect();
    const address = wallet.accounts[0]!.address;
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, tokenFor(address));
    sessionStorage.setItem('arcade:wallet', wallet.name);
    const { unregister } = setup(wallet, sessionStorage);
    return { address, unregister };
  }

  it('keeps the token when the check is rate-limited (429) or times out (408)', async () => {
    for (const status of [429, 408]) {
      routes['/api/user/verify/'] = () => json(status, { success: false, error: 'Too many requests' });
      const { address, unregister } = await reloadWithToken(fakeWallet());
      await waitFor(() => {
        expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
      });
      expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe(tokenFor(address));
      expect(calls.some((c) => c.url === '/api/user/nonce')).toBe(false);
      sessionStorage.clear();
      unregister();
      cleanup();
    }
  });

  it('signs out when a call with the session token is answered 401 mid-session', async () => {
    routes['/api/user/verify/'] = () => json(200, { success: true });
    const { address, unregister } = await reloadWithToken(fakeWallet());
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    });
    routes['/api/user/profile'] = () => json(401, { success: false, error: 'Token expired' });
    // A 401 for some other (older) token says nothing about this session.
    await act(() =>
      expect(api('/api/user/profile', { token: 'older-token' })).rejects.toThrow('Token expired'),
    );
    expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe(tokenFor(address));

    await act(() =>
      expect(api('/api/user/profile', { token: tokenFor(address) })).rejects.toThrow('Token expired'),
    );
    expect(screen.getByTestId('session').textContent).toBe('signed-out|none|ok');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBeNull();
    sessionStorage.clear();
    unregister();
  });

  it("keeps the new wallet's token when the old wallet's sign-in fails late", async () => {
    const first = fakeWallet();
    const second = fakeWallet();
    const unregisterSecond = getWallets().register(second);
    const { store, unregister } = setup(first);
    nonceRoute();
    let failFirst: (reply: Reply) => void = () => undefined;
    routes['/api/user/authenticate'] = (call) => {
      const { address } = call.body as { address: string };
      if (address === first.accounts[0]?.address) {
        return new Promise<Reply>((resolve) => {
          failFirst = resolve;
        });
      }
      return json(200, { success: true, token: 'tok-second', expiresAt: 1, address });
    };
    await act(() => store.connect(first));
    await waitFor(() => {
      expect(calls.some((c) => c.url === '/api/user/authenticate')).toBe(true);
    });
    // The user switches wallets while the first sign-in waits on the server.
    await act(() => store.connect(second));
    const address = second.accounts[0]!.address;
    await waitFor(() => {
      expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe('tok-second');

    await act(async () => {
      failFirst(json(401, { success: false, error: 'Invalid signature' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.token)).toBe('tok-second');
    expect(screen.getByTestId('session').textContent).toBe(`signed-in|${address}|ok`);
    expect(screen.queryByText(ERROR_MESSAGES.failedToAuthenticate)).toBeNull();
    unregister();
    unregisterSecond();
  });
});
