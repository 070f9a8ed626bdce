/**
 * The demo's wallets: keypairs under `<DATA_DIR>/server/demo/<group>/` (solana-keygen's JSON format),
 * created on first start and reused after, funded by the local chain's airdrop. Only the embedded local
 * chain airdrops, so none of this can spend real money.
 *
 * @module
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { loadOrCreateKeypair } from '@arcade/localnet/keys';
import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { lamports, type Address, type KeyPairSigner, type Rpc, type SolanaRpcApi } from '@solana/kit';

/** The demo's folder under the data directory. */
export function demoDir(dataDir: string): string {
  return join(dataDir, 'server', 'demo');
}

/** `count` keypairs `<prefix>-1.json` … in `<DATA_DIR>/server/demo/<group>/`, each created when missing. */
export async function loadOrCreateDemoWallets(
  dataDir: string,
  group: string,
  prefix: string,
  count: number,
): Promise<KeyPairSigner[]> {
  const dir = join(demoDir(dataDir), group);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      loadOrCreateKeypair(join(dir, `${prefix}-${index + 1}.json`)),
    ),
  );
}

/** A wallet's confirmed balance, lamports. */
export async function balanceOf(rpc: Rpc<SolanaRpcApi>, owner: Address): Promise<bigint> {
  return (await rpc.getBalance(owner, { commitment: RPC_COMMITMENT }).send()).value;
}

/** What {@link topUp} needs. */
export interface TopUpOptions {
  /** Airdrop only below this balance. */
  readonly below: bigint;
  /** …up to this one. */
  readonly upTo: bigint;
  /** Gives up waiting for the airdrop to show after this many polls of 100 ms; default 100. */
  readonly polls?: number;
  readonly signal?: AbortSignal;
}

/**
 * Airdrops `owner` up to `upTo` when it holds less than `below`, and waits until the balance shows it.
 * Returns the balance after.
 *
 * @throws Error when the airdrop does not show in time.
 */
export async function topUp(rpc: Rpc<SolanaRpcApi>, owner: Address, options: TopUpOptions): Promise<bigint> {
  const before = await balanceOf(rpc, owner);
  if (before >= options.below) return before;
  await rpc.requestAirdrop(owner, lamports(options.upTo - before), { commitment: RPC_COMMITMENT }).send();
  const polls = options.polls ?? 100;
  for (let poll = 0; poll < polls && options.signal?.aborted !== true; poll++) {
    const now = await balanceOf(rpc, owner);
    if (now > before) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the airdrop to ${owner} did not show`);
}
