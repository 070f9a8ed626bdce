/**
 * A wallet's history (docs/reference/api.md#history-pnl-and-fairness): its TailSpin/ReTail bets, Foresight bets and Prophecy market bets, newest
 * first, paged by id.
 *
 * @module
 */

import {
  BET_GAMES,
  HISTORY_BET_TYPES,
  PNL_GAMES,
  type BetHistoryItem,
  type GamePnl,
  type MarketBetHistoryItem,
  type PnlGame,
  type PredictionHistoryItem,
  type WalletPnl as WalletPnlView,
} from '@arcade/sdk/api/history';
import { BPS_DENOMINATOR, FORESIGHT_FEE_BPS, PROPHECY_FEE_BPS } from '@arcade/sdk/constants';

import type { Queryable } from '../db/database.ts';

/** Items per page. */
export const HISTORY_PAGE_SIZE = 20;

export type HistoryBetType = (typeof HISTORY_BET_TYPES)[number];

export type BetGame = (typeof BET_GAMES)[number];

/** A page of items and the cursor of the next one (null at the end). */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: number | null;
}

/** What a page query takes: the wallet and, to continue, the last id seen. */
export interface PageQuery {
  readonly address: string;
  /** Items with an id below this; null for the newest. */
  readonly cursor: number | null;
}

/**
 * A game's open positions, apart from its settled results: bets whose outcome is not known yet (a TailSpin or
 * ReTail bet not rolled nor refunded, a Foresight bet in a round not settled, a Prophecy prediction on a
 * market not resolved).
 */
export interface OpenPositions {
  /** Open positions: TailSpin/ReTail and Foresight bets, Prophecy predictions (top-ups included in one). */
  readonly open: number;
  /** Lamports they cost: stake plus fee (TailSpin/ReTail), stake (Foresight, Prophecy with its top-ups). */
  readonly atStake: bigint;
}

/** One game's profit and loss, with its open positions apart: `net` is realised, over settled bets only. */
export type GamePnlWithOpen = GamePnl & OpenPositions;

/**
 * A wallet's profit and loss: per game, in total, and its Juice (base units). See {@link HistoryRepository.pnl}
 * for exactly what each counts.
 */
export type WalletPnl = {
  readonly games: Readonly<Record<PnlGame, GamePnlWithOpen>>;
  readonly total: GamePnlWithOpen;
  readonly juice: Omit<WalletPnlView['juice'], 'claimable'>;
};

/** One game's sums as the SQL gives them (`net` is worked out from them). */
type PnlSums = Omit<GamePnlWithOpen, 'net'>;

/** The sums of one game of the bets table. */
type PnlRow = PnlSums & { readonly game: PnlGame };

function gamePnl(row: PnlSums | undefined): GamePnlWithOpen {
  if (row === undefined) {
    return {
      bets: 0,
      wins: 0,
      losses: 0,
      wagered: 0n,
      fees: 0n,
      payouts: 0n,
      refunds: 0n,
      net: 0n,
      unclaimed: 0n,
      open: 0,
      atStake: 0n,
    };
  }
  return {
    bets: row.bets,
    wins: row.wins,
    losses: row.losses,
    wagered: row.wagered,
    fees: row.fees,
    payouts: row.payouts,
    refunds: row.refunds,
    // Realised: what open positions cost is not counted lost (nor won) until they settle.
    net: row.payouts + row.refunds - row.wagered - row.fees + row.atStake,
    unclaimed: row.unclaimed,
    open: row.open,
    atStake: row.atStake,
  };
}

function sumPnl(parts: readonly GamePnlWithOpen[]): GamePnlWithOpen {
  return gamePnl(
    parts.reduce(
      (sum, part) => ({
        bets: sum.bets + part.bets,
        wins: sum.wins + part.wins,
        losses: sum.losses + part.losses,
        wagered: sum.wagered + part.wagered,
        fees: sum.fees + part.fees,
        payouts: sum.payouts + part.payouts,
        refunds: sum.refunds + part.refunds,
        unclaimed: sum.unclaimed + part.unclaimed,
        open: sum.open + part.open,
        atStake: sum.atStake + part.atStake,
      }),
      {
        bets: 0,
        wins: 0,
        losses: 0,
        wagered: 0n,
        fees: 0n,
        payouts: 0n,
        refunds: 0n,
        unclaimed: 0n,
        open: 0,
        atStake: 0n,
      },
    ),
  );
}

