/**
 * The `state` of each authorization request: random, single use, ten minutes long, stored (hashed) with
 * the wallet that asked, the provider, the PKCE verifier and the hash of the browser's binding cookie
 * (`browser-binding.ts`). It binds the provider's callback to the wallet that started the flow, which is
 * what stops a forged callback from linking an account; the cookie binds it to the browser.
 *
 * @module
 */

import { createHash, randomBytes } from 'node:crypto';

import type { Queryable } from '../db/database.ts';
import type { ProviderName } from './oauth-provider.ts';

/** How long a state is accepted. */
export const STATE_TTL_MS = 10 * 60_000;

/** A pending authorization request. */
export interface PendingAuthorization {
  readonly address: string;
  readonly provider: ProviderName;
  readonly codeVerifier: string;
  /** SHA-256 (hex) of the cookie of the browser that started the request; null on older requests. */
  readonly browserHash: string | null;
}

interface StateRow {
  address: string;
  provider: ProviderName;
  code_verifier: string;
  browser_hash: string | null;
  expires_at: Date;
}

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** Creates and consumes states; every time decision uses the `now` it is given. */
export class OAuthStateStore {
  readonly #db: Queryable;
  readonly #now: () => number;

  constructor(db: Queryable, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  /** A new state for `pending`, valid for {@link STATE_TTL_MS}. */
  async create(pending: PendingAuthorization): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    const now = this.#now();
    // Abandoned requests are cleared as new ones come in.
    await this.#db.query('DELETE FROM oauth_states WHERE expires_at <= $1', [new Date(now)]);
    await this.#db.query(
      'INSERT INTO oauth_states (state_hash, address, provider, code_verifier, browser_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        hashState(state),
        pending.address,
        pending.provider,
        pending.codeVerifier,
        pending.browserHash,
        new Date(now + STATE_TTL_MS),
      ],
    );
    return state;
  }

  /**
   * The request `state` belongs to, deleting it so it cannot be used twice; null when it is unknown,
   * already used or expired.
   */
  async consume(state: string): Promise<PendingAuthorization | null> {
    const rows = await this.#db.query<StateRow>(
      'DELETE FROM oauth_states WHERE state_hash = $1 RETURNING address, provider, code_verifier, browser_hash, expires_at',
      [hashState(state)],
    );
    const row = rows[0];
    if (row === undefined || row.expires_at.getTime() <= this.#now()) return null;
    return {
      address: row.address,
      provider: row.provider,
      codeVerifier: row.code_verifier,
      browserHash: row.browser_hash,
    };
  }
}
