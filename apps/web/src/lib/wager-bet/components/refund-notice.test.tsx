import { BET_REFUND_DELAY_SECS } from '@arcade/sdk/constants';
import { TransactionSendError } from '@arcade/sdk/sender/send-error';
import { BetResult, BetState, decodeBet } from '@arcade/sdk/wager/accounts';
import { getRefundBetInstructionDataCodec, identifyWagerInstruction } from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress } from '@arcade/sdk/wager/pda';
import { AccountRole, type Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { toast, useToasts } from '../../toast.ts';
import { betData, TEST_CONFIG, USER } from '../testing/mock-chain.ts';
import { MockChain, WAGER } from '../../../testing/mock-chain.ts';
import { REFUND_CAPTURE_SECS } from '../utils/refund.ts';
import { RefundNotice } from './refund-notice.tsx';

const mocks = vi.hoisted(() => ({
  chain: null as unknown as MockChain,
  send: vi.fn<(input: { instructions: readonly Instruction[] }) => Promise<string>>(),
}));

vi.mock('../../wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));
vi.mock('../../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: { address: USER }, connecting: false, disconnect: async () => {} }),
}));
vi.mock('../../wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => mocks.send }));

const SLOT_HASHES = 'SysvarS1otHashes111111111111111111111111111';

/** Placed at this chain time (unix seconds). */
const PLACED = 1_790_000_000;

function Toasts() {
  const toasts = useToasts();
  return (
    <ul aria-label="toasts">
      {toasts.map((t) => (
        <li key={t.id}>{t.message}</li>
      ))}
    </ul>
  );
}

function renderNotice(onRefunded = vi.fn(), offChain = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const bet = decodeBet(
    betData({
      state: BetState.Open,
      result: BetResult.None,
      timestamp: BigInt(PLACED),
      betAmount: 500_000_000n,
      listingPrice: 1_000_000_000n,
      offChain,
    }),
  );
  render(
    <QueryClientProvider client={client}>
      <RefundNotice bet={bet} onRefunded={onRefunded} />
      <Toasts />
    </QueryClientProvider>,
  );
  return onRefunded;
}

beforeEach(() => {
  mocks.chain = new MockChain();
  mocks.send.mockReset();
  setRuntimeConfig(TEST_CONFIG);
  toast.clear();
  // The browser's clock is set per test; the page's own timers run.
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RefundNotice (a roll not revealed in time)', () => {
  it('shows nothing until BET_REFUND_DELAY_SECS after the bet, then the explanation and Refund', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime((PLACED + BET_REFUND_DELAY_SECS - 2) * 1000);
    renderNotice();
    expect(screen.queryByRole('region', { name: 'Refund your bet' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const region = screen.getByRole('region', { name: 'Refund your bet' });
    expect(region.textContent).toContain(
      'The roll was not revealed within 2 minutes. Refund now to get your stake and fee back. Your result is kept: if the roll wins when it is revealed, the rest of your prize is paid to you then.',
    );
    // Back now: the stake and its 4% fee; if the roll wins, the rest of the 1 SOL prize (1 − 0.5 − 0.02).
    expect(region.textContent).toContain('Back now (stake and fee)0.52 SOL');
    expect(region.textContent).toContain('If the roll wins, paid then+0.48 SOL');
    // SlotHashes keeps the bet's slot about 200 s: about 79 s are left to keep the result.
    expect(region.textContent).toContain(
      'Refund within about 79 s to keep your result: after that only your stake and fee come back.',
    );
    expect(screen.getByRole('button', { name: 'Refund 0.52 SOL' })).toBeTruthy();
  });

  it('promises no kept result once the bet’s slot has likely left SlotHashes', () => {
    vi.setSystemTime((PLACED + REFUND_CAPTURE_SECS) * 1000);
    renderNotice();
    const region = screen.getByRole('region', { name: 'Refund your bet' });
    expect(region.textContent).toContain('The roll was not revealed in time. Refund your stake and fee now.');
    expect(region.textContent).not.toContain('If the roll wins');
    expect(region.textContent).not.toContain('to keep your result');
    expect(screen.getByRole('button', { name: 'Refund 0.52 SOL' })).toBeTruthy();
  });

  it('promises no kept result for an off-chain bet (nothing to capture)', () => {
    vi.setSystemTime((PLACED + BET_REFUND_DELAY_SECS) * 1000);
    renderNotice(vi.fn(), true);
    const region = screen.getByRole('region', { name: 'Refund your bet' });
    expect(region.textContent).toContain('The roll was not revealed in time. Refund your stake and fee now.');
    expect(region.textContent).not.toContain('If the roll wins');
  });

  it('sends refund_bet with the player as caller, and says when it landed', async () => {
    vi.setSystemTime((PLACED + BET_REFUND_DELAY_SECS) * 1000);
    mocks.send.mockResolvedValue('sig-refund');
    const onRefunded = renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Refund 0.52 SOL' }));
    await waitFor(() => {
      expect(onRefunded).toHaveBeenCalledTimes(1);
    });
    const [{ instructions }] = mocks.send.mock.calls[0]!;
    expect(instructions.map((ix) => identifyWagerInstruction(ix.data!))).toEqual(['refund_bet']);
    expect(getRefundBetInstructionDataCodec().decode(instructions[0]!.data!)).toEqual({});
    const [bet] = await findBetAddress(USER, { programAddress: WAGER });
    const [house] = await findHouseAddress({ programAddress: WAGER });
    expect(instructions[0]!.accounts).toEqual([
      { address: USER, role: AccountRole.READONLY_SIGNER },
      { address: house, role: AccountRole.WRITABLE },
      { address: bet, role: AccountRole.WRITABLE },
      { address: USER, role: AccountRole.WRITABLE },
      // SlotHashes: the refund captures the bet's slot hash from it, which keeps the result.
      { address: SLOT_HASHES, role: AccountRole.READONLY },
    ]);
    expect(screen.getByRole('list', { name: 'toasts' }).textContent).toContain(
      'Refunded: your stake and fee are back in your wallet.',
    );
  });

  it('says to wait when the program finds it too early (the chain’s clock runs behind)', async () => {
    vi.setSystemTime((PLACED + BET_REFUND_DELAY_SECS) * 1000);
    mocks.send.mockRejectedValue(
      new TransactionSendError('Error in transaction: instruction index 0, custom program error 6016', {
        reason: 'simulation',
        instructionIndex: 0,
        customCode: 6016,
        programErrorName: 'RefundTooEarly',
      }),
    );
    const onRefunded = renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Refund 0.52 SOL' }));
    await waitFor(() => {
      expect(screen.getByRole('list', { name: 'toasts' }).textContent).toContain('Failed to refund');
    });
    const toasts = screen.getByRole('list', { name: 'toasts' }).textContent;
    expect(toasts).toContain('Failed to refund');
    expect(toasts).toContain('The roll can still be revealed; refund after 2 minutes.');
    expect(onRefunded).not.toHaveBeenCalled();
  });
});
