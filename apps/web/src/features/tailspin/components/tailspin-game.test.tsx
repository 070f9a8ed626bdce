import type { TokenJson } from '@arcade/sdk/api/nfts';
import {
  BET_POLL_TIMEOUT_MS,
  BET_REFUND_DELAY_SECS,
  MAX_TRANSACTION_FEE_LAMPORTS,
} from '@arcade/sdk/constants';
import { ERROR_MESSAGES, FAQ_HINTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { TransactionSendError } from '@arcade/sdk/sender/send-error';
import { BetResult, BetState, BetType } from '@arcade/sdk/wager/accounts';
import { betFee, betStake, prizeFromStake } from '@arcade/sdk/wager/bet-math';
import { bytesToHex } from '@arcade/sdk/wager/fairness';
import {
  getClaimBetInstructionDataCodec,
  getCreateBetInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress } from '@arcade/sdk/wager/pda';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { AccountRole, address } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import betJson from '../../../../public/bet.json' with { type: 'json' };
import { Toaster } from '../../../components/toaster.tsx';
import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { getUiState, ui } from '../../../lib/store.ts';
import { toast } from '../../../lib/toast.ts';
import { solBalanceQueryKey } from '../../../lib/wallet/balance-query-key.ts';
import type { InstructionsInput } from '../../../lib/wallet/use-send-transaction.ts';
import {
  betData,
  houseData,
  putReveal,
  TEST_CONFIG,
  USER,
} from '../../../lib/wager-bet/testing/mock-chain.ts';
import { MockChain, RENT, WAGER } from '../../../testing/mock-chain.ts';
import { maxStakeForBalance, previewSol } from '../utils/stake.ts';
import { formatLamportsMin, formatSolDecimal } from '../../../lib/format.ts';
import { costSol } from '../../../lib/wager-bet/utils/bet-costs.ts';
import { TailSpinGame } from './tailspin-game.tsx';

const USDC = 'GDxipd68AFw3ak252RXPTSEdPHyQMd4Vo5hJQS1L14MZ';
const DESK = address('7c312Q2TPGbTyR8tBFHArfVmwzQagU6QMneCdLxD8ZV');
const TOKENS: TokenJson[] = [
  { id: NATIVE_MINT_ADDRESS, name: 'Solana', symbol: 'SOL', image: '', decimals: 9 },
  { id: USDC, name: 'USD Coin', symbol: 'USDC', image: '', decimals: 6 },
];

type SendInput = InstructionsInput;

const mocks = vi.hoisted(() => ({
  chain: null as unknown as MockChain,
  wallet: null as null | { address: string },
  send: vi.fn<(input: SendInput) => Promise<string>>(),
  api: vi.fn<
    (path: string, options?: { body?: unknown; query?: Record<string, unknown> }) => Promise<unknown>
  >(),
  play: vi.fn<(name: string) => void>(),
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));
vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));
vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () => (mocks.wallet === null ? null : mocks.send),
}));
vi.mock('../../../lib/referral/use-referral-capture.ts', () => ({
  useReferralCapture: () => ({ code: null, referrer: null, status: 'none' }),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  api: mocks.api,
}));
vi.mock('../../../lib/sound.ts', () => ({ usePlaySound: () => mocks.play, playSound: mocks.play }));

const HOUSE_LAMPORTS = 100_000_000_000n + RENT; // max prize 5 SOL
/** The slot hash a refund in time captures (`Bet.slotHash`). */
const CAPTURED = new Uint8Array(32).fill(0xa5);
/** Whether the next refund lands in time to capture the slot hash. */
let refundCaptures = true;
const NOW = 1_790_000_000n;
let house: string;
let betAccount: string;
let settleSignature = 'sig-settle';

/** The program's effect of each sent transaction on the bet record. */
function onSend(input: SendInput): Promise<string> {
  const names = input.instructions.map((ix) => (ix.data ? identifyWagerInstruction(ix.data) : null));
  if (names.includes('create_bet')) {
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: NOW + 10n }),
      RENT,
      true,
    );
    return Promise.resolve('sig-create');
  }
  if (names.includes('refund_bet')) {
    // In time: the refund captures the bet's slot hash (its result is kept), unless a test says otherwise.
    mocks.chain.set(
      betAccount,
      betData({
        state: BetState.Refunded,
        result: BetResult.Invalid,
        timestamp: NOW + 10n,
        slotHash: refundCaptures ? CAPTURED : new Uint8Array(32),
      }),
      RENT,
      true,
    );
    return Promise.resolve('sig-refund');
  }
  if (names.includes('claim_bet')) {
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Claimed, result: BetResult.Win, timestamp: NOW + 12n }),
      RENT,
      true,
    );
    return Promise.resolve('sig-claim');
  }
  return Promise.reject(new Error('unexpected transaction'));
}

