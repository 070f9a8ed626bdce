import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../test/harness.ts';
import { ChatRepository, type ChatMessage } from '../repositories/chat-repository.ts';
import { CHAT_HISTORY_LENGTH, HISTORY_CACHE_MS, type ChatAck } from './chat-socket.ts';

let t: TestServer;
let baseUrl: string;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestServer();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) client.disconnect();
  // Each test reads the history afresh.
  t.clock.advance(HISTORY_CACHE_MS);
});
afterAll(() => t.close());

interface Opened {
  readonly socket: ClientSocket;
  /** The `messages` event sent on connect. */
  readonly history: Promise<ChatMessage[]>;
}

/** A `/chat` client; `messages` is listened for before the connection can deliver it. */
function openChat(options: { token?: string; query?: Record<string, string> } = {}): Opened {
  const socket = connect(baseUrl, {
    path: '/chat',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(options.token === undefined ? {} : { auth: { token: options.token } }),
    ...(options.query === undefined ? {} : { query: options.query }),
  });
  clients.push(socket);
  const history = new Promise<ChatMessage[]>((resolve) => socket.once('messages', resolve));
  return { socket, history };
}

async function openReady(
  options: { token?: string; query?: Record<string, string> } = {},
): Promise<ClientSocket> {
  const opened = openChat(options);
  await opened.history;
  return opened.socket;
}

const send = (socket: ClientSocket, text: unknown): Promise<ChatAck> =>
  socket.emitWithAck('message', text) as Promise<ChatAck>;

const nextMessage = (socket: ClientSocket): Promise<ChatMessage> =>
  new Promise((resolve) => socket.once('new_message', resolve));

const tokenOf = (bearer: string): string => bearer.replace(/^Bearer /, '');

let userCount = 0;

/** A signed-in wallet; with a fresh username unless `username` is false. */
async function newUser(username = true): Promise<{ signer: KeyPairSigner; token: string; username: string }> {
  const signer = await generateKeyPairSigner();
  const token = tokenOf(await signIn(t.app, signer));
  userCount += 1;
  const name = `chatter${userCount}`;
  if (username) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateUsername',
      headers: { authorization: `Bearer ${token}` },
      payload: { username: name },
    });
    expect(response.statusCode).toBe(200);
  }
  return { signer, token, username: name };
}

async function messageCount(): Promise<number> {
  const rows = await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM chat_messages');
  return rows[0]?.n ?? 0;
}

/** Moves the test clock past both rate-limit windows (a fresh minute). */
function nextMinute(): void {
  t.clock.advance(60_000 - (t.clock.now() % 60_000));
}

/** The acknowledgement's code of each refusal of a message's text. */
const TEXT_CODES: Readonly<Record<string, ApiErrorCode>> = Object.fromEntries(
  [
    ApiErrorCode.CHAT_NOT_TEXT,
    ApiErrorCode.CHAT_EMPTY,
    ApiErrorCode.CHAT_TOO_LONG,
    ApiErrorCode.CHAT_INVALID_CHARACTERS,
  ].map((code) => [API_ERROR_MESSAGES[code], code]),
);

