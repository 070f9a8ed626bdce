/**
 * The `/chat` socket (docs/reference/api.md#the-chat-socket; its text rules: docs/reference/validation.md#chat-messages). Anyone may connect and read: on
 * connect the socket sends `messages`, the last {@link CHAT_HISTORY_LENGTH} oldest first, then
 * `new_message` for each one posted on any instance.
 *
 * Posting (`message`, with an acknowledgement) needs the session token the socket was opened with
 * (`auth.token`, or `?token=`), checked on every message so an expired token stops working mid-session;
 * a wallet that is not blocked, with a username; valid text (see chat-text.ts); and room in the user's
 * rate limit. Each refusal is acknowledged as `{ success: false, error, code }`.
 *
 * The history is read through a short cache ({@link HISTORY_CACHE_MS}) that messages posted on this
 * instance clear, so a burst of connections costs one read, not one each.
 *
 * @module
 */

import { ApiErrorCode, type ApiErrorBody } from '@arcade/sdk/api/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io';

import { TokenError } from '../auth/tokens.ts';
import { apiErrorMessage } from '../http/errors.ts';
import { readProfile } from '../cache/profiles.ts';
import { ReadCache } from '../cache/read-cache.ts';
import { ChatRepository, type ChatMessage } from '../repositories/chat-repository.ts';
import {
  DEFAULT_CHAT_RATE_LIMITS,
  MemoryChatRateLimiter,
  RedisChatRateLimiter,
  slowDownMessage,
  type ChatRateLimiter,
  type RateWindow,
} from './chat-rate-limiter.ts';
import { checkChatText } from './chat-text.ts';
import type { ConnectionSlots } from './connection-slots.ts';
import { SocketServer } from './socket-server.ts';

/** How many messages `messages` sends on connect. */
export const CHAT_HISTORY_LENGTH = 50;

/** How long the history read on connect is served to the next connections. */
export const HISTORY_CACHE_MS = 1_000;

/** A `message` acknowledgement. */
export type ChatAck = { readonly success: true; readonly message: ChatMessage } | ApiErrorBody;

/** A refusal's acknowledgement; the message defaults to the code's. */
function refused(code: ApiErrorCode, error: string = apiErrorMessage(code)): ChatAck {
  return { success: false, error, code };
}

/** What the `/chat` socket emits. */
export type ChatServerEvents = {
  /** The latest messages, oldest first. */
  messages: (messages: readonly ChatMessage[]) => void;
  new_message: (message: ChatMessage) => void;
};

/** What clients send: `message` with the text and an acknowledgement callback (typed loosely: clients are untrusted). */
export type ChatClientEvents = {
  message: (...args: unknown[]) => void;
};

/** Options of {@link createChatSocket}. */
export interface ChatSocketOptions {
  /** Shares the fan-out and the rate limit between instances when set. */
  readonly redis: Redis | null;
  /** Per-user limits; default {@link DEFAULT_CHAT_RATE_LIMITS}. */
  readonly rateLimits?: readonly RateWindow[];
  /** The connection slots per client address, shared with `/activity`. */
  readonly slots: ConnectionSlots;
}

/** The `/chat` socket server. */
export interface ChatSocket {
  readonly server: SocketServer<ChatClientEvents, ChatServerEvents>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The token a client opened the socket with, from `auth.token` or else the `token` query parameter. */
function tokenOf(socket: Socket): string | null {
  const auth = socket.handshake.auth as Record<string, unknown>;
  const query = socket.handshake.query.token;
  const raw = typeof auth.token === 'string' ? auth.token : typeof query === 'string' ? query : null;
  if (raw === null) return null;
  // Clients that keep the HTTP header's form may send `Bearer …`.
  const token = raw.trim().replace(/^Bearer\s+/i, '');
  return token === '' ? null : token;
}

/** Starts the `/chat` socket on `app.server`. */
export function createChatSocket(app: FastifyInstance, options: ChatSocketOptions): ChatSocket {
  const { redis } = options;
  const chat = new ChatRepository(app.db);
  const rateLimits = options.rateLimits ?? DEFAULT_CHAT_RATE_LIMITS;
  const limiter: ChatRateLimiter =
    redis === null ? new MemoryChatRateLimiter(rateLimits) : new RedisChatRateLimiter(redis, rateLimits);
  const history = new ReadCache<'latest', readonly ChatMessage[]>({ ttlMs: HISTORY_CACHE_MS, now: app.now });
  const server = new SocketServer<ChatClientEvents, ChatServerEvents>(app.server, {
    path: '/chat',
    publicUrl: app.env.PUBLIC_URL,
    trustProxy: app.env.TRUST_PROXY,
    slots: options.slots,
    redis,
    channel: 'arcade-chat',
    onError: (error) => {
      app.log.error({ err: error }, 'chat socket: redis');
    },
  });
  const { io } = server;

  /** Checks and stores a message; returns the acknowledgement. */
  async function post(token: string | null, value: unknown): Promise<ChatAck> {
    if (token === null) return refused(ApiErrorCode.MISSING_TOKEN);
    let address: string;
    try {
      address = await app.tokens.verify(token);
    } catch (error) {
      if (error instanceof TokenError) return refused(error.code);
      throw error;
    }
    // The profile route's cache: every write to a user or the blocked list drops the address from it.
    const { user, blocked } = await readProfile(app, address);
    if (blocked) return refused(ApiErrorCode.WALLET_BLOCKED);
    const username = user?.username ?? null;
    if (username === null) return refused(ApiErrorCode.CHAT_USERNAME_REQUIRED);
    const text = checkChatText(value);
    if (!text.ok) return refused(text.code);
    const now = app.now();
    // Per wallet, whichever socket (and, with Redis, whichever instance) the message comes through.
    const verdict = await limiter.take(address, now);
    if (!verdict.allowed) return refused(ApiErrorCode.CHAT_TOO_FAST, slowDownMessage(verdict.window));
    const message = await chat.add({ address, username, text: text.text, atMs: now });
    history.delete('latest');
    io.emit('new_message', message);
    return { success: true, message };
  }

  io.on('connection', (socket) => {
    const token = tokenOf(socket);

    void (async () => {
      let latest: readonly ChatMessage[];
      try {
        latest = await history.get('latest', () => chat.latest(CHAT_HISTORY_LENGTH));
      } catch (error) {
        app.log.error({ err: error }, 'chat socket: reading the history');
        latest = [];
      }
      socket.emit('messages', latest);
    })();

    socket.on('message', (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (reply: ChatAck) => void) : null;
      const value = ack === null ? args[0] : args.length > 1 ? args[0] : undefined;
      void (async () => {
        let reply: ChatAck;
        try {
          reply = await post(token, value);
        } catch (error) {
          app.log.error({ err: error }, 'chat socket: posting');
          reply = refused(ApiErrorCode.CHAT_FAILED);
        }
        ack?.(reply);
      })();
    });
  });

  return {
    server,
    ready: () => server.ready(),
    close: () => server.close(),
  };
}
