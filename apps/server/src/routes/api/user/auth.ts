/**
 * Sign-in: `POST /api/user/nonce` (an addition to the spec), `POST /api/user/authenticate`,
 * `GET /api/user/verify/{address}` and `POST /api/user/signout` (an addition: revokes the token).
 *
 * @module
 */

import { addressParams, successSchema } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  authenticateBodySchema,
  authenticateResponseSchema,
  nonceBodySchema,
  nonceResponseSchema,
} from '@arcade/sdk/api/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
        body: nonceBodySchema,
        response: {
          200: nonceResponseSchema,
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
        body: authenticateBodySchema,
        response: {
          200: authenticateResponseSchema,
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
        if (error instanceof TokenError) throw unauthorized(error.code);
        throw error;
      }
      return { success: true as const };
    },
  );
};

export default routes;
