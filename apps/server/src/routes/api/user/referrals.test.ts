/**
 * Referrals: creating a code once, resolving it, the stats (what referring earned, what the vault holds to
 * claim and what it claimed), and the indexer's attribution.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { REFERRAL_CODE_PATTERN } from '@arcade/sdk/api/user';
import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { REFERRAL_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { getClaimReferralInstructionAsync } from '@arcade/sdk/wager/instructions';
import { findReferralAddress } from '@arcade/sdk/wager/pda';
import { generateKeyPairSigner, getAddressEncoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertBetRow, insertMarketRow } from '../../../../test/db-rows.ts';
import { signIn, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { createReferralVault, fundedPlayer } from '../../../../test/wager-bets.ts';
import { sendAndConfirm } from '../../../chain/send-transaction.ts';
import type { Database } from '../../../db/database.ts';
import {
  REFERRAL_VAULT_RENT_LAMPORTS,
  ReferralRepository,
  generateReferralCode,
} from '../../../repositories/referral-repository.ts';
import { createIndexerWorker } from '../../../workers/indexer/indexer-worker.ts';

let t: TestServer;
let db: Database;

beforeAll(async () => {
  t = await startTestServer();
  db = t.db;
}, 120_000);
afterAll(() => t.close());

function createReferral(authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/createReferral',
    headers: authorization === undefined ? {} : { authorization },
  });
}

let betCounter = 0;
async function insertBet(fields: {
  user: string;
  referral: string | null;
  state: 'Open' | 'Settled' | 'Claimed' | 'Refunded';
  referralFee: bigint;
}) {
  betCounter += 1;
  await insertBetRow(db, {
    signature: `refsig${betCounter}`,
    slot: betCounter,
    betAddress: `bet${betCounter}`,
    user: fields.user,
    betAmount: 100_000_000n,
    fee: 4_000_000n,
    listingPrice: 200_000_000n,
    referral: fields.referral,
    state: fields.state,
    result: fields.state === 'Open' ? 'None' : fields.state === 'Refunded' ? 'None' : 'Loss',
    referralFee: fields.referralFee,
  });
}

describe('POST /api/user/createReferral', () => {
  it('needs a valid token', async () => {
    const response = await createReferral();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
  });

  it("creates one code per wallet, then 'Referral already exists'", async () => {
    const user = await generateKeyPairSigner();
    const authorization = await signIn(t.app, user);
    const first = await createReferral(authorization);
    expect(first.statusCode).toBe(200);
    const { referral } = first.json<{ success: true; referral: string }>();
    expect(referral).toMatch(REFERRAL_CODE_PATTERN);
    expect(referral).toHaveLength(8);

    const profile = await t.app.inject({ method: 'GET', url: `/api/user/${user.address}` });
    expect(profile.json<{ referral: string }>().referral).toBe(referral);

    const second = await createReferral(authorization);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      success: false,
      error: VALIDATION_MESSAGES.referralExists,
      code: ApiErrorCode.REFERRAL_EXISTS,
      referral,
    });
  });

  it('shows the new code in the profile at once, even right after a read cached the profile without one', async () => {
    const user = await generateKeyPairSigner();
    const authorization = await signIn(t.app, user);
    const before = await t.app.inject({ method: 'GET', url: `/api/user/${user.address}` });
    expect(before.json<{ referral: string | null }>().referral).toBeNull();
    const { referral } = (await createReferral(authorization)).json<{ referral: string }>();
    const after = await t.app.inject({ method: 'GET', url: `/api/user/${user.address}` });
    expect(after.json<{ referral: string | null }>().referral).toBe(referral);
  });

  it('creates exactly one code for concurrent calls', async () => {
    const user = await generateKeyPairSigner();
    const authorization = await signIn(t.app, user);
    const responses = await Promise.all([createReferral(authorization), createReferral(authorization)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('retries on a code collision', async () => {
    const [a, b] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const candidates = ['ZZZZ2222', 'ZZZZ2222', 'ZZZZ3333'];
    const repository = new ReferralRepository(db, () => candidates.shift() ?? generateReferralCode());
    expect(await repository.create(a.address)).toEqual({ created: true, code: 'ZZZZ2222' });
    expect(await repository.create(b.address)).toEqual({ created: true, code: 'ZZZZ3333' });
  });

  it('generates codes from the unambiguous alphabet only', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateReferralCode();
      expect(code).toMatch(REFERRAL_CODE_PATTERN);
      expect(code).not.toMatch(/[01ILO]/);
    }
  });
});

describe('GET /api/user/referral/{code}', () => {
  it('resolves a code to its wallet, ignoring case', async () => {
    const user = await generateKeyPairSigner();
    const { code } = await new ReferralRepository(db).create(user.address);
    for (const asGiven of [code, code.toLowerCase()]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/user/referral/${asGiven}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, address: user.address });
    }
  });

  it("answers 404 'Referral not found' for an unknown code", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/referral/AAAA2345' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: 'Referral not found',
      code: ApiErrorCode.REFERRAL_NOT_FOUND,
    });
  });

  it.each(['abc', 'AAAAAAAAA', 'AAAAAAA0', 'IIIIIIII', 'AAAA-AAA', '%20'])(
    "answers 400 'Invalid referral code' for %j",
    async (code) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/user/referral/${code}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: 'Invalid referral code',
        code: ApiErrorCode.VALIDATION_FAILED,
      });
    },
  );
});

async function insertMarket(fields: {
  referrer: string | null;
  yesPool: bigint;
  noPool: bigint;
  result: 'Yes' | 'No' | 'Invalid' | null;
  /** What the indexer saw the referrer paid at resolution; null: not recorded. */
  referrerFee: bigint | null;
}) {
  betCounter += 1;
  await insertMarketRow(db, { address: `refmarket${betCounter}`, ...fields });
}

