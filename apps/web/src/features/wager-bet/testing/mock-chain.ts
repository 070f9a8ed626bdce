/**
 * The wager-bet tests' chain: the shared {@link MockChain} (accounts owned by the wager program), the
 * player's addresses and the House and bet records they read. Tests `vi.mock` the app's `rpc.ts` with it.
 *
 * @module
 */

import {
  BetResult,
  BetState,
  BetType,
  encodeBet,
  encodeHouse,
  type BetAccountArgs,
} from '@arcade/sdk/wager/accounts';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { address } from '@solana/kit';

import type { RuntimeConfig } from '../../../config/runtime-config.ts';
import { SYSTEM, testConfig } from '../../../testing/mock-chain.ts';

export { MockChain, RENT, SYSTEM, WAGER } from '../../../testing/mock-chain.ts';

export const USER = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
export const REFERRER = address('7c312Q2TPGbTyR8tBFHArfVmwzQagU6QMneCdLxD8ZV');

export const TEST_CONFIG: RuntimeConfig = testConfig();

/** A House with `free` lamports free beyond its rent and `outstanding`. */
export function houseData(outstanding = 0n, paused = false): Uint8Array {
  return encodeHouse({ authority: SYSTEM, settler: SYSTEM, treasury: SYSTEM, outstanding, paused });
}

/** A bet record of `USER`. */
export function betData(fields: Partial<BetAccountArgs> = {}): Uint8Array {
  return encodeBet({
    user: USER,
    mint: NATIVE_MINT_ADDRESS,
    switchboardRequest: SYSTEM,
    odds: 50,
    betAmount: 500_000_000n,
    listingPrice: 1_000_000_000n,
    timestamp: 1_790_000_000n,
    state: BetState.Settled,
    result: BetResult.Loss,
    betType: BetType.Sol,
    referral: null,
    offChain: true,
    ...fields,
  });
}
