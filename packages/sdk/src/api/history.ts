/**
 * The JSON of a wallet's history, its profit and loss and the provably fair records, as the server sends
 * it and the web app reads it: `POST /api/user/bets`, `/api/user/predictions` and `/api/user/marketBets`
 * (spec §7), `GET /api/user/pnl/{address}`, `GET /api/fairness` and `GET /api/fairness/{bet}`. One
 * definition for both ends.
 *
 * The history and PnL shapes are written as both ends hold them, with amounts (lamports, Juice base units)
 * as bigints; {@link AsJson} gives each as sent, every bigint a decimal string. Times are unix seconds
 * unless a field says otherwise.
 *
 * @module
 */

import type { BetTypeLabel } from '../wager/accounts.ts';

/** `T` as the server sends it: every bigint, at any depth, a decimal string; everything else as it is. */
export type AsJson<T> = { readonly [K in keyof T]: JsonValue<T[K]> };

/** One value of {@link AsJson}. */
type JsonValue<V> = V extends bigint ? string : V extends object ? AsJson<V> : V;

/** A page of history items and the cursor of the next one (null on the last page). */
export interface HistoryPageJson<T> {
  readonly success: true;
  readonly items: readonly T[];
  readonly nextCursor: number | null;
}

/** A TailSpin or ReTail bet as the server indexed it. Amounts are lamports. */
export interface BetHistoryItem {
  readonly id: number;
  /** The creating transaction's signature: the bet's identity (and the fairness page's key). */
  readonly signature: string;
  readonly betAddress: string;
  readonly user: string;
  readonly type: BetTypeLabel;
  /** The prize's mint: the native mint for SOL, the token's or the NFT's. */
  readonly mint: string;
  readonly odds: number;
  /** The stake. */
  readonly amount: bigint;
  readonly fee: bigint;
  /** The prize (the SOL value of a token or NFT prize). */
  readonly listingPrice: bigint;
  readonly referral: string | null;
  readonly referralFee: bigint;
  /** 'Open', 'Settled', 'Claimed' or 'Refunded'. */
  readonly state: string;
  /** 'None', 'Win', 'Loss' or 'Invalid'. */
  readonly result: string;
  /** The provably fair roll, 0–99, once settled. */
  readonly randomValue: number | null;
  /** When the bet was placed. */
  readonly timestamp: number;
  readonly settledAt: number | null;
  readonly settleSignature: string | null;
  readonly claimSignature: string | null;
  readonly refundSignature: string | null;
}

/** A Foresight round as the server indexed it. Prices are the oracle's integers, pools lamports. */
export interface HistoryRound {
  readonly id: number;
  readonly startTime: number;
  readonly lockTime: number;
  readonly settleTime: number;
  readonly lockPrice: number | null;
  readonly finalPrice: number | null;
  readonly upCount: number;
  readonly downCount: number;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly isSettled: boolean;
  /** 'None', 'Up', 'Down' or 'Invalid'. */
  readonly result: string;
}

/** A Foresight bet with its round (null when the round is not indexed yet). */
export interface PredictionHistoryItem {
  readonly id: number;
  /** The bet account. */
  readonly address: string;
  readonly config: string;
  readonly event: string;
  /** 'Up' or 'Down'. */
  readonly prediction: string;
  /** Lamports staked. */
  readonly amount: bigint;
  /** Lamports paid out (win or refund). */
  readonly winAmount: bigint;
  readonly isSettled: boolean;
  /** Null until the round settles. */
  readonly won: boolean | null;
  /** The first placing transaction. */
  readonly signature: string;
  /** The last placing transaction (a top-up's). */
  readonly lastSignature: string;
  readonly timestamp: number;
  readonly round: HistoryRound | null;
}

/** A Prophecy market bet (a prediction, or a top-up of one) with its market (null fields until indexed). */
export interface MarketBetHistoryItem {
  readonly id: number;
  readonly signature: string;
  readonly market: string;
  readonly prediction: string;
  readonly result: string;
  /** Lamports staked. */
  readonly amount: bigint;
  readonly timestamp: number;
  readonly marketName: string | null;
  readonly shortName: string | null;
  readonly category: string | null;
  readonly image: string | null;
  readonly marketResult: string | null;
  readonly marketSettled: boolean | null;
}

/** A TailSpin or ReTail bet as sent. */
export type BetHistoryJson = AsJson<BetHistoryItem>;
/** A Foresight round as sent. */
export type HistoryRoundJson = AsJson<HistoryRound>;
/** A Foresight bet as sent. */
export type PredictionHistoryJson = AsJson<PredictionHistoryItem>;
/** A Prophecy market bet as sent. */
export type MarketBetHistoryJson = AsJson<MarketBetHistoryItem>;

