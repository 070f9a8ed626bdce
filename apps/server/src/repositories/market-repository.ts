/**
 * Prophecy markets (the chain's record plus the metadata the server keeps) and the queue of market
 * requests.
 *
 * @module
 */

import type {
  MarketMetadataInput,
  MarketProposal,
  MarketRequestStatus,
  MarketRequestView,
  MarketSort,
} from '@arcade/sdk/api/prophecy';

import type { Database, Queryable } from '../db/database.ts';

/** A market result as stored (the IDL's variant names). */
export type StoredMarketResult = 'Yes' | 'No' | 'Invalid';

/** A market's off-chain metadata, stored as its proposal sent it. */
export type MarketMetadataRecord = MarketMetadataInput;

/** A market as stored. Times are unix seconds, pools lamports. */
export interface MarketRecord extends MarketMetadataRecord {
  readonly address: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly cutoffTime: number;
  readonly yesCount: number;
  readonly noCount: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly isSettled: boolean;
  readonly settledCount: number;
  readonly result: StoredMarketResult | null;
  readonly referrer: string | null;
}

/** What {@link MarketRepository.insert} stores: the proposal and how it was created. */
export interface NewMarket extends MarketProposal {
  readonly address: string;
  readonly startTime: number;
  readonly createSignature: string;
  readonly createdBy: string;
}

/** A page of the market list. */
export interface MarketListQuery {
  readonly sortBy: MarketSort;
  /** Empty for every category. */
  readonly categories: readonly string[];
  /** A case-insensitive substring of the name or short name; matched literally (no wildcards). */
  readonly name: string | null;
  /** False hides markets that have ended or are resolved. */
  readonly showPastEvents: boolean;
  /** Unix seconds: what "ended" and "open" are measured against. */
  readonly nowSecs: number;
  readonly limit: number;
  readonly offset: number;
}

interface MarketRow {
  address: string;
  name: string;
  short_name: string;
  yes_option: string;
  no_option: string;
  invalid_option: string;
  category: string;
  image: string;
  rules: string;
  start_time: number;
  end_time: number;
  cutoff_time: number;
  yes_count: number;
  no_count: number;
  yes_pool: bigint;
  no_pool: bigint;
  is_settled: boolean;
  settled_count: number;
  result: StoredMarketResult | null;
  referrer: string | null;
}

const COLUMNS = `address, name, short_name, yes_option, no_option, invalid_option, category, image, rules,
  start_time, end_time, cutoff_time, yes_count, no_count, yes_pool, no_pool, is_settled, settled_count,
  result, referrer`;

function toRecord(row: MarketRow): MarketRecord {
  return {
    address: row.address,
    name: row.name,
    shortName: row.short_name,
    yesOption: row.yes_option,
    noOption: row.no_option,
    invalidOption: row.invalid_option,
    category: row.category,
    image: row.image,
    rules: row.rules,
    startTime: row.start_time,
    endTime: row.end_time,
    cutoffTime: row.cutoff_time,
    yesCount: row.yes_count,
    noCount: row.no_count,
    yesPool: row.yes_pool,
    noPool: row.no_pool,
    isSettled: row.is_settled,
    settledCount: row.settled_count,
    result: row.result,
    referrer: row.referrer,
  };
}

/**
 * A market's status group (`$1` is now, unix seconds): 0 open, 1 closed (cutoff passed, no result yet),
 * 2 resolved. The list shows what a player can still bet on first, not last month's results.
 */
const STATUS_GROUP = 'CASE WHEN result IS NOT NULL THEN 2 WHEN cutoff_time > $1 THEN 0 ELSE 1 END';

/**
 * ORDER BY clauses of the SDK's `MARKET_SORTS`: the status group, then within it TimeAsc / TimeDesc by end
 * time; VolumeDesc by total pool, largest first; EndingSoon by cutoff, nearest first among the open ones
 * and most recently closed first among the rest. Ties are broken by address so that paging is stable.
 */
const ORDER_BY: Readonly<Record<MarketSort, string>> = {
  TimeAsc: `${STATUS_GROUP} ASC, end_time ASC, address ASC`,
  TimeDesc: `${STATUS_GROUP} ASC, end_time DESC, address ASC`,
  VolumeDesc: `${STATUS_GROUP} ASC, (yes_pool + no_pool) DESC, end_time ASC, address ASC`,
  EndingSoon: `${STATUS_GROUP} ASC,
    CASE WHEN cutoff_time > $1 AND result IS NULL THEN cutoff_time END ASC,
    cutoff_time DESC, address ASC`,
};

