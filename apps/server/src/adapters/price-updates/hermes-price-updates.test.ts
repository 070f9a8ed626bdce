/**
 * The mainnet price-update adapter against a recorded Hermes answer (`test/fixtures/hermes/`): a real
 * SOL/USD accumulator update from mainnet (a Wormhole VAA with 13 guardian signatures and the Merkle proof
 * of the price message published at 1719513520, the previous one at 1719513519), in the JSON shape of
 * `GET /v2/updates/price/{publish_time}`; its `parsed` part is decoded from that binary. No network: an
 * injected fetch serves the fixtures, and an injected sender records the transactions instead of sending
 * them. Checked: the request (URL, bearer key), the retries (an empty answer, a 404, a 429, a timeout),
 * the refusals (a 401, an update that is not the one for t), the transactions that post the update (and
 * that they fit), and the tick that consumes the posted account and closes it.
 */

import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionSize,
  isTransactionSigner,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionSigner,
} from '@solana/kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { fixture } from '../../../test/fetch-fixtures.ts';
import { findConfigAddress } from '@arcade/sdk/foresight/pda';
import { MAX_TRANSACTION_SIZE } from '@arcade/sdk/constants';
import { PriceUpdateError, type PostedPriceUpdate } from '../../ports/price-updates-port.ts';
import { tickInstructions } from '../../workers/foresight-crank/tick-transaction.ts';
import { createHermesPriceUpdates, hermesUpdateUrl } from './hermes-price-updates.ts';

const SOL_USD_HEX = 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d';
const PUBLISHED = 1_719_513_520;
const RECEIVER = 'rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ';
const WORMHOLE = 'HDwcJBJXjL9FpJ7UBsYBtaDjsBUhuLCUYoz3zr8SWWaQ';
const SYSTEM = '11111111111111111111111111111111';

type Reply = { status: number; body: string; headers?: Record<string, string> } | 'hang' | Error;

interface Sent {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly at: number;
  readonly signal: AbortSignal | null;
}

let replies: Reply[];
let requests: Sent[];
let transactions: { payer: TransactionSigner; instructions: readonly Instruction[] }[];
let failSend: number | null;
let payer: KeyPairSigner;

/** Answers with the next reply (the last one again once they run out). */
async function fakeFetch(url: string, init?: RequestInit): Promise<Response> {
  const signal = init?.signal ?? null;
  requests.push({
    url,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    at: Date.now(),
    signal,
  });
  const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
  if (reply instanceof Error) throw reply;
  if (reply === 'hang') {
    // A Hermes that never answers: only the adapter's timeout ends the request.
    return new Promise((_, reject) => {
      signal?.addEventListener(
        'abort',
        () => {
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  }
  return new Response(reply.body, {
    status: reply.status,
    headers: { 'content-type': 'application/json', ...reply.headers },
  });
}

async function fakeSend(sender: TransactionSigner, instructions: readonly Instruction[]): Promise<Signature> {
  transactions.push({ payer: sender, instructions });
  if (failSend === transactions.length) throw new Error('blockhash not found');
  return `sig${transactions.length}` as Signature;
}

const fakeRpc = {
  getMinimumBalanceForRentExemption: (size: bigint) => ({ send: async () => 890_880n + size * 6_960n }),
} as unknown as Rpc<SolanaRpcApi>;

function adapter(options: { requestTimeoutMs?: number; retryMs?: number } = {}) {
  return createHermesPriceUpdates({
    hermesUrl: 'https://hermes.example/',
    apiKey: 'hermes-key',
    rpc: fakeRpc,
    fetch: fakeFetch,
    send: fakeSend,
    retryMs: options.retryMs ?? 20,
    maxBackoffMs: 2_000,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
  });
}

const found = (): Reply => ({ status: 200, body: fixture('hermes/updates-price-sol-usd.json') });
const empty = (): Reply => ({ status: 200, body: fixture('hermes/updates-price-empty.json') });

const programOf = (instruction: Instruction): string => instruction.programAddress;

/** The transaction the sender would build: v0, fee payer, compute limit and price, a blockhash. */
function sizeOf(feePayer: TransactionSigner, instructions: readonly Instruction[]): number {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: SYSTEM as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => setTransactionMessageComputeUnitLimit(1_400_000, m),
    (m) => setTransactionMessageComputeUnitPrice(50_000n, m),
  );
  return getTransactionSize(compileTransaction(message));
}

/** Every signer the instructions carry, by address. */
function signersOf(instructions: readonly Instruction[]): Map<string, TransactionSigner> {
  const signers = new Map<string, TransactionSigner>();
  for (const instruction of instructions) {
    for (const meta of instruction.accounts ?? []) {
      if (!('signer' in meta)) continue;
      const signer = meta.signer as TransactionSigner;
      if (isTransactionSigner(signer)) signers.set(meta.address, signer);
    }
  }
  return signers;
}

beforeAll(async () => {
  payer = await generateKeyPairSigner();
});

beforeEach(() => {
  replies = [found()];
  requests = [];
  transactions = [];
  failSend = null;
});

describe('the Hermes request', () => {
  it('asks for the first update at or after t, with the API key as a bearer token', async () => {
    const posted = await adapter().postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(
      `https://hermes.example/v2/updates/price/${PUBLISHED}?ids%5B%5D=${SOL_USD_HEX}&encoding=base64`,
    );
    expect(hermesUpdateUrl('https://hermes.example', PUBLISHED, SOL_USD_HEX)).toBe(requests[0]!.url);
    expect(requests[0]!.headers).toMatchObject({
      authorization: 'Bearer hermes-key',
      accept: 'application/json',
    });
    expect(posted).toMatchObject({ t: PUBLISHED, publishTime: PUBLISHED, prevPublishTime: PUBLISHED - 1 });
    expect(posted!.price).toBe(14_921_713_057n);
  });

  it('takes the update published after t when the feed had none at t (publish ≥ t > prev)', async () => {
    // The fixture's update is the first at or after any t in (prev, publish] = (1719513519, 1719513520].
    const posted = await adapter().postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer });
    expect(posted).not.toBeNull();
  });

  it('refuses an update that is not the one for t, before sending anything', async () => {
    // For t = prev the tick needs an earlier update: the program would answer PythError.
    const error = await adapter()
      .postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED - 1, payer })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PriceUpdateError);
    expect((error as PriceUpdateError).code).toBe('mismatch');
    expect(transactions).toHaveLength(0);
  });

  it('refuses an update of another feed', async () => {
    const other = new Uint8Array(32).fill(7);
    const error = await adapter()
      .postUpdateAt({ feedId: other, t: PUBLISHED, payer })
      .catch((caught: unknown) => caught);
    expect((error as PriceUpdateError).code).toBe('mismatch');
    expect(transactions).toHaveLength(0);
  });
});

