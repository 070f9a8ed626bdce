import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithinSizeLimit,
  compileTransaction,
  createTransactionMessage,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getSolanaErrorFromJsonRpcError,
  getTransactionDecoder,
  partiallySignTransaction,
  pipe,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SolanaError,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type ReadonlyUint8Array,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type Transaction,
  type TransactionModifyingSigner,
} from '@solana/kit';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import {
  CONFIRMATION_TIMEOUT_MS,
  LEGACY_TX_BUILD_DELAY_MS,
  MAX_TRANSACTION_SIZE,
  RESEND_INTERVAL_MS,
} from '../constants.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from '../foresight/program.ts';
import { ERROR_MESSAGES, transactionErrorMessage } from '../messages.ts';
import { WAGER_PROGRAM_ADDRESS } from '../wager/program.ts';
import { createProgramErrorName, programErrorName } from './program-error-name.ts';
import { EXPIRED_MESSAGE, TIMEOUT_MESSAGE } from './send-error.ts';
import {
  createTransactionSender,
  isTransactionRefusal,
  statusPollIntervalMs,
  TransactionSendError,
  type SenderClock,
  type TransactionSenderConfig,
} from './transaction-sender.ts';

// ---------------------------------------------------------------------------------------------------------
// Fakes: a virtual clock that advances only when the sender sleeps, and an RPC that records every call.
// ---------------------------------------------------------------------------------------------------------

interface FakeClock extends SenderClock {
  readonly sleeps: number[];
}

function fakeClock(): FakeClock {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    sleep: (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      time += ms;
      return Promise.resolve();
    },
  };
}

type Method =
  | 'getLatestBlockhash'
  | 'simulateTransaction'
  | 'sendTransaction'
  | 'getSignatureStatuses'
  | 'getBlockHeight';

interface RpcCall {
  readonly method: Method;
  readonly time: number;
  readonly params: readonly unknown[];
}

type Handlers = Partial<Record<Method, (...params: never[]) => unknown>>;

interface FakeRpc {
  readonly rpc: Rpc<SolanaRpcApi>;
  readonly calls: RpcCall[];
  times(method: Method): number[];
}

const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash;
const LAST_VALID_BLOCK_HEIGHT = 1_000n;

/** Answers like a healthy node where nothing ever confirms, unless `handlers` say otherwise. */
function fakeRpc(clock: SenderClock, handlers: Handlers = {}): FakeRpc {
  const defaults: Required<Handlers> = {
    getLatestBlockhash: () => ({
      context: { slot: 1n },
      value: { blockhash: BLOCKHASH, lastValidBlockHeight: LAST_VALID_BLOCK_HEIGHT },
    }),
    simulateTransaction: () => ({
      context: { slot: 1n },
      value: { err: null, logs: ['Program log: ok'], unitsConsumed: 100_000n },
    }),
    sendTransaction: (wire: string) => signatureOfWire(wire),
    getSignatureStatuses: () => ({ context: { slot: 1n }, value: [null] }),
    getBlockHeight: () => 900n,
  };
  const calls: RpcCall[] = [];
  const rpc = new Proxy(
    {},
    {
      get:
        (_target, method: Method) =>
        (...params: never[]) => ({
          send: async () => {
            calls.push({ method, time: clock.now(), params });
            const handler = handlers[method] ?? defaults[method];
            return await handler(...params);
          },
        }),
    },
  ) as Rpc<SolanaRpcApi>;
  return { rpc, calls, times: (method) => calls.filter((c) => c.method === method).map((c) => c.time) };
}

function decodeWire(wire: string): Transaction {
  return getTransactionDecoder().decode(getBase64Encoder().encode(wire));
}

function signatureOfWire(wire: string): Signature {
  return getSignatureFromTransaction(decodeWire(wire));
}

/** The compute budget and program ids of the n-th transaction sent. */
function sentDetails(fake: FakeRpc, n = 0) {
  const sends = fake.calls.filter((c) => c.method === 'sendTransaction');
  const call = sends[n];
  if (call === undefined) throw new Error(`No send #${n}`);
  const transaction = decodeWire(call.params[0] as string);
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  if (compiled.version === 1) throw new Error('unexpected v1');
  const instructions = compiled.instructions.map((ix) => ({
    program: compiled.staticAccounts[ix.programAddressIndex],
    data: ix.data ?? new Uint8Array(),
  }));
  const budget = instructions.filter((ix) => ix.program === COMPUTE_BUDGET_PROGRAM_ADDRESS);
  const limit = budget.find((ix) => ix.data[0] === 2);
  const price = budget.find((ix) => ix.data[0] === 3);
  return {
    transaction,
    version: compiled.version,
    config: call.params[1],
    programs: instructions.map((ix) => ix.program),
    computeUnitLimit: limit ? readU32(limit.data) : undefined,
    computeUnitPrice: price ? readU64(price.data) : undefined,
  };
}

/** The u32 after a compute-budget instruction's discriminator. */
function readU32(data: ReadonlyUint8Array): number {
  return new DataView(Uint8Array.from(data).buffer).getUint32(1, true);
}

/** The u64 after a compute-budget instruction's discriminator. */
function readU64(data: ReadonlyUint8Array): bigint {
  return new DataView(Uint8Array.from(data).buffer).getBigUint64(1, true);
}

function confirmedFrom(time: number, clock: SenderClock, status: 'confirmed' | 'finalized' = 'confirmed') {
  return () => ({
    context: { slot: 1n },
    value: [
      clock.now() >= time
        ? { slot: 1n, confirmations: null, err: null, confirmationStatus: status }
        : clock.now() >= time - 800
          ? { slot: 1n, confirmations: 0n, err: null, confirmationStatus: 'processed' }
          : null,
    ],
  });
}

