import {
  getCreateBetOffchainInstructionDataCodec,
  getSettleBetOffchainInstructionDataCodec,
} from '@arcade/sdk/wager/instructions';
import { getBase58Decoder, type ReadonlyUint8Array } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { fakeAddress, MockChain, SYSTEM, testConfig } from '../../../testing/mock-chain.ts';
import type { BetFairness, FairnessChains } from '../api/get-fairness.ts';
import { FAIRNESS_VECTORS, VECTOR_CHAIN } from '../testing/fairness-vectors.ts';
import { BetVerification } from './bet-verification.tsx';

const WAGER = fakeAddress(2);
const vector = FAIRNESS_VECTORS[2]!; // s_3, roll 11
const SETTLE_SIGNATURE = FAIRNESS_VECTORS[3]!.signature;
const base58 = getBase58Decoder();

const mocks = vi.hoisted(() => ({ chain: null as unknown as MockChain }));

vi.mock('../../../lib/wallet/rpc.ts', () => ({ getRpc: () => mocks.chain.rpc() }));

const algorithm = {
  seedChain: 's_i = sha256(s_{i+1})',
  randomValue: 'random_value = u64 mod 100',
  message: 'bet address ‖ signature',
  result: 'Win iff random_value < odds',
  encoding: 'hex',
};

function chains(head: string = VECTOR_CHAIN.head): FairnessChains & { success: true } {
  return {
    success: true,
    algorithm,
    current: null,
    next: null,
    chains: [
      {
        id: 1,
        head,
        length: VECTOR_CHAIN.length,
        nextIndex: 4,
        status: 'current',
        publishedAt: 1_700_000_000_000,
        activatedAt: 1_700_000_000_000,
        exhaustedAt: null,
      },
    ],
  };
}

function answer(
  overrides: {
    readonly bet?: Partial<BetFairness['bet']>;
    readonly seed?: Partial<NonNullable<BetFairness['seed']>> | null;
    readonly message?: string | null;
  } = {},
): BetFairness & { success: true } {
  return {
    success: true,
    algorithm,
    bet: {
      id: 3,
      signature: vector.signature,
      betAddress: vector.betAddress,
      user: SYSTEM,
      odds: 40,
      state: 'Settled',
      result: 'Win',
      randomValue: vector.randomValue,
      settleSignature: SETTLE_SIGNATURE,
      refundSignature: null,
      slot: 10,
      txIndex: 0,
      ...overrides.bet,
    },
    message: overrides.message === undefined ? vector.message : overrides.message,
    messageEncoding: 'hex',
    seed:
      overrides.seed === null
        ? null
        : {
            chainId: 1,
            chainHead: VECTOR_CHAIN.head,
            seedIndex: vector.seedIndex,
            seed: vector.seed,
            previousSeed: vector.previousSeed,
            revealed: true,
            ...overrides.seed,
          },
  };
}

/** A landed transaction, as `getTransaction` answers with `encoding: 'json'`. */
function jsonTransaction(accounts: readonly string[], data: ReadonlyUint8Array) {
  return {
    transaction: {
      message: {
        accountKeys: [...accounts, WAGER],
        instructions: [
          { programIdIndex: accounts.length, accounts: accounts.map((_, i) => i), data: base58.decode(data) },
        ],
      },
    },
    meta: { err: null, loadedAddresses: { writable: [], readonly: [] } },
  };
}

function putChainTransactions(odds: number, randomValue: number): void {
  mocks.chain.transactions.set(
    vector.signature,
    jsonTransaction(
      [SYSTEM, vector.betAddress, 'House11111111111111111111111111111111111111', SYSTEM, SYSTEM],
      getCreateBetOffchainInstructionDataCodec().encode({ odds, listingPrice: 1_000_000_000n, betType: 0 }),
    ),
  );
  mocks.chain.transactions.set(
    SETTLE_SIGNATURE,
    jsonTransaction(
      [SYSTEM, 'House11111111111111111111111111111111111111', vector.betAddress, WAGER],
      getSettleBetOffchainInstructionDataCodec().encode({ randomValue }),
    ),
  );
}

let server: { bet: unknown; status: number; chains: unknown; chainsStatus: number };

beforeEach(() => {
  setRuntimeConfig(testConfig({ programs: { wager: WAGER, foresight: SYSTEM } }));
  mocks.chain = new MockChain(WAGER);
  putChainTransactions(40, vector.randomValue);
  server = { bet: answer(), status: 200, chains: chains(), chainsStatus: 200 };
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://app.test');
    const body = url.pathname === '/api/fairness' ? server.chains : server.bet;
    const status = url.pathname === '/api/fairness' ? server.chainsStatus : server.status;
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderVerification(signature = vector.signature) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<BetVerification signature={signature} betAddress={null} />, { wrapper });
}

async function steps(): Promise<Record<string, { mark: string; text: string }>> {
  const list = await screen.findByRole('list', { name: 'Verification steps' }, { timeout: 5_000 });
  const result: Record<string, { mark: string; text: string }> = {};
  for (const item of within(list).getAllByRole('listitem')) {
    const mark = within(item).getAllByRole('img')[0]?.getAttribute('aria-label') ?? '';
    // The text without the per-value marks and their screen-reader words, to read "label" + "value".
    const text = item.textContent.replace(/[✓✗]| \((?:matches|does not match)\)/g, '');
    result[item.getAttribute('aria-label') ?? ''] = { mark, text };
  }
  return result;
}

