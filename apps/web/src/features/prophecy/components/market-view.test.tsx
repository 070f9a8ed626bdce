import { MIN_BET_LAMPORTS, PROPHECY_FEE_BPS } from '@arcade/sdk/constants';
import { FAILURE_TOASTS, SUCCESS_TOASTS, UI_TEXT } from '@arcade/sdk/messages';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import {
  getUpdatePredictionInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Instruction } from '@solana/kit';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { formatCountdown, formatPercent, formatSol, formatSolDecimal } from '../../../lib/format.ts';
import { getUiState, ui } from '../../../lib/store.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import type { MarketWithRules } from '../api/get-market.ts';
import { RENT } from '../../../testing/mock-chain.ts';
import { FakeChain, TEST_ADDRESSES } from '../testing/fake-chain.ts';
import { predictionReserve } from '../utils/amount.ts';
import { MarketView } from './market-view.tsx';

const SOL = 1_000_000_000n;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW_SECS = NOW / 1000;
const { market: MARKET, player: PLAYER } = TEST_ADDRESSES;

const mocks = vi.hoisted(() => ({
  chain: null as unknown as FakeChain,
  wallet: null as null | string,
  sent: [] as { instructions: readonly Instruction[] }[],
  sendError: null as Error | null,
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet:
      mocks.wallet === null ? null : { address: mocks.wallet, walletName: 'Test', icon: '', isLocal: true },
    connecting: false,
    disconnect: () => Promise.resolve(),
  }),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () =>
    mocks.wallet === null
      ? null
      : (input: { instructions: readonly Instruction[] }) => {
          mocks.sent.push(input);
          return mocks.sendError === null ? Promise.resolve('signature') : Promise.reject(mocks.sendError);
        },
}));

