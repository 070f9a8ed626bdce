/**
 * `GET /api/user/pnl/{address}`: exact sums over a seeded history of all four games, fees, refunds, unclaimed
 * amounts, Juice and referral earnings (bets' referral fees and Prophecy market referrer shares); u64 sums
 * beyond int8; validation; and a property test against a reference model.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { BPS_DENOMINATOR, LAMPORTS_PER_SOL, PROPHECY_FEE_BPS } from '@arcade/sdk/constants';
import { foresightPayout, poolPayout } from '@arcade/sdk/payout';
import { generateKeyPairSigner } from '@solana/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertBetRow, insertMarketRow } from '../../../../test/db-rows.ts';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import type { Database } from '../../../db/database.ts';
import { REFERRAL_VAULT_RENT_LAMPORTS } from '../../../repositories/referral-repository.ts';

let t: TestServer;
let db: Database;

beforeAll(async () => {
  t = await startTestServer();
  db = t.db;
}, 120_000);
afterAll(() => t.close());

const SOL = LAMPORTS_PER_SOL;
const U64_MAX = 18_446_744_073_709_551_615n;
let serial = 0;
const next = (): number => (serial += 1);
const newWallet = async (): Promise<string> => (await generateKeyPairSigner()).address;

interface SeedBet {
  readonly type?: 'sol' | 'token' | 'nft';
  readonly amount: bigint;
  readonly fee: bigint;
  readonly listingPrice: bigint;
  readonly state: 'Open' | 'Settled' | 'Claimed' | 'Refunded';
  readonly result: 'None' | 'Win' | 'Loss' | 'Invalid';
  readonly referral?: string | null;
  readonly referralFee?: bigint;
}

/** A bet's state and result for each way it can stand. */
const OUTCOMES = {
  open: { state: 'Open', result: 'None' },
  claimed: { state: 'Claimed', result: 'Win' },
  loss: { state: 'Settled', result: 'Loss' },
  unclaimed: { state: 'Settled', result: 'Win' },
  refunded: { state: 'Refunded', result: 'Invalid' },
} as const satisfies Record<string, Pick<SeedBet, 'state' | 'result'>>;

async function insertBet(user: string, bet: SeedBet): Promise<void> {
  const n = next();
  await insertBetRow(db, {
    signature: `pnlsig${n}`,
    slot: n,
    betAddress: `pnlbet${n}`,
    user,
    betType: bet.type ?? 'sol',
    odds: 40,
    betAmount: bet.amount,
    fee: bet.fee,
    listingPrice: bet.listingPrice,
    referral: bet.referral ?? null,
    state: bet.state,
    result: bet.result,
    referralFee: bet.referralFee ?? 0n,
    placedAt: new Date(1_700_000_000_000),
  });
}

interface SeedRound {
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly result: 'None' | 'Up' | 'Down' | 'Invalid';
}

async function insertRound(round: SeedRound): Promise<string> {
  const n = next();
  const address = `pnlround${n}`;
  await db.query(
    `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, up_count,
       down_count, up_pool, down_pool, is_settled, result)
     VALUES ($1, 'pnlconfig', $2, 1700000000, 1700000300, 1700000600, 1, 1, $3, $4, $5, $6)`,
    [address, n, round.upPool, round.downPool, round.result !== 'None', round.result],
  );
  return address;
}

interface SeedForesightBet {
  readonly prediction: 'Up' | 'Down';
  readonly amount: bigint;
  readonly isSettled: boolean;
  readonly winAmount: bigint;
}

/** A Foresight bet, paid `winAmount` (a win or a refund) if given, else not paid yet. */
const foresightBet = (prediction: 'Up' | 'Down', amount: bigint, winAmount?: bigint): SeedForesightBet => ({
  prediction,
  amount,
  isSettled: winAmount !== undefined,
  winAmount: winAmount ?? 0n,
});

