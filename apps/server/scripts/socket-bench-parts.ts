/**
 * What the socket benchmarks share (`bench-sockets.ts`, one instance; `scripts/bench/bench-scale.ts`, the
 * staging stack): the feed item they publish, the paced publisher a server thread runs, the bare socket.io
 * server they measure against, and the figures' helpers.
 *
 * @module
 */

import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

import type { Socket as ClientSocket } from 'socket.io-client';

import type { BetFeedItem } from '../src/events/feed-items.ts';

/** socket.io's `maxHttpBufferSize` in the product (a chat message is far smaller). */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/** Milliseconds on a clock every thread shares, finer than `Date.now`. */
export const clock = (): number => performance.timeOrigin + performance.now();

/** What the main thread asks a server thread. */
export type ToServer =
  { readonly feed: { readonly rate: number; readonly secs: number } } | { readonly stop: true };
/** What a server thread answers: its URL (and chat tokens, where it has users) once up, then progress. */
export type FromServer =
  | { readonly url: string; readonly tokens: readonly string[] }
  | { readonly published: number }
  | { readonly stopped: true };

/** A feed item as the indexer publishes a bet, stamped with its publish time. */
export function feedItem(n: number): BetFeedItem {
  return {
    kind: 'bet',
    id: String(n),
    signature: `bench${String(n)}`,
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
}

/**
 * Answers the main thread's `feed` and `stop` messages for a server thread: publishes `rate` items a
 * second through `publish`, paced against the start so timer drift does not lower the rate.
 */
export function serveMessages(
  publish: (item: BetFeedItem) => void,
  stop: () => Promise<void>,
): (message: FromServer) => void {
  const port = parentPort;
  if (port === null) throw new Error('not a worker');
  const post = (message: FromServer): void => {
    port.postMessage(message);
  };
  let next = 0;
  port.on('message', (message: ToServer) => {
    if ('feed' in message) {
      const { rate, secs } = message.feed;
      const total = Math.round(rate * secs);
      const start = clock();
      let published = 0;
      const tick = (): void => {
        while (published < total && clock() - start >= (published * 1_000) / rate) {
          published += 1;
          next += 1;
          publish(feedItem(next));
        }
        if (published < total) setTimeout(tick, 1);
        else post({ published });
      };
      tick();
    } else {
      void stop().then(() => {
        post({ stopped: true });
      });
    }
  });
  return post;
}

/** The bare server, in a worker thread: socket.io with the product's options and plain emits, no product code. */
export async function serveBare(): Promise<void> {
  const [{ createServer }, { Server }] = await Promise.all([import('node:http'), import('socket.io')]);
  const http = createServer();
  const options = { serveClient: false, destroyUpgrade: false, maxHttpBufferSize: MAX_MESSAGE_BYTES };
  const activity = new Server(http, { ...options, path: '/activity' });
  const chat = new Server(http, { ...options, path: '/chat' });
  activity.on('connection', (socket) => {
    socket.emit('feed', []);
  });
  let id = 0;
  chat.on('connection', (socket) => {
    socket.emit('messages', []);
    socket.on('message', (text: unknown, ack: unknown) => {
      id += 1;
      // The shape and size of the product's message: a username, a wallet address, the text.
      const message = {
        id: String(id),
        user: 'bench_0',
        userId: 'BenchSender111111111111111111111111111111111',
        message: String(text),
        timestamp: Date.now(),
      };
      chat.emit('new_message', message);
      if (typeof ack === 'function') (ack as (reply: unknown) => void)({ success: true, message });
    });
  });
  const url = await new Promise<string>((resolve) => {
    http.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${String((http.address() as { port: number }).port)}`);
    });
  });
  const post = serveMessages(
    (item) => {
      activity.emit('new_bet', item);
    },
    // The main thread ends this thread; disconnecting first lets its clients go quietly.
    () => {
      activity.disconnectSockets(true);
      chat.disconnectSockets(true);
      return Promise.resolve();
    },
  );
  post({ url, tokens: [] });
}

/** The p-th percentile (0–100) of `sorted`, NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

/** Resolves on the socket's first `event`; rejects if the server refuses the connection. */
export function arrival(socket: ClientSocket, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => {
      resolve();
    });
    socket.once('connect_error', (error) => {
      reject(new Error(`a bench client could not connect: ${error.message}`));
    });
  });
}
