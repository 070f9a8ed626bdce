import type { Address } from '@solana/kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { getUiState } from '../../lib/store.ts';
import type { WalletState } from '../../lib/wallet/wallet-context.tsx';
import { Header } from './header.tsx';

const walletState = vi.hoisted(() => ({ current: null as WalletState | null }));

vi.mock('../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => walletState.current,
}));
// The header's other buttons are features with their own tests; here only the chips' presence matters.
vi.mock('../../features/admin/components/admin-button.tsx', () => ({ AdminButton: () => null }));
vi.mock('../../features/profile/components/profile-avatar.tsx', () => ({ ProfileAvatar: () => null }));
vi.mock('../../features/sound/components/sound-toggle.tsx', () => ({ SoundToggle: () => null }));
vi.mock('../../features/wallet/components/wallet-button.tsx', () => ({
  WalletButton: () => <button type="button">Connect wallet</button>,
}));
vi.mock('../../features/juice/components/juice-popover.tsx', () => ({
  JuicePopover: () => <button type="button">Juice: 12</button>,
}));
vi.mock('../../features/wallet/components/sol-balance-chip.tsx', () => ({
  SolBalanceChip: () => <div>1.5 SOL</div>,
}));

function renderHeader() {
  return render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
}

describe('Header', () => {
  it('shows a Juice chip that opens the connect dialog, and no balance, without a wallet', async () => {
    walletState.current = { wallet: null, connecting: false, disconnect: async () => {} };
    const { container } = renderHeader();
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeTruthy();
    const juice = screen.getByRole('button', { name: 'Juice: connect a wallet to earn and claim it' });
    fireEvent.click(juice);
    expect(getUiState().modal).toBe('connect');
    expect(screen.queryByText('1.5 SOL')).toBeNull();
    expect(container.querySelector('.animate-pulse')).toBeNull();
  });

  it('holds the chips’ places while their code downloads, then shows them once a wallet is connected', async () => {
    walletState.current = {
      wallet: {
        address: 'Wa11etAddress1111111111111111111111111111111' as Address,
        walletName: 'Test',
        icon: '',
        isLocal: false,
      },
      connecting: false,
      disconnect: async () => {},
    };
    const { container } = renderHeader();
    expect(container.querySelectorAll('[aria-hidden="true"].animate-pulse')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Juice: 12' })).toBeTruthy();
    expect(await screen.findByText('1.5 SOL')).toBeTruthy();
    expect(container.querySelector('.animate-pulse')).toBeNull();
  });
});
