/**
 * `GET /metrics` on the real local chain: the Prometheus text with the HTTP histogram by route pattern, the
 * workers', sockets', House and `/rpc` figures; who may read it (loopback and no forwarding header, the
 * bearer token, the listener of its own); and the indexer's lag growing while its runs hang, until
 * `/api/health` says `degraded` naming it.
 */

import type { Health } from '@arcade/sdk/api/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, startTestServer, type TestServer } from '../../test/harness.ts';
import { createIndexerWorker } from '../workers/indexer/indexer-worker.ts';
import type { Worker } from '../workers/worker.ts';

/** One sample of the text format. */
interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** Parses the Prometheus text format (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (match === null) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1]!] = label[2]!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
function find(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await condition()).toBe(true);
}

let t: TestServer;
/** Makes the indexer's next runs hang until the runner stops them. */
let hang = false;

/** The real indexer, whose runs hang (until aborted) while `hang` is set. */
function hangableIndexer(app: Parameters<typeof createIndexerWorker>[0]): Worker {
  const indexer = createIndexerWorker(app);
  return {
    name: indexer.name,
    intervalMs: indexer.intervalMs,
    run: (signal) =>
      hang
        ? new Promise<void>((resolve) => {
            signal.addEventListener(
              'abort',
              () => {
                resolve();
              },
              { once: true },
            );
          })
        : indexer.run(signal),
    lag: () => indexer.lag(),
    lagMs: () => indexer.lagMs(),
    details: () => indexer.details(),
  };
}

async function scrape(app = t.app): Promise<Sample[]> {
  const response = await app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return parseMetrics(response.body);
}

