/**
 * A wallet's profile and standing through `app.profileCache`: the one loader every reader shares (the
 * profile route, the chat), so every writer's invalidation reaches them all.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';

import type { ProfileSnapshot } from '../types.ts';

/** `address`'s user row (or null) and whether it is blocked, at most a second old. */
export function readProfile(app: FastifyInstance, address: string): Promise<ProfileSnapshot> {
  return app.profileCache.get(address, async () => {
    const [user, blocked] = await Promise.all([
      app.repositories.users.find(address),
      app.repositories.blockedWallets.isBlocked(address),
    ]);
    return { user, blocked };
  });
}
