/**
 * The history and PnL routes' schemas: `POST /api/user/bets`, `/api/user/predictions` and
 * `/api/user/marketBets` (bodies and pages) and `GET /api/user/pnl/{address}`, typed against the wire shapes
 * of `./history.ts` (which stays free of zod for the web app's type imports). Listed in
 * `docs/reference/api.md#history-pnl-and-fairness`.
 *
 * @module
 */

import { z } from 'zod';

import { addressSchema } from './common.ts';
import {
  BET_GAMES,
  HISTORY_BET_TYPES,
  type BetHistoryJson,
  type GamePnlJson,
  type HistoryPageJson,
  type MarketBetHistoryJson,
  type PredictionHistoryJson,
  type WalletPnlJson,
} from './history.ts';

/** Lamports, as a decimal string. */
const lamports = z.string().describe('Lamports, decimal string');

/** The user-facing validation messages of the history routes. */
export const HISTORY_ERRORS = Object.freeze({
  invalidCursor: 'Invalid cursor',
  invalidBetType: `betType must be one of ${HISTORY_BET_TYPES.join(', ')}`,
  invalidBody: 'Body must be an object with an address',
  invalidUnclaimed: 'unclaimed must be true or false',
  invalidGame: `game must be one of ${BET_GAMES.join(', ')}`,
} as const);

/** The cursor: a non-negative integer id (number or decimal string); 0, null or omitted → newest. */
const cursorSchema = z
  .union([z.number(), z.string()], { error: HISTORY_ERRORS.invalidCursor })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text = String(value).trim();
    if (!/^\d{1,15}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: HISTORY_ERRORS.invalidCursor });
      return z.NEVER;
    }
    const id = Number(text);
    return id === 0 ? null : id;
  });

/** The body every history page takes: the wallet and the cursor. */
const pageBody = { id: cursorSchema, address: addressSchema };

/** Only what is still owed; absent or false: everything. */
const unclaimedSchema = z
  .boolean({ error: HISTORY_ERRORS.invalidUnclaimed })
  .nullish()
  .describe('true: only the bets still owed a payout or refund');

/** A TailSpin or ReTail bet as sent. */
export const betHistoryItemSchema = z.object({
  id: z.number(),
  signature: z.string(),
  betAddress: z.string(),
  user: z.string(),
  type: z.enum(HISTORY_BET_TYPES),
  mint: z.string(),
  odds: z.number(),
  amount: lamports,
  fee: lamports,
  listingPrice: lamports,
  referral: z.string().nullable(),
  referralFee: lamports,
  state: z.string(),
  result: z.string(),
  randomValue: z.number().nullable(),
  timestamp: z.number().describe('Unix seconds'),
  settledAt: z.number().nullable(),
  settleSignature: z.string().nullable(),
  claimSignature: z
    .string()
    .nullable()
    .describe(
      'the transaction that paid the win: claim_bet, or the reveal that paid a win rolled after its refund',
    ),
  refundSignature: z.string().nullable(),
  afterRefund: z
    .boolean()
    .describe(
      'refunded (stake and fee back) past its deadline, then rolled by its reveal: a win is paid the rest of its prize (prize − stake − fee), a loss nothing more',
    ),
}) satisfies z.ZodType<BetHistoryJson>;