beforeAll(async () => {
  t = await startTestServer({ workers: (app) => [hangableIndexer(app)] });
}, 120_000);
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('has the process metrics and the HTTP durations by route pattern, method and status', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: `/api/user/${t.admins[0]!.address}` });
    await t.app.inject({ url: '/api/no-such-route' });
    const samples = await scrape();
    expect(find(samples, 'process_resident_memory_bytes')[0]!.value).toBeGreaterThan(0);
    expect(find(samples, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    const count = (labels: Record<string, string>) =>
      find(samples, 'arcade_http_request_duration_seconds_count', labels).reduce(
        (sum, s) => sum + s.value,
        0,
      );
    expect(count({ route: '/api/health', method: 'GET', status_code: '200' })).toBeGreaterThanOrEqual(1);
    // The pattern, never the address in the URL.
    expect(count({ route: '/api/user/:address', method: 'GET' })).toBe(1);
    expect(samples.some((s) => JSON.stringify(s.labels).includes(t.admins[0]!.address))).toBe(false);
    expect(count({ route: 'unmatched', method: 'GET', status_code: '404' })).toBe(1);
    expect(
      find(samples, 'arcade_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' }),
    ).not.toHaveLength(0);
  });

  it('reports the workers, the sockets, the House and the /rpc calls by method', async () => {
    // The first run done: a success and the chain's tip read.
    await until(() => {
      const health = t.app.workers[0]!.health();
      return health.lastSuccessAt !== null && typeof health.lag?.slotsBehind === 'number';
    });
    await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: [
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'getProgramAccounts', params: [] },
      ],
    });
    const samples = await scrape();
    expect(find(samples, 'arcade_worker_leader', { worker: 'indexer' })[0]?.value).toBe(1);
    expect(find(samples, 'arcade_worker_up', { worker: 'indexer' })[0]?.value).toBe(1);
    expect(find(samples, 'arcade_worker_status', { worker: 'indexer', status: 'leader' })[0]?.value).toBe(1);
    expect(find(samples, 'arcade_worker_runs_total', { worker: 'indexer' })[0]!.value).toBeGreaterThan(0);
    expect(find(samples, 'arcade_worker_failures_total', { worker: 'indexer' })[0]?.value).toBe(0);
    expect(find(samples, 'arcade_worker_last_success_timestamp_seconds', { worker: 'indexer' })).toHaveLength(
      1,
    );
    expect(find(samples, 'arcade_worker_slots_behind', { worker: 'indexer' })).toHaveLength(1);
    expect(find(samples, 'arcade_socket_connections', { namespace: '/activity' })[0]?.value).toBe(0);
    expect(find(samples, 'arcade_socket_connections', { namespace: '/chat' })[0]?.value).toBe(0);
    expect(find(samples, 'arcade_house_free_balance_lamports')[0]!.value).toBeGreaterThan(0);
    expect(find(samples, 'arcade_house_outstanding_lamports')[0]!.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'arcade_house_read_errors_total')[0]?.value).toBe(0);
    expect(
      find(samples, 'arcade_rpc_proxy_calls_total', { method: 'getSlot', transport: 'http' })[0]?.value,
    ).toBe(1);
    // A method outside the allowed list is counted as `other`, not by its name.
    expect(
      find(samples, 'arcade_rpc_proxy_calls_total', { method: 'other', transport: 'http' })[0]?.value,
    ).toBe(1);
    expect(find(samples, 'arcade_rpc_proxy_calls_total', { method: 'getProgramAccounts' })).toHaveLength(0);
  });

  it('answers loopback clients only, and 404 to a forwarded or remote one', async () => {
    const forwarded = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(404);
    expect(forwarded.json()).toMatchObject({ success: false, code: 1013 });
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.0.0.5' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('needs the bearer token when METRICS_TOKEN is set, from anywhere', async () => {
    const token = 'm'.repeat(40);
    const other = await createTestApp({ db: t.db, chain: t.chain, env: { METRICS_TOKEN: token } });
    try {
      const missing = await other.app.inject({ url: '/metrics' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ success: false, code: 2000 });
      const wrong = await other.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${'n'.repeat(40)}` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ success: false, code: 2001 });
      const right = await other.app.inject({
        url: '/metrics',
        remoteAddress: '10.0.0.5',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('process_resident_memory_bytes');
    } finally {
      await other.close();
    }
  });

  it('moves to its own listener with METRICS_PORT, and is gone from the public port', async () => {
    const other = await createTestApp({ db: t.db, chain: t.chain, env: { METRICS_PORT: '0' } });
    try {
      expect((await other.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const url = await other.app.metrics.listen();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${url!}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('arcade_http_request_duration_seconds');
      expect((await fetch(`${url!}/other`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('shows the indexer falling behind while its runs hang, and /api/health degraded naming it', async () => {
    const indexer = t.app.workers[0]!;
    await until(
      () => indexer.health().lag?.slotsBehind !== null && indexer.health().lag?.slotsBehind !== undefined,
    );
    const healthy = await t.app.inject({ url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json<Health>()).toMatchObject({ status: 'ok', lagging: [] });
    const before = find(await scrape(), 'arcade_worker_slots_behind', { worker: 'indexer' })[0]!.value;
    expect(before).toBeLessThan(150);

    hang = true;
    const runs = indexer.health().runs;
    await until(() => indexer.health().runs > runs); // a run began after `hang`: it hangs
    t.clock.advance(70_000);

    const samples = await scrape();
    expect(
      find(samples, 'arcade_worker_slots_behind', { worker: 'indexer' })[0]!.value,
    ).toBeGreaterThanOrEqual(before + 175);
    expect(find(samples, 'arcade_worker_degraded', { worker: 'indexer' })[0]?.value).toBe(1);
    const degraded = await t.app.inject({ url: '/api/health' });
    expect(degraded.statusCode).toBe(200);
    const health = degraded.json<Health>();
    expect(health.status).toBe('degraded');
    expect(health.success).toBe(true);
    expect(health.lagging).toEqual([
      {
        worker: 'indexer',
        reasons: expect.arrayContaining([
          expect.stringMatching(/slots behind the chain \(threshold 150\)$/),
          expect.stringMatching(/^no successful run for 70 s/),
        ]) as unknown,
      },
    ]);
  });
});
