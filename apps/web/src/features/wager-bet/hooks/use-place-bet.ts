/**
 * Placing a TailSpin or ReTail bet: the client checks what the program would refuse (odds, minimum stake,
 * the house's limit, one live bet per user, the wallet's balance) so the player reads why before any
 * wallet prompt, then sends `init_bet_offchain` (only the first time, with the referrer the player arrived
 * with) and `create_bet_offchain` in one transaction: one signature, and never a record without its bet.
 *
 * @module
 */

import { MIN_BET_LAMPORTS, RPC_COMMITMENT } from '@arcade/sdk/constants';
import { BetResult, BetState, type BetAccount } from '@arcade/sdk/wager/accounts';
import { betCost, betStake, isValidOdds } from '@arcade/sdk/wager/bet-math';
import {
  getCreateBetOffchainInstructionAsync,
  getInitBetOffchainInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import { address as toAddress, type Address, type Instruction } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { formatLamports } from '../../../lib/format.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { unclaimedWinsKey, wagerProgram } from '../../account-status/api/get-unclaimed-wins.ts';
import { useReferralCapture } from '../../profile/hooks/use-referral-capture.ts';
import { betHistoryKey } from '../api/get-bet-history.ts';
import { betRecordKey, getBetRecord } from '../api/get-bet-record.ts';
import { getHouseLimits, houseLimitsKey } from '../api/get-house-limits.ts';
import { canAffordBet, notEnoughSolMessage } from '../utils/bet-costs.ts';
import { BetPreflightError, MIN_STAKE_TEXT, WAGER_ERROR_SENTENCES } from '../utils/bet-errors.ts';
import type { PlacedBet } from '../utils/bet-outcome.ts';
import { getBetExtraCosts } from './use-bet-extra-costs.ts';

/** What a bet is. */
export interface PlaceBetArgs {
  /** Win chance in percent, 1–95. */
  readonly odds: number;
  /** The prize in lamports (the SOL value of a token or NFT prize). */
  readonly listingPrice: bigint;
  readonly betType: 'sol' | 'token' | 'nft';
  /** The prize's mint: the native mint for SOL. */
  readonly mint: Address;
}

/** Whether `create_bet_offchain` accepts a new bet on this record (the program's `bet_is_free`). */
export function isBetFree(bet: BetAccount | null): boolean {
  if (bet === null) return true;
  return (
    bet.state === BetState.None ||
    bet.state === BetState.Claimed ||
    bet.state === BetState.Refunded ||
    (bet.state === BetState.Settled && bet.result === BetResult.Loss)
  );
}

/** The sentence for a record that takes no new bet. */
export function betNotAvailableError(bet: BetAccount): BetPreflightError {
  if (isUnclaimedWin(bet)) {
    return new BetPreflightError(
      'BetNotAvailable',
      'You have a win to claim. Claim it before your next bet.',
      {
        unclaimedWin: true,
      },
    );
  }
  if (bet.state === BetState.Open) {
    return new BetPreflightError(
      'BetNotAvailable',
      'Your last bet is still being settled. Wait for its result.',
    );
  }
  return new BetPreflightError('BetNotAvailable', WAGER_ERROR_SENTENCES.BetNotAvailable);
}

/**
 * The checks the program makes, on what the client knows, as a {@link BetPreflightError} (or null when the
 * bet may go). `maxPrize` null skips the house limit (unknown).
 */
export function preflightBet(args: {
  readonly odds: number;
  readonly listingPrice: bigint;
  readonly maxPrize: bigint | null;
}): BetPreflightError | null {
  if (!isValidOdds(args.odds)) return new BetPreflightError('InvalidOdds', WAGER_ERROR_SENTENCES.InvalidOdds);
  if (args.listingPrice <= 0n || betStake(args.listingPrice, args.odds) < MIN_BET_LAMPORTS) {
    return new BetPreflightError('BetTooLow', `The smallest stake is ${MIN_STAKE_TEXT}.`);
  }
  if (args.maxPrize !== null && args.listingPrice > args.maxPrize) {
    return new BetPreflightError(
      'InvalidListingPrice',
      `The largest prize the house covers right now is ${formatLamports(args.maxPrize)} SOL. Lower the stake or raise the win chance.`,
    );
  }
  return null;
}

/** init_bet_offchain if the record doesn't exist (with the stored referrer if any), then create_bet_offchain. */
export function usePlaceBet(): {
  place: (args: PlaceBetArgs) => Promise<PlacedBet>;
  isPending: boolean;
  error: unknown;
} {
  const { wallet } = useWallet();
  const send = useSendTransaction();
  const { referrer } = useReferralCapture();
  const queryClient = useQueryClient();
  const user = wallet?.address ?? null;

  const mutation = useMutation({
    mutationFn: async (args: PlaceBetArgs): Promise<PlacedBet> => {
      if (user === null || send === null) {
        throw new BetPreflightError('NoWallet', 'Connect your wallet to place a bet.');
      }
      const early = preflightBet({ ...args, maxPrize: null });
      if (early !== null) throw early;
      const [house, record, balance] = await Promise.all([
        getHouseLimits(),
        getBetRecord(user),
        getRpc().getBalance(user, { commitment: RPC_COMMITMENT }).send(),
      ]);
      queryClient.setQueryData(houseLimitsKey, house);
      queryClient.setQueryData(betRecordKey(user), record);
      if (house.paused) {
        throw new BetPreflightError('HousePaused', 'Betting is paused for now. Try again in a little while.');
      }
      const limit = preflightBet({ ...args, maxPrize: house.maxPrize });
      if (limit !== null) throw limit;
      if (!isBetFree(record.bet)) throw betNotAvailableError(record.bet!);

      // The same costs the forms check (`utils/bet-costs.ts`): the record's rent on a first bet, the network fee.
      const extra = await getBetExtraCosts(record.bet);
      const cost = betCost(args.listingPrice, args.odds);
      if (!canAffordBet(balance.value, cost, extra)) {
        throw new BetPreflightError('InsufficientFunds', notEnoughSolMessage(cost, extra, balance.value));
      }

      const program = wagerProgram();
      const instructions: Instruction[] = [];
      if (record.bet === null) {
        const referral = referrer !== null && referrer !== user ? toAddress(referrer) : null;
        instructions.push(await getInitBetOffchainInstructionAsync({ user, referral }, program));
      }
      instructions.push(
        await getCreateBetOffchainInstructionAsync(
          { user, odds: args.odds, listingPrice: args.listingPrice, betType: args.betType, mint: args.mint },
          program,
        ),
      );
      const placedAt = Math.floor(Date.now() / 1000);
      const signature = await send({ instructions });
      return { signature, placedAt, user, previousTimestamp: record.bet?.timestamp ?? null };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: betRecordKey(user) });
      void queryClient.invalidateQueries({ queryKey: houseLimitsKey });
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
      void queryClient.invalidateQueries({ queryKey: betHistoryKey(user) });
    },
  });

  return { place: mutation.mutateAsync, isPending: mutation.isPending, error: mutation.error };
}
