/**
 * `GET /api/config`: what the web app needs before its first render (an addition to the spec). The
 * cluster, where browsers reach its RPC, the program ids and mints, the admins who see the operator
 * console (the server still checks them on every admin call), links and the announcement.
 *
 * @module
 */

import { runtimeConfigSchema, type RuntimeConfig } from '@arcade/sdk/api/config';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { rateLimitResponses, transportResponses } from '../../http/schemas.ts';

/** The marquee's text on the embedded chain when `ANNOUNCEMENT_TEXT` is not set. */
export const LOCAL_ANNOUNCEMENT =
  'You are on the local chain: connect the Local test wallet to play every game with free SOL.';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { env, chain } = app;
  const text = env.ANNOUNCEMENT_TEXT ?? (chain.cluster === 'localnet' ? LOCAL_ANNOUNCEMENT : undefined);
  const body: RuntimeConfig = {
    cluster: chain.cluster,
    rpcUrl: env.PUBLIC_RPC_URL,
    rpcFallbackUrl: null,
    rpcWsUrl: env.PUBLIC_RPC_WS_URL,
    programs: { wager: WAGER_PROGRAM_ADDRESS, foresight: FORESIGHT_PROGRAM_ADDRESS },
    mints: {
      juice: chain.addresses.juiceMint,
      usdc: chain.addresses.usdcMint,
      usdt: chain.addresses.usdtMint,
    },
    priceAccount: chain.addresses.priceAccount,
    admins: [...app.adminWallets],
    communityChatUrl: env.COMMUNITY_CHAT_URL,
    socialUrl: env.SOCIAL_URL,
    announcement: text === undefined ? null : { version: env.ANNOUNCEMENT_VERSION, text },
  };

  app.get(
    '/config',
    {
      schema: {
        summary: 'What the web app needs before its first render: cluster, RPC, programs, mints, admins',
        tags: ['config'],
        response: { 200: runtimeConfigSchema, ...rateLimitResponses, ...transportResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
};

export default routes;
