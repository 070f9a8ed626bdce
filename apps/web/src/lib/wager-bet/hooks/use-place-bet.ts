/**
 * Placing a TailSpin or ReTail bet: the client checks what the program would refuse (odds, minimum stake,
 * the house's limit, one live bet per user, the wallet's balance) so the player reads why before any
 * wallet prompt, then sends in one transaction (one signature, and never a record without its bet):
 * `init_bet_offchain` (only the first time, with the referrer the player arrived with), `init_referral`
 * when the bet's referral has no vault yet (one account read decides, and the player's balance check
 * counts the vault's rent; the largest such transaction is 531 bytes of the 1,232 allowed), and
 * `create_bet` with the player's seed (`utils/player-seed.ts`), whose roll the program computes at the
 * reveal (`docs/trust.md`). A seed the app drew is replaced by a new one once the bet is in.
 *
 * @module
 */

import { MIN_BET_LAMPORTS, RPC_COMMITMENT } from '@arcade/sdk/constants';
import { BetResult, BetState, type BetAccount } from '@arcade/sdk/wager/accounts';
import { betCost, betStake, isValidOdds } from '@arcade/sdk/wager/bet-math';
import {
  getCreateBetInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getInitReferralInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import type { Address, Instruction, Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { formatLamports } from '../../format.ts';
import { getRpc } from '../../wallet/rpc.ts';
import { useSendTransaction } from '../../wallet/use-send-transaction.ts';
import { useWallet } from '../../wallet/wallet-context.tsx';
import { unclaimedWinsKey } from '../../query-keys.ts';
import { wagerProgram } from '../../programs.ts';
import { useReferralCapture } from '../../referral/use-referral-capture.ts';
import { betHistoryKey } from '../api/get-bet-history.ts';
import { betRecordKey, getBetRecord } from '../api/get-bet-record.ts';
import { getHouseLimits, houseLimitsKey } from '../api/get-house-limits.ts';
import { referralVaultKey, referralVaultQueryOptions } from '../api/get-referral-vault.ts';
import { canAffordBet, notEnoughSolMessage } from '../utils/bet-costs.ts';
import { BetPreflightError, LAST_BET_REVEALING, programErrorNameOf } from '../utils/bet-errors.ts';
import { WAGER_ERROR_SENTENCES } from '../../error-text.ts';
import type { PlacedBet } from '../utils/bet-outcome.ts';
import { awaitsReveal, REFUND_AWAITS_REVEAL } from '../utils/refund.ts';
import { currentPlayerSeed, playerSeedBytes, rotatePlayerSeed } from '../utils/player-seed.ts';
import { getBetExtraCosts, nextBetReferral } from './use-bet-extra-costs.ts';

/** What a bet is. */
export interface PlaceBetArgs {
  /** Win chance in percent, 1–95. */
  readonly odds: number;
  /** The prize in lamports (the SOL value of a token or NFT prize). */
  readonly listingPrice: bigint;
  readonly betType: 'sol' | 'token' | 'nft';
  /** The prize's mint: the native mint for SOL. */
  readonly mint: Address;
  /** The player's seed, 64 hex digits; the one the bet screen shows (the UI store's) by default. */
  readonly playerSeed?: string;
  /**
   * Called once the wallet has signed, before the transaction is sent, with the bet as `place` will resolve
   * it (the same object): the game starts its animation and its result watch here, while the transaction
   * confirms. `place` may still fail after it (the transaction refused or failed on chain).
   */
  readonly onSent?: (placed: PlacedBet) => void;
}

/**
 * Whether `create_bet` accepts a new bet on this record (the program's `bet_available`): its state, and a
 * bet made with `create_bet` revealed (a refunded one keeps its place in the chain until its seed is
 * revealed). `revealSequence` is the House's next sequence to reveal; without it, what the record alone
 * shows.
 */
export function isBetFree(bet: BetAccount | null, revealSequence: bigint | null = null): boolean {
  if (bet === null) return true;
  if (awaitsReveal(bet, revealSequence)) return false;
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
  if (bet.state === BetState.Open) return new BetPreflightError('BetNotAvailable', LAST_BET_REVEALING);
  if (bet.state === BetState.Refunded) return new BetPreflightError('BetNotAvailable', REFUND_AWAITS_REVEAL);
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
    return new BetPreflightError('BetTooLow', WAGER_ERROR_SENTENCES.BetTooLow);
  }
  if (args.maxPrize !== null && args.listingPrice > args.maxPrize) {
    return new BetPreflightError(
      'InvalidListingPrice',
      `The largest prize the house covers right now is ${formatLamports(args.maxPrize)} SOL. Lower the stake or raise the win chance.`,
    );
  }
  return null;
}

/**
 * init_bet_offchain if the record doesn't exist (with the stored referrer if any), init_referral if the
 * bet's referral has no vault, then create_bet with the player's seed.
 */
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
      if (!house.seedCommitted) {
        throw new BetPreflightError('NoSeedCommitted', WAGER_ERROR_SENTENCES.NoSeedCommitted);
      }
      const limit = preflightBet({ ...args, maxPrize: house.maxPrize });
      if (limit !== null) throw limit;
      if (!isBetFree(record.bet, house.revealSequence)) throw betNotAvailableError(record.bet!);

      // The bet's referral (the record's, or on a first bet the one the player arrived with) is paid into
      // its vault at the reveal: a vault nobody created yet is created here, paid by the player.
      const referral = nextBetReferral(record, referrer, user);
      const createsVault =
        referral !== null && !(await queryClient.query(referralVaultQueryOptions(referral)));

      // The same costs the forms check (`utils/bet-costs.ts`): rents the bet pays, the network fee.
      const extra = await getBetExtraCosts(record, createsVault);
      const cost = betCost(args.listingPrice, args.odds);
      if (!canAffordBet(balance.value, cost, extra)) {
        throw new BetPreflightError('InsufficientFunds', notEnoughSolMessage(cost, extra, balance.value));
      }

      const program = wagerProgram();
      const playerSeed = args.playerSeed ?? currentPlayerSeed();
      const instructions: Instruction[] = [];
      if (record.bet === null) {
        instructions.push(await getInitBetOffchainInstructionAsync({ user, referral }, program));
      }
      if (createsVault) {
        instructions.push(
          await getInitReferralInstructionAsync({ payer: user, referrer: referral }, program),
        );
      }
      instructions.push(
        await getCreateBetInstructionAsync(
          {
            user,
            odds: args.odds,
            listingPrice: args.listingPrice,
            betType: args.betType,
            mint: args.mint,
            playerSeed: playerSeedBytes(playerSeed),
          },
          program,
        ),
      );
      const placedAt = Math.floor(Date.now() / 1000);
      const previousTimestamp = record.bet?.timestamp ?? null;
      const previousSequence = record.bet?.sequence ?? null;
      let placed: PlacedBet | null = null;
      const placedFor = (signature: Signature): PlacedBet =>
        placed?.signature === signature
          ? placed
          : (placed = { signature, placedAt, user, previousTimestamp, previousSequence, playerSeed });
      let signature;
      try {
        signature = await send({
          instructions,
          onSigned: (signed) => {
            args.onSent?.(placedFor(signed));
          },
        });
      } catch (error) {
        throw await explainRefusal(error, user);
      }
      // The seed is spent: a drawn one gives way to a new one, a seed the player set stays.
      rotatePlayerSeed();
      if (createsVault) void queryClient.invalidateQueries({ queryKey: referralVaultKey(referral) });
      return placedFor(signature);
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

/**
 * The program's BetNotAvailable says only that the record takes no bet now: the record, read again, says
 * why (the last bet is still being revealed, or a win waits to be claimed). Other failures are as they were.
 */
async function explainRefusal(error: unknown, user: Address): Promise<unknown> {
  if (programErrorNameOf(error) !== 'BetNotAvailable') return error;
  try {
    const [{ bet }, house] = await Promise.all([getBetRecord(user), getHouseLimits().catch(() => null)]);
    return bet !== null && !isBetFree(bet, house?.revealSequence ?? null) ? betNotAvailableError(bet) : error;
  } catch {
    return error;
  }
}