/** The house settles the open bet. */
function settle(result: 'win' | 'loss', roll: number, betType: BetType = BetType.Sol) {
  act(() => {
    mocks.chain.set(
      betAccount,
      betData({
        state: BetState.Settled,
        result: result === 'win' ? BetResult.Win : BetResult.Loss,
        timestamp: NOW + 11n,
        betType,
        mint: betType === BetType.Token ? address(USDC) : NATIVE_MINT_ADDRESS,
      }),
      RENT,
      true,
    );
  });
  mocks.api.mockImplementation(routes({ roll }));
}

/** The lookup tables the swap route names (mainnet routes usually have some). */
let routeTables: string[] = [];

function routes({ roll = null as number | null, failQuote = false } = {}) {
  return (path: string, options?: { body?: unknown }) => {
    switch (path) {
      case '/api/user/bets':
        return Promise.resolve({
          items: [
            {
              signature: 'sig-create',
              randomValue: roll,
              settleSignature,
              amount: '1',
              fee: '0',
              listingPrice: '2',
            },
          ],
          nextCursor: null,
        });
      case '/api/price':
        return Promise.resolve({ data: { [USDC]: { id: USDC, price: 0.005 } } });
      case '/api/swap/quote':
        return failQuote
          ? Promise.reject(new Error('Quote expired'))
          : Promise.resolve({ success: true, outAmount: '39880000', inAmount: '200000000', quoteId: 'q1' });
      case '/api/swap/swap-instructions':
        return Promise.resolve({
          computeBudgetInstructions: [],
          setupInstructions: [
            {
              programId: '11111111111111111111111111111111',
              accounts: [{ pubkey: USER, isSigner: true, isWritable: true }],
              data: 'AQ==',
            },
          ],
          swapInstruction: {
            programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
            accounts: [{ pubkey: DESK, isSigner: true, isWritable: false }],
            data: 'Ag==',
          },
          cleanupInstruction: null,
          otherInstructions: [],
          addressLookupTableAddresses: routeTables,
          requiresCosign: true,
          body: options?.body,
        });
      case '/api/swap/cosign':
        return Promise.resolve({ success: true, required: true, transaction: 'cosigned' });
      default:
        return Promise.reject(new Error(`unexpected ${path}`));
    }
  };
}

let client: QueryClient;

function renderGame() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Toaster />
        <TailSpinGame tokens={TOKENS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The last sound played other than the dial's ticks: the result's sound is what the tests check. */
const lastSound = () =>
  mocks.play.mock.calls
    .map(([name]) => name)
    .filter((name) => name !== 'tick')
    .at(-1);
const stakeInput = () => screen.getByRole('textbox', { name: 'Stake' });
const oddsInput = () => screen.getByRole('textbox', { name: 'Win chance in percent' });
const toasts = () => screen.getByLabelText('Notifications').textContent;
/** The Spin button of 0.1 SOL at 50% (0.104 SOL with the fee): on a first bet, with the record's rent. */
const SPIN_FIRST = () => `Spin for ${costSol(104_000_000n + RENT)} SOL`;
const SPIN_NEXT = 'Spin for 0.104 SOL';
function breakdown(label: string) {
  const row = screen.getByText(label, { selector: 'dt' }).parentElement!;
  return within(row).getByRole('definition').textContent;
}

// The machine running the suite may be busy: wait for the page's answers (not for time to pass) longer.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(async () => {
  mocks.chain = new MockChain();
  mocks.wallet = { address: USER };
  mocks.send.mockReset().mockImplementation(onSend);
  mocks.api.mockReset().mockImplementation(routes());
  mocks.play.mockReset();
  settleSignature = 'sig-settle';
  refundCaptures = true;
  setRuntimeConfig(TEST_CONFIG);
  [house] = await findHouseAddress({ programAddress: WAGER });
  [betAccount] = await findBetAddress(USER, { programAddress: WAGER });
  mocks.chain.set(house, houseData(), HOUSE_LAMPORTS);
  mocks.chain.balances.set(USER, 10_000_000_000n);
  // Reduced motion: the needle lands at once, so results show without waiting for the animation.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(betJson))));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.clear();
  ui.closeModal();
});

