/**
 * Wager's stored records (House, Bet, Market, Prediction, Referral) and its enums (BetState, BetResult, BetType,
 * MarketResult): the codecs Codama generates from the IDL (`src/generated/wager`), in the IDL's field order
 * behind Anchor's 8-byte account discriminators, with what the IDL does not say: account sizes, records of
 * the program's first version, refusing another account's data, and the enum codecs' RangeErrors.
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

import { getAddressCodec, type Codec, type ReadonlyUint8Array } from '@solana/kit';

import { encodeToSize, withZeroTail } from '../anchor/discriminated-codec.ts';
import { getUnitEnumCodec } from '../anchor/enum-codec.ts';
import {
  acceptingVariantNames,
  getGeneratedDataCodec,
  getGeneratedStructCodec,
  type FromGenerated,
} from '../anchor/generated-codec.ts';
import * as generated from '../generated/wager/accounts/index.ts';
import { BetResult, BetState, BetType, MarketResult } from '../generated/wager/types/index.ts';

// ---------------------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------------------

/**
 * The IDL's enums, generated: `BetState` (None → Open → Settled → Claimed, or Open → Refunded), `BetResult`
 * (Invalid marks a refunded bet), `BetType` (what the prize is: SOL, a token's SOL value, or an NFT's buyer
 * price) and `MarketResult` (a market's outcome, and a prediction's side, Yes or No only). Each is a frozen
 * object of its variants' values and the type of those values.
 */
export { BetResult, BetState, BetType, MarketResult };
/** What a {@link BetState} encoder accepts: the value or the variant name. */
export type BetStateArgs = BetState | keyof typeof BetState;
/** What a {@link BetResult} encoder accepts: the value or the variant name. */
export type BetResultArgs = BetResult | keyof typeof BetResult;
/** What a {@link BetType} encoder accepts: the value or the variant name. */
export type BetTypeArgs = BetType | keyof typeof BetType;
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

/** How the client shows a {@link BetType}: in lower case. */
export type BetTypeLabel = 'sol' | 'token' | 'nft';

const BET_TYPE_LABELS: Readonly<Record<BetType, BetTypeLabel>> = Object.freeze({
  [BetType.Sol]: 'sol',
  [BetType.Token]: 'token',
  [BetType.Nft]: 'nft',
});

/**
 * A bet type as the client shows it, in lower case.
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

/** sha256("account:<Name>")[0..8] of each record, from the generated client. */
export {
  BET_DISCRIMINATOR,
  HOUSE_DISCRIMINATOR,
  MARKET_DISCRIMINATOR,
  PREDICTION_DISCRIMINATOR,
  REFERRAL_DISCRIMINATOR,
} from '../generated/wager/accounts/index.ts';

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

/** The decoded House, the record in the house wallet (docs/reference/entities.md#wager-records). */
export type HouseAccount = FromGenerated<generated.House>;

/** What {@link getHouseCodec} encodes. */
export type HouseAccountArgs = Readonly<generated.HouseArgs>;

/**
 * House codec: discriminator, then the IDL's fields in order. Decodes a {@link LEGACY_HOUSE_ACCOUNT_SIZE}
 * record with the appended fields at their defaults (zeros, false, null).
 */
export function getHouseCodec(): Codec<HouseAccountArgs, HouseAccount> {
  return withZeroTail(
    getGeneratedDataCodec('Wager House account', generated.HOUSE_DISCRIMINATOR, generated.getHouseCodec()),
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

/**
 * A decoded Bet: one per user, reused bet after bet. Amounts are lamports, times unix seconds. A bet made
 * with `create_bet` keeps the player's 32-byte seed in `switchboardRequest` (see {@link betPlayerSeed}).
 */
export type BetAccount = FromGenerated<generated.Bet>;

/** What {@link getBetCodec} encodes. */
export type BetAccountArgs = Readonly<Omit<generated.BetArgs, 'state' | 'result' | 'betType'>> & {
  readonly state: BetStateArgs;
  readonly result: BetResultArgs;
  readonly betType: BetTypeArgs;
};

/**
 * Bet codec: discriminator, then the IDL's fields in order. Decodes a {@link LEGACY_BET_ACCOUNT_SIZE}
 * record with `sequence` and `slot` 0 and a zero `slotHash`.
 */
export function getBetCodec(): Codec<BetAccountArgs, BetAccount> {
  return acceptingVariantNames(
    withZeroTail(
      getGeneratedDataCodec('Wager Bet account', generated.BET_DISCRIMINATOR, generated.getBetCodec()),
      BET_ACCOUNT_SIZE,
    ),
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
export type MarketAccount = FromGenerated<generated.Market>;

/** What {@link getMarketCodec} encodes. */
export type MarketAccountArgs = Readonly<Omit<generated.MarketArgs, 'result'>> & {
  readonly result: MarketResultArgs | null;
};

/**
 * The Borsh body of a Market, without the account discriminator: the IDL's `Market` type, as nested in the
 * MarketUpdate event.
 */
export function getMarketStructCodec(): Codec<MarketAccountArgs, MarketAccount> {
  return acceptingVariantNames(
    getGeneratedStructCodec(generated.MARKET_DISCRIMINATOR, generated.getMarketCodec()),
  );
}

/** Market codec: discriminator, then the IDL's fields in order. */
export function getMarketCodec(): Codec<MarketAccountArgs, MarketAccount> {
  return acceptingVariantNames(
    getGeneratedDataCodec('Wager Market account', generated.MARKET_DISCRIMINATOR, generated.getMarketCodec()),
  );
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
export type PredictionAccount = FromGenerated<generated.Prediction>;

/** What {@link getPredictionCodec} encodes. */
export type PredictionAccountArgs = Readonly<Omit<generated.PredictionArgs, 'result'>> & {
  readonly result: MarketResultArgs;
};

/**
 * The Borsh body of a Prediction, without the account discriminator: the IDL's `Prediction` type, as nested
 * in the PredictionUpdate event.
 */
export function getPredictionStructCodec(): Codec<PredictionAccountArgs, PredictionAccount> {
  return acceptingVariantNames(
    getGeneratedStructCodec(generated.PREDICTION_DISCRIMINATOR, generated.getPredictionCodec()),
  );
}

/** Prediction codec: discriminator, then the IDL's fields in order. */
export function getPredictionCodec(): Codec<PredictionAccountArgs, PredictionAccount> {
  return acceptingVariantNames(
    getGeneratedDataCodec(
      'Wager Prediction account',
      generated.PREDICTION_DISCRIMINATOR,
      generated.getPredictionCodec(),
    ),
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
export type ReferralAccount = FromGenerated<generated.Referral>;

/** What {@link getReferralCodec} encodes. */
export type ReferralAccountArgs = Readonly<generated.ReferralArgs>;

/** Referral codec: discriminator, then the IDL's fields in order. */
export function getReferralCodec(): Codec<ReferralAccountArgs, ReferralAccount> {
  return getGeneratedDataCodec(
    'Wager Referral account',
    generated.REFERRAL_DISCRIMINATOR,
    generated.getReferralCodec(),
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
