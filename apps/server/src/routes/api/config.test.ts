/**
 * `GET /api/config`: what the web app reads before its first render must match the chain the server runs
 * against, and the announcement follows the environment.
 */

import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, openTestDatabase, startTestChain } from '../../../test/harness.ts';
import { LOCAL_ANNOUNCEMENT } from './config.ts';

type Chain = Awaited<ReturnType<typeof startTestChain>>;
type TestDb = Awaited<ReturnType<typeof openTestDatabase>>;

let chain: Chain;
let database: TestDb;

beforeAll(async () => {
  [chain, database] = await Promise.all([startTestChain(), openTestDatabase()]);
}, 120_000);
afterAll(async () => {
  await database.close();
  await chain.stop();
});

describe('GET /api/config', () => {
  it('describes the local chain: RPC through this origin, program ids, mints, admins and the local announcement', async () => {
    const t = await createTestApp({ db: database.db, chain });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const body = response.json<Record<string, unknown>>();
      expect(body).toEqual({
        cluster: 'localnet',
        rpcUrl: '/rpc',
        rpcFallbackUrl: null,
        rpcWsUrl: '/rpc',
        programs: { wager: WAGER_PROGRAM_ADDRESS, foresight: FORESIGHT_PROGRAM_ADDRESS },
        mints: {
          juice: chain.context.addresses.juiceMint,
          usdc: chain.context.addresses.usdcMint,
          usdt: chain.context.addresses.usdtMint,
        },
        priceAccount: chain.context.addresses.priceAccount,
        admins: [...t.app.adminWallets],
        communityChatUrl: 'https://discord.com',
        socialUrl: 'https://x.com',
        announcement: { version: 1, text: LOCAL_ANNOUNCEMENT },
      });
      expect((body['admins'] as string[]).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('takes the announcement, its version and the public RPC from the environment', async () => {
    const t = await createTestApp({
      db: database.db,
      chain,
      env: {
        ANNOUNCEMENT_TEXT: 'Season 2 starts Friday',
        ANNOUNCEMENT_VERSION: '7',
        PUBLIC_RPC_URL: 'https://rpc.example.org',
        PUBLIC_RPC_WS_URL: 'wss://rpc.example.org',
      },
    });
    try {
      const body = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<
        Record<string, unknown>
      >();
      expect(body['announcement']).toEqual({ version: 7, text: 'Season 2 starts Friday' });
      expect(body['rpcUrl']).toBe('https://rpc.example.org');
      expect(body['rpcWsUrl']).toBe('wss://rpc.example.org');
    } finally {
      await t.close();
    }
  });
});
