/**
 * The mainnet market data adapter (Jupiter Price v3 and Swap API, Helius priority fees) through the API,
 * against recorded responses served by an injected fetch: the mapping to the client's shapes, what is
 * sent upstream, and upstream failures turned into 502s that show nothing of the upstream.
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { fixture } from '../../../test/fetch-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { heliusRpcUrl } from './helius-priority-fee.ts';
import { createMainnetMarketData } from './mainnet-market-data.ts';

const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const USDT = address('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYb');
const JUP = address('JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN');
const JUICE = address('JuiceJuiceJuiceJuiceJuiceJuiceJuiceJuice111');

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

/** What the fake upstream answers next: a status and a body, or a network error. */
let reply: { status: number; body: string } | Error;
const sent: Sent[] = [];

async function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  sent.push({
    url: input,
    method: init?.method ?? 'GET',
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    body: typeof init?.body === 'string' ? init.body : null,
  });
  if (reply instanceof Error) throw reply;
  return new Response(reply.body, { status: reply.status, headers: { 'content-type': 'application/json' } });
}

let t: TestServer;

beforeAll(async () => {
  const marketData = createMainnetMarketData({
    jupiterApiUrl: 'https://jupiter.example/',
    jupiterApiKey: 'jup-key',
    priorityFeeUrl: heliusRpcUrl('helius-key'),
    mints: { usdc: USDC, usdt: USDT, juice: JUICE },
    fetch: fakeFetch,
  });
  // Until `Ports` has `marketData`, the port goes in through the harness's partial ports.
  t = await startTestServer({ ports: { marketData } });
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
});

/** Upstream failures, each of which must become the same 502. */
const FAILURES: readonly [string, { status: number; body: string } | Error][] = [
  ['network error', new Error('getaddrinfo ENOTFOUND jupiter.example (secret detail)')],
  ['HTTP 500', { status: 500, body: '{"error":"internal detail: db 10.0.0.3 down"}' }],
  ['HTTP 429', { status: 429, body: '{"error":"rate limited"}' }],
  ['not JSON', { status: 200, body: '<html>gateway</html>' }],
  ['wrong shape', { status: 200, body: '{"data":[1,2,3]}' }],
];

