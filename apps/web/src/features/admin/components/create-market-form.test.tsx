import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast.ts';
import {
  fakeMarket,
  mockFetch,
  renderWithQuery,
  setTestConfig,
  ToastList,
  toastTexts,
} from '../testing/admin-test-utils.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/prophecy/market-proposal.ts';
import { CreateMarketForm } from './create-market-form.tsx';

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: { address: '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS', token: 'admin-token' },
    status: 'signed-in',
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  }),
}));

const HOUR = 3600;

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, cutoff: string, end: string) {
  await user.type(screen.getByLabelText('Question (name)'), '  Will SOL close above $300?  ');
  await user.type(screen.getByLabelText('Short name'), 'SOL > $300');
  await user.selectOptions(screen.getByLabelText('Category'), 'Solana');
  await user.type(screen.getByLabelText('Rules (description)'), 'Resolves on the Pyth SOL/USD close.');
  await user.type(screen.getByLabelText('Image URL (optional)'), 'https://example.com/sol.png');
  await user.clear(screen.getByLabelText('Yes option'));
  await user.type(screen.getByLabelText('Yes option'), 'Above');
  await user.type(screen.getByLabelText('Predictions close (cutoff)'), cutoff);
  await user.type(screen.getByLabelText('Market ends'), end);
}

describe('CreateMarketForm', () => {
  beforeEach(() => {
    setTestConfig();
    toast.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the server-worded messages and sends nothing while the form is invalid', async () => {
    const calls = mockFetch({});
    const user = userEvent.setup();
    renderWithQuery(<CreateMarketForm />);
    await user.clear(screen.getByLabelText('No option'));
    await user.click(screen.getByRole('button', { name: 'Create market' }));

    expect(screen.getByText('Name cannot be empty')).toBeTruthy();
    expect(screen.getByText('Short name cannot be empty')).toBeTruthy();
    expect(screen.getByText('Rules cannot be empty')).toBeTruthy();
    expect(screen.getByText('No option cannot be empty')).toBeTruthy();
    expect(screen.getByText('Pick an end time')).toBeTruthy();
    expect(screen.getByText('Pick a cutoff time')).toBeTruthy();
    expect(screen.getByLabelText('Question (name)').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('refuses a cutoff in the past, a cutoff after the end and a bad image', async () => {
    const calls = mockFetch({});
    const user = userEvent.setup();
    renderWithQuery(<CreateMarketForm />);
    const now = Math.floor(Date.now() / 1000);
    await user.type(screen.getByLabelText('Image URL (optional)'), 'ftp://example.com/a.png');
    await user.type(screen.getByLabelText('Predictions close (cutoff)'), toDateTimeLocal(now - 2 * HOUR));
    await user.type(screen.getByLabelText('Market ends'), toDateTimeLocal(now + 2 * HOUR));
    await user.click(screen.getByRole('button', { name: 'Create market' }));
    expect(screen.getByText('Cutoff time must be in the future')).toBeTruthy();
    expect(screen.getByText('Invalid image')).toBeTruthy();

    await user.clear(screen.getByLabelText('Predictions close (cutoff)'));
    await user.type(screen.getByLabelText('Predictions close (cutoff)'), toDateTimeLocal(now + 3 * HOUR));
    await user.click(screen.getByRole('button', { name: 'Create market' }));
    expect(screen.getByText('Cutoff time must not be after the end time')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the exact createMarket body with the admin token, then clears the form', async () => {
    const calls = mockFetch({
      'POST /api/prophecy/createMarket': { body: { success: true, market: fakeMarket() } },
    });
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <CreateMarketForm />
        <ToastList />
      </>,
    );
    const now = Math.floor(Date.now() / 1000);
    const cutoff = toDateTimeLocal(now + 24 * HOUR);
    const end = toDateTimeLocal(now + 48 * HOUR);
    await fillValidForm(user, cutoff, end);
    await user.click(screen.getByRole('button', { name: 'Create market' }));

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/prophecy/createMarket',
      authorization: 'Bearer admin-token',
      body: {
        name: 'Will SOL close above $300?',
        shortName: 'SOL > $300',
        yesOption: 'Above',
        noOption: 'No',
        invalidOption: 'Invalid',
        category: 'Solana',
        image: 'https://example.com/sol.png',
        rules: 'Resolves on the Pyth SOL/USD close.',
        endTime: fromDateTimeLocal(end),
        cutoffTime: fromDateTimeLocal(cutoff),
      },
    });
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('Short name').value).toBe('');
    });
    expect(toastTexts()).toEqual(['success: Market created: SOL > $300']);
  });

  it('keeps the form and shows the server error when creation fails', async () => {
    mockFetch({
      'POST /api/prophecy/createMarket': {
        status: 502,
        body: { success: false, error: 'The chain is unavailable, try again' },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <CreateMarketForm />
        <ToastList />
      </>,
    );
    const now = Math.floor(Date.now() / 1000);
    await fillValidForm(user, toDateTimeLocal(now + 24 * HOUR), toDateTimeLocal(now + 48 * HOUR));
    await user.click(screen.getByRole('button', { name: 'Create market' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual([
        'error: Failed to create market',
        'error: The chain is unavailable, try again',
      ]);
    });
    expect(screen.getByLabelText<HTMLInputElement>('Short name').value).toBe('SOL > $300');
  });
});
