/**
 * The linked social accounts on the users table (`discord_id`/`discord_username`,
 * `twitter_id`/`twitter_username`); a social account links to one wallet (unique indexes in 0001_core).
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../repositories/user-repository.ts';
import type { OAuthProfile, ProviderName } from './oauth-provider.ts';

/** The columns of each provider: fixed strings, never user input, so they can go into SQL text. */
const COLUMNS: Readonly<Record<ProviderName, { id: string; username: string }>> = Object.freeze({
  discord: { id: 'discord_id', username: 'discord_username' },
  twitter: { id: 'twitter_id', username: 'twitter_username' },
});

/** The outcome of {@link SocialLinkRepository.link}. */
export type LinkResult = 'linked' | 'linked_to_another_wallet';

/** Links and unlinks social accounts. */
export class SocialLinkRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /**
   * Links `profile` to `address` (replacing the wallet's previous account of that provider), unless the
   * account is already linked to another wallet.
   */
  async link(address: string, provider: ProviderName, profile: OAuthProfile): Promise<LinkResult> {
    const { id, username } = COLUMNS[provider];
    const taken = await this.#db.query(`SELECT 1 FROM users WHERE ${id} = $1 AND address <> $2`, [
      profile.id,
      address,
    ]);
    if (taken.length > 0) return 'linked_to_another_wallet';
    try {
      await this.#db.query(
        `INSERT INTO users (address, ${id}, ${username}) VALUES ($1, $2, $3)
         ON CONFLICT (address) DO UPDATE SET ${id} = EXCLUDED.${id}, ${username} = EXCLUDED.${username}, updated_at = now()`,
        [address, profile.id, profile.username],
      );
      return 'linked';
    } catch (error) {
      // Another wallet linked it between the check and the write.
      if (isUniqueViolation(error)) return 'linked_to_another_wallet';
      throw error;
    }
  }

  /** Clears `address`'s account of `provider`; nothing happens when none is linked. */
  async unlink(address: string, provider: ProviderName): Promise<void> {
    const { id, username } = COLUMNS[provider];
    await this.#db.query(
      `UPDATE users SET ${id} = NULL, ${username} = NULL, updated_at = now() WHERE address = $1 AND ${id} IS NOT NULL`,
      [address],
    );
  }
}
