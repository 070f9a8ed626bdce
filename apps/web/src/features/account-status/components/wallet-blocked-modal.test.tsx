import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig, type RuntimeConfig } from '../../../config/runtime-config.ts';
import { WalletBlockedModal } from './wallet-blocked-modal.tsx';

const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const CHAT_URL = 'https://discord.gg/arcade-test';

const mocks = vi.hoisted(() => ({
  blocked: true,
  disconnect: vi.fn(async () => {}),
}));

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: null,
    status: 'signed-out',
    blocked: mocks.blocked,
    signIn: async () => {},
    signOut: () => {},
  }),
}));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet: { address: ADDRESS, walletName: 'Test', icon: '', isLocal: true },
    connecting: false,
    disconnect: mocks.disconnect,
  }),
}));

const config: RuntimeConfig = {
  cluster: 'localnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: { wager: 'W', foresight: 'F' },
  mints: { juice: 'J', usdc: 'U', usdt: 'T' },
  priceAccount: 'P',
  admins: [],
  communityChatUrl: CHAT_URL,
  socialUrl: 'https://x.com/arcade',
  announcement: null,
};

beforeEach(() => {
  setRuntimeConfig(config);
  mocks.blocked = true;
  mocks.disconnect.mockReset();
  mocks.disconnect.mockResolvedValue(undefined);
});

describe('WalletBlockedModal', () => {
  it('stays hidden for a wallet that is not blocked', () => {
    mocks.blocked = false;
    render(<WalletBlockedModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a blocked wallet to contact the team, and cannot be dismissed', async () => {
    render(<WalletBlockedModal />);
    const dialog = screen.getByRole('dialog', { name: 'Wallet blocked' });
    expect(dialog.textContent).toContain(
      `This wallet ${ADDRESS} has been blocked from playing. If you think this is a mistake, contact the team on the community chat.`,
    );
    const link = within(dialog).getByRole('link', { name: 'Open community chat' });
    expect(link.getAttribute('href')).toBe(CHAT_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Wallet blocked' })).toBeTruthy();
  });

  it('disconnects the wallet', async () => {
    render(<WalletBlockedModal />);
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(mocks.disconnect).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Disconnect' }).hasAttribute('disabled')).toBe(false);
    });
  });
});