describe('/chat reading', () => {
  it('sends the history on connect without a token, and new messages live', async () => {
    const reader = openChat();
    expect(Array.isArray(await reader.history)).toBe(true);
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    nextMinute();
    const received = nextMessage(reader.socket);
    const ack = await send(sender, '  gm everyone  ');
    expect(ack).toEqual({
      success: true,
      message: {
        id: expect.stringMatching(/^\d+$/) as unknown,
        user: poster.username,
        userId: poster.signer.address,
        message: 'gm everyone',
        timestamp: t.clock.now(),
      },
    });
    // Every client, the sender included, gets the same message.
    expect(await received).toEqual(ack.success ? ack.message : null);
  });

  it('sends the last 50 messages on connect, oldest first', async () => {
    const repository = new ChatRepository(t.db);
    const written: ChatMessage[] = [];
    for (let i = 0; i < CHAT_HISTORY_LENGTH + 5; i += 1) {
      written.push(
        await repository.add({
          address: 'Addr',
          username: 'historian',
          text: `line ${i}`,
          atMs: 1_700_000_000_000 + i,
        }),
      );
    }
    const history = await openChat().history;
    expect(history).toHaveLength(CHAT_HISTORY_LENGTH);
    expect(history).toEqual(written.slice(-CHAT_HISTORY_LENGTH));
    expect(history[0]?.message).toBe('line 5');
    expect(history.at(-1)).toEqual({
      id: written.at(-1)?.id,
      user: 'historian',
      userId: 'Addr',
      message: `line ${CHAT_HISTORY_LENGTH + 4}`,
      timestamp: 1_700_000_000_000 + CHAT_HISTORY_LENGTH + 4,
    });
  });

  it('reads the history once for a burst of connections, and again after a message is posted', async () => {
    const latest = vi.spyOn(ChatRepository.prototype, 'latest');
    const burst = Array.from({ length: 10 }, () => openChat());
    const histories = await Promise.all(burst.map((opened) => opened.history));
    expect(latest).toHaveBeenCalledTimes(1);
    expect(new Set(histories.map((history) => JSON.stringify(history))).size).toBe(1);
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    nextMinute();
    const ack = await send(sender, 'fresh line');
    expect(ack.success).toBe(true);
    const after = await openChat().history;
    expect(after.at(-1)).toEqual(ack.success ? ack.message : null);
    expect(latest).toHaveBeenCalledTimes(2);
  });

  it('keeps HTML as plain text, in the ack, the broadcast and the history', async () => {
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    const reader = await openReady();
    nextMinute();
    const html = '<script>alert("x")</script> &amp; <b>bold</b>';
    const received = nextMessage(reader);
    const ack = await send(sender, html);
    expect(ack.success && ack.message.message).toBe(html);
    expect((await received).message).toBe(html);
    expect((await openChat().history).at(-1)?.message).toBe(html);
  });

  it('accepts the token in the query when auth has none', async () => {
    const poster = await newUser();
    const sender = await openReady({ query: { token: poster.token } });
    nextMinute();
    expect(await send(sender, 'via query')).toMatchObject({
      success: true,
      message: { message: 'via query' },
    });
  });
});