const SEED = 'Seed from the published chain';
const MESSAGE = 'Message: bet address ‖ transaction signature';
const ROLL = 'Roll: HMAC-SHA256(seed, message) mod 100';
const RESULT = 'Result: Win iff roll < odds';

describe('BetVerification', () => {
  it('re-derives a settled bet step by step, against the server and the chain', async () => {
    renderVerification();
    const checks = await steps();
    expect(Object.fromEntries(Object.entries(checks).map(([title, check]) => [title, check.mark]))).toEqual({
      [SEED]: 'Passed',
      [MESSAGE]: 'Passed',
      [ROLL]: 'Passed',
      [RESULT]: 'Passed',
    });
    expect(checks[SEED]?.text).toContain(`Seed hashed 3×${VECTOR_CHAIN.head}`);
    expect(checks[MESSAGE]?.text).toContain(`Message (computed)${vector.message}`);
    expect(checks[ROLL]?.text).toContain(`HMAC-SHA256${vector.hmac}`);
    expect(checks[ROLL]?.text).toContain('Roll (computed)11');
    expect(checks[ROLL]?.text).toContain('Roll (settle transaction)11');
    expect(checks[RESULT]?.text).toContain('A roll of 11 against odds of 40% is a win.');
    expect(checks[RESULT]?.text).toContain('Odds (creating transaction)40%');
    expect(screen.getByText('Verified: this roll was fixed before the bet and computed fairly')).toBeTruthy();
    expect(mocks.chain.transactionReads).toBe(2);
  });

  it('shows ✗ for a tampered seed', async () => {
    server.bet = answer({ seed: { seed: FAIRNESS_VECTORS[1]!.seed } });
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Failed');
    expect(checks[ROLL]?.mark).toBe('Failed');
    expect(checks[ROLL]?.text).toContain('Roll (server)11');
    expect(screen.getByText('Mismatch: this roll does not check out')).toBeTruthy();
  });

  it('shows ✗ for a chain head that was never published', async () => {
    server.chains = chains('00'.repeat(32));
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Failed');
    expect(checks[MESSAGE]?.mark).toBe('Passed');
  });

  it('does not pass the seed when the published chain heads cannot be read', async () => {
    server.chains = { success: false, error: 'Internal error' };
    server.chainsStatus = 500;
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).not.toBe('Passed');
    expect(checks[SEED]?.mark).not.toBe('Failed');
    expect(checks[SEED]?.text).toContain('The published chain heads could not be read');
    expect(checks[ROLL]?.mark).toBe('Passed');
    expect(screen.queryByText('Verified: this roll was fixed before the bet and computed fairly')).toBeNull();
  });

  it('shows ✗ for tampered odds: the server says other odds than the creating transaction', async () => {
    server.bet = answer({ bet: { odds: 5, result: 'Loss' } });
    renderVerification();
    const checks = await steps();
    expect(checks[RESULT]?.mark).toBe('Failed');
    expect(checks[RESULT]?.text).toContain('Odds (creating transaction)40%');
    expect(checks[RESULT]?.text).toContain('Odds (server)5%');
  });

  it('shows ✗ when the recorded result is not what the roll gives', async () => {
    server.bet = answer({ bet: { result: 'Loss' } });
    renderVerification();
    const checks = await steps();
    expect(checks[RESULT]?.mark).toBe('Failed');
    expect(checks[RESULT]?.text).toContain('Result (computed)Win');
    expect(checks[RESULT]?.text).toContain('Result (recorded)Loss');
  });

  it('shows ✗ when the settle transaction used another roll', async () => {
    putChainTransactions(40, 77);
    renderVerification();
    const checks = await steps();
    expect(checks[ROLL]?.mark).toBe('Failed');
    expect(checks[ROLL]?.text).toContain('Roll (settle transaction)77');
  });

  it('waits while the seed is not revealed', async () => {
    server.bet = answer({
      bet: { state: 'Open', result: 'None', randomValue: null, settleSignature: null },
      seed: { seed: null, previousSeed: null, revealed: false },
    });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Not yet',
      'Passed',
      'Not yet',
      'Not yet',
    ]);
    expect(checks[SEED]?.text).toContain('The seed is revealed once this bet and every earlier bet');
    expect(screen.getByText('Not verifiable yet')).toBeTruthy();
  });

  it("shows the server's message for a bad signature", async () => {
    server.bet = { success: false, error: 'Invalid signature' };
    server.status = 400;
    renderVerification('not-a-signature');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid signature');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows the server's message for an unknown bet", async () => {
    server.bet = { success: false, error: 'Bet not found' };
    server.status = 404;
    renderVerification();
    expect((await screen.findByRole('alert')).textContent).toContain('Bet not found');
  });

  it('still checks against the server when the chain cannot be read', async () => {
    mocks.chain.transactions.clear();
    renderVerification();
    const checks = await steps();
    expect(checks[ROLL]?.mark).toBe('Passed');
    expect(checks[ROLL]?.text).toContain('Roll (settle transaction)not readable from the chain');
    await waitFor(() => {
      expect(checks[RESULT]?.mark).toBe('Passed');
    });
  });
});
