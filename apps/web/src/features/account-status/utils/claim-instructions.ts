/**
 * The instruction that pays each kind of claim, for this deployment's programs.
 *
 * @module
 */

import {
  getCloseBetInstruction,
  getSettleBetInstruction,
  getWithdrawBetInstruction,
} from '@arcade/sdk/foresight/instructions';
import {
  getClaimBetInstruction,
  getRefundBetInstruction,
  getSettlePredictionInstruction,
} from '@arcade/sdk/wager/instructions';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import type { Address, Instruction } from '@solana/kit';

import { wagerProgram, foresightProgram } from '../../../lib/programs.ts';
import type { ClaimItem } from './claim-items.ts';
import type { PackableClaim } from '../../../lib/wallet/pack-claims.ts';

/**
 * The instructions paying `items` to `user`, in the same order:
 * - a TailSpin/ReTail win: `claim_bet(sol = true)`, signed by the user (the full SOL value, valid for every
 *   bet type; the token or NFT claim with its swap or buy stays on the game pages; a win rolled after its
 *   refund, paid the rest of its prize in SOL only, is claimed the same way); an overdue open bet:
 *   `refund_bet` with the user as `caller`;
 * - a Foresight win or refund: `settle_bet` or `withdraw_bet`, then `close_bet`, signed by the user, which
 *   gives back the bet account's deposit (the bet is paid by then, so the program lets it close);
 * - a Prophecy payout or refund: `settle_prediction`.
 */
export async function claimInstructions(
  user: Address,
  items: readonly ClaimItem[],
): Promise<PackableClaim<ClaimItem>[]> {
  const wager = wagerProgram();
  const foresight = foresightProgram();
  const [house] = await findHouseAddress(wager);
  return items.map((item) => {
    switch (item.kind) {
      case 'bet':
        return {
          item,
          instructions: [
            item.action === 'refund'
              ? getRefundBetInstruction({ caller: user, house, bet: item.bet, user }, wager)
              : getClaimBetInstruction({ user, bet: item.bet, house, sol: true }, wager),
          ],
        };
      case 'foresight': {
        const accounts = { user, config: item.config, event: item.event, bet: item.bet };
        const pay: Instruction =
          item.action === 'settle'
            ? getSettleBetInstruction(accounts, foresight)
            : getWithdrawBetInstruction(accounts, foresight);
        return {
          item,
          instructions: [pay, getCloseBetInstruction({ user, event: item.event, bet: item.bet }, foresight)],
        };
      }
      case 'prophecy':
        return {
          item,
          instructions: [
            getSettlePredictionInstruction(
              {
                prediction: item.prediction,
                market: item.market,
                marketAuthority: item.marketAuthority,
                user,
              },
              wager,
            ),
          ],
        };
    }
  });
}
