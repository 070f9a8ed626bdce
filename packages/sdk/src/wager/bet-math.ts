/**
 * Wager's arithmetic, exactly as the program does it (`programs/wager/src/bet-math.c`, `market-math.c`,
 * `state.c`), so a client can show the cost of a bet, the largest prize the house takes, or what a
 * prediction will be paid, to the lamport.
 *
 * Every amount is a u64 of lamports as a `bigint`. Where the program fails with `OverflowError` (a result
 * beyond u64), these throw a RangeError; they also throw for inputs no u64 (or u8, for odds) can hold.
 * Rates come from `constants.ts`, the same values the program is compiled with.
 *
 * @module
 */

import {
  BPS_DENOMINATOR,
  MAX_PRIZE_BPS_OF_FREE_BALANCE,
  ODDS_DENOMINATOR,
  ODDS_MAX,
  ODDS_MIN,
  PROPHECY_FEE_BPS,
  REFERRAL_SHARE_BPS,
  RETAIL_MARKETPLACE_FEE_BPS,
  SKILL_LABELS,
  TAILSPIN_FEE_BPS,
  type SkillLabelThreshold,
} from '../constants.ts';
import { poolFee, poolPayout } from '../payout.ts';
import { MarketResult, type MarketAccount } from './accounts.ts';

const U64_MAX = (1n << 64n) - 1n;

function assertU64(name: string, value: bigint): void {
  if (value < 0n || value > U64_MAX) throw new RangeError(`${name} must be a u64, got ${value}`);
}

/** The program's `OverflowError` (6010): a result beyond u64. */
function checkedU64(what: string, value: bigint): bigint {
  if (value > U64_MAX) throw new RangeError(`${what} overflows a u64 (the program fails with OverflowError)`);
  return value;
}

function assertOddsByte(odds: number): void {
  if (!Number.isInteger(odds) || odds < 0 || odds > 0xff) throw new RangeError(`Odds are a u8, got ${odds}`);
}

/** floor(a × b / c), as the program's `mul_div_floor`. */
function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  return (a * b) / c;
}

/** ceil(a × b / c), as the program's `mul_div_ceil`. */
function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  return (a * b + c - 1n) / c;
}

// ---------------------------------------------------------------------------------------------------------
// TailSpin and ReTail
// ---------------------------------------------------------------------------------------------------------

/**
 * Whether `create_bet_offchain` accepts these odds (`ODDS_MIN`–`ODDS_MAX`, 1–95); others are `InvalidOdds`.
 */
export function isValidOdds(odds: number): boolean {
  return Number.isInteger(odds) && odds >= ODDS_MIN && odds <= ODDS_MAX;
}

/**
 * The stake of a bet for a prize of `listingPrice` at `odds` percent: `ceil(listingPrice × odds / 100)`
 * (`bet_stake`). Rounding up means the house never sells a prize below its fair price.
 *
 * @example betStake(1_000_000_000n, 50) === 500_000_000n
 * @throws RangeError when `odds` is no u8 or `listingPrice` no u64.
 */
export function betStake(listingPrice: bigint, odds: number): bigint {
  assertU64('listingPrice', listingPrice);
  assertOddsByte(odds);
  return checkedU64('The stake', mulDivCeil(listingPrice, BigInt(odds), ODDS_DENOMINATOR));
}

/**
 * The 4% fee on a stake, rounded down (`bet_fee`); paid on top of the stake, and what a refund returns with it.
 *
 * @example betFee(500_000_000n) === 20_000_000n
 */
export function betFee(stake: bigint): bigint {
  assertU64('stake', stake);
  return mulDivFloor(stake, TAILSPIN_FEE_BPS, BPS_DENOMINATOR);
}

/**
 * What the user pays for a bet: stake + fee (`create_bet_offchain` transfers this into the house wallet).
 *
 * @example betCost(1_000_000_000n, 50) === 520_000_000n
 * @throws RangeError on overflow, as the program.
 */
export function betCost(listingPrice: bigint, odds: number): bigint {
  const stake = betStake(listingPrice, odds);
  return checkedU64('The cost', stake + betFee(stake));
}

/**
 * What a win revealed after its refund is still owed (`bet_late_win`): the rest of the prize, prize − stake
 * − fee, or 0 if the refund already returned more (odds of at most 95% never allow it). The reveal pays it
 * at once, or leaves it on the record for `claim_bet` when the wallet could not take it.
 *
 * @example lateWinAmount({ prize: 1_000_000_000n, stake: 500_000_000n }) === 480_000_000n
 */
export function lateWinAmount(bet: { readonly prize: bigint; readonly stake: bigint }): bigint {
  const rest = bet.prize - bet.stake - betFee(bet.stake);
  return rest > 0n ? rest : 0n;
}