async function insertForesightBet(user: string, round: string, bet: SeedForesightBet): Promise<void> {
  const n = next();
  await db.query(
    `INSERT INTO foresight_bets (address, config, event, user_address, prediction, amount, win_amount,
       is_settled, first_signature, last_signature, placed_at)
     VALUES ($1, 'pnlconfig', $2, $3, $4, $5, $6, $7, $8, $8, to_timestamp(1700000100))`,
    [`pnlfbet${n}`, round, user, bet.prediction, bet.amount, bet.winAmount, bet.isSettled, `pnlfsig${n}`],
  );
}

interface SeedMarket {
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly result: 'Yes' | 'No' | 'Invalid' | null;
  /** The market's referrer (none when absent). */
  readonly referrer?: string;
  /** What the indexer saw the referrer paid at resolution (not recorded when absent). */
  readonly referrerFee?: bigint;
}

async function insertMarket(market: SeedMarket): Promise<string> {
  const address = `pnlmarket${next()}`;
  await insertMarketRow(db, { address, ...market });
  return address;
}

/** A prediction and the market bets (create, then top-ups) that made it. */
async function insertPrediction(
  user: string,
  market: string,
  side: 'Yes' | 'No',
  stakes: readonly bigint[],
  claimed: { readonly payout: bigint } | null,
): Promise<void> {
  const prediction = `pnlpred${next()}`;
  const amount = stakes.reduce((sum, stake) => sum + stake, 0n);
  await db.query(
    `INSERT INTO predictions (address, market, user_address, result, amount, is_claimed, payout)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [prediction, market, user, side, amount, claimed !== null, claimed?.payout ?? null],
  );
  for (const stake of stakes) {
    const n = next();
    await db.query(
      `INSERT INTO market_bets (signature, slot, tx_index, market, prediction, user_address, result, amount,
         placed_at)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, to_timestamp(1700000000))`,
      [`pnlmb${n}`, n, market, prediction, user, side, stake],
    );
  }
}

interface GameBody {
  bets: number;
  wins: number;
  losses: number;
  wagered: string;
  fees: string;
  payouts: string;
  refunds: string;
  net: string;
  unclaimed: string;
  open: number;
  atStake: string;
}

interface PnlBody {
  success: true;
  address: string;
  games: Record<'tailspin' | 'retail' | 'foresight' | 'prophecy', GameBody>;
  total: GameBody;
  juice: { accrued: string; claimed: string; claimable: string };
  referrals: { fees: string; referredUserCount: number; claimable: string; claimed: string };
}

async function getPnl(address: string): Promise<PnlBody> {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/pnl/${address}` });
  expect(response.statusCode).toBe(200);
  return response.json<PnlBody>();
}

const ZERO_GAME: GameBody = {
  bets: 0,
  wins: 0,
  losses: 0,
  wagered: '0',
  fees: '0',
  payouts: '0',
  refunds: '0',
  net: '0',
  unclaimed: '0',
  open: 0,
  atStake: '0',
};

