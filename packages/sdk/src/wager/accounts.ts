/**
 * Wager's stored records (House, Bet, Market, Prediction, Referral) and its enums (BetState, BetResult, BetType,
 * MarketResult), with Borsh codecs in the IDL's field order behind Anchor's 8-byte account discriminators.
 *
 * Types follow the house rule: u64 and i64 are `bigint`, u8 and u32 are `number`, pubkeys are `Address`, and
 * a Borsh `Option<T>` is `T | null`. Encoders accept `number | bigint` for 64-bit fields.
 *
 * Sizes: an account is allocated at its largest encoding ({@link BET_ACCOUNT_SIZE} etc.) and written from
 * byte 0. A None option is one byte, so a Bet without a referral, or a Market without a result or referrer,
 * encodes shorter than its account and every field after the option moves; the decoders ignore the zero tail
 * and the encoders here pad to the account size.
 *
 * Older records: House and Bet grew fields after the program's first version (appended, so the older
 * encoding is a prefix of the new one). A record written by that version is shorter
 * ({@link LEGACY_HOUSE_ACCOUNT_SIZE}, {@link LEGACY_BET_ACCOUNT_SIZE}); the decoders read it as if its tail
 * were zeros, the new fields' defaults, exactly as the program loads it.
 *
 * @module
 */

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import {
  getAddressCodec,
  getBooleanCodec,
  getI64Codec,
  getNullableCodec,
  getStructCodec,
  getU32Codec,
  getU64Codec,
  getU8Codec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

import { getByteArrayCodec } from '../anchor/byte-array-codec.ts';
import {
  encodeToSize,
  getDiscriminatedCodec,
  idlDiscriminator,
  withZeroTail,
} from '../anchor/discriminated-codec.ts';
import { getUnitEnumCodec } from '../anchor/enum-codec.ts';

// ---------------------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------------------

/** The IDL's `BetState` enum: None → Open → Settled → Claimed, or Open → Refunded. */
export const BetState = Object.freeze({ None: 0, Open: 1, Settled: 2, Claimed: 3, Refunded: 4 } as const);
/** A {@link BetState} value. */
export type BetState = (typeof BetState)[keyof typeof BetState];
/** What a {@link BetState} encoder accepts: the value or the variant name. */
export type BetStateArgs = BetState | keyof typeof BetState;

/** The IDL's `BetResult` enum. Invalid marks a refunded bet. */
export const BetResult = Object.freeze({ None: 0, Win: 1, Loss: 2, Invalid: 3 } as const);
/** A {@link BetResult} value. */
export type BetResult = (typeof BetResult)[keyof typeof BetResult];
/** What a {@link BetResult} encoder accepts: the value or the variant name. */
export type BetResultArgs = BetResult | keyof typeof BetResult;

/** The IDL's `BetType` enum: what the prize is (SOL, a token's SOL value, or an NFT's buyer price). */
export const BetType = Object.freeze({ Sol: 0, Token: 1, Nft: 2 } as const);
/** A {@link BetType} value. */
export type BetType = (typeof BetType)[keyof typeof BetType];
/** What a {@link BetType} encoder accepts: the value or the variant name. */
export type BetTypeArgs = BetType | keyof typeof BetType;

/** The IDL's `MarketResult` enum: a market's outcome, and a prediction's side (Yes or No only). */
export const MarketResult = Object.freeze({ Yes: 0, No: 1, Invalid: 2 } as const);
/** A {@link MarketResult} value. */
export type MarketResult = (typeof MarketResult)[keyof typeof MarketResult];
/** What a {@link MarketResult} encoder accepts: the value or the variant name. */
export type MarketResultArgs = MarketResult | keyof typeof MarketResult;

/**
 * Borsh codec of {@link BetState}: one byte, the variant index.
 *
 * @throws RangeError when encoding or decoding a byte that is no variant.
 */
export function getBetStateCodec(): Codec<BetStateArgs, BetState> {
  return getUnitEnumCodec('BetState', BetState);
}

/**
 * Borsh codec of {@link BetResult}: one byte, the variant index.
 *
 * @throws RangeError when encoding or decoding a byte that is no variant.
 */
export function getBetResultCodec(): Codec<BetResultArgs, BetResult> {
  return getUnitEnumCodec('BetResult', BetResult);
}

/**
 * Borsh codec of {@link BetType}: one byte, the variant index.
 *
 * @throws RangeError when encoding or decoding a byte that is no variant.
 */
export function getBetTypeCodec(): Codec<BetTypeArgs, BetType> {
  return getUnitEnumCodec('BetType', BetType);
}

/**
 * Borsh codec of {@link MarketResult}: one byte, the variant index.
 *
 * @throws RangeError when encoding or decoding a byte that is no variant.
 */
export function getMarketResultCodec(): Codec<MarketResultArgs, MarketResult> {
  return getUnitEnumCodec('MarketResult', MarketResult);
}

/** How the client shows a {@link BetType} (spec §3: lower case). */
export type BetTypeLabel = 'sol' | 'token' | 'nft';

const BET_TYPE_LABELS: Readonly<Record<BetType, BetTypeLabel>> = Object.freeze({
  [BetType.Sol]: 'sol',
  [BetType.Token]: 'token',
  [BetType.Nft]: 'nft',
});

/**
 * A bet type as the client shows it (spec §3).
 *
 * @example betTypeLabel(BetType.Nft) === 'nft'
 * @throws RangeError for a value that is no variant.
 */
export function betTypeLabel(betType: BetType): BetTypeLabel {
  const label = BET_TYPE_LABELS[betType] as BetTypeLabel | undefined;
  if (label === undefined) throw new RangeError(`Not a BetType: ${String(betType)}`);
  return label;
}

// ---------------------------------------------------------------------------------------------------------
// Discriminators, sizes and offsets
// ---------------------------------------------------------------------------------------------------------

function accountDiscriminator(name: string): ReadonlyUint8Array {
  return idlDiscriminator('Wager', 'account', idl.accounts, name);
}

/** sha256("account:House")[0..8], from the IDL. */
export const HOUSE_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('House');
/** sha256("account:Bet")[0..8], from the IDL. */
export const BET_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Bet');
/** sha256("account:Market")[0..8], from the IDL. */
export const MARKET_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Market');
/** sha256("account:Prediction")[0..8], from the IDL. */
export const PREDICTION_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Prediction');
/** sha256("account:Referral")[0..8], from the IDL. */
export const REFERRAL_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Referral');

/**
 * Bytes allocated for the House: 8 + 3 × 32 + 8 + 1, then the seed chain's 32 + 8 + 32 + 8, three u64
 * counters, `offchain_bets` and (1 + 32) for `pending_authority` Some.
 */
export const HOUSE_ACCOUNT_SIZE = 267;
/** A House written by the program's first version: 8 + 3 × 32 + 8 + 1 (decoded with a zero tail). */
export const LEGACY_HOUSE_ACCOUNT_SIZE = 113;
/** Bytes allocated for a Bet: 8 + 3 × 32 + 1 + 3 × 8 + 3 + (1 + 32) + 1 (referral Some) + 2 × 8. */
export const BET_ACCOUNT_SIZE = 214;
/** A Bet written by the program's first version, without `sequence`, `slot` and `slotHash` (decoded with a zero tail). */
export const LEGACY_BET_ACCOUNT_SIZE = 166;
/**
 * Bytes allocated for a Market: 8 + 3 × 8 + 2 × 4 + 2 × 8 + 1 + 4 + (1 + 1) + (1 + 32) + 32 (result and
 * referrer Some; the trailing `market_authority` pubkey is the IDL's addition to the spec's fields).
 */
export const MARKET_ACCOUNT_SIZE = 128;
/** Bytes allocated for a Prediction: 8 + 2 × 32 + 8 + 1 + 1. */
export const PREDICTION_ACCOUNT_SIZE = 82;
/** Bytes allocated for a Referral vault: 8 + 32 + 2 × 8. */
export const REFERRAL_ACCOUNT_SIZE = 56;

/** Offset of `Bet.user`, for `getProgramAccounts` memcmp filters. */
export const BET_USER_OFFSET = 8;
/** Offset of `Bet.state` (every field before it is fixed-size), e.g. to list the open bets. */
export const BET_STATE_OFFSET = 129;
/** Offset of `Market.is_settled`, e.g. to list the resolved markets. */
export const MARKET_IS_SETTLED_OFFSET = 56;
/** Offset of `Prediction.user`. */
export const PREDICTION_USER_OFFSET = 8;
/** Offset of `Prediction.market`, e.g. to list a market's predictions. */
export const PREDICTION_MARKET_OFFSET = 40;
/** Offset of `Referral.referrer`. */
export const REFERRAL_REFERRER_OFFSET = 8;

// ---------------------------------------------------------------------------------------------------------
// House
// ---------------------------------------------------------------------------------------------------------

/** The decoded House, the record in the house wallet (an addition to the spec, see game-rules). */
export interface HouseAccount {
  /** Withdraws, and creates, updates and resolves markets. */
  readonly authority: Address;
  /** Commits and resets the seed chain; settles off-chain bets. */
  readonly settler: Address;
  /** Receives the market fees. */
  readonly treasury: Address;
  /** Lamports the house owes: prizes of open bets, unclaimed wins and referral shares of open bets. */
  readonly outstanding: bigint;
  /** No new bets. */
  readonly paused: boolean;
  /**
   * sha256 of the next seed to reveal: the head of the committed chain, then each revealed seed in turn.
   * All zeros until the settler commits a chain.
   */
  readonly seedCommitment: ReadonlyUint8Array;
  /** The first bet sequence the current chain has no seed for. */
  readonly seedChainEnd: bigint;
  /** The head of the next committed chain, which takes over at `seedChainEnd`; zeros when none. */
  readonly nextSeedCommitment: ReadonlyUint8Array;
  /** Seeds in the next chain; 0 when none is committed. */
  readonly nextSeedChainLength: bigint;
  /** The sequence the next bet made with `create_bet` takes. */
  readonly betSequence: bigint;
  /** The sequence of the next bet to reveal. */
  readonly revealSequence: bigint;
  /** Bets made with `create_bet` that are neither revealed nor refunded. */
  readonly openBets: bigint;
  /** Whether `create_bet_offchain` is accepted (its roll is the settler's choice); off by default. */
  readonly offchainBets: boolean;
  /**
   * Part of `outstanding`: what refunded bets whose refund captured their slot hash may still be owed if
   * their reveal shows a win.
   */
  readonly refundReserve: bigint;
  /** When `refundReserve` last went from 0 to more (unix seconds); 0 when it is 0. */
  readonly reserveSince: bigint;
  /** The key `propose_authority` named, until it accepts; null when none. */
  readonly pendingAuthority: Address | null;
}

/** What {@link getHouseCodec} encodes. */
export interface HouseAccountArgs {
  readonly authority: Address;
  readonly settler: Address;
  readonly treasury: Address;
  readonly outstanding: bigint | number;
  readonly paused: boolean;
  /** 32 bytes. */
  readonly seedCommitment: ReadonlyUint8Array | Uint8Array;
  readonly seedChainEnd: bigint | number;
  /** 32 bytes. */
  readonly nextSeedCommitment: ReadonlyUint8Array | Uint8Array;
  readonly nextSeedChainLength: bigint | number;
  readonly betSequence: bigint | number;
  readonly revealSequence: bigint | number;
  readonly openBets: bigint | number;
  readonly offchainBets: boolean;
  readonly refundReserve: bigint | number;
  readonly reserveSince: bigint | number;
  readonly pendingAuthority: Address | null;
}

/**
 * House codec: discriminator, then the IDL's fields in order. Decodes a {@link LEGACY_HOUSE_ACCOUNT_SIZE}
 * record with the appended fields at their defaults (zeros, false, null).
 */
export function getHouseCodec(): Codec<HouseAccountArgs, HouseAccount> {
  return withZeroTail(
    getDiscriminatedCodec(
      'Wager House account',
      HOUSE_DISCRIMINATOR,
      getStructCodec([
        ['authority', getAddressCodec()],
        ['settler', getAddressCodec()],
        ['treasury', getAddressCodec()],
        ['outstanding', getU64Codec()],
        ['paused', getBooleanCodec()],
        ['seedCommitment', getByteArrayCodec(32)],
        ['seedChainEnd', getU64Codec()],
        ['nextSeedCommitment', getByteArrayCodec(32)],
        ['nextSeedChainLength', getU64Codec()],
        ['betSequence', getU64Codec()],
        ['revealSequence', getU64Codec()],
        ['openBets', getU64Codec()],
        ['offchainBets', getBooleanCodec()],
        ['refundReserve', getU64Codec()],
        ['reserveSince', getI64Codec()],
        ['pendingAuthority', getNullableCodec(getAddressCodec())],
      ]),
    ),
    HOUSE_ACCOUNT_SIZE,
  );
}

/**
 * Decodes the House account's data, a record of the first version (shorter) included.
 *
 * @throws DiscriminatorMismatchError when the data is not the House's.
 */
export function decodeHouse(data: ReadonlyUint8Array | Uint8Array): HouseAccount {
  return getHouseCodec().decode(data);
}

/** The House's account data, {@link HOUSE_ACCOUNT_SIZE} bytes (zero-padded after a None pending authority). */
export function encodeHouse(house: HouseAccountArgs): Uint8Array {
  return encodeToSize(getHouseCodec(), house, HOUSE_ACCOUNT_SIZE);
}

// ---------------------------------------------------------------------------------------------------------
// Bet
// ---------------------------------------------------------------------------------------------------------

/** A decoded Bet: one per user, reused bet after bet. Amounts are lamports, times unix seconds. */
export interface BetAccount {
  readonly user: Address;
  /** The prize: the native mint for SOL, the token mint, or the NFT mint. */
  readonly mint: Address;
  /**
   * A bet made with `create_bet`: the player's 32-byte seed, read as an address (the spec's randomness
   * request field; see {@link betPlayerSeed}). The zero address for off-chain bets.
   */
  readonly switchboardRequest: Address;
  /** Win chance in percent, 1–95. */
  readonly odds: number;
  /** The stake: ceil(listingPrice × odds / 100). The 4% fee is paid on top and not stored. */
  readonly betAmount: bigint;
  /** The prize in lamports. */
  readonly listingPrice: bigint;
  /** When the bet was opened, then when it was settled (the client polls for the latter). */
  readonly timestamp: bigint;
  readonly state: BetState;
  readonly result: BetResult;
  readonly betType: BetType;
  /** Its vault (`findReferralAddress`) is credited 10% of the fee when the bet settles. */
  readonly referral: Address | null;
  /**
   * The bet was made with `create_bet_offchain` and is settled with the settler's roll; false for a bet made
   * with `create_bet`, whose roll the program computes at `reveal_bet`.
   */
  readonly offChain: boolean;
  /** A bet made with `create_bet`: its place in the settler's seed chain (bets are revealed in this order). */
  readonly sequence: bigint;
  /** A bet made with `create_bet`: the slot it landed in, whose hash is part of its roll. */
  readonly slot: bigint;
  /**
   * A bet made with `create_bet` and refunded: its slot's hash, captured by the refund so the reveal can
   * still roll it (and pay a win); all zeros when the refund came too late to capture it, or before any.
   */
  readonly slotHash: ReadonlyUint8Array;
}

/** What {@link getBetCodec} encodes. */
export interface BetAccountArgs {
  readonly user: Address;
  readonly mint: Address;
  readonly switchboardRequest: Address;
  readonly odds: number;
  readonly betAmount: bigint | number;
  readonly listingPrice: bigint | number;
  readonly timestamp: bigint | number;
  readonly state: BetStateArgs;
  readonly result: BetResultArgs;
  readonly betType: BetTypeArgs;
  readonly referral: Address | null;
  readonly offChain: boolean;
  readonly sequence: bigint | number;
  readonly slot: bigint | number;
  /** 32 bytes. */
  readonly slotHash: ReadonlyUint8Array | Uint8Array;
}

/**
 * Bet codec: discriminator, then the IDL's fields in order. Decodes a {@link LEGACY_BET_ACCOUNT_SIZE}
 * record with `sequence` and `slot` 0 and a zero `slotHash`.
 */
export function getBetCodec(): Codec<BetAccountArgs, BetAccount> {
  return withZeroTail(
    getDiscriminatedCodec(
      'Wager Bet account',
      BET_DISCRIMINATOR,
      getStructCodec([
        ['user', getAddressCodec()],
        ['mint', getAddressCodec()],
        ['switchboardRequest', getAddressCodec()],
        ['odds', getU8Codec()],
        ['betAmount', getU64Codec()],
        ['listingPrice', getU64Codec()],
        ['timestamp', getI64Codec()],
        ['state', getBetStateCodec()],
        ['result', getBetResultCodec()],
        ['betType', getBetTypeCodec()],
        ['referral', getNullableCodec(getAddressCodec())],
        ['offChain', getBooleanCodec()],
        ['sequence', getU64Codec()],
        ['slot', getU64Codec()],
        ['slotHash', getByteArrayCodec(32)],
      ]),
    ),
    BET_ACCOUNT_SIZE,
  );
}

/**
 * Decodes a Bet account's data, a record of the first version (shorter) included. Trailing bytes (the zero
 * tail of a short encoding) are ignored.
 *
 * @throws DiscriminatorMismatchError when the data is not a Bet's.
 */
export function decodeBet(data: ReadonlyUint8Array | Uint8Array): BetAccount {
  return getBetCodec().decode(data);
}

/** A Bet's account data, {@link BET_ACCOUNT_SIZE} bytes (zero-padded after a None referral). */
export function encodeBet(bet: BetAccountArgs): Uint8Array {
  return encodeToSize(getBetCodec(), bet, BET_ACCOUNT_SIZE);
}

/**
 * The player's 32-byte seed of a bet made with `create_bet` (stored in `switchboard_request`); all zeros for
 * an off-chain bet.
 */
export function betPlayerSeed(bet: Pick<BetAccount, 'switchboardRequest'>): Uint8Array {
  return Uint8Array.from(getAddressCodec().encode(bet.switchboardRequest));
}

// ---------------------------------------------------------------------------------------------------------
// Market
// ---------------------------------------------------------------------------------------------------------

/** A decoded Market: one yes/no Prophecy market. Times are unix seconds, pools lamports. */
export interface MarketAccount {
  readonly startTime: bigint;
  readonly endTime: bigint;
  /** Predictions are taken before this time. */
  readonly cutoffTime: bigint;
  readonly yesCount: number;
  readonly noCount: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  /** Resolved. */
  readonly isSettled: boolean;
  /** Predictions paid (or refunded) so far. */
  readonly settledCount: number;
  /** None until resolved. A Yes or No whose side had no predictions is stored as Invalid. */
  readonly result: MarketResult | null;
  /** Paid 10% of the fee at resolution. */
  readonly referrer: Address | null;
  /** The market's pool account, `["market_authority", market]` (an addition to the spec's fields). */
  readonly marketAuthority: Address;
}

/** What {@link getMarketCodec} encodes. */
export interface MarketAccountArgs {
  readonly startTime: bigint | number;
  readonly endTime: bigint | number;
  readonly cutoffTime: bigint | number;
  readonly yesCount: number;
  readonly noCount: number;
  readonly yesPool: bigint | number;
  readonly noPool: bigint | number;
  readonly isSettled: boolean;
  readonly settledCount: number;
  readonly result: MarketResultArgs | null;
  readonly referrer: Address | null;
  readonly marketAuthority: Address;
}

/**
 * The Borsh body of a Market, without the account discriminator: the IDL's `Market` type, as nested in the
 * MarketUpdate event.
 */
export function getMarketStructCodec(): Codec<MarketAccountArgs, MarketAccount> {
  return getStructCodec([
    ['startTime', getI64Codec()],
    ['endTime', getI64Codec()],
    ['cutoffTime', getI64Codec()],
    ['yesCount', getU32Codec()],
    ['noCount', getU32Codec()],
    ['yesPool', getU64Codec()],
    ['noPool', getU64Codec()],
    ['isSettled', getBooleanCodec()],
    ['settledCount', getU32Codec()],
    ['result', getNullableCodec(getMarketResultCodec())],
    ['referrer', getNullableCodec(getAddressCodec())],
    ['marketAuthority', getAddressCodec()],
  ]);
}

/** Market codec: discriminator, then the IDL's fields in order. */
export function getMarketCodec(): Codec<MarketAccountArgs, MarketAccount> {
  return getDiscriminatedCodec('Wager Market account', MARKET_DISCRIMINATOR, getMarketStructCodec());
}

/**
 * Decodes a Market account's data. Trailing bytes (the zero tail of a short encoding) are ignored.
 *
 * @throws DiscriminatorMismatchError when the data is not a Market's.
 */
export function decodeMarket(data: ReadonlyUint8Array | Uint8Array): MarketAccount {
  return getMarketCodec().decode(data);
}

/** A Market's account data, {@link MARKET_ACCOUNT_SIZE} bytes (zero-padded after a None option). */
export function encodeMarket(market: MarketAccountArgs): Uint8Array {
  return encodeToSize(getMarketCodec(), market, MARKET_ACCOUNT_SIZE);
}

// ---------------------------------------------------------------------------------------------------------
// Prediction
// ---------------------------------------------------------------------------------------------------------

/** A decoded Prediction: one per user per market, on one side. */
export interface PredictionAccount {
  readonly user: Address;
  readonly market: Address;
  /** Lamports staked, all updates included. */
  readonly amount: bigint;
  /** The side: Yes or No. */
  readonly result: MarketResult;
  /** Paid, refunded, or settled as a loss. */
  readonly isClaimed: boolean;
}

/** What {@link getPredictionCodec} encodes. */
export interface PredictionAccountArgs {
  readonly user: Address;
  readonly market: Address;
  readonly amount: bigint | number;
  readonly result: MarketResultArgs;
  readonly isClaimed: boolean;
}

/**
 * The Borsh body of a Prediction, without the account discriminator: the IDL's `Prediction` type, as nested
 * in the PredictionUpdate event.
 */
export function getPredictionStructCodec(): Codec<PredictionAccountArgs, PredictionAccount> {
  return getStructCodec([
    ['user', getAddressCodec()],
    ['market', getAddressCodec()],
    ['amount', getU64Codec()],
    ['result', getMarketResultCodec()],
    ['isClaimed', getBooleanCodec()],
  ]);
}

/** Prediction codec: discriminator, then the IDL's fields in order. */
export function getPredictionCodec(): Codec<PredictionAccountArgs, PredictionAccount> {
  return getDiscriminatedCodec(
    'Wager Prediction account',
    PREDICTION_DISCRIMINATOR,
    getPredictionStructCodec(),
  );
}

/**
 * Decodes a Prediction account's data.
 *
 * @throws DiscriminatorMismatchError when the data is not a Prediction's.
 */
export function decodePrediction(data: ReadonlyUint8Array | Uint8Array): PredictionAccount {
  return getPredictionCodec().decode(data);
}

/** A Prediction's account data, {@link PREDICTION_ACCOUNT_SIZE} bytes. */
export function encodePrediction(prediction: PredictionAccountArgs): Uint8Array {
  return encodeToSize(getPredictionCodec(), prediction, PREDICTION_ACCOUNT_SIZE);
}

// ---------------------------------------------------------------------------------------------------------
// Referral
// ---------------------------------------------------------------------------------------------------------

/**
 * A decoded Referral: a referrer's vault (PDA `["referral", referrer]`). Its lamports above its rent are
 * shares of fees the referrer can claim (`claim_referral`).
 */
export interface ReferralAccount {
  readonly referrer: Address;
  /** Lamports credited, ever. */
  readonly earned: bigint;
  /** Lamports paid out, ever. */
  readonly claimed: bigint;
}

/** What {@link getReferralCodec} encodes. */
export interface ReferralAccountArgs {
  readonly referrer: Address;
  readonly earned: bigint | number;
  readonly claimed: bigint | number;
}

/** Referral codec: discriminator, then the IDL's fields in order. */
export function getReferralCodec(): Codec<ReferralAccountArgs, ReferralAccount> {
  return getDiscriminatedCodec(
    'Wager Referral account',
    REFERRAL_DISCRIMINATOR,
    getStructCodec([
      ['referrer', getAddressCodec()],
      ['earned', getU64Codec()],
      ['claimed', getU64Codec()],
    ]),
  );
}

/**
 * Decodes a Referral account's data.
 *
 * @throws DiscriminatorMismatchError when the data is not a Referral's.
 */
export function decodeReferral(data: ReadonlyUint8Array | Uint8Array): ReferralAccount {
  return getReferralCodec().decode(data);
}

/** A Referral's account data, {@link REFERRAL_ACCOUNT_SIZE} bytes. */
export function encodeReferral(referral: ReferralAccountArgs): Uint8Array {
  return encodeToSize(getReferralCodec(), referral, REFERRAL_ACCOUNT_SIZE);
}
