/**
 * What referring earned, on the server's database (PGlite, or PostgreSQL with `TEST_DATABASE_URL`): the
 * TailSpin/ReTail referral fees plus what each resolved Prophecy market actually credited its referrer's vault
 * (as the indexer recorded it, nothing when the vault was never created), to the lamport; for markets
 * whose payment was not recorded, the share computed in SQL, checked against the SDK's maths of the program
 * for many pools.
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { marketFee, referralShare, resolvedMarketResult } from '@arcade/sdk/wager/bet-math';
import { generateKeyPairSigner } from '@solana/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertBetRow, insertMarketRow } from '../../test/db-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import {
  MARKET_REFERRER_SHARE_SQL,
  REFERRAL_VAULT_RENT_LAMPORTS,
  ReferralRepository,
} from './referral-repository.ts';

let testDb: TestDatabase;
let db: Database;
let repository: ReferralRepository;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.db;
  repository = new ReferralRepository(db);
}, 120_000);
afterAll(() => testDb.close());

const SOL = LAMPORTS_PER_SOL;
const U64_MAX = (1n << 64n) - 1n;
type StoredResult = 'Yes' | 'No' | 'Invalid' | null;

let serial = 0;
const next = (): number => (serial += 1);
const newWallet = async (): Promise<string> => (await generateKeyPairSigner()).address;

async function insertMarket(market: {
  readonly referrer: string | null;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly result: StoredResult;
  /** What the indexer saw the referrer paid; absent or null: not recorded. */
  readonly referrerFee?: bigint | null;
}): Promise<void> {
  await insertMarketRow(db, { address: `refmarket${next()}`, ...market });
}

async function insertBet(bet: {
  readonly referral: string;
  readonly state: 'Open' | 'Settled' | 'Claimed' | 'Refunded';
  readonly referralFee: bigint;
}): Promise<void> {
  const n = next();
  await insertBetRow(db, {
    signature: `refrepo-sig${n}`,
    slot: n,
    betAddress: `refrepo-bet${n}`,
    user: `refrepo-user${n}`,
    betAmount: 1_000_000_000n,
    fee: 40_000_000n,
    listingPrice: 2_000_000_000n,
    referral: bet.referral,
    state: bet.state,
    result: bet.state === 'Settled' ? 'Loss' : bet.state === 'Claimed' ? 'Win' : 'None',
    referralFee: bet.referralFee,
  });
}

/** The program's share by the SDK: `resolve_market` records an empty winning side as Invalid. */
function sdkShare(yesPool: bigint, noPool: bigint, result: StoredResult): bigint {
  if (result === null) return 0n;
  const recorded = resolvedMarketResult({ yesPool, noPool }, MarketResult[result]);
  return referralShare(marketFee({ yesPool, noPool, result: recorded }));
}

const fees = async (address: string): Promise<bigint> => (await repository.stats(address)).fees;

describe('ReferralRepository.stats: what Prophecy markets paid their referrer', () => {
  it('counts what each resolved market paid the referrer, as the indexer recorded it', async () => {
    const referrer = await newWallet();
    // Pot 10 SOL: fee 0.3 SOL, 0.03 SOL of it paid to the referrer.
    await insertMarket({
      referrer,
      yesPool: 6n * SOL,
      noPool: 4n * SOL,
      result: 'Yes',
      referrerFee: 30_000_000n,
    });
    await insertMarket({
      referrer,
      yesPool: 500_000_000n,
      noPool: 200_000_000n,
      result: 'No',
      referrerFee: 2_100_000n,
    });
    expect(await fees(referrer)).toBe(30_000_000n + 2_100_000n);
  });

  it("counts nothing for a market that could not credit the referrer's vault, though its share was not 0", async () => {
    const referrer = await newWallet();
    // Pot 0.1 SOL: a 300_000-lamport share, which stays in the pool when the referrer has no vault.
    await insertMarket({ referrer, yesPool: SOL / 10n, noPool: 0n, result: 'Yes', referrerFee: 0n });
    expect(sdkShare(SOL / 10n, 0n, 'Yes')).toBe(300_000n);
    expect(await fees(referrer)).toBe(0n);
  });

  it('counts what was recorded, not the share computed from the pools', async () => {
    const referrer = await newWallet();
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Yes', referrerFee: 1_234n });
    expect(await fees(referrer)).toBe(1_234n);
  });

  it('counts nothing for an Invalid market (no fee) or a market not resolved yet', async () => {
    const referrer = await newWallet();
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Invalid', referrerFee: 0n });
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: null });
    expect(await fees(referrer)).toBe(0n);
  });

  it('sums recorded and not-recorded markets with the bets, to the lamport, beyond int8', async () => {
    const referrer = await newWallet();
    const big = U64_MAX / 2n;
    await insertMarket({ referrer, yesPool: big, noPool: big, result: 'Yes', referrerFee: U64_MAX / 200n });
    await insertMarket({ referrer, yesPool: big, noPool: big, result: 'No', referrerFee: U64_MAX / 200n });
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Yes' });
    await insertBet({ referral: referrer, state: 'Settled', referralFee: 4_000_000n });
    expect(await fees(referrer)).toBe(2n * (U64_MAX / 200n) + 30_000_000n + 4_000_000n);
  });
});

