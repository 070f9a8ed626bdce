/**
 * The text rule at the `/chat` socket: invisible, bidi, tag and stacked characters are refused in the
 * acknowledgement and never stored or broadcast; emoji messages still go through, stored in NFC.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { generateKeyPairSigner } from '@solana/kit';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../test/harness.ts';
import type { ChatAck } from './chat-socket.ts';
import { CHAT_ERRORS } from './chat-text.ts';

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

/** The acknowledgement's code of each refusal of a message's text. */
const TEXT_CODES: Readonly<Record<string, ApiErrorCode>> = {
  [CHAT_ERRORS.notText]: ApiErrorCode.CHAT_NOT_TEXT,
  [CHAT_ERRORS.empty]: ApiErrorCode.CHAT_EMPTY,
  [CHAT_ERRORS.tooLong]: ApiErrorCode.CHAT_TOO_LONG,
  [CHAT_ERRORS.invalidCharacters]: ApiErrorCode.CHAT_INVALID_CHARACTERS,
};

describe('/chat text rule', () => {
  it('refuses zero-width, bidi, BOM, tag characters, stacked marks and fillers, and stores none', async () => {
    const socket = await chatter();
    const before = await storedMessages();
    const refusals: [string, string][] = [
      ['free\u200bmoney', CHAT_ERRORS.invalidCharacters],
      ['adm\u200din', CHAT_ERRORS.invalidCharacters],
      ['gm\u2060', CHAT_ERRORS.invalidCharacters],
      ['\u200fpaypal.com', CHAT_ERRORS.invalidCharacters],
      ['abc\u200edef', CHAT_ERRORS.invalidCharacters],
      ['\u061chello', CHAT_ERRORS.invalidCharacters],
      ['bom\ufeffinside', CHAT_ERRORS.invalidCharacters],
      ['hidden\u{e0068}\u{e0069}', CHAT_ERRORS.invalidCharacters],
      [`Z${'\u0336'.repeat(99)}`, CHAT_ERRORS.invalidCharacters],
      ['\u3164', CHAT_ERRORS.invalidCharacters],
      ['\u2800\u2800', CHAT_ERRORS.empty],
    ];
    for (const [text, error] of refusals) {
      nextMinute();
      expect({ text, ack: await send(socket, text) }).toEqual({
        text,
        ack: { success: false, error, code: TEXT_CODES[error] },
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