const confirmedAtOnce = () => ({
  context: { slot: 1n },
  value: [{ slot: 1n, confirmations: null, err: null, confirmationStatus: 'confirmed' }],
});

function instruction(programAddress: Address, dataLength = 1): Instruction {
  return { programAddress, accounts: [], data: new Uint8Array(dataLength).fill(7) };
}

const COMPUTE_BUDGET_PROGRAM_ADDRESS = address('ComputeBudget111111111111111111111111111111');
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TsNpcU7Ukf8ZDD3uoZNGfR');

let payer: KeyPairSigner;
beforeAll(async () => {
  payer = await generateKeyPairSigner();
});

function setup(handlers: Handlers = {}, extra: Partial<TransactionSenderConfig> = {}) {
  const clock = fakeClock();
  const primary = fakeRpc(clock, handlers);
  const log = vi.fn<(message: string, error?: unknown) => void>();
  const sender = createTransactionSender({ rpc: primary.rpc, clock, log, ...extra });
  return { clock, primary, log, sender };
}

async function failure(promise: Promise<unknown>): Promise<TransactionSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransactionSendError);
  return error as TransactionSendError;
}

// ---------------------------------------------------------------------------------------------------------

describe('sending and resending', () => {
  it('sends without preflight and resends every 2 s until the 120 s timeout', async () => {
    const { sender, primary } = setup();
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));

    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(error.message).toBe('Transaction was not confirmed within 120 seconds');
    const sends = primary.times('sendTransaction');
    expect(sends.slice(0, 4)).toEqual([0, 2_000, 4_000, 6_000]);
    expect(sends).toEqual(Array.from({ length: 60 }, (_, i) => i * RESEND_INTERVAL_MS));
    expect(Math.max(...primary.calls.map((c) => c.time))).toBe(CONFIRMATION_TIMEOUT_MS);
    expect(sentDetails(primary).config).toEqual({ encoding: 'base64', skipPreflight: true, maxRetries: 0n });
    // Every resend is the very same signed transaction.
    const wires = new Set(
      primary.calls.filter((c) => c.method === 'sendTransaction').map((c) => c.params[0]),
    );
    expect(wires.size).toBe(1);
    expect(error.signature).toBe(signatureOfWire([...wires][0] as string));
  });

  it('stops resending once the signature is confirmed, not merely processed', async () => {
    const clock = fakeClock();
    const primary = fakeRpc(clock, { getSignatureStatuses: confirmedFrom(5_000, clock) });
    const sender = createTransactionSender({ rpc: primary.rpc, clock, log: () => undefined });

    const signature = await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });

    expect(primary.times('sendTransaction')).toEqual([0, 2_000, 4_000]);
    expect(signature).toBe(getSignatureFromTransaction(sentDetails(primary).transaction));
    const lastCall = primary.calls.at(-1);
    expect(lastCall?.method).toBe('getSignatureStatuses');
    expect(lastCall?.time).toBeGreaterThanOrEqual(5_000);
    expect(lastCall?.time).toBeLessThan(5_000 + 500);
  });

  it('accepts finalized as confirmed', async () => {
    const clock = fakeClock();
    const primary = fakeRpc(clock, { getSignatureStatuses: confirmedFrom(0, clock, 'finalized') });
    const sender = createTransactionSender({ rpc: primary.rpc, clock });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(primary.times('sendTransaction')).toEqual([0]);
  });

  it("fails with 'expired' once the block height passes the blockhash's last valid height", async () => {
    const { sender, primary, clock } = setup({
      getBlockHeight: () =>
        clockRef.now() >= 6_000 ? LAST_VALID_BLOCK_HEIGHT + 1n : LAST_VALID_BLOCK_HEIGHT,
    });
    const clockRef = clock;
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));

    expect(error.reason).toBe('expired');
    expect(error.message).toBe(EXPIRED_MESSAGE);
    // The height is checked at the first resend, then every 10 s: the expiry at 6 s is seen at 12 s.
    expect(primary.times('getBlockHeight')).toEqual([2_000, 12_000]);
    expect(primary.times('sendTransaction')).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000]);
    // After seeing the expiry it looks at the status once more: it may have landed in the last block.
    expect(primary.calls.at(-1)).toMatchObject({ method: 'getSignatureStatuses', time: 12_000 });
  });

  it('still succeeds when the expiry check finds it confirmed in the last valid block', async () => {
    const clock = fakeClock();
    let heightChecked = false;
    const primary = fakeRpc(clock, {
      getBlockHeight: () => {
        heightChecked = true;
        return LAST_VALID_BLOCK_HEIGHT + 1n;
      },
      getSignatureStatuses: () => ({
        context: { slot: 1n },
        value: [
          heightChecked ? { slot: 1n, confirmations: 0n, err: null, confirmationStatus: 'confirmed' } : null,
        ],
      }),
    });
    const sender = createTransactionSender({ rpc: primary.rpc, clock });
    await expect(
      sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }),
    ).resolves.toBeTypeOf('string');
    expect(primary.times('sendTransaction')).toEqual([0]);
  });

  it('only logs resend failures and keeps going', async () => {
    const clock = fakeClock();
    let sends = 0;
    const primary = fakeRpc(clock, {
      sendTransaction: (wire: string) => {
        sends++;
        if (sends > 1 && sends < 4) throw new Error('node busy');
        return signatureOfWire(wire);
      },
      getSignatureStatuses: confirmedFrom(9_000, clock),
    });
    const log = vi.fn();
    const sender = createTransactionSender({ rpc: primary.rpc, clock, log });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(primary.times('sendTransaction')).toEqual([0, 2_000, 4_000, 6_000, 8_000]);
    expect(log).toHaveBeenCalledWith('Resending the transaction failed', new Error('node busy'));
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('tries the fallback RPC for a call the primary fails', async () => {
    const clock = fakeClock();
    const down = () => {
      throw new Error('503 Service Unavailable');
    };
    const primary = fakeRpc(clock, {
      getLatestBlockhash: down,
      simulateTransaction: down,
      sendTransaction: down,
      getSignatureStatuses: down,
    });
    const fallback = fakeRpc(clock, { getSignatureStatuses: confirmedFrom(3_000, clock) });
    const log = vi.fn();
    const sender = createTransactionSender({ rpc: primary.rpc, fallbackRpc: fallback.rpc, clock, log });

    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });

    expect(fallback.times('getLatestBlockhash')).toEqual([0]);
    expect(fallback.times('simulateTransaction')).toEqual([0]);
    expect(fallback.times('sendTransaction')).toEqual([0, 2_000]);
    // Per call: the primary is asked first every time.
    expect(primary.times('sendTransaction')).toEqual([0, 2_000]);
    expect(sentDetails(fallback).computeUnitLimit).toBe(110_000); // the fallback's simulation was used
    expect(log).toHaveBeenCalledWith(
      'sendTransaction failed on the primary RPC; trying the fallback',
      new Error('503 Service Unavailable'),
    );
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const clock = fakeClock();
    const primary = fakeRpc(clock, {
      getSignatureStatuses: () => {
        if (clock.now() >= 3_000) controller.abort(new Error('left the page'));
        return { context: { slot: 1n }, value: [null] };
      },
    });
    const sender = createTransactionSender({ rpc: primary.rpc, clock });
    await expect(
      sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer, signal: controller.signal }),
    ).rejects.toThrow('left the page');
    expect(primary.times('sendTransaction')).toEqual([0, 2_000]);
  });
});

