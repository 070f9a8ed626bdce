/**
 * A wallet's history (`docs/reference/api.md#history-pnl-and-fairness`): `POST /api/user/bets`, `POST /api/user/predictions` (Foresight) and
 * `POST /api/user/marketBets` (Prophecy), newest first, 20 per page. `id` is the cursor: omitted, null
 * or 0 for the newest page, otherwise the previous page's `nextCursor`.
 *
 * `/bets` also takes `game`: `tailspin` for sol and token bets, `retail` for nft
 * bets, so each game's history pages on its own.
 *
 * `unclaimed: true` keeps, on `/predictions` and `/marketBets`, only what the
 * wallet is still owed: Foresight bets unpaid in a settled round they won or that is Invalid, and Prophecy
 * bets of predictions unsettled on a resolved market they won or that refunds. The web app's
 * unclaimed-winnings banner finds its candidates this way, then confirms each on chain.
 *
 * @module
 */

import type {
  BetHistoryItem,
  BetHistoryJson,
  HistoryPageJson,
  MarketBetHistoryItem,
  MarketBetHistoryJson,
  PredictionHistoryItem,
  PredictionHistoryJson,
} from '@arcade/sdk/api/history';
import {
  betHistoryBodySchema,
  betHistoryPageSchema,
  marketBetHistoryPageSchema,
  ownedHistoryBodySchema,
  predictionHistoryPageSchema,
} from '@arcade/sdk/api/history-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '../../../http/schemas.ts';
import type { Page } from '../../../repositories/history-repository.ts';

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
        body: betHistoryBodySchema,
        response: { 200: betHistoryPageSchema, ...errorResponses },
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
        body: ownedHistoryBodySchema,
        response: { 200: predictionHistoryPageSchema, ...errorResponses },
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
        body: ownedHistoryBodySchema,
        response: { 200: marketBetHistoryPageSchema, ...errorResponses },
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