/** The games a wallet's profit and loss is broken down by, in the app's order. */
export const PNL_GAMES = ['tailspin', 'retail', 'foresight', 'prophecy'] as const;
export type PnlGame = (typeof PNL_GAMES)[number];

/** One game's (or the total's) money flows for a wallet over its whole indexed history, in lamports. */
export interface GamePnl {
  /** Bets placed (Prophecy: every create or top-up of a prediction). */
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  /** Stakes that left the wallet. */
  readonly wagered: bigint;
  /** Paid on top of stakes (TailSpin and ReTail's fee; 0 for the pool games, whose fee is out of payouts). */
  readonly fees: bigint;
  /** Winnings received. */
  readonly payouts: bigint;
  /** Stakes (and fees) given back. */
  readonly refunds: bigint;
  /** payouts + refunds − wagered − fees (negative when the wallet is down). */
  readonly net: bigint;
  /** Owed and not received yet (not in `net`): won or refundable, not yet claimed, settled or withdrawn. */
  readonly unclaimed: bigint;
}

/** A wallet's profit and loss, its Juice (base units) and its referral earnings (lamports). */
export interface WalletPnl {
  readonly address: string;
  readonly games: Readonly<Record<PnlGame, GamePnl>>;
  /** The games summed. */
  readonly total: GamePnl;
  /** Earned, minted or in a pending claim, and accrued − claimed. */
  readonly juice: { readonly accrued: bigint; readonly claimed: bigint; readonly claimable: bigint };
  /**
   * Referral fees paid from the referees' settled bets, plus Prophecy market referrer shares paid: income
   * outside the games, not in `net`.
   */
  readonly referrals: { readonly fees: bigint; readonly referredUserCount: number };
}

/** A game's profit and loss as sent. */
export type GamePnlJson = AsJson<GamePnl>;

/** `GET /api/user/pnl/{address}`. */
export type WalletPnlJson = { readonly success: true } & AsJson<WalletPnl>;

/** How the server says a roll is derived (shown as it is). */
export interface FairnessAlgorithm {
  readonly seedChain: string;
  readonly randomValue: string;
  readonly message: string;
  readonly result: string;
  readonly encoding: string;
}

/** A hash chain's states: published ahead, in use, used up. */
export const FAIRNESS_CHAIN_STATUSES = ['next', 'current', 'exhausted'] as const;
export type FairnessChainStatus = (typeof FAIRNESS_CHAIN_STATUSES)[number];

/** A published hash chain (never its secret). Times are unix milliseconds. */
export interface PublishedChainJson {
  readonly id: number;
  /** s_0, lowercase hex. */
  readonly head: string;
  /** Usable seeds: s_1 … s_length. */
  readonly length: number;
  /** The seed index the next bet takes. */
  readonly nextIndex: number;
  readonly status: FairnessChainStatus;
  readonly publishedAt: number;
  readonly activatedAt: number | null;
  readonly exhaustedAt: number | null;
}

/** `GET /api/fairness`. */
export interface FairnessChainsJson {
  readonly success: true;
  readonly algorithm: FairnessAlgorithm;
  readonly current: PublishedChainJson | null;
  /** Published before any bet uses it. */
  readonly next: PublishedChainJson | null;
  /** Every chain, newest first. */
  readonly chains: readonly PublishedChainJson[];
}

/** The bet of `GET /api/fairness/{bet}`. */
export interface FairnessBetJson {
  readonly id: number;
  /** The creating transaction. */
  readonly signature: string;
  readonly betAddress: string;
  readonly user: string;
  readonly odds: number;
  readonly state: string;
  readonly result: string;
  /** Null while the bet is open. */
  readonly randomValue: number | null;
  readonly settleSignature: string | null;
  readonly refundSignature: string | null;
  readonly slot: number;
  /** Position among the program's transactions in the slot. */
  readonly txIndex: number;
}

/** The seed a bet took, as `GET /api/fairness/{bet}` shows it. */
export interface FairnessSeedJson {
  readonly chainId: number;
  readonly chainHead: string;
  readonly seedIndex: number;
  /** s_i, or null while it must stay secret. */
  readonly seed: string | null;
  /** s_{i−1} (the head when i = 1), given with the seed. */
  readonly previousSeed: string | null;
  readonly revealed: boolean;
}

/** `GET /api/fairness/{bet}`: everything needed to re-derive one bet's roll. */
export interface BetFairnessJson {
  readonly success: true;
  readonly algorithm: FairnessAlgorithm;
  readonly bet: FairnessBetJson;
  /** The HMAC message, lowercase hex (96 bytes), or null when the server could not build it. */
  readonly message: string | null;
  readonly messageEncoding: string;
  /** Null until the settler gives the bet a seed. */
  readonly seed: FairnessSeedJson | null;
}
