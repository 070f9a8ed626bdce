import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionState } from '../../lib/session/session.tsx';
import { getUiState, ui } from '../../lib/store.ts';
import { toast, useToasts } from '../../lib/toast.ts';
import { PnlSummary } from '../../features/history/components/pnl-summary.tsx';
import { JuicePopover } from '../../features/juice/components/juice-popover.tsx';
import { JUICE_CLAIM_PROGRAMS } from '../../features/juice/api/claim-juice.ts';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const TOKEN = 'session-token';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW_SECS = NOW / 1000;

const mocks = vi.hoisted(() => ({
  wallet: null as null | { address: string },
  session: null as null | Pick<SessionState, 'session' | 'status' | 'blocked'>,
  send: vi.fn<(input: { transaction: string; lastValidBlockHeight?: bigint }) => Promise<string>>(),
  signIn: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet:
      mocks.wallet === null
        ? null
        : { address: mocks.wallet.address, walletName: 'Local', icon: '', isLocal: true },
    connecting: false,
    disconnect: () => Promise.resolve(),
  }),
}));

vi.mock('../../lib/session/session.tsx', () => ({
  useSession: () => ({
    ...(mocks.session ?? { session: null, status: 'signed-out', blocked: false }),
    signIn: mocks.signIn,
    signOut: () => undefined,
  }),
}));

vi.mock('../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () => mocks.send,
}));

interface JuiceBody {
  balance: string;
  earned: string;
  claimed: string;
  claimable: string;
  lastClaim: number;
  nextClaimAt: number;
}

