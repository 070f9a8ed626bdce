/**
 * Bearer-token authentication, the admin check and the per-user rate limit, as `preValidation` hooks routes
 * opt into. They run before the body is validated, so a caller without a token gets 401 (and a blocked
 * wallet 403) whatever it sent, and learns nothing about a route's rules; a route that puts them in
 * `preHandler`, after validation, is refused when it is declared.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { Address } from '@solana/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

import { TokenRevocations } from '../auth/revocations.ts';
import { TokenError, TokenService } from '../auth/tokens.ts';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors.ts';
import type { RequestUser } from '../types.ts';

/**
 * The bearer token of a request.
 *
 * @throws HttpError 401 'Missing token' / 'Invalid token'.
 */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header === '') throw unauthorized(ApiErrorCode.MISSING_TOKEN);
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (match?.[1] === undefined) throw unauthorized(ApiErrorCode.INVALID_TOKEN);
  return match[1];
}

/** The wallet a request's bearer token belongs to; throws 401 or 403 as `authenticate` does. */
export async function userOf(app: FastifyInstance, request: FastifyRequest): Promise<RequestUser> {
  return sessionOf(app, bearerToken(request));
}

/**
 * The wallet a session token belongs to, wherever the token came from (a bearer header, a link's query).
 *
 * @throws HttpError 401 'Invalid token' / 'Token expired' / 'Token revoked', 403 'Wallet is blocked'.
 */
export async function sessionOf(app: FastifyInstance, token: string): Promise<RequestUser> {
  let address: string;
  try {
    address = await app.tokens.verify(token);
  } catch (error) {
    if (error instanceof TokenError) throw unauthorized(error.code);
    throw error;
  }
  if (await app.repositories.blockedWallets.isBlocked(address)) throw forbidden(ApiErrorCode.WALLET_BLOCKED);
  return { address: address as Address, admin: app.adminWallets.has(address) };
}

export default fp(
  async (app: FastifyInstance, options: { secret: string | Uint8Array; redis?: Redis | null }) => {
    const guards = (): readonly unknown[] => [app.authenticate, app.requireAdmin, app.userRateLimit];
    app.addHook('onRoute', (route) => {
      const late = [route.preHandler ?? []].flat();
      if (late.some((hook) => guards().includes(hook))) {
        throw new Error(
          `${[route.method].flat().join(',')} ${route.url}: authenticate before validation (preValidation)`,
        );
      }
    });
    const issuer = app.env.PUBLIC_URL;
    const now = (): number => app.now();
    const revocations = new TokenRevocations({
      db: app.db,
      redis: options.redis ?? null,
      // One copy per deployment: tokens of another issuer are refused anyway.
      redisKey: `arcade-token-revocations:${issuer}`,
      now,
      onRedisError: (error) => {
        app.log.warn({ err: error }, 'token revocations: redis (checking the database instead)');
      },
    });
    app.decorate(
      'tokens',
      new TokenService({ secret: options.secret, issuer, ttlSecs: app.env.JWT_TTL_SECS, now, revocations }),
    );
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest): Promise<void> => {
      request.user = await userOf(app, request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      request.user = await userOf(app, request);
      if (!request.user.admin) throw forbidden(ApiErrorCode.ADMINS_ONLY);
    });
    // The global hook has already marked the request as limited, so this limiter is applied by hand.
    const limit = app.createRateLimit({
      max: app.env.RATE_LIMIT_USER_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `user:${request.user?.address ?? request.ip}`,
    });
    app.decorate('userRateLimit', async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests(ApiErrorCode.RATE_LIMITED);
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/rate-limit'] },
);