describe('GET /api/user/referralStats/{address}', () => {
  it("sums referral fees of the referees' settled bets and counts referred users", async () => {
    const [referrer, other, x, y] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const repository = new ReferralRepository(db);
    await db.transaction(async (tx) => {
      await repository.attribute(tx, { user: x.address, referrer: referrer.address });
      await repository.attribute(tx, { user: y.address, referrer: referrer.address });
    });
    await insertBet({ user: x.address, referral: referrer.address, state: 'Settled', referralFee: 400_000n });
    await insertBet({
      user: x.address,
      referral: referrer.address,
      state: 'Claimed',
      referralFee: 18_446_744_073_709_551_000n,
    });
    await insertBet({ user: y.address, referral: referrer.address, state: 'Open', referralFee: 0n });
    await insertBet({ user: y.address, referral: referrer.address, state: 'Refunded', referralFee: 0n });
    await insertBet({ user: y.address, referral: other.address, state: 'Settled', referralFee: 999n });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/referralStats/${referrer.address}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      fees: (18_446_744_073_709_551_000n + 400_000n).toString(),
      referredUserCount: 2,
      claimable: '0',
      claimed: '0',
    });
  });

  it("adds what each resolved Prophecy market paid its referrer to the bets' referral fees", async () => {
    const [referrer, referee] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await insertBet({
      user: referee.address,
      referral: referrer.address,
      state: 'Settled',
      referralFee: 400_000n,
    });
    // Pot 10 SOL: the 3% fee is 300_000_000 lamports, 10% of it (30_000_000) to the referrer.
    await insertMarket({
      referrer: referrer.address,
      yesPool: 6_000_000_000n,
      noPool: 4_000_000_000n,
      result: 'Yes',
      referrerFee: 30_000_000n,
    });
    // Pot 1_234_567_891: fee 37_037_036, share 3_703_703 (both rounded down).
    await insertMarket({
      referrer: referrer.address,
      yesPool: 234_567_891n,
      noPool: 1_000_000_000n,
      result: 'No',
      referrerFee: 3_703_703n,
    });
    // Nothing credited: the referrer had no vault (its 300_000-lamport share of a 0.1 SOL pot stayed in the
    // pool).
    await insertMarket({
      referrer: referrer.address,
      yesPool: 100_000_000n,
      noPool: 0n,
      result: 'Yes',
      referrerFee: 0n,
    });
    // No fee: an Invalid market, a winning side with an empty pool, an unresolved market.
    await insertMarket({
      referrer: referrer.address,
      yesPool: 5_000_000_000n,
      noPool: 5_000_000_000n,
      result: 'Invalid',
      referrerFee: 0n,
    });
    await insertMarket({
      referrer: referrer.address,
      yesPool: 0n,
      noPool: 5_000_000_000n,
      result: 'Yes',
      referrerFee: 0n,
    });
    await insertMarket({
      referrer: referrer.address,
      yesPool: 5_000_000_000n,
      noPool: 0n,
      result: null,
      referrerFee: null,
    });
    // Not its market.
    await insertMarket({
      referrer: null,
      yesPool: 6_000_000_000n,
      noPool: 4_000_000_000n,
      result: 'Yes',
      referrerFee: 0n,
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/referralStats/${referrer.address}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      fees: (400_000n + 30_000_000n + 3_703_703n).toString(),
      referredUserCount: 0,
      claimable: '0',
      claimed: '0',
    });
  });

  it('is zero for a wallet that referred nobody', async () => {
    const user = await generateKeyPairSigner();
    const response = await t.app.inject({ method: 'GET', url: `/api/user/referralStats/${user.address}` });
    expect(response.json()).toEqual({
      success: true,
      fees: '0',
      referredUserCount: 0,
      claimable: '0',
      claimed: '0',
    });
  });

  it("adds what the referrer's vault on chain holds to claim and what it claimed, as the indexer saw them", async () => {
    const { rpc } = t.chain.context;
    const referrer = await fundedPlayer(rpc);
    const player = await fundedPlayer(rpc);
    // The vault (anyone may pay for it), a bet of a referee settled into it, then a partial story: index,
    // claim, index.
    await createReferralVault(rpc, player, referrer.address);
    const [vault] = await findReferralAddress(referrer.address);
    const share = 1_000_000n;
    // Credit the vault as a settlement would (a test stand-in for the program's credit).
    const key = Uint8Array.from(getAddressEncoder().encode(vault));
    const account = t.chain.chain.getAccount(key)!;
    // The vault's rent-exempt minimum is the constant the stats subtract.
    expect(account.lamports).toBe(REFERRAL_VAULT_RENT_LAMPORTS);
    expect(await rpc.getMinimumBalanceForRentExemption(BigInt(REFERRAL_ACCOUNT_SIZE)).send()).toBe(
      REFERRAL_VAULT_RENT_LAMPORTS,
    );
    t.chain.chain.writeAccount(key, { ...account, lamports: account.lamports + share });
    const claimed = await sendAndConfirm(rpc, referrer, [
      await getClaimReferralInstructionAsync({ referrer }),
    ]);
    await createIndexerWorker(t.app).run(new AbortController().signal);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/referralStats/${referrer.address}`,
    });
    expect(response.json()).toEqual({
      success: true,
      fees: '0',
      referredUserCount: 0,
      claimable: '0',
      claimed: share.toString(),
    });
    expect(
      await db.query('SELECT signature FROM referral_claims WHERE referrer = $1', [referrer.address]),
    ).toEqual([{ signature: claimed }]);
  });

  it('refuses a malformed address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/referralStats/nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });
});

describe('ReferralRepository.attribute', () => {
  it('sets referred_by once, never overwrites it and never to the user itself', async () => {
    const [user, first, second] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const repository = new ReferralRepository(db);
    const referredBy = async () =>
      (
        await db.query<{ referred_by: string | null }>('SELECT referred_by FROM users WHERE address = $1', [
          user.address,
        ])
      )[0]?.referred_by ?? null;

    expect(
      await db.transaction((tx) => repository.attribute(tx, { user: user.address, referrer: user.address })),
    ).toBe(false);
    expect(await referredBy()).toBeNull();
    expect(
      await db.transaction((tx) => repository.attribute(tx, { user: user.address, referrer: first.address })),
    ).toBe(true);
    expect(
      await db.transaction((tx) =>
        repository.attribute(tx, { user: user.address, referrer: second.address }),
      ),
    ).toBe(false);
    expect(await referredBy()).toBe(first.address);
  });
});
