import { BetResult, BetState, BetType, encodeBet, type BetStateArgs } from '@arcade/sdk/wager/accounts';
import { getClaimBetInstructionDataCodec } from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress } from '@arcade/sdk/wager/pda';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { address, type Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '../../../components/toaster.tsx';
import { setRuntimeConfig, type RuntimeConfig } from '../../../config/runtime-config.ts';
import { toast } from '../../../lib/toast.ts';
import { UnclaimedWinningsBanner, unclaimedWinsText } from './unclaimed-winnings-banner.tsx';

const USER = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
const WAGER = address('Wager11111111111111111111111111111111111111');
const SYSTEM = address('11111111111111111111111111111111');

const mocks = vi.hoisted(() => ({
  wallet: null as null | { address: string },
  send: null as null | ((input: { instructions: readonly Instruction[] }) => Promise<string>),
  account: null as null | Uint8Array,
  rpcCalls: 0,
  notify: null as null | (() => void),
}));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () => mocks.send,
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => ({
    getAccountInfo: () => ({
      send: () => {
        mocks.rpcCalls++;
        const data = mocks.account;
        return Promise.resolve({
          context: { slot: 1n },
          value:
            data === null
              ? null
              : {
                  data: [Buffer.from(data).toString('base64'), 'base64'],
                  executable: false,
                  lamports: 1_000_000n,
                  owner: 'Wager11111111111111111111111111111111111111',
                  space: BigInt(data.length),
                  rentEpoch: 0n,
                },
        });
      },
    }),
  }),
  getRpcSubscriptions: () => ({
    accountNotifications: () => ({
      subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) =>
        Promise.resolve({
          async *[Symbol.asyncIterator]() {
            const stopped = () => abortSignal.aborted;
            while (!stopped()) {
              await new Promise<void>((resolve) => {
                mocks.notify = resolve;
                abortSignal.addEventListener('abort', () => {
                  resolve();
                });
              });
              if (!stopped()) yield {};
            }
          },
        }),
    }),
  }),
}));

const config: RuntimeConfig = {
  cluster: 'localnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: { wager: WAGER, foresight: SYSTEM },
  mints: { juice: SYSTEM, usdc: SYSTEM, usdt: SYSTEM },
  priceAccount: SYSTEM,
  admins: [],
  communityChatUrl: 'https://discord.gg/arcade',
  socialUrl: 'https://x.com/arcade',
  announcement: null,
};

function betRecord(
  state: BetStateArgs,
  result: (typeof BetResult)[keyof typeof BetResult],
  prize = 1_500_000_000n,
  timestamp = 1_790_000_000n,
) {
  return encodeBet({
    user: USER,
    mint: NATIVE_MINT_ADDRESS,
    switchboardRequest: SYSTEM,
    odds: 50,
    betAmount: prize / 2n,
    listingPrice: prize,
    timestamp,
    state,
    result,
    betType: BetType.Sol,
    referral: null,
    offChain: true,
  });
}

function renderBanner(): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(
    <>
      <UnclaimedWinningsBanner />
      <Toaster />
    </>,
    { wrapper },
  );
}

const banner = () => screen.queryByRole('region', { name: 'Unclaimed winnings' });
const toastTexts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  setRuntimeConfig(config);
  mocks.wallet = { address: USER };
  mocks.send = vi.fn(() => Promise.resolve('signature'));
  mocks.account = betRecord(BetState.Settled, BetResult.Win);
  mocks.rpcCalls = 0;
  mocks.notify = null;
  sessionStorage.clear();
});

afterEach(() => {
  act(() => {
    toast.clear();
  });
});

describe('unclaimedWinsText', () => {
  it('counts wins and sums their SOL', () => {
    expect(unclaimedWinsText(1, 1_500_000_000n)).toBe('You have 1 unclaimed win (1.5 SOL)');
    expect(unclaimedWinsText(2, 250_000_000n)).toBe('You have 2 unclaimed wins (0.25 SOL)');
  });
});

describe('UnclaimedWinningsBanner', () => {
  it('shows a settled win of the connected wallet', async () => {
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (1.5 SOL)');
    });
    expect(within(banner() as HTMLElement).getByRole('button', { name: 'Claim all' })).toBeTruthy();
  });

  it.each([
    ['a loss', BetState.Settled, BetResult.Loss],
    ['a claimed win', BetState.Claimed, BetResult.Win],
    ['an open bet', BetState.Open, BetResult.None],
    ['a refund', BetState.Refunded, BetResult.Invalid],
  ] as const)('stays hidden for %s', async (_, state, result) => {
    mocks.account = betRecord(state, result);
    renderBanner();
    await waitFor(() => {
      expect(mocks.rpcCalls).toBe(1);
    });
    expect(banner()).toBeNull();
  });

  it('stays hidden without a bet record', async () => {
    mocks.account = null;
    renderBanner();
    await waitFor(() => {
      expect(mocks.rpcCalls).toBe(1);
    });
    expect(banner()).toBeNull();
  });

  it('does not query the chain without a wallet', async () => {
    mocks.wallet = null;
    renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mocks.rpcCalls).toBe(0);
    expect(banner()).toBeNull();
  });

  it('claims every win as SOL, then refetches and hides', async () => {
    const send = vi.fn<(input: { instructions: readonly Instruction[] }) => Promise<string>>(() => {
      mocks.account = betRecord(BetState.Claimed, BetResult.Win);
      return Promise.resolve('signature');
    });
    mocks.send = send;
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(send).toHaveBeenCalledTimes(1);
    const [instruction] = send.mock.calls[0]?.[0].instructions ?? [];
    const [bet] = await findBetAddress(USER, { programAddress: WAGER });
    const [house] = await findHouseAddress({ programAddress: WAGER });
    expect(instruction?.programAddress).toBe(WAGER);
    expect(instruction?.accounts?.map((a) => a.address)).toEqual([USER, bet, house]);
    expect(getClaimBetInstructionDataCodec().decode(instruction?.data ?? new Uint8Array())).toEqual({
      sol: true,
    });
    expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
  });

  it('reports a failed claim with two toasts and keeps the banner', async () => {
    mocks.send = vi.fn(() => Promise.reject(new Error('User Rejected Transaction')));
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['ErrorFailed to claim winnings', 'ErrorUser Rejected Transaction']);
    });
    expect(banner()).not.toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Claim all' }).hasAttribute('disabled')).toBe(false);
    });
  });

  it('disables Claim all while the wallet cannot sign', async () => {
    mocks.send = null;
    renderBanner();
    expect((await screen.findByRole('button', { name: 'Claim all' })).hasAttribute('disabled')).toBe(true);
  });

  it('hides for the session once dismissed, and shows a new win again', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem('unclaimedWinningsDismissed')).not.toBeNull();
    await waitFor(() => {
      expect(mocks.notify).not.toBeNull();
    });
    mocks.account = betRecord(BetState.Settled, BetResult.Win, 2_000_000_000n, 1_790_000_999n);
    act(() => {
      mocks.notify?.();
    });
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (2.0 SOL)');
    });
  });

  it('stays dismissed after a remount in the same session', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await act(async () => {
      renderBanner();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(banner()).toBeNull();
  });

  it('appears when the bet record changes on chain', async () => {
    mocks.account = betRecord(BetState.Open, BetResult.None);
    renderBanner();
    await waitFor(() => {
      expect(mocks.notify).not.toBeNull();
    });
    expect(banner()).toBeNull();
    mocks.account = betRecord(BetState.Settled, BetResult.Win, 3_000_000_000n);
    act(() => {
      mocks.notify?.();
    });
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (3.0 SOL)');
    });
  });
});
