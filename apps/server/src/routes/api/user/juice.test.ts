/**
 * Juice: accrual, the balance endpoint, claims end to end on the local chain (the user signs and sends the
 * returned transaction), the 24-hour interval, concurrent claims and the reconciliation of claims whose
 * transaction never landed.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { JUICE_CLAIM_INTERVAL_SECS } from '@arcade/sdk/constants';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import {
  generateKeyPairSigner,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
  partiallySignTransaction,
  type Address,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../../../test/harness.ts';
import type { ChainContext } from '../../../chain/chain-context.ts';
import type { Database } from '../../../db/database.ts';
import { JuiceRepository } from '../../../repositories/juice-repository.ts';
import { JUICE_CLAIM_ERRORS, JuiceService, type IssuedClaim } from '../../../services/juice-service.ts';

let t: TestServer;
let db: Database;
let chain: ChainContext;
let juice: JuiceRepository;

beforeAll(async () => {
  t = await startTestServer();
  db = t.db;
  chain = t.chain.context;
  juice = new JuiceRepository(db);
}, 120_000);
afterAll(() => t.close());

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface JuiceBody {
  success: true;
  balance: string;
  earned: string;
  claimed: string;
  claimable: string;
  decimals: number;
  lastClaim: number;
  nextClaimAt: number;
}

async function getJuice(address: string): Promise<JuiceBody> {
  // These tests change the chain and the database behind the route's back; the one-second read cache is
  // tested on its own below.
  t.app.juiceCache.clear();
  const response = await t.app.inject({ method: 'GET', url: `/api/user/juice/${address}` });
  expect(response.statusCode).toBe(200);
  return response.json<JuiceBody>();
}

function claim(authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/claimJuice',
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function accrue(address: string, source: string, wageredLamports: bigint): Promise<bigint> {
  return db.transaction((tx) => juice.accrue(tx, { address, source, wageredLamports }));
}

async function funded(): Promise<{ user: KeyPairSigner; authorization: string }> {
  const user = await generateKeyPairSigner();
  await chain.rpc.requestAirdrop(user.address, lamports(10_000_000_000n)).send();
  for (let i = 0; i < 50; i += 1) {
    const { value } = await chain.rpc.getBalance(user.address).send();
    if (value > 0n) break;
    await sleep(100);
  }
  return { user, authorization: await signIn(t.app, user) };
}

/** Signs a claim transaction as its fee payer and sends it; resolves once confirmed. */
async function signAndSend(user: KeyPairSigner, wire: string): Promise<Signature> {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const signed = await partiallySignTransaction([user.keyPair], transaction);
  const signature = getSignatureFromTransaction(signed);
  await chain.rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), {
      encoding: 'base64',
      preflightCommitment: 'confirmed',
    })
    .send();
  for (let i = 0; i < 100; i += 1) {
    const { value } = await chain.rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status) {
      expect(status.err).toBeNull();
      return signature;
    }
    await sleep(100);
  }
  throw new Error('claim transaction not confirmed');
}

async function onChainJuice(owner: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: chain.addresses.juiceMint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const { value } = await chain.rpc.getTokenAccountBalance(ata).send();
  return BigInt(value.amount);
}

async function waitForBlockHeightPast(height: bigint): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const current = await chain.rpc.getBlockHeight({ commitment: 'finalized' }).send();
    if (current > height) return;
    await sleep(200);
  }
  throw new Error(`block height never passed ${height}`);
}

const nowSecs = (): number => Math.floor(t.clock.now() / 1000);

/** A wallet with SOL to pay for its claims (not signed in: the service is called directly). */
async function wallet(): Promise<KeyPairSigner> {
  const user = await generateKeyPairSigner();
  await chain.rpc.requestAirdrop(user.address, lamports(10_000_000_000n)).send();
  for (let i = 0; i < 50; i += 1) {
    const { value } = await chain.rpc.getBalance(user.address).send();
    if (value > 0n) return user;
    await sleep(100);
  }
  throw new Error('airdrop not confirmed');
}

type RpcOverrides = Record<string, (...args: never[]) => { send: () => Promise<unknown> }>;

/**
 * The chain with some RPC methods answered by another node, as behind a load balancer: everything else
 * goes to the real chain.
 */
