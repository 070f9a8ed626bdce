/**
 * The settler's records: hash chains (`fairness_chains`), the seed each bet took (`bet_seeds`), the open
 * bets to settle, and what `GET /api/fairness` publishes.
 *
 * A seed is revealed only once its bet is closed (Settled, Claimed or Refunded) AND every bet that took an
 * earlier seed of the same chain is closed too: hashing a seed gives every earlier seed, so revealing one
 * out of order would reveal an open bet's roll.
 *
 * @module
 */

import type { FairnessBetJson, FairnessSeedJson, PublishedChainJson } from '@arcade/sdk/api/history';

import type { Database, Queryable } from '../../db/database.ts';
import { hashChain, randomSecret, toHex, fromHex } from './provably-fair.ts';

/** A chain as published (never its secret), with its times as dates. */
export interface PublishedChain extends Omit<
  PublishedChainJson,
  'publishedAt' | 'activatedAt' | 'exhaustedAt'
> {
  readonly publishedAt: Date;
  readonly activatedAt: Date | null;
  readonly exhaustedAt: Date | null;
}

/** An open bet as the settler needs it, with its seed when one is assigned. */
export interface OpenBet {
  readonly id: number;
  readonly signature: string;
  readonly slot: number;
  readonly txIndex: number;
  readonly betAddress: string;
  readonly user: string;
  readonly odds: number;
  readonly fee: bigint;
  readonly referral: string | null;
  readonly placedAt: Date;
  readonly seed: AssignedSeed | null;
}

/** The seed a bet took. */
export interface AssignedSeed {
  readonly chainId: number;
  readonly seedIndex: number;
  readonly seed: string;
  readonly randomValue: number;
  readonly attempts: number;
}

/** Everything `GET /api/fairness/{bet}` shows about one bet: the bet and, once it has one, its seed. */
export interface BetFairness extends FairnessBetJson {
  readonly assignment: Omit<FairnessSeedJson, 'revealed'> | null;
}

interface ChainRow {
  id: number;
  head: string;
  length: number;
  next_index: number;
  status: PublishedChain['status'];
  published_at: Date;
  activated_at: Date | null;
  exhausted_at: Date | null;
}

const CHAIN_COLUMNS = 'id, head, length, next_index, status, published_at, activated_at, exhausted_at';

function toChain(row: ChainRow): PublishedChain {
  return {
    id: row.id,
    head: row.head,
    length: row.length,
    nextIndex: row.next_index,
    status: row.status,
    publishedAt: row.published_at,
    activatedAt: row.activated_at,
    exhaustedAt: row.exhausted_at,
  };
}

/**
 * Seeds of chains already expanded from their secret, by head (hex, index 0 = head). Keyed by head, not
 * id: ids repeat across databases (test schemas) in one process, heads do not.
 */
const seedCache = new Map<string, readonly string[]>();
const SEED_CACHE_MAX = 4;

/** Options of {@link FairnessRepository}. */
export interface FairnessRepositoryOptions {
  /**
   * The secret of the `ordinal`-th chain (1 for the first chain ever made, and so on), instead of a fresh
   * random one: local tests only (`FAIRNESS_SECRET_HEX`), so a test can know every roll in advance.
   */
  readonly secretFor?: (ordinal: number) => Uint8Array;
}

/** The settler's tables. */
export class FairnessRepository {
  readonly #db: Database;
  readonly #secretFor: ((ordinal: number) => Uint8Array) | undefined;

  constructor(db: Database, options: FairnessRepositoryOptions = {}) {
    this.#db = db;
    this.#secretFor = options.secretFor;
  }