describe('polling cost', () => {
  it('polls every 400 ms for 2 s, every second until 10 s, then with each 2 s resend', async () => {
    const { sender, primary } = setup();
    await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));
    const polls = primary.times('getSignatureStatuses');
    expect(polls.filter((t) => t <= 14_000)).toEqual([
      0, 400, 800, 1_200, 1_600, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000, 12_000,
      14_000,
    ]);
    expect(polls.at(-1)).toBe(CONFIRMATION_TIMEOUT_MS);
    expect([0, 1_999, 2_000, 9_999, 10_000, 60_000].map(statusPollIntervalMs)).toEqual([
      400, 400, 1_000, 1_000, 2_000, 2_000,
    ]);
  });

  it('keeps one pending send well under 100 RPC requests a minute, resends on the 2 s grid included', async () => {
    const { sender, primary } = setup(); // a known lastValidBlockHeight: expiry checks too
    await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));
    const watching = primary.calls.filter((c) =>
      ['sendTransaction', 'getSignatureStatuses', 'getBlockHeight'].includes(c.method),
    );
    const inMinute = (from: number, method?: Method) =>
      watching.filter((c) => c.time >= from && c.time < from + 60_000 && (method ?? c.method) === c.method)
        .length;
    // Any 60 s window, not just the calendar minutes.
    const worst = Math.max(
      ...Array.from({ length: (CONFIRMATION_TIMEOUT_MS - 60_000) / 200 + 1 }, (_, i) => inMinute(i * 200)),
    );
    expect(worst).toBe(74);
    expect(inMinute(0)).toBe(74);
    expect(inMinute(60_000)).toBe(66);
    expect(inMinute(0, 'getSignatureStatuses')).toBe(38);
    expect(inMinute(60_000, 'getSignatureStatuses')).toBe(30);
    expect(inMinute(0, 'sendTransaction')).toBe(30);
    expect(primary.times('getBlockHeight')).toEqual([
      2_000, 12_000, 22_000, 32_000, 42_000, 52_000, 62_000, 72_000, 82_000, 92_000, 102_000, 112_000,
    ]);
  });
});