function chainWith(overrides: RpcOverrides): ChainContext {
  const rpc = new Proxy(chain.rpc, {
    get: (target, property, receiver) =>
      typeof property === 'string' && property in overrides
        ? overrides[property]
        : (Reflect.get(target, property, receiver) as unknown),
  });
  return { ...chain, rpc };
}

const answer = (value: unknown) => ({ send: () => Promise.resolve(value) });

/** A claim sent and landed, its blockhash expired by finalized height. */
async function landedClaim(): Promise<{ user: KeyPairSigner; issued: IssuedClaim; signature: Signature }> {
  const user = await wallet();
  await accrue(user.address, `${user.address}:landed`, 1_000_000_000n);
  const service = new JuiceService({ db, chain, now: t.clock.now, claimValidityBlocks: 3 });
  const issued = await service.claim(user.address);
  const signature = await signAndSend(user, issued.transaction);
  await waitForBlockHeightPast(issued.claim.lastValidBlockHeight);
  return { user, issued, signature };
}

describe('accrual', () => {
  it('credits wagered SOL × 2400 once per source', async () => {
    const user = await generateKeyPairSigner();
    expect(await accrue(user.address, 'sigA:bet', 1_000_000_000n)).toBe(2_400_000_000n);
    expect(await accrue(user.address, 'sigA:bet', 1_000_000_000n)).toBe(0n);
    expect(await accrue(user.address, 'sigB:prediction', 500_000_000n)).toBe(1_200_000_000n);
    const body = await getJuice(user.address);
    expect(body.claimable).toBe('3600000000');
  });

  it('rolls back with the caller’s transaction', async () => {
    const user = await generateKeyPairSigner();
    await expect(
      db.transaction(async (tx) => {
        await juice.accrue(tx, { address: user.address, source: 'sigC:bet', wageredLamports: 10n ** 9n });
        throw new Error('indexer failed');
      }),
    ).rejects.toThrow('indexer failed');
    expect((await getJuice(user.address)).claimable).toBe('0');
    expect(await accrue(user.address, 'sigC:bet', 10n ** 9n)).toBe(2_400_000_000n);
  });
});

