import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { generateKeyPairSigner } from '@solana/kit';
import pg from 'pg';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openPostgres } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { BetFeedItem, FeedItem } from '../../src/events/feed-items.ts';
import type { ChatMessage } from '../../src/repositories/chat-repository.ts';
import type { ChatAck } from '../../src/sockets/chat-socket.ts';
import { signMessageText } from '../harness.ts';
import type { InstanceCommand, InstanceReport } from './instance.ts';

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';

interface Instance {
  readonly child: ChildProcess;
  readonly url: string;
}

function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = fork(join(import.meta.dirname, 'instance.ts'), [], {
    // Node 24 strips the types itself: nothing of vitest's own loader is wanted in the child.
    execPath: process.execPath,
    execArgv: ['--disable-warning=ExperimentalWarning'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (report: InstanceReport) => {
      if ('url' in report) resolve({ child, url: report.url });
      else reject(new Error(report.error));
    });
    child.once('exit', (code) => {
      reject(new Error(`instance exited with ${String(code)}`));
    });
  });
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.send({ close: true } satisfies InstanceCommand);
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

const clients: ClientSocket[] = [];

function open(url: string, path: string, token?: string): ClientSocket {
  const socket = connect(url, {
    path,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  clients.push(socket);
  return socket;
}

const next = <T>(socket: ClientSocket, event: string): Promise<T> =>
  new Promise((resolve) => socket.once(event, resolve));

describe.skipIf(databaseUrl === '' || redisUrl === '')('two instances on PostgreSQL and Redis', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const db = openPostgres(databaseUrl, { schema, max: 1 });
    await migrate(db);
    await db.close();
    const env = {
      INSTANCE_DATABASE_URL: databaseUrl,
      INSTANCE_DB_SCHEMA: schema,
      INSTANCE_REDIS_URL: redisUrl,
      INSTANCE_JWT_SECRET: randomBytes(32).toString('base64url'),
    };
    const started = await Promise.allSettled([startInstance(env), startInstance(env)]);
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    [a, b] = instances as [Instance, Instance];
  }, 120_000);

  afterAll(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await Promise.all(instances.map(stopInstance));
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await cleanup.end();
  }, 60_000);

  it('delivers a chat message posted on A to a client of B', async () => {
    const signer = await generateKeyPairSigner();
    const post = async (path: string, body: unknown, token?: string): Promise<Response> =>
      fetch(`${a.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
    const { nonce, message } = (await (
      await post('/api/user/nonce', { address: signer.address })
    ).json()) as {
      nonce: string;
      message: string;
    };
    const signedIn = await post('/api/user/authenticate', {
      address: signer.address,
      nonce,
      signature: await signMessageText(signer, message),
      ledger: false,
    });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    expect((await post('/api/user/updateUsername', { username: 'scaleout' }, token)).status).toBe(200);

    const listener = open(b.url, '/chat');
    const sender = open(a.url, '/chat', token);
    await Promise.all([next(listener, 'messages'), next(sender, 'messages')]);
    const received = next<ChatMessage>(listener, 'new_message');
    const ack = (await sender.emitWithAck('message', 'hello from A')) as ChatAck;
    expect(ack).toMatchObject({ success: true, message: { user: 'scaleout', message: 'hello from A' } });
    expect(await received).toEqual(ack.success ? ack.message : null);
  });

  it('relays a feed item published on A to clients of A and B', async () => {
    const onA = open(a.url, '/activity');
    const onB = open(b.url, '/activity');
    await Promise.all([next(onA, 'feed'), next(onB, 'feed')]);
    const item: BetFeedItem = {
      kind: 'bet',
      id: '1',
      signature: 'sig',
      amount: '1000000000',
      odds: 20,
      type: 'sol',
      metadata: { mint: 'So11111111111111111111111111111111111111112', listingPrice: '5000000000' },
      tokenPrice: 1,
      user: 'scaleout',
      userId: 'Wallet',
      timestamp: Date.now(),
      result: null,
    };
    const received = Promise.all([next<FeedItem>(onA, 'new_bet'), next<FeedItem>(onB, 'new_bet')]);
    a.child.send({ publish: item } satisfies InstanceCommand);
    expect(await received).toEqual([item, item]);
  });
});