describe('when the first send fails', () => {
  /** A JSON-RPC error answer, as kit's transport turns it into a `SolanaError`. */
  const rpcError = (code: number, message: string, data?: unknown) =>
    getSolanaErrorFromJsonRpcError({ code, message, ...(data === undefined ? {} : { data }) });
  const preflightFailure = (err: unknown, logs: string[] = []) =>
    rpcError(-32002, 'Transaction simulation failed', { err, logs, accounts: null, unitsConsumed: 0 });
  const httpError = (statusCode: number, message: string) =>
    new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, { headers: new Headers(), message, statusCode });
  const throwing = (error: unknown) => () => {
    throw error;
  };

  it.each([
    ['a dropped connection', new TypeError('fetch failed')],
    ['a proxy 502', httpError(502, 'Bad Gateway')],
    ['a proxy timeout (504)', httpError(504, 'Gateway Timeout')],
    ['a rate limit (429)', httpError(429, 'Too Many Requests')],
    ['an aborted request (timeout)', new DOMException('The operation timed out.', 'TimeoutError')],
    ['-32603 internal error', rpcError(-32603, 'Internal error')],
    ['-32005 node unhealthy', rpcError(-32005, 'Node is behind by 42 slots', { numSlotsBehind: 42 })],
    ['a preflight failure: AlreadyProcessed', preflightFailure('AlreadyProcessed')],
    ['a preflight failure: BlockhashNotFound', preflightFailure('BlockhashNotFound')],
  ])('after %s it logs, resends and still confirms when the status appears', async (_label, error) => {
    expect(isTransactionRefusal(error)).toBe(false);
    const clock = fakeClock();
    let sends = 0;
    const primary = fakeRpc(clock, {
      sendTransaction: (wire: string) => {
        if (sends++ === 0) throw error;
        return signatureOfWire(wire);
      },
      getSignatureStatuses: confirmedFrom(4_500, clock),
    });
    const log = vi.fn();
    const sender = createTransactionSender({ rpc: primary.rpc, clock, log });

    const signature = await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });

    expect(signature).toBe(getSignatureFromTransaction(sentDetails(primary).transaction));
    expect(primary.times('sendTransaction')).toEqual([0, 2_000, 4_000]);
    expect(log).toHaveBeenCalledWith(
      'Sending the transaction failed; it may still land, so it is resent and watched',
      error,
    );
  });

  it('confirms a transaction whose every send failed but which landed anyway (the request got through)', async () => {
    const clock = fakeClock();
    const primary = fakeRpc(clock, {
      sendTransaction: throwing(httpError(502, 'Bad Gateway')),
      getSignatureStatuses: confirmedFrom(1_200, clock),
    });
    const sender = createTransactionSender({ rpc: primary.rpc, clock, log: () => undefined });
    await expect(
      sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }),
    ).resolves.toBeTypeOf('string');
    expect(primary.times('sendTransaction')).toEqual([0]);
    expect(primary.times('getSignatureStatuses')).toEqual([0, 400, 800, 1_200]);
  });

  it("ends as 'expired', not as a failure, when sends keep failing and the blockhash runs out", async () => {
    const clock = fakeClock();
    const primary = fakeRpc(clock, {
      sendTransaction: throwing(new TypeError('fetch failed')),
      getBlockHeight: () => (clock.now() >= 30_000 ? LAST_VALID_BLOCK_HEIGHT + 1n : 900n),
    });
    const sender = createTransactionSender({ rpc: primary.rpc, clock, log: () => undefined });
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));
    expect(error.reason).toBe('expired');
    expect(error.message).toBe(EXPIRED_MESSAGE);
    expect(error.signature).not.toBeNull();
    expect(primary.times('getBlockHeight').at(-1)).toBe(32_000);
  });

  it("ends as 'timeout' after 120 s when nothing tells when the blockhash expires", async () => {
    const { sender, primary } = setup({ sendTransaction: throwing(new TypeError('fetch failed')) });
    const error = await failure(sender.sendSigned(await signed(payer, [instruction(MEMO_PROGRAM)])));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(primary.times('sendTransaction')).toHaveLength(60);
  });

  it.each([
    ['-32003 signature verification failure', rpcError(-32003, 'Transaction signature verification failure')],
    [
      '-32602 a transaction that does not sanitize',
      rpcError(-32602, 'invalid transaction: Transaction failed to sanitize accounts offsets correctly'),
    ],
    [
      '-32006 precompile verification failure',
      rpcError(-32006, 'Transaction precompile verification failure'),
    ],
    ['-32013 signature count mismatch', rpcError(-32013, 'Transaction signature length mismatch')],
    ['-32015 unsupported version', rpcError(-32015, 'Transaction version (1) is not supported')],
    ['a preflight failure that is not an instruction error', preflightFailure('AccountNotFound')],
  ])("fails at once with 'Unknown RPC error' when the RPC refuses it: %s", async (_label, refusal) => {
    expect(isTransactionRefusal(refusal)).toBe(true);
    const log = vi.fn();
    const { sender, primary } = setup({ sendTransaction: throwing(refusal) }, { log });
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));

    expect(error.reason).toBe('rejected');
    expect(error.message).toBe('Unknown RPC error');
    expect(error.message).toBe(ERROR_MESSAGES.unknownRpcError);
    expect(error.cause).toBe(refusal);
    expect(error.signature).toBe(getSignatureFromTransaction(sentDetails(primary).transaction));
    expect(primary.times('sendTransaction')).toEqual([0]);
    expect(primary.times('getSignatureStatuses')).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it("gives the spec's instruction message, name and logs for a preflight failure in a program", async () => {
    const refusal = preflightFailure({ InstructionError: [0, { Custom: 6011 }] }, ['Program log: BetTooLow']);
    const { sender, primary } = setup({ sendTransaction: throwing(refusal) });
    const error = await failure(
      sender.send({ instructions: [instruction(WAGER_PROGRAM_ADDRESS)], feePayer: payer }),
    );
    expect(error.message).toBe(
      'Error in transaction: instruction index 0, custom program error 6011 (BetTooLow)',
    );
    expect(error).toMatchObject({
      reason: 'rejected',
      instructionIndex: 0,
      customCode: 6011,
      programErrorName: 'BetTooLow',
      logs: ['Program log: BetTooLow'],
    });
    expect(primary.times('getSignatureStatuses')).toEqual([]);
  });

  it('fails at once when both endpoints refuse it, reporting the primary refusal', async () => {
    const primaryRefusal = rpcError(-32003, 'Transaction signature verification failure');
    const clock = fakeClock();
    const primary = fakeRpc(clock, { sendTransaction: throwing(primaryRefusal) });
    const fallback = fakeRpc(clock, {
      sendTransaction: throwing(rpcError(-32602, 'invalid transaction: bad')),
    });
    const sender = createTransactionSender({
      rpc: primary.rpc,
      fallbackRpc: fallback.rpc,
      clock,
      log: () => undefined,
    });
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));
    expect(error.reason).toBe('rejected');
    expect(error.cause).toBe(primaryRefusal);
    expect(fallback.times('sendTransaction')).toEqual([0]);
    expect(primary.times('getSignatureStatuses')).toEqual([]);
  });

  it.each([
    ['the primary refuses and the fallback cannot be reached', 'primary'],
    ['the primary cannot be reached and the fallback refuses', 'fallback'],
  ] as const)('keeps watching when %s: the other may have forwarded it', async (_label, refuser) => {
    const refuse = throwing(rpcError(-32003, 'Transaction signature verification failure'));
    const unreachable = throwing(new TypeError('fetch failed'));
    const clock = fakeClock();
    let sends = 0;
    const firstOnly =
      (fail: () => never) =>
      (wire: string): Signature => {
        if (sends++ < 2) fail();
        return signatureOfWire(wire);
      };
    const primary = fakeRpc(clock, {
      sendTransaction: firstOnly(refuser === 'primary' ? refuse : unreachable),
      getSignatureStatuses: confirmedFrom(2_500, clock),
    });
    const fallback = fakeRpc(clock, {
      sendTransaction: firstOnly(refuser === 'fallback' ? refuse : unreachable),
    });
    const log = vi.fn();
    const sender = createTransactionSender({ rpc: primary.rpc, fallbackRpc: fallback.rpc, clock, log });

    await expect(
      sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }),
    ).resolves.toBeTypeOf('string');
    expect(primary.times('sendTransaction')).toEqual([0, 2_000]);
    expect(fallback.times('sendTransaction')).toEqual([0]);
    expect(log).toHaveBeenCalledWith(
      'Sending the transaction failed; it may still land, so it is resent and watched',
      expect.anything(),
    );
  });

  it('stops when the caller aborts during the first send', async () => {
    const controller = new AbortController();
    const { sender, primary } = setup({
      sendTransaction: () => {
        controller.abort(new Error('left the page'));
        throw new TypeError('fetch failed');
      },
    });
    await expect(
      sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer, signal: controller.signal }),
    ).rejects.toThrow('left the page');
    expect(primary.times('getSignatureStatuses')).toEqual([]);
  });
});

