/**
 * Addresses and seeds of the Wager program (TailSpin and ReTail bets against the house, Prophecy markets).
 *
 * @module
 */

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { address, type Address } from '@solana/kit';

/** The Wager program, as deployed by default (the IDL's `address`). */
export const WAGER_PROGRAM_ADDRESS: Address = address(idl.address);

/**
 * The native mint (wrapped SOL): the `mint` of a bet whose prize is SOL (`create_bet_offchain`'s `mint`
 * account, "the native mint for SOL").
 */
export const NATIVE_MINT_ADDRESS: Address = address('So11111111111111111111111111111111111111112');

/** The constant first seed of each PDA (`docs/wager.md`, Records and addresses). */
export const WAGER_SEEDS = Object.freeze({
  house: 'house',
  bet: 'bet',
  marketAuthority: 'market_authority',
  prediction: 'prediction',
} as const);
