/**
 * What the server's plugins add to Fastify's instance and requests.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import type { preHandlerAsyncHookHandler } from 'fastify';

import type { TokenService } from './auth/tokens.ts';
import type { ChainContext } from './chain/chain-context.ts';
import type { Env } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { Ports } from './ports/create-ports.ts';

/** The signed-in wallet of a request. */
export interface RequestUser {
  readonly address: Address;
  readonly admin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly env: Env;
    readonly db: Database;
    readonly chain: ChainContext;
    readonly ports: Ports;
    readonly tokens: TokenService;
    /** Wallets allowed into the operator console. */
    readonly adminWallets: ReadonlySet<string>;
    /** Milliseconds since the epoch; tests move it. */
    readonly now: () => number;
    /** Needs a valid bearer token: 401 without one, 403 for a blocked wallet. Sets `request.user`. */
    readonly authenticate: preHandlerAsyncHookHandler;
    /** {@link FastifyInstance.authenticate}, then 403 unless the wallet is an admin. */
    readonly requireAdmin: preHandlerAsyncHookHandler;
    /** The per-user rate limit; put it after `authenticate`. */
    readonly userRateLimit: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
}