/**
 * The prize a stake buys at `odds` percent, for TailSpin's form where the player types the stake:
 * `floor(stake × 100 / odds)`. The bet opened for that prize costs at most `stake` again:
 * `betStake(prizeFromStake(s, o), o) ≤ s`.
 *
 * @example prizeFromStake(500_000_000n, 50) === 1_000_000_000n
 * @throws RangeError when `odds` is 0 or no u8, or `stake` no u64.
 */
export function prizeFromStake(stake: bigint, odds: number): bigint {
  assertU64('stake', stake);
  assertOddsByte(odds);
  if (odds === 0) throw new RangeError('Odds of 0 buy no prize');
  return checkedU64('The prize', mulDivFloor(stake, ODDS_DENOMINATOR, BigInt(odds)));
}

/**
 * The referrer's 10% of a fee, rounded down (`referral_share`): of a bet's fee when it settles, and of a
 * market's fee when it resolves.
 *
 * @example referralShare(20_000_000n) === 2_000_000n
 */
export function referralShare(fee: bigint): bigint {
  assertU64('fee', fee);
  return mulDivFloor(fee, REFERRAL_SHARE_BPS, BPS_DENOMINATOR);
}

/**
 * The house wallet's free balance: lamports − rent − outstanding, or 0 when it owes more than it holds
 * (`house_free_balance`). `withdraw` takes at most this; {@link maxPrize} is 5% of it.
 *
 * @param lamports - The house wallet's balance.
 * @param rent - Its rent-exempt minimum (`getMinimumBalanceForRentExemption(HOUSE_ACCOUNT_SIZE)`).
 * @param outstanding - `House.outstanding`.
 * @throws RangeError when rent + outstanding overflows a u64, as the program.
 */
export function houseFreeBalance(lamports: bigint, rent: bigint, outstanding: bigint): bigint {
  assertU64('lamports', lamports);
  assertU64('rent', rent);
  assertU64('outstanding', outstanding);
  const reserved = checkedU64('rent + outstanding', rent + outstanding);
  return lamports > reserved ? lamports - reserved : 0n;
}

/**
 * The largest prize the house takes: 5% of its free balance, rounded down (`max_prize`). A larger
 * `listingPrice` is `InvalidListingPrice`.
 *
 * @example maxPrize(100_000_000_000n) === 5_000_000_000n
 */
export function maxPrize(freeBalance: bigint): bigint {
  assertU64('freeBalance', freeBalance);
  return mulDivFloor(freeBalance, MAX_PRIZE_BPS_OF_FREE_BALANCE, BPS_DENOMINATOR);
}

/**
 * An NFT listing's token standard: Metaplex Token Metadata's `TokenStandard` variant names, and `Core` for
 * a Metaplex Core asset.
 */
export type NftTokenStandard =
  | 'NonFungible'
  | 'FungibleAsset'
  | 'Fungible'
  | 'NonFungibleEdition'
  | 'ProgrammableNonFungible'
  | 'ProgrammableNonFungibleEdition'
  | 'Core';

/** Whether a ReTail buyer pays the royalty: only for programmable NFTs and core assets. */
export function royaltyApplies(tokenStandard: NftTokenStandard): boolean {
  return (
    tokenStandard === 'ProgrammableNonFungible' ||
    tokenStandard === 'ProgrammableNonFungibleEdition' ||
    tokenStandard === 'Core'
  );
}

/**
 * A ReTail NFT's buyer price, the bet's `listingPrice`: listing price × (1 + 1.5% marketplace fee +
 * royalty), the royalty (`royaltyBps` / 10000) only when {@link royaltyApplies}
 * (docs/reference/constants.md#fees).
 *
 * Rounding: the marketplace fee and the royalty are each rounded up on their own, then added to the listing
 * price. Whichever way a marketplace rounds each part, the house never prices the prize below what the buy
 * costs (a `claim_bet(sol = false)` paying too little would make the buy fail); it over-prices by at most
 * 2 lamports, 1 per part.
 *
 * @example retailBuyerPrice(1_000_000_000n, 500, 'ProgrammableNonFungible') === 1_065_000_000n
 * @example retailBuyerPrice(1_000_000_000n, 500, 'NonFungible') === 1_015_000_000n
 * @throws RangeError when `royaltyBps` is not an integer in 0–10000, or a value is no u64.
 */