describe('GET /api/price (Jupiter Price API v3)', () => {
  it('asks Jupiter in USD and answers in SOL, SOL being 1 and unpriced ids absent', async () => {
    reply = { status: 200, body: fixture('jupiter/price-v3.json') };
    const response = await t.app.inject({ url: `/api/price?ids=SOL,usdc,${JUP},${USDT}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        SOL: { id: 'SOL', price: 1 },
        usdc: { id: 'usdc', price: 0.9999 / 160 },
        [JUP]: { id: JUP, price: 0.8 / 160 },
      },
    });
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(url.origin + url.pathname).toBe('https://jupiter.example/price/v3');
    expect(url.searchParams.get('ids')).toBe([NATIVE_MINT_ADDRESS, USDC, JUP, USDT].join(','));
    expect(sent[0]!.headers['x-api-key']).toBe('jup-key');
  });

  it('does not call Jupiter for SOL alone or for ids that are not mints', async () => {
    reply = new Error('must not be called');
    const response = await t.app.inject({ url: '/api/price?ids=SOL,BONK' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { SOL: { id: 'SOL', price: 1 } } });
    expect(sent).toHaveLength(0);
  });

  it.each(FAILURES)('is a 502 without internals on %s', async (_name, failure) => {
    reply = failure;
    const response = await t.app.inject({ url: `/api/price?ids=${USDC}` });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.PRICE_UNAVAILABLE],
      code: ApiErrorCode.PRICE_UNAVAILABLE,
    });
  });

  it('is a 502 when Jupiter has no SOL price to convert with', async () => {
    reply = { status: 200, body: JSON.stringify({ [USDC]: { usdPrice: 1 } }) };
    const response = await t.app.inject({ url: `/api/price?ids=${USDC}` });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.PRICE_UNAVAILABLE],
      code: ApiErrorCode.PRICE_UNAVAILABLE,
    });
  });
});

describe('POST /api/priority-fee (Helius getPriorityFeeEstimate)', () => {
  async function transaction(): Promise<string> {
    const payer = (await generateKeyPairSigner()).address;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: createNoopSigner(payer), destination: USDC, amount: 1n })],
          m,
        ),
    );
    return getBase64EncodedWireTransaction(compileTransaction(message));
  }

  it('posts the transaction with priorityLevel High and reads result.priorityFeeEstimate', async () => {
    reply = { status: 200, body: fixture('helius-priority/estimate-high.json') };
    const wire = await transaction();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/priority-fee',
      payload: { transaction: wire, priorityLevel: 'High' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, priorityFeeEstimate: 120000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://mainnet.helius-rpc.com/?api-key=helius-key');
    expect(sent[0]!.method).toBe('POST');
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      jsonrpc: '2.0',
      id: '1',
      method: 'getPriorityFeeEstimate',
      params: [{ transaction: wire, options: { transactionEncoding: 'Base64', priorityLevel: 'High' } }],
    });
  });

  it.each([
    ...FAILURES,
    ['a JSON-RPC error', { status: 200, body: fixture('helius-priority/error-invalid-params.json') }],
    [
      'a negative estimate',
      { status: 200, body: '{"jsonrpc":"2.0","result":{"priorityFeeEstimate":-1},"id":"1"}' },
    ],
  ] as const)('is a 502 without internals on %s', async (_name, failure) => {
    reply = failure;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/priority-fee',
      payload: { transaction: await transaction() },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.PRIORITY_FEE_UNAVAILABLE],
      code: ApiErrorCode.PRIORITY_FEE_UNAVAILABLE,
    });
  });
});

describe('swaps (Jupiter Swap API)', () => {
  const quoteUrl = `/api/swap/quote?inputMint=${NATIVE_MINT_ADDRESS}&outputMint=${USDC}&amount=1000000000&slippageBps=50&swapMode=ExactIn&onlyDirectRoutes=true`;

  it("passes Jupiter's quote through, asking exact-in, direct routes, slippage 50", async () => {
    reply = { status: 200, body: fixture('jupiter/quote-sol-usdc.json') };
    const response = await t.app.inject({ url: quoteUrl });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...JSON.parse(fixture('jupiter/quote-sol-usdc.json')), success: true });
    const url = new URL(sent[0]!.url);
    expect(url.origin + url.pathname).toBe('https://jupiter.example/swap/v1/quote');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      inputMint: NATIVE_MINT_ADDRESS,
      outputMint: USDC,
      amount: '1000000000',
      slippageBps: '50',
      swapMode: 'ExactIn',
      onlyDirectRoutes: 'true',
    });
  });

  it("is a 400 when Jupiter finds no route, a 502 on Jupiter's own failures", async () => {
    reply = { status: 400, body: fixture('jupiter/quote-no-route.json') };
    let response = await t.app.inject({ url: quoteUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_NO_ROUTE],
      code: ApiErrorCode.SWAP_NO_ROUTE,
    });
    reply = { status: 400, body: '{"error":"something else","errorCode":"INTERNAL"}' };
    response = await t.app.inject({ url: quoteUrl });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_UNAVAILABLE],
      code: ApiErrorCode.SWAP_UNAVAILABLE,
    });
    for (const [name, failure] of FAILURES) {
      reply = failure;
      response = await t.app.inject({ url: quoteUrl });
      expect(response.statusCode, name).toBe(502);
      expect(response.json(), name).toEqual({
        success: false,
        error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_UNAVAILABLE],
        code: ApiErrorCode.SWAP_UNAVAILABLE,
      });
    }
  });

  it('posts the quote for swap instructions and says no co-signature is needed', async () => {
    const quoteResponse = JSON.parse(fixture('jupiter/quote-sol-usdc.json')) as Record<string, unknown>;
    const user = (await generateKeyPairSigner()).address;
    reply = { status: 200, body: fixture('jupiter/swap-instructions.json') };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/swap/swap-instructions',
      // The quote as the client got it from /api/swap/quote, envelope included.
      payload: { quoteResponse: { ...quoteResponse, success: true }, userPublicKey: user },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...JSON.parse(fixture('jupiter/swap-instructions.json')),
      requiresCosign: false,
      success: true,
    });
    expect(sent[0]!.url).toBe('https://jupiter.example/swap/v1/swap-instructions');
    expect(sent[0]!.method).toBe('POST');
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      quoteResponse,
      userPublicKey: user,
      wrapAndUnwrapSol: true,
    });
  });

  it('is a 400 when Jupiter refuses the quote, a 502 on its own failures', async () => {
    const quoteResponse = JSON.parse(fixture('jupiter/quote-sol-usdc.json')) as Record<string, unknown>;
    const payload = { quoteResponse, userPublicKey: (await generateKeyPairSigner()).address };
    reply = { status: 422, body: '{"error":"Invalid quoteResponse"}' };
    let response = await t.app.inject({ method: 'POST', url: '/api/swap/swap-instructions', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_REJECTED],
      code: ApiErrorCode.QUOTE_REJECTED,
    });
    for (const [name, failure] of FAILURES) {
      reply = failure;
      response = await t.app.inject({ method: 'POST', url: '/api/swap/swap-instructions', payload });
      expect(response.statusCode, name).toBe(502);
      expect(response.json(), name).toEqual({
        success: false,
        error: API_ERROR_MESSAGES[ApiErrorCode.SWAP_UNAVAILABLE],
        code: ApiErrorCode.SWAP_UNAVAILABLE,
      });
    }
  });

  it('answers a co-sign request with the transaction unchanged: Jupiter swaps need no co-signer', async () => {
    reply = new Error('must not be called');
    const payer = await generateKeyPairSigner();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
    );
    const wire = getBase64EncodedWireTransaction(compileTransaction(message));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/swap/cosign',
      payload: { transaction: wire },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, required: false, transaction: wire });
    expect(sent).toHaveLength(0);
  });
});