describe('ReferralRepository.stats: markets whose payment was not recorded count the computed share', () => {
  it("counts 10% of the 3% fee of a resolved Yes market's whole pot, rounded down as the program does", async () => {
    const referrer = await newWallet();
    // pot 10 SOL: fee 0.3 SOL to the treasury side, 0.03 SOL of it to the referrer.
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Yes' });
    expect(await fees(referrer)).toBe(30_000_000n);
    // pot 1_234_567_891: fee floor(37_037_036.73) = 37_037_036, share floor(3_703_703.6) = 3_703_703.
    await insertMarket({ referrer, yesPool: 234_567_891n, noPool: SOL, result: 'Yes' });
    expect(await fees(referrer)).toBe(30_000_000n + 3_703_703n);
  });

  it('counts a resolved No market the same way', async () => {
    const referrer = await newWallet();
    // pot 0.7 SOL: fee 21_000_000, share 2_100_000.
    await insertMarket({ referrer, yesPool: 500_000_000n, noPool: 200_000_000n, result: 'No' });
    expect(await fees(referrer)).toBe(2_100_000n);
  });

  it('counts nothing for an Invalid market: no fee is taken, everyone is refunded', async () => {
    const referrer = await newWallet();
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Invalid' });
    expect(await fees(referrer)).toBe(0n);
  });

  it('counts nothing when the winning side has an empty pool (recorded Invalid by the program)', async () => {
    const referrer = await newWallet();
    // As the chain records it, and as a row would read if the server stored the result it asked for.
    await insertMarket({ referrer, yesPool: 0n, noPool: 5n * SOL, result: 'Invalid' });
    await insertMarket({ referrer, yesPool: 0n, noPool: 5n * SOL, result: 'Yes' });
    await insertMarket({ referrer, yesPool: 3n * SOL, noPool: 0n, result: 'No' });
    expect(await fees(referrer)).toBe(0n);
  });

  it('counts nothing for a market not resolved yet', async () => {
    const referrer = await newWallet();
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: null });
    expect(await fees(referrer)).toBe(0n);
  });

  it("counts only the wallet's own markets: never one without a referrer or with another referrer", async () => {
    const [referrer, other] = await Promise.all([newWallet(), newWallet()]);
    await insertMarket({ referrer: null, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Yes' });
    await insertMarket({ referrer: other, yesPool: 2n * SOL, noPool: 8n * SOL, result: 'No' });
    await insertMarket({ referrer, yesPool: SOL, noPool: SOL, result: 'No' });
    // Only its own 2 SOL pot: fee 60_000_000, share 6_000_000.
    expect(await fees(referrer)).toBe(6_000_000n);
    // The other's 10 SOL pot: share 30_000_000.
    expect(await fees(other)).toBe(30_000_000n);
  });

  it("adds the market shares to the TailSpin/ReTail referral fees of the referees' settled bets", async () => {
    const referrer = await newWallet();
    await insertBet({ referral: referrer, state: 'Settled', referralFee: 4_000_000n });
    await insertBet({ referral: referrer, state: 'Claimed', referralFee: 400_000n });
    // Open and refunded bets have paid nothing.
    await insertBet({ referral: referrer, state: 'Open', referralFee: 0n });
    await insertBet({ referral: referrer, state: 'Refunded', referralFee: 0n });
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Yes' });
    await insertMarket({ referrer, yesPool: 6n * SOL, noPool: 4n * SOL, result: 'Invalid' });
    await insertMarket({ referrer, yesPool: 500_000_000n, noPool: 200_000_000n, result: 'No' });
    await db.query('INSERT INTO users (address, referred_by) VALUES ($1, $2)', [await newWallet(), referrer]);

    expect(await repository.stats(referrer)).toEqual({
      fees: 4_000_000n + 400_000n + 30_000_000n + 2_100_000n,
      referredUserCount: 1,
      claimable: 0n,
      claimed: 0n,
    });
  });

  it('sums shares of u64-sized pots without overflow', async () => {
    const referrer = await newWallet();
    const half = U64_MAX / 2n;
    await insertMarket({ referrer, yesPool: half, noPool: half, result: 'Yes' });
    await insertMarket({ referrer, yesPool: half, noPool: half + 1n, result: 'No' });
    // floor(floor(pot × 300 / 10000) × 1000 / 10000) for pot = U64_MAX − 1 and U64_MAX.
    expect(await fees(referrer)).toBe(55_340_232_221_128_654n + 55_340_232_221_128_654n);
  });
});

