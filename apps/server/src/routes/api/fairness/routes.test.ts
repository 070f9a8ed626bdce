/**
 * `GET /api/fairness` and `GET /api/fairness/{bet}`: validation, unknown bets, and when a seed may be
 * shown (rows written as the indexer and the settler would; the on-chain flow is in the settler's tests).
 */

import { createHash } from 'node:crypto';

import { generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import { FairnessRepository } from '../../../workers/settler/fairness-repository.ts';
import { randomValueFor } from '../../../workers/settler/provably-fair.ts';
import { FAIRNESS_ERRORS } from './routes.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
}, 120_000);
afterAll(() => t.close());

const base58 = getBase58Decoder();
let counter = 0;
function fakeSignature(): string {
  counter += 1;
  return base58.decode(
    createHash('sha512')
      .update(`fairness-${String(counter)}`)
      .digest(),
  );
}

async function insertBet(signature: string, slot: number): Promise<{ id: number; betAddress: string }> {
  const betAddress = (await generateKeyPairSigner()).address;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds, bet_amount,
       fee, listing_price, placed_at)
     VALUES ($1, $2, 0, $3, $3, 'sol', 'So11111111111111111111111111111111111111112', 50, 25000000, 1000000,
       50000000, now()) RETURNING id`,
    [signature, slot, betAddress],
  );
  if (row === undefined) throw new Error('insert failed');
  return { id: row.id, betAddress };
}

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('GET /api/fairness/{bet}', () => {
  it.each([
    ['not base58', 'not-a-signature!'],
    ['too short', '5'.repeat(40)],
    ['an address', '11111111111111111111111111111111'],
    ['too long', '5'.repeat(120)],
  ])("answers 400 'Invalid signature' for %s", async (_, value) => {
    const response = await get(`/api/fairness/${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: FAIRNESS_ERRORS.invalidSignature });
  });

  it("answers 404 'Bet not found' for an unknown signature", async () => {
    const response = await get(`/api/fairness/${fakeSignature()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: FAIRNESS_ERRORS.betNotFound });
  });

  it('shows an open bet without a seed, then its seed index but not the seed', async () => {
    const signature = fakeSignature();
    const bet = await insertBet(signature, 10);
    const before = await get(`/api/fairness/${signature}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      success: true,
      bet: { signature, betAddress: bet.betAddress, state: 'Open', randomValue: null },
      seed: null,
    });

    const repo = new FairnessRepository(t.db);
    await repo.assignSeeds(
      [{ id: bet.id, betAddress: bet.betAddress, signature }],
      5,
      new Date(),
      (seed, b) => randomValueFor(seed, b.betAddress, b.signature),
    );
    const after = (await get(`/api/fairness/${signature}`)).json<{
      seed: { seedIndex: number; seed: string | null; previousSeed: string | null; revealed: boolean };
    }>();
    expect(after.seed).toMatchObject({ seedIndex: 1, seed: null, previousSeed: null, revealed: false });
  });

  it("reveals a closed bet's seed only once every earlier seed's bet is closed", async () => {
    const repo = new FairnessRepository(t.db);
    const first = fakeSignature();
    const second = fakeSignature();
    const a = await insertBet(first, 20);
    const b = await insertBet(second, 21);
    const assigned = await repo.assignSeeds(
      [
        { id: a.id, betAddress: a.betAddress, signature: first },
        { id: b.id, betAddress: b.betAddress, signature: second },
      ],
      5,
      new Date(),
      (seed, bet) => randomValueFor(seed, bet.betAddress, bet.signature),
    );
    const seedB = assigned.get(b.id);
    if (seedB === undefined) throw new Error('no seed');
    await repo.markSettled(b.id, {
      randomValue: seedB.randomValue,
      result: seedB.randomValue < 50 ? 'Win' : 'Loss',
      signature: fakeSignature(),
      referralFee: 0n,
      at: new Date(),
    });
    // b is settled, but its seed would give a's (still open) by one hash.
    const hidden = (await get(`/api/fairness/${second}`)).json<{ seed: { seed: string | null } }>();
    expect(hidden.seed.seed).toBeNull();

    await repo.markRefunded(a.id, fakeSignature(), new Date());
    // The previous test's bet took seed 1 of this chain and is still open: the seed stays hidden.
    expect(
      (await get(`/api/fairness/${second}`)).json<{ seed: { seed: string | null } }>().seed.seed,
    ).toBeNull();
    const [earlier] = await t.db.query<{ id: number }>(
      "SELECT id FROM bets WHERE state = 'Open' AND id < $1 ORDER BY id",
      [a.id],
    );
    if (earlier === undefined) throw new Error('no earlier bet');
    await repo.markRefunded(earlier.id, fakeSignature(), new Date());
    const shown = (await get(`/api/fairness/${second}`)).json<{
      bet: { randomValue: number };
      seed: { seed: string; previousSeed: string; revealed: boolean };
    }>();
    expect(shown.seed.revealed).toBe(true);
    expect(shown.seed.seed).toBe(seedB.seed);
    expect(createHash('sha256').update(Buffer.from(shown.seed.seed, 'hex')).digest('hex')).toBe(
      shown.seed.previousSeed,
    );
    expect(shown.bet.randomValue).toBe(seedB.randomValue);
  });
});

describe('GET /api/fairness', () => {
  it('publishes the current and next heads and every chain, never a secret', async () => {
    const response = await get('/api/fairness');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      current: { id: number; status: string; head: string } | null;
      next: { id: number; status: string } | null;
      chains: Record<string, unknown>[];
    }>();
    expect(body.current?.status).toBe('current');
    expect(body.next?.status).toBe('next');
    expect(response.body).not.toMatch(/secret/);
    const [row] = await t.db.query<{ secret: string }>('SELECT secret FROM fairness_chains LIMIT 1');
    expect(response.body).not.toContain(row?.secret);
  });

  it('rolls over to the published next chain when the current one runs out', async () => {
    const repo = new FairnessRepository(t.db);
    const before = (await get('/api/fairness')).json<{
      current: { id: number };
      next: { id: number; head: string };
    }>();
    const signatures = Array.from({ length: 6 }, () => fakeSignature());
    const bets = await Promise.all(signatures.map((signature, i) => insertBet(signature, 100 + i)));
    const assigned = await repo.assignSeeds(
      bets.map((bet, i) => ({ id: bet.id, betAddress: bet.betAddress, signature: signatures[i] ?? '' })),
      5,
      new Date(),
      (seed, bet) => randomValueFor(seed, bet.betAddress, bet.signature),
    );
    const chainIds = new Set([...assigned.values()].map((seed) => seed.chainId));
    expect(chainIds.has(before.next.id)).toBe(true);
    const after = (await get('/api/fairness')).json<{
      current: { id: number; head: string };
      next: { id: number };
      chains: { id: number; status: string }[];
    }>();
    expect(after.current.id).toBe(before.next.id);
    expect(after.current.head).toBe(before.next.head);
    expect(after.chains.find((chain) => chain.id === before.current.id)?.status).toBe('exhausted');
    expect(after.next.id).toBeGreaterThan(after.current.id);
  });
});