describe('GET /api/user/juice/{address}', () => {
  it('shows zeros for a wallet that never played', async () => {
    const user = await generateKeyPairSigner();
    expect(await getJuice(user.address)).toEqual({
      success: true,
      balance: '0',
      earned: '0',
      claimed: '0',
      claimable: '0',
      decimals: 6,
      lastClaim: 0,
      nextClaimAt: 0,
    });
  });

  it('refuses a malformed address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/juice/not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });
});

describe('POST /api/user/claimJuice', () => {
  it('needs a valid token', async () => {
    const missing = await claim();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
    const invalid = await claim('Bearer not.a.token');
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
  });

  it("refuses when nothing is claimable: 'Nothing to claim'", async () => {
    const { authorization } = await funded();
    const response = await claim(authorization);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: JUICE_CLAIM_ERRORS.nothingToClaim,
      code: ApiErrorCode.JUICE_NOTHING_TO_CLAIM,
    });
  });

  it('mints the claimable Juice end to end and then waits 24 hours', async () => {
    const { user, authorization } = await funded();
    await accrue(user.address, `${user.address}:1`, 1_500_000_000n);

    const response = await claim(authorization);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      success: true;
      transaction: string;
      amount: string;
      nextClaimAt: number;
      lastValidBlockHeight: string;
    }>();
    expect(body.amount).toBe('3600000000');
    const claimedAt = nowSecs();
    expect(body.nextClaimAt).toBe(claimedAt + JUICE_CLAIM_INTERVAL_SECS);
    // The client stops resending past this height: a u64 string, the recorded claim's, still ahead.
    expect(body.lastValidBlockHeight).toMatch(/^[1-9]\d*$/);
    const [pending] = await juice.pendingClaims(user.address);
    expect(pending?.lastValidBlockHeight.toString()).toBe(body.lastValidBlockHeight);
    const height = await chain.rpc.getBlockHeight({ commitment: 'confirmed' }).send();
    expect(BigInt(body.lastValidBlockHeight)).toBeGreaterThan(height);

    // The user pays and is the only missing signature; the Juice authority signed.
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(body.transaction));
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (message.version !== 0) throw new Error('expected a v0 transaction');
    expect(message.staticAccounts[0]).toBe(user.address);
    expect(message.header.numSignerAccounts).toBe(2);
    expect(message.instructions).toHaveLength(2);
    expect(transaction.signatures[user.address]).toBeNull();
    expect(transaction.signatures[chain.signers.juiceAuthority.address]).toBeInstanceOf(Uint8Array);

    // Pending claims count as claimed: earned = claimed + claimable, from the one source.
    expect(await getJuice(user.address)).toMatchObject({
      balance: '0',
      earned: '3600000000',
      claimed: '3600000000',
      claimable: '0',
      lastClaim: claimedAt,
      nextClaimAt: claimedAt + JUICE_CLAIM_INTERVAL_SECS,
    });

    await signAndSend(user, body.transaction);
    expect(await onChainJuice(user.address)).toBe(3_600_000_000n);
    expect(await getJuice(user.address)).toMatchObject({ balance: '3600000000', claimable: '0' });

    // Inside the interval: refused with the time it opens, even with new Juice.
    await accrue(user.address, `${user.address}:2`, 1_000_000_000n);
    t.clock.advance((JUICE_CLAIM_INTERVAL_SECS - 1) * 1000);
    const tooSoon = await claim(authorization);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      success: false,
      error: JUICE_CLAIM_ERRORS.tooSoon,
      code: ApiErrorCode.JUICE_CLAIM_TOO_SOON,
      nextClaimAt: claimedAt + JUICE_CLAIM_INTERVAL_SECS,
    });

    // After it: the second claim mints only the new Juice into the existing account.
    t.clock.advance(1000);
    const second = await claim(authorization);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ amount: string }>().amount).toBe('2400000000');
    await signAndSend(user, second.json<{ transaction: string }>().transaction);
    expect(await onChainJuice(user.address)).toBe(6_000_000_000n);
    expect(await getJuice(user.address)).toMatchObject({
      balance: '6000000000',
      earned: '6000000000',
      claimed: '6000000000',
      claimable: '0',
      lastClaim: nowSecs(),
    });
  });

  it('hands out exactly one transaction for concurrent claims', async () => {
    const { user, authorization } = await funded();
    await accrue(user.address, `${user.address}:race`, 2_000_000_000n);
    const responses = await Promise.all([claim(authorization), claim(authorization), claim(authorization)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429]);
    const claims = await juice.claims(user.address);
    expect(claims).toHaveLength(1);
    expect(claims[0]?.amount).toBe(4_800_000_000n);
    expect((await getJuice(user.address)).claimable).toBe('0');
  });
});

describe('reconciliation', () => {
  it('returns the Juice of a claim whose transaction never landed and reopens the claim', async () => {
    const { user, authorization } = await funded();
    await accrue(user.address, `${user.address}:lost`, 1_000_000_000n);
    const service = new JuiceService({ db, chain, now: t.clock.now, claimValidityBlocks: 2 });
    const issued = await service.claim(user.address);
    expect(issued.amount).toBe(2_400_000_000n);
    expect(await getJuice(user.address)).toMatchObject({ claimable: '0', lastClaim: nowSecs() });

    await waitForBlockHeightPast(issued.claim.lastValidBlockHeight);
    expect(await getJuice(user.address)).toEqual({
      success: true,
      balance: '0',
      // The expired claim's Juice is claimable again: earned stays, claimed goes back.
      earned: '2400000000',
      claimed: '0',
      claimable: '2400000000',
      decimals: 6,
      lastClaim: 0,
      nextClaimAt: 0,
    });
    expect((await juice.claims(user.address))[0]).toMatchObject({ status: 'expired', landedSignature: null });

    // The user can claim again at once, through the API.
    const again = await claim(authorization);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ amount: string }>().amount).toBe('2400000000');
  });

  it('keeps a claim that landed once its blockhash expires', async () => {
    const { user } = await funded();
    await accrue(user.address, `${user.address}:kept`, 1_000_000_000n);
    const service = new JuiceService({ db, chain, now: t.clock.now, claimValidityBlocks: 3 });
    const issued = await service.claim(user.address);
    const signature = await signAndSend(user, issued.transaction);

    await waitForBlockHeightPast(issued.claim.lastValidBlockHeight);
    expect(await service.reconcile(user.address)).toBe(1);
    expect(await getJuice(user.address)).toMatchObject({
      balance: '2400000000',
      claimable: '0',
      lastClaim: issued.claim.claimedAt,
    });
    expect((await juice.claims(user.address))[0]).toMatchObject({
      status: 'landed',
      landedSignature: signature,
    });
    // Settled once: a later look changes nothing.
    expect(await service.reconcile(user.address)).toBe(0);
  });

  it('returns the Juice of a claim whose transaction the chain refused', async () => {
    // A fee payer without SOL: the chain refuses the transaction, so the claim never lands.
    const user = await generateKeyPairSigner();
    await accrue(user.address, `${user.address}:broke`, 1_000_000_000n);
    const service = new JuiceService({ db, chain, now: t.clock.now, claimValidityBlocks: 2 });
    const issued = await service.claim(user.address);
    await expect(signAndSend(user, issued.transaction)).rejects.toThrow();
    await waitForBlockHeightPast(issued.claim.lastValidBlockHeight);
    expect(await getJuice(user.address)).toMatchObject({ claimable: '2400000000', lastClaim: 0 });
  });
});