describe('ReferralRepository.stats: the vault', () => {
  async function vault(referrer: string, lamports: bigint): Promise<void> {
    await db.query(
      `INSERT INTO referral_vaults (referrer, vault, lamports, last_signature) VALUES ($1, $2, $3, 'sig')`,
      [referrer, `vault-${referrer}`, lamports],
    );
  }
  async function claim(referrer: string, amount: bigint): Promise<void> {
    const n = next();
    await db.query(
      `INSERT INTO referral_claims (source, signature, referrer, amount, claimed_at) VALUES ($1, $2, $3, $4, now())`,
      [`claim${n}:0`, `claim${n}`, referrer, amount],
    );
  }

  it('can claim what its vault holds above its rent, and has claimed the sum of its claims', async () => {
    const referrer = await newWallet();
    await insertBet({ referral: referrer, state: 'Settled', referralFee: 4_000_000n });
    await vault(referrer, REFERRAL_VAULT_RENT_LAMPORTS + 1_500_000n);
    await claim(referrer, 2_000_000n);
    await claim(referrer, 500_000n);
    expect(await repository.stats(referrer)).toEqual({
      fees: 4_000_000n,
      referredUserCount: 0,
      claimable: 1_500_000n,
      claimed: 2_500_000n,
    });
  });

  it('can claim nothing without a vault, or from a vault at (or, for an old record, below) its rent', async () => {
    const [none, empty, short] = await Promise.all([newWallet(), newWallet(), newWallet()]);
    await vault(empty, REFERRAL_VAULT_RENT_LAMPORTS);
    await vault(short, REFERRAL_VAULT_RENT_LAMPORTS - 1n);
    for (const wallet of [none, empty, short]) expect((await repository.stats(wallet)).claimable).toBe(0n);
  });

  it('counts claims of u64 amounts to the lamport', async () => {
    const referrer = await newWallet();
    await claim(referrer, U64_MAX);
    await claim(referrer, U64_MAX);
    expect((await repository.stats(referrer)).claimed).toBe(2n * U64_MAX);
  });
});

describe('MARKET_REFERRER_SHARE_SQL against the SDK', () => {
  const pool = fc.oneof(
    fc.bigInt({ min: 0n, max: 1_000n * SOL }),
    fc.bigInt({ min: 0n, max: U64_MAX / 2n }),
    fc.constantFrom(0n, 1n, 9n, 10n, 33n, 34n, 333n, 334n, 3_333n, 3_334n, 10_000_000n),
  );
  const result = fc.constantFrom<StoredResult>('Yes', 'No', 'Invalid', null);
  const market = fc.record({ yesPool: pool, noPool: pool, result });

  it('equals referralShare(marketFee(…)) of the recorded result for thousands of markets', async () => {
    const markets = fc.sample(market, { numRuns: 3_000, seed: 20_250_101 });
    const rows = await db.query<{ share: bigint }>(
      `SELECT ${MARKET_REFERRER_SHARE_SQL} AS share
       FROM unnest($1::numeric[], $2::numeric[], $3::text[]) WITH ORDINALITY AS m(yes_pool, no_pool, result, i)
       ORDER BY i`,
      [
        markets.map((m) => m.yesPool.toString()),
        markets.map((m) => m.noPool.toString()),
        markets.map((m) => m.result),
      ],
    );
    expect(rows.map((row) => row.share)).toEqual(markets.map((m) => sdkShare(m.yesPool, m.noPool, m.result)));
  });

  it('gives what stats() answers for a referrer of one market', async () => {
    await fc.assert(
      fc.asyncProperty(market, async ({ yesPool, noPool, result: stored }) => {
        const referrer = await newWallet();
        await insertMarket({ referrer, yesPool, noPool, result: stored });
        expect(await fees(referrer)).toBe(sdkShare(yesPool, noPool, stored));
      }),
      { numRuns: 50 },
    );
  });
});