describe('waiting for the update', () => {
  it('asks again after an empty answer (not published yet) and after a 404', async () => {
    replies = [empty(), { status: 404, body: 'Update data not found' }, found()];
    const posted = await adapter().postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer });
    expect(requests).toHaveLength(3);
    expect(posted?.publishTime).toBe(PUBLISHED);
  });

  it('gives up with null when the update is still not there after the wait, sending nothing', async () => {
    replies = [empty()];
    const started = Date.now();
    const posted = await adapter().postUpdateAt({
      feedId: SOL_USD_FEED_ID,
      t: PUBLISHED,
      payer,
      waitMs: 150,
    });
    expect(posted).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(requests.length).toBeGreaterThan(1);
    expect(transactions).toHaveLength(0);
  });

  it('on a 429 waits as long as Retry-After says, then asks again', async () => {
    replies = [{ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '1' } }, found()];
    const posted = await adapter().postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer });
    expect(posted).not.toBeNull();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a 429 that lasts the whole wait is null, not an error', async () => {
    replies = [{ status: 429, body: 'Too Many Requests' }];
    const posted = await adapter().postUpdateAt({
      feedId: SOL_USD_FEED_ID,
      t: PUBLISHED,
      payer,
      waitMs: 200,
    });
    expect(posted).toBeNull();
  });

  it('a request that does not answer in time is abandoned and asked again', async () => {
    replies = ['hang', found()];
    const posted = await adapter({ requestTimeoutMs: 100 }).postUpdateAt({
      feedId: SOL_USD_FEED_ID,
      t: PUBLISHED,
      payer,
    });
    expect(posted).not.toBeNull();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.signal?.aborted).toBe(true);
  });

  it('a network error or a 5xx is asked again', async () => {
    replies = [new Error('ECONNRESET'), { status: 503, body: 'unavailable' }, found()];
    const posted = await adapter().postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer });
    expect(posted).not.toBeNull();
    expect(requests).toHaveLength(3);
  });

  it('a refused key (401) fails at once, naming HERMES_API_KEY', async () => {
    replies = [{ status: 401, body: 'Unauthorized' }, found()];
    const error = await adapter()
      .postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PriceUpdateError);
    expect((error as PriceUpdateError).code).toBe('unauthorized');
    expect((error as Error).message).toContain('HERMES_API_KEY');
    expect(requests).toHaveLength(1);
  });
});

