/**
 * A socket.io connection as a plain class (house style: sockets are classes with `open`, `close` and
 * `onX`; React only subscribes). It owns the reconnect policy — a retry every
 * {@link WEBSOCKET_RECONNECT_DELAY_MS}, at most {@link WEBSOCKET_RECONNECT_ATTEMPTS} in a row — and then
 * reports `lost` until {@link SocketClient.reconnectNow} (a "Retry" button) or the browser coming back
 * online.
 *
 * socket.io's own reconnection is turned off: its backoff is randomised and it has no "gave up" state a
 * UI can show, and one policy here keeps both sockets (and their tests) identical.
 *
 * @module
 */

import { WEBSOCKET_RECONNECT_ATTEMPTS, WEBSOCKET_RECONNECT_DELAY_MS } from '@arcade/sdk/constants';
import { io } from 'socket.io-client';

/** Where a connection stands. */
export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'lost';

// socket.io listeners take any arguments; the events' payloads are checked by their readers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

/** The part of a socket.io `Socket` this class uses (a fake in tests). */
export interface SocketLike {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** What {@link SocketClientOptions.createSocket} receives. */
export interface SocketFactoryOptions {
  readonly path: string;
  readonly auth: Readonly<Record<string, unknown>>;
}

/** Options of {@link SocketClient}. */
export interface SocketClientOptions {
  /** The socket's URL path on the page's origin, e.g. `/chat`. */
  readonly path: string;
  /** Sent in the handshake (`auth.token` for the chat). */
  readonly auth?: Readonly<Record<string, unknown>>;
  /** Default {@link WEBSOCKET_RECONNECT_DELAY_MS}. */
  readonly reconnectDelayMs?: number;
  /** Default {@link WEBSOCKET_RECONNECT_ATTEMPTS}. */
  readonly reconnectAttempts?: number;
  /** Builds the socket, not yet connected; default socket.io on `window.location.origin`. */
  readonly createSocket?: (options: SocketFactoryOptions) => SocketLike;
}

/** Thrown by {@link SocketClient.request} when no acknowledgement comes in time or the socket is down. */
export class SocketRequestError extends Error {
  override readonly name = 'SocketRequestError';
}

function defaultSocket({ path, auth }: SocketFactoryOptions): SocketLike {
  return io(window.location.origin, {
    path,
    auth: { ...auth },
    autoConnect: false,
    reconnection: false,
  });
}

/**
 * One socket.io connection with the app's reconnect policy.
 *
 * @example
 * const client = new SocketClient({ path: '/activity' });
 * const off = client.on('new_bet', (item) => …);
 * client.onStatus((status) => …);
 * client.open();
 */
export class SocketClient {
  readonly #options: SocketClientOptions;
  readonly #delayMs: number;
  readonly #maxAttempts: number;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #statusListeners = new Set<(status: SocketStatus) => void>();
  #socket: SocketLike | null = null;
  #status: SocketStatus = 'connecting';
  #connected = false;
  #attempts = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = true;

  constructor(options: SocketClientOptions) {
    this.#options = options;
    this.#delayMs = options.reconnectDelayMs ?? WEBSOCKET_RECONNECT_DELAY_MS;
    this.#maxAttempts = options.reconnectAttempts ?? WEBSOCKET_RECONNECT_ATTEMPTS;
  }

  /** The current status. */
  get status(): SocketStatus {
    return this.#status;
  }

  /** Whether the socket is connected now (messages sent now reach the server). */
  get connected(): boolean {
    return this.#connected;
  }