/**
 * `floor(amount × (pot − floor(pot × fee / 10000)) / winning pool)` in SQL: what `settle_bet` and
 * `settle_prediction` pay a winner (`poolPayout` in the SDK), NULL for an empty pool.
 */
function poolPayoutSql(amount: string, pot: string, winningPool: string, feeParam: string): string {
  return `div(${amount} * ((${pot}) - div((${pot}) * ${feeParam}::numeric, $3::numeric)), NULLIF(${winningPool}, 0))`;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * What a TailSpin/ReTail win pays in SQL: its prize, or for a bet rolled after its refund (which gave the
 * stake and fee back already) the rest of it, prize − stake − fee (`lateWinAmount` in the SDK).
 */
const WIN_PAYOUT_SQL =
  'CASE WHEN after_refund THEN GREATEST(listing_price - bet_amount - fee, 0) ELSE listing_price END';

/** Reads a wallet's history. */
export class HistoryRepository {
  readonly #db: Queryable;
  readonly #pageSize: number;

  constructor(db: Queryable, pageSize = HISTORY_PAGE_SIZE) {
    this.#db = db;
    this.#pageSize = pageSize;
  }

  /**
   * The wallet's TailSpin and ReTail bets, optionally of one bet type, and optionally of one game (TailSpin:
   * sol and token bets; ReTail: nft bets).
   */
  async bets(
    query: PageQuery & { readonly betType: HistoryBetType | null; readonly game?: BetGame | null },
  ): Promise<Page<BetHistoryItem>> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      bet_address: string;
      user_address: string;
      bet_type: HistoryBetType;
      mint: string;
      odds: number;
      bet_amount: bigint;
      fee: bigint;
      listing_price: bigint;
      referral: string | null;
      referral_fee: bigint;
      state: string;
      result: string;
      random_value: number | null;
      placed_at: Date;
      settled_at: Date | null;
      settle_signature: string | null;
      claim_signature: string | null;
      refund_signature: string | null;
      after_refund: boolean;
    }>(
      `SELECT id, signature, bet_address, user_address, bet_type, mint, odds, bet_amount, fee, listing_price,
         referral, referral_fee, state, result, random_value, placed_at, settled_at, settle_signature,
         claim_signature, refund_signature, after_refund
       FROM bets
       WHERE user_address = $1 AND ($2::int8 IS NULL OR id < $2::int8) AND ($3::text IS NULL OR bet_type = $3::text)
         AND ($5::text IS NULL OR (bet_type = 'nft') = ($5::text = 'retail'))
       ORDER BY id DESC LIMIT $4`,
      [query.address, query.cursor, query.betType, this.#pageSize + 1, query.game ?? null],
    );
    return this.#page(
      rows.map((row) => ({
        id: row.id,
        signature: row.signature,
        betAddress: row.bet_address,
        user: row.user_address,
        type: row.bet_type,
        mint: row.mint,
        odds: row.odds,
        amount: row.bet_amount,
        fee: row.fee,
        listingPrice: row.listing_price,
        referral: row.referral,
        referralFee: row.referral_fee,
        state: row.state,
        result: row.result,
        randomValue: row.random_value,
        timestamp: seconds(row.placed_at),
        settledAt: row.settled_at === null ? null : seconds(row.settled_at),
        settleSignature: row.settle_signature,
        claimSignature: row.claim_signature,
        refundSignature: row.refund_signature,
        afterRefund: row.after_refund,
      })),
    );
  }

  /**
   * The wallet's Foresight bets, each with its round (null when the round is not indexed yet). With
   * `unclaimed`, only the bets `settle_bet` or `withdraw_bet` would still pay: unpaid, in a settled round
   * that the bet won or that is Invalid (every bet refunded).
   */
  async predictions(
    query: PageQuery & { readonly unclaimed?: boolean },
  ): Promise<Page<PredictionHistoryItem>> {
    const rows = await this.#db.query<{
      id: number;
      address: string;
      config: string;
      event: string;
      prediction: string;
      amount: bigint;
      win_amount: bigint;
      is_settled: boolean;
      won: boolean | null;
      first_signature: string;
      last_signature: string;
      placed_at: Date;
      round_id: number | null;
      start_time: number | null;
      lock_time: number | null;
      settle_time: number | null;
      lock_price: number | null;
      final_price: number | null;
      up_count: number | null;
      down_count: number | null;
      up_pool: bigint | null;
      down_pool: bigint | null;
      round_settled: boolean | null;
      round_result: string | null;
    }>(
      `SELECT b.id, b.address, b.config, b.event, b.prediction, b.amount, b.win_amount, b.is_settled, b.won,
         b.first_signature, b.last_signature, b.placed_at,
         r.round_id, r.start_time, r.lock_time, r.settle_time, r.lock_price, r.final_price, r.up_count,
         r.down_count, r.up_pool, r.down_pool, r.is_settled AS round_settled, r.result AS round_result
       FROM foresight_bets b LEFT JOIN foresight_rounds r ON r.address = b.event
       WHERE b.user_address = $1 AND ($2::int8 IS NULL OR b.id < $2::int8)
         AND (NOT $4::bool OR (NOT b.is_settled AND r.is_settled AND (r.result = 'Invalid' OR r.result = b.prediction)))
       ORDER BY b.id DESC LIMIT $3`,
      [query.address, query.cursor, this.#pageSize + 1, query.unclaimed ?? false],
    );
    return this.#page(
      rows.map((row) => ({
        id: row.id,
        address: row.address,
        config: row.config,
        event: row.event,
        prediction: row.prediction,
        amount: row.amount,
        winAmount: row.win_amount,
        isSettled: row.is_settled,
        won: row.won,
        signature: row.first_signature,
        lastSignature: row.last_signature,
        timestamp: seconds(row.placed_at),
        round:
          row.round_id === null
            ? null
            : {
                id: row.round_id,
                startTime: row.start_time ?? 0,
                lockTime: row.lock_time ?? 0,
                settleTime: row.settle_time ?? 0,
                lockPrice: row.lock_price,
                finalPrice: row.final_price,
                upCount: row.up_count ?? 0,
                downCount: row.down_count ?? 0,
                upPool: row.up_pool ?? 0n,
                downPool: row.down_pool ?? 0n,
                isSettled: row.round_settled ?? false,
                result: row.round_result ?? 'None',
              },
      })),
    );
  }

  /**
   * The wallet's Prophecy market bets, each with its market's name (null when not indexed yet). With
   * `unclaimed`, only the bets of predictions `settle_prediction` would still pay: unclaimed, on a resolved
   * market, on the winning side or refunded (Invalid). A prediction topped up has one row per bet.
   */
  async marketBets(query: PageQuery & { readonly unclaimed?: boolean }): Promise<Page<MarketBetHistoryItem>> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      market: string;
      prediction: string;
      result: string;
      amount: bigint;
      placed_at: Date;
      name: string | null;
      short_name: string | null;
      category: string | null;
      image: string | null;
      market_result: string | null;
      market_settled: boolean | null;
    }>(
      `SELECT mb.id, mb.signature, mb.market, mb.prediction, mb.result, mb.amount, mb.placed_at,
         m.name, m.short_name, m.category, m.image, m.result AS market_result, m.is_settled AS market_settled
       FROM market_bets mb LEFT JOIN markets m ON m.address = mb.market
       WHERE mb.user_address = $1 AND ($2::int8 IS NULL OR mb.id < $2::int8)
         AND (NOT $4::bool OR EXISTS (
           SELECT 1 FROM predictions p
           WHERE p.address = mb.prediction AND NOT p.is_claimed AND m.result IS NOT NULL
             AND (m.result = 'Invalid' OR m.result = p.result)))
       ORDER BY mb.id DESC LIMIT $3`,
      [query.address, query.cursor, this.#pageSize + 1, query.unclaimed ?? false],
    );
    return this.#page(
      rows.map((row) => ({
        id: row.id,
        signature: row.signature,
        market: row.market,
        prediction: row.prediction,
        result: row.result,
        amount: row.amount,
        timestamp: seconds(row.placed_at),
        marketName: row.name,
        shortName: row.short_name,
        category: row.category,
        image: row.image,
        marketResult: row.market_result,
        marketSettled: row.market_settled,
      })),
    );
  }

  /**
   * A wallet's profit and loss over its whole indexed history, summed in SQL (never from loaded pages):
   *
   * - **TailSpin** (`bets` of type sol or token) and **ReTail** (type nft): `wagered` = every stake,
   *   `fees` = every 4% fee (refunded bets included: the refund gives it back), `payouts` = the prize of
   *   each claimed win (a token or NFT prize counts at its SOL value, the bet's `listing_price`),
   *   `refunds` = stake + fee of each refunded bet, `unclaimed` = the prize of each settled, unclaimed win.
   *   A bet rolled after its refund counts its refund in `refunds` and, when it won, the rest of its prize
   *   (prize − stake − fee, paid by its reveal or by `claim_bet`) in `payouts` or `unclaimed`: together the
   *   prize, as an on-time win.
   * - **Foresight** (`foresight_bets`): `wagered` = every bet (top-ups included), `fees` = 0 (the 3% is
   *   taken from the pot before winners are paid, so it is already out of `payouts`), `payouts` = what
   *   `settle_bet` paid in rounds that were not Invalid, `refunds` = what was paid back in Invalid rounds,
   *   `unclaimed` = what an unpaid bet in a settled round is owed (the program's payout formula, or the
   *   stake in an Invalid round).
   * - **Prophecy** (`market_bets` for bets and stakes, `predictions` for the rest): `fees` = 0 as for
   *   Foresight, `payouts` = what `settle_prediction` paid on markets not resolved Invalid, `refunds` = what
   *   it paid back on Invalid ones, `unclaimed` = what an unsettled prediction of a resolved market is owed.
   *
   * Wins and losses count settled results (a TailSpin loss is `result = 'Loss'`, a Foresight or Prophecy
   * loss a bet on the side that lost). Open positions are apart, as a prediction market shows them: `open`
   * counts them (a TailSpin/ReTail bet in state Open, a Foresight bet whose round is not settled or not
   * indexed, a Prophecy prediction on a market not resolved) and `atStake` is what they cost (stake + fee;
   * stake for the pool games). They count in `bets`, `wagered` and `fees`, not in `net`, which is realised:
   * payouts + refunds − wagered − fees + atStake, the settled bets' result. Juice is the wallet's
   * `juice_accounts` row (accrued, and claimed including claims still pending).
   */
  async pnl(address: string): Promise<WalletPnl> {
    const fee = [FORESIGHT_FEE_BPS, PROPHECY_FEE_BPS, BPS_DENOMINATOR] as const;
    const [wager, foresight, prophecy, juice] = await Promise.all([
      this.#db.query<PnlRow>(
        `SELECT CASE WHEN bet_type = 'nft' THEN 'retail' ELSE 'tailspin' END AS game,
           count(*)::int8 AS bets,
           count(*) FILTER (WHERE result = 'Win')::int8 AS wins,
           count(*) FILTER (WHERE result = 'Loss')::int8 AS losses,
           COALESCE(sum(bet_amount), 0)::numeric AS wagered,
           COALESCE(sum(fee), 0)::numeric AS fees,
           COALESCE(sum(${WIN_PAYOUT_SQL}) FILTER (WHERE state = 'Claimed'), 0)::numeric AS payouts,
           COALESCE(sum(bet_amount + fee) FILTER (WHERE state = 'Refunded' OR after_refund), 0)::numeric
             AS refunds,
           COALESCE(sum(${WIN_PAYOUT_SQL}) FILTER (WHERE state = 'Settled' AND result = 'Win'), 0)::numeric
             AS unclaimed,
           count(*) FILTER (WHERE state = 'Open')::int8 AS open,
           COALESCE(sum(bet_amount + fee) FILTER (WHERE state = 'Open'), 0)::numeric AS "atStake"
         FROM bets WHERE user_address = $1
         GROUP BY 1`,
        [address],
      ),
      this.#db.query<PnlSums>(
        `SELECT count(*)::int8 AS bets,
           count(*) FILTER (WHERE r.result IN ('Up', 'Down') AND b.prediction = r.result)::int8 AS wins,
           count(*) FILTER (WHERE r.result IN ('Up', 'Down') AND b.prediction <> r.result)::int8 AS losses,
           COALESCE(sum(b.amount), 0)::numeric AS wagered,
           0::numeric AS fees,
           COALESCE(sum(b.win_amount) FILTER (WHERE b.is_settled AND r.result IS DISTINCT FROM 'Invalid'), 0)::numeric
             AS payouts,
           COALESCE(sum(b.win_amount) FILTER (WHERE b.is_settled AND r.result = 'Invalid'), 0)::numeric AS refunds,
           COALESCE(sum(CASE WHEN r.result = 'Invalid' THEN b.amount ELSE ${poolPayoutSql(
             'b.amount',
             'r.up_pool + r.down_pool',
             "CASE WHEN b.prediction = 'Up' THEN r.up_pool ELSE r.down_pool END",
             '$2',
           )} END) FILTER (WHERE NOT b.is_settled AND r.is_settled
               AND (r.result = 'Invalid' OR r.result = b.prediction)), 0)::numeric AS unclaimed,
           count(*) FILTER (WHERE r.is_settled IS NOT TRUE)::int8 AS open,
           COALESCE(sum(b.amount) FILTER (WHERE r.is_settled IS NOT TRUE), 0)::numeric AS "atStake"
         FROM foresight_bets b LEFT JOIN foresight_rounds r ON r.address = b.event
         WHERE b.user_address = $1`,
        [address, fee[0], fee[2]],
      ),
      this.#db.query<PnlSums>(
        `SELECT (SELECT count(*) FROM market_bets WHERE user_address = $1)::int8 AS bets,
           count(*) FILTER (WHERE m.result IN ('Yes', 'No') AND p.result = m.result)::int8 AS wins,
           count(*) FILTER (WHERE m.result IN ('Yes', 'No') AND p.result <> m.result)::int8 AS losses,
           (SELECT COALESCE(sum(amount), 0) FROM market_bets WHERE user_address = $1)::numeric AS wagered,
           0::numeric AS fees,
           COALESCE(sum(p.payout) FILTER (WHERE p.is_claimed AND m.result IS DISTINCT FROM 'Invalid'), 0)::numeric
             AS payouts,
           COALESCE(sum(p.payout) FILTER (WHERE p.is_claimed AND m.result = 'Invalid'), 0)::numeric AS refunds,
           COALESCE(sum(CASE WHEN m.result = 'Invalid' THEN p.amount ELSE ${poolPayoutSql(
             'p.amount',
             'm.yes_pool + m.no_pool',
             "CASE WHEN p.result = 'Yes' THEN m.yes_pool ELSE m.no_pool END",
             '$2',
           )} END) FILTER (WHERE NOT p.is_claimed AND m.result IS NOT NULL
               AND (m.result = 'Invalid' OR m.result = p.result)), 0)::numeric AS unclaimed,
           (SELECT count(DISTINCT mb.prediction) FROM market_bets mb LEFT JOIN markets om ON om.address = mb.market
             WHERE mb.user_address = $1 AND om.result IS NULL)::int8 AS open,
           (SELECT COALESCE(sum(mb.amount), 0) FROM market_bets mb LEFT JOIN markets om ON om.address = mb.market
             WHERE mb.user_address = $1 AND om.result IS NULL)::numeric AS "atStake"
         FROM predictions p LEFT JOIN markets m ON m.address = p.market
         WHERE p.user_address = $1`,
        [address, fee[1], fee[2]],
      ),
      this.#db.query<{ accrued: bigint; claimed: bigint }>(
        'SELECT accrued, claimed FROM juice_accounts WHERE address = $1',
        [address],
      ),
    ]);
    const games: Record<PnlGame, GamePnlWithOpen> = {
      tailspin: gamePnl(wager.find((row) => row.game === 'tailspin')),
      retail: gamePnl(wager.find((row) => row.game === 'retail')),
      foresight: gamePnl(foresight[0]),
      prophecy: gamePnl(prophecy[0]),
    };
    return {
      games,
      total: sumPnl(PNL_GAMES.map((game) => games[game])),
      juice: { accrued: juice[0]?.accrued ?? 0n, claimed: juice[0]?.claimed ?? 0n },
    };
  }

  /** Cuts the one extra row fetched: it only says whether there is a next page. */
  #page<T extends { readonly id: number }>(items: T[]): Page<T> {
    if (items.length <= this.#pageSize) return { items, nextCursor: null };
    const page = items.slice(0, this.#pageSize);
    return { items: page, nextCursor: page.at(-1)?.id ?? null };
  }
}