  /** Every chain, newest first. */
  async listChains(): Promise<PublishedChain[]> {
    const rows = await this.#db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM fairness_chains ORDER BY id DESC`,
    );
    return rows.map(toChain);
  }

  /**
   * Makes sure a current chain and a published next one exist, so a chain's head is always public well
   * before its first seed is used. Returns the current chain.
   */
  async ensureChains(length: number, now: Date): Promise<PublishedChain> {
    return this.#db.transaction(async (tx) => {
      await tx.query('LOCK TABLE fairness_chains IN SHARE ROW EXCLUSIVE MODE');
      let current = await this.#chainWithStatus(tx, 'current');
      if (current === null) {
        const next = await this.#chainWithStatus(tx, 'next');
        current =
          next === null
            ? await this.#createChain(tx, length, 'current', now)
            : await this.#activate(tx, next.id, now);
      }
      if ((await this.#chainWithStatus(tx, 'next')) === null)
        await this.#createChain(tx, length, 'next', now);
      return current;
    });
  }

  /**
   * Gives each bet (in the order given: confirmation order) the next seed of the current chain, rolling
   * over to the published next chain when the current one runs out, and records it, all in one
   * transaction. Bets that already have a seed keep it.
   */
  async assignSeeds(
    bets: readonly Pick<OpenBet, 'id' | 'betAddress' | 'signature'>[],
    chainLength: number,
    now: Date,
    roll: (seed: Uint8Array, bet: Pick<OpenBet, 'betAddress' | 'signature'>) => number,
  ): Promise<Map<number, AssignedSeed>> {
    const assigned = new Map<number, AssignedSeed>();
    if (bets.length === 0) return assigned;
    await this.ensureChains(chainLength, now);
    await this.#db.transaction(async (tx) => {
      await tx.query('LOCK TABLE fairness_chains IN SHARE ROW EXCLUSIVE MODE');
      let chain = await this.#chainWithStatus(tx, 'current');
      if (chain === null) throw new Error('no current hash chain');
      let nextIndex = chain.nextIndex;
      for (const bet of bets) {
        const [existing] = await tx.query<{ bet_id: number }>(
          'SELECT bet_id FROM bet_seeds WHERE bet_id = $1',
          [bet.id],
        );
        if (existing !== undefined) continue;
        if (nextIndex > chain.length) {
          await tx.query('UPDATE fairness_chains SET next_index = $2 WHERE id = $1', [chain.id, nextIndex]);
          chain = await this.#rollOver(tx, chain.id, chainLength, now);
          nextIndex = chain.nextIndex;
        }
        const seeds = await this.#seeds(tx, chain.id, chain.head);
        const seed = seeds[nextIndex];
        if (seed === undefined) throw new Error(`chain ${String(chain.id)} has no seed ${String(nextIndex)}`);
        const randomValue = roll(fromHex(seed), bet);
        await tx.query(
          `INSERT INTO bet_seeds (bet_id, chain_id, seed_index, seed, random_value, assigned_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [bet.id, chain.id, nextIndex, seed, randomValue, now],
        );
        assigned.set(bet.id, { chainId: chain.id, seedIndex: nextIndex, seed, randomValue, attempts: 0 });
        nextIndex += 1;
      }
      await tx.query('UPDATE fairness_chains SET next_index = $2 WHERE id = $1', [chain.id, nextIndex]);
    });
    return assigned;
  }

  /** The current chain, if any (read only: what a dry run plans with). */
  async currentChain(): Promise<PublishedChain | null> {
    return this.#chainWithStatus(this.#db, 'current');
  }

  /** The seed `index` of chain `chainId` (hex); for dry runs, which plan without recording. */
  async seedAt(chainId: number, head: string, index: number): Promise<string | null> {
    return (await this.#seeds(this.#db, chainId, head))[index] ?? null;
  }

  /** Open bets the settler has not closed, in confirmation order (slot, then index in block). */
  async openBets(limit: number): Promise<OpenBet[]> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      slot: number;
      tx_index: number;
      bet_address: string;
      user_address: string;
      odds: number;
      fee: bigint;
      referral: string | null;
      placed_at: Date;
      chain_id: number | null;
      seed_index: number | null;
      seed: string | null;
      random_value: number | null;
      attempts: number | null;
    }>(
      `SELECT b.id, b.signature, b.slot, b.tx_index, b.bet_address, b.user_address, b.odds, b.fee, b.referral,
              b.placed_at, s.chain_id, s.seed_index, s.seed, s.random_value, s.attempts
         FROM bets b LEFT JOIN bet_seeds s ON s.bet_id = b.id
        WHERE b.state = 'Open' AND b.settle_signature IS NULL AND b.refund_signature IS NULL
        ORDER BY b.slot, b.tx_index, b.id
        LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      signature: row.signature,
      slot: row.slot,
      txIndex: row.tx_index,
      betAddress: row.bet_address,
      user: row.user_address,
      odds: row.odds,
      fee: row.fee,
      referral: row.referral,
      placedAt: row.placed_at,
      seed:
        row.chain_id === null || row.seed_index === null || row.seed === null || row.random_value === null
          ? null
          : {
              chainId: row.chain_id,
              seedIndex: row.seed_index,
              seed: row.seed,
              randomValue: row.random_value,
              attempts: row.attempts ?? 0,
            },
    }));
  }

  /** Records that a transaction for this bet is about to be sent (before it is). */
  async recordAttempt(betId: number, now: Date): Promise<void> {
    await this.#db.query(
      'UPDATE bet_seeds SET attempts = attempts + 1, last_attempt_at = $2 WHERE bet_id = $1',
      [betId, now],
    );
  }

  /** Records why the last attempt failed. */
  async recordError(betId: number, message: string): Promise<void> {
    await this.#db.query('UPDATE bet_seeds SET last_error = $2 WHERE bet_id = $1', [
      betId,
      message.slice(0, 500),
    ]);
  }

  /**
   * Marks a bet settled. Idempotent, and a no-op when the indexer got there first (it writes the same
   * facts from the same transaction).
   */
  async markSettled(
    betId: number,
    fields: { randomValue: number; result: 'Win' | 'Loss'; signature: string; referralFee: bigint; at: Date },
  ): Promise<void> {
    await this.#db.query(
      `UPDATE bets SET state = 'Settled', result = $2, random_value = $3, settle_signature = $4,
              referral_fee = GREATEST(referral_fee, $5::numeric), settled_at = COALESCE(settled_at, $6)
        WHERE id = $1 AND state = 'Open'`,
      [betId, fields.result, fields.randomValue, fields.signature, fields.referralFee, fields.at],
    );
    await this.#db.query('UPDATE bet_seeds SET last_error = NULL WHERE bet_id = $1', [betId]);
  }

  /** Marks a bet refunded (idempotent; never touches a bet that is no longer Open). */
  async markRefunded(betId: number, signature: string, at: Date): Promise<void> {
    await this.#db.query(
      `UPDATE bets SET state = 'Refunded', result = 'None', refund_signature = $2,
              settled_at = COALESCE(settled_at, $3)
        WHERE id = $1 AND state = 'Open'`,
      [betId, signature, at],
    );
  }

  /** One bet's fairness record, by its creating signature; null when there is no such bet. */
  async betFairness(signature: string, betAddress: string | null = null): Promise<BetFairness | null> {
    const [row] = await this.#db.query<{
      id: number;
      signature: string;
      bet_address: string;
      user_address: string;
      odds: number;
      state: string;
      result: string;
      random_value: number | null;
      settle_signature: string | null;
      refund_signature: string | null;
      slot: number;
      tx_index: number;
      chain_id: number | null;
      head: string | null;
      seed_index: number | null;
      seed: string | null;
      revealable: boolean | null;
    }>(
      `SELECT b.id, b.signature, b.bet_address, b.user_address, b.odds, b.state, b.result, b.random_value,
              b.settle_signature, b.refund_signature, b.slot, b.tx_index,
              s.chain_id, c.head, s.seed_index, s.seed,
              (b.state <> 'Open' AND NOT EXISTS (
                 SELECT 1 FROM bet_seeds e JOIN bets eb ON eb.id = e.bet_id
                  WHERE e.chain_id = s.chain_id AND e.seed_index < s.seed_index AND eb.state = 'Open'
              )) AS revealable
         FROM bets b
         LEFT JOIN bet_seeds s ON s.bet_id = b.id
         LEFT JOIN fairness_chains c ON c.id = s.chain_id
        WHERE b.signature = $1 AND ($2::text IS NULL OR b.bet_address = $2)
        ORDER BY b.id
        LIMIT 1`,
      [signature, betAddress],
    );
    if (row === undefined) return null;
    let assignment: BetFairness['assignment'] = null;
    if (row.chain_id !== null && row.head !== null && row.seed_index !== null && row.seed !== null) {
      const revealed = row.revealable === true;
      const previous = revealed ? await this.#previousSeed(row.chain_id, row.seed_index, row.head) : null;
      assignment = {
        chainId: row.chain_id,
        chainHead: row.head,
        seedIndex: row.seed_index,
        seed: revealed ? row.seed : null,
        previousSeed: previous,
      };
    }
    return {
      id: row.id,
      signature: row.signature,
      betAddress: row.bet_address,
      user: row.user_address,
      odds: row.odds,
      state: row.state,
      result: row.result,
      randomValue: row.state === 'Open' ? null : row.random_value,
      settleSignature: row.settle_signature,
      refundSignature: row.refund_signature,
      slot: row.slot,
      txIndex: row.tx_index,
      assignment,
    };
  }

  async #previousSeed(chainId: number, seedIndex: number, head: string): Promise<string> {
    if (seedIndex === 1) return head;
    const seeds = await this.#seeds(this.#db, chainId, head);
    const previous = seeds[seedIndex - 1];
    if (previous === undefined)
      throw new Error(`chain ${String(chainId)} has no seed ${String(seedIndex - 1)}`);
    return previous;
  }

  async #seeds(q: Queryable, chainId: number, head: string): Promise<readonly string[]> {
    const cached = seedCache.get(head);
    if (cached !== undefined) return cached;
    const [row] = await q.query<{ secret: string; length: number; head: string }>(
      'SELECT secret, length, head FROM fairness_chains WHERE id = $1',
      [chainId],
    );
    if (row === undefined) throw new Error(`no chain ${String(chainId)}`);
    const seeds = hashChain(fromHex(row.secret), row.length).map(toHex);
    if (seeds[0] !== row.head) throw new Error(`chain ${String(chainId)}: secret does not hash to its head`);
    if (seedCache.size >= SEED_CACHE_MAX) seedCache.clear();
    seedCache.set(head, seeds);
    return seeds;
  }

  async #chainWithStatus(q: Queryable, status: 'current' | 'next'): Promise<PublishedChain | null> {
    const [row] = await q.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM fairness_chains WHERE status = $1`, [
      status,
    ]);
    return row === undefined ? null : toChain(row);
  }

  async #createChain(
    q: Queryable,
    length: number,
    status: 'current' | 'next',
    now: Date,
  ): Promise<PublishedChain> {
    const secret = await this.#newSecret(q);
    const seeds = hashChain(secret, length);
    const head = seeds[0];
    if (head === undefined) throw new Error('empty hash chain');
    const [row] = await q.query<ChainRow>(
      `INSERT INTO fairness_chains (head, secret, length, status, published_at, activated_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${CHAIN_COLUMNS}`,
      [toHex(head), toHex(secret), length, status, now, status === 'current' ? now : null],
    );
    if (row === undefined) throw new Error('chain insert returned nothing');
    return toChain(row);
  }

  /** A fresh random secret, or the configured one for the next chain's ordinal (callers hold the lock). */
  async #newSecret(q: Queryable): Promise<Uint8Array> {
    if (this.#secretFor === undefined) return randomSecret();
    const [row] = await q.query<{ count: number | string }>('SELECT count(*) AS count FROM fairness_chains');
    return this.#secretFor(Number(row?.count ?? 0) + 1);
  }

  async #activate(q: Queryable, id: number, now: Date): Promise<PublishedChain> {
    const [row] = await q.query<ChainRow>(
      `UPDATE fairness_chains SET status = 'current', activated_at = $2 WHERE id = $1 RETURNING ${CHAIN_COLUMNS}`,
      [id, now],
    );
    if (row === undefined) throw new Error(`no chain ${String(id)}`);
    return toChain(row);
  }

  /** Retires the exhausted current chain, activates the (already published) next one and publishes another. */
  async #rollOver(q: Queryable, exhaustedId: number, length: number, now: Date): Promise<PublishedChain> {
    await q.query(`UPDATE fairness_chains SET status = 'exhausted', exhausted_at = $2 WHERE id = $1`, [
      exhaustedId,
      now,
    ]);
    const next = await this.#chainWithStatus(q, 'next');
    const current =
      next === null
        ? await this.#createChain(q, length, 'current', now)
        : await this.#activate(q, next.id, now);
    await this.#createChain(q, length, 'next', now);
    return current;
  }
}