function serverMarket(overrides: Partial<MarketWithRules> = {}): MarketWithRules {
  return {
    key: MARKET,
    startTime: NOW_SECS - 3_600,
    endTime: NOW_SECS + 7_200,
    cutOffTime: NOW_SECS + 3_600,
    yesCount: 0,
    noCount: 0,
    totalCount: 0,
    yesPool: 0n,
    noPool: 0n,
    totalPool: 0n,
    isSettled: false,
    settledCount: 0,
    result: null,
    referrer: null,
    marketMetadata: {
      name: 'Will SOL close above $300?',
      shortName: 'SOL > $300',
      yesOption: 'Above',
      noOption: 'Below',
      invalidOption: 'Void',
      category: 'Crypto',
      image: null,
      rules: 'Resolves from the close price on a public exchange.',
    },
    ...overrides,
  };
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

const toastTexts = () =>
  within(screen.getByRole('list', { name: 'toasts' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

function show(market: MarketWithRules = serverMarket()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MarketView market={market} />
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sentNames = () =>
  mocks.sent.flatMap((s) => s.instructions.map((i) => identifyWagerInstruction(i.data ?? new Uint8Array())));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  mocks.chain = new FakeChain();
  mocks.wallet = null;
  mocks.sent = [];
  mocks.sendError = null;
  setRuntimeConfig({
    cluster: 'localnet',
    rpcUrl: '/rpc',
    rpcFallbackUrl: null,
    rpcWsUrl: '/rpc',
    programs: { wager: TEST_ADDRESSES.wager, foresight: TEST_ADDRESSES.wager },
    mints: { juice: PLAYER, usdc: PLAYER, usdt: PLAYER },
    priceAccount: PLAYER,
    admins: [TEST_ADDRESSES.admin],
    communityChatUrl: 'https://discord.com',
    socialUrl: 'https://x.com',
    announcement: null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const body = input.startsWith('/api/user/marketBets')
        ? { success: true, items: [], nextCursor: null }
        : input.includes('/comments')
          ? { success: true, comments: [], nextCursor: null }
          : { success: false, error: 'Not found' };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 'success' in body && body.success ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.clear();
  ui.closeModal();
});

describe('an open market', () => {
  it('counts down to the cutoff and asks a visitor to connect', async () => {
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600 });
    show();
    expect(screen.getByTestId('market-status').textContent).toBe('Open');
    expect(screen.getAllByRole('timer')[0]?.textContent).toBe(formatCountdown(3_600_000));
    await userEvent.click(screen.getByRole('button', { name: 'Connect wallet to predict' }));
    expect(getUiState().modal).toBe('connect');
  });

  it('checks the amount, then sends create_prediction and shows the pool grow live', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, 2n * SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600, noPool: SOL, noCount: 1 });
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Above/ }));
    const amount = screen.getByLabelText('Amount', { exact: true });
    await userEvent.type(amount, '0.005');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      `The minimum prediction is ${formatSol(MIN_BET_LAMPORTS)}`,
    );
    expect(screen.getByRole('button', { name: /^Predict Above/ })).toHaveProperty('disabled', true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '3');
    expect(screen.getByRole('alert').textContent).toBe('Not enough SOL in your wallet');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1');
    // 1 SOL on Above against 1 SOL on Below: a win pays 2 SOL less the 3% fee.
    expect(screen.getByText('If Above wins you get').nextSibling?.textContent).toBe(
      formatSol(1_940_000_000n),
    );
    await userEvent.click(screen.getByRole('button', { name: /^Predict Above/ }));
    await waitFor(() => {
      expect(toastTexts()).toContain(`success: Prediction placed: ${formatSol(SOL)} on Above`);
    });
    expect(sentNames()).toEqual(['create_prediction']);
    // The chain confirms: the market's pools move through the subscription, without a reload.
    await act(() =>
      mocks.chain.setMarket(MARKET, {
        cutoffTime: NOW_SECS + 3_600,
        yesPool: SOL,
        noPool: SOL,
        yesCount: 1,
        noCount: 1,
      }),
    );
    await waitFor(() => {
      expect(screen.getByTestId('side-yes').textContent).toContain(formatSol(SOL));
    });
    expect(screen.getByTestId('side-yes').textContent).toContain('×2.00');
  });

  it("keeps the fees and the new prediction account's rent out of a first prediction", async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600, noPool: SOL, noCount: 1 });
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Above/ }));
    const amount = screen.getByLabelText('Amount', { exact: true });
    // The whole balance fits the stake but not the signature fee, the priority fee and the rent on top.
    await userEvent.type(amount, '1');
    await userEvent.tab();
    const reserve = predictionReserve(RENT);
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        `Not enough SOL in your wallet: keep ${formatSolDecimal(reserve)} SOL for the network fee and the prediction's account deposit`,
      );
    });
    expect(screen.getByRole('button', { name: /^Predict Above/ })).toHaveProperty('disabled', true);
    await userEvent.clear(amount);
    await userEvent.type(amount, formatSolDecimal(SOL - reserve));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Predict Above/ }));
    await waitFor(() => {
      expect(sentNames()).toEqual(['create_prediction']);
    });
  });

  it('waits for the account deposit before a first prediction can be sent', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600, noPool: SOL, noCount: 1 });
    // The node does not answer the rent (yet): the deposit is unknown.
    const rpc = mocks.chain.rpc.bind(mocks.chain);
    vi.spyOn(mocks.chain, 'rpc').mockImplementation(() => ({
      ...rpc(),
      getMinimumBalanceForRentExemption: () => ({ send: () => new Promise<bigint>(() => undefined) }),
    }));
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Above/ }));
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '0.5');
    await screen.findByText('Reading the account deposit…');
    expect(screen.getByRole('button', { name: /^Predict Above/ })).toHaveProperty('disabled', true);
  });

  it('keeps only the fees out of an addition: the prediction account exists', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600, yesPool: SOL, yesCount: 1 });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL });
    show();
    await screen.findByRole('heading', { name: 'Add to your prediction' });
    const amount = screen.getByLabelText('Amount', { exact: true });
    const reserve = predictionReserve(0n);
    await userEvent.type(amount, formatSolDecimal(SOL - reserve + 1n));
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      `Not enough SOL in your wallet: keep ${formatSolDecimal(reserve)} SOL for the network fee`,
    );
    await userEvent.clear(amount);
    // More than a first prediction could stake, since no rent is due.
    await userEvent.type(amount, formatSolDecimal(SOL - reserve));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Add to Above/ }));
    await waitFor(() => {
      expect(sentNames()).toEqual(['update_prediction']);
    });
  });

  it('warns that a win against an empty side only returns the stake less the fee', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, 5n * SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600 });
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Above/ }));
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '1');
    const market = { yesPool: SOL, noPool: 0n, result: MarketResult.Yes };
    expect(screen.getByText('If Above wins you get').nextSibling?.textContent).toBe(
      formatSol(predictionPayout(market, SOL, MarketResult.Yes)),
    );
    expect(
      screen.getByText(
        `Nobody backs Below yet: until someone does, a win only returns your stake less the ${formatPercent(Number(PROPHECY_FEE_BPS) / 100)} fee.`,
      ),
    ).toBeTruthy();
  });

  it('adds to an existing prediction with update_prediction and refuses the other side', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, 5n * SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600, yesPool: SOL, yesCount: 1 });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL });
    show();
    expect(await screen.findByRole('heading', { name: 'Add to your prediction' })).toBeTruthy();
    const other = screen.getByRole('radio', { name: /Below/ });
    expect(other.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/You can add to it, but not switch sides/).textContent).toBe(
      `You backed Above with ${formatSol(SOL)}. You can add to it, but not switch sides.`,
    );
    await userEvent.click(other);
    expect(screen.getByRole('radio', { name: /Above/ }).getAttribute('aria-checked')).toBe('true');
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '0.25');
    await userEvent.click(screen.getByRole('button', { name: /^Add to Above/ }));
    await waitFor(() => {
      expect(sentNames()).toEqual(['update_prediction']);
    });
    const data = mocks.sent[0]!.instructions[0]!.data!;
    expect(getUpdatePredictionInstructionDataCodec().decode(data).amount).toBe(250_000_000n);
  });

  it('sends one prediction for a double click', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, 5n * SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600 });
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Above/ }));
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '0.1');
    const button = screen.getByRole('button', { name: /^Predict Above/ });
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => {
      expect(toastTexts()).toContain(`success: Prediction placed: ${formatSol(100_000_000n)} on Above`);
    });
    expect(sentNames()).toEqual(['create_prediction']);
  });

  it('lists both bets right after the second confirms, before the server has indexed them', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, 5n * SOL);
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600 });
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Above/ }));
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '0.05');
    await userEvent.click(screen.getByRole('button', { name: /^Predict Above/ }));
    await waitFor(() => {
      expect(sentNames()).toEqual(['create_prediction']);
    });
    await act(() => mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: 50_000_000n }));
    await screen.findByRole('heading', { name: 'Add to your prediction' });
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '0.05');
    await userEvent.click(screen.getByRole('button', { name: /^Add to Above/ }));
    await waitFor(() => {
      expect(sentNames()).toEqual(['create_prediction', 'update_prediction']);
    });
    const list = await screen.findByRole('list', { name: 'Your bets on this market' });
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual([`Added ${formatSol(50_000_000n)}`, `Predicted ${formatSol(50_000_000n)}`]);
  });

  it('moves between the sides with the arrow keys', async () => {
    mocks.wallet = PLAYER;
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600 });
    show();
    const above = await screen.findByRole('radio', { name: /Above/ });
    above.focus();
    await userEvent.keyboard('{ArrowRight}');
    const below = screen.getByRole('radio', { name: /Below/ });
    expect(below.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(below);
    expect(screen.getByRole('button', { name: /^Predict Below/ })).toBeTruthy();
  });

  it('shows the caller message and the error text when the send fails', async () => {
    mocks.wallet = PLAYER;
    mocks.chain.balances.set(PLAYER, 5n * SOL);
    mocks.sendError = new Error('User Rejected Transaction');
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS + 3_600 });
    show();
    await userEvent.click(await screen.findByRole('radio', { name: /Below/ }));
    await userEvent.type(screen.getByLabelText('Amount', { exact: true }), '0.1');
    await userEvent.click(screen.getByRole('button', { name: /^Predict Below/ }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['error: Failed to place prediction', 'error: User Rejected Transaction']);
    });
    // What was typed stays, so the player can retry.
    expect(screen.getByLabelText<HTMLInputElement>('Amount', { exact: true }).value).toBe('0.1');
  });
});