describe('reconciliation decided from the chain, with margin', () => {
  it('keeps a landed claim pending when the history node misses it, and builds no second mint', async () => {
    const { user, signature } = await landedClaim();
    // A node whose address index lags: it lists nothing for the wallet's Juice account.
    const lagging = new JuiceService({
      db,
      chain: chainWith({ getSignaturesForAddress: () => answer([]) }),
      now: t.clock.now,
    });
    expect(await lagging.reconcile(user.address)).toBe(0);
    expect(await juice.pendingClaims(user.address)).toHaveLength(1);
    expect(await lagging.status(user.address)).toMatchObject({
      balance: 2_400_000_000n,
      claimed: 2_400_000_000n,
      claimable: 0n,
    });
    // A day later: nothing to claim, and no second transaction was built.
    t.clock.advance(JUICE_CLAIM_INTERVAL_SECS * 1000);
    await expect(lagging.claim(user.address)).rejects.toMatchObject({
      statusCode: 400,
      message: JUICE_CLAIM_ERRORS.nothingToClaim,
    });
    expect(await juice.claims(user.address)).toHaveLength(1);
    // A node that has the history settles it as landed.
    const service = new JuiceService({ db, chain, now: t.clock.now });
    expect(await service.reconcile(user.address)).toBe(1);
    expect((await juice.claims(user.address))[0]).toMatchObject({
      status: 'landed',
      landedSignature: signature,
    });
  });

  it('keeps a landed claim pending when a node behind the expiry answers from its older view', async () => {
    const { user, issued } = await landedClaim();
    // A node stuck at the slot the claim was issued at: it has neither the transaction nor the account,
    // and refuses any read pinned to a later slot, as a validator does.
    const stuckAt = issued.claim.minSlot;
    const behind = (config?: { minContextSlot?: bigint }) => ({
      send: () =>
        config?.minContextSlot !== undefined && config.minContextSlot > stuckAt
          ? Promise.reject(new Error('Minimum context slot has not been reached'))
          : Promise.resolve(undefined),
    });
    const stale = chainWith({
      getSignaturesForAddress: (_address: never, config?: { minContextSlot?: bigint }) => ({
        send: () =>
          behind(config)
            .send()
            .then(() => []),
      }),
      getAccountInfo: (_address: never, config?: { minContextSlot?: bigint }) => ({
        send: () =>
          behind(config)
            .send()
            .then(() => ({ context: { slot: stuckAt }, value: null })),
      }),
    });
    const lagging = new JuiceService({ db, chain: stale, now: t.clock.now });
    expect(await lagging.reconcile(user.address)).toBe(0);
    expect(await juice.pendingClaims(user.address)).toHaveLength(1);
    expect((await juice.find(user.address))?.claimed).toBe(2_400_000_000n);
  });

  it('keeps a claim pending while its blockhash is valid by block height', async () => {
    const user = await wallet();
    await accrue(user.address, `${user.address}:young`, 1_000_000_000n);
    const service = new JuiceService({ db, chain, now: t.clock.now });
    const issued = await service.claim(user.address);
    const height = await chain.rpc.getBlockHeight({ commitment: 'finalized' }).send();
    expect(issued.claim.lastValidBlockHeight).toBeGreaterThan(height);
    expect(await service.reconcile(user.address)).toBe(0);
    expect(await juice.pendingClaims(user.address)).toHaveLength(1);
    expect(await service.status(user.address)).toMatchObject({ claimable: 0n, claimed: 2_400_000_000n });
  });

  it('keeps an expired claim pending while a read fails, and returns it once every read agrees', async () => {
    const user = await wallet();
    await accrue(user.address, `${user.address}:unsent`, 1_000_000_000n);
    const service = new JuiceService({ db, chain, now: t.clock.now, claimValidityBlocks: 2 });
    const issued = await service.claim(user.address);
    await waitForBlockHeightPast(issued.claim.lastValidBlockHeight);

    const failing = new JuiceService({
      db,
      chain: chainWith({
        getSignaturesForAddress: () => ({ send: () => Promise.reject(new Error('node unavailable')) }),
      }),
      now: t.clock.now,
    });
    expect(await failing.reconcile(user.address)).toBe(0);
    expect(await juice.pendingClaims(user.address)).toHaveLength(1);

    // Never sent: the history has nothing and the balance holds nothing, so the Juice is claimable again.
    expect(await service.reconcile(user.address)).toBe(1);
    expect(await service.status(user.address)).toMatchObject({ claimable: 2_400_000_000n, lastClaim: 0 });
    expect((await juice.claims(user.address))[0]).toMatchObject({ status: 'expired', landedSignature: null });
  });
});

