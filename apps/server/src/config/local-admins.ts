/**
 * The embedded default's two admin wallets: keypairs under `<DATA_DIR>/server/admins/`, created on first
 * start, so the demo (and its tests) can sign in as an admin. `ADMIN_WALLETS` replaces them.
 *
 * @module
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { loadOrCreateKeypair } from '@arcade/localnet/keys';
import type { KeyPairSigner } from '@solana/kit';

/** The files, in order. */
export const LOCAL_ADMIN_FILES = ['admin-1.json', 'admin-2.json'] as const;

/** The two local admin keypairs, created when missing. */
export async function loadOrCreateLocalAdmins(dataDir: string): Promise<KeyPairSigner[]> {
  const dir = join(dataDir, 'server', 'admins');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return Promise.all(LOCAL_ADMIN_FILES.map((file) => loadOrCreateKeypair(join(dir, file))));
}
