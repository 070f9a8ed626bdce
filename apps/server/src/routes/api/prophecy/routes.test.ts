/**
 * Prophecy through the API on the embedded chain: creating, updating and resolving markets (checked
 * against the decoded Market accounts), one market, comments, and the market request queue.
 */

import {
  COMMENT_RATE_LIMIT,
  MARKET_PROPOSAL_MESSAGES,
  MAX_PENDING_MARKET_REQUESTS,
} from '@arcade/sdk/api/prophecy';
import { MARKET_MAX_LIFETIME_SECS } from '@arcade/sdk/constants';
import { poolFee } from '@arcade/sdk/payout';
import { decodeMarket, MarketResult, type MarketAccount } from '@arcade/sdk/wager/accounts';
import { referralShare } from '@arcade/sdk/wager/bet-math';
import { getCreatePredictionInstructionAsync } from '@arcade/sdk/wager/instructions';
import { findReferralAddress } from '@arcade/sdk/wager/pda';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { generateKeyPairSigner, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../../../test/harness.ts';
import type { EmbeddedChain } from '../../../chain/embedded-chain.ts';
import { sendAndConfirm } from '../../../chain/send-transaction.ts';
import {
  PROPHECY_MESSAGES,
  RESOLVE_EARLY_ATTEMPTS,
  RESOLVE_RETRY_PAUSE_MS,
} from '../../../services/prophecy-service.ts';

let t: TestServer;
let chain: EmbeddedChain;
let adminToken: string;
let alice: KeyPairSigner;
let aliceToken: string;
let bob: KeyPairSigner;
let bobToken: string;

beforeAll(async () => {
  t = await startTestServer();
  chain = t.chain;
  const admin = t.admins[0];
  if (admin === undefined) throw new Error('no admin');
  [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  [adminToken, aliceToken, bobToken] = await Promise.all([
    signIn(t.app, admin),
    signIn(t.app, alice),
    signIn(t.app, bob),
  ]);
  const named = await t.app.inject({
    method: 'POST',
    url: '/api/user/updateUsername',
    headers: { authorization: aliceToken },
    payload: { username: 'alice' },
  });
  expect(named.statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close(), 60_000);

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

/** Wall-clock unix seconds: the local chain's Clock follows it (the test clock does not move by itself). */
const wallSecs = (): number => Math.floor(Date.now() / 1000);

interface MarketView {
  key: Address;
  startTime: number;
  endTime: number;
  cutOffTime: number;
  yesCount: number;
  noCount: number;
  totalCount: number;
  yesPool: string;
  noPool: string;
  totalPool: string;
  isSettled: boolean;
  settledCount: number;
  result: 'yes' | 'no' | 'invalid' | null;
  referrer: string | null;
  marketMetadata: Record<string, string | null>;
  yesMultiplier: number;
  noMultiplier: number;
  yesPercentage: number;
  noPercentage: number;
}

interface Comment {
  id: number;
  market: string;
  user: string;
  username: string | null;
  comment: string;
  timestamp: number;
}

interface RequestView {
  id: number;
  requester: string;
  status: string;
  reason: string | null;
  market: string | null;
  endTime: number;
  cutoffTime: number;
  marketMetadata: Record<string, string | null>;
}

function proposal(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Will SOL close the week above $200?',
    shortName: 'SOL > $200',
    yesOption: 'Above',
    noOption: 'Below',
    invalidOption: 'No close',
    category: 'Crypto',
    image: 'https://example.com/sol.png',
    rules: 'Resolves on the Sunday close of the SOL/USD feed.',
    endTime: wallSecs() + 7_200,
    cutoffTime: wallSecs() + 3_600,
    ...overrides,
  };
}

function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/prophecy${url}`,
    ...(token === undefined ? {} : { headers: { authorization: token } }),
    payload: payload as object,
  });
}

function get(url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/prophecy${url}`,
    ...(token === undefined ? {} : { headers: { authorization: token } }),
  });
}

async function createMarket(overrides: Record<string, unknown> = {}): Promise<MarketView> {
  const response = await post('/createMarket', proposal(overrides), adminToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ market: MarketView }>().market;
}

async function fetchMarketAccount(address: Address): Promise<MarketAccount | null> {
  const { value } = await chain.context.rpc
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return value === null ? null : decodeMarket(Buffer.from(value.data[0], 'base64'));
}

async function balance(address: Address): Promise<bigint> {
  const { value } = await chain.context.rpc.getBalance(address, { commitment: 'confirmed' }).send();
  return value;
}