describe('posting the update and consuming it', () => {
  let posted: PostedPriceUpdate;

  beforeEach(async () => {
    posted = (await adapter().postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer }))!;
  });

  it('posts it fully verified in two transactions the payer pays, each within the size limit', () => {
    expect(transactions).toHaveLength(2);
    const [first, second] = transactions;
    expect(first!.payer).toBe(payer);
    expect(second!.payer).toBe(payer);
    // The encoded VAA: created, initialised, the first part written.
    expect(first!.instructions.map(programOf)).toEqual([SYSTEM, WORMHOLE, WORMHOLE]);
    // The rest written, every guardian signature verified (hence Full), then the Merkle update posted.
    expect(second!.instructions.map(programOf)).toEqual([WORMHOLE, WORMHOLE, RECEIVER]);
    const encodedVaa = first!.instructions[1]!.accounts![1]!.address;
    for (const instruction of [...first!.instructions.slice(1), ...second!.instructions.slice(0, 2)]) {
      expect(instruction.accounts!.map((meta) => meta.address)).toContain(encodedVaa);
    }
    const postUpdate = second!.instructions[2]!;
    const accounts = postUpdate.accounts!;
    expect(accounts.map((meta) => meta.address)).toContain(encodedVaa);
    // The price-update account: a fresh keypair that signs its creation.
    const priceUpdate = accounts.find((meta) => meta.address === posted.address)!;
    expect(priceUpdate.role).toBe(AccountRole.WRITABLE_SIGNER);
    for (const { payer: feePayer, instructions } of transactions) {
      expect(sizeOf(feePayer, instructions)).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
      // Every signer the transaction needs travels with it (the payer and the ephemeral keypairs).
      for (const instruction of instructions) {
        for (const meta of instruction.accounts ?? []) {
          if (meta.role === AccountRole.READONLY_SIGNER || meta.role === AccountRole.WRITABLE_SIGNER) {
            expect(signersOf(instructions).has(meta.address), meta.address).toBe(true);
          }
        }
      }
    }
  });

  it('the tick in the following transaction reads the posted account, then closes it', async () => {
    const [config] = await findConfigAddress(SOL_USD_FEED_ID);
    const treasury = (await generateKeyPairSigner()).address;
    const instructions = await tickInstructions({
      cranker: payer,
      config,
      treasury,
      liveEvent: 8,
      lockedEvent: 7,
      priceUpdate: posted.address,
      closeInstructions: posted.closeInstructions,
    });
    expect(instructions.map(programOf)).toEqual([
      FORESIGHT_PROGRAM_ADDRESS,
      FORESIGHT_PROGRAM_ADDRESS,
      RECEIVER,
      WORMHOLE,
    ]);
    const [tick, , reclaim, closeVaa] = instructions;
    // lock_and_settle_events: cranker, config, locked, live, next, price update, treasury.
    expect(tick!.accounts![5]).toEqual({ address: posted.address, role: AccountRole.READONLY });
    expect(tick!.accounts![0]!.address).toBe(payer.address);
    // reclaim_rent gives the price-update account's rent back to the payer; close_encoded_vaa the VAA's.
    expect(reclaim!.accounts!.map((meta) => meta.address)).toEqual([payer.address, posted.address]);
    const encodedVaa = transactions[0]!.instructions[1]!.accounts![1]!.address;
    expect(closeVaa!.accounts!.map((meta) => meta.address)).toEqual([payer.address, encodedVaa]);
    expect([...signersOf(instructions).keys()]).toEqual([payer.address]);
    expect(sizeOf(payer, instructions)).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
  });

  it('close() sends the close instructions when no tick consumed it', async () => {
    await adapter().close(posted, payer);
    expect(transactions).toHaveLength(3);
    expect(transactions[2]!.instructions).toBe(posted.closeInstructions);
  });
});

describe('a post that fails half-way', () => {
  it('closes the encoded VAA and reports post-failed', async () => {
    failSend = 2;
    const error = await adapter()
      .postUpdateAt({ feedId: SOL_USD_FEED_ID, t: PUBLISHED, payer })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PriceUpdateError);
    expect((error as PriceUpdateError).code).toBe('post-failed');
    expect(transactions).toHaveLength(3);
    const encodedVaa = transactions[0]!.instructions[1]!.accounts![1]!.address as Address;
    expect(transactions[2]!.instructions.map(programOf)).toEqual([WORMHOLE]);
    expect(transactions[2]!.instructions[0]!.accounts!.map((meta) => meta.address)).toContain(encodedVaa);
  });
});
