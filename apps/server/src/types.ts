/**
 * What the server's plugins add to Fastify's instance and requests.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import type { preValidationAsyncHookHandler } from 'fastify';

import type { TokenService } from './auth/tokens.ts';
import type { ReadCache } from './cache/read-cache.ts';
import type { ChainContext } from './chain/chain-context.ts';
import type { Env } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { FeedBus } from './events/feed-items.ts';
import type { Repositories } from './plugins/repositories.ts';
import type { WorkerRunner } from './workers/worker.ts';
import type { Services } from './plugins/services.ts';
import type { Ports } from './ports/create-ports.ts';
import type { UserRecord } from './repositories/user-repository.ts';
import type { JuiceStatus } from './services/juice-service.ts';

/** A user's row and standing, as the profile route serves it. */
export interface ProfileSnapshot {
  readonly user: UserRecord | null;
  readonly blocked: boolean;
}

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
    readonly repositories: Repositories;
    /** The live feed: the indexer publishes, the `/activity` socket relays. */
    readonly feed: FeedBus;
    /** This instance's background workers (each runs only while it holds its leader lock). */
    readonly workers: readonly WorkerRunner[];
    readonly services: Services;
    /**
     * Profiles by address (`GET /api/user/{address}`), kept one second. Every write to a user row or to the
     * blocked list deletes the address.
     */
    readonly profileCache: ReadCache<string, ProfileSnapshot>;
    /**
     * Serialized pages of `GET /api/prophecy/markets` by query, kept one second; cleared by every write to
     * a market (creation, update, resolution, indexing).
     */
    readonly marketListCache: ReadCache<string, Buffer>;
    /**
     * `GET /api/user/juice/{address}` by address (read on every page, in the header), kept one second;
     * dropped when the wallet claims and when the indexer accrues to it.
     */
    readonly juiceCache: ReadCache<string, JuiceStatus>;
    /** Wallets allowed into the operator console. */
    readonly adminWallets: ReadonlySet<string>;
    /** Milliseconds since the epoch; tests move it. */
    readonly now: () => number;
    /** Needs a valid bearer token: 401 without one, 403 for a blocked wallet. Sets `request.user`. */
    readonly authenticate: preValidationAsyncHookHandler;
    /** {@link FastifyInstance.authenticate}, then 403 unless the wallet is an admin. */
    readonly requireAdmin: preValidationAsyncHookHandler;
    /** The per-user rate limit; put it after `authenticate`. */
    readonly userRateLimit: preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
}