/** Reads and writes markets. */
export class MarketRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async find(address: string): Promise<MarketRecord | null> {
    const rows = await this.#db.query<MarketRow>(`SELECT ${COLUMNS} FROM markets WHERE address = $1`, [
      address,
    ]);
    return rows[0] === undefined ? null : toRecord(rows[0]);
  }

  async exists(address: string): Promise<boolean> {
    return (await this.#db.query('SELECT 1 FROM markets WHERE address = $1', [address])).length > 0;
  }

  /** One page of the list and the number of markets matching the filters. */
  async list(query: MarketListQuery): Promise<{ markets: MarketRecord[]; total: number }> {
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
    params.push(query.limit, query.offset);
    // `$1 IS NOT NULL` keeps the time parameter typed when no clause or sort uses it (PostgreSQL refuses
    // a parameter whose type it cannot infer).
    const rows = await this.#db.query<MarketRow & { total: number }>(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM markets
       WHERE $1::int8 IS NOT NULL ${where.map((clause) => `AND ${clause}`).join(' ')}
       ORDER BY ${ORDER_BY[query.sortBy]}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    if (rows.length === 0 && query.offset > 0) {
      // Past the last page the window function has no row to report the total on.
      const [count] = await this.#db.query<{ total: number }>(
        `SELECT count(*) AS total FROM markets WHERE $1::int8 IS NOT NULL ${where
          .map((clause) => `AND ${clause}`)
          .join(' ')}`,
        params.slice(0, -2),
      );
      return { markets: [], total: count?.total ?? 0 };
    }
    return { markets: rows.map(toRecord), total: rows[0]?.total ?? 0 };
  }

  async insert(market: NewMarket): Promise<void> {
    await this.#db.query(
      `INSERT INTO markets (address, name, short_name, yes_option, no_option, invalid_option, category, image,
         rules, start_time, end_time, cutoff_time, referrer, create_signature, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        market.address,
        market.name,
        market.shortName,
        market.yesOption,
        market.noOption,
        market.invalidOption,
        market.category,
        market.image,
        market.rules,
        market.startTime,
        market.endTime,
        market.cutoffTime,
        market.referrer,
        market.createSignature,
        market.createdBy,
      ],
    );
  }

  /** Records a resolution; `is_settled` is left to the settling crank (every prediction paid). */
  async setResult(address: string, result: StoredMarketResult, signature: string): Promise<void> {
    await this.#db.query(
      `UPDATE markets SET result = $2, resolve_signature = $3, updated_at = now() WHERE address = $1`,
      [address, result, signature],
    );
  }

  async setTimes(address: string, endTime: number, cutoffTime: number): Promise<void> {
    await this.#db.query(
      `UPDATE markets SET end_time = $2, cutoff_time = $3, updated_at = now() WHERE address = $1`,
      [address, endTime, cutoffTime],
    );
  }
}

/** A market request as stored: the API's view with its metadata flat, as sent (`image` empty when none). */
export type MarketRequestRecord = MarketMetadataRecord & Omit<MarketRequestView, 'marketMetadata'>;

/** What {@link MarketRequestRepository.insertIfUnderLimit} stores: the proposal and who sent it when. */
export interface NewMarketRequest extends MarketProposal {
  readonly requester: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

interface MarketRequestRow {
  id: number;
  requester: string;
  username: string | null;
  name: string;
  short_name: string;
  yes_option: string;
  no_option: string;
  invalid_option: string;
  category: string;
  image: string;
  rules: string;
  end_time: number;
  cutoff_time: number;
  referrer: string | null;
  status: MarketRequestStatus;
  reason: string | null;
  market: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Date;
}

const REQUEST_SELECT = `SELECT r.id, r.requester, u.username, r.name, r.short_name, r.yes_option, r.no_option,
  r.invalid_option, r.category, r.image, r.rules, r.end_time, r.cutoff_time, r.referrer, r.status, r.reason,
  r.market, r.reviewed_by, r.reviewed_at, r.created_at
  FROM market_requests r LEFT JOIN users u ON u.address = r.requester`;

function toRequestRecord(row: MarketRequestRow): MarketRequestRecord {
  return {
    id: row.id,
    requester: row.requester,
    requesterUsername: row.username,
    name: row.name,
    shortName: row.short_name,
    yesOption: row.yes_option,
    noOption: row.no_option,
    invalidOption: row.invalid_option,
    category: row.category,
    image: row.image,
    rules: row.rules,
    endTime: row.end_time,
    cutoffTime: row.cutoff_time,
    referrer: row.referrer,
    status: row.status,
    reason: row.reason,
    market: row.market,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at === null ? null : row.reviewed_at.getTime(),
    createdAt: row.created_at.getTime(),
  };
}

/** An arbitrary, fixed first key of the advisory locks taken per requester. */
const REQUEST_LOCK_SPACE = 7_420_102;

/** Reads and writes the market request queue. */
export class MarketRequestRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async find(id: number): Promise<MarketRequestRecord | null> {
    const rows = await this.#db.query<MarketRequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [id]);
    return rows[0] === undefined ? null : toRequestRecord(rows[0]);
  }

  /** Requests newest first, optionally of one status and/or one requester. */
  async list(filter: {
    readonly status?: MarketRequestStatus;
    readonly requester?: string;
    readonly limit: number;
  }): Promise<MarketRequestRecord[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.status !== undefined) {
      params.push(filter.status);
      where.push(`r.status = $${params.length}`);
    }
    if (filter.requester !== undefined) {
      params.push(filter.requester);
      where.push(`r.requester = $${params.length}`);
    }
    params.push(filter.limit);
    const rows = await this.#db.query<MarketRequestRow>(
      `${REQUEST_SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY r.id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(toRequestRecord);
  }

  /**
   * Stores a request unless the requester already has `maxPending` pending ones; returns its id, or null
   * when refused. The count and the insert run under a per-requester lock, so parallel requests (on any
   * instance) cannot slip past the limit.
   */
  async insertIfUnderLimit(request: NewMarketRequest, maxPending: number): Promise<number | null> {
    return this.#db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        REQUEST_LOCK_SPACE,
        request.requester,
      ]);
      const [pending] = await tx.query<{ n: number }>(
        `SELECT count(*) AS n FROM market_requests WHERE requester = $1 AND status IN ('pending', 'approving')`,
        [request.requester],
      );
      if ((pending?.n ?? 0) >= maxPending) return null;
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO market_requests (requester, name, short_name, yes_option, no_option, invalid_option,
           category, image, rules, end_time, cutoff_time, referrer, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          request.requester,
          request.name,
          request.shortName,
          request.yesOption,
          request.noOption,
          request.invalidOption,
          request.category,
          request.image,
          request.rules,
          request.endTime,
          request.cutoffTime,
          request.referrer,
          new Date(request.createdAt),
        ],
      );
      return row === undefined ? null : row.id;
    });
  }

  /**
   * Moves a request from `from` to `to` when it is still in `from`; false when another review got there
   * first. Used to claim a pending request before its market is created on chain.
   */
  async transition(
    id: number,
    from: MarketRequestStatus,
    to: MarketRequestStatus,
    review: { readonly reviewedBy?: string; readonly reviewedAt?: number; readonly reason?: string } = {},
  ): Promise<boolean> {
    const rows = await this.#db.query(
      `UPDATE market_requests SET status = $3,
         reviewed_by = COALESCE($4, reviewed_by),
         reviewed_at = COALESCE($5, reviewed_at),
         reason = COALESCE($6, reason)
       WHERE id = $1 AND status = $2 RETURNING id`,
      [
        id,
        from,
        to,
        review.reviewedBy ?? null,
        review.reviewedAt === undefined ? null : new Date(review.reviewedAt),
        review.reason ?? null,
      ],
    );
    return rows.length > 0;
  }

  /** Marks a claimed request approved with the market created for it, and the times it was created with. */
  async markApproved(
    id: number,
    market: string,
    times: { readonly endTime: number; readonly cutoffTime: number },
    review: { readonly reviewedBy: string; readonly reviewedAt: number },
  ): Promise<void> {
    await this.#db.query(
      `UPDATE market_requests SET status = 'approved', market = $2, end_time = $3, cutoff_time = $4,
         reviewed_by = $5, reviewed_at = $6
       WHERE id = $1`,
      [id, market, times.endTime, times.cutoffTime, review.reviewedBy, new Date(review.reviewedAt)],
    );
  }
}
