/**
 * Revoked session tokens (signed out before they expired), by token id (`jti`).
 *
 * The `token_revocations` table is the source of truth. With Redis, every instance reads a copy instead, so
 * a token check costs one Redis round trip and no database query: one hash holding every unexpired revoked
 * id plus a `ready` field that says the hash holds all of them. The hash and its `ready` field live and die
 * together (Redis expires, evicts or loses whole keys), so a hash without `ready` (gone, or only written to
 * by a revocation since) is never trusted: the check asks the database and reloads the hash from it. The
 * hash expires some minutes after each reload, which drops the ids of tokens that have expired since.
 * A revocation writes the database first, then adds its id to the hash (whatever state it is in): a reload
 * that read the database just before adds only, so no id is ever lost. There is no in-process cache: another
 * instance may revoke at any time.
 *
 * @module
 */

import type { Redis } from 'ioredis';

import type { Queryable } from '../db/database.ts';

/** How long the Redis copy is trusted after a reload. */
const REDIS_COPY_TTL_MS = 10 * 60_000;
/** The hash field that marks a complete copy (token ids are base64url: no ':'). */
const READY_FIELD = ':ready';
/** Expired rows deleted per revocation, at most: the table shrinks however large it grew. */
const PRUNE_BATCH = 500;
/** Ids written to Redis per command when reloading. */
const RELOAD_BATCH = 1_000;

/** Options of {@link TokenRevocations}. */
export interface TokenRevocationsOptions {
  readonly db: Queryable;
  readonly redis: Redis | null;
  /** The Redis hash; one per deployment (database). */
  readonly redisKey: string;
  readonly now: () => number;
  /** Where Redis failures are reported; the check then asks the database. */
  readonly onRedisError?: (error: unknown) => void;
}

/** Records and checks revoked token ids. */
export class TokenRevocations {
  readonly #options: TokenRevocationsOptions;
  /** The reload under way on this instance, shared by the checks that need it. */
  #reloading: Promise<void> | null = null;

  constructor(options: TokenRevocationsOptions) {
    this.#options = options;
  }

  /** Revokes the token `jti` of `address` until `expiresAtSecs`, when it would expire anyway. */
  async revoke(jti: string, address: string, expiresAtSecs: number): Promise<void> {
    const { db, redis, redisKey, now } = this.#options;
    await db.query(
      'INSERT INTO token_revocations (jti, address, expires_at) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING',
      [jti, address, new Date(expiresAtSecs * 1000)],
    );
    // Rows of tokens that have expired are of no use: cleared as new ones come in, a batch at a time.
    await db.query(
      `DELETE FROM token_revocations WHERE jti IN (
         SELECT jti FROM token_revocations WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [new Date(now()), PRUNE_BATCH],
    );
    if (redis === null) return;
    try {
      await redis.hset(redisKey, jti, String(expiresAtSecs));
    } catch (error) {
      this.#options.onRedisError?.(error);
      // A copy that may miss this id must not be trusted: drop it (checks fall back to the database).
      await redis.del(redisKey).catch((dropError: unknown) => this.#options.onRedisError?.(dropError));
    }
  }

  /** Whether the token `jti` was revoked. */
  async isRevoked(jti: string): Promise<boolean> {
    const { redis, redisKey } = this.#options;
    if (redis !== null) {
      try {
        const [ready, revoked] = await redis.hmget(redisKey, READY_FIELD, jti);
        if (ready !== null) return revoked !== null;
        void this.#reload();
      } catch (error) {
        this.#options.onRedisError?.(error);
      }
    }
    return this.#inDatabase(jti);
  }

  async #inDatabase(jti: string): Promise<boolean> {
    const rows = await this.#options.db.query('SELECT 1 FROM token_revocations WHERE jti = $1', [jti]);
    return rows.length > 0;
  }

  /** Copies every unexpired revocation into the Redis hash, then marks it complete. */
  #reload(): Promise<void> {
    this.#reloading ??= this.#copyToRedis()
      .catch((error: unknown) => this.#options.onRedisError?.(error))
      .finally(() => {
        this.#reloading = null;
      });
    return this.#reloading;
  }

  async #copyToRedis(): Promise<void> {
    const { db, redis, redisKey, now } = this.#options;
    if (redis === null) return;
    const rows = await db.query<{ jti: string; expires_at: Date }>(
      'SELECT jti, expires_at FROM token_revocations WHERE expires_at > $1',
      [new Date(now())],
    );
    const batch = redis.multi();
    for (let start = 0; start < rows.length; start += RELOAD_BATCH) {
      const fields: Record<string, string> = {};
      for (const row of rows.slice(start, start + RELOAD_BATCH)) {
        fields[row.jti] = String(Math.floor(row.expires_at.getTime() / 1000));
      }
      batch.hset(redisKey, fields);
    }
    batch.hset(redisKey, READY_FIELD, '1');
    batch.pexpire(redisKey, REDIS_COPY_TTL_MS);
    await batch.exec();
  }
}
