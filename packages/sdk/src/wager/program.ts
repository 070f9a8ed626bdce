/**
 * Addresses of the Wager program (TailSpin and ReTail bets against the house, Prophecy markets).
 *
 * @module
 */

import { address, type Address } from '@solana/kit';

import { WAGER_PROGRAM_ADDRESS as GENERATED_PROGRAM_ADDRESS } from '../generated/wager/programs/index.ts';

export { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';

/** The Wager program, as deployed by default (the IDL's `address`). */
export const WAGER_PROGRAM_ADDRESS: Address = GENERATED_PROGRAM_ADDRESS;

/**
 * The native mint (wrapped SOL): the `mint` of a bet whose prize is SOL (`create_bet_offchain`'s `mint`
 * account, "the native mint for SOL").
 */
export const NATIVE_MINT_ADDRESS: Address = address('So11111111111111111111111111111111111111112');

/**
 * The SlotHashes sysvar: `reveal_bet` reads the hash of the slot a bet landed in from it (part of the roll).
 */
export const SLOT_HASHES_SYSVAR_ADDRESS: Address = address('SysvarS1otHashes111111111111111111111111111');
