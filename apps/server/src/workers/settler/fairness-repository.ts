/**
 * The settler's records: its seed chains (`fairness_chains`, secrets included: never logged or served),
 * the bets it reveals (the `bets` rows the indexer writes for `create_bet`), its lost-seed recoveries
 * (`fairness_recoveries`), and what `GET /api/fairness` publishes.
 *
 * The House on chain is the truth; these rows follow it (`house-chains.ts`). A seed is published only once
 * `reveal_bet` has put it on chain: the `bets` row then holds it, taken from the reveal's instruction data.
 *
 * @module
 */

import type {
  FairnessBetJson,
  FairnessRevealJson,
  FairnessSeedJson,
  PublishedChainJson,
} from '@arcade/sdk/api/history';
import { bytesToHex, hexToBytes, rollMessage } from '@arcade/sdk/wager/fairness';

import type { Database, Queryable } from '../../db/database.ts';
import { WagerBetRepository, type RevealOutcome } from '../../repositories/wager-bet-repository.ts';
import type { HouseMatch, HouseSeeds, KnownChain } from './house-chains.ts';
import { fromHex, hashChain, randomSecret, toHex } from './provably-fair.ts';

/** A chain as published (never its secret), with its times as dates. */
export interface PublishedChain extends Omit<
  PublishedChainJson,
  'publishedAt' | 'activatedAt' | 'exhaustedAt'
> {
  readonly publishedAt: Date;
  readonly activatedAt: Date | null;
  readonly exhaustedAt: Date | null;
}

/** A chain of the on-chain scheme as the settler works with it. */
export interface SettlerChain extends KnownChain {
  readonly status: PublishedChain['status'];
  readonly commitSignature: string | null;
}

/** A bet made with `create_bet`, as the settler reveals it. */
export interface RevealBet {
  readonly id: number;
  /** The creating transaction. */
  readonly signature: string;
  readonly betAddress: string;
  readonly user: string;
  readonly referral: string | null;
  readonly odds: number;
  readonly sequence: bigint;
  /** The slot it landed in. */
  readonly slot: bigint;
  /** Lowercase hex, 32 bytes. */
  readonly playerSeed: string;
  readonly state: string;
  readonly placedAt: Date;
  readonly revealSignature: string | null;
}

/** An open lost-seed recovery. */
export interface Recovery {
  readonly id: number;
  readonly reason: string;
  readonly houseWasPaused: boolean;
  readonly pauseSignature: string | null;
  readonly resetChainId: number | null;
  readonly resetSignature: string | null;
  readonly startedAt: Date;
}

/** Everything `GET /api/fairness/{bet}` shows about one bet. */
export interface BetFairness {
  readonly bet: FairnessBetJson;
  readonly seed: FairnessSeedJson | null;
  /** As sent: every field this server adds to the SDK's shape (optional there for older answers) is set. */
  readonly reveal: Required<FairnessRevealJson> | null;
  /** The HMAC message (lowercase hex, 72 bytes) once the reveal made the slot hash known. */
  readonly message: string | null;
}

interface ChainRow {
  id: number;
  head: string;
  length: number;
  next_index: number;
  status: PublishedChain['status'];
  start_sequence: bigint | string | number | null;
  commit_signature: string | null;
  published_at: Date;
  activated_at: Date | null;
  exhausted_at: Date | null;
}

const CHAIN_COLUMNS =
  'id, head, length, next_index, status, start_sequence, commit_signature, published_at, activated_at, exhausted_at';

const toBigint = (value: bigint | string | number): bigint => BigInt(value);

function toChain(row: ChainRow): PublishedChain {
  return {
    id: row.id,
    head: row.head,
    length: row.length,
    startSequence: row.start_sequence === null ? null : Number(row.start_sequence),
    commitSignature: row.commit_signature,
    nextIndex: row.next_index,
    status: row.status,
    publishedAt: row.published_at,
    activatedAt: row.activated_at,
    exhaustedAt: row.exhausted_at,
  };
}

function toSettlerChain(row: ChainRow): SettlerChain {
  return {
    id: row.id,
    head: row.head,
    length: row.length,
    startSequence: row.start_sequence === null ? null : toBigint(row.start_sequence),
    status: row.status,
    commitSignature: row.commit_signature,
  };
}

/**
 * Seeds of chains already expanded from their secret, by head (hex, index 0 = head). Keyed by head, not
 * id: ids repeat across databases (test schemas) in one process, heads do not.
 */