/** A Foresight bet, with its round, as sent. */
export const predictionHistoryItemSchema = z.object({
  id: z.number(),
  address: z.string(),
  config: z.string(),
  event: z.string(),
  prediction: z.string(),
  amount: lamports,
  winAmount: lamports,
  isSettled: z.boolean(),
  won: z.boolean().nullable(),
  signature: z.string(),
  lastSignature: z.string(),
  timestamp: z.number(),
  round: z
    .object({
      id: z.number(),
      startTime: z.number(),
      lockTime: z.number(),
      settleTime: z.number(),
      lockPrice: z.number().nullable(),
      finalPrice: z.number().nullable(),
      upCount: z.number(),
      downCount: z.number(),
      upPool: lamports,
      downPool: lamports,
      isSettled: z.boolean(),
      result: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<PredictionHistoryJson>;

/** A Prophecy market bet, with its market, as sent. */
export const marketBetHistoryItemSchema = z.object({
  id: z.number(),
  signature: z.string(),
  market: z.string(),
  prediction: z.string(),
  result: z.string(),
  amount: lamports,
  timestamp: z.number(),
  marketName: z.string().nullable(),
  shortName: z.string().nullable(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  marketResult: z.string().nullable(),
  marketSettled: z.boolean().nullable(),
}) satisfies z.ZodType<MarketBetHistoryJson>;

/** A page of `item`s and the next page's cursor. */
export const historyPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    items: z.array(item),
    nextCursor: z.number().nullable(),
  }) satisfies z.ZodType<HistoryPageJson<z.infer<T>>>;

/** `POST /api/user/bets`'s body: a page of a wallet's bets, optionally of one bet type or one game. */
export const betHistoryBodySchema = z.object(
  {
    ...pageBody,
    betType: z.enum(HISTORY_BET_TYPES, { error: HISTORY_ERRORS.invalidBetType }).nullish(),
    game: z
      .enum(BET_GAMES, { error: HISTORY_ERRORS.invalidGame })
      .nullish()
      .describe('tailspin: sol and token bets; retail: nft bets'),
  },
  { error: HISTORY_ERRORS.invalidBody },
);

/** The body of `POST /api/user/predictions` and `/api/user/marketBets`: a page, optionally only what is owed. */
export const ownedHistoryBodySchema = z.object(
  { ...pageBody, unclaimed: unclaimedSchema },
  { error: HISTORY_ERRORS.invalidBody },
);

/** `POST /api/user/bets`'s answer. */
export const betHistoryPageSchema = historyPageOf(betHistoryItemSchema);
/** `POST /api/user/predictions`'s answer. */
export const predictionHistoryPageSchema = historyPageOf(predictionHistoryItemSchema);
/** `POST /api/user/marketBets`'s answer. */
export const marketBetHistoryPageSchema = historyPageOf(marketBetHistoryItemSchema);

/** A game's profit and loss, with its open positions apart. */
export const gamePnlSchema = z.object({
  bets: z.number(),
  wins: z.number(),
  losses: z.number(),
  wagered: lamports,
  fees: lamports,
  payouts: lamports,
  refunds: lamports,
  net: z
    .string()
    .describe('Lamports, decimal string: realised over settled bets (open ones apart); negative when down'),
  unclaimed: lamports,
  open: z.number().describe('Open positions: bets (Prophecy: predictions) whose outcome is not known yet'),
  atStake: lamports.describe(
    'What the open positions cost: stake + fee (TailSpin/ReTail), stake (pool games)',
  ),
}) satisfies z.ZodType<GamePnlOpenJson>;

/** `GET /api/user/pnl/{address}`'s answer. */
export const walletPnlSchema = z.object({
  success: z.literal(true),
  address: z.string(),
  games: z.object({
    tailspin: gamePnlSchema,
    retail: gamePnlSchema,
    foresight: gamePnlSchema,
    prophecy: gamePnlSchema,
  }),
  total: gamePnlSchema,
  juice: z.object({
    accrued: z.string().describe('Juice base units (6 decimals) earned'),
    claimed: z.string().describe('Juice base units minted or in a pending claim'),
    claimable: z.string().describe('accrued − claimed'),
  }),
  referrals: z.object({
    fees: lamports.describe(
      "Lamports of referral fees: from the referees' settled bets and as the referrer of resolved Prophecy markets",
    ),
    referredUserCount: z.number(),
    claimable: lamports.describe(
      "Lamports in the wallet's referral vault above its rent: claim_referral pays it",
    ),
    claimed: lamports.describe('Lamports claim_referral has paid out of the vault, ever'),
  }),
}) satisfies z.ZodType<WalletPnlJson>;

/** A game's profit and loss as sent, with its open positions apart. */
export type GamePnlOpenJson = GamePnlJson & { readonly open: number; readonly atStake: string };