let juice: JuiceBody;
/** When set, the Juice read fails with this answer. */
let juiceFailure: { status: number; body: unknown } | null;
let claimAnswer: { status: number; body: unknown };
let requests: { method: string; path: string; auth: string | null }[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function Toasts() {
  const toasts = useToasts();
  return (
    <ul aria-label="toasts">
      {toasts.map((t) => (
        <li key={t.id}>{`${t.kind}: ${t.message}`}</li>
      ))}
    </ul>
  );
}

function toastTexts(): string[] {
  return within(screen.getByRole('list', { name: 'toasts' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
}

function renderPopover(withHistory = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <JuicePopover />
      {withHistory && <PnlSummary address={ADDRESS} />}
      <Toasts />
    </QueryClientProvider>,
  );
}

/** A PnL answer with no bets; its Juice is the server's stale copy, which History must not show. */
const ZERO_GAME = {
  bets: 0,
  wins: 0,
  losses: 0,
  wagered: '0',
  fees: '0',
  payouts: '0',
  refunds: '0',
  net: '0',
  unclaimed: '0',
  open: 0,
  atStake: '0',
};

async function openPopover() {
  await userEvent.click(screen.getByRole('button', { name: /^Juice/ }));
  return screen.findByRole('dialog', { name: 'Juice' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  mocks.wallet = { address: ADDRESS };
  mocks.session = {
    session: { address: ADDRESS as never, token: TOKEN },
    status: 'signed-in',
    blocked: false,
  };
  mocks.send.mockReset();
  mocks.signIn.mockClear();
  requests = [];
  juice = {
    balance: '12500000',
    earned: '17300000',
    claimed: '12500000',
    claimable: '4800000',
    lastClaim: 0,
    nextClaimAt: 0,
  };
  juiceFailure = null;
  claimAnswer = {
    status: 200,
    body: { success: true, transaction: 'AQID', amount: '4800000', nextClaimAt: 0 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      requests.push({ method: init?.method ?? 'GET', path: input, auth: headers['authorization'] ?? null });
      if (input === `/api/user/juice/${ADDRESS}`) {
        if (juiceFailure !== null) return Promise.resolve(json(juiceFailure.status, juiceFailure.body));
        return Promise.resolve(json(200, { success: true, decimals: 6, ...juice }));
      }
      if (input === '/api/user/claimJuice')
        return Promise.resolve(json(claimAnswer.status, claimAnswer.body));
      if (input === `/api/user/pnl/${ADDRESS}`) {
        return Promise.resolve(
          json(200, {
            success: true,
            address: ADDRESS,
            games: { tailspin: ZERO_GAME, retail: ZERO_GAME, foresight: ZERO_GAME, prophecy: ZERO_GAME },
            total: ZERO_GAME,
            juice: { accrued: '1', claimed: '0', claimable: '1' },
            referrals: { fees: '0', referredUserCount: 0, claimable: '0', claimed: '0' },
          }),
        );
      }
      return Promise.resolve(json(404, { success: false, error: 'Not found' }));
    }),
  );
  act(() => {
    ui.reload();
    toast.clear();
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => {
    toast.clear();
  });
});

describe('JuicePopover', () => {
  it('shows the balance on the chip and the balance, claimable amount and how Juice is earned', async () => {
    renderPopover();
    expect(await screen.findByRole('button', { name: 'Juice: 12.5' })).toBeTruthy();
    const dialog = await openPopover();
    expect(within(dialog).getByTestId('juice-balance').textContent).toBe('12.5');
    expect(within(dialog).getByTestId('juice-claimable').textContent).toBe('4.8');
    expect(dialog.textContent).toContain('Earn 2,400 Juice for every 1 SOL you wager');
    expect(within(dialog).getByTestId('juice-countdown').textContent).toBe('Ready');
    expect(within(dialog).getByRole('button', { name: 'Claim' }).hasAttribute('disabled')).toBe(false);
  });

  it('disables Claim inside the 24-hour window and counts down every second', async () => {
    // Claimed 1 h 0 m 5 s short of a day ago: the next claim opens in 01:00:05.
    juice = { ...juice, lastClaim: NOW_SECS - 86_400 + 3_605, nextClaimAt: NOW_SECS + 3_605 };
    renderPopover();
    const dialog = await openPopover();
    const countdown = await within(dialog).findByTestId('juice-countdown');
    await waitFor(() => {
      expect(countdown.textContent).toBe('01:00:05');
    });
    const claim = within(dialog).getByRole('button', { name: 'Claim in 01:00:05' });
    expect(claim.hasAttribute('disabled')).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(countdown.textContent).toBe('01:00:04');
    act(() => {
      vi.advanceTimersByTime(3_604_000);
    });
    expect(countdown.textContent).toBe('Ready');
    expect(within(dialog).getByRole('button', { name: 'Claim' }).hasAttribute('disabled')).toBe(false);
  });

  it('falls back to lastClaim + 86,400 s when the server sends no nextClaimAt', async () => {
    juice = { ...juice, lastClaim: NOW_SECS - 86_400 + 60, nextClaimAt: 0 };
    renderPopover();
    const dialog = await openPopover();
    await waitFor(() => {
      expect(within(dialog).getByTestId('juice-countdown').textContent).toBe('00:01:00');
    });
    expect(
      within(dialog)
        .getByRole('button', { name: /^Claim in/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('never counts down from more than 24:00:00 when the device clock is a moment behind the server', async () => {
    // The server recorded the claim 1 s "in the future" of this device's clock.
    juice = { ...juice, lastClaim: NOW_SECS + 1, nextClaimAt: NOW_SECS + 1 + 86_400 };
    renderPopover();
    const dialog = await openPopover();
    await waitFor(() => {
      expect(within(dialog).getByTestId('juice-countdown').textContent).toBe('24:00:00');
    });
    expect(within(dialog).getByRole('button', { name: 'Claim in 24:00:00' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('disables Claim when nothing is claimable', async () => {
    juice = { ...juice, claimable: '0' };
    renderPopover();
    const dialog = await openPopover();
    await within(dialog).findByTestId('juice-claimable');
    expect(within(dialog).getByRole('button', { name: 'Claim' }).hasAttribute('disabled')).toBe(true);
    expect(dialog.textContent).toContain('Nothing to claim yet');
  });

  it('offers sign-in instead of Claim when signed out', async () => {
    mocks.session = null;
    renderPopover();
    const dialog = await openPopover();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sign in to claim' }));
    expect(mocks.signIn).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('asks a visitor without a wallet to connect one', async () => {
    mocks.wallet = null;
    mocks.session = null;
    renderPopover();
    const dialog = await openPopover();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect wallet' }));
    expect(getUiState().modal).toBe('connect');
  });

  it('claims: sends the server-signed transaction through the wallet, then refetches', async () => {
    let approve: (signature: string) => void = () => undefined;
    mocks.send.mockImplementation(
      () =>
        new Promise<string>((resolve) => {
          approve = resolve;
        }),
    );
    renderPopover();
    const dialog = await openPopover();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Claim' }));
    // One pending info toast, turned into the outcome.
    await waitFor(() => {
      expect(toastTexts()).toEqual(['info: Approve the claim of 4.8 Juice in your wallet…']);
    });
    act(() => {
      approve('sig');
    });
    await waitFor(() => {
      expect(toastTexts()).toEqual(['success: Claimed successfully!']);
    });
    // Only a claim that creates the Juice account and mints reaches the wallet.
    expect(mocks.send).toHaveBeenCalledWith({
      transaction: 'AQID',
      expect: {
        programs: [
          'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
          'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          'ComputeBudget111111111111111111111111111111',
        ],
      },
    });
    expect(requests).toContainEqual({
      method: 'POST',
      path: '/api/user/claimJuice',
      auth: `Bearer ${TOKEN}`,
    });
    await waitFor(() => {
      expect(requests.filter((r) => r.path === `/api/user/juice/${ADDRESS}`).length).toBe(2);
    });
  });

  it('shows earned, claimed and claimable, and History shows the same figures, refreshed by a claim without a reload', async () => {
    mocks.send.mockImplementation(() => {
      // The claim lands: the server now counts it as claimed.
      juice = { ...juice, balance: '17300000', claimed: '17300000', claimable: '0', lastClaim: NOW_SECS };
      return Promise.resolve('sig');
    });
    renderPopover(true);
    const history = await screen.findByRole('region', { name: 'Realised profit and loss' });
    await waitFor(() => {
      expect(within(history).getByTestId('history-juice-claimable').textContent).toBe('4.8');
    });
    expect(history.textContent).toContain('Juice claimable4.8Earned 17.3 · claimed 12.5');
    const dialog = await openPopover();
    expect((await within(dialog).findByTestId('juice-claimable')).textContent).toBe('4.8');
    expect(within(dialog).getByTestId('juice-earned-claimed').textContent).toBe('Earned 17.3 · claimed 12.5');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['success: Claimed successfully!']);
    });
    // Both read the one refreshed answer: no "0 claimed" until a reload.
    await waitFor(() => {
      expect(history.textContent).toContain('Juice claimable0Earned 17.3 · claimed 17.3');
    });
    expect(within(dialog).getByTestId('juice-claimable').textContent).toBe('0');
    expect(within(dialog).getByTestId('juice-earned-claimed').textContent).toBe('Earned 17.3 · claimed 17.3');
    // The PnL is refetched too.
    expect(requests.filter((r) => r.path === `/api/user/pnl/${ADDRESS}`).length).toBe(2);
  });

  it("passes the server's lastValidBlockHeight (a u64 string) to the sender", async () => {
    claimAnswer = {
      status: 200,
      body: {
        success: true,
        transaction: 'AQID',
        amount: '4800000',
        nextClaimAt: 0,
        lastValidBlockHeight: '18446744073709551615',
      },
    };
    mocks.send.mockResolvedValue('sig');
    renderPopover();
    const dialog = await openPopover();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Claim' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['success: Claimed successfully!']);
    });
    expect(mocks.send).toHaveBeenCalledWith({
      transaction: 'AQID',
      expect: { programs: JUICE_CLAIM_PROGRAMS },
      lastValidBlockHeight: 18_446_744_073_709_551_615n,
    });
  });

  it('shows "—" (not 0) with the reason on the chip when Juice cannot be read, and retries from the popover', async () => {
    juiceFailure = { status: 500, body: { success: false, error: 'Database down' } };
    renderPopover();
    const chip = await screen.findByRole('button', { name: 'Juice: Juice could not be loaded' });
    expect(chip.textContent).toBe('—!');
    expect(chip.getAttribute('title')).toBe('Juice could not be loaded: Database down');
    const dialog = await openPopover();
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Juice could not be loaded');
    expect(alert.textContent).toContain('Database down');
    expect(within(dialog).getByTestId('juice-balance').textContent).toBe('—');

    juiceFailure = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Juice: 12.5' })).toBeTruthy();
    expect(await within(dialog).findByTestId('juice-claimable')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Juice: 12.5' }).hasAttribute('title')).toBe(false);
  });

  it("shows 'Failed to claim!' and the error when the wallet refuses", async () => {
    mocks.send.mockRejectedValue(new Error('User Rejected Transaction'));
    renderPopover();
    const dialog = await openPopover();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Claim' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['error: Failed to claim!', 'error: User Rejected Transaction']);
    });
  });

  it("shows 'Failed to claim!' with the server's refusal", async () => {
    claimAnswer = {
      status: 400,
      body: { success: false, error: 'Juice can be claimed once every 24 hours' },
    };
    renderPopover();
    const dialog = await openPopover();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Claim' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual([
        'error: Failed to claim!',
        'error: Juice can be claimed once every 24 hours',
      ]);
    });
    expect(mocks.send).not.toHaveBeenCalled();
  });
});
