/**
 * Realtime sockets under load, in one run (about 30 seconds):
 *
 * 1. Feed fan-out: CLIENTS (default 1,000) `/activity` clients on the websocket transport; the server
 *    publishes feed items at FEED_RATE a second (default 20) for FEED_SECS seconds (default 10). Each item
 *    carries its publish time; each client records receipt minus publish. Prints p50, p99 and deliveries a
 *    second. Target: p99 < 100 ms at 1,000 clients.
 * 2. Chat end to end: SENDERS (default 50) signed-in users with usernames each post in a closed loop (the
 *    next message after the previous one's acknowledgement) for CHAT_SECS seconds (default 5); one
 *    listener counts `new_message`. Prints acknowledged and received messages a second and the
 *    acknowledgement's p50 and p99. Every message goes through the full validation and is stored; only the
 *    rate limit is configured generously, through the sockets plugin's `chatRateLimits` option, so that
 *    it does not cap the measurement.
 *
 * The server runs in a worker thread: the real auth, repositories and sockets plugins on in-memory PGlite
 * (or BENCH_DATABASE_URL), without the chain (the sockets do not use it). The chat clients run in the main
 * thread, and the `/activity` clients in CLIENT_THREADS (default 4) more.
 *
 * Run: `npx node apps/server/scripts/bench-sockets.ts`.
 */

import '@arcade/localnet/no-native-ws';

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { io as connect, type Socket as ClientSocket } from 'socket.io-client';

import type { BetFeedItem } from '../src/events/feed-items.ts';
import type { ChatAck } from '../src/sockets/chat-socket.ts';
import type { ProfileSnapshot } from '../src/types.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 1_000);
const FEED_RATE = Number(process.env.FEED_RATE ?? 20);
const FEED_SECS = Number(process.env.FEED_SECS ?? 10);
const SENDERS = Number(process.env.SENDERS ?? 50);
const CHAT_SECS = Number(process.env.CHAT_SECS ?? 5);
const P99_TARGET_MS = 100;
/** Threads the `/activity` clients are spread over, so decoding on the client side does not skew the latency. */
const CLIENT_THREADS = Number(process.env.CLIENT_THREADS ?? 4);

/** Milliseconds on a clock both threads share, finer than `Date.now`. */
const clock = (): number => performance.timeOrigin + performance.now();

type ToServer = { readonly feed: { readonly rate: number; readonly secs: number } } | { readonly stop: true };
type FromServer =
  | { readonly url: string; readonly tokens: readonly string[] }
  | { readonly published: number }
  | { readonly stopped: true };

