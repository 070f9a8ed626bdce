import { act, render, screen } from '@testing-library/react';
import type { Wallet } from '@wallet-standard/base';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ui } from '../../lib/store.ts';
import { WalletProvider } from '../../lib/wallet/wallet-context.tsx';
import { createWalletStore } from '../../lib/wallet/wallet-store.ts';
import { LazyOwnBetSounds } from './lazy-own-bet-sounds.tsx';

const loaded = vi.hoisted(() => ({ count: 0 }));

// The sounds are the feed feature's (tested there); here only when they load and mount matters.
vi.mock('../../features/feed/components/own-bet-sounds.tsx', () => {
  loaded.count += 1;
  return { OwnBetSounds: () => <p>own bet sounds</p> };
});

const ADDRESS = 'AsdLxG9BY4Hd2axBpTLAEjpCKYzsfF7b2UK4yiFZfvgj';

const wallet: Wallet = {
  version: '1.0.0',
  name: 'Test Wallet',
  icon: 'data:image/svg+xml;base64,',
  chains: ['solana:devnet'],
  accounts: [],
  features: {
    'standard:connect': {
      version: '1.0.0',
      connect: () =>
        Promise.resolve({
          accounts: [
            { address: ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:devnet'], features: [] },
          ],
        }),
    },
    'solana:signTransaction': { version: '1.0.0', signTransaction: () => Promise.resolve([]) },
  },
};

function at(path: string, children: ReactNode) {
  return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
}

afterEach(() => {
  act(() => {
    localStorage.clear();
    ui.reload();
  });
});

describe('LazyOwnBetSounds', () => {
  it('loads the sounds only once a wallet is connected with sound on, and unmounts them when muted', async () => {
    act(() => {
      ui.setSoundOff(false);
    });
    const store = createWalletStore({
      wallets: { get: () => [wallet], on: () => () => undefined, register: () => () => undefined },
      storage: null,
    });
    render(
      at(
        '/prophecy',
        <WalletProvider store={store}>
          <LazyOwnBetSounds />
        </WalletProvider>,
      ),
    );
    expect(screen.queryByText('own bet sounds')).toBeNull();
    expect(loaded.count).toBe(0);

    await act(() => store.connect(wallet));
    expect(await screen.findByText('own bet sounds')).toBeTruthy();
    expect(loaded.count).toBe(1);

    act(() => {
      ui.setSoundOff(true);
    });
    expect(screen.queryByText('own bet sounds')).toBeNull();
    act(() => {
      ui.setSoundOff(false);
    });
    expect(await screen.findByText('own bet sounds')).toBeTruthy();

    await act(() => store.disconnect());
    expect(screen.queryByText('own bet sounds')).toBeNull();
  });

  it('stays unloaded while sound is off, even with a wallet', async () => {
    act(() => {
      ui.setSoundOff(true);
    });
    const store = createWalletStore({
      wallets: { get: () => [wallet], on: () => () => undefined, register: () => () => undefined },
      storage: null,
    });
    await store.connect(wallet);
    render(
      at(
        '/',
        <WalletProvider store={store}>
          <LazyOwnBetSounds />
        </WalletProvider>,
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('own bet sounds')).toBeNull();
  });

  it.each(['/tailspin', '/retail/some-collection', '/foresight/SOL'])(
    'stays quiet on %s, whose game plays its own sounds in time with its animation',
    async (path) => {
      act(() => {
        ui.setSoundOff(false);
      });
      const store = createWalletStore({
        wallets: { get: () => [wallet], on: () => () => undefined, register: () => () => undefined },
        storage: null,
      });
      await store.connect(wallet);
      render(
        at(
          path,
          <WalletProvider store={store}>
            <LazyOwnBetSounds />
          </WalletProvider>,
        ),
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText('own bet sounds')).toBeNull();
    },
  );
});
