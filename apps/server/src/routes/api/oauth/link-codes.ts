/**
 * Link codes: what the browser navigation that starts an OAuth link carries instead of the session token.
 *
 * The web app asks for one with its bearer token (`POST /api/oauth/{provider}/start`) and sends the browser
 * to `/api/oauth/{provider}?code=…`. A code is random (256 bits), good for one use at one provider, and
 * expires after {@link LINK_CODE_TTL_MS}, so one that leaks through history, a proxy's log or a screenshot
 * is worth nothing — unlike a session token, which lasts a week and can do everything.
 *
 * Codes are kept like the authorization states, hashed, in `oauth_states` so every instance sees them.
 * Their keys are `link:` + the hash, which the states' lookups (bare hex) can never match, so a code cannot
 * be spent as a state or a state as a code.
 *
 * @module
 */

import { createHash, randomBytes } from 'node:crypto';

import type { Queryable } from '../../../db/database.ts';
import type { ProviderName } from '../../../oauth/oauth-provider.ts';

/** How long a link code is accepted: the browser navigates right after it gets one. */
export const LINK_CODE_TTL_MS = 60_000;

const KEY_PREFIX = 'link:';

function keyOf(code: string): string {
  return `${KEY_PREFIX}${createHash('sha256').update(code).digest('hex')}`;
}

interface CodeRow {
  address: string;
  provider: ProviderName;
  expires_at: Date;
}

/** Creates and consumes link codes; every time decision uses the `now` it is given. */
export class LinkCodeStore {
  readonly #db: Queryable;
  readonly #now: () => number;

  constructor(db: Queryable, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  /** A new code that starts a link of `address` at `provider`, valid for {@link LINK_CODE_TTL_MS}. */
  async create(address: string, provider: ProviderName): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const now = this.#now();
    // Codes that were never used are cleared as new ones come in.
    await this.#db.query(`DELETE FROM oauth_states WHERE state_hash LIKE 'link:%' AND expires_at <= $1`, [
      new Date(now),
    ]);
    await this.#db.query(
      // No PKCE verifier: a code only leads to a new authorization request, which gets its own.
      "INSERT INTO oauth_states (state_hash, address, provider, code_verifier, expires_at) VALUES ($1, $2, $3, '', $4)",
      [keyOf(code), address, provider, new Date(now + LINK_CODE_TTL_MS)],
    );
    return code;
  }

  /**
   * The wallet `code` starts a link for at `provider`, deleting the code whatever the outcome so it cannot
   * be tried twice; null when it is unknown, already used, expired or for the other provider.
   */
  async consume(code: string, provider: ProviderName): Promise<string | null> {
    const rows = await this.#db.query<CodeRow>(
      'DELETE FROM oauth_states WHERE state_hash = $1 RETURNING address, provider, expires_at',
      [keyOf(code)],
    );
    const row = rows[0];
    if (row === undefined || row.provider !== provider || row.expires_at.getTime() <= this.#now())
      return null;
    return row.address;
  }
}