describe('a closed market', () => {
  it('says betting is closed and the result is awaited, with the countdown done', async () => {
    mocks.wallet = PLAYER;
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 10, yesPool: SOL, yesCount: 1 });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL });
    show(serverMarket({ cutOffTime: NOW_SECS - 10 }));
    expect(screen.getByTestId('market-status').textContent).toBe('Awaiting result');
    expect(screen.getByRole('heading', { name: 'Betting closed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Predict/ })).toBeNull();
    expect(await screen.findByText(/You backed/)).toBeTruthy();
    expect(formatCountdown((NOW_SECS - 10) * 1000 - NOW)).toBe(UI_TEXT.countdownComplete);
  });

  it('takes the chain over the server when the cutoff moved', async () => {
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 5 });
    show(serverMarket({ cutOffTime: NOW_SECS + 3_600 }));
    expect(await screen.findByRole('heading', { name: 'Betting closed' })).toBeTruthy();
  });
});

describe('a resolved market', () => {
  const pools = { yesPool: 3n * SOL, noPool: 2n * SOL, yesCount: 2, noCount: 1 };

  it('shows a win, its payout from the SDK maths, and settles it on request until paid', async () => {
    mocks.wallet = PLAYER;
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools, result: 'yes' });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL });
    show(serverMarket({ cutOffTime: NOW_SECS - 100 }));
    const payout = predictionPayout({ ...pools, result: MarketResult.Yes }, SOL, MarketResult.Yes);
    expect(await screen.findByText('You won')).toBeTruthy();
    expect(screen.getByTestId('payout').textContent).toBe(formatSol(payout));
    expect(screen.getByTestId('market-status').textContent).toBe('Resolved: Above');
    expect(screen.getByText(/Payout pending/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Settle now' }));
    await waitFor(() => {
      expect(toastTexts()).toContain(`success: ${SUCCESS_TOASTS.claimed}`);
    });
    expect(sentNames()).toEqual(['settle_prediction']);
    await act(() => mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL, isClaimed: true }));
    expect(await screen.findByText('Paid to your wallet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settle now' })).toBeNull();
  });

  it('reports a failed settlement with the spec toast and the error text', async () => {
    mocks.wallet = PLAYER;
    mocks.sendError = new Error('Unknown RPC error');
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools, result: 'yes' });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL });
    show(serverMarket({ cutOffTime: NOW_SECS - 100 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Settle now' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual([`error: ${FAILURE_TOASTS.claimWinnings}`, 'error: Unknown RPC error']);
    });
  });

  it('shows a loss with nothing to settle', async () => {
    mocks.wallet = PLAYER;
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools, result: 'no' });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'yes', amount: SOL });
    show(serverMarket({ cutOffTime: NOW_SECS - 100 }));
    expect(await screen.findByText('Your prediction lost')).toBeTruthy();
    expect(screen.getByTestId('market-status').textContent).toBe('Resolved: Below');
    expect(screen.queryByRole('button', { name: 'Settle now' })).toBeNull();
  });

  it('refunds the stake when the market is invalid', async () => {
    mocks.wallet = PLAYER;
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools, result: 'invalid' });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'no', amount: 2n * SOL, isClaimed: true });
    show(serverMarket({ cutOffTime: NOW_SECS - 100 }));
    expect(await screen.findByText('Refund')).toBeTruthy();
    expect(screen.getByTestId('payout').textContent).toBe(formatSol(2n * SOL));
    expect(screen.getByText(/every prediction is refunded in full/)).toBeTruthy();
    expect(screen.getByText('Paid to your wallet')).toBeTruthy();
  });

  it('turns to the result live when the market resolves on chain', async () => {
    mocks.wallet = PLAYER;
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools });
    await mocks.chain.setPrediction(MARKET, PLAYER, { side: 'no', amount: SOL });
    show(serverMarket({ cutOffTime: NOW_SECS - 100 }));
    expect(await screen.findByRole('heading', { name: 'Betting closed' })).toBeTruthy();
    await act(() => mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools, result: 'no' }));
    expect(await screen.findByText('You won')).toBeTruthy();
    const payout = predictionPayout({ ...pools, result: MarketResult.No }, SOL, MarketResult.No);
    expect(screen.getByTestId('payout').textContent).toBe(formatSol(payout));
  });

  it('asks a visitor to connect to see their payout', async () => {
    await mocks.chain.setMarket(MARKET, { cutoffTime: NOW_SECS - 100, ...pools, result: 'yes' });
    show(serverMarket({ cutOffTime: NOW_SECS - 100, result: 'yes' }));
    expect(screen.getByText('Connect your wallet to see your payout.')).toBeTruthy();
  });
});
