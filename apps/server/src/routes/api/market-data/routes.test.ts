/**
 * Market data on the embedded local chain: prices from the local Pyth account, the priority fee from the
 * local chain's JSON-RPC, and real swaps with the local swap desk (quote, instructions, co-sign, send),
 * compiled with the desk's address lookup table as a client compiles a mainnet route; co-signing reads
 * tables from the chain, so one that holds other accounts than the client compiled with is refused.
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  MAX_PRICE_IDS,
  TRANSACTION_TOO_LARGE,
  type JsonInstruction,
  type SwapInstructions,
  type SwapQuote,
} from '@arcade/sdk/api/market-data';
import { MAX_TRANSACTION_SIZE, SWAP_SLIPPAGE_BPS } from '@arcade/sdk/constants';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { getTransferSolInstruction } from '@solana-program/system';
import { fetchMaybeToken, findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  fetchAddressesForLookupTables,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type AddressesByLookupTableAddress,
  type Base64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, openTestDatabase, startTestChain, type TestApp } from '../../../../test/harness.ts';
import { compiledOf, ownTable } from '../../../../test/lookup-tables.ts';
import {
  createLocalMarketData,
  LOCAL_JUICE_PRICE_SOL,
} from '../../../adapters/market-data/local-market-data.ts';
import { readOraclePrice } from '../../../adapters/market-data/oracle-price.ts';
import { QUOTE_TTL_MS } from '../../../adapters/market-data/swap-desk.ts';
import type { ChainContext } from '../../../chain/chain-context.ts';
import type { Database } from '../../../db/database.ts';

let t: TestApp;
let chain: ChainContext;
let marketData: ReturnType<typeof createLocalMarketData>;
let db: Database;
let desk: Address;
/** An app whose local chain JSON-RPC cannot be reached for the priority fee. */
let broken: TestApp;
let teardown: () => Promise<void>;

beforeAll(async () => {
  const [database, embedded] = await Promise.all([openTestDatabase(), startTestChain()]);
  chain = embedded.context;
  db = database.db;
  marketData = createLocalMarketData({ chain, db });
  desk = (await marketData.desk.signer()).address;
  // Until `Ports` has `marketData`, the port goes in through the harness's partial ports.
  t = await createTestApp({ db: database.db, chain: embedded, ports: { marketData } });
  const unreachable = createLocalMarketData({
    chain,
    db,
    fetch: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:8899')),
  });
  broken = await createTestApp({
    db: database.db,
    chain: embedded,
    ports: { marketData: unreachable },
  });
  teardown = async () => {
    await broken.close();
    await t.close();
    await embedded.stop();
    await database.close();
  };
});
afterAll(() => teardown());

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

function post(url: string, payload: unknown, app = t.app) {
  return app.inject({ method: 'POST', url, payload: payload as object });
}

async function funded(sol = 10n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  const signature = await chain.rpc.requestAirdrop(signer.address, lamports(sol * 1_000_000_000n)).send();
  await confirmed(signature);
  return signer;
}

async function confirmed(signature: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const { value } = await chain.rpc.getSignatureStatuses([signature as never]).send();
    const status = value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not confirmed');
}

async function solBalance(owner: Address): Promise<bigint> {
  return (await chain.rpc.getBalance(owner, { commitment: 'confirmed' }).send()).value;
}

async function tokenBalance(owner: Address, mint: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const account = await fetchMaybeToken(chain.rpc, ata, { commitment: 'confirmed' });
  return account.exists ? account.data.amount : 0n;
}

