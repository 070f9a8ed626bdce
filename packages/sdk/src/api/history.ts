/**
 * The JSON of a wallet's history, its profit and loss and the provably fair records, as the server sends
 * it and the web app reads it: `POST /api/user/bets`, `/api/user/predictions` and `/api/user/marketBets`,
 * `GET /api/user/pnl/{address}`, `GET /api/fairness` and `GET /api/fairness/{bet}`
 * (`docs/reference/api.md#history-pnl-and-fairness`). One definition for both ends.
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

/** The bet types of TailSpin and ReTail bets, as the client writes them. */
export const HISTORY_BET_TYPES = ['sol', 'token', 'nft'] as const;

/** The two games of the bets table: TailSpin (sol and token bets) and ReTail (nft bets). */
export const BET_GAMES = ['tailspin', 'retail'] as const;

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
  /** The transaction that paid a win: `claim_bet`, or the reveal that paid a win rolled after its refund. */
  readonly claimSignature: string | null;
  readonly refundSignature: string | null;
  /**
   * Rolled after its refund (`docs/trust.md`): refunded (stake and fee back) past its deadline, then rolled
   * by its reveal with the slot hash the refund captured. A win is paid the rest of its prize
   * (`lateWinAmount` of `wager/bet-math`: prize − stake − fee), by the reveal itself (state Claimed) or, when
   * the wallet could not take it then, by `claim_bet` (state Settled until then); a loss stays Refunded.
   * Sent by this server; absent from older answers (read as false).
   */
  readonly afterRefund?: boolean;
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
   * Referral fees credited to the wallet's referral vault from the referees' settled bets, plus Prophecy
   * market referrer shares credited: income outside the games, not in `net`. `claimable` is what the vault
   * holds above its rent (what `claim_referral` pays now), `claimed` what it has paid out, ever.
   */
  readonly referrals: {
    readonly fees: bigint;
    readonly referredUserCount: number;
    readonly claimable: bigint;
    readonly claimed: bigint;
  };
}

/** A game's profit and loss as sent. */
export type GamePnlJson = AsJson<GamePnl>;

/** `GET /api/user/pnl/{address}`. */
export type WalletPnlJson = { readonly success: true } & AsJson<WalletPnl>;

/** How the program derives a roll, as the server shows it (docs/trust.md, "Rolls nobody chooses"). */
export interface FairnessAlgorithm {
  /** How the settler's seeds chain, and which seed a bet takes. */
  readonly seedChain: string;
  /** The roll the program computes in `reveal_bet`. */
  readonly roll: string;
  /** The HMAC message. */
  readonly message: string;
  readonly result: string;
  readonly encoding: string;
}

/** A hash chain's states: committed ahead, in use, used up. */
export const FAIRNESS_CHAIN_STATUSES = ['next', 'current', 'exhausted'] as const;
export type FairnessChainStatus = (typeof FAIRNESS_CHAIN_STATUSES)[number];

/** A published hash chain (never its secret). Times are unix milliseconds. */
export interface PublishedChainJson {
  readonly id: number;
  /** s_0, lowercase hex: what `commit_seed_chain` put in the House. */
  readonly head: string;
  /** Usable seeds: s_1 … s_length. */
  readonly length: number;
  /** The bet sequence whose bet takes s_1; null until the chain is committed on chain. */
  readonly startSequence: number | null;
  /** The `commit_seed_chain` transaction; null until it lands. */
  readonly commitSignature: string | null;
  /** The seed index the next bet takes (1 before any). */
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
  /** Committed before any bet uses it. */
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
  /** The roll the program computed; null until its reveal rolls it (and for a bet refunded without a roll). */
  readonly randomValue: number | null;
  /** The transaction that settled it: `reveal_bet` (or, for the spec's off-chain bets, `settle_bet_offchain`). */
  readonly settleSignature: string | null;
  readonly refundSignature: string | null;
  /** The slot the bet landed in: its hash is part of the roll. */
  readonly slot: number;
  /** Position among the program's transactions in the slot. */
  readonly txIndex: number;
  /** Its place in the settler's seed chain; null for an off-chain bet. */
  readonly sequence: number | null;
  /** The player's 32-byte seed, lowercase hex; null for an off-chain bet. */
  readonly playerSeed: string | null;
  /** True for the spec's off-chain bets, whose roll the settler chose (the product never makes them). */
  readonly offChain: boolean;
}

/** The seed a bet took, as `GET /api/fairness/{bet}` shows it. */
export interface FairnessSeedJson {
  readonly chainId: number;
  readonly chainHead: string;
  readonly seedIndex: number;
  /** s_i, or null until `reveal_bet` reveals it on chain. */
  readonly seed: string | null;
  /** s_{i−1} (the head when i = 1): the commitment sha256(s_i) must equal. */
  readonly previousSeed: string | null;
  readonly revealed: boolean;
}

/**
 * Why a reveal did not roll its bet (`Reveal sequence=… refunded=<reason>`): `expired`, the bet was still
 * open but its slot had left SlotHashes, so the reveal refunded it (stake and fee); `earlier`, the bet had
 * been refunded before its slot hash could be captured, so the reveal only moved the chain on.
 */
export const FAIRNESS_REFUND_REASONS = ['expired', 'earlier'] as const;
export type FairnessRefundReason = (typeof FAIRNESS_REFUND_REASONS)[number];

/**
 * What the reveal transaction's log line says (`Reveal sequence=… roll=… slot=… slot_hash=…`, followed by
 * ` refunded=earlier` for a bet rolled after its refund; `Reveal sequence=… refunded=expired|earlier` for
 * one it did not roll).
 */
export interface FairnessRevealJson {
  /** The `reveal_bet` transaction. */
  readonly signature: string;
  readonly outcome: 'settled' | 'refunded';
  /** Why a `refunded` reveal did not roll the bet; null when it was rolled. Absent from older answers. */
  readonly reason?: FairnessRefundReason | null;
  /** The roll the program computed; null when the reveal did not roll the bet. */
  readonly roll: number | null;
  /**
   * The hash of the bet's slot the roll used, lowercase hex: read from SlotHashes, or for a bet rolled after
   * its refund the one its refund captured; null when the reveal did not roll the bet.
   */
  readonly slotHash: string | null;
  /**
   * Rolled after its refund: the bet had been refunded (stake and fee) past its deadline and this reveal
   * rolled it with the slot hash the refund captured. Absent from older answers (read as false).
   */
  readonly afterRefund?: boolean;
  /**
   * For a bet rolled after its refund, what a win is paid on top of the refund: the rest of its prize,
   * prize − stake − fee (`lateWinAmount` of `wager/bet-math`), lamports as a decimal string; paid by the
   * reveal, or by `claim_bet` when the wallet could not take it then (the bet's state says which: Claimed
   * or Settled). Null otherwise (and for a loss, which is paid nothing more).
   */
  readonly lateWinAmount?: string | null;
}

/** `GET /api/fairness/{bet}`: everything needed to re-derive one bet's roll. */
export interface BetFairnessJson {
  readonly success: true;
  readonly algorithm: FairnessAlgorithm;
  readonly bet: FairnessBetJson;
  /**
   * The HMAC message, lowercase hex (72 bytes: sequence u64 LE ‖ player seed ‖ slot hash), or null until
   * the reveal has made the slot hash known.
   */
  readonly message: string | null;
  readonly messageEncoding: string;
  /** Null until the bet has a place in a chain the server knows. */
  readonly seed: FairnessSeedJson | null;
  /** Null until the bet is revealed. */
  readonly reveal: FairnessRevealJson | null;
}
