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
import { MarketCard } from './market-card.tsx';

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: { address: '8z9r9jJf9u2wEsuEci9YczEubqznRCMp4jpjzz8RDBmS', token: 'admin-token' },
    status: 'signed-in',
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  }),
}));

/** After the market's cutoff (1_700_050_000), so it can be resolved. */
const AFTER_CUTOFF_MS = 1_700_060_000_000;

describe('MarketCard', () => {
  beforeEach(() => {
    setTestConfig();
    toast.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows pools and counts with the market’s own option names', () => {
    mockFetch({});
    renderWithQuery(<MarketCard market={fakeMarket()} now={AFTER_CUTOFF_MS} />);
    expect(screen.getByText('Awaiting result')).toBeTruthy();
    expect(screen.getByText('3 predictions')).toBeTruthy();
    expect(screen.getByText('2 predictions')).toBeTruthy();
    expect(screen.getByText('5 predictions')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve Above' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve Below' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve Void' })).toBeTruthy();
  });

  it('offers no resolve before the cutoff', () => {
    mockFetch({});
    renderWithQuery(<MarketCard market={fakeMarket()} now={1_700_000_000_000} />);
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(screen.getByText('Resolvable after the cutoff.')).toBeTruthy();
  });

  it('names the outcome in a confirm step, sends nothing on cancel, and sends the chosen result on confirm', async () => {
    const calls = mockFetch({
      'POST /api/prophecy/resolveMarket': {
        body: { success: true, market: fakeMarket({ result: 'no' }) },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <MarketCard market={fakeMarket()} now={AFTER_CUTOFF_MS} />
        <ToastList />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Resolve Above' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Resolve SOL > $300 as Above?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Resolve Below' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Resolve SOL > $300 as Below?');
    expect(dialog.textContent).toContain('2 winning predictions share the 4.5 SOL pool.');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Resolve Below' }));

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/prophecy/resolveMarket',
      authorization: 'Bearer admin-token',
      body: { market: 'Mkt1111111111111111111111111111111111111111', result: 'no' },
    });
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(toastTexts()).toEqual(['success: Market resolved: Below']);
  });

  it('says so when the program records Invalid because nobody predicted the chosen side', async () => {
    mockFetch({
      'POST /api/prophecy/resolveMarket': {
        body: { success: true, market: fakeMarket({ result: 'invalid', yesCount: 0 }) },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <MarketCard market={fakeMarket({ yesCount: 0, yesPool: '0' })} now={AFTER_CUTOFF_MS} />
        <ToastList />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Resolve Above' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Nobody predicted it, so the program records Invalid and refunds everyone.',
    );
    await user.click(screen.getByRole('button', { name: 'Resolve Above' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['success: Market resolved: Void (nobody predicted Above)']);
    });
  });

  it('keeps the confirm step open and shows the server text when resolving fails', async () => {
    mockFetch({
      'POST /api/prophecy/resolveMarket': {
        status: 409,
        body: { success: false, error: 'Market already resolved' },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<MarketCard market={fakeMarket()} now={AFTER_CUTOFF_MS} />);
    await user.click(screen.getByRole('button', { name: 'Resolve Void' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('All 5 predictions are refunded.');
    await user.click(screen.getByRole('button', { name: 'Resolve Void' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Market already resolved');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