function fromJson(ix: JsonInstruction): Instruction {
  return {
    programAddress: address(ix.programId),
    accounts: ix.accounts.map((meta) => ({
      address: address(meta.pubkey),
      role: meta.isSigner
        ? meta.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : meta.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: Buffer.from(ix.data, 'base64'),
  };
}

/**
 * A v0 transaction paid by `user` and signed by it only. With `lookupTables`, accounts they hold are
 * loaded through them (indexes as those lists give them).
 */
async function userSigned(
  user: KeyPairSigner,
  instructions: readonly Instruction[],
  lookupTables: AddressesByLookupTableAddress = {},
): Promise<string> {
  const { value: blockhash } = await chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(user.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, lookupTables),
  );
  const signed = await partiallySignTransaction([user.keyPair], compileTransaction(message));
  return getBase64EncodedWireTransaction(signed);
}

/** The swap instructions in the order the client composes them. */
function swapTransactionInstructions(body: SwapInstructions): Instruction[] {
  return [
    ...body.computeBudgetInstructions,
    ...body.setupInstructions,
    body.swapInstruction,
    ...(body.cleanupInstruction === null ? [] : [body.cleanupInstruction]),
  ].map(fromJson);
}

async function quote(inputMint: Address, outputMint: Address, amount: bigint): Promise<SwapQuote> {
  const response = await get(
    `/api/swap/quote?inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}` +
      `&slippageBps=${SWAP_SLIPPAGE_BPS}&swapMode=ExactIn&onlyDirectRoutes=true`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<SwapQuote>();
}

async function instructionsFor(quoteResponse: SwapQuote, user: Address): Promise<SwapInstructions> {
  const response = await post('/api/swap/swap-instructions', { quoteResponse, userPublicKey: user });
  expect(response.statusCode).toBe(200);
  return response.json<SwapInstructions>();
}

async function send(wire: string): Promise<void> {
  const signature = await chain.rpc
    .sendTransaction(wire as Base64EncodedWireTransaction, {
      encoding: 'base64',
      preflightCommitment: 'confirmed',
    })
    .send();
  await confirmed(signature);
}

const ATA_RENT = 2_039_280n;
const SIGNATURE_FEE = 5_000n;

/** The codes of the routes' own refusals (a schema's refusal is VALIDATION_FAILED), by message. */
const SWAP_ROUTE_CODES: Readonly<Record<string, ApiErrorCode>> = {
  [API_ERROR_MESSAGES[ApiErrorCode.SWAP_SAME_MINT]]: ApiErrorCode.SWAP_SAME_MINT,
  [API_ERROR_MESSAGES[ApiErrorCode.SWAP_NO_ROUTE]]: ApiErrorCode.SWAP_NO_ROUTE,
  [API_ERROR_MESSAGES[ApiErrorCode.SWAP_AMOUNT_TOO_SMALL]]: ApiErrorCode.SWAP_AMOUNT_TOO_SMALL,
  [API_ERROR_MESSAGES[ApiErrorCode.SWAP_AMOUNT_TOO_LARGE]]: ApiErrorCode.SWAP_AMOUNT_TOO_LARGE,
  [API_ERROR_MESSAGES[ApiErrorCode.QUOTE_UNKNOWN]]: ApiErrorCode.QUOTE_UNKNOWN,
  [API_ERROR_MESSAGES[ApiErrorCode.QUOTE_MISMATCH]]: ApiErrorCode.QUOTE_MISMATCH,
  [API_ERROR_MESSAGES[ApiErrorCode.SWAP_WRAP_SOL_REQUIRED]]: ApiErrorCode.SWAP_WRAP_SOL_REQUIRED,
};

describe('GET /api/price', () => {
  it('prices SOL at 1, stablecoins at 1 / SOL-in-USD from the local Pyth account, Juice from the table', async () => {
    const { usdcMint, juiceMint } = chain.addresses;
    const response = await get(`/api/price?ids=SOL,${NATIVE_MINT_ADDRESS},${usdcMint},USDT,${juiceMint}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: true; data: Record<string, { id: string; price: number }> }>();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).toSorted()).toEqual(
      ['SOL', NATIVE_MINT_ADDRESS, usdcMint, 'USDT', juiceMint].toSorted(),
    );
    expect(body.data.SOL).toEqual({ id: 'SOL', price: 1 });
    expect(body.data[NATIVE_MINT_ADDRESS]).toEqual({ id: NATIVE_MINT_ADDRESS, price: 1 });
    expect(body.data[juiceMint]).toEqual({ id: juiceMint, price: LOCAL_JUICE_PRICE_SOL });
    const { price } = await readOraclePrice(chain.rpc, chain.addresses.priceAccount);
    const solUsd = Number(price.price) * 10 ** price.exponent;
    // The publisher moves the price every slot: between the two reads it moves by far less than 5%.
    for (const id of [usdcMint, 'USDT']) {
      expect(body.data[id]?.id).toBe(id);
      expect(Math.abs(body.data[id]!.price * solUsd - 1)).toBeLessThan(0.05);
    }
  });

  it('leaves unknown ids out, so the client reads them as 0', async () => {
    const stranger = (await generateKeyPairSigner()).address;
    const response = await get(`/api/price?ids=${stranger},BONK,SOL`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { SOL: { id: 'SOL', price: 1 } } });
  });

  it('refuses a missing, empty, oversized or malformed ids list', async () => {
    const cases: [string, string][] = [
      ['/api/price', 'ids is required'],
      ['/api/price?ids=', 'ids is required'],
      ['/api/price?ids=,,', 'ids is required'],
      [
        `/api/price?ids=${Array.from({ length: MAX_PRICE_IDS + 1 }, (_, i) => `T${i}`).join(',')}`,
        'At most 50 ids',
      ],
      ['/api/price?ids=SOL,../etc', 'Invalid id'],
      [`/api/price?ids=${'A'.repeat(65)}`, 'Invalid id'],
    ];
    for (const [url, error] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
    }
  });
});

describe('POST /api/priority-fee', () => {
  it("answers with the local chain's High estimate, in micro-lamports per compute unit", async () => {
    const user = await generateKeyPairSigner();
    const transaction = await userSigned(user, [
      getTransferSolInstruction({ source: createNoopSigner(user.address), destination: desk, amount: 1n }),
    ]);
    const response = await post('/api/priority-fee', { transaction, priorityLevel: 'High' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: true; priorityFeeEstimate: number }>();
    expect(body.success).toBe(true);
    expect(Number.isFinite(body.priorityFeeEstimate) && body.priorityFeeEstimate >= 0).toBe(true);
    // priorityLevel is optional: High is the only level asked for.
    expect((await post('/api/priority-fee', { transaction })).statusCode).toBe(200);
  });

  it('refuses what is not a base64 transaction of at most 1232 bytes', async () => {
    const cases: [unknown, string][] = [
      [{}, API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION]],
      [{ transaction: 42 }, API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION]],
      [{ transaction: '' }, API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION]],
      [{ transaction: 'not base64!' }, API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION]],
      [
        { transaction: Buffer.from('hello, world').toString('base64') },
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION],
      ],
      [{ transaction: Buffer.alloc(MAX_TRANSACTION_SIZE + 1).toString('base64') }, TRANSACTION_TOO_LARGE],
      [{ transaction: 'A'.repeat(5_000) }, TRANSACTION_TOO_LARGE],
    ];
    const user = await generateKeyPairSigner();
    const transaction = await userSigned(user, [
      getTransferSolInstruction({ source: createNoopSigner(user.address), destination: desk, amount: 1n }),
    ]);
    cases.push([{ transaction, priorityLevel: 'Low' }, 'priorityLevel must be High']);
    for (const [payload, error] of cases) {
      const response = await post('/api/priority-fee', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error, JSON.stringify(payload)).toBe(error);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/priority-fee',
      headers: { 'content-type': 'application/json' },
      payload: '{"transaction":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      error: 'Malformed JSON body',
      code: ApiErrorCode.MALFORMED_JSON,
    });
  });

  it("is a 502 without internals when the chain's JSON-RPC fails", async () => {
    const user = await generateKeyPairSigner();
    const transaction = await userSigned(user, [
      getTransferSolInstruction({ source: createNoopSigner(user.address), destination: desk, amount: 1n }),
    ]);
    const response = await post('/api/priority-fee', { transaction }, broken.app);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.PRIORITY_FEE_UNAVAILABLE],
      code: ApiErrorCode.PRIORITY_FEE_UNAVAILABLE,
    });
  });
});

describe('GET /api/swap/quote', () => {
  it('quotes SOL → USDC in the Jupiter shape, with an id and an expiry', async () => {
    const { usdcMint } = chain.addresses;
    const before = t.clock.now();
    const body = await quote(NATIVE_MINT_ADDRESS, usdcMint, 250_000_000n);
    expect(body).toMatchObject({
      success: true,
      inputMint: NATIVE_MINT_ADDRESS,
      inAmount: '250000000',
      outputMint: usdcMint,
      swapMode: 'ExactIn',
      slippageBps: SWAP_SLIPPAGE_BPS,
      priceImpactPct: '0',
      expiresAt: before + QUOTE_TTL_MS,
    });
    expect(typeof body.quoteId).toBe('string');
    expect(typeof body.contextSlot).toBe('number');
    const out = BigInt(body.outAmount);
    expect(out).toBeGreaterThan(0n);
    expect(BigInt(body.otherAmountThreshold)).toBe((out * 9_950n) / 10_000n);
    expect(body.routePlan).toEqual([
      {
        percent: 100,
        swapInfo: {
          ammKey: desk,
          label: 'Local swap desk',
          inputMint: NATIVE_MINT_ADDRESS,
          outputMint: usdcMint,
          inAmount: '250000000',
          outAmount: body.outAmount,
          feeAmount: expect.stringMatching(/^\d+$/) as unknown,
          feeMint: usdcMint,
        },
      },
    ]);
    // The spread is 0.3% of the fair amount (to within rounding).
    const fee = BigInt(body.routePlan[0]!.swapInfo.feeAmount!);
    expect(fee * 10_000n).toBeGreaterThanOrEqual((out + fee) * 30n - 10_000n);
    expect(fee * 10_000n).toBeLessThanOrEqual((out + fee) * 30n + 10_000n);
  });

  it('refuses other slippage, swap modes and route kinds, naming the parameter', async () => {
    const base = `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${chain.addresses.usdcMint}&amount=1000`;
    const cases: [string, string][] = [
      [`${base}&slippageBps=100`, 'slippageBps must be 50'],
      [`${base}&slippageBps=abc`, 'slippageBps must be 50'],
      [`${base}&slippageBps=50&slippageBps=60`, 'slippageBps must be 50'],
      [`${base}&swapMode=ExactOut`, 'swapMode must be ExactIn'],
      [`${base}&onlyDirectRoutes=false`, 'onlyDirectRoutes must be true'],
    ];
    for (const [url, error] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
    }
  });

  it('refuses bad mints and amounts, the same mint twice, pairs the desk does not trade and huge amounts', async () => {
    const { usdcMint, usdtMint, juiceMint } = chain.addresses;
    const cases: [string, string][] = [
      [`/api/swap/quote?outputMint=${usdcMint}&amount=1`, 'inputMint must be an address'],
      [`/api/swap/quote?inputMint=nope&outputMint=${usdcMint}&amount=1`, 'inputMint must be an address'],
      [
        `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=0x12&amount=1`,
        'outputMint must be an address',
      ],
      [`/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}`, 'Invalid amount'],
      [`/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}&amount=0`, 'Invalid amount'],
      [`/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}&amount=-5`, 'Invalid amount'],
      [
        `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}&amount=1.5`,
        'Invalid amount',
      ],
      [
        `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}&amount=18446744073709551616`,
        'Invalid amount',
      ],
      [
        `/api/swap/quote?inputMint=${usdcMint}&outputMint=${usdcMint}&amount=1`,
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_SAME_MINT],
      ],
      [
        `/api/swap/quote?inputMint=${usdcMint}&outputMint=${usdtMint}&amount=1000000`,
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_NO_ROUTE],
      ],
      [
        `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${juiceMint}&amount=1000000`,
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_NO_ROUTE],
      ],
      [
        `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}&amount=1`,
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_AMOUNT_TOO_SMALL],
      ],
      [
        `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${usdcMint}&amount=10000000000001`,
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_AMOUNT_TOO_LARGE],
      ],
    ];
    for (const [url, error] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        success: false,
        error,
        code: SWAP_ROUTE_CODES[error] ?? ApiErrorCode.VALIDATION_FAILED,
      });
    }
  });
});

describe('a swap with the local desk', () => {
  it('swaps SOL → USDC end to end: quote, instructions, user signature, desk co-signature, send', async () => {
    const { usdcMint } = chain.addresses;
    const user = await funded();
    const body = await quote(NATIVE_MINT_ADDRESS, usdcMint, 1_000_000_000n);
    const instructions = await instructionsFor(body, user.address);
    expect(instructions).toMatchObject({
      success: true,
      computeBudgetInstructions: [],
      cleanupInstruction: null,
      addressLookupTableAddresses: [(await marketData.desk.lookupTable()).address],
      requiresCosign: true,
    });
    expect(instructions.setupInstructions).toHaveLength(2);
    expect(instructions.swapInstruction.accounts.filter((a) => a.isSigner).map((a) => a.pubkey)).toEqual([
      desk,
    ]);

    const wire = await userSigned(user, swapTransactionInstructions(instructions));
    // The desk is stocked once the instructions are out, so the client's simulation (before the desk
    // co-signs) already succeeds on a fresh deployment.
    expect(await tokenBalance(desk, usdcMint)).toBeGreaterThanOrEqual(BigInt(body.outAmount));
    const simulation = await chain.rpc
      .simulateTransaction(wire as Base64EncodedWireTransaction, {
        encoding: 'base64',
        sigVerify: false,
        commitment: 'confirmed',
      })
      .send();
    expect(simulation.value.err).toBeNull();
    const cosigned = await post('/api/swap/cosign', { transaction: wire });
    expect(cosigned.statusCode).toBe(200);
    const cosignBody = cosigned.json<{
      success: true;
      required: true;
      transaction: string;
      quoteId: string;
    }>();
    expect(cosignBody).toMatchObject({ success: true, required: true, quoteId: body.quoteId });

    // The desk tops up while co-signing: measure it from here.
    const userSolBefore = await solBalance(user.address);
    const deskSolBefore = await solBalance(desk);
    const deskUsdcBefore = await tokenBalance(desk, usdcMint);
    expect(deskUsdcBefore).toBeGreaterThanOrEqual(BigInt(body.outAmount));
    await send(cosignBody.transaction);

    expect(await tokenBalance(user.address, usdcMint)).toBe(BigInt(body.outAmount));
    expect(await tokenBalance(desk, usdcMint)).toBe(deskUsdcBefore - BigInt(body.outAmount));
    expect(await solBalance(desk)).toBe(deskSolBefore + 1_000_000_000n);
    // The user pays the SOL, two signatures' fees and the rent of the new token account.
    expect(userSolBefore - (await solBalance(user.address))).toBe(
      1_000_000_000n + 2n * SIGNATURE_FEE + ATA_RENT,
    );

    // The quote is spent: neither its instructions nor its co-signature can be had again.
    const again = await post('/api/swap/cosign', { transaction: wire });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_USED],
      code: ApiErrorCode.QUOTE_USED,
    });
    const reused = await post('/api/swap/swap-instructions', {
      quoteResponse: body,
      userPublicKey: user.address,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_USED],
      code: ApiErrorCode.QUOTE_USED,
    });
  });

  it('swaps USDC → SOL back, the desk paying SOL', async () => {
    const { usdcMint } = chain.addresses;
    const user = await funded();
    const first = await quote(NATIVE_MINT_ADDRESS, usdcMint, 2_000_000_000n);
    const firstWire = await userSigned(
      user,
      swapTransactionInstructions(await instructionsFor(first, user.address)),
    );
    await send(
      (await post('/api/swap/cosign', { transaction: firstWire })).json<{ transaction: string }>()
        .transaction,
    );
    const held = await tokenBalance(user.address, usdcMint);

    const back = await quote(usdcMint, NATIVE_MINT_ADDRESS, held / 2n);
    const instructions = await instructionsFor(back, user.address);
    expect(instructions.setupInstructions).toHaveLength(1);
    const wire = await userSigned(user, swapTransactionInstructions(instructions));
    const cosigned = await post('/api/swap/cosign', { transaction: wire });
    expect(cosigned.statusCode).toBe(200);
    const userSolBefore = await solBalance(user.address);
    const deskSolBefore = await solBalance(desk);
    const deskUsdcBefore = await tokenBalance(desk, usdcMint);
    await send(cosigned.json<{ transaction: string }>().transaction);

    expect(await tokenBalance(user.address, usdcMint)).toBe(held - held / 2n);
    expect(await tokenBalance(desk, usdcMint)).toBe(deskUsdcBefore + held / 2n);
    expect(await solBalance(user.address)).toBe(userSolBefore + BigInt(back.outAmount) - 2n * SIGNATURE_FEE);
    expect(await solBalance(desk)).toBe(deskSolBefore - BigInt(back.outAmount));
    // Selling back at once loses the spread twice.
    expect(BigInt(back.outAmount)).toBeLessThan(1_000_000_000n);
  });

  it('refuses a transaction that asks the desk for more than quoted, or for anything else', async () => {
    const { usdcMint } = chain.addresses;
    const user = await funded();
    const body = await quote(NATIVE_MINT_ADDRESS, usdcMint, 500_000_000n);
    const instructions = await instructionsFor(body, user.address);
    const honest = swapTransactionInstructions(instructions);
    const payout = instructions.swapInstruction;
    const data = Buffer.from(payout.data, 'base64');
    // TransferChecked: [12, amount u64 LE, decimals].
    data.writeBigUInt64LE(data.readBigUInt64LE(1) + 1n, 1);
    const greedy = [...honest.slice(0, -1), fromJson({ ...payout, data: data.toString('base64') })];
    const payment = honest[1]!;
    const paymentData = Buffer.from(payment.data!);
    paymentData.writeBigUInt64LE(paymentData.readBigUInt64LE(4) - 1n, 4);
    const cheap = [honest[0]!, { ...payment, data: paymentData }, honest[2]!];
    const extra = [
      ...honest,
      fromJson({
        programId: '11111111111111111111111111111111',
        accounts: [
          { pubkey: desk, isSigner: true, isWritable: true },
          { pubkey: user.address, isSigner: false, isWritable: true },
        ],
        data: Buffer.from([2, 0, 0, 0, 0, 0x65, 0xcd, 0x1d, 0, 0, 0, 0]).toString('base64'),
      }),
    ];
    const twice = [...honest, honest[2]!];
    const unpaid = [honest[0]!, honest[2]!];
    for (const [name, forged] of Object.entries({ greedy, cheap, extra, twice, unpaid })) {
      const response = await post('/api/swap/cosign', { transaction: await userSigned(user, forged) });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({
        success: false,
        error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE],
        code: ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE,
      });
    }
    // Someone else cannot take the quote: the payout goes to the fee payer's own token account.
    const thief = await funded(1n);
    const stolen = await post('/api/swap/cosign', { transaction: await userSigned(thief, honest) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE],
      code: ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE,
    });
    // The honest transaction still goes through: the refusals did not spend the quote.
    const response = await post('/api/swap/cosign', { transaction: await userSigned(user, honest) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired quote at every step', async () => {
    const { usdtMint } = chain.addresses;
    const user = await funded();
    const body = await quote(NATIVE_MINT_ADDRESS, usdtMint, 100_000_000n);
    const wire = await userSigned(
      user,
      swapTransactionInstructions(await instructionsFor(body, user.address)),
    );
    t.clock.advance(QUOTE_TTL_MS);
    const instructions = await post('/api/swap/swap-instructions', {
      quoteResponse: body,
      userPublicKey: user.address,
    });
    expect(instructions.statusCode).toBe(400);
    expect(instructions.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_EXPIRED],
      code: ApiErrorCode.QUOTE_EXPIRED,
    });
    const cosigned = await post('/api/swap/cosign', { transaction: wire });
    expect(cosigned.statusCode).toBe(400);
    expect(cosigned.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_EXPIRED],
      code: ApiErrorCode.QUOTE_EXPIRED,
    });
  });

  it('refuses unknown and altered quotes and bad swap-instructions bodies', async () => {
    const { usdcMint } = chain.addresses;
    const user = (await generateKeyPairSigner()).address;
    const body = await quote(NATIVE_MINT_ADDRESS, usdcMint, 100_000_000n);
    const cases: [unknown, string][] = [
      [
        { quoteResponse: { ...body, quoteId: 'nope' }, userPublicKey: user },
        API_ERROR_MESSAGES[ApiErrorCode.QUOTE_UNKNOWN],
      ],
      [
        { quoteResponse: { ...body, quoteId: undefined }, userPublicKey: user },
        API_ERROR_MESSAGES[ApiErrorCode.QUOTE_UNKNOWN],
      ],
      [
        { quoteResponse: { ...body, outAmount: `${BigInt(body.outAmount) * 2n}` }, userPublicKey: user },
        API_ERROR_MESSAGES[ApiErrorCode.QUOTE_MISMATCH],
      ],
      [
        { quoteResponse: { ...body, otherAmountThreshold: body.outAmount }, userPublicKey: user },
        API_ERROR_MESSAGES[ApiErrorCode.QUOTE_MISMATCH],
      ],
      [{ quoteResponse: body, userPublicKey: 'nope' }, 'userPublicKey must be an address'],
      [{ quoteResponse: body }, 'userPublicKey must be an address'],
      [
        { quoteResponse: body, userPublicKey: user, wrapAndUnwrapSol: false },
        API_ERROR_MESSAGES[ApiErrorCode.SWAP_WRAP_SOL_REQUIRED],
      ],
      [
        { quoteResponse: body, userPublicKey: user, wrapAndUnwrapSol: 'yes' },
        'wrapAndUnwrapSol must be a boolean',
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await post('/api/swap/swap-instructions', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({
        success: false,
        error,
        code: SWAP_ROUTE_CODES[error] ?? ApiErrorCode.VALIDATION_FAILED,
      });
    }
    for (const payload of [
      {},
      { quoteResponse: 'x', userPublicKey: user },
      { quoteResponse: { inAmount: 'lots' } },
    ]) {
      const response = await post('/api/swap/swap-instructions', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ success: boolean }>().success).toBe(false);
    }
  });

  it('answers the desk’s lookup table, which holds every account of the swap but the user’s and the signers', async () => {
    const { usdcMint, usdtMint } = chain.addresses;
    const user = await funded();
    const table = await marketData.desk.lookupTable();
    // The chain's table (read as a client reads it: jsonParsed), the desk's authority over it.
    const { value: account } = await chain.rpc
      .getAccountInfo(table.address, { encoding: 'jsonParsed', commitment: 'confirmed' })
      .send();
    expect(account?.data).toMatchObject({
      program: 'address-lookup-table',
      parsed: { type: 'lookupTable', info: { authority: desk, addresses: table.addresses } },
    });
    const deskAta = async (mint: Address) =>
      (await findAssociatedTokenPda({ owner: desk, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
    expect(table.addresses).toEqual(
      expect.arrayContaining([usdcMint, usdtMint, await deskAta(usdcMint), await deskAta(usdtMint)]),
    );
    // The chain keeps it: a desk started again on the same chain (a restart) finds it by its authority.
    expect((await createLocalMarketData({ chain, db }).desk.lookupTable()).address).toBe(table.address);

    for (const [inputMint, outputMint] of [
      [NATIVE_MINT_ADDRESS, usdcMint],
      [usdtMint, NATIVE_MINT_ADDRESS],
    ] as const) {
      const body = await quote(
        inputMint,
        outputMint,
        inputMint === NATIVE_MINT_ADDRESS ? 100_000_000n : 1_000_000n,
      );
      const instructions = await instructionsFor(body, user.address);
      expect(instructions.addressLookupTableAddresses).toEqual([table.address]);
      const [userAta] = await findAssociatedTokenPda({
        owner: user.address,
        mint: inputMint === NATIVE_MINT_ADDRESS ? outputMint : inputMint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const accounts = swapTransactionInstructions(instructions).flatMap((ix) =>
        (ix.accounts ?? [])
          .filter((meta) => meta.role < AccountRole.READONLY_SIGNER)
          .map((meta) => meta.address),
      );
      // The desk signs every swap (its payout), so it is never loaded through a table.
      const fixed = accounts.filter((entry) => ![user.address, userAta, desk].includes(entry));
      expect(fixed.length).toBeGreaterThan(0);
      expect(table.addresses).toEqual(expect.arrayContaining(fixed));
    }
  });

  it('co-signs a swap compiled with the desk’s lookup table, which then lands', async () => {
    const { usdcMint } = chain.addresses;
    const user = await funded();
    const body = await quote(NATIVE_MINT_ADDRESS, usdcMint, 300_000_000n);
    const instructions = await instructionsFor(body, user.address);
    // What a client does with a route's tables: read them (kit, jsonParsed) and compile with them.
    const tables = await fetchAddressesForLookupTables(
      instructions.addressLookupTableAddresses.map((entry) => address(entry)),
      chain.rpc,
    );
    const wire = await userSigned(user, swapTransactionInstructions(instructions), tables);
    const { staticAccounts, lookups } = compiledOf(wire);
    const table = await marketData.desk.lookupTable();
    const [deskUsdc] = await findAssociatedTokenPda({
      owner: desk,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    expect(lookups.map((lookup) => lookup.lookupTableAddress)).toEqual([table.address]);
    expect(staticAccounts).not.toContain(usdcMint);
    expect(staticAccounts).not.toContain(deskUsdc);

    const cosigned = await post('/api/swap/cosign', { transaction: wire });
    expect(cosigned.statusCode).toBe(200);
    expect(cosigned.json()).toMatchObject({ success: true, required: true, quoteId: body.quoteId });
    const deskUsdcBefore = await tokenBalance(desk, usdcMint);
    await send(cosigned.json<{ transaction: string }>().transaction);
    expect(await tokenBalance(user.address, usdcMint)).toBe(BigInt(body.outAmount));
    expect(await tokenBalance(desk, usdcMint)).toBe(deskUsdcBefore - BigInt(body.outAmount));
  });

  it('refuses a swap whose lookup tables resolve to other accounts than the client compiled with', async () => {
    const { usdcMint, usdtMint } = chain.addresses;
    const user = await funded();
    const body = await quote(NATIVE_MINT_ADDRESS, usdcMint, 200_000_000n);
    const honest = swapTransactionInstructions(await instructionsFor(body, user.address));
    const deskAta = async (mint: Address) =>
      (await findAssociatedTokenPda({ owner: desk, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
    // The user's own table holds the desk's USDT account and mint; compiled as if it held the USDC ones,
    // the payout would come out of the desk's USDT.
    const ownTableAddress = await ownTable(chain.rpc, send, user, [await deskAta(usdtMint), usdtMint]);
    const deskTable = await marketData.desk.lookupTable();
    const stranger = (await generateKeyPairSigner()).address;
    const forgeries: Record<string, AddressesByLookupTableAddress> = {
      otherAccounts: { [ownTableAddress]: [await deskAta(usdcMint), usdcMint] },
      notATable: { [user.address]: [await deskAta(usdcMint), usdcMint] },
      pastTheEnd: {
        [deskTable.address]: [...deskTable.addresses.map(() => stranger), await deskAta(usdcMint)],
      },
    };
    for (const [name, lookupTables] of Object.entries(forgeries)) {
      const wire = await userSigned(user, honest, lookupTables);
      expect(compiledOf(wire).lookups, name).toHaveLength(1);
      const response = await post('/api/swap/cosign', { transaction: wire });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({
        success: false,
        error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE],
        code: ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE,
      });
    }
    // The quote is still live for the honest transaction.
    const response = await post('/api/swap/cosign', { transaction: await userSigned(user, honest) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a co-sign body that is not a transaction', async () => {
    for (const payload of [
      {},
      { transaction: 'zz' },
      { transaction: Buffer.from('nope').toString('base64') },
    ]) {
      const response = await post('/api/swap/cosign', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION],
        code: ApiErrorCode.VALIDATION_FAILED,
      });
    }
  });
});