const seedCache = new Map<string, readonly string[]>();
const SEED_CACHE_MAX = 8;

/** Options of {@link FairnessRepository}. */
export interface FairnessRepositoryOptions {
  /**
   * The secret of the `ordinal`-th chain (1 for the first chain ever made, and so on), instead of a fresh
   * random one: local tests only (`FAIRNESS_SECRET_HEX`), so a test can know every seed in advance.
   */
  readonly secretFor?: (ordinal: number) => Uint8Array;
}

interface RevealBetRow {
  id: number;
  signature: string;
  bet_address: string;
  user_address: string;
  referral: string | null;
  odds: number;
  sequence: bigint | string | number;
  slot: bigint | string | number;
  player_seed: string;
  state: string;
  placed_at: Date;
  reveal_signature: string | null;
}

const REVEAL_BET_COLUMNS =
  'id, signature, bet_address, user_address, referral, odds, sequence, slot, player_seed, state, placed_at, reveal_signature';

function toRevealBet(row: RevealBetRow): RevealBet {
  return {
    id: row.id,
    signature: row.signature,
    betAddress: row.bet_address,
    user: row.user_address,
    referral: row.referral,
    odds: row.odds,
    sequence: toBigint(row.sequence),
    slot: toBigint(row.slot),
    playerSeed: row.player_seed,
    state: row.state,
    placedAt: row.placed_at,
    revealSignature: row.reveal_signature,
  };
}

interface RecoveryRow {
  id: number;
  reason: string;
  house_was_paused: boolean;
  pause_signature: string | null;
  reset_chain_id: number | null;
  reset_signature: string | null;
  started_at: Date;
}

function toRecovery(row: RecoveryRow): Recovery {
  return {
    id: row.id,
    reason: row.reason,
    houseWasPaused: row.house_was_paused,
    pauseSignature: row.pause_signature,
    resetChainId: row.reset_chain_id,
    resetSignature: row.reset_signature,
    startedAt: row.started_at,
  };
}

/** The settler's tables. */
export class FairnessRepository {
  readonly #db: Database;
  readonly #secretFor: ((ordinal: number) => Uint8Array) | undefined;

  constructor(db: Database, options: FairnessRepositoryOptions = {}) {
    this.#db = db;
    this.#secretFor = options.secretFor;
  }

