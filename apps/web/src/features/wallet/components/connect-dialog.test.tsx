import type { Cluster } from '@arcade/sdk/api/config';
import { FAQ_HINTS } from '@arcade/sdk/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { afterEach, describe, expect, it } from 'vitest';

import { setRuntimeConfig, type RuntimeConfig } from '../../../config/runtime-config.ts';
import { ui } from '../../../lib/store.ts';
import { createMemoryKeyStore } from '../../../lib/wallet/local-wallet/key-store.ts';
import { LocalTestWallet } from '../../../lib/wallet/local-wallet/local-wallet.ts';
import { WalletProvider } from '../../../lib/wallet/wallet-context.tsx';
import { createWalletStore } from '../../../lib/wallet/wallet-store.ts';
import { ConnectDialog, LOCAL_WALLET_DESCRIPTION } from './connect-dialog.tsx';

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+' as const;

function config(cluster: Cluster): RuntimeConfig {
  return {
    cluster,
    rpcUrl: '/rpc',
    rpcFallbackUrl: null,
    rpcWsUrl: '/rpc',
    programs: { wager: 'w', foresight: 'f' },
    mints: { juice: 'a', usdc: 'b', usdt: 'c' },
    priceAccount: 'p',
    admins: [],
    communityChatUrl: 'https://discord.com',
    socialUrl: 'https://x.com',
    announcement: null,
  };
}

function extensionWallet(name: string, connect: () => Promise<{ accounts: [] }>): Wallet {
  return {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: ['solana:mainnet', 'solana:devnet'],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'solana:signTransaction': { version: '1.0.0', signTransaction: () => Promise.resolve([]) },
    },
  };
}

const cleanups: (() => void)[] = [];

function show(cluster: Cluster, ...wallets: Wallet[]) {
  setRuntimeConfig(config(cluster));
  const registry = getWallets();
  cleanups.push(registry.register(...wallets));
  const store = createWalletStore({ wallets: registry, storage: null });
  render(
    <WalletProvider store={store}>
      <ConnectDialog />
    </WalletProvider>,
  );
  act(() => {
    ui.openModal('connect');
  });
  return screen.getByRole('dialog', { name: 'Connect a wallet' });
}

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  act(() => {
    ui.closeModal();
  });
});

const local = () =>
  new LocalTestWallet({
    chain: 'solana:localnet',
    keyStore: createMemoryKeyStore(),
    subtle: globalThis.crypto.subtle,
  });

describe('ConnectDialog', () => {
  it('lists the installed wallets as detected, and the local wallet on localnet', () => {
    const dialog = show(
      'localnet',
      extensionWallet('Phantom', () => Promise.resolve({ accounts: [] })),
      local(),
    );
    const phantom = within(dialog).getByRole('button', { name: /Phantom/ });
    expect(within(phantom).getByText('Detected')).toBeTruthy();
    const localEntry = within(dialog).getByRole('button', { name: /Local test wallet/ });
    expect(within(localEntry).getByText(LOCAL_WALLET_DESCRIPTION)).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: /Using a Ledger/ })).toBeTruthy();
  });

  it('hides the local wallet off localnet', () => {
    const dialog = show(
      'devnet',
      extensionWallet('Solflare', () => Promise.resolve({ accounts: [] })),
      local(),
    );
    expect(within(dialog).getByRole('button', { name: /Solflare/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Local test wallet/ })).toBeNull();
    expect(within(dialog).queryByText(LOCAL_WALLET_DESCRIPTION)).toBeNull();
  });

  it('explains what to install when no wallet is found', () => {
    const dialog = show('mainnet-beta');
    expect(within(dialog).getByText('No wallet installed')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Get Phantom/ })
        .getAttribute('href'),
    ).toBe('https://phantom.com/download');
  });

  it('shows the FAQ hint when the user rejects the connection', async () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const dialog = show(
      'devnet',
      extensionWallet('Backpack', () => Promise.reject(rejected)),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /Backpack/ }));
    const alert = await within(dialog).findByRole('alert');
    const hint = FAQ_HINTS.find((h) => h.title === 'User Rejected Transaction')!;
    expect(alert.textContent).toContain(hint.title);
    expect(alert.textContent).toContain(hint.hint);
  });

  it('connects the local wallet and closes', async () => {
    const dialog = show('localnet', local());
    await userEvent.click(within(dialog).getByRole('button', { name: /Local test wallet/ }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
