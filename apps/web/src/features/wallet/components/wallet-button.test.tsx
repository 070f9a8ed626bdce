import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionState } from '../../../lib/session/session.tsx';
import { getUiState, ui } from '../../../lib/store.ts';
import type { WalletState } from '../../../lib/wallet/wallet-context.tsx';
import { WalletButton } from './wallet-button.tsx';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

const state = vi.hoisted(() => {
  const holder: { wallet: WalletState['wallet']; connecting: boolean; status: SessionState['status'] } = {
    wallet: null,
    connecting: false,
    status: 'signed-out',
  };
  return holder;
});

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet: state.wallet,
    connecting: state.connecting,
    disconnect: () => Promise.resolve(),
  }),
}));
vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: null,
    status: state.status,
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  }),
}));
// The Ledger switch is the session's business and has its own tests.
vi.mock('./ledger-toggle.tsx', () => ({ LedgerToggle: () => null }));

beforeEach(() => {
  state.wallet = null;
  state.connecting = false;
  state.status = 'signed-out';
  act(() => {
    ui.reload();
  });
});

afterEach(() => {
  act(() => {
    ui.reload();
  });
});

describe('WalletButton', () => {
  it('is a labelled connect button that opens the connect dialog, even when shown as an icon', async () => {
    render(<WalletButton />);
    const button = screen.getByRole('button', { name: 'Connect wallet' });
    expect(button.getAttribute('aria-label')).toBe('Connect wallet');
    // The icon-only phone layout keeps a glyph; the visible label is a separate span CSS hides.
    expect(button.querySelector('svg')).not.toBeNull();
    expect(button.textContent).toBe('Connect wallet');
    await userEvent.click(button);
    expect(getUiState().modal).toBe('connect');
  });

  it('says it is connecting and cannot be pressed meanwhile', () => {
    state.connecting = true;
    render(<WalletButton />);
    const button = screen.getByRole('button', { name: 'Connecting…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the wallet, its short address and the session status when connected', async () => {
    state.wallet = { address: ADDRESS as never, walletName: 'Phantom', icon: 'data:,', isLocal: false };
    state.status = 'signed-in';
    render(<WalletButton />);
    const button = screen.getByRole('button', { name: /Phantom, Signed in/ });
    expect(button.textContent).toContain('7xKX');
    await userEvent.click(button);
    expect(screen.getByRole('menu', { name: 'Wallet' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });
});
