import { formatRevealLog, hexToBytes } from '@arcade/sdk/wager/fairness';
import {
  getCreateBetInstructionDataCodec,
  getCreateBetOffchainInstructionDataCodec,
  getRevealBetInstructionDataCodec,
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
import { CHECK_TITLES } from '../utils/verify.ts';
import { BetVerification, ROLLED_AFTER_REFUND } from './bet-verification.tsx';

const WAGER = fakeAddress(2);
const HOUSE = fakeAddress(3);
const SLOT_HASHES = 'SysvarS1otHashes111111111111111111111111111';
const vector = FAIRNESS_VECTORS[2]!; // s_3, sequence 102, roll 76
const REVEAL_SIGNATURE = FAIRNESS_VECTORS[3]!.signature;
const ODDS = 80;
const base58 = getBase58Decoder();

const mocks = vi.hoisted(() => ({ chain: null as unknown as MockChain }));

vi.mock('../../../lib/wallet/rpc.ts', () => ({ getRpc: () => mocks.chain.rpc() }));

const algorithm = {
  seedChain: 's_i = sha256(s_{i+1})',
  roll: 'roll = u64 mod 100',
  message: 'sequence ‖ player seed ‖ slot hash',
  result: 'Win iff roll < odds',
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
        startSequence: VECTOR_CHAIN.startSequence,
        commitSignature: FAIRNESS_VECTORS[0]!.signature,
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
    readonly reveal?: BetFairness['reveal'];
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
      odds: ODDS,
      state: 'Settled',
      result: 'Win',
      randomValue: vector.roll,
      settleSignature: REVEAL_SIGNATURE,
      refundSignature: null,
      slot: vector.slot,
      txIndex: 0,
      sequence: vector.sequence,
      playerSeed: vector.playerSeed,
      offChain: false,
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
    reveal:
      overrides.reveal === undefined
        ? { signature: REVEAL_SIGNATURE, outcome: 'settled', roll: vector.roll, slotHash: vector.slotHash }
        : overrides.reveal,
  };
}

/** A landed transaction, as `getTransaction` answers with `encoding: 'json'`. */
function jsonTransaction(
  accounts: readonly string[],
  data: ReadonlyUint8Array,
  options: { slot?: number; logs?: readonly string[] } = {},
) {
  return {
    slot: BigInt(options.slot ?? vector.slot),
    transaction: {
      message: {
        accountKeys: [...accounts, WAGER],
        instructions: [
          { programIdIndex: accounts.length, accounts: accounts.map((_, i) => i), data: base58.decode(data) },
        ],
      },
    },
    meta: {
      err: null,
      loadedAddresses: { writable: [], readonly: [] },
      logMessages: [
        `Program ${WAGER} invoke [1]`,
        ...(options.logs ?? []).map((line) => `Program log: ${line}`),
        `Program ${WAGER} success`,
      ],
    },
  };
}

/** The chain's two transactions of the bet: `create_bet` and the `reveal_bet` with its log line. */
function putChainTransactions({
  odds = ODDS,
  playerSeed = vector.playerSeed,
  roll = vector.roll,
  seed = vector.seed,
  afterRefund = false,
}: { odds?: number; playerSeed?: string; roll?: number; seed?: string; afterRefund?: boolean } = {}): void {
  mocks.chain.transactions.set(
    vector.signature,
    jsonTransaction(
      [SYSTEM, vector.betAddress, HOUSE, SYSTEM, SYSTEM],
      getCreateBetInstructionDataCodec().encode({
        odds,
        listingPrice: 1_000_000_000n,
        betType: 0,
        playerSeed: hexToBytes(playerSeed),
      }),
    ),
  );
  mocks.chain.transactions.set(
    REVEAL_SIGNATURE,
    jsonTransaction(
      [HOUSE, vector.betAddress, SYSTEM, SLOT_HASHES],
      getRevealBetInstructionDataCodec().encode({ seed: hexToBytes(seed) }),
      {
        slot: vector.slot + 3,
        logs: [
          formatRevealLog({
            kind: 'settled',
            sequence: BigInt(vector.sequence),
            roll,
            slot: BigInt(vector.slot),
            slotHash: hexToBytes(vector.slotHash),
            afterRefund,
          }),
        ],
      },
    ),
  );
}

