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
import { formatRevealLog } from '@arcade/sdk/wager/fairness';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { address, getAddressDecoder } from '@solana/kit';

import type { RuntimeConfig } from '../../../config/runtime-config.ts';
import { SYSTEM, testConfig, WAGER, type MockChain } from '../../../testing/mock-chain.ts';

export const USER = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
export const REFERRER = address('7c312Q2TPGbTyR8tBFHArfVmwzQagU6QMneCdLxD8ZV');

export const TEST_CONFIG: RuntimeConfig = testConfig();

/** The player seed of {@link betData}'s bets: 32 bytes of 0x5e. */
export const PLAYER_SEED = new Uint8Array(32).fill(0x5e);

/**
 * A House with `outstanding` owed, a committed seed chain (sequences 0–9,999) and the next bet at
 * sequence 8; the next reveal at `revealSequence` (8: every earlier bet revealed; 7: {@link betData}'s bet
 * still waits for its seed, open or refunded).
 */
export function houseData(outstanding = 0n, paused = false, revealSequence = 8n): Uint8Array {
  return encodeHouse({
    authority: SYSTEM,
    settler: SYSTEM,
    treasury: SYSTEM,
    outstanding,
    paused,
    seedCommitment: new Uint8Array(32).fill(0xc0),
    seedChainEnd: 10_000n,
    nextSeedCommitment: new Uint8Array(32),
    nextSeedChainLength: 0n,
    betSequence: 8n,
    revealSequence,
    openBets: 0n,
    offchainBets: false,
    refundReserve: 0n,
    reserveSince: 0n,
    pendingAuthority: null,
  });
}

/** A bet record of `USER`: a `create_bet` bet (sequence 7, landed in slot 1,000) unless told otherwise. */
export function betData(fields: Partial<BetAccountArgs> = {}): Uint8Array {
  return encodeBet({
    user: USER,
    mint: NATIVE_MINT_ADDRESS,
    switchboardRequest: getAddressDecoder().decode(PLAYER_SEED),
    odds: 50,
    betAmount: 500_000_000n,
    listingPrice: 1_000_000_000n,
    timestamp: 1_790_000_000n,
    state: BetState.Settled,
    result: BetResult.Loss,
    betType: BetType.Sol,
    referral: null,
    offChain: false,
    sequence: 7n,
    slot: 1_000n,
    slotHash: new Uint8Array(32),
    ...fields,
  });
}

/**
 * Lands a `reveal_bet` of the bet at `sequence` (7: {@link betData}'s) on `record` with `roll`: the record
 * lists it as its newest transaction, and its logs carry the program's line (`parseRevealLog`), ending in
 * ` refunded=earlier` for a bet rolled after its refund (`afterRefund`).
 */
export function putReveal(
  chain: MockChain,
  record: string,
  roll: number,
  {
    sequence = 7n,
    signature = 'sig-reveal',
    afterRefund = false,
  }: { sequence?: bigint; signature?: string; afterRefund?: boolean } = {},
): void {
  chain.signatures.set(record, [{ signature, err: null }, ...(chain.signatures.get(record) ?? [])]);
  chain.transactions.set(signature, {
    slot: 1_003n,
    meta: {
      err: null,
      logMessages: [
        `Program ${WAGER} invoke [1]`,
        `Program log: ${formatRevealLog({ kind: 'settled', sequence, roll, slot: 1_000n, slotHash: new Uint8Array(32).fill(0xa5), afterRefund })}`,
        `Program ${WAGER} success`,
      ],
    },
  });
}
