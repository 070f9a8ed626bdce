import { WEBSOCKET_RECONNECT_ATTEMPTS, WEBSOCKET_RECONNECT_DELAY_MS } from '@arcade/sdk/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  SocketClient,
  type SocketFactoryOptions,
  type SocketLike,
  type SocketStatus,
} from './socket-client.ts';

type Listener = (...args: unknown[]) => void;

/** A socket.io socket stand-in: the test decides when connects succeed. */
class FakeSocket implements SocketLike {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly emitted: unknown[][] = [];
  connectCalls = 0;
  disconnectCalls = 0;

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
  }
  connect() {
    this.connectCalls += 1;
  }
  disconnect() {
    this.disconnectCalls += 1;
  }
  /** The server side: fire an event at the client. */
  fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

function setup() {
  const socket = new FakeSocket();
  const created: SocketFactoryOptions[] = [];
  const client = new SocketClient({
    path: '/chat',
    auth: { token: 't0k' },
    createSocket: (options) => {
      created.push(options);
      return socket;
    },
  });
  const statuses: SocketStatus[] = [];
  client.onStatus((status) => statuses.push(status));
  return { socket, client, statuses, created };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SocketClient', () => {
  it('opens with the path and auth, and reports connecting then connected', () => {
    const { socket, client, statuses, created } = setup();
    client.open();
    expect(created).toEqual([{ path: '/chat', auth: { token: 't0k' } }]);
    expect(socket.connectCalls).toBe(1);
    expect(client.status).toBe('connecting');
    socket.fire('connect');
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(client.connected).toBe(true);
  });

  it(`retries every ${WEBSOCKET_RECONNECT_DELAY_MS} ms and gives up as 'lost' after ${WEBSOCKET_RECONNECT_ATTEMPTS} attempts`, () => {
    const { socket, client, statuses } = setup();
    client.open();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    expect(client.status).toBe('reconnecting');
    for (let attempt = 1; attempt <= WEBSOCKET_RECONNECT_ATTEMPTS; attempt += 1) {
      vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY_MS - 1);
      expect(socket.connectCalls).toBe(attempt);
      vi.advanceTimersByTime(1);
      expect(socket.connectCalls).toBe(attempt + 1);
      socket.fire('connect_error', new Error('refused'));
    }
    expect(client.status).toBe('lost');
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'lost']);
    // Lost means no more attempts on its own.
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1 + WEBSOCKET_RECONNECT_ATTEMPTS);
  });

  it('reconnectNow starts a fresh round after lost, and a success resets the count', () => {
    const { socket, client } = setup();
    client.open();
    for (let i = 0; i <= WEBSOCKET_RECONNECT_ATTEMPTS; i += 1) {
      socket.fire('connect_error', new Error('down'));
      vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY_MS);
    }
    expect(client.status).toBe('lost');
    const before = socket.connectCalls;
    client.reconnectNow();
    expect(socket.connectCalls).toBe(before + 1);
    expect(client.status).toBe('reconnecting');
    socket.fire('connect');
    expect(client.status).toBe('connected');
    // A later drop gets the full number of attempts again.
    socket.fire('disconnect', 'ping timeout');
    for (let i = 0; i < WEBSOCKET_RECONNECT_ATTEMPTS; i += 1) {
      expect(client.status).toBe('reconnecting');
      vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY_MS);
      socket.fire('connect_error', new Error('down'));
    }
    expect(client.status).toBe('lost');
  });

  it('a server restart (io server disconnect) is retried too; close stops everything', () => {
    const { socket, client } = setup();
    client.open();
    socket.fire('connect');
    socket.fire('disconnect', 'io server disconnect');
    expect(client.status).toBe('reconnecting');
    client.close();
    expect(socket.disconnectCalls).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(socket.connectCalls).toBe(1);
  });

  it('keeps listeners across reconnects and unsubscribes them', () => {
    const { socket, client } = setup();
    const seen: unknown[] = [];
    const off = client.on('new_message', (message: unknown) => seen.push(message));
    client.open();
    socket.fire('connect');
    socket.fire('new_message', 'a');
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY_MS);
    socket.fire('connect');
    socket.fire('new_message', 'b');
    off();
    socket.fire('new_message', 'c');
    expect(seen).toEqual(['a', 'b']);
  });

  it('emits only while connected, and request resolves with the ack or rejects on timeout', async () => {
    const { socket, client } = setup();
    client.open();
    expect(client.emit('ping')).toBe(false);
    await expect(client.request('message', 'gm', 1_000)).rejects.toThrow('Not connected');
    socket.fire('connect');
    expect(client.emit('ping', 1)).toBe(true);
    const answered = client.request('message', 'gm', 1_000);
    const ack = socket.emitted.at(-1)!.at(-1) as (reply: unknown) => void;
    ack({ success: true });
    await expect(answered).resolves.toEqual({ success: true });
    const silent = client.request('message', 'hello', 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(silent).rejects.toThrow('No answer from the server');
  });
});