function expectError(response: { statusCode: number; body: string }, status: number, error: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(JSON.parse(response.body)).toMatchObject({ success: false, error });
}

/** Puts the server clock back on wall time (the comment tests move it hours ahead). */
function syncClock(): void {
  t.clock.advance(Date.now() - t.clock.now());
}

/** Waits until the local chain's Clock (wall time) is past `unixSecs`. */
async function waitPast(unixSecs: number): Promise<void> {
  while (Date.now() < (unixSecs + 1.5) * 1000) await new Promise((resolve) => setTimeout(resolve, 200));
}

// ---------------------------------------------------------------------------------------------------------
// createMarket and one market
// ---------------------------------------------------------------------------------------------------------

describe('POST /api/prophecy/createMarket', () => {
  it('creates the market on chain with the times sent and returns its view', async () => {
    const endTime = wallSecs() + 7_200;
    const cutoffTime = wallSecs() + 3_600;
    const market = await createMarket({ endTime, cutoffTime });
    // The start is the program's (its clock bounds the market's lifetime), read back from the account.
    const started = (await fetchMarketAccount(market.key))!.startTime;
    expect(Math.abs(Number(started) - Math.floor(t.clock.now() / 1000))).toBeLessThanOrEqual(2);
    expect(market).toMatchObject({
      startTime: Number(started),
      endTime,
      cutOffTime: cutoffTime,
      yesCount: 0,
      noCount: 0,
      totalCount: 0,
      yesPool: '0',
      noPool: '0',
      totalPool: '0',
      isSettled: false,
      settledCount: 0,
      result: null,
      referrer: null,
      marketMetadata: {
        name: 'Will SOL close the week above $200?',
        shortName: 'SOL > $200',
        yesOption: 'Above',
        noOption: 'Below',
        invalidOption: 'No close',
        category: 'Crypto',
        image: 'https://example.com/sol.png',
        rules: 'Resolves on the Sunday close of the SOL/USD feed.',
      },
      yesMultiplier: 0,
      noMultiplier: 0,
      yesPercentage: 50,
      noPercentage: 50,
    });
    const account = await fetchMarketAccount(market.key);
    expect(account).toMatchObject({
      endTime: BigInt(endTime),
      cutoffTime: BigInt(cutoffTime),
      yesPool: 0n,
      noPool: 0n,
      isSettled: false,
      result: null,
      referrer: null,
    });

    const one = await get(`/${market.key}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, market, comments: [], nextCursor: null });
  });

  it('stores a referrer on chain and defaults the options to Yes, No and Invalid', async () => {
    const referrer = (await generateKeyPairSigner()).address;
    const body = proposal({ referrer });
    delete body.yesOption;
    delete body.noOption;
    delete body.invalidOption;
    delete body.image;
    const response = await post('/createMarket', body, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    const market = response.json<{ market: MarketView }>().market;
    expect(market.referrer).toBe(referrer);
    expect(market.marketMetadata).toMatchObject({
      yesOption: 'Yes',
      noOption: 'No',
      invalidOption: 'Invalid',
      image: null,
    });
    expect((await fetchMarketAccount(market.key))?.referrer).toBe(referrer);
    // Its vault was created in the same transaction (init_referral, paid by the authority).
    const [vault] = await findReferralAddress(referrer);
    const { value } = await chain.context.rpc.getAccountInfo(vault, { encoding: 'base64' }).send();
    expect(value?.owner).toBe(WAGER_PROGRAM_ADDRESS);
  });

  it('refuses a program, a reserved key and an end beyond the lifetime, before any transaction', async () => {
    const authority = chain.context.signers.authority.address;
    const before = await balance(authority);
    for (const [referrer, message] of [
      [WAGER_PROGRAM_ADDRESS, MARKET_PROPOSAL_MESSAGES.referrerIsProgram],
      ['Feature111111111111111111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
      ['SysvarRent111111111111111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
    ] as const) {
      expectError(await post('/createMarket', proposal({ referrer }), adminToken), 400, message);
    }
    const now = Math.floor(t.clock.now() / 1000);
    expectError(
      await post('/createMarket', proposal({ endTime: now + MARKET_MAX_LIFETIME_SECS + 1 }), adminToken),
      400,
      MARKET_PROPOSAL_MESSAGES.endTooFar,
    );
    expect(await balance(authority)).toBe(before);
  });

  it('needs an admin: 401 without a token, 403 for a user', async () => {
    expectError(await post('/createMarket', proposal()), 401, 'Missing token');
    expectError(await post('/createMarket', proposal(), aliceToken), 403, 'Admins only');
  });

  it.each([
    [{ name: '' }, 'Name cannot be empty'],
    [{ name: '   ' }, 'Name cannot be empty'],
    [{ name: undefined }, 'Name cannot be empty'],
    [{ name: 'x'.repeat(121) }, 'Name cannot be longer than 120 characters'],
    [{ shortName: '' }, 'Short name cannot be empty'],
    [{ shortName: 'x'.repeat(41) }, 'Short name cannot be longer than 40 characters'],
    [{ yesOption: '' }, 'Yes option cannot be empty'],
    [{ noOption: 'x'.repeat(41) }, 'No option cannot be longer than 40 characters'],
    [{ invalidOption: ' ' }, 'Option for an invalid result cannot be empty'],
    [{ category: 'Cricket' }, 'Invalid category'],
    [{ category: 'crypto' }, 'Invalid category'],
    [{ category: undefined }, 'Invalid category'],
    [{ image: 'javascript:alert(1)' }, 'Invalid image'],
    [{ image: '//evil.example/x.png' }, 'Invalid image'],
    [{ image: 'https://example.com/' + 'x'.repeat(500) }, 'Image cannot be longer than 500 characters'],
    [{ rules: '' }, 'Rules cannot be empty'],
    [{ rules: 'x'.repeat(2_001) }, 'Rules cannot be longer than 2000 characters'],
    [{ rules: 'bad\u0000byte' }, 'Rules contains invalid characters'],
    [{ endTime: 'tomorrow' }, 'Invalid end time'],
    [{ endTime: 1.5 }, 'Invalid end time'],
    [{ endTime: -1 }, 'Invalid end time'],
    [{ endTime: 1e20 }, 'Invalid end time'],
    [{ cutoffTime: undefined }, 'Invalid cutoff time'],
    [{ cutoffTime: 1_000 }, 'Cutoff time must be in the future'],
    [
      { endTime: wallSecs() + 100, cutoffTime: wallSecs() + 200 },
      'Cutoff time must not be after the end time',
    ],
    [{ referrer: 'not-an-address' }, 'Invalid address'],
  ])('refuses %o with %s', async (overrides, message) => {
    expectError(await post('/createMarket', proposal(overrides), adminToken), 400, message);
  });

  it('counts lengths in code points, so 120 emoji make a valid name', async () => {
    // The image path too: 480 emoji are 960 UTF-16 units but 480 characters, within its 500.
    const image = `/${'🚀'.repeat(480)}.png`;
    const market = await createMarket({ name: '🚀'.repeat(120), shortName: '🚀'.repeat(40), image });
    expect(market.marketMetadata.name).toBe('🚀'.repeat(120));
    expect(market.marketMetadata.image).toBe(image);
  });

  it('refuses a malformed or missing body with a 400', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/prophecy/createMarket',
      headers: { authorization: adminToken, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectError(malformed, 400, 'Malformed JSON body');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/prophecy/createMarket',
      headers: { authorization: adminToken },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false });
    const array = await post('/createMarket', [1, 2], adminToken);
    expectError(array, 400, 'Invalid request body');
  });
});

describe('GET /api/prophecy/{market}', () => {
  it("answers 404 'Market not found' for an unknown address and 400 for a malformed one", async () => {
    const unknown = (await generateKeyPairSigner()).address;
    expectError(await get(`/${unknown}`), 404, 'Market not found');
    expectError(await get('/not-an-address'), 400, 'Invalid address');
    expectError(await get(`/${unknown}/comments`), 404, 'Market not found');
    expectError(await get('/0OIl/comments'), 400, 'Invalid address');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------------------

describe('comments', () => {
  let market: MarketView;

  beforeAll(async () => {
    market = await createMarket({ name: 'Comment market' });
  });

  const comment = (payload: unknown, token = aliceToken) => post('/addComment', payload, token);

  it('needs a token', async () => {
    expectError(await comment({ market: market.key, comment: 'hi' }, ''), 401, 'Missing token');
    expectError(await post('/addComment', { market: market.key, comment: 'hi' }), 401, 'Missing token');
    expectError(await comment({ market: market.key, comment: 'hi' }, 'Bearer nope'), 401, 'Invalid token');
  });

  it.each([
    [{ comment: '' }, 'Comment cannot be empty'],
    [{ comment: ' \n\t ' }, 'Comment cannot be empty'],
    [{ comment: undefined }, 'Comment cannot be empty'],
    [{ comment: 42 }, 'Comment cannot be empty'],
    [{ comment: 'x'.repeat(281) }, 'Comment cannot be longer than 280 characters'],
    [{ comment: '😀'.repeat(281) }, 'Comment cannot be longer than 280 characters'],
    [{ comment: 'nul\u0000byte' }, 'Comment contains invalid characters'],
    [{ market: 'nope' }, 'Invalid address'],
  ])('refuses %o with %s', async (overrides, message) => {
    expectError(await comment({ market: market.key, comment: 'hello', ...overrides }), 400, message);
  });

  it("answers 404 'Market not found' for an unknown market", async () => {
    const unknown = (await generateKeyPairSigner()).address;
    expectError(await comment({ market: unknown, comment: 'hello' }), 404, 'Market not found');
  });

  it('stores the comment trimmed, as plain text, with the username, and shows it on the market', async () => {
    const html = '  <script>alert("x")</script><b>bold</b> & &amp;  ';
    const response = await comment({ market: market.key, comment: html });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const stored = response.json<{ comment: Comment }>().comment;
    expect(stored).toMatchObject({
      market: market.key,
      user: alice.address,
      username: 'alice',
      comment: '<script>alert("x")</script><b>bold</b> & &amp;',
      timestamp: t.clock.now(),
    });
    const one = await get(`/${market.key}`);
    expect(one.json<{ comments: Comment[] }>().comments).toEqual([stored]);
    t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs);
  });

  it('counts code points: 280 emoji are accepted', async () => {
    const response = await comment({ market: market.key, comment: '😀'.repeat(280) }, bobToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ comment: Comment }>().comment.username).toBeNull();
    t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs);
  });

  it('limits a user to one comment per 5 s and 20 per hour, by the server clock', async () => {
    const carol = await generateKeyPairSigner();
    const carolToken = await signIn(t.app, carol);
    const say = (text: string) => comment({ market: market.key, comment: text }, carolToken);

    expect((await say('first')).statusCode).toBe(200);
    expectError(await say('too soon'), 429, 'You are commenting too fast: wait 5 seconds between comments');
    t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs - 1);
    expect((await say('still too soon')).statusCode).toBe(429);
    t.clock.advance(1);
    const second = await say('second');
    expect(second.statusCode, second.body).toBe(200);
    for (let i = 3; i <= COMMENT_RATE_LIMIT.maxPerWindow; i++) {
      t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs);
      expect((await say(`comment ${i}`)).statusCode).toBe(200);
    }
    t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs);
    expectError(await say('one too many'), 429, 'You can post at most 20 comments per hour');
    // Another user is not affected.
    t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs);
    expect((await comment({ market: market.key, comment: 'me too' })).statusCode).toBe(200);
    t.clock.advance(COMMENT_RATE_LIMIT.windowMs);
    expect((await say('an hour later')).statusCode).toBe(200);
  });

  it('pages older comments by cursor, newest first', async () => {
    const first = await get(`/${market.key}/comments?limit=10`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ comments: Comment[]; nextCursor: number | null }>();
    expect(page1.comments).toHaveLength(10);
    expect(page1.comments[0]?.comment).toBe('an hour later');
    expect(page1.nextCursor).toBe(page1.comments.at(-1)?.id);
    const ids: number[] = page1.comments.map((c) => c.id);
    let cursor = page1.nextCursor;
    while (cursor !== null) {
      const response = await get(`/${market.key}/comments?limit=10&cursor=${cursor}`);
      const page = response.json<{ comments: Comment[]; nextCursor: number | null }>();
      ids.push(...page.comments.map((c) => c.id));
      cursor = page.nextCursor;
    }
    // alice 2, bob 1, carol 21.
    expect(ids).toHaveLength(24);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);

    const one = await get(`/${market.key}`);
    const latest = one.json<{ comments: Comment[]; nextCursor: number | null }>();
    expect(latest.comments.map((c) => c.id)).toEqual(ids);
    expect(latest.nextCursor).toBeNull();
  });

  it('refuses a malformed cursor or limit', async () => {
    expectError(await get(`/${market.key}/comments?cursor=abc`), 400, 'Invalid cursor');
    expectError(await get(`/${market.key}/comments?cursor=0`), 400, 'Invalid cursor');
    expectError(await get(`/${market.key}/comments?limit=101`), 400, 'Invalid limit');
  });
});

// ---------------------------------------------------------------------------------------------------------
// resolveMarket and updateMarket
// ---------------------------------------------------------------------------------------------------------

describe('POST /api/prophecy/resolveMarket', () => {
  beforeEach(syncClock);

  it('needs an admin: 401 without a token, 403 for a user', async () => {
    const market = (await generateKeyPairSigner()).address;
    expectError(await post('/resolveMarket', { market, result: 'yes' }), 401, 'Missing token');
    expectError(await post('/resolveMarket', { market, result: 'yes' }, bobToken), 403, 'Admins only');
  });

  it('validates the body and answers 404 for an unknown market', async () => {
    const unknown = (await generateKeyPairSigner()).address;
    const message = "Result must be 'yes', 'no' or 'invalid'";
    expectError(await post('/resolveMarket', { market: unknown, result: 'maybe' }, adminToken), 400, message);
    expectError(await post('/resolveMarket', { market: unknown, result: 'Yes' }, adminToken), 400, message);
    expectError(await post('/resolveMarket', { market: unknown }, adminToken), 400, message);
    expectError(
      await post('/resolveMarket', { market: 'x', result: 'yes' }, adminToken),
      400,
      'Invalid address',
    );
    expectError(
      await post('/resolveMarket', { market: unknown, result: 'yes' }, adminToken),
      404,
      'Market not found',
    );
  });

  it('maps the program refusing a resolution before the cutoff to a 400', async () => {
    const market = await createMarket({ name: 'Too early' });
    const response = await post('/resolveMarket', { market: market.key, result: 'no' }, adminToken);
    expectError(response, 400, 'Market cannot be resolved before its cutoff time');
    expect(response.json()).toMatchObject({ programError: 'InvalidMarket', programErrorCode: 6007 });
    expect((await fetchMarketAccount(market.key))?.result).toBeNull();
    expect((await get(`/${market.key}`)).json<{ market: MarketView }>().market.result).toBeNull();
  });

  it('resolves after the cutoff: pays the fee to the treasury and its share to the referrer vault, records the result once (409 after)', async () => {
    const cutoffTime = wallSecs() + 4;
    const referrer = (await generateKeyPairSigner()).address;
    const market = await createMarket({
      name: 'Quick market',
      cutoffTime,
      endTime: cutoffTime + 60,
      referrer,
    });
    const [vault] = await findReferralAddress(referrer);
    const vaultBefore = await balance(vault);
    // A Yes prediction, so that a Yes result is a real win and not recorded as Invalid.
    const predictor = await generateKeyPairSigner();
    await chain.context.rpc.requestAirdrop(predictor.address, lamports(10_000_000_000n)).send();
    await waitForBalance(predictor.address);
    const amount = 50_000_000n;
    await sendAndConfirm(chain.context.rpc, predictor, [
      await getCreatePredictionInstructionAsync({
        user: predictor,
        market: market.key,
        amount,
        result: 'yes',
      }),
    ]);
    await waitPast(cutoffTime);

    const treasury = chain.context.addresses.treasury;
    const before = await balance(treasury);
    const response = await post('/resolveMarket', { market: market.key, result: 'yes' }, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ market: MarketView }>().market).toMatchObject({
      key: market.key,
      result: 'yes',
      isSettled: false,
    });
    const share = referralShare(poolFee(amount));
    expect(await balance(treasury)).toBe(before + poolFee(amount) - share);
    expect(await balance(vault)).toBe(vaultBefore + share);
    expect((await fetchMarketAccount(market.key))?.result).toBe(MarketResult.Yes);

    expectError(
      await post('/resolveMarket', { market: market.key, result: 'no' }, adminToken),
      409,
      'Market already resolved',
    );
    expect((await get(`/${market.key}`)).json<{ market: MarketView }>().market.result).toBe('yes');
  });

  it("waits out the chain's Clock lagging the wall clock at the cutoff, for a moment only", async () => {
    const cutoffTime = wallSecs() + 2;
    const market = await createMarket({ name: 'Lagging clock', cutoffTime, endTime: cutoffTime + 60 });
    // No slot opens while the chain is stopped, so its Clock keeps a second before the cutoff.
    chain.chain.stop();
    try {
      while (Date.now() < cutoffTime * 1000) await new Promise((resolve) => setTimeout(resolve, 50));
      // The server's clock is past the cutoff too.
      t.clock.advance(Date.now() - t.clock.now());
      // The Clock never catches up: after the wait, the program's refusal as before.
      const early = await post('/resolveMarket', { market: market.key, result: 'no' }, adminToken);
      expectError(early, 400, 'Market cannot be resolved before its cutoff time');
      expect(early.json()).toMatchObject({ programError: 'InvalidMarket' });

      // The Clock catches up while the resolve waits: it succeeds.
      const resolving = post('/resolveMarket', { market: market.key, result: 'no' }, adminToken);
      await new Promise((resolve) =>
        setTimeout(resolve, (RESOLVE_EARLY_ATTEMPTS * RESOLVE_RETRY_PAUSE_MS) / 4),
      );
      chain.chain.start();
      const response = await resolving;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ market: MarketView }>().market.result).toBe('invalid');
    } finally {
      chain.chain.start();
    }
  });

  it('records the result the chain kept: a Yes with no Yes predictions is Invalid', async () => {
    const cutoffTime = wallSecs() + 3;
    const market = await createMarket({ name: 'Empty market', cutoffTime, endTime: cutoffTime + 60 });
    await waitPast(cutoffTime);
    const response = await post('/resolveMarket', { market: market.key, result: 'yes' }, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ market: MarketView }>().market.result).toBe('invalid');

    // A resolved market can no longer be updated.
    expectError(
      await post(
        '/updateMarket',
        { market: market.key, endTime: wallSecs() + 100, cutoffTime: wallSecs() + 50 },
        adminToken,
      ),
      409,
      'Market already resolved',
    );
  });
});

async function waitForBalance(address: Address): Promise<void> {
  for (let i = 0; i < 50 && (await balance(address)) === 0n; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /api/prophecy/updateMarket', () => {
  beforeEach(syncClock);

  it('moves the times on chain and in the view', async () => {
    const market = await createMarket({ name: 'Movable' });
    const endTime = wallSecs() + 20_000;
    const cutoffTime = wallSecs() + 10_000;
    const response = await post('/updateMarket', { market: market.key, endTime, cutoffTime }, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ market: MarketView }>().market).toMatchObject({ endTime, cutOffTime: cutoffTime });
    expect(await fetchMarketAccount(market.key)).toMatchObject({
      endTime: BigInt(endTime),
      cutoffTime: BigInt(cutoffTime),
    });
  });

  it('refuses times out of order, a user, and an unknown market', async () => {
    const unknown = (await generateKeyPairSigner()).address;
    const body = { market: unknown, endTime: wallSecs() + 100, cutoffTime: wallSecs() + 200 };
    expectError(await post('/updateMarket', body, aliceToken), 403, 'Admins only');
    expectError(
      await post('/updateMarket', { ...body, endTime: wallSecs() + 300 }, adminToken),
      404,
      'Market not found',
    );
    const market = await createMarket({ name: 'Fixed' });
    expectError(
      await post('/updateMarket', { ...body, market: market.key }, adminToken),
      400,
      'Cutoff time must not be after the end time',
    );
    expectError(
      await post('/updateMarket', { market: market.key, endTime: 'soon', cutoffTime: 1 }, adminToken),
      400,
      'Invalid end time',
    );
  });

  it('refuses a cutoff in the past and an end beyond the lifetime counted from the market start', async () => {
    const market = await createMarket({ name: 'Bounded' });
    expectError(
      await post(
        '/updateMarket',
        { market: market.key, endTime: wallSecs() + 100, cutoffTime: 1_000 },
        adminToken,
      ),
      400,
      MARKET_PROPOSAL_MESSAGES.cutoffInPast,
    );
    // The program counts the lifetime from the start it recorded (the chain's clock when create_market
    // landed), the server's view from its own clock then: the two may differ by a second.
    const chainStart = Number((await fetchMarketAccount(market.key))!.startTime);
    const endTime = Math.max(market.startTime, chainStart) + MARKET_MAX_LIFETIME_SECS + 1;
    expectError(
      await post('/updateMarket', { market: market.key, endTime, cutoffTime: wallSecs() + 100 }, adminToken),
      400,
      MARKET_PROPOSAL_MESSAGES.endTooFar,
    );
    // At the limit (counted from either start) it moves.
    const atLimit = Math.min(market.startTime, chainStart) + MARKET_MAX_LIFETIME_SECS;
    const moved = await post(
      '/updateMarket',
      { market: market.key, endTime: atLimit, cutoffTime: wallSecs() + 100 },
      adminToken,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await fetchMarketAccount(market.key))?.endTime).toBe(BigInt(atLimit));
  });

  it('refuses any change once the cutoff has passed (409), by the chain and by the server clock', async () => {
    const cutoffTime = wallSecs() + 2;
    const market = await createMarket({ name: 'Closed', cutoffTime, endTime: cutoffTime + 60 });
    await waitPast(cutoffTime);
    const body = { market: market.key, endTime: wallSecs() + 7_200, cutoffTime: wallSecs() + 3_600 };
    // The server's clock still before the cutoff: the program refuses (MarketClosed).
    const refused = await post('/updateMarket', body, adminToken);
    expectError(refused, 409, PROPHECY_MESSAGES.marketClosed);
    expect(refused.json()).toMatchObject({ programError: 'MarketClosed' });
    // The server's clock past the cutoff: refused before any transaction.
    syncClock();
    const early = await post('/updateMarket', body, adminToken);
    expectError(early, 409, PROPHECY_MESSAGES.marketClosed);
    expect(early.json()).not.toHaveProperty('programError');
    expect(await fetchMarketAccount(market.key)).toMatchObject({ cutoffTime: BigInt(cutoffTime) });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Market requests
// ---------------------------------------------------------------------------------------------------------

describe('market requests', () => {
  let dave: KeyPairSigner;
  let daveToken: string;

  beforeEach(syncClock);

  beforeAll(async () => {
    dave = await generateKeyPairSigner();
    daveToken = await signIn(t.app, dave);
  });

  const request = (overrides: Record<string, unknown> = {}, token = daveToken) =>
    post('/requestMarket', proposal(overrides), token);

  it('needs a token and validates like createMarket', async () => {
    expectError(await post('/requestMarket', proposal()), 401, 'Missing token');
    expectError(await request({ category: 'Chess' }), 400, 'Invalid category');
    expectError(await request({ cutoffTime: 1_000 }), 400, 'Cutoff time must be in the future');
    expectError(await request({ name: '' }), 400, 'Name cannot be empty');
  });

  it('refuses as the referrer the requester, a program or a reserved key, and an end beyond the lifetime', async () => {
    const refusals: [unknown, string][] = [
      [dave.address, MARKET_PROPOSAL_MESSAGES.referrerIsRequester],
      [WAGER_PROGRAM_ADDRESS, MARKET_PROPOSAL_MESSAGES.referrerIsProgram],
      ['BPFLoaderUpgradeab1e11111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
      ['Feature111111111111111111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
      ['SysvarC1ock11111111111111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
      ['Sysvar1111111111111111111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
      ['1nc1nerator11111111111111111111111111111111', MARKET_PROPOSAL_MESSAGES.referrerReserved],
    ];
    for (const [referrer, message] of refusals) expectError(await request({ referrer }), 400, message);
    const now = Math.floor(t.clock.now() / 1000);
    expectError(
      await request({ endTime: now + MARKET_MAX_LIFETIME_SECS + 1 }),
      400,
      MARKET_PROPOSAL_MESSAGES.endTooFar,
    );
    // Nothing was queued.
    expect((await get('/requests/mine', daveToken)).json<{ requests: RequestView[] }>().requests).toEqual([]);
  });

  it('queues requests as pending, at most 5 per user, each user seeing only their own', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= MAX_PENDING_MARKET_REQUESTS; i++) {
      const response = await request({ name: `Dave's market ${i}` });
      expect(response.statusCode, response.body).toBe(200);
      const stored = response.json<{ request: RequestView }>().request;
      expect(stored).toMatchObject({
        requester: dave.address,
        status: 'pending',
        reason: null,
        market: null,
      });
      ids.push(stored.id);
    }
    expectError(await request({ name: 'one too many' }), 429, 'You already have 5 pending market requests');

    const mine = await get('/requests/mine', daveToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ requests: RequestView[] }>().requests.map((r) => r.id)).toEqual([...ids].reverse());
    const bobs = await get('/requests/mine', bobToken);
    expect(bobs.json<{ requests: RequestView[] }>().requests).toEqual([]);
    expectError(await get('/requests/mine'), 401, 'Missing token');
  });

  it('lets only admins list, approve and reject', async () => {
    expectError(await get('/requests', daveToken), 403, 'Admins only');
    expectError(await get('/requests'), 401, 'Missing token');
    const [first] = (await get('/requests/mine', daveToken)).json<{ requests: RequestView[] }>().requests;
    const id = first?.id ?? 0;
    expectError(await post(`/requests/${id}/approve`, {}, daveToken), 403, 'Admins only');
    expectError(await post(`/requests/${id}/reject`, { reason: 'no' }, bobToken), 403, 'Admins only');
  });

  it('approving creates the market on chain (with the admin’s times) and frees a pending slot', async () => {
    const pending = await get('/requests?status=pending', adminToken);
    expect(pending.statusCode).toBe(200);
    const list = pending.json<{ requests: RequestView[] }>().requests;
    expect(list.length).toBeGreaterThanOrEqual(MAX_PENDING_MARKET_REQUESTS);
    expect(list.every((r) => r.status === 'pending')).toBe(true);
    const target = list.find((r) => r.requester === dave.address);
    if (target === undefined) throw new Error('no request');

    const endTime = wallSecs() + 9_000;
    const cutoffTime = wallSecs() + 8_000;
    const response = await post(`/requests/${target.id}/approve`, { endTime, cutoffTime }, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    const { request: approved, market } = response.json<{ request: RequestView; market: MarketView }>();
    expect(approved).toMatchObject({
      id: target.id,
      status: 'approved',
      market: market.key,
      endTime,
      cutoffTime,
    });
    expect(market).toMatchObject({ endTime, cutOffTime: cutoffTime, marketMetadata: target.marketMetadata });
    expect(await fetchMarketAccount(market.key)).toMatchObject({
      endTime: BigInt(endTime),
      cutoffTime: BigInt(cutoffTime),
    });
    expect((await get(`/${market.key}`)).statusCode).toBe(200);

    expectError(
      await post(`/requests/${target.id}/approve`, {}, adminToken),
      409,
      'Market request already reviewed',
    );
    expectError(
      await post(`/requests/${target.id}/reject`, { reason: 'late' }, adminToken),
      409,
      'Market request already reviewed',
    );
    // One pending request fewer: Dave may ask again.
    expect((await request({ name: 'Another one' })).statusCode).toBe(200);
  });

  it('approving without a body keeps the requested times', async () => {
    const created = await request({ name: 'Keep my times' }, bobToken);
    const wanted = created.json<{ request: RequestView }>().request;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/prophecy/requests/${wanted.id}/approve`,
      headers: { authorization: adminToken },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ market: MarketView }>().market).toMatchObject({
      endTime: wanted.endTime,
      cutOffTime: wanted.cutoffTime,
    });
  });

  it('refuses approval with times that are no longer valid, leaving the request pending', async () => {
    const created = await request({ name: 'Stale times' }, bobToken);
    const { id } = created.json<{ request: RequestView }>().request;
    expectError(
      await post(`/requests/${id}/approve`, { cutoffTime: 1_000 }, adminToken),
      400,
      'Cutoff time must be in the future',
    );
    const mine = (await get('/requests/mine', bobToken)).json<{ requests: RequestView[] }>().requests;
    expect(mine.find((r) => r.id === id)?.status).toBe('pending');
  });

  it('rejecting stores the reason the requester sees', async () => {
    const [latest] = (await get('/requests/mine', daveToken)).json<{ requests: RequestView[] }>().requests;
    const id = latest?.id ?? 0;
    expectError(await post(`/requests/${id}/reject`, {}, adminToken), 400, 'Reason cannot be empty');
    expectError(
      await post(`/requests/${id}/reject`, { reason: '  ' }, adminToken),
      400,
      'Reason cannot be empty',
    );
    const response = await post(
      `/requests/${id}/reject`,
      { reason: ' Duplicate of an existing market ' },
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ request: RequestView }>().request).toMatchObject({
      status: 'rejected',
      reason: 'Duplicate of an existing market',
      market: null,
    });
    const mine = (await get('/requests/mine', daveToken)).json<{ requests: RequestView[] }>().requests;
    expect(mine.find((r) => r.id === id)).toMatchObject({
      status: 'rejected',
      reason: 'Duplicate of an existing market',
    });
    const rejected = (await get('/requests?status=rejected', adminToken)).json<{ requests: RequestView[] }>();
    expect(rejected.requests.map((r) => r.id)).toEqual([id]);
  });

  it('answers 404 for an unknown request and 400 for a malformed id or status', async () => {
    expectError(await post('/requests/999999/approve', {}, adminToken), 404, 'Market request not found');
    expectError(
      await post('/requests/999999/reject', { reason: 'x' }, adminToken),
      404,
      'Market request not found',
    );
    expectError(await post('/requests/abc/approve', {}, adminToken), 400, 'Invalid request id');
    expectError(await post('/requests/-1/reject', { reason: 'x' }, adminToken), 400, 'Invalid request id');
    expectError(
      await get('/requests?status=done', adminToken),
      400,
      'status must be pending, approved or rejected',
    );
    expectError(await post('/requests/1/approve', { endTime: 'later' }, adminToken), 400, 'Invalid end time');
  });
});

describe('OpenAPI', () => {
  it('documents every Prophecy route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/prophecy/markets',
        '/api/prophecy/addComment',
        '/api/prophecy/createMarket',
        '/api/prophecy/updateMarket',
        '/api/prophecy/resolveMarket',
        '/api/prophecy/requestMarket',
        '/api/prophecy/requests',
        '/api/prophecy/requests/mine',
        '/api/prophecy/requests/{id}/approve',
        '/api/prophecy/requests/{id}/reject',
        '/api/prophecy/{market}',
        '/api/prophecy/{market}/comments',
      ]),
    );
  });
});