describe('program errors', () => {
  it('decodes a Wager custom error in simulation with its name, and neither signs nor sends', async () => {
    const sign = vi.fn(payer.signTransactions);
    const feePayer = { ...payer, signTransactions: sign };
    const { sender, primary } = setup({
      simulateTransaction: () => ({
        context: { slot: 1n },
        value: {
          err: { InstructionError: [0, { Custom: 6011 }] },
          logs: ['Program log: AnchorError'],
          unitsConsumed: 5n,
        },
      }),
    });
    const error = await failure(
      sender.send({ instructions: [instruction(WAGER_PROGRAM_ADDRESS)], feePayer }),
    );

    expect(error.message).toBe(
      'Error in transaction: instruction index 0, custom program error 6011 (BetTooLow)',
    );
    expect(error.message).toBe(`${transactionErrorMessage(0, 6011)} (BetTooLow)`);
    expect(error).toMatchObject({
      reason: 'simulation',
      instructionIndex: 0,
      customCode: 6011,
      programErrorName: 'BetTooLow',
      logs: ['Program log: AnchorError'],
      signature: null,
    });
    expect(sign).not.toHaveBeenCalled();
    expect(primary.times('sendTransaction')).toEqual([]);
  });

  it('names the code by the program at the failing index (Foresight 6011 is EventNotLocked)', async () => {
    const { sender } = setup({
      simulateTransaction: () => ({
        context: { slot: 1n },
        value: { err: { InstructionError: [1, { Custom: 6011 }] }, logs: null },
      }),
    });
    const error = await failure(
      sender.send({
        instructions: [instruction(WAGER_PROGRAM_ADDRESS), instruction(FORESIGHT_PROGRAM_ADDRESS)],
        feePayer: payer,
      }),
    );
    expect(error.message).toBe(
      'Error in transaction: instruction index 1, custom program error 6011 (EventNotLocked)',
    );
    expect(error.programErrorName).toBe('EventNotLocked');
    expect(error.logs).toEqual([]);
  });

  it('gives the bare spec message for a program it does not know', async () => {
    const { sender } = setup({
      simulateTransaction: () => ({
        context: { slot: 1n },
        value: { err: { InstructionError: [0, { Custom: 1 }] }, logs: [] },
      }),
    });
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));
    expect(error.message).toBe('Error in transaction: instruction index 0, custom program error 1');
    expect(error.programErrorName).toBeNull();
  });

  it("gives 'Unknown RPC error' for a simulation error that is not a custom instruction error", async () => {
    for (const err of ['AccountNotFound', { InstructionError: [0, 'InvalidAccountData'] }]) {
      const { sender, primary } = setup({
        simulateTransaction: () => ({ context: { slot: 1n }, value: { err, logs: [] } }),
      });
      const error = await failure(
        sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }),
      );
      expect(error.message).toBe('Unknown RPC error');
      expect(error.reason).toBe('simulation');
      expect(primary.times('sendTransaction')).toEqual([]);
    }
  });

  it("fails with 'failed' and the decoded message when the landed transaction failed", async () => {
    const clock = fakeClock();
    const primary = fakeRpc(clock, {
      getSignatureStatuses: () => ({
        context: { slot: 1n },
        value: [
          clock.now() >= 2_400
            ? {
                slot: 1n,
                confirmations: 0n,
                err: { InstructionError: [0, { Custom: 6014 }] },
                confirmationStatus: 'confirmed',
              }
            : null,
        ],
      }),
    });
    const sender = createTransactionSender({ rpc: primary.rpc, clock });
    const error = await failure(
      sender.send({ instructions: [instruction(FORESIGHT_PROGRAM_ADDRESS)], feePayer: payer }),
    );
    expect(error.reason).toBe('failed');
    expect(error.message).toBe(
      'Error in transaction: instruction index 0, custom program error 6014 (BetTooLow)',
    );
    expect(error.signature).toBe(getSignatureFromTransaction(sentDetails(primary).transaction));
    expect(primary.times('sendTransaction')).toEqual([0, 2_000]);
  });

  it('uses a custom program-name lookup (programs deployed at other addresses)', async () => {
    const deployed = address('Wager11111111111111111111111111111111111111');
    const { sender } = setup(
      {
        simulateTransaction: () => ({
          context: { slot: 1n },
          value: { err: { InstructionError: [0, { Custom: 6005 }] }, logs: [] },
        }),
      },
      { programErrorName: createProgramErrorName({ wager: deployed }) },
    );
    const error = await failure(sender.send({ instructions: [instruction(deployed)], feePayer: payer }));
    expect(error.message).toBe(
      'Error in transaction: instruction index 0, custom program error 6005 (BetNotAvailable)',
    );
  });

  it('programErrorName knows both programs by address', () => {
    expect(programErrorName(WAGER_PROGRAM_ADDRESS, 6011)).toBe('BetTooLow');
    expect(programErrorName(WAGER_PROGRAM_ADDRESS, 6013)).toBe('BetOnChain');
    expect(programErrorName(FORESIGHT_PROGRAM_ADDRESS, 6011)).toBe('EventNotLocked');
    expect(programErrorName(FORESIGHT_PROGRAM_ADDRESS, 6014)).toBe('BetTooLow');
    expect(programErrorName(FORESIGHT_PROGRAM_ADDRESS, 6016)).toBeNull();
    expect(programErrorName(WAGER_PROGRAM_ADDRESS, 2006)).toBeNull();
    expect(programErrorName(MEMO_PROGRAM, 6011)).toBeNull();
  });
});

