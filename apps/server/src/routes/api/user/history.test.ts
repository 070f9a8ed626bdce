/**
 * History (docs/reference/api.md#history-pnl-and-fairness): bets, Foresight predictions and Prophecy market bets, paged by id, from the rows the
 * indexer writes.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { HISTORY_ERRORS } from '@arcade/sdk/api/history-schemas';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import type { Database } from '../../../db/database.ts';

let t: TestServer;
let db: Database;

beforeAll(async () => {
  t = await startTestServer();
  db = t.db;
}, 120_000);
afterAll(() => t.close());

const U64_MAX = '18446744073709551615';
const SOL_MINT = 'So11111111111111111111111111111111111111112';
let serial = 0;
const next = (): number => (serial += 1);

async function insertBet(
  user: string,
  betType: 'sol' | 'token' | 'nft',
  amount: string | bigint = 100_000_000n,
) {
  const n = next();
  const rows = await db.query<{ id: number }>(
    `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds, bet_amount,
       fee, listing_price, referral, state, result, random_value, referral_fee, settle_signature, placed_at,
       settled_at)
     VALUES ($1, $2, 0, $3, $4, $5, $6, 40, $7, 4000000, 250000000, NULL, 'Settled', 'Win', 12, 0, $8,
       to_timestamp($9), to_timestamp($9 + 5))
     RETURNING id`,
    [`sig${n}`, n, `betpda${n}`, user, betType, SOL_MINT, amount, `settle${n}`, 1_700_000_000 + n],
  );
  return rows[0]!.id;
}

function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

interface PageBody<T> {
  success: true;
  items: T[];
  nextCursor: number | null;
}

describe('POST /api/user/bets', () => {
  let user: Address;
  const ids: number[] = [];

  beforeAll(async () => {
    user = (await generateKeyPairSigner()).address;
    const stranger = (await generateKeyPairSigner()).address;
    for (let i = 0; i < 25; i += 1) {
      ids.push(await insertBet(user, i % 5 === 0 ? 'nft' : 'sol', i === 24 ? U64_MAX : 100_000_000n));
      await insertBet(stranger, 'sol');
    }
  });

  it('pages newest first, 20 at a time, with every amount a decimal string', async () => {
    const first = await post('/api/user/bets', { address: user });
    expect(first.statusCode).toBe(200);
    const page = first.json<PageBody<Record<string, unknown>>>();
    expect(page.items).toHaveLength(20);
    expect(page.items.map((item) => item.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(page.nextCursor).toBe(ids[5]);
    const newest = page.items[0]!;
    expect(newest).toEqual({
      id: ids[24],
      signature: expect.stringMatching(/^sig\d+$/) as unknown,
      betAddress: expect.stringMatching(/^betpda\d+$/) as unknown,
      user,
      type: 'sol',
      mint: SOL_MINT,
      odds: 40,
      amount: U64_MAX,
      fee: '4000000',
      listingPrice: '250000000',
      referral: null,
      referralFee: '0',
      state: 'Settled',
      result: 'Win',
      randomValue: 12,
      timestamp: expect.any(Number) as unknown,
      settledAt: (newest.timestamp as number) + 5,
      settleSignature: expect.stringMatching(/^settle\d+$/) as unknown,
      claimSignature: null,
      refundSignature: null,
      afterRefund: false,
    });

    const second = await post('/api/user/bets', { address: user, id: page.nextCursor });
    const rest = second.json<PageBody<{ id: number }>>();
    expect(rest.items.map((item) => item.id)).toEqual([...ids].reverse().slice(20));
    expect(rest.nextCursor).toBeNull();
  });

  it('takes the cursor as a number or a decimal string; 0 and null mean newest', async () => {
    for (const id of [0, '0', null]) {
      const response = await post('/api/user/bets', { address: user, id });
      expect(response.json<PageBody<{ id: number }>>().items[0]?.id).toBe(ids[24]);
    }
    const response = await post('/api/user/bets', { address: user, id: String(ids[3]) });
    expect(response.json<PageBody<{ id: number }>>().items.map((item) => item.id)).toEqual(
      ids.slice(0, 3).reverse(),
    );
  });

  it('filters by bet type', async () => {
    const response = await post('/api/user/bets', { address: user, betType: 'nft' });
    const page = response.json<PageBody<{ id: number; type: string }>>();
    expect(page.items.map((item) => item.id)).toEqual([ids[20], ids[15], ids[10], ids[5], ids[0]]);
    expect(page.items.every((item) => item.type === 'nft')).toBe(true);
    expect(page.nextCursor).toBeNull();
    const tokens = await post('/api/user/bets', { address: user, betType: 'token' });
    expect(tokens.json()).toEqual({ success: true, items: [], nextCursor: null });
  });

  it('filters by game: TailSpin is sol and token bets, ReTail nft bets', async () => {
    const player = (await generateKeyPairSigner()).address;
    const sol = await insertBet(player, 'sol');
    const token = await insertBet(player, 'token');
    const nft = await insertBet(player, 'nft');
    const ids = async (body: object) =>
      (await post('/api/user/bets', { address: player, ...body }))
        .json<PageBody<{ id: number }>>()
        .items.map((item) => item.id);
    expect(await ids({ game: 'tailspin' })).toEqual([token, sol]);
    expect(await ids({ game: 'retail' })).toEqual([nft]);
    expect(await ids({ game: 'tailspin', betType: 'token' })).toEqual([token]);
    expect(await ids({ game: 'retail', betType: 'sol' })).toEqual([]);
    expect(await ids({ game: null })).toEqual([nft, token, sol]);
    const bad = await post('/api/user/bets', { address: player, game: 'foresight' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: HISTORY_ERRORS.invalidGame,
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it('is empty for a wallet without bets', async () => {
    const nobody = (await generateKeyPairSigner()).address;
    const response = await post('/api/user/bets', { address: nobody, id: 0 });
    expect(response.json()).toEqual({ success: true, items: [], nextCursor: null });
  });

  it.each([
    [{ address: 'nope' }, 'Invalid address'],
    [{}, 'Invalid address'],
    [{ address: '11111111111111111111111111111111', betType: 'SOL' }, HISTORY_ERRORS.invalidBetType],
    [{ address: '11111111111111111111111111111111', betType: 'stocks' }, HISTORY_ERRORS.invalidBetType],
    [{ address: '11111111111111111111111111111111', betType: 3 }, HISTORY_ERRORS.invalidBetType],
    [{ address: '11111111111111111111111111111111', id: -1 }, HISTORY_ERRORS.invalidCursor],
    [{ address: '11111111111111111111111111111111', id: 1.5 }, HISTORY_ERRORS.invalidCursor],
    [{ address: '11111111111111111111111111111111', id: 'abc' }, HISTORY_ERRORS.invalidCursor],
    [{ address: '11111111111111111111111111111111', id: '1e3' }, HISTORY_ERRORS.invalidCursor],
    [
      { address: '11111111111111111111111111111111', id: '9999999999999999999999' },
      HISTORY_ERRORS.invalidCursor,
    ],
    [{ address: '11111111111111111111111111111111', id: true }, HISTORY_ERRORS.invalidCursor],
    [[], HISTORY_ERRORS.invalidBody],
  ])('refuses %j with 400 %j', async (payload, error) => {
    const response = await post('/api/user/bets', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
  });

  it('refuses a malformed or missing body with a 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/bets',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      error: 'Malformed JSON body',
      code: ApiErrorCode.MALFORMED_JSON,
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/bets' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false });
  });
});

describe('POST /api/user/predictions', () => {
  it("lists the wallet's Foresight bets with their rounds", async () => {
    const user = (await generateKeyPairSigner()).address;
    const config = 'ConfigAddress1111111111111111111111111111111';
    await db.query(
      `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, lock_price,
         final_price, up_count, down_count, up_pool, down_pool, is_settled, result)
       VALUES ('round7', $1, 7, 1700000000, 1700000300, 1700000600, 15000000000, 15100000000, 2, 1,
         $2, 500000000, true, 'Up')`,
      [config, U64_MAX],
    );
    const ids: number[] = [];
    for (const [i, event] of ['round7', 'round8'].entries()) {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO foresight_bets (address, config, event, user_address, prediction, amount, win_amount,
           is_settled, won, first_signature, last_signature, placed_at)
         VALUES ($1, $2, $3, $4, 'Up', 200000000, $5, $6, $7, $8, $9, to_timestamp(1700000100))
         RETURNING id`,
        [
          `fbet${i}${user}`,
          config,
          event,
          user,
          i === 0 ? 290000000 : 0,
          i === 0,
          i === 0 ? true : null,
          `first${i}`,
          `last${i}`,
        ],
      );
      ids.push(rows[0]!.id);
    }
    const response = await post('/api/user/predictions', { address: user, id: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      nextCursor: null,
      items: [
        {
          id: ids[1],
          address: `fbet1${user}`,
          config,
          event: 'round8',
          prediction: 'Up',
          amount: '200000000',
          winAmount: '0',
          isSettled: false,
          won: null,
          signature: 'first1',
          lastSignature: 'last1',
          timestamp: 1_700_000_100,
          round: null,
        },
        {
          id: ids[0],
          address: `fbet0${user}`,
          config,
          event: 'round7',
          prediction: 'Up',
          amount: '200000000',
          winAmount: '290000000',
          isSettled: true,
          won: true,
          signature: 'first0',
          lastSignature: 'last0',
          timestamp: 1_700_000_100,
          round: {
            id: 7,
            startTime: 1_700_000_000,
            lockTime: 1_700_000_300,
            settleTime: 1_700_000_600,
            lockPrice: 15_000_000_000,
            finalPrice: 15_100_000_000,
            upCount: 2,
            downCount: 1,
            upPool: U64_MAX,
            downPool: '500000000',
            isSettled: true,
            result: 'Up',
          },
        },
      ],
    });
    const older = await post('/api/user/predictions', { address: user, id: ids[1] });
    expect(older.json<PageBody<{ id: number }>>().items.map((item) => item.id)).toEqual([ids[0]]);
  });

  it('validates like the others', async () => {
    const bad = await post('/api/user/predictions', { address: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
    const cursor = await post('/api/user/predictions', {
      address: '11111111111111111111111111111111',
      id: 'x',
    });
    expect(cursor.json()).toEqual({
      success: false,
      error: HISTORY_ERRORS.invalidCursor,
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });
});

describe('POST /api/user/marketBets', () => {
  it("lists the wallet's Prophecy bets with their market's name", async () => {
    const user = (await generateKeyPairSigner()).address;
    await db.query(
      `INSERT INTO markets (address, name, short_name, yes_option, no_option, invalid_option, category, image,
         rules, start_time, end_time, cutoff_time, result, is_settled)
       VALUES ('market1', 'Will SOL flip ETH?', 'SOL>ETH', 'Yes', 'No', 'Invalid', 'Crypto', 'img.png', 'r',
         1, 3, 2, 'No', true)`,
    );
    const ids: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO market_bets (signature, slot, tx_index, market, prediction, user_address, result, amount,
           placed_at)
         VALUES ($1, $2, 0, $3, 'pred1', $4, 'Yes', $5, to_timestamp(1700000000))
         RETURNING id`,
        [`mb${i}${user}`, i, i === 21 ? 'unknownMarket' : 'market1', user, 10_000_000 * (i + 1)],
      );
      ids.push(rows[0]!.id);
    }
    const first = await post('/api/user/marketBets', { address: user });
    const page = first.json<PageBody<Record<string, unknown>>>();
    expect(page.items).toHaveLength(20);
    expect(page.nextCursor).toBe(ids[2]);
    expect(page.items[0]).toEqual({
      id: ids[21],
      signature: `mb21${user}`,
      market: 'unknownMarket',
      prediction: 'pred1',
      result: 'Yes',
      amount: '220000000',
      timestamp: 1_700_000_000,
      marketName: null,
      shortName: null,
      category: null,
      image: null,
      marketResult: null,
      marketSettled: null,
    });
    expect(page.items[1]).toMatchObject({
      market: 'market1',
      marketName: 'Will SOL flip ETH?',
      shortName: 'SOL>ETH',
      category: 'Crypto',
      image: 'img.png',
      marketResult: 'No',
      marketSettled: true,
      amount: '210000000',
    });
    const rest = await post('/api/user/marketBets', { address: user, id: page.nextCursor });
    expect(rest.json<PageBody<{ id: number }>>()).toMatchObject({ nextCursor: null });
    expect(rest.json<PageBody<{ id: number }>>().items.map((item) => item.id)).toEqual([ids[1], ids[0]]);
  });

  it('ignores an unknown field such as betType', async () => {
    const response = await post('/api/user/marketBets', {
      address: '11111111111111111111111111111111',
      betType: 'sol',
    });
    expect(response.json()).toEqual({ success: true, items: [], nextCursor: null });
  });
});

describe('unclaimed: true', () => {
  it('keeps the Foresight bets still owed: unpaid wins and refunds of settled rounds', async () => {
    const user = (await generateKeyPairSigner()).address;
    const rounds: Record<string, { result: string; settled: boolean }> = {
      uWon: { result: 'Up', settled: true },
      uLost: { result: 'Down', settled: true },
      uInvalid: { result: 'Invalid', settled: true },
      uOpen: { result: 'None', settled: false },
    };
    for (const [name, round] of Object.entries(rounds)) {
      await db.query(
        `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, up_pool,
           down_pool, is_settled, result)
         VALUES ($1, 'cfgU', $2, 1, 2, 3, 100000000, 100000000, $3, $4)`,
        [`${name}${user}`, next(), round.settled, round.result],
      );
    }
    const bet = async (round: string, isSettled: boolean) => {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO foresight_bets (address, config, event, user_address, prediction, amount, is_settled,
           first_signature, last_signature, placed_at)
         VALUES ($1, 'cfgU', $2, $3, 'Up', 100000000, $4, 'f', 'l', to_timestamp(1700000000)) RETURNING id`,
        [`b${next()}${user}`, `${round}${user}`, user, isSettled],
      );
      return rows[0]!.id;
    };
    const wonUnpaid = await bet('uWon', false);
    await bet('uWon', true);
    await bet('uLost', false);
    const refundUnpaid = await bet('uInvalid', false);
    await bet('uInvalid', true);
    await bet('uOpen', false);
    await bet('unindexedRound', false);

    const owed = await post('/api/user/predictions', { address: user, unclaimed: true });
    expect(owed.statusCode).toBe(200);
    expect(owed.json<PageBody<{ id: number }>>().items.map((item) => item.id)).toEqual([
      refundUnpaid,
      wonUnpaid,
    ]);
    const all = await post('/api/user/predictions', { address: user, unclaimed: false });
    expect(all.json<PageBody<{ id: number }>>().items).toHaveLength(7);
  });

  it('keeps the Prophecy bets of predictions still owed on resolved markets', async () => {
    const user = (await generateKeyPairSigner()).address;
    const markets: Record<string, string | null> = { mYes: 'Yes', mInvalid: 'Invalid', mOpen: null };
    for (const [name, result] of Object.entries(markets)) {
      await db.query(
        `INSERT INTO markets (address, name, short_name, yes_option, no_option, invalid_option, category, rules,
           start_time, end_time, cutoff_time, result, is_settled)
         VALUES ($1, 'M', 'M', 'Y', 'N', 'I', 'Crypto', 'r', 1, 3, 2, $2, $3)`,
        [`${name}${user}`, result, result !== null],
      );
    }
    const predict = async (market: string, side: 'Yes' | 'No', claimed: boolean, bets = 1) => {
      const prediction = `p${next()}${user}`;
      await db.query(
        `INSERT INTO predictions (address, market, user_address, result, amount, is_claimed)
         VALUES ($1, $2, $3, $4, 10000000, $5)`,
        [prediction, `${market}${user}`, user, side, claimed],
      );
      const ids: number[] = [];
      for (let i = 0; i < bets; i += 1) {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO market_bets (signature, slot, tx_index, market, prediction, user_address, result, amount,
             placed_at)
           VALUES ($1, 1, 0, $2, $3, $4, $5, 10000000, to_timestamp(1700000000)) RETURNING id`,
          [`s${next()}`, `${market}${user}`, prediction, user, side],
        );
        ids.push(rows[0]!.id);
      }
      return ids;
    };
    const winner = await predict('mYes', 'Yes', false, 2);
    await predict('mYes', 'No', false);
    await predict('mYes', 'Yes', true);
    const refund = await predict('mInvalid', 'No', false);
    await predict('mOpen', 'Yes', false);

    const owed = await post('/api/user/marketBets', { address: user, unclaimed: true });
    expect(owed.json<PageBody<{ id: number }>>().items.map((item) => item.id)).toEqual(
      [...winner, ...refund].sort((a, b) => b - a),
    );
  });

  it.each([['yes'], [1], [{}]])('refuses unclaimed %j with 400', async (unclaimed) => {
    for (const url of ['/api/user/predictions', '/api/user/marketBets']) {
      const response = await post(url, { address: '11111111111111111111111111111111', unclaimed });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: HISTORY_ERRORS.invalidUnclaimed,
        code: ApiErrorCode.VALIDATION_FAILED,
      });
    }
  });
});
