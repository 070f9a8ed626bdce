/**
 * The player's three Foresight instructions, for this deployment's program: `place_bet` on the live round,
 * `settle_bet` (a won bet) and `withdraw_bet` (a bet in an invalid round, refunded without fee).
 *
 * @module
 */

import {
  getPlaceBetInstructionAsync,
  getSettleBetInstructionAsync,
  getWithdrawBetInstructionAsync,
  type ForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import type { Address } from '@solana/kit';

import type { Side } from '../utils/round-view.ts';
import { foresightProgram } from './foresight-program.ts';

/** What a bet needs. */
export interface PlaceBetArgs {
  readonly user: Address;
  readonly config: Address;
  /** The live round. */
  readonly round: Address;
  readonly side: Side;
  /** Lamports. */
  readonly amount: bigint;
}

/** `place_bet(side, amount)`: the wallet signs as the bettor and pays. */
export function placeBetInstruction(args: PlaceBetArgs): Promise<ForesightInstruction> {
  return getPlaceBetInstructionAsync(
    { user: args.user, config: args.config, event: args.round, prediction: args.side, amount: args.amount },
    foresightProgram(),
  );
}

/** How a bet of a settled round is collected. */
export type ClaimKind = 'settle' | 'withdraw';

/** What a claim needs. */
export interface ClaimArgs {
  readonly user: Address;
  readonly config: Address;
  readonly round: Address;
}

/** `settle_bet` (won) or `withdraw_bet` (invalid round); the payout goes to `user`. */
export function claimInstruction(kind: ClaimKind, args: ClaimArgs): Promise<ForesightInstruction> {
  const input = { user: args.user, config: args.config, event: args.round };
  return kind === 'settle'
    ? getSettleBetInstructionAsync(input, foresightProgram())
    : getWithdrawBetInstructionAsync(input, foresightProgram());
}