describe('size', () => {
  it('refuses a transaction over 1232 bytes before simulating or asking the wallet', async () => {
    const sign = vi.fn(payer.signTransactions);
    const feePayer = { ...payer, signTransactions: sign };
    const { sender, primary } = setup();
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM, 1_100)], feePayer }));

    expect(error.reason).toBe('too-large');
    const match = /^Transaction too large: (\d+) bytes \(limit 1232\)$/.exec(error.message);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThan(MAX_TRANSACTION_SIZE);
    expect(sign).not.toHaveBeenCalled();
    expect(primary.calls.map((c) => c.method)).toEqual(['getLatestBlockhash']);
  });

  it('counts the signature and compute-budget instructions: the largest accepted transaction is exactly 1232 bytes', async () => {
    // Signatures 1 + 64; v0 message: prefix 1, header 3, accounts 1 + 3 × 32, blockhash 32, instructions 1 +
    // (memo 1 + 1 + 2 + n) + (limit 1 + 1 + 1 + 5) + (price 1 + 1 + 1 + 9), lookups 1: 224 + n → n = 1008.
    const { sender, primary } = setup({ getSignatureStatuses: confirmedAtOnce });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM, 1_008)], feePayer: payer });
    expect(
      getBase64Encoder().encode(
        primary.calls.find((c) => c.method === 'sendTransaction')?.params[0] as string,
      ),
    ).toHaveLength(1_232);
    const error = await failure(
      sender.send({ instructions: [instruction(MEMO_PROGRAM, 1_009)], feePayer: payer }),
    );
    expect(error.message).toBe('Transaction too large: 1233 bytes (limit 1232)');
  });

  it('refuses an already signed transaction over the limit without sending it', async () => {
    const { sender, primary } = setup();
    const tooBig = await signed(payer, [instruction(MEMO_PROGRAM, 1_200)]);
    const error = await failure(sender.sendSigned(tooBig));
    expect(error.reason).toBe('too-large');
    expect(error.signature).toBe(getSignatureFromTransaction(tooBig));
    expect(primary.calls).toEqual([]);
  });
});

describe('compute budget', () => {
  it.each([
    [100_000n, 110_000],
    [5_000n, 11_000],
    [2_000_000n, 1_400_000],
    [undefined, 200_000],
  ])('simulated %s units → limit %i', async (unitsConsumed, expected) => {
    const { sender, primary } = setup({
      simulateTransaction: () => ({ context: { slot: 1n }, value: { err: null, logs: [], unitsConsumed } }),
      getSignatureStatuses: confirmedAtOnce,
    });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(sentDetails(primary).computeUnitLimit).toBe(expected);
  });

  it('simulates at the 1,400,000 cap with signatures off and the blockhash replaced', async () => {
    const { sender, primary } = setup({ getSignatureStatuses: confirmedAtOnce });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    const simulate = primary.calls.find((c) => c.method === 'simulateTransaction');
    expect(simulate?.params[1]).toEqual({
      encoding: 'base64',
      commitment: 'confirmed',
      replaceRecentBlockhash: true,
      sigVerify: false,
    });
    const probe = getCompiledTransactionMessageDecoder().decode(
      decodeWire(simulate?.params[0] as string).messageBytes,
    );
    const limitIx = probe.version === 1 ? undefined : probe.instructions.find((ix) => ix.data?.[0] === 2);
    expect(limitIx?.data && readU32(limitIx.data)).toBe(1_400_000);
  });

  it('falls back to 1,400,000 units and logs when the simulation cannot run on any endpoint', async () => {
    const { sender, primary, log } = setup({
      simulateTransaction: () => {
        throw new Error('network down');
      },
      getSignatureStatuses: confirmedAtOnce,
    });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    const sent = sentDetails(primary);
    expect(sent.computeUnitLimit).toBe(1_400_000);
    expect(sent.computeUnitPrice).toBe(50_000n);
    expect(log).toHaveBeenCalledWith(
      'Compute-unit estimate failed; using 1400000 units',
      new Error('network down'),
    );
    // The caller's instructions keep their indexes; the budget instructions follow them.
    expect(sent.programs).toEqual([
      MEMO_PROGRAM,
      COMPUTE_BUDGET_PROGRAM_ADDRESS,
      COMPUTE_BUDGET_PROGRAM_ADDRESS,
    ]);
  });

  it.each([
    ['no estimator', undefined, 50_000n],
    ['an estimate below the floor', () => Promise.resolve(10n), 50_000n],
    ['an estimate in range', () => Promise.resolve(777_777n), 777_777n],
    ['no estimate', () => Promise.resolve(null), 50_000n],
    [
      'a spiking estimate (capped at 5,000,000 lamports for 110,000 CU)',
      () => Promise.resolve(10n ** 12n),
      45_454_545n,
    ],
  ] as const)('prices %s', async (_label, estimatePriorityFee, expected) => {
    const { sender, primary } = setup(
      { getSignatureStatuses: confirmedAtOnce },
      estimatePriorityFee === undefined ? {} : { estimatePriorityFee },
    );
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(sentDetails(primary).computeUnitPrice).toBe(expected);
  });

  it('asks the estimator with the wire transaction and logs its failure', async () => {
    const estimatePriorityFee = vi.fn<(wire: string) => Promise<bigint | null>>(() =>
      Promise.reject(new Error('helius 429')),
    );
    const { sender, primary, log } = setup(
      { getSignatureStatuses: confirmedAtOnce },
      { estimatePriorityFee },
    );
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(sentDetails(primary).computeUnitPrice).toBe(50_000n);
    expect(log).toHaveBeenCalledWith(
      'Priority fee estimate failed; using the default fee',
      new Error('helius 429'),
    );
    const probe = getCompiledTransactionMessageDecoder().decode(
      decodeWire(estimatePriorityFee.mock.calls[0]?.[0] ?? '').messageBytes,
    );
    expect(probe.staticAccounts).toContain(MEMO_PROGRAM);
  });
});

