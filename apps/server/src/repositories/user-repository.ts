/**
 * Users: profiles (username, pfp, linked social accounts) and their referral code.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A user's profile as stored. */
export interface UserRecord {
  readonly address: string;
  readonly username: string | null;
  readonly pfp: string | null;
  readonly pfpImage: string | null;
  readonly discordId: string | null;
  readonly discordUsername: string | null;
  readonly twitterId: string | null;
  readonly twitterUsername: string | null;
  readonly referralCode: string | null;
  readonly referredBy: string | null;
}

interface UserRow {
  address: string;
  username: string | null;
  pfp: string | null;
  pfp_image: string | null;
  discord_id: string | null;
  discord_username: string | null;
  twitter_id: string | null;
  twitter_username: string | null;
  referral_code: string | null;
  referred_by: string | null;
}

const COLUMNS =
  'address, username, pfp, pfp_image, discord_id, discord_username, twitter_id, twitter_username, referral_code, referred_by';

function toRecord(row: UserRow): UserRecord {
  return {
    address: row.address,
    username: row.username,
    pfp: row.pfp,
    pfpImage: row.pfp_image,
    discordId: row.discord_id,
    discordUsername: row.discord_username,
    twitterId: row.twitter_id,
    twitterUsername: row.twitter_username,
    referralCode: row.referral_code,
    referredBy: row.referred_by,
  };
}

/** PostgreSQL's unique-violation code. */
export const UNIQUE_VIOLATION = '23505';

/** Whether `error` is a unique violation (on both drivers). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

/** Reads and writes users. */
export class UserRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async find(address: string): Promise<UserRecord | null> {
    const rows = await this.#db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE address = $1`, [address]);
    return rows[0] === undefined ? null : toRecord(rows[0]);
  }

  /** The usernames of `addresses` (null for a user without one); addresses with no user row are absent. */
  async usernamesOf(addresses: readonly string[]): Promise<Map<string, string | null>> {
    if (addresses.length === 0) return new Map();
    const rows = await this.#db.query<{ address: string; username: string | null }>(
      'SELECT address, username FROM users WHERE address = ANY($1::text[])',
      [[...new Set(addresses)]],
    );
    return new Map(rows.map((row) => [row.address, row.username]));
  }

  /**
   * Sets the username; returns false when another user has it (ignoring case).
   */
  async setUsername(address: string, username: string): Promise<boolean> {
    try {
      await this.#db.query(
        `INSERT INTO users (address, username) VALUES ($1, $2)
         ON CONFLICT (address) DO UPDATE SET username = EXCLUDED.username, updated_at = now()`,
        [address, username],
      );
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async setPfp(address: string, pfp: string, image: string): Promise<void> {
    await this.#db.query(
      `INSERT INTO users (address, pfp, pfp_image) VALUES ($1, $2, $3)
       ON CONFLICT (address) DO UPDATE SET pfp = EXCLUDED.pfp, pfp_image = EXCLUDED.pfp_image, updated_at = now()`,
      [address, pfp, image],
    );
  }
}
