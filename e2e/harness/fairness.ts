/**
 * Known rolls for TailSpin and ReTail. The e2e product runs with `FAIRNESS_SECRET_HEX` =
 * {@link E2E_FAIRNESS_SECRET_HEX}, so chain `k`'s secret is `deterministicChainSecret(master, k)` and the
 * harness can compute every seed. The next bet takes the current chain's `nextIndex` seed (seeds go in
 * confirmation order: one player betting at a time), and its roll is HMAC(seed, betAddress ‖ signature).
 * {@link rigNextBet} hands the E2E test wallet that seed: the wallet then raises the bet transaction's
 * compute-unit price one micro-lamport at a time until the signature gives the wanted outcome, and signs.
 * Nothing in the server decides the result: the settler rolls as it always does.
 *
 * @module
 */

import { findBetAddress } from '@arcade/sdk/wager/pda';
import { getAddressEncoder, type Address } from '@solana/kit';
import type { Page } from 'playwright-core';

import {
  deterministicChainSecret,
  fromHex,
  hashChain,
  randomValueFor,
  toHex,
} from '../../apps/server/src/workers/settler/provably-fair.ts';
import { E2E_FAIRNESS_SECRET_HEX } from './product-process.ts';
import { product } from './index.ts';

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
/** Chains looked through for the published head (a run uses one or two of 10,000 seeds each). */
const MAX_CHAINS = 64;

interface WireChain {
  id: number;
  head: string;
  length: number;
  nextIndex: number;
}

/** The seeds of the chain with this head (index 0 = head), found among the first {@link MAX_CHAINS}. */
function seedsOf(chain: WireChain): Uint8Array[] {
  const master = fromHex(E2E_FAIRNESS_SECRET_HEX);
  for (let ordinal = 1; ordinal <= MAX_CHAINS; ordinal += 1) {
    const seeds = hashChain(deterministicChainSecret(master, ordinal), chain.length);
    if (toHex(seeds[0]!) === chain.head) return seeds;
  }
  throw new Error(`Chain ${String(chain.id)} is not derived from E2E_FAIRNESS_SECRET_HEX`);
}

/** The seed the next confirmed bet takes (`GET /api/fairness`'s current chain, at its next index). */
export async function nextSeed(): Promise<Uint8Array> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${product().url}/api/fairness`);
    const body = (await response.json()) as { current: WireChain | null; next: WireChain | null };
    const { current, next } = body;
    if (current !== null) {
      if (current.nextIndex <= current.length) return seedsOf(current)[current.nextIndex]!;
      if (next !== null) return seedsOf(next)[1]!;
    }
    if (Date.now() > deadline) throw new Error('The settler has published no hash chain');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `user`'s bet record (the wager program's bet PDA). */
export async function betAddressOf(user: string): Promise<string> {
  const [bet] = await findBetAddress(user as Address);
  return bet;
}

/** What the wallet recorded of its last grind. */
export interface GrindRecord {
  tries: number;
  roll: number;
  price: string;
}

/**
 * Arms the E2E test wallet in `page` so that the next bet it signs (a transaction holding the player's
 * bet record) wins or loses at `odds`. Resolves with the seed the bet will take.
 */
export async function rigNextBet(
  page: Page,
  user: string,
  odds: number,
  want: 'win' | 'loss',
): Promise<Uint8Array> {
  const seed = await nextSeed();
  const bet = await betAddressOf(user);
  const grind = {
    seed: [...seed],
    betAddress: [...getAddressEncoder().encode(bet as Address)],
    odds,
    want,
    computeBudget: [...getAddressEncoder().encode(COMPUTE_BUDGET_PROGRAM)],
  };
  await page.evaluate((value) => {
    const control = (window as unknown as { __e2eWallet: { grind: unknown; lastGrind: unknown } })
      .__e2eWallet;
    control.grind = value;
    control.lastGrind = null;
  }, grind);
  return seed;
}

/** The wallet's record of its last grind (null until a rigged bet was signed). */
export function lastGrind(page: Page): Promise<GrindRecord | null> {
  return page.evaluate(
    () => (window as unknown as { __e2eWallet: { lastGrind: GrindRecord | null } }).__e2eWallet.lastGrind,
  );
}

/** The roll `seed` gives the bet created by `signature` (the server's own function). */
export function rollFor(seed: Uint8Array, betAddress: string, signature: string): number {
  return randomValueFor(seed, betAddress, signature);
}