describe('/chat posting refusals', () => {
  it('refuses without a token, with a bad one and with an expired one', async () => {
    const before = await messageCount();
    expect(await send(await openReady(), 'hello')).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
    expect(await send(await openReady({ token: 'not-a-token' }), 'hello')).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
    const poster = await newUser();
    // Valid shape, wrong signature.
    const forged = `${poster.token.slice(0, -4)}AAAA`;
    expect(await send(await openReady({ token: forged }), 'hello')).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
    const longAgo = Math.floor(Date.now() / 1000) - t.env.JWT_TTL_SECS - 60;
    const { token: expired } = await t.app.tokens.issue(poster.signer.address, longAgo);
    expect(await send(await openReady({ token: expired }), 'hello')).toEqual({
      success: false,
      error: 'Token expired',
      code: ApiErrorCode.TOKEN_EXPIRED,
    });
    expect(await messageCount()).toBe(before);
  });

  it('refuses a wallet without a username', async () => {
    const nameless = await newUser(false);
    expect(await send(await openReady({ token: nameless.token }), 'hello')).toEqual({
      success: false,
      error: 'Set a username to chat',
      code: ApiErrorCode.CHAT_USERNAME_REQUIRED,
    });
  });

  it('refuses a blocked wallet', async () => {
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    await t.app.repositories.blockedWallets.block(poster.signer.address, 'spam', t.admins[0]!.address);
    t.app.profileCache.delete(poster.signer.address);
    nextMinute();
    expect(await send(sender, 'hello')).toEqual({
      success: false,
      error: 'Wallet is blocked',
      code: ApiErrorCode.WALLET_BLOCKED,
    });
    await t.app.repositories.blockedWallets.unblock(poster.signer.address);
    t.app.profileCache.delete(poster.signer.address);
    expect(await send(sender, 'hello')).toMatchObject({ success: true });
  });

  it('validates the text: empty, length in code points, control characters, non-strings', async () => {
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    const before = await messageCount();
    const refusals: [unknown, string][] = [
      ['', 'Message cannot be empty'],
      ['   \t  ', 'Message cannot be empty'],
      [null, 'Message cannot be empty'],
      ['a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 'Message cannot be longer than 100 characters'],
      ['a'.repeat(10_000), 'Message cannot be longer than 100 characters'],
      ['😀'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 'Message cannot be longer than 100 characters'],
      ['nul\u0000byte', 'Message contains invalid characters'],
      ['line\nbreak', 'Message contains invalid characters'],
      ['bell\u0007', 'Message contains invalid characters'],
      ['\u202Eevil', 'Message contains invalid characters'],
      ['lone \uD800 surrogate', 'Message contains invalid characters'],
      [42, 'Message must be text'],
      [{ text: 'hi' }, 'Message must be text'],
      [['hi'], 'Message must be text'],
    ];
    for (const [value, error] of refusals) {
      expect({ value, ack: await send(sender, value) }).toEqual({
        value,
        ack: { success: false, error, code: TEXT_CODES[error] },
      });
    }
    expect(await messageCount()).toBe(before);
    nextMinute();
    // 100 characters exactly, and 100 emoji (200 UTF-16 units) are both within the limit.
    expect(await send(sender, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toMatchObject({ success: true });
    t.clock.advance(1_000);
    const emoji = '😀'.repeat(CHAT_MESSAGE_MAX_LENGTH);
    expect(await send(sender, emoji)).toMatchObject({ success: true, message: { message: emoji } });
    expect(API_ERROR_MESSAGES[ApiErrorCode.CHAT_TOO_LONG]).toBe(
      'Message cannot be longer than 100 characters',
    );
  });

  it('survives clients that send no text, no acknowledgement, or a message too big for the socket', async () => {
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    sender.emit('message', 'no ack');
    sender.emit('message');
    sender.emit('message', 1, 2, 3);
    expect((await sender.emitWithAck('message')) as ChatAck).toEqual({
      success: false,
      error: 'Message cannot be empty',
      code: ApiErrorCode.CHAT_EMPTY,
    });
    // Over the 16 KiB message limit: the server drops that client, and only that client.
    const flooder = await openReady({ token: poster.token });
    const dropped = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
    flooder.emit('message', 'x'.repeat(20_000));
    expect(await dropped).toBe('transport close');
    nextMinute();
    expect(await send(sender, 'still here')).toMatchObject({ success: true });
  });

  it('refuses a second message within a second of the first across a clock second, and on another socket of the user', async () => {
    const poster = await newUser();
    const first = await openReady({ token: poster.token });
    const second = await openReady({ token: poster.token });
    nextMinute();
    // 0.9 s into a second of the clock, then 0.2 s later (the next second) and 0.5 s after that: three
    // messages within 1.5 s went through with windows aligned to the clock.
    t.clock.advance(900);
    expect(await send(first, 'one')).toMatchObject({ success: true });
    t.clock.advance(200);
    expect(await send(first, 'two')).toEqual({
      success: false,
      error: 'Slow down: one message per second',
      code: ApiErrorCode.CHAT_TOO_FAST,
    });
    // The user's other socket (another tab) shares the allowance.
    expect(await send(second, 'two, from the other tab')).toEqual({
      success: false,
      error: 'Slow down: one message per second',
      code: ApiErrorCode.CHAT_TOO_FAST,
    });
    t.clock.advance(500);
    expect(await send(second, 'three')).toEqual({
      success: false,
      error: 'Slow down: one message per second',
      code: ApiErrorCode.CHAT_TOO_FAST,
    });
    // A full second after the first message.
    t.clock.advance(300);
    expect(await send(second, 'three')).toMatchObject({ success: true });
  });

  it('refuses a 101-character and a 10,000-character message with a clear error, and keeps serving', async () => {
    const poster = await newUser();
    const sender = await openReady({ token: poster.token });
    nextMinute();
    const before = await messageCount();
    expect(await send(sender, 'b'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual({
      success: false,
      error: 'Message cannot be longer than 100 characters',
      code: ApiErrorCode.CHAT_TOO_LONG,
    });
    expect(await send(sender, 'c'.repeat(10_000))).toEqual({
      success: false,
      error: 'Message cannot be longer than 100 characters',
      code: ApiErrorCode.CHAT_TOO_LONG,
    });
    expect(await messageCount()).toBe(before);
    expect(await send(sender, 'still fine')).toMatchObject({ success: true });
  });

  it('limits each user to one message a second and twenty a minute', async () => {
    const poster = await newUser();
    const other = await newUser();
    const sender = await openReady({ token: poster.token });
    const otherSender = await openReady({ token: other.token });
    nextMinute();
    expect(await send(sender, 'first')).toMatchObject({ success: true });
    expect(await send(sender, 'second')).toEqual({
      success: false,
      error: 'Slow down: one message per second',
      code: ApiErrorCode.CHAT_TOO_FAST,
    });
    // The limit is per user.
    expect(await send(otherSender, 'mine')).toMatchObject({ success: true });
    t.clock.advance(1_000);
    expect(await send(sender, 'second')).toMatchObject({ success: true });
    for (let i = 3; i <= 20; i += 1) {
      t.clock.advance(1_000);
      expect(await send(sender, `message ${i}`)).toMatchObject({ success: true });
    }
    t.clock.advance(1_000);
    expect(await send(sender, 'twenty-first')).toEqual({
      success: false,
      error: 'Slow down: at most 20 messages per minute',
      code: ApiErrorCode.CHAT_TOO_FAST,
    });
    nextMinute();
    expect(await send(sender, 'next minute')).toMatchObject({ success: true });
  });
});