export function retailBuyerPrice(
  listingPrice: bigint,
  royaltyBps: number,
  tokenStandard: NftTokenStandard,
): bigint {
  assertU64('listingPrice', listingPrice);
  if (!Number.isInteger(royaltyBps) || royaltyBps < 0 || royaltyBps > Number(BPS_DENOMINATOR)) {
    throw new RangeError(`royaltyBps must be an integer in 0–${BPS_DENOMINATOR}, got ${royaltyBps}`);
  }
  const marketplaceFee = mulDivCeil(listingPrice, RETAIL_MARKETPLACE_FEE_BPS, BPS_DENOMINATOR);
  const royalty = royaltyApplies(tokenStandard)
    ? mulDivCeil(listingPrice, BigInt(royaltyBps), BPS_DENOMINATOR)
    : 0n;
  return checkedU64('The buyer price', listingPrice + marketplaceFee + royalty);
}

/** A skill label (docs/reference/constants.md#users-chat-and-the-feed). */
export type SkillLabel = SkillLabelThreshold['label'];

/**
 * The skill label of a bet's odds (`SKILL_LABELS`): under 20 Bozo, 20–39 Degen, 40–69 Manlet, 70
 * and up Safu.
 *
 * @example skillLabel(50) === 'Manlet'
 */
export function skillLabel(odds: number): SkillLabel {
  // SKILL_LABELS ends with a -Infinity threshold, so some entry always matches (NaN aside, which is Bozo).
  return (SKILL_LABELS.find((threshold) => odds >= threshold.min) ?? SKILL_LABELS.at(-1)!).label;
}

// ---------------------------------------------------------------------------------------------------------
// Prophecy
// ---------------------------------------------------------------------------------------------------------

/** The fields of a Market the payout maths reads. */
export type MarketPools = Pick<MarketAccount, 'yesPool' | 'noPool' | 'result'>;

/**
 * Whether a market refunds every prediction: unresolved, or resolved Invalid (`refunds` in market-math.c).
 * `settle_prediction` refuses an unresolved market (`InvalidMarket`), so in practice this is "Invalid".
 */
export function marketRefunds(market: Pick<MarketAccount, 'result'>): boolean {
  return market.result === null || market.result === MarketResult.Invalid;
}

/**
 * The result `resolve_market(result)` records: a Yes or No whose side has no predictions becomes Invalid
 * (everyone refunded, no fee).
 *
 * @example resolvedMarketResult({ yesPool: 0n, noPool: 5n }, MarketResult.Yes) === MarketResult.Invalid
 */
export function resolvedMarketResult(
  market: Pick<MarketAccount, 'yesPool' | 'noPool'>,
  result: MarketResult,
): MarketResult {
  if (result === MarketResult.Yes && market.yesPool === 0n) return MarketResult.Invalid;
  if (result === MarketResult.No && market.noPool === 0n) return MarketResult.Invalid;
  return result;
}

function marketPot(market: MarketPools): bigint {
  assertU64('yesPool', market.yesPool);
  assertU64('noPool', market.noPool);
  return checkedU64('The pot', market.yesPool + market.noPool);
}

/**
 * A resolved market's fee (`market_fee`): 3% of the whole pot, rounded down; 0 when it refunds (see
 * {@link marketRefunds}). The treasury gets it less the referrer's {@link referralShare}.
 *
 * @example marketFee({ yesPool: 6_000_000_000n, noPool: 4_000_000_000n, result: MarketResult.Yes }) === 300_000_000n
 * @throws RangeError when the pot overflows a u64, as the program.
 */
export function marketFee(market: MarketPools): bigint {
  if (marketRefunds(market)) return 0n;
  return poolFee(marketPot(market), PROPHECY_FEE_BPS);
}

/**
 * What `settle_prediction` pays a prediction of `amount` on `side` (`prediction_payout`):
 * - the market refunds ({@link marketRefunds}): `amount`;
 * - `side` lost: 0;
 * - `side` won: `floor(amount × (pot − fee) / winning pool)` (`poolPayout`). Over all winners the sum is at
 *   most pot − fee, and the dust left in the pool is less than one lamport per winner.
 *
 * @example
 * ```ts
 * const market = { yesPool: 6_000_000_000n, noPool: 4_000_000_000n, result: MarketResult.Yes };
 * predictionPayout(market, 3_000_000_000n, MarketResult.Yes) === 4_850_000_000n;
 * predictionPayout(market, 1_000_000_000n, MarketResult.No) === 0n;
 * ```
 * @throws RangeError when the pot overflows a u64, or `amount` exceeds its side's pool (no real
 *   prediction does).
 */
export function predictionPayout(market: MarketPools, amount: bigint, side: MarketResult): bigint {
  assertU64('amount', amount);
  if (marketRefunds(market)) return amount;
  if (side !== market.result) return 0n;
  marketPot(market);
  const [winning, losing] =
    side === MarketResult.Yes ? [market.yesPool, market.noPool] : [market.noPool, market.yesPool];
  return poolPayout(amount, winning, losing, PROPHECY_FEE_BPS);
}