describe('reconciliation on a node with a pruned ledger', () => {
  it('keeps an expired claim pending while the node no longer keeps its slot, and returns it from one that does', async () => {
    const user = await wallet();
    await accrue(user.address, `${user.address}:pruned`, 1_000_000_000n);
    const service = new JuiceService({ db, chain, now: t.clock.now, claimValidityBlocks: 2 });
    const issued = await service.claim(user.address);
    await waitForBlockHeightPast(issued.claim.lastValidBlockHeight);

    // The history from the claim's slot on is gone (as after `--limit-ledger-size`): an empty list there
    // proves nothing, so the claim stays pending instead of being returned (which could mint it twice).
    const pruned = new JuiceService({
      db,
      chain: chainWith({ getFirstAvailableBlock: () => answer(issued.claim.minSlot + 1n) }),
      now: t.clock.now,
    });
    expect(await pruned.reconcile(user.address)).toBe(0);
    expect(await juice.pendingClaims(user.address)).toHaveLength(1);

    expect(await service.reconcile(user.address)).toBe(1);
    expect(await service.status(user.address)).toMatchObject({ claimable: 2_400_000_000n, lastClaim: 0 });
  });
});

describe('the read cache of GET /api/user/juice/{address}', () => {
  it('serves a wallet for a second, and a claim drops it', async () => {
    const user = await generateKeyPairSigner();
    const authorization = await signIn(t.app, user);
    const first = await getJuice(user.address);
    expect(first.claimable).toBe('0');
    await t.app.db.transaction((tx) =>
      new JuiceRepository(t.app.db).accrue(tx, {
        address: user.address,
        source: `cache-test:${user.address}`,
        wageredLamports: 1_000_000_000n,
      }),
    );
    const cached = await t.app.inject({ url: `/api/user/juice/${user.address}` });
    expect(cached.json<JuiceBody>().claimable).toBe('0');
    t.clock.advance(1_000);
    const fresh = await t.app.inject({ url: `/api/user/juice/${user.address}` });
    expect(fresh.json<JuiceBody>().claimable).toBe('2400000000');
    expect((await claim(authorization)).statusCode).toBe(200);
    const afterClaim = await t.app.inject({ url: `/api/user/juice/${user.address}` });
    expect(afterClaim.json<JuiceBody>()).toMatchObject({
      claimable: '0',
      lastClaim: Math.floor(t.clock.now() / 1000),
    });
  });
});