  /** Every chain, newest first, as published. */
  async listChains(): Promise<PublishedChain[]> {
    const rows = await this.#db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM fairness_chains ORDER BY id DESC`,
    );
    return rows.map(toChain);
  }

  /**
   * The on-chain scheme's chains the House may be using: the current and next ones as last recorded, and a
   * chain written but not committed yet.
   */
  async settlerChains(): Promise<SettlerChain[]> {
    const rows = await this.#db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM fairness_chains
        WHERE on_chain AND status IN ('current', 'next') ORDER BY id`,
    );
    return rows.map(toSettlerChain);
  }

  /** One chain by id, if it exists. */
  async chain(id: number): Promise<SettlerChain | null> {
    const [row] = await this.#db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM fairness_chains WHERE id = $1`,
      [id],
    );
    return row === undefined ? null : toSettlerChain(row);
  }

  /**
   * Every seed of a chain (index 0 = head), lowercase hex, expanded from its secret once and cached.
   *
   * @throws Error when the secret does not hash to the head (a damaged row must never be revealed from).
   */
  async seeds(chain: Pick<KnownChain, 'id' | 'head'>): Promise<readonly string[]> {
    const cached = seedCache.get(chain.head);
    if (cached !== undefined) return cached;
    const [row] = await this.#db.query<{ secret: string; length: number; head: string }>(
      'SELECT secret, length, head FROM fairness_chains WHERE id = $1',
      [chain.id],
    );
    if (row === undefined) throw new Error(`no chain ${String(chain.id)}`);
    const seeds = hashChain(fromHex(row.secret), row.length).map(toHex);
    if (seeds[0] !== row.head) throw new Error(`chain ${String(chain.id)}: secret does not hash to its head`);
    if (seedCache.size >= SEED_CACHE_MAX) seedCache.clear();
    seedCache.set(row.head, seeds);
    return seeds;
  }

  /**
   * Writes a new chain (a fresh secret, or the configured one for its ordinal) with `status`, not yet seen
   * on chain. The settler writes it BEFORE sending `commit_seed_chain` or `reset_seed_chain`, so a crash in
   * between finds this row again instead of committing a second chain.
   */
  async createChain(length: number, status: 'next' | 'current', now: Date): Promise<SettlerChain> {
    return this.#db.transaction(async (tx) => {
      await tx.query('LOCK TABLE fairness_chains IN SHARE ROW EXCLUSIVE MODE');
      // Only one row may hold a status: an older one that did not follow the House is retired.
      await tx.query(
        `UPDATE fairness_chains SET status = 'exhausted', exhausted_at = COALESCE(exhausted_at, $2)
          WHERE status = $1`,
        [status, now],
      );
      const secret = await this.#newSecret(tx);
      const head = hashChain(secret, length)[0];
      if (head === undefined) throw new Error('empty hash chain');
      const [row] = await tx.query<ChainRow>(
        `INSERT INTO fairness_chains (head, secret, length, status, published_at, on_chain)
         VALUES ($1, $2, $3, $4, $5, true) RETURNING ${CHAIN_COLUMNS}`,
        [toHex(head), toHex(secret), length, status, now],
      );
      if (row === undefined) throw new Error('chain insert returned nothing');
      return toSettlerChain(row);
    });
  }

  /**
   * Makes the chains' statuses, starts and next indices follow the House: the matched current and next
   * chains take those statuses, every other chain that was in use is exhausted (used up, or abandoned by a
   * reset), and a chain written but not committed yet stays next while the House has none of ours.
   */
  async applyHouse(house: HouseSeeds, match: HouseMatch, now: Date): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.query('LOCK TABLE fairness_chains IN SHARE ROW EXCLUSIVE MODE');
      const keep = [match.current?.id ?? 0, match.next?.id ?? 0];
      await tx.query(
        `UPDATE fairness_chains SET status = 'exhausted', exhausted_at = COALESCE(exhausted_at, $2)
          WHERE on_chain AND status IN ('current', 'next') AND id <> ALL($1::int[])
            AND NOT (status = 'next' AND start_sequence IS NULL AND $3::bool)`,
        [keep, now, match.next === null],
      );
      for (const [chain, status] of [
        [match.current, 'current'],
        [match.next, 'next'],
      ] as const) {
        if (chain === null) continue;
        const used = house.betSequence - chain.start;
        const taken = used < 0n ? 0n : used > BigInt(chain.length) ? BigInt(chain.length) : used;
        await tx.query(
          `UPDATE fairness_chains SET status = $2, start_sequence = COALESCE(start_sequence, $3::int8),
             next_index = $4, committed_at = COALESCE(committed_at, $5),
             activated_at = CASE WHEN $2 = 'current' THEN COALESCE(activated_at, $5) ELSE activated_at END
           WHERE id = $1`,
          [chain.id, status, chain.start, Number(taken) + 1, now],
        );
      }
    });
  }

  /**
   * Records the transaction that committed a chain found by its head (the indexer, in its transaction `tx`);
   * the settler may have done it already.
   */
  async recordCommitByHead(tx: Queryable, head: string, signature: string, at: Date): Promise<void> {
    await tx.query(
      `UPDATE fairness_chains SET commit_signature = COALESCE(commit_signature, $2),
         committed_at = COALESCE(committed_at, $3)
       WHERE head = $1`,
      [head, signature, at],
    );
  }

  /** Records the transaction that committed (or reset to) a chain; the indexer may have done it already. */
  async recordCommit(chainId: number, signature: string, now: Date): Promise<void> {
    await this.#db.query(
      `UPDATE fairness_chains SET commit_signature = COALESCE(commit_signature, $2),
         committed_at = COALESCE(committed_at, $3) WHERE id = $1`,
      [chainId, signature, now],
    );
  }

  /**
   * The bets made with `create_bet` whose sequence is in [`from`, `to`), by sequence (the newest row of a
   * sequence, should a House re-created on a fresh chain have repeated one).
   */
  async revealBets(from: bigint, to: bigint): Promise<Map<bigint, RevealBet>> {
    if (to <= from) return new Map();
    const rows = await this.#db.query<RevealBetRow>(
      `SELECT DISTINCT ON (sequence) ${REVEAL_BET_COLUMNS} FROM bets
        WHERE sequence >= $1::int8 AND sequence < $2::int8 AND player_seed IS NOT NULL
        ORDER BY sequence, id DESC`,
      [from, to],
    );
    return new Map(rows.map((row) => [toBigint(row.sequence), toRevealBet(row)]));
  }

  /**
   * Bets in [`from`, `to`) revealed on chain (the House is past them) whose reveal is not recorded: a run
   * that died between sending a reveal and recording it, with the indexer not there yet.
   */
  async unrecordedReveals(from: bigint, to: bigint, limit: number): Promise<RevealBet[]> {
    if (to <= from) return [];
    const rows = await this.#db.query<RevealBetRow>(
      `SELECT ${REVEAL_BET_COLUMNS} FROM bets
        WHERE sequence >= $1::int8 AND sequence < $2::int8 AND player_seed IS NOT NULL
          AND reveal_signature IS NULL
        ORDER BY sequence LIMIT $3`,
      [from, to, limit],
    );
    return rows.map(toRevealBet);
  }

  /**
   * Records a keeper's `refund_bet` of an open bet (a no-op once the indexer has; on a bet whose reveal was
   * recorded first, only the refund's signature).
   */
  async markRefunded(betId: number, signature: string): Promise<void> {
    await new WagerBetRepository(this.#db).recordRefundOf(betId, signature);
  }

  /** The recovery in progress, if any. */
  async openRecovery(): Promise<Recovery | null> {
    const [row] = await this.#db.query<RecoveryRow>(
      'SELECT * FROM fairness_recoveries WHERE finished_at IS NULL',
    );
    return row === undefined ? null : toRecovery(row);
  }

  /** Starts a recovery (or returns the one in progress: at most one is open). */
  async startRecovery(reason: string, houseWasPaused: boolean, now: Date): Promise<Recovery> {
    await this.#db.query(
      `INSERT INTO fairness_recoveries (reason, house_was_paused, started_at) VALUES ($1, $2, $3)
       ON CONFLICT ((true)) WHERE finished_at IS NULL DO NOTHING`,
      [reason, houseWasPaused, now],
    );
    const open = await this.openRecovery();
    if (open === null) throw new Error('no open recovery after starting one');
    return open;
  }

  /** Records a step of the open recovery `id`. */
  async updateRecovery(
    id: number,
    step: { pauseSignature?: string; resetChainId?: number; resetSignature?: string },
  ): Promise<void> {
    await this.#db.query(
      `UPDATE fairness_recoveries SET pause_signature = COALESCE($2, pause_signature),
         reset_chain_id = COALESCE($3, reset_chain_id), reset_signature = COALESCE($4, reset_signature)
       WHERE id = $1`,
      [id, step.pauseSignature ?? null, step.resetChainId ?? null, step.resetSignature ?? null],
    );
  }

  /** Closes the recovery `id`. */
  async finishRecovery(id: number, unpauseSignature: string | null, now: Date): Promise<void> {
    await this.#db.query(
      'UPDATE fairness_recoveries SET unpause_signature = $2, finished_at = $3 WHERE id = $1',
      [id, unpauseSignature, now],
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
      slot: bigint | string | number;
      tx_index: number;
      sequence: bigint | string | number | null;
      player_seed: string | null;
      reveal_signature: string | null;
      reveal_seed: string | null;
      slot_hash: string | null;
      reveal_outcome: RevealOutcome | null;
      after_refund: boolean;
      late_win: bigint | string | number;
    }>(
      `SELECT id, signature, bet_address, user_address, odds, state, result, random_value, settle_signature,
              refund_signature, slot, tx_index, sequence, player_seed, reveal_signature, reveal_seed,
              slot_hash, reveal_outcome, after_refund,
              GREATEST(listing_price - bet_amount - fee, 0) AS late_win
         FROM bets
        WHERE signature = $1 AND ($2::text IS NULL OR bet_address = $2)
        ORDER BY id LIMIT 1`,
      [signature, betAddress],
    );
    if (row === undefined) return null;
    const sequence = row.sequence === null ? null : toBigint(row.sequence);
    const offChain = row.player_seed === null;
    const settled = row.reveal_outcome === 'settled';
    // A roll exists once a reveal (or, for an off-chain bet, settle_bet_offchain) rolled the bet.
    const rolled = settled || (offChain && row.state !== 'Open' && row.state !== 'Refunded');
    const bet: FairnessBetJson = {
      id: row.id,
      signature: row.signature,
      betAddress: row.bet_address,
      user: row.user_address,
      odds: row.odds,
      state: row.state,
      result: row.result,
      randomValue: rolled ? row.random_value : null,
      settleSignature: row.settle_signature,
      refundSignature: row.refund_signature,
      slot: Number(row.slot),
      txIndex: row.tx_index,
      sequence: sequence === null ? null : Number(sequence),
      playerSeed: row.player_seed,
      offChain,
    };
    if (offChain) return { bet, seed: await this.#legacySeed(row.id), reveal: null, message: null };
    const reveal: Required<FairnessRevealJson> | null =
      row.reveal_signature === null || row.reveal_outcome === null
        ? null
        : {
            signature: row.reveal_signature,
            outcome: settled ? 'settled' : 'refunded',
            reason: row.reveal_outcome === 'settled' ? null : row.reveal_outcome,
            roll: settled ? row.random_value : null,
            slotHash: settled ? row.slot_hash : null,
            afterRefund: settled && row.after_refund,
            lateWinAmount: settled && row.after_refund && row.result === 'Win' ? String(row.late_win) : null,
          };
    const message =
      sequence === null || row.player_seed === null || row.slot_hash === null
        ? null
        : bytesToHex(
            rollMessage({
              sequence,
              playerSeed: hexToBytes(row.player_seed),
              slotHash: hexToBytes(row.slot_hash),
            }),
          );
    const seed = sequence === null ? null : await this.#seedOf(sequence, row.reveal_seed);
    return { bet, seed, reveal, message };
  }

  /** The place of sequence `sequence` in the chain that covers it, with its seed once revealed on chain. */
  async #seedOf(sequence: bigint, revealed: string | null): Promise<FairnessSeedJson | null> {
    const [chain] = await this.#db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM fairness_chains
        WHERE on_chain AND start_sequence <= $1::int8 AND start_sequence + length > $1::int8
        ORDER BY id DESC LIMIT 1`,
      [sequence],
    );
    if (chain === undefined || chain.start_sequence === null) return null;
    const seedIndex = Number(sequence - toBigint(chain.start_sequence)) + 1;
    let previousSeed: string | null = null;
    if (revealed !== null) {
      if (seedIndex === 1) {
        previousSeed = chain.head;
      } else {
        // The seed revealed before it, as the chain recorded it; else the chain's own (revealed on chain too,
        // since reveals go in order).
        const [before] = await this.#db.query<{ reveal_seed: string }>(
          `SELECT reveal_seed FROM bets WHERE sequence = $1::int8 AND reveal_seed IS NOT NULL
            ORDER BY id DESC LIMIT 1`,
          [sequence - 1n],
        );
        previousSeed = before?.reveal_seed ?? (await this.seeds(chain))[seedIndex - 1] ?? null;
      }
    }
    return {
      chainId: chain.id,
      chainHead: chain.head,
      seedIndex,
      seed: revealed,
      previousSeed,
      revealed: revealed !== null,
    };
  }

  /**
   * The seed an off-chain bet took under the spec's scheme (`bet_seeds`), shown once the bet and every bet
   * before it in its chain are closed: hashing a seed gives every earlier one.
   */
  async #legacySeed(betId: number): Promise<FairnessSeedJson | null> {
    const [row] = await this.#db.query<{
      chain_id: number;
      head: string;
      seed_index: number;
      seed: string;
      revealable: boolean;
    }>(
      `SELECT s.chain_id, c.head, s.seed_index, s.seed,
              (b.state <> 'Open' AND NOT EXISTS (
                 SELECT 1 FROM bet_seeds e JOIN bets eb ON eb.id = e.bet_id
                  WHERE e.chain_id = s.chain_id AND e.seed_index < s.seed_index AND eb.state = 'Open'
              )) AS revealable
         FROM bet_seeds s JOIN fairness_chains c ON c.id = s.chain_id JOIN bets b ON b.id = s.bet_id
        WHERE s.bet_id = $1`,
      [betId],
    );
    if (row === undefined) return null;
    let previousSeed: string | null = null;
    if (row.revealable) {
      previousSeed =
        row.seed_index === 1
          ? row.head
          : ((await this.seeds({ id: row.chain_id, head: row.head }))[row.seed_index - 1] ?? null);
    }
    return {
      chainId: row.chain_id,
      chainHead: row.head,
      seedIndex: row.seed_index,
      seed: row.revealable ? row.seed : null,
      previousSeed,
      revealed: row.revealable,
    };
  }

  /** A fresh random secret, or the configured one for the next chain's ordinal (callers hold the lock). */
  async #newSecret(q: Queryable): Promise<Uint8Array> {
    if (this.#secretFor === undefined) return randomSecret();
    const [row] = await q.query<{ count: number | string }>('SELECT count(*) AS count FROM fairness_chains');
    return this.#secretFor(Number(row?.count ?? 0) + 1);
  }
}
