/**
 * Profiles: `GET /api/user/{address}`, `POST /api/user/updateUsername` and `POST /api/user/updatePfp`.
 *
 * @module
 */

import { addressParams } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  updatePfpBodySchema,
  updatePfpResponseSchema,
  updateUsernameBodySchema,
  updateUsernameResponseSchema,
  userProfileSchema,
  usernameConflictSchema,
} from '@arcade/sdk/api/user';
import { isDeniedUsername } from '@arcade/sdk/text-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readProfile } from '../../../cache/profiles.ts';
import { DEFAULT_USERNAME_DENYLIST } from '../../../config/env.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import { bearer, errorResponses } from '../../../http/schemas.ts';

/**
 * Whether the deny list refuses `username`, compared by skeleton (`isDeniedUsername`): it reads as a listed
 * word once case and look-alikes are folded ('ADMlN', 'adm1n', 'r00t'), or contains one of four or more
 * letters ('xAdm1nx'), so short words ('mod') do not refuse ordinary names ('modest').
 */
export function isUsernameDenied(username: string, denylist: readonly string[]): boolean {
  return isDeniedUsername(username, denylist);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.repositories;
  const denylist = app.env.USERNAME_DENYLIST ?? DEFAULT_USERNAME_DENYLIST;

  app.get(
    '/:address',
    {
      schema: {
        summary:
          "A wallet's profile (username, picture, linked accounts), whether it is blocked and whether it is an admin",
        tags: ['user'],
        params: addressParams,
        response: { 200: userProfileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { address } = request.params;
      const { user, blocked } = await readProfile(app, address);
      return {
        success: true as const,
        address,
        username: user?.username ?? null,
        pfp: user?.pfp ?? null,
        pfpImage: user?.pfpImage ?? null,
        discordId: user?.discordId ?? null,
        discordUsername: user?.discordUsername ?? null,
        twitterId: user?.twitterId ?? null,
        twitterUsername: user?.twitterUsername ?? null,
        referral: user?.referralCode ?? null,
        blocked,
        isAdmin: app.adminWallets.has(address),
      };
    },
  );

  app.post(
    '/updateUsername',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: 'Sets the signed-in wallet’s username (unique ignoring case)',
        tags: ['user'],
        security: bearer,
        body: updateUsernameBodySchema,
        response: {
          200: updateUsernameResponseSchema,
          ...errorResponses,
          409: usernameConflictSchema,
        },
      },
    },
    async (request) => {
      const { username } = request.body;
      const address = request.user!.address;
      if (isUsernameDenied(username, denylist)) {
        throw badRequest(ApiErrorCode.USERNAME_NOT_ALLOWED, { disallowed: true });
      }
      const set = await users.setUsername(address, username);
      app.profileCache.delete(address);
      if (!set) throw conflict(ApiErrorCode.USERNAME_TAKEN, { disallowed: false });
      return { success: true as const, disallowed: false as const, username };
    },
  );

  app.post(
    '/updatePfp',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: 'Sets the profile picture to an NFT the signed-in wallet holds',
        tags: ['user'],
        security: bearer,
        body: updatePfpBodySchema,
        response: {
          200: updatePfpResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const address = request.user!.address;
      const inventory = await app.ports.nftMarket.inventory(address);
      const nft = inventory.find((item) => item.id === request.body.pfp);
      if (nft === undefined) throw badRequest(ApiErrorCode.NFT_NOT_HELD);
      await users.setPfp(address, nft.id, nft.content.links.image);
      app.profileCache.delete(address);
      return { success: true as const, pfp: nft.id, pfpImage: nft.content.links.image };
    },
  );
};

export default routes;
