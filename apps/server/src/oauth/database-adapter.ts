/**
 * Storage for the local identity provider's artifacts (interactions, sessions, grants, codes, tokens), in
 * the database (`local_idp_artifacts`, migration 0015), so every server instance behind a load balancer
 * sees the sign-ins the others started: the authorization can begin on one instance, the login page post
 * on a second and the code exchange on a third.
 *
 * - Expired rows are never returned. Every artifact expires within minutes (see the TTLs in
 *   `local-idp.ts`); one the provider gives no lifetime gets {@link DEFAULT_TTL_SECS}.
 * - Trading a code is atomic across instances: only the first `consume` of a row marks it, a later or
 *   concurrent one revokes the grant's tokens and is refused with `invalid_grant`, as the provider does on
 *   the reuse it sees itself.
 * - Expired rows are deleted a batch at a time as new ones are written, so a flood of abandoned logins
 *   cannot grow the table without bound.
 *
 * Times are this process's clock, the one the provider computes its lifetimes with.
 *
 * @module
 */

import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';

import type { Queryable } from '../db/database.ts';

/** The lifetime of an artifact the provider gives none (it gives one for every model it is configured for). */
export const DEFAULT_TTL_SECS = 24 * 60 * 60;

/** One write in this many also deletes a batch of expired rows (the first write of a process does too). */
export const SWEEP_EVERY = 50;

/** At most this many expired rows go per sweep: more than the writes between two sweeps can add. */
export const SWEEP_BATCH = 1_000;

/** The models whose rows a grant's revocation deletes: what the grant issued, not the session or interaction. */
const GRANTED_MODELS = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
] as const;

interface ArtifactRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/** The payload as the provider stored it, with `consumed` (epoch seconds) once it was consumed. */
function payloadOf(row: ArtifactRow | undefined): AdapterPayload | undefined {
  if (row === undefined) return undefined;
  return row.consumed_at === null
    ? row.payload
    : { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) };
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Options of {@link createDatabaseAdapterFactory}. */
export interface DatabaseAdapterOptions {
  /** Milliseconds since the epoch; `Date.now` by default, the provider's own clock. */
  readonly now?: () => number;
}

/** One table shared by every model of the provider, keyed by model and id. */
export function createDatabaseAdapterFactory(
  db: Queryable,
  options: DatabaseAdapterOptions = {},
): AdapterFactory {
  const now = options.now ?? Date.now;
  let writes = 0;

  const sweep = async (): Promise<void> => {
    await db.query(
      `DELETE FROM local_idp_artifacts WHERE (model, id) IN (
         SELECT model, id FROM local_idp_artifacts WHERE expires_at <= $1 LIMIT $2)`,
      [new Date(now()), SWEEP_BATCH],
    );
  };

  return (model: string): Adapter => {
    const findWhere = async (column: 'id' | 'uid' | 'user_code', value: string) => {
      const rows = await db.query<ArtifactRow>(
        `SELECT payload, consumed_at FROM local_idp_artifacts
          WHERE model = $1 AND ${column} = $2 AND expires_at > $3 LIMIT 1`,
        [model, value, new Date(now())],
      );
      return payloadOf(rows[0]);
    };

    return {
      async upsert(id, payload, expiresIn) {
        const time = now();
        const ttl = typeof expiresIn === 'number' ? expiresIn : DEFAULT_TTL_SECS;
        const consumedAt = typeof payload.consumed === 'number' ? new Date(payload.consumed * 1000) : null;
        await db.query(
          `INSERT INTO local_idp_artifacts
             (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
           VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)
           ON CONFLICT (model, id) DO UPDATE SET
             payload = EXCLUDED.payload,
             grant_id = EXCLUDED.grant_id,
             uid = EXCLUDED.uid,
             user_code = EXCLUDED.user_code,
             expires_at = EXCLUDED.expires_at,
             -- Once consumed, always consumed.
             consumed_at = COALESCE(local_idp_artifacts.consumed_at, EXCLUDED.consumed_at)`,
          [
            model,
            id,
            JSON.stringify(payload),
            optionalText(payload.grantId),
            optionalText(payload.uid),
            optionalText(payload.userCode),
            new Date(time + ttl * 1000),
            consumedAt,
          ],
        );
        if (writes++ % SWEEP_EVERY === 0) await sweep();
      },

      find: (id) => findWhere('id', id),
      findByUid: (uid) => findWhere('uid', uid),
      findByUserCode: (userCode) => findWhere('user_code', userCode),

      async consume(id) {
        const time = new Date(now());
        const marked = await db.query(
          `UPDATE local_idp_artifacts SET consumed_at = $3
            WHERE model = $1 AND id = $2 AND consumed_at IS NULL AND expires_at > $3
            RETURNING id`,
          [model, id, time],
        );
        if (marked.length > 0) return;
        // Consumed since the provider read it (another request, maybe on another instance), or gone: a
        // reused code, so what its grant issued goes, and the grant with it.
        const rows = await db.query<{ grant_id: string | null }>(
          'SELECT grant_id FROM local_idp_artifacts WHERE model = $1 AND id = $2',
          [model, id],
        );
        const grantId = rows[0]?.grant_id ?? null;
        if (grantId !== null) {
          await db.query(
            `DELETE FROM local_idp_artifacts
              WHERE (grant_id = $1 AND model = ANY($2)) OR (model = 'Grant' AND id = $1)`,
            [grantId, [...GRANTED_MODELS]],
          );
        }
        throw new errors.InvalidGrant(`${model} already consumed`);
      },

      async destroy(id) {
        await db.query('DELETE FROM local_idp_artifacts WHERE model = $1 AND id = $2', [model, id]);
      },

      // Called once per token model: only that model's rows go. An interaction or a session also names its
      // grant, and must outlive it (signing in as another account ends the session's grants, then resumes
      // the same interaction).
      async revokeByGrantId(grantId) {
        await db.query('DELETE FROM local_idp_artifacts WHERE model = $1 AND grant_id = $2', [
          model,
          grantId,
        ]);
      },
    };
  };
}
