/**
 * A wallet's history (spec §7): `POST /api/user/bets`, `POST /api/user/predictions` (Foresight) and
 * `POST /api/user/marketBets` (Prophecy), newest first, 20 per page. `id` is the cursor: omitted, null
 * or 0 for the newest page, otherwise the previous page's `nextCursor`.
 *
 * `/bets` also takes `game` (an addition to the spec): `tailspin` for sol and token bets, `retail` for nft
 * bets, so each game's history pages on its own.
 *
 * `unclaimed: true` (an addition to the spec) keeps, on `/predictions` and `/marketBets`, only what the
 * wallet is still owed: Foresight bets unpaid in a settled round they won or that is Invalid, and Prophecy
 * bets of predictions unsettled on a resolved market they won or that refunds. The web app's
 * unclaimed-winnings banner finds its candidates this way, then confirms each on chain.
 *
 * @module
 */

import { addressSchema } from '@arcade/sdk/api/common';
import type {
  BetHistoryItem,
  BetHistoryJson,
  HistoryPageJson,
  MarketBetHistoryItem,
  MarketBetHistoryJson,
  PredictionHistoryItem,
  PredictionHistoryJson,
} from '@arcade/sdk/api/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '../../../http/schemas.ts';
import { BET_GAMES, HISTORY_BET_TYPES, type Page } from '../../../repositories/history-repository.ts';

/** The user-facing validation messages of these routes. */
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

const pageBody = { id: cursorSchema, address: addressSchema };

/** Only what is still owed (see the module comment); absent or false: everything. */
const unclaimedSchema = z
  .boolean({ error: HISTORY_ERRORS.invalidUnclaimed })
  .nullish()
  .describe('true: only the bets still owed a payout or refund');

const amount = z.string().describe('Lamports, decimal string');

const betItem = z.object({
  id: z.number(),
  signature: z.string(),
  betAddress: z.string(),
  user: z.string(),
  type: z.enum(HISTORY_BET_TYPES),
  mint: z.string(),
  odds: z.number(),
  amount,
  fee: amount,
  listingPrice: amount,
  referral: z.string().nullable(),
  referralFee: amount,
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

const predictionItem = z.object({
  id: z.number(),
  address: z.string(),
  config: z.string(),
  event: z.string(),
  prediction: z.string(),
  amount,
  winAmount: amount,
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
      upPool: amount,
      downPool: amount,
      isSettled: z.boolean(),
      result: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<PredictionHistoryJson>;

const marketBetItem = z.object({
  id: z.number(),
  signature: z.string(),
  market: z.string(),
  prediction: z.string(),
  result: z.string(),
  amount,
  timestamp: z.number(),
  marketName: z.string().nullable(),
  shortName: z.string().nullable(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  marketResult: z.string().nullable(),
  marketSettled: z.boolean().nullable(),
}) satisfies z.ZodType<MarketBetHistoryJson>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    items: z.array(item),
    nextCursor: z.number().nullable(),
  }) satisfies z.ZodType<HistoryPageJson<z.infer<T>>>;

/** A bet as sent: amounts as decimal strings. */
function betJson(item: BetHistoryItem): Required<BetHistoryJson> {
  return {
    ...item,
    amount: item.amount.toString(),
    fee: item.fee.toString(),
    listingPrice: item.listingPrice.toString(),
    referralFee: item.referralFee.toString(),
    afterRefund: item.afterRefund ?? false,
  };
}

/** A Foresight bet as sent: amounts and its round's pools as decimal strings. */
function predictionJson(item: PredictionHistoryItem): PredictionHistoryJson {
  return {
    ...item,
    amount: item.amount.toString(),
    winAmount: item.winAmount.toString(),
    round:
      item.round === null
        ? null
        : { ...item.round, upPool: item.round.upPool.toString(), downPool: item.round.downPool.toString() },
  };
}

/** A Prophecy market bet as sent: its amount as a decimal string. */
function marketBetJson(item: MarketBetHistoryItem): MarketBetHistoryJson {
  return { ...item, amount: item.amount.toString() };
}

/** A page as sent. */
function pageJson<T, J>(page: Page<T>, toJson: (item: T) => J) {
  return {
    success: true as const,
    items: page.items.map(toJson),
    nextCursor: page.nextCursor,
  } satisfies HistoryPageJson<J>;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { history } = app.repositories;

  app.post(
    '/bets',
    {
      schema: {
        summary: "A wallet's TailSpin and ReTail bets, newest first, optionally of one bet type",
        tags: ['history'],
        body: z.object(
          {
            ...pageBody,
            betType: z.enum(HISTORY_BET_TYPES, { error: HISTORY_ERRORS.invalidBetType }).nullish(),
            game: z
              .enum(BET_GAMES, { error: HISTORY_ERRORS.invalidGame })
              .nullish()
              .describe('tailspin: sol and token bets; retail: nft bets'),
          },
          { error: HISTORY_ERRORS.invalidBody },
        ),
        response: { 200: pageOf(betItem), ...errorResponses },
      },
    },
    async (request) => {
      const { address, id, betType, game } = request.body;
      return pageJson(
        await history.bets({ address, cursor: id, betType: betType ?? null, game: game ?? null }),
        betJson,
      );
    },
  );

  app.post(
    '/predictions',
    {
      schema: {
        summary: "A wallet's Foresight bets with their rounds, newest first",
        tags: ['history'],
        body: z.object({ ...pageBody, unclaimed: unclaimedSchema }, { error: HISTORY_ERRORS.invalidBody }),
        response: { 200: pageOf(predictionItem), ...errorResponses },
      },
    },
    async (request) => {
      const { address, id, unclaimed } = request.body;
      return pageJson(
        await history.predictions({ address, cursor: id, unclaimed: unclaimed ?? false }),
        predictionJson,
      );
    },
  );

  app.post(
    '/marketBets',
    {
      schema: {
        summary: "A wallet's Prophecy market bets with their markets, newest first",
        tags: ['history'],
        body: z.object({ ...pageBody, unclaimed: unclaimedSchema }, { error: HISTORY_ERRORS.invalidBody }),
        response: { 200: pageOf(marketBetItem), ...errorResponses },
      },
    },
    async (request) => {
      const { address, id, unclaimed } = request.body;
      return pageJson(
        await history.marketBets({ address, cursor: id, unclaimed: unclaimed ?? false }),
        marketBetJson,
      );
    },
  );
};

export default routes;