async function serve(): Promise<void> {
  const [
    { default: Fastify },
    { default: rateLimit },
    { loadEnv },
    { openPglite, openPostgres },
    { migrate },
    { FeedBus },
    { ReadCache },
    { default: authPlugin },
    { default: repositoriesPlugin },
    { default: socketsPlugin },
  ] = await Promise.all([
    import('fastify'),
    import('@fastify/rate-limit'),
    import('../src/config/env.ts'),
    import('../src/db/database.ts'),
    import('../src/db/migrate.ts'),
    import('../src/events/feed-items.ts'),
    import('../src/cache/read-cache.ts'),
    import('../src/plugins/auth.ts'),
    import('../src/plugins/repositories.ts'),
    import('../src/plugins/sockets.ts'),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'arcade-bench-sockets-'));
  const url = process.env.BENCH_DATABASE_URL;
  const db = url === undefined || url === '' ? await openPglite() : openPostgres(url);
  await migrate(db);
  const env = loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: join(dir, 'server') });
  const app = Fastify({ logger: false });
  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('now', Date.now);
  app.decorate('feed', new FeedBus());
  app.decorate('adminWallets', new Set<string>());
  app.decorate('profileCache', new ReadCache<string, ProfileSnapshot>({ ttlMs: 1_000, now: Date.now }));
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, { secret: randomBytes(32) });
  await app.register(repositoriesPlugin);
  await app.register(socketsPlugin, {
    redis: null,
    chatRateLimits: [{ windowMs: 1_000, max: 1_000_000 }],
  });
  const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const tokens: string[] = [];
  for (let i = 0; i < SENDERS; i += 1) {
    const address = `BenchSender${String(i)}${randomBytes(8).toString('hex')}`;
    await app.repositories.users.setUsername(address, `bench${String(i)}`);
    tokens.push((await app.tokens.issue(address)).token);
  }

  const port = parentPort;
  if (port === null) throw new Error('not a worker');
  const post = (message: FromServer): void => {
    port.postMessage(message);
  };
  port.on('message', (message: ToServer) => {
    if ('feed' in message) {
      const { rate, secs } = message.feed;
      const total = rate * secs;
      const start = clock();
      let published = 0;
      // Paced against the start, so timer drift does not lower the rate.
      const tick = (): void => {
        while (published < total && clock() - start >= (published * 1_000) / rate) {
          published += 1;
          const item: BetFeedItem = {
            kind: 'bet',
            id: String(published),
            signature: `bench${String(published)}`,
            amount: '1000000000',
            odds: 50,
            type: 'sol',
            metadata: { mint: 'So11111111111111111111111111111111111111112', listingPrice: '2000000000' },
            tokenPrice: 1,
            user: 'bench',
            userId: 'BenchWallet',
            timestamp: clock(),
            result: null,
          };
          app.feed.publish(item);
        }
        if (published < total) setTimeout(tick, 1);
        else post({ published });
      };
      tick();
    } else {
      void (async () => {
        await app.close();
        await db.close();
        rmSync(dir, { recursive: true, force: true });
        post({ stopped: true });
      })();
    }
  });
  post({ url: serverUrl, tokens });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

