/**
 * Storage for the local identity provider's artifacts (interactions, sessions, grants, codes, tokens),
 * in memory.
 *
 * Memory is enough here: everything the local provider stores lives minutes (see the TTLs in
 * `local-idp.ts`), a restart only sends a user back to the login page, and the local provider only
 * exists on the embedded default, a single process. The linked accounts themselves live in the database.
 *
 * @module
 */

import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Milliseconds since the epoch; `Infinity` when the provider gave no expiry. */
  expiresAt: number;
}

/** Beyond this many entries the oldest go first, so a flood of abandoned logins cannot grow memory. */
const MAX_ENTRIES = 20_000;

/** One store shared by every model of one provider, keyed by model and id. */
export function createMemoryAdapterFactory(now: () => number = Date.now): AdapterFactory {
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = (): void => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    // Maps iterate in insertion order: the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  };

  return (model: string): Adapter => {
    const keyOf = (id: string): string => `${model}:${id}`;
    const findWhere = (predicate: (payload: AdapterPayload) => boolean): AdapterPayload | undefined => {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${model}:`) && live(key) !== undefined && predicate(entry.payload)) {
          return entry.payload;
        }
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        // Re-inserting moves the key to the end: the newest entries are swept last.
        entries.delete(key);
        entries.set(key, {
          payload,
          expiresAt: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
        });
        if (entries.size > MAX_ENTRIES) sweep();
      },
      async find(id) {
        return live(keyOf(id))?.payload;
      },
      async findByUid(uid) {
        return findWhere((payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return findWhere((payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const entry = live(keyOf(id));
        if (entry !== undefined) entry.payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      // Called once per token model: only that model's entries go. An interaction or a session also names
      // its grant, and must outlive it (signing in as another account ends the session's grants, then
      // resumes the same interaction).
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) {
          if (key.startsWith(`${model}:`) && entry.payload.grantId === grantId) entries.delete(key);
        }
      },
    };
  };
}
