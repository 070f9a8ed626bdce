/**
 * Test-only entry for the scale-out test: one server instance as a child process, on PostgreSQL (the
 * schema in `INSTANCE_DB_SCHEMA`) and Redis, with its own ephemeral embedded chain. It listens on a free
 * port, sends `{ url }` to the parent over IPC, publishes `{ publish: item }` messages on its feed (as its
 * indexer would), and closes on `{ close: true }` or when the parent goes away.
 *
 * Environment: INSTANCE_DATABASE_URL, INSTANCE_DB_SCHEMA, INSTANCE_REDIS_URL, INSTANCE_JWT_SECRET.
 *
 * @module
 */

import '@arcade/localnet/no-native-ws';

import { join } from 'node:path';

import { Redis } from 'ioredis';

import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { openPostgres } from '../../src/db/database.ts';
import type { FeedItem } from '../../src/events/feed-items.ts';
import { createPorts } from '../../src/ports/create-ports.ts';
import { startTestChain } from '../harness.ts';

/** What the parent sends. */
export type InstanceCommand = { readonly publish: FeedItem } | { readonly close: true };

/** What the instance sends. */
export type InstanceReport = { readonly url: string } | { readonly error: string };

const required = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
};

const send = (report: InstanceReport): void => {
  process.send?.(report);
};

try {
  const chain = await startTestChain();
  const db = openPostgres(required('INSTANCE_DATABASE_URL'), {
    schema: required('INSTANCE_DB_SCHEMA'),
    max: 4,
  });
  const redis = new Redis(required('INSTANCE_REDIS_URL'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(chain.dir, 'server'),
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_USER_PER_MINUTE: '100000',
  });
  const app = await buildApp({
    env,
    db,
    chain: chain.context,
    ports: createPorts(env, chain.context, { db }),
    jwtSecret: required('INSTANCE_JWT_SECRET'),
    adminWallets: [],
    redis,
    logger: false,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  let closing = false;
  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await app.close();
    redis.disconnect();
    await db.close();
    await chain.stop();
    process.exit(0);
  };
  process.on('message', (command: InstanceCommand) => {
    if ('publish' in command) app.feed.publish(command.publish);
    else void close();
  });
  process.on('disconnect', () => void close());
  send({ url });
} catch (error) {
  send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
