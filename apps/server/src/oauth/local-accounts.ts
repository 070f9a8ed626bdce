/**
 * The display names typed on the local identity provider's login page, by account id
 * (`local_idp_accounts`, migration 0015), so the userinfo endpoint of any server instance can answer for a
 * login made on another.
 *
 * A name is only needed while the sign-in that typed it lasts (minutes): each is kept
 * {@link LOCAL_ACCOUNT_TTL_MS} after its last sign-in, and expired ones are deleted a batch at a time as
 * new sign-ins come in.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** How long a name is remembered after its last sign-in: longer than any artifact naming the account. */
export const LOCAL_ACCOUNT_TTL_MS = 60 * 60_000;

/** At most this many expired names go per sign-in. */
const SWEEP_BATCH = 1_000;

/** Remembers and reads local account names; every time decision uses the `now` it is given. */
export class LocalAccountStore {
  readonly #db: Queryable;
  readonly #now: () => number;

  constructor(db: Queryable, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** Remembers `name` behind `accountId` (the latest spelling wins) for {@link LOCAL_ACCOUNT_TTL_MS}. */
  async remember(accountId: string, name: string): Promise<void> {
    const now = this.#now();
    await this.#db.query(
      `DELETE FROM local_idp_accounts WHERE account_id IN (
         SELECT account_id FROM local_idp_accounts WHERE expires_at <= $1 LIMIT $2)`,
      [new Date(now), SWEEP_BATCH],
    );
    await this.#db.query(
      `INSERT INTO local_idp_accounts (account_id, name, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO UPDATE SET name = EXCLUDED.name, expires_at = EXCLUDED.expires_at`,
      [accountId, name, new Date(now + LOCAL_ACCOUNT_TTL_MS)],
    );
  }

  /** The name behind `accountId`, or undefined when none was typed within {@link LOCAL_ACCOUNT_TTL_MS}. */
  async nameOf(accountId: string): Promise<string | undefined> {
    const rows = await this.#db.query<{ name: string }>(
      'SELECT name FROM local_idp_accounts WHERE account_id = $1 AND expires_at > $2',
      [accountId, new Date(this.#now())],
    );
    return rows[0]?.name;
  }
}