describe('preparing a transaction', () => {
  it('fetches the blockhash, simulates and asks the fee estimate at the same time, then signs the real blockhash', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const overlapping =
      <T>(answer: () => T) =>
      async (): Promise<T> => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // Answers a few ticks later, as a node over the network would.
        for (let tick = 0; tick < 5; tick += 1) await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        return answer();
      };
    const { sender, primary } = setup(
      {
        getLatestBlockhash: overlapping(() => ({
          context: { slot: 1n },
          value: { blockhash: BLOCKHASH, lastValidBlockHeight: LAST_VALID_BLOCK_HEIGHT },
        })),
        simulateTransaction: overlapping(() => ({
          context: { slot: 1n },
          value: { err: null, logs: [], unitsConsumed: 100_000n },
        })),
        getSignatureStatuses: confirmedAtOnce,
      },
      { estimatePriorityFee: overlapping(() => 80_000n) },
    );
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(mostInFlight).toBe(3);
    const sent = getCompiledTransactionMessageDecoder().decode(sentDetails(primary).transaction.messageBytes);
    expect(sent.lifetimeToken).toBe(BLOCKHASH);
    expect(sentDetails(primary).computeUnitPrice).toBe(80_000n);
  });

  it('fails with the simulation when the transaction fails in it, whatever the blockhash fetch does', async () => {
    const { sender, primary } = setup({
      getLatestBlockhash: () => Promise.reject(new Error('node down')),
      simulateTransaction: () => ({
        context: { slot: 1n },
        value: { err: { InstructionError: [0, { Custom: 6000 }] }, logs: [], unitsConsumed: 10n },
      }),
    });
    const error = await failure(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer }));
    expect(['simulation', 'rpc']).toContain(error.reason);
    expect(primary.times('sendTransaction')).toEqual([]);
  });
});

describe('versions and signers', () => {
  it('waits 500 ms before building a legacy transaction', async () => {
    const { sender, primary, clock } = setup({ getSignatureStatuses: confirmedAtOnce });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer, version: 'legacy' });
    expect(clock.sleeps[0]).toBe(LEGACY_TX_BUILD_DELAY_MS);
    expect(primary.times('getLatestBlockhash')).toEqual([500]);
    expect(sentDetails(primary).version).toBe('legacy');
  });

  it('builds version 0 at once', async () => {
    const { sender, primary, clock } = setup({ getSignatureStatuses: confirmedAtOnce });
    await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: payer });
    expect(clock.sleeps).toEqual([]);
    expect(primary.times('getLatestBlockhash')).toEqual([0]);
    expect(sentDetails(primary).version).toBe(0);
  });

  it('compresses accounts through lookup tables in version 0', async () => {
    const [table, account] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const withAccount: Instruction = {
      programAddress: MEMO_PROGRAM,
      accounts: [{ address: account.address, role: AccountRole.WRITABLE }],
      data: new Uint8Array([1]),
    };
    const { sender, primary } = setup({ getSignatureStatuses: confirmedAtOnce });
    await sender.send({
      instructions: [withAccount],
      feePayer: payer,
      addressLookupTables: { [table.address]: [account.address] },
    });
    const { transaction } = sentDetails(primary);
    const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    expect(compiled.version).toBe(0);
    expect(compiled.staticAccounts).not.toContain(account.address);
    expect(compiled.version === 0 && compiled.addressTableLookups?.[0]?.lookupTableAddress).toBe(
      table.address,
    );
  });

  it("honours a wallet's modifying signer: sends exactly what the wallet returned", async () => {
    const walletKeys = await generateKeyPairSigner();
    let returned: Transaction | undefined;
    const wallet: TransactionModifyingSigner = {
      address: walletKeys.address,
      modifyAndSignTransactions: async (transactions) =>
        Promise.all(
          transactions.map(async (tx) => {
            // Like a wallet that sets its own priority fee before signing.
            const message = decompileTransactionMessage(
              getCompiledTransactionMessageDecoder().decode(tx.messageBytes),
            );
            if (message.version !== 0) throw new Error('expected v0');
            const modified = compileTransaction(setTransactionMessageComputeUnitPrice(123_456n, message));
            const signedByWallet = await signTransaction([walletKeys.keyPair], modified);
            returned = signedByWallet;
            assertIsTransactionWithinSizeLimit(signedByWallet);
            return signedByWallet;
          }),
        ),
    };
    const { sender, primary } = setup({ getSignatureStatuses: confirmedAtOnce });
    const signature = await sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: wallet });

    if (returned === undefined) throw new Error('the wallet was not asked');
    const sentWire = primary.calls.find((c) => c.method === 'sendTransaction')?.params[0];
    expect(sentWire).toBe(getBase64EncodedWireTransaction(returned));
    expect(sentDetails(primary).computeUnitPrice).toBe(123_456n);
    expect(signature).toBe(getSignatureFromTransaction(returned));
  });

  it('rethrows the wallet rejecting as it is, without sending', async () => {
    const rejection = new Error('User rejected the request.');
    const wallet: TransactionModifyingSigner = {
      address: payer.address,
      modifyAndSignTransactions: () => Promise.reject(rejection),
    };
    const { sender, primary } = setup();
    await expect(sender.send({ instructions: [instruction(MEMO_PROGRAM)], feePayer: wallet })).rejects.toBe(
      rejection,
    );
    expect(primary.times('sendTransaction')).toEqual([]);
  });
});