async function run(): Promise<void> {
  const worker = new Worker(new URL(import.meta.url));
  const fromServer = (predicate: (message: FromServer) => boolean): Promise<FromServer> =>
    new Promise((resolve) => {
      const listener = (message: FromServer): void => {
        if (!predicate(message)) return;
        worker.off('message', listener);
        resolve(message);
      };
      worker.on('message', listener);
    });
  const ready = (await fromServer((message) => 'url' in message)) as { url: string; tokens: string[] };
  const open = (path: string, token?: string): ClientSocket =>
    connect(ready.url, {
      path,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(token === undefined ? {} : { auth: { token } }),
    });

  // 1. Feed fan-out.
  const connectedAt = clock();
  const threads = Array.from({ length: CLIENT_THREADS }, (_, i) => {
    const count = Math.floor(CLIENTS / CLIENT_THREADS) + (i < CLIENTS % CLIENT_THREADS ? 1 : 0);
    return new Worker(new URL(import.meta.url), {
      workerData: { url: ready.url, count } satisfies ClientsJob,
    });
  });
  const reports = threads.map(
    (thread) =>
      new Promise<ClientsReport>((resolve) => {
        thread.on('message', (message: ClientsReport | 'connected') => {
          if (message !== 'connected') resolve(message);
        });
      }),
  );
  await Promise.all(
    threads.map(
      (thread) =>
        new Promise((resolve) => {
          thread.once('message', resolve);
        }),
    ),
  );
  console.log(`${String(CLIENTS)} /activity clients connected in ${fmt(clock() - connectedAt)}`);
  worker.postMessage({ feed: { rate: FEED_RATE, secs: FEED_SECS } } satisfies ToServer);
  const { published } = (await fromServer((message) => 'published' in message)) as { published: number };
  const expected = published * CLIENTS;
  for (const thread of threads) thread.postMessage({ expectedPerClient: published });
  const collected = await Promise.all(reports);
  await Promise.all(threads.map((thread) => thread.terminate()));
  const latencies = collected.flatMap((report) => report.latencies).sort((x, y) => x - y);
  const firstReceipt = Math.min(...collected.map((report) => report.firstReceipt));
  const lastReceipt = Math.max(...collected.map((report) => report.lastReceipt));
  const feedP99 = percentile(latencies, 99);
  console.log(
    `feed: ${String(published)} items × ${String(CLIENTS)} clients; delivered ${String(latencies.length)}/${String(expected)}; ` +
      `p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(feedP99)}, max ${fmt(latencies.at(-1) ?? Number.NaN)}; ` +
      `${Math.round((latencies.length * 1_000) / Math.max(1, lastReceipt - firstReceipt)).toLocaleString('en-US')} deliveries/s`,
  );

  // 2. Chat end to end.
  const listener = open('/chat');
  await new Promise((resolve) => listener.once('messages', resolve));
  let received = 0;
  listener.on('new_message', () => {
    received += 1;
  });
  const senders = ready.tokens.map((token) => open('/chat', token));
  await Promise.all(senders.map((socket) => new Promise((resolve) => socket.once('messages', resolve))));
  const ackLatencies: number[] = [];
  const refusals = new Map<string, number>();
  const chatStart = clock();
  const chatEnd = chatStart + CHAT_SECS * 1_000;
  await Promise.all(
    senders.map(async (socket, i) => {
      let n = 0;
      while (clock() < chatEnd) {
        n += 1;
        const sentAt = clock();
        const ack = (await socket.emitWithAck('message', `bench ${String(i)} #${String(n)}`)) as ChatAck;
        ackLatencies.push(clock() - sentAt);
        if (!ack.success) refusals.set(ack.error, (refusals.get(ack.error) ?? 0) + 1);
      }
    }),
  );
  const chatSecs = (clock() - chatStart) / 1_000;
  const accepted = ackLatencies.length - [...refusals.values()].reduce((sum, count) => sum + count, 0);
  const settle = clock() + 5_000;
  while (received < accepted && clock() < settle) await new Promise((r) => setTimeout(r, 20));
  ackLatencies.sort((x, y) => x - y);
  console.log(
    `chat: ${String(SENDERS)} senders for ${chatSecs.toFixed(1)} s; ${Math.round(accepted / chatSecs).toLocaleString('en-US')} messages/s acknowledged, ` +
      `${Math.round(received / chatSecs).toLocaleString('en-US')} messages/s received by a listener (${String(received)}/${String(accepted)}); ` +
      `ack p50 ${fmt(percentile(ackLatencies, 50))}, p99 ${fmt(percentile(ackLatencies, 99))}` +
      (refusals.size > 0 ? `; refusals ${JSON.stringify(Object.fromEntries(refusals))}` : ''),
  );
  listener.disconnect();
  for (const socket of senders) socket.disconnect();

  worker.postMessage({ stop: true } satisfies ToServer);
  await fromServer((message) => 'stopped' in message);
  await worker.terminate();
  const ok = feedP99 < P99_TARGET_MS && latencies.length === expected && received === accepted;
  console.log(ok ? `target met: feed p99 < ${String(P99_TARGET_MS)} ms` : 'TARGET MISSED');
  process.exitCode = ok ? 0 : 1;
}

interface ClientsJob {
  readonly url: string;
  readonly count: number;
}

interface ClientsReport {
  readonly latencies: number[];
  readonly firstReceipt: number;
  readonly lastReceipt: number;
}

/** A client thread: `count` `/activity` clients, reporting every receipt's latency once all arrived. */
async function clients(job: ClientsJob): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error('not a worker');
  const latencies: number[] = [];
  let firstReceipt = Number.POSITIVE_INFINITY;
  let lastReceipt = 0;
  const sockets: ClientSocket[] = [];
  await Promise.all(
    Array.from({ length: job.count }, async () => {
      const socket = connect(job.url, {
        path: '/activity',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('new_bet', (item: BetFeedItem) => {
        const now = clock();
        latencies.push(now - item.timestamp);
        firstReceipt = Math.min(firstReceipt, now);
        lastReceipt = now;
      });
      await new Promise((resolve) => socket.once('feed', resolve));
    }),
  );
  port.postMessage('connected');
  port.once('message', (message: { expectedPerClient: number }) => {
    void (async () => {
      const deadline = clock() + 5_000;
      while (latencies.length < message.expectedPerClient * job.count && clock() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const socket of sockets) socket.disconnect();
      port.postMessage({ latencies, firstReceipt, lastReceipt } satisfies ClientsReport);
    })();
  });
}

if (isMainThread) await run();
else if (workerData === null || workerData === undefined) await serve();
else await clients(workerData as ClientsJob);
