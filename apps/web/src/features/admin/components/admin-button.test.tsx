import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { getUiState, ui } from '../../../lib/store.ts';
import { ADMIN, ADMIN_2, PLAYER, setTestConfig } from '../testing/admin-test-utils.tsx';
import { AdminButton } from './admin-button.tsx';

const walletState = vi.hoisted(() => ({ address: null as string | null }));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet:
      walletState.address === null
        ? null
        : { address: walletState.address, walletName: 'Test', icon: '', isLocal: true },
    connecting: false,
    disconnect: () => Promise.resolve(),
  }),
}));

describe('AdminButton', () => {
  beforeEach(() => {
    setTestConfig();
    ui.closeModal();
  });

  it('renders nothing without a connected wallet', () => {
    walletState.address = null;
    const { container } = render(<AdminButton />);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for a wallet that is not an admin', () => {
    walletState.address = PLAYER;
    const { container } = render(<AdminButton />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([ADMIN, ADMIN_2])('shows for admin %s and opens the admin modal', async (address) => {
    walletState.address = address;
    render(<AdminButton />);
    const button = screen.getByRole('button', { name: 'Open the operator console' });
    expect(getUiState().modal).toBeNull();
    await userEvent.click(button);
    expect(getUiState().modal).toBe('admin');
  });
});
