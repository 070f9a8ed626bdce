/**
 * What a demo bot decides, as pure functions of a random source and what it read: when it acts next (a
 * human pace, with jitter), which game it plays, and how much it stakes. The stakes are small round
 * amounts, and never more than the wallet can pay with its reserve for fees and rent kept aside.
 *
 * @module
 */

import {
  BET_REFUND_DELAY_SECS,
  LAMPORTS_PER_SOL,
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
} from '@arcade/sdk/constants';
import { BetResult, BetState, type BetAccount, type HouseAccount } from '@arcade/sdk/wager/accounts';
import { betCost, betStake, isValidOdds, prizeFromStake } from '@arcade/sdk/wager/bet-math';

import { intBetween, pick, weightedPick, type Random } from '../random.ts';

/** What a bot can do on its turn. */
export const BOT_ACTIONS = ['tailspin', 'foresight', 'prophecy', 'chat'] as const;
/** One of {@link BOT_ACTIONS}. */
export type BotAction = (typeof BOT_ACTIONS)[number];

/** How often each action is picked, relatively. */
export const DEFAULT_ACTION_WEIGHTS: Readonly<Record<BotAction, number>> = Object.freeze({
  tailspin: 4,
  foresight: 3,
  prophecy: 2,
  chat: 2,
});

/** Time between two turns of one bot, ms: drawn uniformly in [minMs, maxMs]. */
export interface BotPace {
  readonly minMs: number;
  readonly maxMs: number;
}

/** A turn every 20 to 50 s per bot: four bots make the feed move every few seconds, at little CPU. */
export const DEFAULT_BOT_PACE: BotPace = Object.freeze({ minMs: 20_000, maxMs: 50_000 });

/**
 * The wait before a bot's next turn.
 *
 * @example nextDelayMs(random, { minMs: 20_000, maxMs: 50_000 }) // 20,000…50,000
 */
export function nextDelayMs(random: Random, pace: BotPace): number {
  return intBetween(random, pace.minMs, Math.max(pace.minMs, pace.maxMs));
}

/** The wait before a bot's first turn: bots start a few seconds apart rather than all at once. */
export function firstDelayMs(random: Random, index: number, pace: BotPace): number {
  return 3_000 + index * 2_500 + intBetween(random, 0, Math.max(0, Math.floor(pace.minMs / 2)));
}

/** The action of a turn. */
export function chooseAction(
  random: Random,
  weights: Readonly<Record<BotAction, number>> = DEFAULT_ACTION_WEIGHTS,
): BotAction | null {
  return weightedPick(random, weights);
}

const sol = (hundredths: number): bigint => (BigInt(hundredths) * LAMPORTS_PER_SOL) / 100n;

/** Kept aside on every bet for network fees (a few signatures and priority fees). */
export const BOT_FEE_RESERVE_LAMPORTS = sol(1);

/** A bot is topped up by airdrop below `below`, to `upTo`. */
export const BOT_TOP_UP = Object.freeze({ below: sol(200), upTo: sol(2_000) });

/** What a bot can spend: its balance less what it keeps aside, never negative. */
export function spendable(balance: bigint, reserve: bigint): bigint {
  return balance > reserve ? balance - reserve : 0n;
}

/** TailSpin stakes a bot picks from, lamports. */
export const TAILSPIN_STAKES: readonly bigint[] = Object.freeze([1, 2, 3, 5, 10, 15, 25].map(sol));

/** Win chances a bot picks from, in percent: the round numbers people choose. */
export const TAILSPIN_ODDS: readonly number[] = Object.freeze(
  [10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90].filter((odds) => odds >= ODDS_MIN && odds <= ODDS_MAX),
);

/** A TailSpin bet: `create_bet(odds, listingPrice, player seed)`, costing `cost` (stake + 4% fee). */
export interface TailSpinChoice {
  readonly odds: number;
  readonly listingPrice: bigint;
  readonly stake: bigint;
  readonly cost: bigint;
}

/**
 * A TailSpin bet the wallet can pay and the house accepts, or null. The stake is one of
 * {@link TAILSPIN_STAKES} that fits `balance − reserve`; a prize above the house's limit is lowered to it.
 *
 * @param input.reserve - Kept aside: fees, and the bet record's rent on a first bet.
 * @param input.maxPrize - The house's limit (`maxPrize(free balance)`).
 */
export function chooseTailSpinBet(
  random: Random,
  input: { readonly balance: bigint; readonly reserve: bigint; readonly maxPrize: bigint },
): TailSpinChoice | null {
  const budget = spendable(input.balance, input.reserve);
  const odds = pick(random, TAILSPIN_ODDS);
  const affordable = TAILSPIN_STAKES.filter((stake) => betCost(prizeFromStake(stake, odds), odds) <= budget);
  if (affordable.length === 0 || !isValidOdds(odds)) return null;
  let listingPrice = prizeFromStake(pick(random, affordable), odds);
  if (listingPrice > input.maxPrize) listingPrice = input.maxPrize;
  if (listingPrice <= 0n) return null;
  const stake = betStake(listingPrice, odds);
  const cost = betCost(listingPrice, odds);
  if (stake < MIN_BET_LAMPORTS || cost > budget) return null;
  return { odds, listingPrice, stake, cost };
}