describe('sendSigned', () => {
  it('sends a signed transaction as it is and confirms it', async () => {
    const clock = fakeClock();
    const primary = fakeRpc(clock, { getSignatureStatuses: confirmedFrom(2_500, clock) });
    const sender = createTransactionSender({ rpc: primary.rpc, clock });
    const transaction = await signed(payer, [instruction(MEMO_PROGRAM)]);

    await expect(sender.sendSigned(transaction)).resolves.toBe(getSignatureFromTransaction(transaction));
    expect(primary.times('sendTransaction')).toEqual([0, 2_000]);
    expect(primary.calls.find((c) => c.method === 'sendTransaction')?.params[0]).toBe(
      getBase64EncodedWireTransaction(transaction),
    );
    expect(primary.times('simulateTransaction')).toEqual([]);
    expect(primary.times('getBlockHeight')).toEqual([]); // no lastValidBlockHeight: only the timeout applies
  });

  it('expires with the given lastValidBlockHeight', async () => {
    const { sender, primary } = setup({ getBlockHeight: () => 51n });
    const transaction = await signed(payer, [instruction(MEMO_PROGRAM)]);
    const error = await failure(sender.sendSigned(transaction, { lastValidBlockHeight: 50n }));
    expect(error.reason).toBe('expired');
    expect(primary.times('sendTransaction')).toEqual([0]);
  });

  it('times out after 120 s without a lastValidBlockHeight', async () => {
    const { sender, primary } = setup();
    const error = await failure(sender.sendSigned(await signed(payer, [instruction(MEMO_PROGRAM)])));
    expect(error.reason).toBe('timeout');
    expect(primary.times('sendTransaction')).toHaveLength(60);
  });
});

async function signed(signer: KeyPairSigner, instructions: Instruction[]): Promise<Transaction> {
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 50n }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
}

describe('co-signed sends', () => {
  function withCosigner(cosigner: KeyPairSigner): Instruction {
    return {
      programAddress: MEMO_PROGRAM,
      accounts: [{ address: cosigner.address, role: AccountRole.READONLY_SIGNER }],
      data: new Uint8Array([1]),
    };
  }

  it('lets the co-signer add its signature after the fee payer and sends the fully signed transaction', async () => {
    const cosigner = await generateKeyPairSigner();
    const { sender, primary } = setup({ getSignatureStatuses: confirmedAtOnce });
    const seen: Transaction[] = [];
    const signature = await sender.send({
      instructions: [withCosigner(cosigner)],
      feePayer: payer,
      cosign: async (transaction) => {
        seen.push(transaction);
        return signTransaction([cosigner.keyPair], transaction);
      },
    });
    expect(seen).toHaveLength(1);
    // The fee payer had signed; the co-signer's slot was empty.
    expect(seen[0]?.signatures[payer.address]).not.toBeNull();
    expect(seen[0]?.signatures[cosigner.address]).toBeNull();
    const sent = decodeWire(primary.calls.find((c) => c.method === 'sendTransaction')?.params[0] as string);
    expect(Object.values(sent.signatures).every((s) => s !== null)).toBe(true);
    expect(signature).toBe(getSignatureFromTransaction(sent));
  });

  it('refuses a co-signer that changes the message, leaves its signature out or drops the payer’s', async () => {
    const cosigner = await generateKeyPairSigner();
    const cases: [string, (t: Transaction) => Promise<Transaction>][] = [
      [
        'The co-signer changed the transaction',
        (t) =>
          Promise.resolve({
            ...t,
            messageBytes: new Uint8Array(t.messageBytes).fill(0) as unknown as Transaction['messageBytes'],
          }),
      ],
      ['Transaction is missing signatures', (t) => Promise.resolve(t)],
      [
        'The co-signer dropped a signature',
        async (t) =>
          partiallySignTransaction([cosigner.keyPair], {
            ...t,
            signatures: { ...t.signatures, [payer.address]: null },
          }),
      ],
    ];
    for (const [message, cosign] of cases) {
      const { sender, primary } = setup({ getSignatureStatuses: confirmedAtOnce });
      const error = await sender
        .send({ instructions: [withCosigner(cosigner)], feePayer: payer, cosign })
        .then(
          () => null,
          (e: unknown) => e as Error,
        );
      expect(error?.message).toContain(message);
      expect(primary.calls.some((c) => c.method === 'sendTransaction')).toBe(false);
    }
  });
});
