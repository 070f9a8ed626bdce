/**
 * The shared text rule on Prophecy texts: comments, and a market's name, short name, options, rules and a
 * rejection's reason. Invisible, bidi, separator and stacked characters and lone surrogates are refused
 * with the field's message and nothing is stored; comments and rules keep their lines; texts are stored
 * in NFC.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { COMMENT_MESSAGES, COMMENT_RATE_LIMIT } from '@arcade/sdk/api/prophecy';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../../../test/harness.ts';

let t: TestServer;
let adminToken: string;
let userToken: string;
let user: Address;
let market: Address;

const wallSecs = (): number => Math.floor(Date.now() / 1000);

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

function post(url: string, payload: unknown, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/prophecy${url}`,
    headers: { authorization: token },
    payload: payload as object,
  });
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const rows = await t.db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

const commentCount = (): Promise<number> =>
  count('SELECT count(*)::int8 AS n FROM market_comments WHERE market = $1', [market]);
const requestCount = (): Promise<number> =>
  count('SELECT count(*)::int8 AS n FROM market_requests WHERE requester = $1', [user]);

beforeAll(async () => {
  t = await startTestServer();
  const admin = t.admins[0];
  if (admin === undefined) throw new Error('no admin');
  const signer = await generateKeyPairSigner();
  user = signer.address;
  [adminToken, userToken] = await Promise.all([signIn(t.app, admin), signIn(t.app, signer)]);
  const created = await post('/createMarket', proposal(), adminToken);
  expect(created.statusCode, created.body).toBe(200);
  market = created.json<{ market: { key: Address } }>().market.key;
}, 120_000);
afterAll(() => t.close(), 60_000);

describe('POST /api/prophecy/addComment', () => {
  it.each([
    ['a right-to-left override', 'gm \u202Eevil'],
    ['a next-line control (U+0085)', 'one\u0085two'],
    ['a line separator (U+2028)', 'one\u2028two'],
    ['a paragraph separator (U+2029)', 'one\u2029two'],
    ['a lone surrogate', 'lone \uD800 surrogate'],
    ['a zero-width space', 'free\u200Bmoney'],
    ['tag characters', 'hidden\u{E0068}\u{E0069}'],
    ['99 stacked combining marks', `Z${'\u0336'.repeat(99)}`],
    ['only a Hangul filler', '\u3164'],
  ])('refuses %s with 400 and stores nothing', async (_case, comment) => {
    const before = await commentCount();
    const response = await post('/addComment', { market, comment }, userToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: COMMENT_MESSAGES.invalid,
      code: ApiErrorCode.VALIDATION_FAILED,
    });
    expect(await commentCount()).toBe(before);
  });

  it('refuses a comment that shows nothing as empty', async () => {
    const response = await post('/addComment', { market, comment: '\u2800 \u2800' }, userToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: COMMENT_MESSAGES.empty,
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it('keeps lines and emoji, and stores the comment in NFC', async () => {
    const response = await post(
      '/addComment',
      { market, comment: 'Cafe\u0301 \u{1F468}\u200D\u{1F469}\u200D\u{1F467}\r\nsecond line' },
      userToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = 'Caf\u00E9 \u{1F468}\u200D\u{1F469}\u200D\u{1F467}\nsecond line';
    expect(response.json<{ comment: { comment: string } }>().comment.comment).toBe(expected);
    const rows = await t.db.query<{ comment: string }>(
      'SELECT comment FROM market_comments WHERE market = $1 ORDER BY id DESC LIMIT 1',
      [market],
    );
    expect(rows[0]?.comment).toBe(expected);
    t.clock.advance(COMMENT_RATE_LIMIT.minIntervalMs);
  });
});

describe('POST /api/prophecy/requestMarket', () => {
  it.each([
    [{ name: 'Will SOL \u202Emoon?' }, 'Name contains invalid characters'],
    [{ name: '\u3164' }, 'Name contains invalid characters'],
    [{ name: `Z${'\u0336'.repeat(50)}` }, 'Name contains invalid characters'],
    [{ name: 'two\nlines' }, 'Name contains invalid characters'],
    [{ shortName: 'SOL\u200B' }, 'Short name contains invalid characters'],
    [{ yesOption: 'Y\uFEFFes' }, 'Yes option contains invalid characters'],
    [{ noOption: 'No\u2066' }, 'No option contains invalid characters'],
    [{ invalidOption: '\u2800' }, 'Option for an invalid result cannot be empty'],
    [{ rules: 'Resolves\u2028on Sunday' }, 'Rules contains invalid characters'],
    [{ rules: 'Resolves \uD83D on Sunday' }, 'Rules contains invalid characters'],
  ])('refuses %o with 400 %s and stores nothing', async (overrides, error) => {
    const before = await requestCount();
    const response = await post('/requestMarket', proposal(overrides), userToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
    expect(await requestCount()).toBe(before);
  });

  it('stores the texts in NFC, rules on several lines, and refuses a rejection reason with a bidi override', async () => {
    const response = await post(
      '/requestMarket',
      proposal({ name: 'Cafe\u0301 au lait?', rules: 'Line one\r\nLine two \u2764\uFE0F' }),
      userToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const request = response.json<{ request: { id: number; marketMetadata: Record<string, string> } }>()
      .request;
    expect(request.marketMetadata).toMatchObject({
      name: 'Caf\u00E9 au lait?',
      rules: 'Line one\nLine two \u2764\uFE0F',
    });

    const rejected = await post(`/requests/${request.id}/reject`, { reason: 'spam\u202E' }, adminToken);
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toEqual({
      success: false,
      error: 'Reason contains invalid characters',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
    const rows = await t.db.query<{ status: string }>('SELECT status FROM market_requests WHERE id = $1', [
      request.id,
    ]);
    expect(rows[0]?.status).toBe('pending');
  });
});