/**
 * Seconds past a bet's refund deadline before a player sends `refund_bet` itself: the chain's Clock moves
 * once a slot, in whole seconds, and may lag the player's clock (RefundTooEarly otherwise).
 */
export const REFUND_MARGIN_SECS = 2;

/**
 * Whether an open bet has waited out its refund deadline (placement + `BET_REFUND_DELAY_SECS`, with
 * {@link REFUND_MARGIN_SECS}), so its player takes the stake and fee back with `refund_bet`.
 *
 * @example refundDue({ state: BetState.Open, timestamp: 1_000n }, 1_122_000) === true
 */
export function refundDue(bet: Pick<BetAccount, 'state' | 'timestamp'>, nowMs: number): boolean {
  return (
    bet.state === BetState.Open &&
    nowMs >= (Number(bet.timestamp) + BET_REFUND_DELAY_SECS + REFUND_MARGIN_SECS) * 1000
  );
}

/**
 * Whether the bet record can take a new bet, as `create_bet` decides (BetNotAvailable otherwise): never
 * used, claimed, refunded or a settled loss, and, for a bet made with `create_bet`, once the chain has
 * revealed past it (a refunded bet keeps its place in the seed chain until its seed is revealed).
 */
export function betRecordAvailable(
  bet: Pick<BetAccount, 'state' | 'result' | 'offChain' | 'sequence'> | null,
  house: Pick<HouseAccount, 'revealSequence' | 'paused'>,
): boolean {
  if (house.paused) return false;
  if (bet === null || bet.state === BetState.None) return true;
  if (!bet.offChain && bet.sequence >= house.revealSequence) return false;
  return (
    bet.state === BetState.Claimed ||
    bet.state === BetState.Refunded ||
    (bet.state === BetState.Settled && bet.result === BetResult.Loss)
  );
}

/**
 * Whether the house takes a `create_bet` now: not paused, and a committed seed chain holds a seed for the
 * next bet's sequence (NoSeedCommitted otherwise: the settler has not committed one yet).
 */
export function houseTakesBets(
  house: Pick<HouseAccount, 'paused' | 'betSequence' | 'seedChainEnd' | 'nextSeedChainLength'>,
): boolean {
  return !house.paused && house.betSequence < house.seedChainEnd + house.nextSeedChainLength;
}

/** Foresight amounts a bot picks from, lamports. */
export const FORESIGHT_AMOUNTS: readonly bigint[] = Object.freeze([1, 2, 5, 10, 20].map(sol));

/** A bot bets on a round only while at least this long is left before its lock. */
export const FORESIGHT_LOCK_MARGIN_MS = 12_000;

/** A Foresight bet. */
export interface ForesightChoice {
  readonly side: 'up' | 'down';
  readonly amount: bigint;
}

/** A bet on the live round, or null when it locks too soon or the wallet cannot pay one. */
export function chooseForesightBet(
  random: Random,
  input: { readonly balance: bigint; readonly reserve: bigint; readonly msToLock: number },
): ForesightChoice | null {
  if (input.msToLock < FORESIGHT_LOCK_MARGIN_MS) return null;
  const budget = spendable(input.balance, input.reserve);
  const affordable = FORESIGHT_AMOUNTS.filter((amount) => amount <= budget);
  if (affordable.length === 0) return null;
  return { side: random() < 0.5 ? 'up' : 'down', amount: pick(random, affordable) };
}

/** Prophecy amounts a bot picks from, lamports. */
export const PREDICTION_AMOUNTS: readonly bigint[] = Object.freeze([5, 10, 25, 50].map(sol));

/** A bot predicts only on markets closing later than this. */
export const PREDICTION_CUTOFF_MARGIN_MS = 60_000;

/** An open market as a bot sees it. */
export interface OpenMarket {
  readonly address: string;
  readonly shortName: string;
  /** Unix ms. */
  readonly cutoffMs: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
}

/** A prediction. */
export interface PredictionChoice {
  readonly market: OpenMarket;
  readonly side: 'yes' | 'no';
  readonly amount: bigint;
}

/**
 * A prediction on an open market the bot has not predicted on, or null. Bots follow the crowd a little:
 * the side with the larger pool is a bit more likely.
 */
export function choosePrediction(
  random: Random,
  input: {
    readonly balance: bigint;
    readonly reserve: bigint;
    readonly nowMs: number;
    readonly markets: readonly OpenMarket[];
    readonly predicted: ReadonlySet<string>;
  },
): PredictionChoice | null {
  const candidates = input.markets.filter(
    (market) =>
      market.cutoffMs - input.nowMs > PREDICTION_CUTOFF_MARGIN_MS && !input.predicted.has(market.address),
  );
  const budget = spendable(input.balance, input.reserve);
  const affordable = PREDICTION_AMOUNTS.filter((amount) => amount <= budget);
  if (candidates.length === 0 || affordable.length === 0) return null;
  const market = pick(random, candidates);
  const pot = market.yesPool + market.noPool;
  const yesShare = pot === 0n ? 0.5 : Number((market.yesPool * 1_000n) / pot) / 1_000;
  const side = random() < 0.4 + 0.2 * yesShare ? 'yes' : 'no';
  return { market, side, amount: pick(random, affordable) };
}