describe('GET /api/user/pnl/{address}', () => {
  let user: string;
  const stranger = { address: '' };

  beforeAll(async () => {
    user = await newWallet();
    stranger.address = await newWallet();

    const bets: readonly SeedBet[] = [
      // TailSpin: a claimed win, a loss, a refund, an unclaimed win and an open token bet.
      { amount: 100_000_000n, fee: 4_000_000n, listingPrice: 250_000_000n, ...OUTCOMES.claimed },
      { amount: 200_000_000n, fee: 8_000_000n, listingPrice: 400_000_000n, ...OUTCOMES.loss },
      { amount: 50_000_000n, fee: 2_000_000n, listingPrice: 100_000_000n, ...OUTCOMES.refunded },
      { amount: 30_000_000n, fee: 1_200_000n, listingPrice: 60_000_000n, ...OUTCOMES.unclaimed },
      { type: 'token', amount: 10_000_000n, fee: 400_000n, listingPrice: 20_000_000n, ...OUTCOMES.open },
      // ReTail: a claimed NFT and a loss.
      {
        type: 'nft',
        amount: 500_000_000n,
        fee: 20_000_000n,
        listingPrice: 1_015_000_000n,
        ...OUTCOMES.claimed,
      },
      { type: 'nft', amount: 300_000_000n, fee: 12_000_000n, listingPrice: 900_000_000n, ...OUTCOMES.loss },
    ];
    for (const bet of bets) await insertBet(user, bet);

    // Foresight: a paid win, a loss, a withdrawn Invalid round, an unpaid win, an unpaid refund, an open bet.
    const r1 = await insertRound({ upPool: 3n * SOL, downPool: SOL, result: 'Up' });
    await insertForesightBet(user, r1, foresightBet('Up', SOL, 1_293_333_333n));
    const r2 = await insertRound({ upPool: 2n * SOL, downPool: 2n * SOL, result: 'Down' });
    await insertForesightBet(user, r2, foresightBet('Up', 500_000_000n));
    const r3 = await insertRound({ upPool: 0n, downPool: 200_000_000n, result: 'Invalid' });
    await insertForesightBet(user, r3, foresightBet('Down', 200_000_000n, 200_000_000n));
    const r4 = await insertRound({ upPool: SOL, downPool: 3n * SOL, result: 'Up' });
    await insertForesightBet(user, r4, foresightBet('Up', 400_000_000n));
    const r5 = await insertRound({ upPool: 300_000_000n, downPool: 0n, result: 'Invalid' });
    await insertForesightBet(user, r5, foresightBet('Up', 300_000_000n));
    const r6 = await insertRound({ upPool: 0n, downPool: 100_000_000n, result: 'None' });
    await insertForesightBet(user, r6, foresightBet('Down', 100_000_000n));

    // Prophecy: a paid win (topped up once), a settled loss, a refund, an unpaid win, an open market and an
    // unpaid refund.
    const m1 = await insertMarket({ yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Yes' });
    await insertPrediction(user, m1, 'Yes', [SOL, 2n * SOL], { payout: 4_850_000_000n });
    const m2 = await insertMarket({ yesPool: SOL, noPool: SOL, result: 'No' });
    await insertPrediction(user, m2, 'Yes', [SOL], { payout: 0n });
    const m3 = await insertMarket({ yesPool: 0n, noPool: 500_000_000n, result: 'Invalid' });
    await insertPrediction(user, m3, 'No', [500_000_000n], { payout: 500_000_000n });
    const m4 = await insertMarket({ yesPool: 2n * SOL, noPool: 8n * SOL, result: 'Yes' });
    await insertPrediction(user, m4, 'Yes', [SOL], null);
    const m5 = await insertMarket({ yesPool: 0n, noPool: 250_000_000n, result: null });
    await insertPrediction(user, m5, 'No', [250_000_000n], null);
    const m6 = await insertMarket({ yesPool: 100_000_000n, noPool: 0n, result: 'Invalid' });
    await insertPrediction(user, m6, 'Yes', [100_000_000n], null);

    // Juice, and referring: a referee's settled bet paid a referral fee, an open one has paid nothing yet.
    await db.query('INSERT INTO juice_accounts (address, accrued, claimed) VALUES ($1, $2, $3)', [
      user,
      22_896_000_000n,
      2_000_000_000n,
    ]);
    await db.query('INSERT INTO users (address, referred_by) VALUES ($1, $2)', [stranger.address, user]);
    const referred = { amount: SOL, fee: 40_000_000n, listingPrice: 2n * SOL, referral: user };
    await insertBet(stranger.address, { ...referred, ...OUTCOMES.loss, referralFee: 4_000_000n });
    await insertBet(stranger.address, { ...referred, ...OUTCOMES.open });
    // Its vault: 10_000_000 claimed already, 6_000_000 above the vault's rent still to claim.
    await db.query(
      `INSERT INTO referral_vaults (referrer, vault, lamports, last_signature) VALUES ($1, 'vault-of-user', $2, 's')`,
      [user, REFERRAL_VAULT_RENT_LAMPORTS + 6_000_000n],
    );
    await db.query(
      `INSERT INTO referral_claims (source, signature, referrer, amount, claimed_at) VALUES ('c:0', 'c', $1, 10000000, now())`,
      [user],
    );
    // Markets it is the referrer of (predicted on by others only): a resolved one paid it 10% of its 3% fee
    // (pot 4 SOL: fee 120_000_000, share 12_000_000); one could not credit it, having no vault to credit (its
    // 300_000-lamport share stayed in the pool); an Invalid one and one whose winning side was empty take no fee.
    await insertMarket({
      yesPool: 3n * SOL,
      noPool: SOL,
      result: 'No',
      referrer: user,
      referrerFee: 12_000_000n,
    });
    await insertMarket({ yesPool: SOL / 10n, noPool: 0n, result: 'Yes', referrer: user, referrerFee: 0n });
    await insertMarket({
      yesPool: 3n * SOL,
      noPool: SOL,
      result: 'Invalid',
      referrer: user,
      referrerFee: 0n,
    });
    await insertMarket({ yesPool: 0n, noPool: SOL, result: 'Yes', referrer: user, referrerFee: 0n });
    // Another wallet's Foresight bet in the same round must not count.
    await insertForesightBet(stranger.address, r1, foresightBet('Down', SOL));
  });

  it('sums every game exactly: wagered, fees, payouts, refunds, net and unclaimed', async () => {
    // The payouts the programs make, by the SDK's maths.
    expect(foresightPayout(SOL, 3n * SOL, SOL, 'up')).toBe(1_293_333_333n);
    expect(foresightPayout(400_000_000n, SOL, 3n * SOL, 'up')).toBe(1_552_000_000n);
    expect(poolPayout(3n * SOL, 6n * SOL, 4n * SOL, PROPHECY_FEE_BPS)).toBe(4_850_000_000n);
    expect(poolPayout(SOL, 2n * SOL, 8n * SOL, PROPHECY_FEE_BPS)).toBe(4_850_000_000n);

    const body = await getPnl(user);
    expect(body).toEqual({
      success: true,
      address: user,
      games: {
        tailspin: {
          bets: 5,
          wins: 2,
          losses: 1,
          wagered: '390000000',
          fees: '15600000',
          payouts: '250000000',
          refunds: '52000000',
          // Realised: the open token bet (10_000_000 + 400_000 fee) is apart, not lost.
          net: '-93200000',
          unclaimed: '60000000',
          open: 1,
          atStake: '10400000',
        },
        retail: {
          bets: 2,
          wins: 1,
          losses: 1,
          wagered: '800000000',
          fees: '32000000',
          payouts: '1015000000',
          refunds: '0',
          net: '183000000',
          unclaimed: '0',
          open: 0,
          atStake: '0',
        },
        foresight: {
          bets: 6,
          wins: 2,
          losses: 1,
          wagered: '2500000000',
          fees: '0',
          payouts: '1293333333',
          refunds: '200000000',
          net: '-906666667',
          unclaimed: '1852000000',
          open: 1,
          atStake: '100000000',
        },
        prophecy: {
          bets: 7,
          wins: 2,
          losses: 1,
          wagered: '5850000000',
          fees: '0',
          payouts: '4850000000',
          refunds: '500000000',
          net: '-250000000',
          unclaimed: '4950000000',
          open: 1,
          atStake: '250000000',
        },
      },
      total: {
        bets: 20,
        wins: 7,
        losses: 4,
        wagered: '9540000000',
        fees: '47600000',
        payouts: '7408333333',
        refunds: '752000000',
        net: '-1066866667',
        unclaimed: '6862000000',
        open: 3,
        atStake: '360400000',
      },
      juice: { accrued: '22896000000', claimed: '2000000000', claimable: '20896000000' },
      // 4_000_000 from the referee's settled bet + 12_000_000 paid as the referrer of the resolved market.
      referrals: { fees: '16000000', referredUserCount: 1, claimable: '6000000', claimed: '10000000' },
    });
  });

  it('shows the same Juice as GET /api/user/juice: earned = accrued, claimed, claimable = earned − claimed', async () => {
    const [pnl, juice] = await Promise.all([
      getPnl(user),
      t.app
        .inject({ method: 'GET', url: `/api/user/juice/${user}` })
        .then((response) => response.json<{ earned: string; claimed: string; claimable: string }>()),
    ]);
    expect(juice).toMatchObject({ earned: '22896000000', claimed: '2000000000', claimable: '20896000000' });
    expect(pnl.juice).toEqual({ accrued: juice.earned, claimed: juice.claimed, claimable: juice.claimable });
  });

  it("counts only the wallet's own bets", async () => {
    const body = await getPnl(stranger.address);
    expect(body.games.tailspin).toMatchObject({
      bets: 2,
      wagered: '2000000000',
      fees: '80000000',
      open: 1,
      atStake: '1040000000',
      // Only the settled loss: stake and fee.
      net: '-1040000000',
    });
    // Its Up-round loss: the round was Up and it bet Down, so it is owed nothing.
    expect(body.games.foresight).toMatchObject({ bets: 1, losses: 1, unclaimed: '0', net: '-1000000000' });
    expect(body.referrals).toEqual({ fees: '0', referredUserCount: 0, claimable: '0', claimed: '0' });
  });

  it('keeps open positions apart: an open Prophecy prediction and Foresight bet are neither won nor lost', async () => {
    const newcomer = await newWallet();
    const market = await insertMarket({ yesPool: 200_000_000n, noPool: SOL, result: null });
    // Created, then topped up: one position.
    await insertPrediction(newcomer, market, 'Yes', [150_000_000n, 50_000_000n], null);
    const round = await insertRound({ upPool: 0n, downPool: 300_000_000n, result: 'None' });
    await insertForesightBet(newcomer, round, foresightBet('Down', 300_000_000n));
    const body = await getPnl(newcomer);
    // It used to read "0/0 · Net −0.20 SOL".
    expect(body.games.prophecy).toEqual({
      ...ZERO_GAME,
      bets: 2,
      wagered: '200000000',
      open: 1,
      atStake: '200000000',
    });
    expect(body.games.foresight).toEqual({
      ...ZERO_GAME,
      bets: 1,
      wagered: '300000000',
      open: 1,
      atStake: '300000000',
    });
    expect(body.total).toMatchObject({ wins: 0, losses: 0, net: '0', open: 2, atStake: '500000000' });
  });

  it('is all zeros for a wallet without history', async () => {
    const nobody = await newWallet();
    expect(await getPnl(nobody)).toEqual({
      success: true,
      address: nobody,
      games: { tailspin: ZERO_GAME, retail: ZERO_GAME, foresight: ZERO_GAME, prophecy: ZERO_GAME },
      total: ZERO_GAME,
      juice: { accrued: '0', claimed: '0', claimable: '0' },
      referrals: { fees: '0', referredUserCount: 0, claimable: '0', claimed: '0' },
    });
  });

  it('sums u64 amounts past the int8 range without overflow', async () => {
    const whale = await newWallet();
    for (let i = 0; i < 3; i += 1) {
      await insertBet(whale, { amount: U64_MAX, fee: U64_MAX, listingPrice: U64_MAX, ...OUTCOMES.claimed });
    }
    const body = await getPnl(whale);
    expect(body.games.tailspin).toMatchObject({
      wagered: (3n * U64_MAX).toString(),
      fees: (3n * U64_MAX).toString(),
      payouts: (3n * U64_MAX).toString(),
      net: (-3n * U64_MAX).toString(),
    });
  });

  it.each([
    ['nope'],
    ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'],
    ['1111111111111111111111111111111111111111111111'],
  ])('refuses %j with 400 Invalid address', async (address) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/user/pnl/${address}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it('is a GET only', async () => {
    const user2 = await newWallet();
    const response = await t.app.inject({ method: 'POST', url: `/api/user/pnl/${user2}`, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('pnl against a reference model', () => {
  const betArb = fc.record({
    type: fc.constantFrom<'sol' | 'token' | 'nft'>('sol', 'token', 'nft'),
    amount: fc.bigInt({ min: 10_000_000n, max: 1n << 56n }),
    outcome: fc.constantFrom<keyof typeof OUTCOMES>('open', 'claimed', 'loss', 'unclaimed', 'refunded'),
    odds: fc.integer({ min: 1, max: 95 }),
  });
  const foresightArb = fc.record({
    prediction: fc.constantFrom<'Up' | 'Down'>('Up', 'Down'),
    amount: fc.bigInt({ min: 10_000_000n, max: 1n << 50n }),
    other: fc.bigInt({ min: 0n, max: 1n << 50n }),
    opposite: fc.bigInt({ min: 0n, max: 1n << 50n }),
    result: fc.constantFrom<SeedRound['result']>('None', 'Up', 'Down', 'Invalid'),
    paid: fc.boolean(),
  });

  it('matches the sums of each bet taken one by one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(betArb, { maxLength: 6 }),
        fc.array(foresightArb, { maxLength: 6 }),
        async (bets, rounds) => {
          const wallet = await newWallet();
          const expected = {
            wagered: 0n,
            fees: 0n,
            payouts: 0n,
            refunds: 0n,
            unclaimed: 0n,
            open: 0,
            atStake: 0n,
          };
          for (const bet of bets) {
            const fee = (bet.amount * 400n) / BPS_DENOMINATOR;
            const prize = (bet.amount * 100n) / BigInt(bet.odds);
            await insertBet(wallet, {
              type: bet.type,
              amount: bet.amount,
              fee,
              listingPrice: prize,
              ...OUTCOMES[bet.outcome],
            });
            expected.wagered += bet.amount;
            expected.fees += fee;
            if (bet.outcome === 'claimed') expected.payouts += prize;
            if (bet.outcome === 'refunded') expected.refunds += bet.amount + fee;
            if (bet.outcome === 'unclaimed') expected.unclaimed += prize;
            if (bet.outcome === 'open') {
              expected.open += 1;
              expected.atStake += bet.amount + fee;
            }
          }
          for (const round of rounds) {
            const own = round.amount + round.other;
            const [upPool, downPool] =
              round.prediction === 'Up' ? [own, round.opposite] : [round.opposite, own];
            const address = await insertRound({ upPool, downPool, result: round.result });
            const won = round.result === round.prediction;
            const owed =
              round.result === 'Invalid'
                ? round.amount
                : won
                  ? foresightPayout(round.amount, upPool, downPool, round.prediction === 'Up' ? 'up' : 'down')
                  : 0n;
            const paid = round.paid && owed > 0n;
            await insertForesightBet(wallet, address, {
              prediction: round.prediction,
              amount: round.amount,
              isSettled: paid,
              winAmount: paid ? owed : 0n,
            });
            expected.wagered += round.amount;
            if (round.result === 'None') {
              expected.open += 1;
              expected.atStake += round.amount;
            }
            if (paid && round.result === 'Invalid') expected.refunds += owed;
            else if (paid) expected.payouts += owed;
            else expected.unclaimed += owed;
          }
          const body = await getPnl(wallet);
          const games = Object.values(body.games);
          // Every game's net is its own identity (realised: open positions apart), and the total is the sum
          // of the games.
          for (const game of games) {
            expect(BigInt(game.net)).toBe(
              BigInt(game.payouts) +
                BigInt(game.refunds) -
                BigInt(game.wagered) -
                BigInt(game.fees) +
                BigInt(game.atStake),
            );
          }
          expect(body.total).toMatchObject({
            bets: bets.length + rounds.length,
            wagered: expected.wagered.toString(),
            fees: expected.fees.toString(),
            payouts: expected.payouts.toString(),
            refunds: expected.refunds.toString(),
            unclaimed: expected.unclaimed.toString(),
            open: expected.open,
            atStake: expected.atStake.toString(),
            net: (
              expected.payouts +
              expected.refunds -
              expected.wagered -
              expected.fees +
              expected.atStake
            ).toString(),
          });
        },
      ),
      { numRuns: 12 },
    );
  });
});
