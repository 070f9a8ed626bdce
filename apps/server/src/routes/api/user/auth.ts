/**
 * Sign-in: `POST /api/user/nonce` (an addition to the spec), `POST /api/user/authenticate` and
 * `GET /api/user/verify/{address}`.
 *
 * @module
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { forbidden } from '../../../http/errors.ts';
import {
  addressParams,
  addressSchema,
  bearer,
  errorResponses,
  successSchema,
} from '../../../http/schemas.ts';

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
        throw forbidden('Token does not match this address');
      return { success: true as const };
    },
  );
};

export default routes;
