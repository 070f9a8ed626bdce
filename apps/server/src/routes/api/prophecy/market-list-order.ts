/**
 * The order of the Prophecy market list: open markets first, then closed ones (past their cutoff, waiting
 * for their result), then resolved ones; within each group, the order the player picked (`sortBy`). A
 * player opening `/prophecy` expects to see what they can still bet on, not last month's results.
 *
 * The repository's `list` orders by `sortBy` alone, so the list is read here: the same filters, the status
 * groups in front of the chosen order, addresses only, then each market's record.
 *
 * @module
 */

import type { MarketSort } from '@arcade/sdk/api/prophecy';

import type { Queryable } from '../../../db/database.ts';
import type {
  MarketListQuery,
  MarketRecord,
  MarketRepository,
} from '../../../repositories/market-repository.ts';

/** A market's status group (`$1` is now, unix seconds): 0 open, 1 closed (cutoff passed), 2 resolved. */
export const STATUS_GROUP_SQL = `CASE WHEN result IS NOT NULL THEN 2 WHEN cutoff_time > $1 THEN 0 ELSE 1 END`;

/**
 * The order within a status group: TimeAsc / TimeDesc by end time; VolumeDesc by total pool, largest first;
 * EndingSoon by cutoff, nearest first among the open ones and most recently closed first among the rest.
 * Ties are broken by address so that paging is stable.
 */
export const WITHIN_GROUP_SQL: Readonly<Record<MarketSort, string>> = {
  TimeAsc: 'end_time ASC, address ASC',
  TimeDesc: 'end_time DESC, address ASC',
  VolumeDesc: '(yes_pool + no_pool) DESC, end_time ASC, address ASC',
  EndingSoon: `CASE WHEN cutoff_time > $1 AND result IS NULL THEN cutoff_time END ASC,
    cutoff_time DESC, address ASC`,
};

/**
 * One page of the market list, open markets first, then closed, then resolved, each group in `sortBy`
 * order; and the number of markets matching the filters (categories, name, showPastEvents as the
 * repository applies them).
 */
export async function listMarketsOpenFirst(
  db: Queryable,
  markets: Pick<MarketRepository, 'find'>,
  query: MarketListQuery,
): Promise<{ markets: MarketRecord[]; total: number }> {
  const params: unknown[] = [query.nowSecs];
  const where: string[] = [];
  if (query.categories.length > 0) {
    const placeholders = query.categories.map((category) => {
      params.push(category);
      return `$${params.length}`;
    });
    where.push(`category IN (${placeholders.join(', ')})`);
  }
  if (query.name !== null && query.name !== '') {
    // strpos matches the text literally: '%' and '_' in a search are not wildcards.
    params.push(query.name.toLowerCase());
    const p = `$${params.length}`;
    where.push(`(strpos(lower(name), ${p}) > 0 OR strpos(lower(short_name), ${p}) > 0)`);
  }
  if (!query.showPastEvents) where.push('end_time > $1 AND result IS NULL');
  const filter = `WHERE $1::int8 IS NOT NULL ${where.map((clause) => `AND ${clause}`).join(' ')}`;
  const [count] = await db.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM markets ${filter}`,
    params,
  );
  const total = Number(count?.total ?? 0);
  if (total === 0 || query.offset >= total) return { markets: [], total };
  params.push(query.limit, query.offset);
  const rows = await db.query<{ address: string }>(
    `SELECT address FROM markets ${filter}
     ORDER BY ${STATUS_GROUP_SQL} ASC, ${WITHIN_GROUP_SQL[query.sortBy]}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const records = await Promise.all(rows.map((row) => markets.find(row.address)));
  return {
    markets: records.filter((record): record is MarketRecord => record !== null),
    total,
  };
}