  /** Connects; listeners added before or after stay attached across reconnects. */
  open(): void {
    if (!this.#closed) return;
    this.#closed = false;
    const socket = (this.#options.createSocket ?? defaultSocket)({
      path: this.#options.path,
      auth: this.#options.auth ?? {},
    });
    this.#socket = socket;
    socket.on('connect', this.#onConnect);
    socket.on('disconnect', this.#onDisconnect);
    socket.on('connect_error', this.#onConnectError);
    for (const [event, listeners] of this.#listeners) {
      for (const listener of listeners) socket.on(event, listener);
    }
    if (typeof window !== 'undefined') window.addEventListener('online', this.#onOnline);
    this.#attempts = 0;
    // Always announced, even unchanged: a subscriber may hold a previous connection's status.
    this.#status = 'connecting';
    for (const listener of this.#statusListeners) listener('connecting');
    socket.connect();
  }

  /** Disconnects for good; listeners are dropped with the socket. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#clearTimer();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.#onOnline);
    const socket = this.#socket;
    this.#socket = null;
    this.#connected = false;
    if (socket === null) return;
    socket.off('connect', this.#onConnect);
    socket.off('disconnect', this.#onDisconnect);
    socket.off('connect_error', this.#onConnectError);
    for (const [event, listeners] of this.#listeners) {
      for (const listener of listeners) socket.off(event, listener);
    }
    socket.disconnect();
  }

  /** Calls `listener` with every status change (not the current one); returns the unsubscribe. */
  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => {
      this.#statusListeners.delete(listener);
    };
  }

  /** Calls `listener` for every `event` the server sends; returns the unsubscribe. */
  on(event: string, listener: Listener): () => void {
    let listeners = this.#listeners.get(event);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(event, listeners);
    }
    // A Set: adding the same function twice would otherwise double-deliver through the socket.
    if (!listeners.has(listener)) {
      listeners.add(listener);
      this.#socket?.on(event, listener);
    }
    return () => {
      if (this.#listeners.get(event)?.delete(listener) === true) this.#socket?.off(event, listener);
    };
  }

  /** Sends `event` if connected; returns whether it was sent (socket.io would otherwise buffer it). */
  emit(event: string, ...args: unknown[]): boolean {
    if (this.#socket === null || !this.#connected) return false;
    this.#socket.emit(event, ...args);
    return true;
  }

  /**
   * Sends `event` with `payload` and resolves with the server's acknowledgement.
   *
   * @throws SocketRequestError when not connected, or without an answer within `timeoutMs`.
   */
  request(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const socket = this.#socket;
      if (socket === null || !this.#connected) {
        reject(new SocketRequestError('Not connected'));
        return;
      }
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        reject(new SocketRequestError('No answer from the server'));
      }, timeoutMs);
      socket.emit(event, payload, (reply: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }

  /** Starts a fresh round of attempts now (after `lost`, or to skip the wait). */
  reconnectNow(): void {
    if (this.#closed || this.#socket === null || this.#connected) return;
    this.#clearTimer();
    this.#attempts = 0;
    this.#setStatus('reconnecting');
    this.#attempt();
  }

  readonly #onConnect = (): void => {
    this.#clearTimer();
    this.#connected = true;
    this.#attempts = 0;
    this.#setStatus('connected');
  };

  readonly #onDisconnect = (reason: unknown): void => {
    this.#connected = false;
    // Our own disconnect (close) needs no retry; every other reason, a server restart included, does.
    if (this.#closed || reason === 'io client disconnect') return;
    this.#scheduleRetry();
  };

  readonly #onConnectError = (): void => {
    this.#connected = false;
    if (this.#closed) return;
    this.#scheduleRetry();
  };

  readonly #onOnline = (): void => {
    if (this.#status === 'lost') this.reconnectNow();
  };

  #scheduleRetry(): void {
    if (this.#timer !== null) return;
    if (this.#attempts >= this.#maxAttempts) {
      this.#setStatus('lost');
      return;
    }
    this.#setStatus('reconnecting');
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#attempt();
    }, this.#delayMs);
  }

  #attempt(): void {
    if (this.#closed || this.#socket === null) return;
    this.#attempts += 1;
    this.#socket.connect();
  }

  #clearTimer(): void {
    if (this.#timer === null) return;
    clearTimeout(this.#timer);
    this.#timer = null;
  }

  #setStatus(status: SocketStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener(status);
  }
}