describe('TailSpin form', () => {
  it('bets with the seed the Fairness disclosure shows: the player’s own, kept for the next bet', async () => {
    const own = 'fe'.repeat(32);
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    await userEvent.click(screen.getByRole('button', { name: /Fairness/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use my own seed' }));
    const input = screen.getByLabelText('Your own seed (64 hex digits)');
    await userEvent.clear(input);
    await userEvent.type(input, own);
    // Enter takes the seed; it does not spin.
    await userEvent.keyboard('{Enter}');
    expect(mocks.send).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your seed').getAttribute('title')).toBe(own);
    const spin = await screen.findByRole('button', { name: /^Spin for/ });
    await waitFor(() => {
      expect((spin as HTMLButtonElement).disabled).toBe(false);
    });
    await userEvent.click(spin);
    await screen.findByText('Spinning…');
    const create = mocks.send.mock.calls[0]![0].instructions.at(-1)!;
    expect(identifyWagerInstruction(create.data!)).toBe('create_bet');
    expect(bytesToHex(getCreateBetInstructionDataCodec().decode(create.data!).playerSeed)).toBe(own);
    expect(getUiState().playerSeed).toBe(own);
  });

  it('previews the prize, stake and fee with the SDK maths', async () => {
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    // The first bet's costs (the record's rent) have loaded.
    await screen.findByText('Bet record', { selector: 'dt' });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 95 }),
        fc.bigInt({ min: 10_000_000n, max: 2_000_000_000n }),
        (odds, stake) => {
          fireEvent.change(oddsInput(), { target: { value: String(odds) } });
          fireEvent.change(stakeInput(), { target: { value: previewSol(stake, 9) } });
          const prize = prizeFromStake(stake, odds);
          const charged = betStake(prize, odds);
          const pay = charged + betFee(charged) + RENT;
          expect(breakdown('Prize')).toContain(`${formatLamportsMin(prize)} SOL`);
          // Exact amounts: a 4% fee never reads as "0.00", the total never as the stake.
          expect(breakdown('Stake')).toBe(`${costSol(charged)} SOL`);
          expect(breakdown('Fee (4%)')).toBe(`${costSol(betFee(charged))} SOL`);
          expect(breakdown('Bet record')).toBe(`${costSol(RENT)} SOLfirst bet only: your record’s rent`);
          expect(breakdown('Network fee')).toBe('≈0.000006 SOLSolana’s, at most 0.005005');
          expect(breakdown('You pay')).toContain(`${costSol(pay)} SOL`);
          // The button says what leaves the wallet besides the network fee, to the lamport.
          expect(screen.getByRole('button', { name: /^Spin/ }).textContent).toBe(
            `Spin for ${costSol(pay)} SOL`,
          );
          expect(BigInt(Math.round(Number(costSol(pay)) * 1e9))).toBe(pay);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses a stake under the minimum or a prize over the house limit, saying why', async () => {
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    fireEvent.change(stakeInput(), { target: { value: '0.005' } });
    expect(screen.getByRole('alert').textContent).toBe('The smallest stake is 0.01 SOL.');
    // Never "Spin for 0.00 SOL": the button says what is wrong, and is disabled.
    const minimum = screen.getByRole<HTMLButtonElement>('button', { name: 'Minimum 0.01 SOL' });
    expect(minimum.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Spin for/ })).toBeNull();
    fireEvent.change(stakeInput(), { target: { value: '' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enter a stake' }).disabled).toBe(true);
    // The stake shortcuts are named by what they show, then what they do (axe: label-content-name-mismatch).
    expect(screen.getByRole('button', { name: '½, halve the stake' }).textContent).toBe('½, halve the stake');
    expect(screen.getByRole('button', { name: '2×, double the stake' })).toBeTruthy();
    fireEvent.change(stakeInput(), { target: { value: '3' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The largest prize the house covers right now is 5.0 SOL. Lower the stake or raise the win chance.',
    );
    const max = screen.getByRole('button', {
      name: 'Max, the largest stake the house and your balance allow',
    });
    // Max waits for the balance and the bet's extra costs.
    await waitFor(() => {
      expect(max).toHaveProperty('disabled', false);
    });
    await userEvent.click(max);
    expect(stakeInput()).toHaveProperty('value', '2.5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mocks.send).not.toHaveBeenCalled();
  });

  it('counts the bet record’s rent and the network fee on a first bet, before Spin is pressed', async () => {
    // 0.1 SOL at 50% costs 0.104 SOL: covered, but not with the new record's rent.
    const total = 104_000_000n;
    const balance = total + RENT - 1n;
    mocks.chain.balances.set(USER, balance);
    renderGame();
    fireEvent.change(stakeInput(), { target: { value: '0.1' } });
    // Before anything is pressed, under the stake.
    expect(
      await screen.findByText(
        'Not enough SOL: this bet needs 0.11 SOL with the fee, your bet record and the network fee, and you have 0.10 SOL.',
        { selector: '[role=alert]' },
      ),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Spin/ }).disabled).toBe(true);

    // Max leaves room for them (and for the most the priority fee may cost).
    const max = screen.getByRole('button', {
      name: 'Max, the largest stake the house and your balance allow',
    });
    await waitFor(() => {
      expect(max).toHaveProperty('disabled', false);
    });
    await userEvent.click(max);
    const stake = maxStakeForBalance(balance - RENT - MAX_TRANSACTION_FEE_LAMPORTS);
    expect(stakeInput()).toHaveProperty('value', formatSolDecimal(stake));
    expect(stake + betFee(stake) + RENT + MAX_TRANSACTION_FEE_LAMPORTS).toBeLessThanOrEqual(balance);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Spin for/ }));
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(1);
    });
  });

  it('leaves the rent out once the bet record exists', async () => {
    mocks.chain.set(betAccount, betData({ state: BetState.Settled, result: BetResult.Loss }));
    mocks.chain.balances.set(USER, 104_000_000n + MAX_TRANSACTION_FEE_LAMPORTS);
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    fireEvent.change(stakeInput(), { target: { value: '0.1' } });
    const spin = await screen.findByRole('button', { name: SPIN_NEXT });
    await waitFor(() => {
      expect(spin).toHaveProperty('disabled', false);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a visitor without a wallet to connect', async () => {
    mocks.wallet = null;
    renderGame();
    await userEvent.click(screen.getByRole('button', { name: 'Connect wallet to play' }));
    expect(getUiState().modal).toBe('connect');
  });
});

describe('TailSpin game', () => {
  async function placeBet(stake = '0.1') {
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    fireEvent.change(stakeInput(), { target: { value: stake } });
    const spin = await screen.findByRole('button', { name: /^Spin for/ });
    await waitFor(() => {
      expect((spin as HTMLButtonElement).disabled).toBe(false);
    });
    await userEvent.click(spin);
    await screen.findByText('Spinning…');
  }

  it('goes idle → signing → waiting → win, then claims the prize as SOL', async () => {
    let release!: (signature: string) => void;
    mocks.send.mockImplementationOnce(
      (input) =>
        new Promise((resolve) => {
          release = (signature) => {
            void onSend(input).then(() => {
              resolve(signature);
            });
          };
        }),
    );
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    fireEvent.change(stakeInput(), { target: { value: '0.1' } });
    await userEvent.click(await screen.findByRole('button', { name: SPIN_FIRST() }));
    // Signing: the wallet is asked, the form waits.
    expect(await screen.findByRole('button', { name: 'Placing bet…' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Approve the bet in your wallet…');
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(1);
    });
    // The bet's debit reaches the balance before its confirmation: the form, still on screen, must not
    // say "Not enough SOL" about the bet being placed.
    mocks.chain.balances.set(USER, 50_000_000n);
    await act(() => client.refetchQueries({ queryKey: solBalanceQueryKey(USER) }));
    await screen.findByText('Balance 0.05 SOL');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Not enough SOL/)).toBeNull();
    mocks.chain.balances.set(USER, 10_000_000_000n);
    await act(() => client.refetchQueries({ queryKey: solBalanceQueryKey(USER) }));
    await screen.findByText('Balance 10.0 SOL');
    act(() => {
      release('sig-create');
    });
    await screen.findByText('Spinning…');
    await waitFor(() => {
      expect(mocks.play).toHaveBeenCalledWith('bet');
    });
    settle('win', 17);
    expect(await screen.findByText('You won')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You won 0.20 SOL!');
    expect(screen.getByText('Rolled', { exact: false }).textContent).toBe('Rolled 17: under 50.');
    // The sound plays in an effect after the result renders.
    await waitFor(() => {
      expect(lastSound()).toBe('win');
    });
    // Under the result, the on-chain check: the roll, linking to the fairness page for this bet.
    expect(screen.getByRole('link', { name: 'Roll 17, computed on chain' }).getAttribute('href')).toBe(
      '/fairness?bet=sig-create',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Claim 0.20 SOL' }));
    await screen.findByText('Paid');
    const claim = mocks.send.mock.calls.at(-1)![0];
    expect(claim.instructions).toHaveLength(1);
    expect(getClaimBetInstructionDataCodec().decode(claim.instructions[0]!.data!)).toEqual({ sol: true });
    expect(claim.cosign).toBeUndefined();
    expect(toasts()).toContain(SUCCESS_TOASTS.claimed);
    await userEvent.click(screen.getByRole('button', { name: 'Another go' }));
    expect(stakeInput()).toHaveProperty('value', '0.1');
  });

  it('shows a loss and offers another go', async () => {
    renderGame();
    await placeBet();
    settle('loss', 88);
    expect(await screen.findByText('No luck this time')).toBeTruthy();
    expect(screen.getByText('Rolled', { exact: false }).textContent).toBe('Rolled 88: not under 50.');
    // The sound plays in an effect after the result renders.
    await waitFor(() => {
      expect(lastSound()).toBe('loss');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Another go' }));
    expect(await screen.findByRole('button', { name: SPIN_NEXT })).toBeTruthy();
  });

  it('goes back to the form on Another go even when a read from before the result still says Open', async () => {
    renderGame();
    await placeBet();
    settle('loss', 88);
    expect(await screen.findByText('No luck this time')).toBeTruthy();
    // A read of the record sent before the reveal answers after it: the same bet, still Open.
    act(() => {
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Open, result: BetResult.None, timestamp: NOW + 10n }),
        RENT,
        true,
      );
    });
    await userEvent.click(screen.getByRole('button', { name: 'Another go' }));
    expect(await screen.findByRole('button', { name: SPIN_NEXT })).toBeTruthy();
    expect(screen.queryByText('Rolling…')).toBeNull();
  });

  it("says 'Bet timed out!' when no result comes in time, and can keep waiting", async () => {
    // Fake time that also runs on its own, so the form's own waits still pass.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderGame();
    await placeBet();
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_TIMEOUT_MS - 5_000));
    expect(screen.queryByText(ERROR_MESSAGES.betTimedOut, { selector: '[role=alert] > p' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(
      await screen.findByText(ERROR_MESSAGES.betTimedOut, { selector: '[role=alert] > p' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Bet timed out!');
    await userEvent.click(screen.getByRole('button', { name: 'Keep waiting' }));
    await screen.findByText('Spinning…');
    settle('loss', 60);
    expect(await screen.findByText('No luck this time')).toBeTruthy();
  });

  /** Places a bet, waits for its refund deadline and refunds it from the Refund notice. */
  async function placeAndRefund() {
    // The bet lands at NOW + 10 (chain time); the browser's clock is 2 s short of its refund deadline.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    vi.setSystemTime(Number(NOW + 10n + BigInt(BET_REFUND_DELAY_SECS) - 2n) * 1000);
    renderGame();
    await placeBet();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const region = await screen.findByRole('region', { name: 'Refund your bet' });
    await userEvent.click(within(region).getByRole('button', { name: 'Refund 0.52 SOL' }));
  }

  /** The late reveal of the refunded bet lands: the record as the program leaves it, and its log line. */
  function revealLate(state: BetState, result: BetResult, roll: number) {
    act(() => {
      putReveal(mocks.chain, betAccount, roll, { afterRefund: true });
      mocks.chain.set(
        betAccount,
        betData({ state, result, timestamp: NOW + 300n, slotHash: CAPTURED }),
        RENT,
        true,
      );
    });
  }

  it('offers Refund once the roll is BET_REFUND_DELAY_SECS overdue: stake and fee back, the result kept', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    vi.setSystemTime(Number(NOW + 10n + BigInt(BET_REFUND_DELAY_SECS) - 2n) * 1000);
    renderGame();
    await placeBet();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const region = await screen.findByRole('region', { name: 'Refund your bet' });
    // What comes back now, and what a win still pays when the roll is revealed (1 SOL prize, 0.5 stake).
    expect(region.textContent).toContain(
      'Refund now to get your stake and fee back. Your result is kept: if the roll wins when it is revealed, the rest of your prize is paid to you then.',
    );
    expect(region.textContent).toContain('Back now (stake and fee)0.52 SOL');
    expect(region.textContent).toContain('If the roll wins, paid then+0.48 SOL');
    expect(region.textContent).toMatch(/Refund within about \d+ s to keep your result/);
    await userEvent.click(within(region).getByRole('button', { name: 'Refund 0.52 SOL' }));
    const refunded = await screen.findByRole('status', { name: 'Your refund' });
    expect(refunded.textContent).toContain('Refunded: waiting for the roll');
    expect(refunded.textContent).toContain(
      'Your stake and fee are back in your wallet, and your result is kept: if the roll wins when it is revealed, the rest of your prize (0.48 SOL) is paid to you then.',
    );
    const refund = mocks.send.mock.calls.at(-1)![0];
    expect(refund.instructions.map((ix) => identifyWagerInstruction(ix.data!))).toEqual(['refund_bet']);
    expect(refund.instructions[0]!.accounts![0]).toEqual({
      address: USER,
      role: AccountRole.READONLY_SIGNER,
    });
    // The refunded bet keeps its place in the chain until its seed is revealed: no new bet yet.
    act(() => {
      mocks.chain.set(house, houseData(0n, false, 7n), HOUSE_LAMPORTS, true);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Another go' }));
    expect(
      await screen.findByText(
        'Your refunded bet’s roll has not been revealed yet: you can bet again once it is.',
      ),
    ).toBeTruthy();
  });

  it('shows the win paid when the refunded bet’s roll is revealed later and wins', async () => {
    await placeAndRefund();
    await screen.findByText('Refunded: waiting for the roll');
    revealLate(BetState.Claimed, BetResult.Win, 12);
    const status = await screen.findByText('Refunded, then won: +0.48 SOL paid');
    const panel = status.closest('[role=status]')!;
    expect(panel.textContent).toContain(
      'Your roll was revealed after your refund and won: the rest of your prize (0.48 SOL) was paid to your wallet',
    );
    // Its roll, read from the reveal's log line, links to the fairness page.
    const roll = await within(panel as HTMLElement).findByRole('link', {
      name: 'Roll 12, computed on chain',
    });
    expect(roll.getAttribute('href')).toBe('/fairness?bet=sig-create');
    // Nothing left to claim.
    expect(screen.queryByRole('button', { name: /^Claim/ })).toBeNull();
  });

  it('shows the loss when the refunded bet’s roll is revealed later and loses: the refund stands', async () => {
    await placeAndRefund();
    await screen.findByText('Refunded: waiting for the roll');
    revealLate(BetState.Refunded, BetResult.Loss, 93);
    const status = await screen.findByText('Refunded (the roll lost)');
    expect(status.closest('[role=status]')!.textContent).toContain(
      'Your roll was revealed after your refund and lost: the refund of your stake and fee stands.',
    );
    expect(await screen.findByRole('link', { name: 'Roll 93, computed on chain' })).toBeTruthy();
  });

  it('offers the claim, in SOL, of a win revealed after the refund that the wallet could not take then', async () => {
    await placeAndRefund();
    await screen.findByText('Refunded: waiting for the roll');
    revealLate(BetState.Settled, BetResult.Win, 12);
    expect(await screen.findByText('You won after your refund')).toBeTruthy();
    expect(
      screen.getByText('Refunded, then won: 0.48 SOL to claim', { selector: '[role=status]' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Claim 0.48 SOL' }));
    // The result panel's "Paid" (the bets table may say Paid first), with the amount under it.
    expect(await screen.findByText('0.48 SOL', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Paid', { selector: 'p' })).toBeTruthy();
    // claim_bet(sol = true) alone: the program pays the rest of the prize in SOL, whatever the prize was.
    const claim = mocks.send.mock.calls.at(-1)![0];
    expect(claim.instructions).toHaveLength(1);
    expect(getClaimBetInstructionDataCodec().decode(claim.instructions[0]!.data!)).toEqual({ sol: true });
  });

  it('says a refund too late to keep the result is a plain refund, never rolled', async () => {
    refundCaptures = false;
    await placeAndRefund();
    const status = await screen.findByText('Refunded: the roll could not be revealed in time');
    expect(status.closest('[role=status]')!.textContent).toContain(
      'The refund came too late to keep the result: this bet has no roll.',
    );
  });

  it('shows a failed bet with both toasts and keeps the form', async () => {
    mocks.send.mockRejectedValueOnce(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    await userEvent.click(await screen.findByRole('button', { name: SPIN_FIRST() }));
    expect(await screen.findByText('User Rejected Transaction', { selector: '[role=alert]' })).toBeTruthy();
    expect(toasts()).toContain('Failed to place bet');
    expect(toasts()).toContain('User Rejected Transaction');
  });
});

describe('TailSpin token claim', () => {
  async function winAsUsdc() {
    renderGame();
    await screen.findByText('max prize now 5.0 SOL', { exact: false });
    await userEvent.click(screen.getByRole('radio', { name: /USDC/ }));
    fireEvent.change(stakeInput(), { target: { value: '0.1' } });
    await screen.findByText('≈ 40.0 USDC · ×2.00');
    await userEvent.click(await screen.findByRole('button', { name: SPIN_FIRST() }));
    await screen.findByText('Spinning…');
    settle('win', 3, BetType.Token);
    await screen.findByText('You won');
  }

  it('says what arrived only once the token claim confirms, though the record turns Claimed first', async () => {
    await winAsUsdc();
    let confirm!: () => void;
    mocks.send.mockImplementationOnce(
      (input) =>
        new Promise((resolve) => {
          // The claim lands: the record turns Claimed (pushed by the subscription) before the confirmation.
          void onSend(input).then((signature) => {
            confirm = () => {
              resolve(signature);
            };
          });
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    await waitFor(() => {
      expect(confirm).toBeDefined();
    });
    // Let the record's notification render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Paid')).toBeNull();
    act(() => {
      confirm();
    });
    await screen.findByText('Paid');
    expect(screen.getByText('39.9 USDC')).toBeTruthy();
  });

  it('claims as the token: claim_bet(false), the swap after it in one transaction, co-signed', async () => {
    await winAsUsdc();
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    await screen.findByText('Paid');
    expect(screen.getByText('39.9 USDC')).toBeTruthy();
    const quote = mocks.api.mock.calls.find(([path]) => path === '/api/swap/quote')![1]!;
    expect(quote.query).toMatchObject({
      inputMint: NATIVE_MINT_ADDRESS,
      outputMint: USDC,
      amount: '200000000',
      slippageBps: 50,
    });
    const swap = mocks.api.mock.calls.find(([path]) => path === '/api/swap/swap-instructions')![1]!;
    expect(swap.body).toEqual({
      quoteResponse: { outAmount: '39880000', inAmount: '200000000', quoteId: 'q1' },
      userPublicKey: USER,
      wrapAndUnwrapSol: true,
    });
    const sent = mocks.send.mock.calls.at(-1)![0];
    expect(sent.instructions.map((ix) => ix.programAddress)).toEqual([
      WAGER,
      '11111111111111111111111111111111',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    ]);
    expect(getClaimBetInstructionDataCodec().decode(sent.instructions[0]!.data!)).toEqual({ sol: false });
    // The desk's payout needs its signature: the co-signer posts the wallet-signed transaction.
    expect(await sent.cosign!('signed-by-wallet')).toBe('cosigned');
    expect(mocks.api).toHaveBeenCalledWith('/api/swap/cosign', {
      method: 'POST',
      body: { transaction: 'signed-by-wallet' },
    });
  });

  it("sends a route's lookup tables with the claim, so a mainnet route fits in one transaction", async () => {
    routeTables = ['4QwSwNriKPrz8DLW4ju5uxC2TN5cksJx6tPUPj7DGLAW'];
    try {
      await winAsUsdc();
      await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
      await screen.findByText('Paid');
      const sent = mocks.send.mock.calls.at(-1)![0];
      expect(sent.addressLookupTables).toEqual(['4QwSwNriKPrz8DLW4ju5uxC2TN5cksJx6tPUPj7DGLAW']);
    } finally {
      routeTables = [];
    }
  });

  it('does not blame the price when the user refused to sign the token claim', async () => {
    await winAsUsdc();
    mocks.send.mockImplementationOnce(() => Promise.reject(new Error('User rejected the request.')));
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('The price changed');
    expect(toasts()).toContain('Failed to claim winnings');
    // Both claims are still offered.
    expect(screen.getByRole('button', { name: 'Claim as USDC' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Claim as SOL' })).toHaveProperty('disabled', false);
  });

  it("says why, not 'Invalid Transaction', when the chain refuses the composed claim", async () => {
    await winAsUsdc();
    // The win was claimed elsewhere meanwhile: the wager program answers BetNotWon.
    mocks.send.mockRejectedValueOnce(
      new TransactionSendError('Error in transaction: instruction index 2, custom program error 6004', {
        reason: 'simulation',
        instructionIndex: 2,
        customCode: 6004,
        programErrorName: 'BetNotWon',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There is no win to claim on this bet: it may already be claimed.');
    expect(alert.textContent).not.toContain(ERROR_MESSAGES.invalidTransaction);
    expect(alert.textContent).not.toContain(FAQ_HINTS[1].hint);
    expect(toasts()).toContain('Failed to claim winnings');
  });

  it('says what the network said when the composed claim could not be sent', async () => {
    await winAsUsdc();
    mocks.send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to fetch');
    expect(screen.getByRole('button', { name: 'Claim as USDC' })).toHaveProperty('disabled', false);
  });

  it('offers the SOL claim when the swap fails once sent', async () => {
    await winAsUsdc();
    const message = 'Error in transaction: instruction index 4, custom program error 6001';
    mocks.send.mockRejectedValueOnce(
      new TransactionSendError(message, { reason: 'simulation', instructionIndex: 4, customCode: 6001 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `${message}The swap to USDC did not go through. Retry, or claim the full SOL value instead.`,
    );
    expect(alert.textContent).not.toContain(ERROR_MESSAGES.invalidTransaction);
    await userEvent.click(screen.getByRole('button', { name: 'Claim as SOL' }));
    await screen.findByText('Paid');
    expect(
      getClaimBetInstructionDataCodec().decode(mocks.send.mock.calls.at(-1)![0].instructions[0]!.data!),
    ).toEqual({ sol: true });
  });

  it("says 'Invalid Transaction' when the swap cannot be made, and claims as SOL instead", async () => {
    await winAsUsdc();
    mocks.api.mockImplementation(routes({ roll: 3, failQuote: true }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    const alert = await screen.findByText(ERROR_MESSAGES.invalidTransaction, {
      selector: '[role=alert] > p',
    });
    expect(alert.parentElement!.textContent).toBe(`${ERROR_MESSAGES.invalidTransaction}${FAQ_HINTS[1].hint}`);
    expect(toasts()).toContain('Failed to claim winnings');
    expect(
      mocks.send.mock.calls
        .at(-1)![0]
        .instructions.some((ix) => ix.data && identifyWagerInstruction(ix.data) === 'claim_bet'),
    ).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Claim as SOL' }));
    await screen.findByText('Paid');
    expect(
      getClaimBetInstructionDataCodec().decode(mocks.send.mock.calls.at(-1)![0].instructions[0]!.data!),
    ).toEqual({ sol: true });
  });

  it("says 'Invalid Transaction' with the hint when the swap desk will not co-sign (its quote expired)", async () => {
    await winAsUsdc();
    const answer = routes({ roll: 3 });
    mocks.api.mockImplementation((path: string, options?: { body?: unknown }) =>
      path === '/api/swap/cosign' ? Promise.reject(new Error('Quote expired')) : answer(path, options),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The wallet signs, then the sender asks the desk for its signature, which it refuses.
    mocks.send.mockImplementationOnce(async (input) => {
      await input.cosign!('signed-by-wallet');
      return 'never';
    });
    await userEvent.click(screen.getByRole('button', { name: 'Claim as USDC' }));
    const alert = await screen.findByText(ERROR_MESSAGES.invalidTransaction, {
      selector: '[role=alert] > p',
    });
    expect(alert.parentElement!.textContent).toBe(`${ERROR_MESSAGES.invalidTransaction}${FAQ_HINTS[1].hint}`);
    expect(screen.getByRole('button', { name: 'Claim as SOL' })).toHaveProperty('disabled', false);
  });
});

describe('a ReTail win on the shared bet record', () => {
  it('says it is a ReTail NFT win, claimable here as SOL or as the NFT on ReTail', async () => {
    mocks.chain.set(
      betAccount,
      betData({
        state: BetState.Settled,
        result: BetResult.Win,
        betType: BetType.Nft,
        mint: address('9f9FJdVNjroRcddtxq3LDjT2fer3m9qQAoXeyREcSuZn'),
        listingPrice: 812_000_000n,
      }),
    );
    renderGame();
    expect(await screen.findByText('You won')).toBeTruthy();
    const note = screen.getByText(/This is a ReTail NFT win/);
    expect(note.textContent).toBe(
      'This is a ReTail NFT win. Claim its full value in SOL here, or claim the NFT itself on ReTail while it is still listed. Go to ReTail',
    );
    expect(within(note).getByRole('link', { name: 'Go to ReTail' }).getAttribute('href')).toBe('/retail');
    expect(screen.queryByRole('button', { name: /^Claim as/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Claim 0.81 SOL' }));
    await screen.findByText('Paid');
    const claim = mocks.send.mock.calls.at(-1)![0];
    expect(getClaimBetInstructionDataCodec().decode(claim.instructions[0]!.data!)).toEqual({ sol: true });
  });

  it('claims a token or NFT win revealed after its refund as the rest of its prize, in SOL only', async () => {
    for (const [betType, mint] of [
      [BetType.Token, address(USDC)],
      [BetType.Nft, address('9f9FJdVNjroRcddtxq3LDjT2fer3m9qQAoXeyREcSuZn')],
    ] as const) {
      mocks.send.mockClear();
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Settled, result: BetResult.Win, betType, mint, slotHash: CAPTURED }),
      );
      const view = renderGame();
      expect(await screen.findByText('You won after your refund')).toBeTruthy();
      // No swap, no marketplace: claim_bet pays what the refund did not return (1 − 0.5 − 0.02 SOL).
      expect(screen.queryByRole('button', { name: /^Claim as/ })).toBeNull();
      expect(screen.queryByText(/ReTail/)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Claim 0.48 SOL' }));
      await screen.findByText('Paid');
      const claim = mocks.send.mock.calls.at(-1)![0];
      expect(claim.instructions).toHaveLength(1);
      expect(getClaimBetInstructionDataCodec().decode(claim.instructions[0]!.data!)).toEqual({ sol: true });
      expect(
        screen.getByText(/the rest of your prize, on top of the stake and fee your refund returned/),
      ).toBeTruthy();
      view.unmount();
    }
  });

  it('says nothing of ReTail for a TailSpin SOL win', async () => {
    mocks.chain.set(betAccount, betData({ state: BetState.Settled, result: BetResult.Win }));
    renderGame();
    expect(await screen.findByText('You won')).toBeTruthy();
    expect(screen.queryByText(/ReTail/)).toBeNull();
  });
});
