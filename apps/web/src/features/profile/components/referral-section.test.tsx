import { encodeReferral } from '@arcade/sdk/wager/accounts';
import {
  getClaimReferralInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { findReferralAddress } from '@arcade/sdk/wager/pda';
import { AccountRole, address, type Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import { MockChain, RENT, testConfig, WAGER } from '../../../testing/mock-chain.ts';
import { ReferralSection } from './referral-section.tsx';

const ADDRESS = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU');

const mocks = vi.hoisted(() => ({
  chain: null as unknown as MockChain,
  wallet: null as null | { address: string },
  send: vi.fn<(input: { instructions: readonly Instruction[] }) => Promise<string>>(),
  stats: {},
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({ getRpc: () => mocks.chain.rpc() }));
vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));
vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => mocks.send }));

let vault: string;

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

function renderSection(code: string | null = 'ABCD2345') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ReferralSection address={ADDRESS} code={code} />
      <Toasts />
    </QueryClientProvider>,
  );
}

const toastTexts = () =>
  within(screen.getByRole('list', { name: 'toasts' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

/** The vault on chain: `claimable` lamports above its rent, `claimed` paid out. */
function putVault(claimable: bigint, claimed = 0n) {
  mocks.chain.set(
    vault,
    encodeReferral({ referrer: ADDRESS, earned: claimable + claimed, claimed }),
    RENT + claimable,
  );
}

beforeEach(async () => {
  setRuntimeConfig(testConfig());
  mocks.chain = new MockChain();
  mocks.wallet = { address: ADDRESS };
  mocks.send.mockReset();
  mocks.stats = {
    success: true,
    fees: '40000000',
    referredUserCount: 2,
    claimable: '25000000',
    claimed: '5000000',
  };
  [vault] = await findReferralAddress(ADDRESS, { programAddress: WAGER });
  vi.stubGlobal('fetch', (input: string) =>
    Promise.resolve(
      input.startsWith(`/api/user/referralStats/${ADDRESS}`)
        ? new Response(JSON.stringify(mocks.stats), { status: 200 })
        : new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404 }),
    ),
  );
  act(() => {
    toast.clear();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReferralSection: the referral vault', () => {
  it('shows what the server says is claimable, and claims it with claim_referral', async () => {
    mocks.send.mockImplementation(() => {
      putVault(0n, 30_000_000n);
      return Promise.resolve('sig-claim');
    });
    renderSection();
    const amount = await screen.findByText('Claimable');
    await waitFor(() => {
      expect(amount.parentElement?.textContent).toContain('Claimable0.03 SOL');
    });
    // By the spec's number rules (below 1: 2 decimals); the exact amount on hover.
    expect(screen.getByTitle('0.025 SOL').textContent).toBe('0.03');
    expect(screen.getByText('Claimed so far 0.01 SOL').getAttribute('title')).toBe('0.005 SOL');
    expect(mocks.chain.reads).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['success: Claimed successfully!']);
    });
    const [{ instructions }] = mocks.send.mock.calls[0]!;
    expect(instructions.map((ix) => identifyWagerInstruction(ix.data!))).toEqual(['claim_referral']);
    expect(getClaimReferralInstructionDataCodec().decode(instructions[0]!.data!)).toEqual({});
    expect(instructions[0]!.accounts).toEqual([
      { address: ADDRESS, role: AccountRole.WRITABLE_SIGNER },
      { address: vault, role: AccountRole.WRITABLE },
    ]);
    // The server's index lags: after the claim the vault is read on chain, and says nothing is left.
    await waitFor(() => {
      expect(screen.getByText('Claimable').parentElement?.textContent).toContain('Claimable0 SOL');
    });
    expect(screen.getByText('Claimed so far 0.03 SOL').getAttribute('title')).toBe('0.03 SOL');
    expect(screen.getByRole('button', { name: 'Claim' }).hasAttribute('disabled')).toBe(true);
  });

  it('says Failed to claim! and why, and keeps the amount', async () => {
    mocks.send.mockRejectedValue(new Error('User Rejected Transaction'));
    renderSection();
    const claim = await screen.findByRole('button', { name: 'Claim' });
    await waitFor(() => {
      expect(claim.hasAttribute('disabled')).toBe(false);
    });
    await userEvent.click(claim);
    await waitFor(() => {
      expect(toastTexts()).toEqual(['error: Failed to claim!', 'error: User Rejected Transaction']);
    });
    expect(screen.getByText('Claimable').parentElement?.textContent).toContain('0.03 SOL');
  });

  it('reads the vault on chain when the server does not send claimable: its lamports above the rent', async () => {
    mocks.stats = { success: true, fees: '40000000', referredUserCount: 2 };
    putVault(7_000_000n, 1_000_000n);
    renderSection();
    await waitFor(() => {
      expect(screen.getByText('Claimable').parentElement?.textContent).toContain('Claimable0.01 SOL');
    });
    expect(screen.getByText('Claimed so far 0.00 SOL').getAttribute('title')).toBe('0.001 SOL');
  });

  it('shows a market referrer without a referral link its vault only when something is claimable', async () => {
    mocks.stats = { success: true, fees: '0', referredUserCount: 0, claimable: '0', claimed: '0' };
    renderSection(null);
    await screen.findByRole('button', { name: 'Create referral link' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Claimable')).toBeNull();
  });

  it('lets only the referrer’s own wallet claim', async () => {
    mocks.wallet = { address: 'DtDN5Xdri1jSYzRtZS2egNcHdsu76mmU4GkidKM9Spiy' };
    renderSection();
    const claim = await screen.findByRole('button', { name: 'Claim' });
    await waitFor(() => {
      expect(screen.getByText('Claimable').parentElement?.textContent).toContain('0.03 SOL');
    });
    expect(claim.hasAttribute('disabled')).toBe(true);
    expect(claim.getAttribute('title')).toBe('Connect this wallet to claim');
  });
});
