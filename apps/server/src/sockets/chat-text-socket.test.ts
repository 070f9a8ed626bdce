/**
 * The text rule at the `/chat` socket: invisible, bidi, tag and stacked characters are refused in the
 * acknowledgement and never stored or broadcast; emoji messages still go through, stored in NFC.
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { generateKeyPairSigner } from '@solana/kit';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../test/harness.ts';
import type { ChatAck } from './chat-socket.ts';
import type { ChatTextRefusal } from './chat-text.ts';

let t: TestServer;
let baseUrl: string;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestServer();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => t.close());

/** A `/chat` client signed in as a fresh wallet with a username, once the history has arrived. */
async function chatter(): Promise<ClientSocket> {
  const signer = await generateKeyPairSigner();
  const authorization = await signIn(t.app, signer);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/updateUsername',
    headers: { authorization },
    payload: { username: `text${signer.address.slice(0, 8)}` },
  });
  expect(response.statusCode).toBe(200);
  const socket = connect(baseUrl, {
    path: '/chat',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token: authorization.replace(/^Bearer /, '') },
  });
  clients.push(socket);
  await new Promise((resolve) => socket.once('messages', resolve));
  return socket;
}

const send = (socket: ClientSocket, text: unknown): Promise<ChatAck> =>
  socket.emitWithAck('message', text) as Promise<ChatAck>;

async function storedMessages(): Promise<string[]> {
  const rows = await t.db.query<{ message: string }>('SELECT message FROM chat_messages ORDER BY id');
  return rows.map((row) => row.message);
}

/** Moves the test clock past both rate-limit windows (a fresh minute). */
function nextMinute(): void {
  t.clock.advance(60_000 - (t.clock.now() % 60_000));
}

describe('/chat text rule', () => {
  it('refuses zero-width, bidi, BOM, tag characters, stacked marks and fillers, and stores none', async () => {
    const socket = await chatter();
    const before = await storedMessages();
    const refusals: [string, ChatTextRefusal][] = [
      ['free\u200bmoney', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['adm\u200din', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['gm\u2060', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['\u200fpaypal.com', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['abc\u200edef', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['\u061chello', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['bom\ufeffinside', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['hidden\u{e0068}\u{e0069}', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      [`Z${'\u0336'.repeat(99)}`, ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['\u3164', ApiErrorCode.CHAT_INVALID_CHARACTERS],
      ['\u2800\u2800', ApiErrorCode.CHAT_EMPTY],
    ];
    for (const [text, code] of refusals) {
      nextMinute();
      expect({ text, ack: await send(socket, text) }).toEqual({
        text,
        ack: { success: false, error: API_ERROR_MESSAGES[code], code },
      });
    }
    expect(await storedMessages()).toEqual(before);
  });

  it('sends emoji sequences and stores the text in NFC', async () => {
    const socket = await chatter();
    nextMinute();
    const family = await send(socket, 'gm 👨‍👩‍👧 ❤️‍🔥 👍🏽');
    expect(family).toMatchObject({ success: true, message: { message: 'gm 👨‍👩‍👧 ❤️‍🔥 👍🏽' } });
    nextMinute();
    const composed = await send(socket, 'Cafe\u0301');
    expect(composed).toMatchObject({ success: true, message: { message: 'Caf\u00e9' } });
    expect((await storedMessages()).slice(-2)).toEqual(['gm 👨‍👩‍👧 ❤️‍🔥 👍🏽', 'Caf\u00e9']);
  });
});
