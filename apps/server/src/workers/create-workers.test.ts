/**
 * `WORKERS_DRY_RUN`: the named workers are made in dry-run, run without their leader lock, and change
 * nothing: no row, no cursor, no lamport of the server's signers.
 */

import type { KeyPairSigner } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createWorkers } from './create-workers.ts';
import type { Worker } from './worker.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { WORKERS_DRY_RUN: 'all' }, workers: createWorkers });
}, 120_000);
afterAll(() => t.close());

const TABLES = [
  'indexed_signatures',
  'indexer_cursors',
  'bets',
  'market_bets',
  'predictions',
  'markets',
  'foresight_bets',
  'foresight_placements',
  'foresight_rounds',
  'fairness_chains',
  'juice_accruals',
  'referral_vaults',
];

async function state(): Promise<Record<string, unknown>> {
  const counts = await Promise.all(
    TABLES.map(async (table) => {
      const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM ${table}`);
      return [table, row?.n ?? 0] as const;
    }),
  );
  const { rpc } = t.chain.context;
  const balances = await Promise.all(
    Object.entries(t.app.chain.signers as unknown as Record<string, KeyPairSigner>).map(
      async ([role, signer]) => {
        const { value } = await rpc.getBalance(signer.address, { commitment: 'confirmed' }).send();
        return [role, value] as const;
      },
    ),
  );
  return {
    tables: Object.fromEntries(counts),
    cursors: await t.db.query('SELECT * FROM indexer_cursors ORDER BY program'),
    balances: Object.fromEntries(balances),
  };
}

async function until(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `app` with another `WORKERS_DRY_RUN`. */
function withDryRun(app: FastifyInstance, value: 'all' | string[]): FastifyInstance {
  return new Proxy(app, {
    get: (target, key) =>
      key === 'env' ? { ...target.env, WORKERS_DRY_RUN: value } : (Reflect.get(target, key) as unknown),
  });
}

function close(workers: readonly Worker[]): void {
  for (const worker of workers) (worker as Worker & { close?: () => void }).close?.();
}

describe('WORKERS_DRY_RUN', () => {
  it('makes exactly the named workers dry-run', () => {
    const some = createWorkers(withDryRun(t.app, ['indexer', 'market-settler']));
    expect(Object.fromEntries(some.map((worker) => [worker.name, worker.dryRun === true]))).toEqual({
      indexer: true,
      'bet-settler': false,
      'foresight-crank': false,
      'market-settler': true,
    });
    close(some);
    const none = createWorkers(withDryRun(t.app, []));
    expect(none.every((worker) => worker.dryRun !== true)).toBe(true);
    close(none);
  });

  it('runs every worker without its lock, planning, and nothing changes', async () => {
    const before = await state();
    expect(t.app.workers.map((runner) => runner.worker.name).sort()).toEqual(
      ['bet-settler', 'foresight-crank', 'indexer', 'market-settler'].sort(),
    );
    // Each has run a few times (the indexer read the chain's whole history: the markets, rounds and
    // chains the test chain starts with).
    await until(() => t.app.workers.every((runner) => runner.health().runs >= 2));
    for (const runner of t.app.workers) {
      expect(runner.worker.dryRun).toBe(true);
      expect(runner.isLeader).toBe(false);
      expect(runner.health().details).toMatchObject({ dryRun: true });
    }
    await Promise.all(t.app.workers.map((runner) => runner.stop()));
    expect(await state()).toEqual(before);
    const indexer = t.app.workers.find((runner) => runner.worker.name === 'indexer')!;
    expect(indexer.health().details).toMatchObject({ applied: 0 });
    // It did read and plan the chain's setup transactions, writing none of them.
    expect(indexer.health().details.planned).toBeGreaterThan(0);
  });
});
