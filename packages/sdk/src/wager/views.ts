/**
 * The client's views of Wager records (docs/reference/entities.md#client-views: the Yes/no market, the
 * Prophecy market with its metadata, and a bet with its type in lower case) and the unclaimed-winnings rule
 * (docs/reference/states.md#tailspin-and-retail-bet).
 *
 * @module
 */

import type { Address } from '@solana/kit';

import {
  betPlayerSeed,
  betTypeLabel,
  BetResult,
  BetState,
  type BetAccount,
  type BetTypeLabel,
  type MarketAccount,
  type MarketResult,
} from './accounts.ts';

/** A Yes/no market (docs/reference/entities.md#client-views). Times are unix seconds, pools lamports. */
export interface YesNoMarket {
  /** The market's address. */
  readonly key: Address;
  readonly startTime: bigint;
  readonly endTime: bigint;
  /** The spec's spelling of `Market.cutoff_time`. */
  readonly cutOffTime: bigint;
  readonly yesCount: number;
  readonly noCount: number;
  /** yesCount + noCount. */
  readonly totalCount: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  /** yesPool + noPool: the pot. */
  readonly totalPool: bigint;
  readonly isSettled: boolean;
  readonly settledCount: number;
  /** Null until resolved. */
  readonly result: MarketResult | null;
  readonly referrer: Address | null;
}

/** The spec's Yes/no market view of a decoded Market at `key`. */
export function toYesNoMarket(key: Address, market: MarketAccount): YesNoMarket {
  return Object.freeze({
    key,
    startTime: market.startTime,
    endTime: market.endTime,
    cutOffTime: market.cutoffTime,
    yesCount: market.yesCount,
    noCount: market.noCount,
    totalCount: market.yesCount + market.noCount,
    yesPool: market.yesPool,
    noPool: market.noPool,
    totalPool: market.yesPool + market.noPool,
    isSettled: market.isSettled,
    settledCount: market.settledCount,
    result: market.result,
    referrer: market.referrer,
  });
}

/** A Prophecy market's off-chain metadata, kept by the server. */
export interface ProphecyMarketMetadata {
  /** What a Yes means, e.g. "Above $200". */
  readonly yesOption: string;
  readonly noOption: string;
  /** What an Invalid resolution means. */
  readonly invalidOption: string;
  readonly shortName: string;
}

/** A Prophecy market: a Yes/no market with its metadata. */
export interface ProphecyMarket extends YesNoMarket {
  readonly marketMetadata: ProphecyMarketMetadata;
}

/** The spec's Prophecy market view: the Yes/no market view of `market` at `key`, with its metadata. */
export function toProphecyMarket(
  key: Address,
  market: MarketAccount,
  marketMetadata: ProphecyMarketMetadata,
): ProphecyMarket {
  return Object.freeze({
    ...toYesNoMarket(key, market),
    marketMetadata: Object.freeze({ ...marketMetadata }),
  });
}

/** A TailSpin or ReTail bet as the client shows it: the record's fields, the bet type in lower case. */
export interface BetView {
  readonly user: Address;
  readonly mint: Address;
  readonly odds: number;
  /** The stake, lamports. */
  readonly betAmount: bigint;
  /** The prize, lamports. */
  readonly listingPrice: bigint;
  readonly timestamp: bigint;
  readonly state: BetState;
  readonly result: BetResult;
  /** `sol`, `token` or `nft`. */
  readonly betType: BetTypeLabel;
  readonly referral: Address | null;
  /** Made with `create_bet_offchain` (the settler's roll); false for `create_bet` (the program's roll). */
  readonly offChain: boolean;
  /** A bet made with `create_bet`: its place in the settler's seed chain; 0 for an off-chain bet. */
  readonly sequence: bigint;
  /** A bet made with `create_bet`: the slot it landed in, whose hash is part of its roll; 0 off chain. */
  readonly slot: bigint;
  /** A bet made with `create_bet`: the player's 32-byte seed (`switchboard_request`); null off chain. */
  readonly playerSeed: Uint8Array | null;
}

/** The client's view of a decoded Bet. */
export function toBetView(bet: BetAccount): BetView {
  return Object.freeze({
    user: bet.user,
    mint: bet.mint,
    odds: bet.odds,
    betAmount: bet.betAmount,
    listingPrice: bet.listingPrice,
    timestamp: bet.timestamp,
    state: bet.state,
    result: bet.result,
    betType: betTypeLabel(bet.betType),
    referral: bet.referral,
    offChain: bet.offChain,
    sequence: bet.sequence,
    slot: bet.slot,
    playerSeed: bet.offChain ? null : betPlayerSeed(bet),
  });
}

/**
 * "A win whose state is neither Claimed nor Open triggers the unclaimed-winnings banner", applied literally
 * (docs/reference/states.md#tailspin-and-retail-bet).
 *
 * The program only sets Win when it settles a bet (state Settled); a claim moves it to Claimed and the next
 * bet resets the result, so on every record the program can write this is `result = Win and state =
 * Settled`, a win `claim_bet` will pay. The two readings differ only on records the program never writes
 * (e.g. Refunded with result Win; a refund sets Invalid).
 */
export function isUnclaimedWin(bet: Pick<BetAccount, 'state' | 'result'>): boolean {
  return bet.result === BetResult.Win && bet.state !== BetState.Claimed && bet.state !== BetState.Open;
}
