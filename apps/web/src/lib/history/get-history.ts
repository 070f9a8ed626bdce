/**
 * A wallet's rows per game, newest first, 20 a page, continued by `nextCursor`:
 * `POST /api/user/bets` (TailSpin: `game: 'tailspin'`, optionally one bet type; ReTail: `game: 'retail'`),
 * `POST /api/user/predictions` (Foresight) and `POST /api/user/marketBets` (Prophecy). The one place the
 * app reads these lists: the history page, the game pages' own lists and the bet engine's wait for the
 * server's index all go through it.
 *
 * @module
 */

import type {
  BetHistoryItem,
  BetHistoryJson,
  HistoryPageJson,
  HistoryRound as IndexedRound,
  MarketBetHistoryItem,
  MarketBetHistoryJson,
  PredictionHistoryItem,
  PredictionHistoryJson,
  PnlGame,
} from '@arcade/sdk/api/history';
import type { BetTypeLabel } from '@arcade/sdk/wager/accounts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../api-client.ts';

/** A TailSpin or ReTail bet as the server indexed it. Amounts are lamports; times unix seconds. */
export type BetRow = Omit<BetHistoryItem, 'referral' | 'referralFee'>;

/** A Foresight round as the server indexed it. Prices are the oracle's integers, pools lamports. */
export type HistoryRound = Omit<IndexedRound, 'startTime'>;

/** A Foresight bet with its round. */
export interface PredictionRow extends Omit<PredictionHistoryItem, 'config' | 'lastSignature' | 'round'> {
  readonly round: HistoryRound | null;
}

/** A Prophecy market bet (a prediction, or a top-up of one) with its market. */
export type MarketBetRow = Omit<MarketBetHistoryItem, 'category' | 'image'>;

/** The rows of each game's tab. */
export interface HistoryRows {
  readonly tailspin: BetRow;
  readonly retail: BetRow;
  readonly foresight: PredictionRow;
  readonly prophecy: MarketBetRow;
}

/** A page of rows; `nextCursor` is null on the last page. */
export interface HistoryPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: number | null;
}

/** TailSpin's optional bet-type filter. */
export type TailSpinType = 'sol' | 'token' | null;

function betRow(item: BetHistoryJson): BetRow {
  return {
    ...item,
    amount: BigInt(item.amount),
    fee: BigInt(item.fee),
    listingPrice: BigInt(item.listingPrice),
  };
}

function predictionRow(item: PredictionHistoryJson): PredictionRow {
  const { round } = item;
  return {
    ...item,
    amount: BigInt(item.amount),
    winAmount: BigInt(item.winAmount),
    round:
      round === null ? null : { ...round, upPool: BigInt(round.upPool), downPool: BigInt(round.downPool) },
  };
}

function marketBetRow(item: MarketBetHistoryJson): MarketBetRow {
  return { ...item, amount: BigInt(item.amount) };
}

/** The items each history endpoint sends. */
interface HistoryItemsJson {
  readonly '/api/user/bets': BetHistoryJson;
  readonly '/api/user/predictions': PredictionHistoryJson;
  readonly '/api/user/marketBets': MarketBetHistoryJson;
}

/** One page from `path`: `id` is the previous page's `nextCursor` (null: newest). */
async function fetchPage<P extends keyof HistoryItemsJson, T>(
  path: P,
  body: Readonly<Record<string, unknown>>,
  toRow: (item: HistoryItemsJson[P]) => T,
  signal: AbortSignal | undefined,
): Promise<HistoryPage<T>> {
  const page = await api<HistoryPageJson<HistoryItemsJson[P]>>(path, {
    method: 'POST',
    body,
    ...(signal === undefined ? {} : { signal }),
  });
  return { items: page.items.map(toRow), nextCursor: page.nextCursor };
}

/** What {@link getBetsPage} asks for. */
export interface BetsQuery {
  readonly address: string;
  /** Null for the newest page, else the previous page's `nextCursor`. */
  readonly cursor?: number | null;
  /** One game's bets (TailSpin: sol and token, ReTail: nft); every bet when absent. */
  readonly game?: 'tailspin' | 'retail';
  /** Null for every bet type. */
  readonly betType?: BetTypeLabel | null;
}

/** `POST /api/user/bets`: one page of a wallet's TailSpin and ReTail bets, newest first. */
export function getBetsPage(query: BetsQuery, signal?: AbortSignal): Promise<HistoryPage<BetRow>> {
  return fetchPage(
    '/api/user/bets',
    {
      address: query.address,
      id: query.cursor ?? null,
      ...(query.game === undefined ? {} : { game: query.game }),
      betType: query.betType ?? null,
    },
    betRow,
    signal,
  );
}

/** `POST /api/user/predictions`: one page of a wallet's Foresight bets with their rounds, newest first. */
export function getPredictionsPage(
  address: string,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<HistoryPage<PredictionRow>> {
  return fetchPage('/api/user/predictions', { address, id: cursor }, predictionRow, signal);
}

/** `POST /api/user/marketBets`: one page of a wallet's Prophecy bets with their markets, newest first. */
export function getMarketBetsPage(
  address: string,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<HistoryPage<MarketBetRow>> {
  return fetchPage('/api/user/marketBets', { address, id: cursor }, marketBetRow, signal);
}

/** Fetches one page of a game's rows. */
export async function getHistoryPage<G extends PnlGame>(
  game: G,
  address: string,
  cursor: number | null,
  options: { readonly betType?: TailSpinType; readonly signal?: AbortSignal } = {},
): Promise<HistoryPage<HistoryRows[G]>> {
  const { signal } = options;
  switch (game) {
    case 'tailspin':
    case 'retail':
      return (await getBetsPage(
        { address, cursor, game, betType: options.betType ?? null },
        signal,
      )) as HistoryPage<HistoryRows[G]>;
    case 'foresight':
      return (await getPredictionsPage(address, cursor, signal)) as HistoryPage<HistoryRows[G]>;
    default:
      return (await getMarketBetsPage(address, cursor, signal)) as HistoryPage<HistoryRows[G]>;
  }
}

/** Query options of a game's rows, page after page. */
export function historyQueryOptions<G extends PnlGame>(
  game: G,
  address: string,
  betType: TailSpinType = null,
) {
  return infiniteQueryOptions({
    queryKey: ['history', 'rows', address, game, betType] as const,
    queryFn: ({ pageParam, signal }) => getHistoryPage(game, address, pageParam, { betType, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last: HistoryPage<HistoryRows[G]>) => last.nextCursor,
    retry: false,
  });
}

/** A game's rows, with `fetchNextPage` for the next 20. */
export function useHistory<G extends PnlGame>(game: G, address: string, betType: TailSpinType = null) {
  return useInfiniteQuery(historyQueryOptions(game, address, betType));
}
