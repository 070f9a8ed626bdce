import { LOCAL_STORAGE_KEYS } from '@arcade/sdk/constants';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getUiState, ui } from '../../../lib/store.ts';
import { AgeGateModal } from './age-gate-modal.tsx';

beforeEach(() => {
  localStorage.clear();
  act(() => {
    ui.reload();
  });
});

describe('AgeGateModal', () => {
  it('shows the disclosure while the age is not confirmed, with no way to dismiss it', async () => {
    render(<AgeGateModal />);
    const dialog = screen.getByRole('dialog', { name: 'Before you play' });
    expect(dialog.textContent).toContain(
      'I confirm that gambling is not forbidden by my local authorities and that I am at least 18 years old.',
    );
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('refuses to confirm until the box is ticked', async () => {
    render(<AgeGateModal />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Please check the box to confirm!');
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    expect(getUiState().ageCheck).toBe(false);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ageCheck)).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('stores the age check and closes once confirmed', async () => {
    render(<AgeGateModal />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /at least 18 years old/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ageCheck)).toBe('true');
    expect(getUiState().ageCheck).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays hidden for a user who already confirmed', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.ageCheck, 'true');
    act(() => {
      ui.reload();
    });
    render(<AgeGateModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
