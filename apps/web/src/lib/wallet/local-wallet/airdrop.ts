/**
 * Free SOL for the local test wallet: an RPC `requestAirdrop`, then polling until the chain confirms it.
 *
 * @module
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
// Types only: this module is in the entry (the wallet context), and a value import of @solana/kit would pull
// its barrel, and with it the RPC code the games share, into the first download.
import type { Address, Lamports, Rpc, SolanaRpcApi } from '@solana/kit';

/** What the local wallet receives when it connects with less than {@link LOCAL_WALLET_TOP_UP_BELOW}. */
export const LOCAL_WALLET_AIRDROP_LAMPORTS = (5n * LAMPORTS_PER_SOL) as Lamports;
/** Below this balance a connect tops the wallet up (a new key, or a chain that was reset). */
export const LOCAL_WALLET_TOP_UP_BELOW = LAMPORTS_PER_SOL;

const POLL_MS = 500;
const TIMEOUT_MS = 60_000;

/** Whether `address` needs an airdrop. */
export async function needsAirdrop(rpc: Rpc<SolanaRpcApi>, address: Address): Promise<boolean> {
  const { value } = await rpc.getBalance(address, { commitment: 'confirmed' }).send();
  return value < LOCAL_WALLET_TOP_UP_BELOW;
}

/**
 * Requests {@link LOCAL_WALLET_AIRDROP_LAMPORTS} for `address` and resolves once it is confirmed.
 *
 * @throws Error when the airdrop fails on chain or is not confirmed within a minute.
 */
export async function airdrop(
  rpc: Rpc<SolanaRpcApi>,
  address: Address,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  const signature = await rpc
    .requestAirdrop(address, LOCAL_WALLET_AIRDROP_LAMPORTS, { commitment: 'confirmed' })
    .send();
  for (let waited = 0; waited < TIMEOUT_MS; waited += POLL_MS) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error('The airdrop failed on chain');
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await sleep(POLL_MS);
  }
  throw new Error('The airdrop was not confirmed in time');
}
