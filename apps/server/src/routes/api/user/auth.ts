/**
 * Sign-in: `POST /api/user/nonce` (an addition to the spec), `POST /api/user/authenticate`,
 * `GET /api/user/verify/{address}` and `POST /api/user/signout` (an addition: revokes the token).
 *
 * @module
 */

import { addressParams, addressSchema, successSchema } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { TokenError } from '../../../auth/tokens.ts';
import { forbidden, unauthorized } from '../../../http/errors.ts';
import { bearer, errorResponses, errorSchema, limitResponses } from '../../../http/schemas.ts';
import { bearerToken } from '../../../plugins/auth.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { signIn } = app.services;

  app.post(
    '/nonce',
    {
      schema: {
        summary: 'A single-use sign-in nonce and the Sign-In With Solana message to sign',
        tags: ['user'],
        body: z.object({ address: addressSchema }),
        response: {
          200: z.object({
            success: z.literal(true),
            nonce: z.string(),
            message: z.string(),
            input: z.object({
              domain: z.string(),
              address: z.string(),
              statement: z.string(),
              uri: z.string(),
              version: z.string(),
              chainId: z.string(),
              nonce: z.string(),
              issuedAt: z.string(),
              expirationTime: z.string(),
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { fields, message } = await signIn.issueNonce(request.body.address);
      return { success: true as const, nonce: fields.nonce, message, input: fields };
    },
  );

  app.post(
    '/authenticate',
    {
      schema: {
        summary:
          'Exchanges a signed sign-in message (or, with ledger, a signed memo transaction) for a token',
        tags: ['user'],
        body: z.object({
          address: addressSchema,
          signature: z
            .string({ error: 'Invalid signature' })
            .min(1, 'Invalid signature')
            .max(4096, 'Invalid signature'),
          ledger: z.boolean({ error: 'ledger must be true or false' }).default(false),
          nonce: z
            .string({ error: 'Invalid nonce' })
            .regex(/^[0-9a-f]{32}$/, 'Invalid nonce')
            .optional()
            .meta({
              description:
                'the nonce of the signed message, as POST /api/user/nonce returned it; needed unless `message` or the Ledger memo carries it',
            }),
          message: z.string().max(2048).optional(),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            token: z.string(),
            expiresAt: z.number(),
            address: z.string(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { token, expiresAt } = await signIn.authenticate(request.body);
      return { success: true as const, token, expiresAt, address: request.body.address };
    },
  );

  app.get(
    '/verify/:address',
    {
      preValidation: app.authenticate,
      schema: {
        summary: 'Checks that the bearer token is valid and belongs to the address',
        tags: ['user'],
        security: bearer,
        params: addressParams,
        response: { 200: successSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (request.user?.address !== request.params.address)
        throw forbidden(ApiErrorCode.TOKEN_ADDRESS_MISMATCH);
      return { success: true as const };
    },
  );

  app.post(
    '/signout',
    {
      preValidation: app.authenticate,
      schema: {
        summary: 'Revokes the bearer token: every instance refuses it from now on (401 Token revoked)',
        tags: ['user'],
        security: bearer,
        // 400 only for a body that is not JSON: the route reads none.
        response: {
          200: successSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          ...limitResponses,
        },
      },
    },
    async (request) => {
      try {
        await app.tokens.revoke(bearerToken(request));
      } catch (error) {
        // Revoked by a concurrent sign-out since `authenticate` checked it.
        if (error instanceof TokenError) throw unauthorized(error.code, error.message);
        throw error;
      }
      return { success: true as const };
    },
  );
};

export default routes;