let server: { bet: unknown; status: number; chains: unknown; chainsStatus: number };

beforeEach(() => {
  setRuntimeConfig(testConfig({ programs: { wager: WAGER, foresight: SYSTEM } }));
  mocks.chain = new MockChain(WAGER);
  putChainTransactions();
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

const { seed: SEED, inputs: INPUTS, roll: ROLL, result: RESULT, offchain: OFFCHAIN } = CHECK_TITLES;
const VERIFIED = 'Verified: the program computed this roll from values fixed before the bet';

describe('BetVerification', () => {
  it('re-derives a revealed bet step by step, against the chain and the server', async () => {
    renderVerification();
    const checks = await steps();
    expect(Object.fromEntries(Object.entries(checks).map(([title, check]) => [title, check.mark]))).toEqual({
      [SEED]: 'Passed',
      [INPUTS]: 'Passed',
      [ROLL]: 'Passed',
      [RESULT]: 'Passed',
    });
    // The commitment, the revealed seed (from the reveal transaction), and the walk back to the head.
    expect(checks[SEED]?.text).toContain(`Commitment (previous seed)${vector.previousSeed}`);
    expect(checks[SEED]?.text).toContain(`Revealed seed (reveal transaction)${vector.seed}`);
    expect(checks[SEED]?.text).toContain(`Seed hashed 3×${VECTOR_CHAIN.head}`);
    // The sequence, the player seed, the slot and its hash, each from the chain.
    expect(checks[INPUTS]?.text).toContain(`Sequence (reveal transaction)${vector.sequence}`);
    expect(checks[INPUTS]?.text).toContain(`Your seed (creating transaction)${vector.playerSeed}`);
    expect(checks[INPUTS]?.text).toContain(`Slot (creating transaction)${vector.slot}`);
    expect(checks[INPUTS]?.text).toContain(`Slot hash (reveal transaction)${vector.slotHash}`);
    expect(checks[INPUTS]?.text).toContain(`Message (computed)${vector.message}`);
    // The roll recomputed here is the one the program logged.
    expect(checks[ROLL]?.text).toContain(`HMAC-SHA256${vector.hmac}`);
    expect(checks[ROLL]?.text).toContain('Roll (computed here)76');
    expect(checks[ROLL]?.text).toContain('Roll (program, reveal transaction)76');
    expect(checks[RESULT]?.text).toContain('A roll of 76 against odds of 80% is a win.');
    expect(checks[RESULT]?.text).toContain('Odds (creating transaction)80%');
    expect(screen.getByText(VERIFIED)).toBeTruthy();
    expect(mocks.chain.transactionReads).toBe(2);
  });

  it('reads the roll from the reveal transaction’s log, not from the server', async () => {
    // A server that says nothing of the roll or the slot hash: the chain alone decides.
    server.bet = answer({ bet: { randomValue: null }, reveal: null, message: null });
    renderVerification();
    const checks = await steps();
    expect(checks[ROLL]?.mark).toBe('Passed');
    expect(checks[ROLL]?.text).toContain('Roll (program, reveal transaction)76');
    expect(checks[ROLL]?.text).not.toContain('Roll (server)');
    expect(checks[INPUTS]?.mark).toBe('Passed');
  });

  it('shows ✗ when the server’s seed is not the one revealed on chain', async () => {
    server.bet = answer({ seed: { seed: FAIRNESS_VECTORS[1]!.seed } });
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Failed');
    expect(screen.getByText('Mismatch: this roll does not check out')).toBeTruthy();
  });

  it('shows ✗ for a revealed seed that does not hash to the commitment', async () => {
    putChainTransactions({ seed: FAIRNESS_VECTORS[1]!.seed });
    server.bet = answer({ seed: { seed: FAIRNESS_VECTORS[1]!.seed } });
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Failed');
    expect(checks[ROLL]?.mark).toBe('Failed');
  });

  it('shows ✗ for a chain head that was never committed', async () => {
    server.chains = chains('00'.repeat(32));
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Failed');
    expect(checks[INPUTS]?.mark).toBe('Passed');
  });

  it('does not pass the seed when the committed chain heads cannot be read', async () => {
    server.chains = { success: false, error: 'Internal error' };
    server.chainsStatus = 500;
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Not yet');
    expect(checks[SEED]?.text).toContain('The published chain heads could not be read');
    expect(checks[ROLL]?.mark).toBe('Passed');
    expect(screen.queryByText(VERIFIED)).toBeNull();
  });

  it('shows ✗ when the server’s player seed is not the one the bet was made with', async () => {
    server.bet = answer({ bet: { playerSeed: FAIRNESS_VECTORS[1]!.playerSeed } });
    renderVerification();
    const checks = await steps();
    expect(checks[INPUTS]?.mark).toBe('Failed');
    expect(checks[INPUTS]?.text).toContain(`Your seed (server)${FAIRNESS_VECTORS[1]!.playerSeed}`);
  });

  it('shows ✗ for tampered odds: the server says other odds than the creating transaction', async () => {
    server.bet = answer({ bet: { odds: 5, result: 'Loss' } });
    renderVerification();
    const checks = await steps();
    expect(checks[RESULT]?.mark).toBe('Failed');
    expect(checks[RESULT]?.text).toContain('Odds (creating transaction)80%');
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

  it('shows ✗ when the program logged another roll than the one recomputed', async () => {
    putChainTransactions({ roll: 77 });
    renderVerification();
    const checks = await steps();
    expect(checks[ROLL]?.mark).toBe('Failed');
    expect(checks[ROLL]?.text).toContain('Roll (program, reveal transaction)77');
  });

  it('waits while the roll is not revealed, showing what the bet fixed', async () => {
    mocks.chain.transactions.delete(REVEAL_SIGNATURE);
    server.bet = answer({
      bet: { state: 'Open', result: 'None', randomValue: null, settleSignature: null },
      seed: { seed: null, previousSeed: null, revealed: false },
      reveal: null,
      message: null,
    });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Not yet',
      'Not yet',
      'Not yet',
      'Not yet',
    ]);
    expect(checks[SEED]?.text).toContain('The settler reveals this bet’s seed on chain');
    expect(checks[INPUTS]?.text).toContain(`Your seed (creating transaction)${vector.playerSeed}`);
    expect(checks[INPUTS]?.text).toContain('the slot’s hash is read when the roll is revealed');
    expect(screen.getByText('Not verifiable yet')).toBeTruthy();
  });

  it('labels an off-chain bet: its roll was the settler’s choice', async () => {
    mocks.chain.transactions.set(
      vector.signature,
      jsonTransaction(
        [SYSTEM, vector.betAddress, HOUSE, SYSTEM, SYSTEM],
        getCreateBetOffchainInstructionDataCodec().encode({ odds: ODDS, listingPrice: 1n, betType: 0 }),
      ),
    );
    mocks.chain.transactions.set(
      REVEAL_SIGNATURE,
      jsonTransaction(
        [SYSTEM, HOUSE, vector.betAddress],
        getSettleBetOffchainInstructionDataCodec().encode({ randomValue: 12 }),
      ),
    );
    server.bet = answer({
      bet: { offChain: true, sequence: null, playerSeed: null, randomValue: 12 },
      seed: null,
      reveal: null,
      message: null,
    });
    renderVerification();
    const checks = await steps();
    expect(Object.keys(checks)).toEqual([OFFCHAIN, RESULT]);
    expect(checks[OFFCHAIN]?.text).toContain('Roll (settle transaction)12');
    expect(checks[RESULT]?.mark).toBe('Passed');
    expect(screen.getAllByText('Roll chosen by the settler (off-chain bet)').length).toBeGreaterThan(0);
    expect(screen.queryByText(VERIFIED)).toBeNull();
  });

  it('verifies a bet rolled after its refund with the slot hash the refund captured: a win paid late', async () => {
    putChainTransactions({ afterRefund: true });
    server.bet = answer({
      bet: { state: 'Claimed', result: 'Win', refundSignature: 'sig-refund' },
    });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Passed',
      'Passed',
      'Passed',
      'Passed',
    ]);
    expect(screen.getByText(VERIFIED)).toBeTruthy();
    const note = screen.getByRole('note', { name: ROLLED_AFTER_REFUND });
    expect(note.textContent).toContain(ROLLED_AFTER_REFUND);
    // The prize of the creating transaction (1 SOL at 80%): stake 0.8, fee 0.032, so 0.168 paid late.
    expect(note.textContent).toContain(
      'rolled the bet with that hash, exactly as an on-time reveal would have: it won, and the rest of the prize (+0.168 SOL) was paid to your wallet.',
    );
    expect(checks[INPUTS]?.text).toContain(
      `Slot hash (captured by your refund, reveal transaction)${vector.slotHash}`,
    );
    expect(checks[INPUTS]?.text).toContain('your refund captured that hash from SlotHashes');
    expect(checks[RESULT]?.text).toContain('A roll of 76 against odds of 80% is a win.');
    expect(checks[RESULT]?.text).toContain('Paid after the refund0.168 SOL');
  });

  it('verifies a bet rolled after its refund that lost: the refund stands', async () => {
    putChainTransactions({ odds: 50, afterRefund: true });
    server.bet = answer({
      bet: { odds: 50, state: 'Refunded', result: 'Loss', refundSignature: 'sig-refund' },
    });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Passed',
      'Passed',
      'Passed',
      'Passed',
    ]);
    expect(screen.getByRole('note', { name: ROLLED_AFTER_REFUND }).textContent).toContain(
      'it lost, and the refund of your stake and fee stands.',
    );
    expect(checks[RESULT]?.text).toContain('A roll of 76 against odds of 50% is a loss.');
    expect(checks[RESULT]?.text).not.toContain('Paid after the refund');
  });

  it('says a win rolled after its refund that the wallet could not take then is there to claim', async () => {
    putChainTransactions({ afterRefund: true });
    server.bet = answer({ bet: { state: 'Settled', result: 'Win', refundSignature: 'sig-refund' } });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Passed',
      'Passed',
      'Passed',
      'Passed',
    ]);
    expect(screen.getByRole('note', { name: ROLLED_AFTER_REFUND }).textContent).toContain(
      'it won, and the rest of the prize (+0.168 SOL) is yours to claim, in SOL',
    );
    expect(checks[RESULT]?.text).toContain('is yours to claim, in SOL.');
    expect(checks[RESULT]?.text).toContain('Owed after the refund0.168 SOL');
  });

  it('verifies a late roll whose record kept only the refund: the roll against the odds says the result', async () => {
    putChainTransactions({ afterRefund: true });
    server.bet = answer({ bet: { state: 'Refunded', result: 'None', refundSignature: 'sig-refund' } });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Passed',
      'Passed',
      'Passed',
      'Passed',
    ]);
    expect(checks[RESULT]?.text).toContain('A roll of 76 against odds of 80% is a win.');
    expect(checks[RESULT]?.text).toContain('Result (computed)Win');
    expect(checks[RESULT]?.text).not.toContain('Result (recorded)');
    expect(screen.getByRole('note', { name: ROLLED_AFTER_REFUND }).textContent).toContain(
      'it won, and the rest of the prize (+0.168 SOL) was paid to your wallet.',
    );
  });

  it('knows a roll after a refund from the server alone when the chain cannot be read', async () => {
    mocks.chain.transactions.clear();
    server.bet = answer({
      bet: { state: 'Claimed', result: 'Win', refundSignature: 'sig-refund' },
      reveal: {
        signature: REVEAL_SIGNATURE,
        outcome: 'settled',
        roll: vector.roll,
        slotHash: vector.slotHash,
        afterRefund: true,
        lateWinAmount: '168000000',
      },
    });
    renderVerification();
    const checks = await steps();
    expect(checks[ROLL]?.mark).toBe('Passed');
    expect(checks[RESULT]?.mark).toBe('Passed');
    // What the win was paid on top of the refund: the server's figure, the creating transaction unread.
    expect(screen.getByRole('note', { name: ROLLED_AFTER_REFUND }).textContent).toContain(
      'the rest of the prize (+0.168 SOL) was paid to your wallet.',
    );
    expect(checks[RESULT]?.text).toContain('Paid after the refund0.168 SOL');
  });

  it('waits for the roll of a refunded bet whose seed is not revealed yet', async () => {
    mocks.chain.transactions.delete(REVEAL_SIGNATURE);
    server.bet = answer({
      bet: {
        state: 'Refunded',
        result: 'Invalid',
        randomValue: null,
        settleSignature: null,
        refundSignature: 'sig-refund',
      },
      seed: { seed: null, previousSeed: null, revealed: false },
      reveal: null,
      message: null,
    });
    renderVerification();
    const checks = await steps();
    expect(Object.values(checks).map((check) => check.mark)).toEqual([
      'Not yet',
      'Not yet',
      'Not yet',
      'Not yet',
    ]);
    expect(checks[INPUTS]?.text).toContain('A refund in time captured the slot’s hash');
    expect(checks[ROLL]?.text).toContain('its roll is computed when its seed is revealed');
    expect(screen.queryByRole('note', { name: ROLLED_AFTER_REFUND })).toBeNull();
  });

  it('says a bet refunded too late to keep its result was never rolled, though its seed was revealed', async () => {
    mocks.chain.transactions.set(
      REVEAL_SIGNATURE,
      jsonTransaction(
        [HOUSE, vector.betAddress, SYSTEM, SLOT_HASHES],
        getRevealBetInstructionDataCodec().encode({ seed: hexToBytes(vector.seed) }),
        {
          logs: [formatRevealLog({ kind: 'refunded', sequence: BigInt(vector.sequence), reason: 'earlier' })],
        },
      ),
    );
    server.bet = answer({
      bet: {
        state: 'Refunded',
        result: 'Invalid',
        randomValue: null,
        settleSignature: null,
        refundSignature: 'sig-refund',
      },
      reveal: { signature: REVEAL_SIGNATURE, outcome: 'refunded', roll: null, slotHash: null },
      message: null,
    });
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Passed');
    expect(checks[INPUTS]?.text).toContain('its slot’s hash was not captured in time');
    expect(checks[ROLL]?.text).toContain('none was computed');
    expect(checks[RESULT]?.text).toContain('no roll decided it');
    expect(screen.queryByRole('note', { name: ROLLED_AFTER_REFUND })).toBeNull();
    expect(screen.queryByText(VERIFIED)).toBeNull();
  });

  it('says a refunded bet had no roll', async () => {
    mocks.chain.transactions.set(
      REVEAL_SIGNATURE,
      jsonTransaction(
        [HOUSE, vector.betAddress, SYSTEM, SLOT_HASHES],
        getRevealBetInstructionDataCodec().encode({ seed: hexToBytes(vector.seed) }),
        {
          logs: [formatRevealLog({ kind: 'refunded', sequence: BigInt(vector.sequence), reason: 'expired' })],
        },
      ),
    );
    server.bet = answer({
      bet: { state: 'Refunded', result: 'None', randomValue: null, settleSignature: null },
      reveal: { signature: REVEAL_SIGNATURE, outcome: 'refunded', roll: null, slotHash: null },
      message: null,
    });
    renderVerification();
    const checks = await steps();
    expect(checks[SEED]?.mark).toBe('Passed');
    expect(checks[INPUTS]?.text).toContain('its slot’s hash was not captured in time');
    expect(checks[ROLL]?.text).toContain('the roll could not be revealed in time, so none was computed');
    expect(checks[RESULT]?.text).toContain('This bet was refunded');
    expect(screen.queryByRole('note', { name: ROLLED_AFTER_REFUND })).toBeNull();
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
    expect(checks[ROLL]?.text).toContain('Roll (program, reveal transaction)not readable from the chain');
    expect(checks[ROLL]?.text).toContain('Roll (server)76');
    await waitFor(() => {
      expect(checks[RESULT]?.mark).toBe('Passed');
    });
  });
});
