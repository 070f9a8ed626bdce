/**
 * The player's Foresight instructions, for this deployment's program: `place_bet` on the live round,
 * `settle_bet` (a won bet), `withdraw_bet` (a bet in an invalid round, refunded without fee) and
 * `close_bet` (a finished bet's account closed, its rent deposit back to the player).
 *
 * @module
 */

import {
  getCloseBetInstruction,
  getCloseBetInstructionAsync,
  getPlaceBetInstructionAsync,
  getSettleBetInstructionAsync,
  getWithdrawBetInstructionAsync,
  type ForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import type { Address } from '@solana/kit';

import type { Side } from '../utils/round-view.ts';
import { foresightProgram } from '../../../lib/programs.ts';

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

/**
 * `close_bet`: closes `user`'s bet account in `round` and gives its lamports (the rent deposit paid with the
 * first bet) back to `user`, who signs. The program accepts it once the round is settled and the bet is
 * paid, refunded or lost (or the round's account is closed); a bet still owed money fails with
 * `BetUnsettled`, a round not settled with `EventUnsettled`.
 */
export function closeBetInstruction(args: {
  readonly user: Address;
  readonly round: Address;
  /** The bet PDA, when known (derived from `round` and `user` otherwise). */
  readonly bet?: Address;
}): Promise<ForesightInstruction> {
  const input = { user: args.user, event: args.round };
  return args.bet === undefined
    ? getCloseBetInstructionAsync(input, foresightProgram())
    : Promise.resolve(getCloseBetInstruction({ ...input, bet: args.bet }, foresightProgram()));
}

/**
 * What collecting a bet sends, in one transaction: `settle_bet` or `withdraw_bet`, then `close_bet`, so the
 * payout and the bet's deposit arrive together. The first instruction marks the bet paid, which is what
 * lets the second close it.
 */
export function collectInstructions(kind: ClaimKind, args: ClaimArgs): Promise<ForesightInstruction[]> {
  return Promise.all([
    claimInstruction(kind, args),
    closeBetInstruction({ user: args.user, round: args.round }),
  ]);
}
