/**
 * Writes one transaction's actions into the chain record tables, inside the indexer's database
 * transaction: bets (their reveals included), predictions and market bets, markets, Foresight rounds, bets
 * and placements, Juice accruals, referral attributions, vaults and claims, and the seed chains' commit
 * transactions. Returns what to announce once the transaction commits.
 *
 * @module
 */

import type { BetAccount } from '@arcade/sdk/wager/accounts';
import { bytesToHex } from '@arcade/sdk/wager/fairness';
import type { EventAccount } from '@arcade/sdk/foresight/accounts';

import type { Queryable } from '../../db/database.ts';
import { FEED_HISTORY_LENGTH, marketBetWon } from '../../events/feed-items.ts';
import type { JuiceRepository } from '../../repositories/juice-repository.ts';
import type { ReferralRepository } from '../../repositories/referral-repository.ts';
import type { IndexAction } from './decode-transaction.ts';

/**
 * A feed item to publish after commit, before usernames are filled in: when placed, and again (same kind
 * and id) when its result is known.
 */
export type PendingFeedItem =
  | {
      readonly kind: 'bet';
      readonly id: number;
      readonly signature: string;
      readonly amount: bigint;
      readonly odds: number;
      readonly type: 'sol' | 'token' | 'nft';
      readonly mint: string;
      readonly listingPrice: bigint;
      readonly userId: string;
      readonly timestamp: number;
      readonly result: 'Win' | 'Loss' | null;
    }
  | {
      readonly kind: 'prediction';
      readonly id: number;
      readonly signature: string;
      readonly prediction: 'up' | 'down';
      readonly amount: bigint;
      readonly config: string;
      readonly event: string;
      readonly userId: string;
      readonly timestamp: number;
      /** Null until the round settles Up or Down (and for an Invalid round's refund). */
      readonly won: boolean | null;
    }
  | {
      readonly kind: 'marketbet';
      readonly id: number;
      readonly signature: string;
      readonly market: string;
      readonly result: 'yes' | 'no';
      readonly amount: bigint;
      readonly userId: string;
      readonly timestamp: number;
      /** Null until the market resolves Yes or No (and for an Invalid market's refund). */
      readonly won: boolean | null;
    };

/** What a transaction's effects call for after commit. */
export interface Effects {
  readonly feed: PendingFeedItem[];
  /** Wallets whose Juice grew. */
  readonly juice: Set<string>;
  marketsChanged: boolean;
}

/** Chain state read before the database transaction (never inside it: RPC calls hold no locks). */
export interface Prefetched {
  /** Round accounts by address (null: the account is gone). */
  readonly rounds: ReadonlyMap<string, EventAccount | null>;
  /**
   * Bet records by address, as fetched while indexing: for a bet whose record's creation the indexer never
   * saw (its referral), and for every bet made with `create_bet` (its sequence, see {@link betSequence}).
   */
  readonly bets: ReadonlyMap<string, BetAccount | null>;
}

/**
 * The sequence of the bet `create_bet` opened in slot `slot`, from its record as fetched while indexing;
 * null when the record has moved on.
 *
 * NewBet carries no sequence, and neither the House's `bet_sequence` before the transaction nor the record
 * as it was then can be read afterwards: an RPC serves accounts as they are now. The record as it is now
 * still describes this bet exactly when its `slot` is this transaction's slot, since a record takes a new
 * bet only after its last one is revealed, and a reveal needs the bet's slot to have ended (its hash is part
 * of the roll): no record holds two bets of one slot. When the record has moved on (indexing long after the
 * fact), the bet was revealed since, and the reveal's log line (`Reveal sequence=<n>`) fills the sequence
 * in when it is indexed ({@link applyReveal}). The settler, which needs the sequence of unrevealed bets only,
 * always finds it.
 */
export function betSequence(account: BetAccount | null | undefined, slot: number): bigint | null {
  if (account === null || account === undefined || account.offChain) return null;
  return account.slot === BigInt(slot) ? account.sequence : null;
}

/** Where the transaction sits and what it is. */
export interface TransactionContext {
  readonly signature: string;
  readonly slot: number;
  /** Position among Wager's transactions in the slot (bets and market bets). */
  readonly wagerIndex: number;
  /** Position among Foresight's transactions in the slot (placements). */
  readonly foresightIndex: number;
  /** When the transaction was confirmed, unix milliseconds (block time, else the caller's now). */
  readonly timeMs: number;
}

/** The repositories the indexer writes through. */
export interface ApplyDeps {
  readonly juice: JuiceRepository;
  readonly referrals: ReferralRepository;
}

/** A `bets` row as the indexer reads it back. */
export interface BetRow {
  id: number;
  signature: string;
  bet_type: 'sol' | 'token' | 'nft';
  mint: string;
  odds: number;
  bet_amount: bigint;
  listing_price: bigint;
  user_address: string;
  placed_at: Date;
  result: string;
  referral: string | null;
}

const BET_COLUMNS =
  'signature, bet_type, mint, odds, bet_amount, listing_price, user_address, placed_at, result, referral';
const BET_RETURNING = `RETURNING id, ${BET_COLUMNS}`;

/** A `reveal_bet` action. */
export type RevealAction = Extract<IndexAction, { kind: 'reveal_bet' }>;

/** What a reveal did, as `bets.reveal_outcome` stores it (see migration 0011). */
export type RevealOutcome = 'settled' | 'expired' | 'earlier';

/** The stored outcome of a reveal's log line; null when the line was lost. */
export function revealOutcome(reveal: RevealAction['reveal']): RevealOutcome | null {
  if (reveal === null) return null;
  return reveal.kind === 'settled' ? 'settled' : reveal.reason;
}

/**
 * Records a `reveal_bet` on its bet's row: the seed, the slot hash, the outcome, and for a rolled bet its
 * roll, result and what its referral's vault was credited. The indexer and the settler both call it with
 * the same transaction's action, in either order: the first writes the bet's new state, the second changes
 * nothing (a reveal recorded already keeps the state it gave, and what came after it, such as a claim).
 *
 * What each outcome does (`docs/wager.md`, `reveal_bet`):
 * - `settled` on time: an open bet becomes Settled with its result (a win is claimed later);
 * - `settled` after its refund (`afterRefund`): the bet was refunded earlier (stake and fee back) and is
 *   rolled with the slot hash its refund captured. A win is paid the rest of its prize (prize − stake −
 *   fee) at once, so it becomes Claimed, with the reveal as its claim; a wallet that could not take it
 *   (the reveal paid its owner less than that) leaves it Settled, a win `claim_bet` pays later. A loss
 *   stays Refunded. The refund itself may be indexed later than the reveal (the settler records the reveal
 *   first): its `refund_bet` then only adds its signature.
 * - `expired`: an open bet whose slot had left SlotHashes: this reveal refunded it (its refund signature).
 * - `earlier`: refunded before without a captured hash: only the chain moved on.
 *
 * The row is the bet record's bet with the revealed sequence, or (when the indexer could not read the
 * sequence at creation) its newest bet made with `create_bet` not revealed yet, whose sequence this fills in.
 *
 * @returns the row when the bet was rolled by this reveal (the indexer announces it), else null.
 */
export async function applyReveal(
  tx: Queryable,
  ctx: Pick<TransactionContext, 'signature' | 'timeMs'>,
  action: RevealAction,
): Promise<BetRow | null> {
  const { reveal } = action;
  const outcome = revealOutcome(reveal);
  const afterRefund = reveal?.kind === 'settled' && reveal.afterRefund;
  const settledAt = action.timestamp === null ? new Date(ctx.timeMs) : new Date(action.timestamp * 1000);
  // `won`: the result BetSettled gave, else the roll's; `late_paid`: the reveal paid the owner at least what
  // a win rolled after its refund is owed (nothing is owed when the rest of the prize is 0). Whether this
  // is the first record of the reveal is read from the row as updated (`reveal_signature` still NULL), so of
  // two concurrent records only the first changes the state.
  const rows = await tx.query<BetRow>(
    `WITH target AS (
       SELECT id, COALESCE($7::text, CASE WHEN $8::int < odds THEN 'Win' ELSE 'Loss' END) AS won,
              GREATEST(listing_price - bet_amount - fee, 0) <= $12::numeric AS late_paid
         FROM bets
        WHERE bet_address = $1 AND player_seed IS NOT NULL
          AND (sequence = $2::int8 OR sequence IS NULL OR $2::int8 IS NULL)
          AND (reveal_signature IS NULL OR reveal_signature = $3)
        ORDER BY (reveal_signature = $3) DESC NULLS LAST, (sequence = $2::int8) DESC NULLS LAST, id DESC
        LIMIT 1
     )
     UPDATE bets SET
       sequence = COALESCE(sequence, $2::int8),
       reveal_signature = $3, reveal_seed = $4, reveal_outcome = $5,
       slot_hash = COALESCE($6::text, slot_hash),
       after_refund = after_refund OR ($5 = 'settled' AND $11::bool),
       state = CASE
         WHEN reveal_signature IS NOT NULL THEN state
         WHEN $5 = 'settled' AND $11::bool THEN
           CASE WHEN t.won = 'Loss' THEN 'Refunded' WHEN t.late_paid THEN 'Claimed' ELSE 'Settled' END
         WHEN state <> 'Open' THEN state
         WHEN $5 = 'settled' THEN 'Settled'
         WHEN $5 IN ('expired', 'earlier') THEN 'Refunded'
         ELSE state END,
       result = CASE WHEN reveal_signature IS NULL AND $5 = 'settled' AND ($11::bool OR state = 'Open')
                     THEN t.won ELSE result END,
       claim_signature = CASE WHEN reveal_signature IS NULL AND $5 = 'settled' AND $11::bool
                                   AND t.won = 'Win' AND t.late_paid
                              THEN $3 ELSE claim_signature END,
       random_value = CASE WHEN $5 = 'settled' THEN $8::smallint ELSE random_value END,
       settle_signature = CASE WHEN $5 = 'settled' THEN $3 ELSE settle_signature END,
       refund_signature = CASE WHEN reveal_signature IS NULL AND $5 = 'expired' THEN $3
                               ELSE refund_signature END,
       referral_fee = CASE WHEN $5 = 'settled' THEN $9::numeric ELSE referral_fee END,
       settled_at = CASE WHEN $5 IN ('settled', 'expired') THEN COALESCE(settled_at, $10) ELSE settled_at END
     FROM target t
     WHERE bets.id = t.id
     RETURNING bets.id, ${BET_COLUMNS}`,
    [
      action.bet,
      reveal?.sequence ?? null,
      ctx.signature,
      action.seed,
      outcome,
      reveal?.kind === 'settled' ? bytesToHex(reveal.slotHash) : null,
      action.result,
      reveal?.kind === 'settled' ? reveal.roll : null,
      action.referralFee,
      settledAt,
      afterRefund,
      action.userPaid,
    ],
  );
  const row = rows[0];
  if (row === undefined) return null;
  if (action.referralVault !== null && action.vaultLamports !== null && row.referral !== null) {
    if (action.referralFee > 0n) {
      await recordVault(tx, {
        referrer: row.referral,
        vault: action.referralVault,
        lamports: action.vaultLamports,
        signature: ctx.signature,
      });
    }
  }
  return outcome === 'settled' ? row : null;
}

/**
 * Records a `refund_bet` (by anyone) on the record's newest bet it can have refunded: an open one, or one
 * whose reveal was recorded first (the settler records its reveals at once) and says it had been refunded
 * (`earlier`, or rolled after its refund): that reveal set its state already, the refund adds its
 * signature. Never twice.
 */
export async function recordRefund(tx: Queryable, bet: string, signature: string): Promise<void> {
  await tx.query(
    `UPDATE bets SET state = CASE WHEN state = 'Open' THEN 'Refunded' ELSE state END, refund_signature = $2
     WHERE id = (SELECT id FROM bets
                  WHERE bet_address = $1 AND refund_signature IS NULL
                    AND (state = 'Open' OR reveal_outcome = 'earlier' OR after_refund)
                  ORDER BY id DESC LIMIT 1)`,
    [bet, signature],
  );
}

/** Upserts a referral vault's lamports as of `signature` (transactions are applied in chain order). */
async function recordVault(
  tx: Queryable,
  vault: { referrer: string; vault: string; lamports: bigint; signature: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO referral_vaults (referrer, vault, lamports, last_signature) VALUES ($1, $2, $3, $4)
     ON CONFLICT (referrer) DO UPDATE SET lamports = EXCLUDED.lamports,
       last_signature = EXCLUDED.last_signature, updated_at = now()`,
    [vault.referrer, vault.vault, vault.lamports, vault.signature],
  );
}

/** A bet's row as a feed item (its result once revealed). */
export function betFeedItem(row: BetRow): PendingFeedItem {
  return {
    kind: 'bet',
    id: row.id,
    signature: row.signature,
    amount: row.bet_amount,
    odds: row.odds,
    type: row.bet_type,
    mint: row.mint,
    listingPrice: row.listing_price,
    userId: row.user_address,
    timestamp: row.placed_at.getTime(),
    result: row.result === 'Win' || row.result === 'Loss' ? row.result : null,
  };
}

/**
 * Applies `actions` of the transaction `ctx` in `tx`, in order.
 *
 * @returns what to publish and invalidate after commit.
 */
export async function applyActions(
  tx: Queryable,
  deps: ApplyDeps,
  ctx: TransactionContext,
  actions: readonly IndexAction[],
  prefetched: Prefetched,
): Promise<Effects> {
  const effects: Effects = { feed: [], juice: new Set(), marketsChanged: false };
  const time = new Date(ctx.timeMs);
  const referralsSeen = new Map<string, string | null>();
  const roundsCreatedNow = new Set<string>();

  for (const action of actions) {
    switch (action.kind) {
      case 'init_bet': {
        referralsSeen.set(action.bet, action.referral);
        await tx.query(
          `INSERT INTO indexed_bet_accounts (bet_address, user_address, referral, init_signature)
           VALUES ($1, $2, $3, $4) ON CONFLICT (bet_address) DO NOTHING`,
          [action.bet, action.user, action.referral, ctx.signature],
        );
        if (action.referral !== null) {
          await deps.referrals.attribute(tx, { user: action.user, referrer: action.referral });
        }
        break;
      }
      case 'create_bet': {
        const referral = await betReferral(tx, action.bet, referralsSeen, prefetched);
        const sequence =
          action.playerSeed === null ? null : betSequence(prefetched.bets.get(action.bet), ctx.slot);
        const rows = await tx.query<BetRow>(
          `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds,
             bet_amount, fee, listing_price, referral, placed_at, sequence, player_seed)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT (signature, bet_address) DO NOTHING ${BET_RETURNING}`,
          [
            ctx.signature,
            ctx.slot,
            ctx.wagerIndex,
            action.bet,
            action.user,
            action.betType,
            action.mint,
            action.odds,
            action.betAmount,
            action.fee,
            action.listingPrice,
            referral,
            time,
            sequence,
            action.playerSeed,
          ],
        );
        await accrue(tx, deps, effects, action.user, action.source, action.betAmount);
        if (rows[0] !== undefined) effects.feed.push(betFeedItem(rows[0]));
        break;
      }
      case 'settle_bet': {
        const settledAt = action.timestamp === null ? time : new Date(action.timestamp * 1000);
        const rows = await tx.query<BetRow>(
          `UPDATE bets SET state = 'Settled',
             result = COALESCE($2::text, CASE WHEN $3::int < odds THEN 'Win' ELSE 'Loss' END),
             random_value = $3, settle_signature = $4, settled_at = $5, referral_fee = $6
           WHERE id = (SELECT id FROM bets WHERE bet_address = $1 AND state = 'Open' ORDER BY id DESC LIMIT 1)
           ${BET_RETURNING}`,
          [action.bet, action.result, action.randomValue, ctx.signature, settledAt, action.referralFee],
        );
        const row = rows[0];
        if (row !== undefined) {
          effects.feed.push(betFeedItem(row));
          if (action.referralFee > 0n && action.referralVault !== null && row.referral !== null) {
            await recordVault(tx, {
              referrer: row.referral,
              vault: action.referralVault,
              lamports: action.vaultLamports ?? 0n,
              signature: ctx.signature,
            });
          }
        }
        break;
      }
      case 'reveal_bet': {
        const row = await applyReveal(tx, ctx, action);
        if (row !== null) effects.feed.push(betFeedItem(row));
        break;
      }
      case 'seed_chain':
        // The fairness record: which transaction committed a chain the settler made (found by its head).
        await tx.query(
          `UPDATE fairness_chains SET commit_signature = COALESCE(commit_signature, $2),
             committed_at = COALESCE(committed_at, $3)
           WHERE head = $1`,
          [action.head, ctx.signature, time],
        );
        break;
      case 'referral_vault':
        await recordVault(tx, {
          referrer: action.referrer,
          vault: action.vault,
          lamports: action.lamports,
          signature: ctx.signature,
        });
        break;
      case 'claim_referral':
        await tx.query(
          `INSERT INTO referral_claims (source, signature, referrer, amount, claimed_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (source) DO NOTHING`,
          [
            action.source,
            ctx.signature,
            action.referrer,
            action.amount,
            action.timestamp === null ? time : new Date(action.timestamp * 1000),
          ],
        );
        await recordVault(tx, {
          referrer: action.referrer,
          vault: action.vault,
          lamports: action.lamports,
          signature: ctx.signature,
        });
        break;
      case 'claim_bet':
        await tx.query(
          `UPDATE bets SET state = 'Claimed', claim_signature = $2
           WHERE id = (SELECT id FROM bets WHERE bet_address = $1 AND state = 'Settled' AND result = 'Win'
                       ORDER BY id DESC LIMIT 1)`,
          [action.bet, ctx.signature],
        );
        break;
      case 'refund_bet':
        await recordRefund(tx, action.bet, ctx.signature);
        break;
      case 'prediction': {
        const side = action.side ?? (await storedSide(tx, action.prediction));
        if (side === null) break;
        await tx.query(
          `INSERT INTO predictions (address, market, user_address, result, amount)
           VALUES ($1, $2, $3, $4, COALESCE($5::numeric, $6::numeric))
           ON CONFLICT (address) DO UPDATE
             SET amount = COALESCE($5::numeric, predictions.amount + $6::numeric), updated_at = now()`,
          [action.prediction, action.market, action.user, side, action.total, action.added],
        );
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO market_bets (signature, slot, tx_index, market, prediction, user_address, result, amount, placed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (signature, prediction) DO NOTHING RETURNING id`,
          [
            ctx.signature,
            ctx.slot,
            ctx.wagerIndex,
            action.market,
            action.prediction,
            action.user,
            side,
            action.added,
            time,
          ],
        );
        // create_prediction and update_prediction emit no MarketUpdate: the pools move here.
        const yes = side === 'Yes';
        const counted = action.created ? 1 : 0;
        const updated = await tx.query(
          `UPDATE markets SET yes_pool = yes_pool + $2, no_pool = no_pool + $3,
             yes_count = yes_count + $4, no_count = no_count + $5, updated_at = now()
           WHERE address = $1 RETURNING address`,
          [
            action.market,
            yes ? action.added : 0n,
            yes ? 0n : action.added,
            yes ? counted : 0,
            yes ? 0 : counted,
          ],
        );
        if (updated.length > 0) effects.marketsChanged = true;
        await accrue(tx, deps, effects, action.user, action.source, action.added);
        if (rows[0] !== undefined) {
          effects.feed.push({
            kind: 'marketbet',
            id: rows[0].id,
            signature: ctx.signature,
            market: action.market,
            result: yes ? 'yes' : 'no',
            amount: action.added,
            userId: action.user,
            timestamp: ctx.timeMs,
            won: null,
          });
        }
        break;
      }
      case 'settle_prediction':
        await tx.query(
          `UPDATE predictions SET is_claimed = true, payout = $2, settle_signature = $3, updated_at = now()
           WHERE address = $1`,
          [action.prediction, action.payout, ctx.signature],
        );
        break;
      case 'resolve_market':
        // What the market's referrer's vault was actually credited (the referral stats sum it).
        await tx.query('UPDATE markets SET referrer_fee = $2, updated_at = now() WHERE address = $1', [
          action.market,
          action.referrerFee,
        ]);
        if (
          action.referrerFee > 0n &&
          action.referrer !== null &&
          action.referralVault !== null &&
          action.vaultLamports !== null
        ) {
          await recordVault(tx, {
            referrer: action.referrer,
            vault: action.referralVault,
            lamports: action.vaultLamports,
            signature: ctx.signature,
          });
        }
        break;
      case 'market_update': {
        const { state } = action;
        const result = state.result === null ? null : (['Yes', 'No', 'Invalid'] as const)[state.result];
        // The chain's is_settled means "resolved"; the row's means "every prediction paid", which the market
        // settler waits for (it cranks markets that are resolved and not yet settled here).
        const everyPredictionPaid = state.isSettled && state.settledCount >= state.yesCount + state.noCount;
        const updated = await tx.query<{ address: string; previous: string | null }>(
          `WITH before AS (SELECT result FROM markets WHERE address = $1)
           UPDATE markets SET yes_count = $2, no_count = $3, yes_pool = $4, no_pool = $5, is_settled = $6,
             settled_count = $7, result = $8, updated_at = now()
           WHERE address = $1 RETURNING address, (SELECT result FROM before) AS previous`,
          [
            action.market,
            state.yesCount,
            state.noCount,
            state.yesPool,
            state.noPool,
            everyPredictionPaid,
            state.settledCount,
            result ?? null,
          ],
        );
        if (updated.length > 0) effects.marketsChanged = true;
        // The market's result reaches the feed's rows of its predictions when it is resolved: the first
        // update with a result (the market settler may have recorded an expiry's result already, so also
        // the resolving transaction's own update, before any prediction is paid).
        const row = updated[0];
        if (row !== undefined && result !== null && (row.previous === null || state.settledCount === 0)) {
          effects.feed.push(...(await marketBetResults(tx, action.market)));
        }
        break;
      }
      case 'place_bet': {
        if (await ensureRound(tx, action.event, prefetched)) roundsCreatedNow.add(action.event);
        // The user's round record, the placement and (as place_bet emits no UpdateEvent) the round's pools
        // and counts move together; not the round's when its row was just made from the account, which
        // already holds this bet.
        const up = action.prediction === 'Up';
        const placement = await tx.query<{ id: number | null }>(
          `WITH bet AS (
             INSERT INTO foresight_bets (address, config, event, user_address, prediction, amount, first_signature,
               last_signature, placed_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
             ON CONFLICT (address) DO UPDATE SET amount = foresight_bets.amount + EXCLUDED.amount,
               last_signature = EXCLUDED.last_signature, updated_at = now()
             RETURNING (xmax = 0) AS inserted
           ), placement AS (
             INSERT INTO foresight_placements (signature, instruction_index, slot, tx_index, bet, config, event,
               user_address, prediction, amount, placed_at)
             VALUES ($7, $9, $10, $11, $1, $2, $3, $4, $5, $6, $8)
             ON CONFLICT (signature, instruction_index) DO NOTHING RETURNING id
           ), counted AS (
             SELECT COALESCE((SELECT inserted FROM bet), false) AS first
           ), round AS (
             UPDATE foresight_rounds SET up_pool = up_pool + $12, down_pool = down_pool + $13,
               up_count = up_count + CASE WHEN $14::bool AND counted.first THEN 1 ELSE 0 END,
               down_count = down_count + CASE WHEN NOT $14::bool AND counted.first THEN 1 ELSE 0 END,
               updated_at = now()
             FROM counted
             WHERE address = $3 AND $15::bool
           )
           SELECT (SELECT id FROM placement) AS id`,
          [
            action.bet,
            action.config,
            action.event,
            action.user,
            action.prediction,
            action.amount,
            ctx.signature,
            time,
            instructionIndex(action.source),
            ctx.slot,
            ctx.foresightIndex,
            up ? action.amount : 0n,
            up ? 0n : action.amount,
            up,
            !roundsCreatedNow.has(action.event),
          ],
        );
        await accrue(tx, deps, effects, action.user, action.source, action.amount);
        const placementId = placement[0]?.id ?? null;
        if (placementId !== null) {
          effects.feed.push({
            kind: 'prediction',
            id: placementId,
            signature: ctx.signature,
            prediction: action.prediction === 'Up' ? 'up' : 'down',
            amount: action.amount,
            config: action.config,
            event: action.event,
            userId: action.user,
            timestamp: ctx.timeMs,
            won: null,
          });
        }
        break;
      }
      case 'bet_paid': {
        // A withdrawal from an Invalid round is a refund: neither won nor lost (won stays NULL).
        const paid = await tx.query<{ address: string; decided: boolean }>(
          `WITH before AS (SELECT won FROM foresight_bets WHERE address = $1)
           UPDATE foresight_bets SET is_settled = true, win_amount = win_amount + $3,
             won = CASE WHEN (SELECT result FROM foresight_rounds WHERE address = $5) = 'Invalid' THEN NULL ELSE $2::boolean END,
             last_signature = $4, updated_at = now()
           WHERE address = $1
           RETURNING address, (won IS NOT NULL AND (SELECT won FROM before) IS DISTINCT FROM won) AS decided`,
          [action.bet, action.won, action.winAmount, ctx.signature, action.event],
        );
        // Its result reached the feed when the round settled, unless this is the first the index hears of it.
        const decided = paid.filter((row) => row.decided).map((row) => row.address);
        if (decided.length > 0) effects.feed.push(...(await placementResults(tx, decided)));
        await tx.query(
          'UPDATE foresight_rounds SET settled_count = settled_count + 1, updated_at = now() WHERE address = $1',
          [action.event],
        );
        break;
      }
      case 'round_update': {
        await upsertRound(tx, action, prefetched.rounds.get(action.round) ?? null);
        if (action.result !== 'None' && action.result !== 'Invalid') {
          // Losing bets are never paid, so no UpdateBet says they lost: the round's result does. In an
          // Invalid round every bet is refunded: neither won nor lost, so won stays NULL.
          const decided = await tx.query<{ address: string }>(
            `UPDATE foresight_bets SET won = (prediction = $2), updated_at = now()
             WHERE event = $1 AND won IS NULL RETURNING address`,
            [action.round, action.result],
          );
          // Every bet of the round has its result now: the feed's rows of its placements turn Won or Lost.
          if (decided.length > 0) {
            effects.feed.push(
              ...(await placementResults(
                tx,
                decided.map((row) => row.address),
              )),
            );
          }
        }
        break;
      }
    }
  }
  return effects;
}

/**
 * The feed items of the Foresight placements of `bets` with their bets' results, among the newest
 * {@link FEED_HISTORY_LENGTH} placements (older ones are in no client's feed).
 */
async function placementResults(tx: Queryable, bets: readonly string[]): Promise<PendingFeedItem[]> {
  const rows = await tx.query<{
    id: number;
    signature: string;
    prediction: 'Up' | 'Down';
    amount: bigint;
    config: string;
    event: string;
    user_address: string;
    placed_at: Date;
    won: boolean | null;
  }>(
    `SELECT p.id, p.signature, p.prediction, p.amount, p.config, p.event, p.user_address, p.placed_at, fb.won
     FROM (SELECT * FROM foresight_placements ORDER BY id DESC LIMIT $2) p
     JOIN foresight_bets fb ON fb.address = p.bet
     WHERE p.bet = ANY($1::text[])
     ORDER BY p.id`,
    [bets, FEED_HISTORY_LENGTH],
  );
  return rows.map((row) => ({
    kind: 'prediction',
    id: row.id,
    signature: row.signature,
    prediction: row.prediction === 'Up' ? 'up' : 'down',
    amount: row.amount,
    config: row.config,
    event: row.event,
    userId: row.user_address,
    timestamp: row.placed_at.getTime(),
    won: row.won,
  }));
}

/**
 * The feed items of `market`'s predictions with whether they won (null for an Invalid market's refund),
 * among the newest {@link FEED_HISTORY_LENGTH} market bets (older ones are in no client's feed).
 */
async function marketBetResults(tx: Queryable, market: string): Promise<PendingFeedItem[]> {
  const rows = await tx.query<{
    id: number;
    signature: string;
    side: 'Yes' | 'No';
    amount: bigint;
    user_address: string;
    placed_at: Date;
    market_result: 'Yes' | 'No' | 'Invalid' | null;
  }>(
    `SELECT m.id, m.signature, m.result AS side, m.amount, m.user_address, m.placed_at,
       mk.result AS market_result
     FROM (SELECT * FROM market_bets ORDER BY id DESC LIMIT $2) m
     JOIN markets mk ON mk.address = m.market
     WHERE m.market = $1
     ORDER BY m.id`,
    [market, FEED_HISTORY_LENGTH],
  );
  return rows.map((row) => ({
    kind: 'marketbet',
    id: row.id,
    signature: row.signature,
    market,
    result: row.side === 'Yes' ? 'yes' : 'no',
    amount: row.amount,
    userId: row.user_address,
    timestamp: row.placed_at.getTime(),
    won: marketBetWon(row.side, row.market_result),
  }));
}

async function accrue(
  tx: Queryable,
  deps: ApplyDeps,
  effects: Effects,
  address: string,
  source: string,
  wageredLamports: bigint,
): Promise<void> {
  const credited = await deps.juice.accrue(tx, { address, source, wageredLamports });
  if (credited > 0n) effects.juice.add(address);
}

function instructionIndex(source: string): number {
  // `<signature>:<top>` or `<signature>:<top>.<inner>`: one number that keeps them apart.
  const position = source.slice(source.lastIndexOf(':') + 1);
  const [top, inner] = position.split('.');
  return Number(top) * 1_000 + (inner === undefined ? 0 : Number(inner) + 1);
}

async function betReferral(
  tx: Queryable,
  bet: string,
  seen: ReadonlyMap<string, string | null>,
  prefetched: Prefetched,
): Promise<string | null> {
  if (seen.has(bet)) return seen.get(bet) ?? null;
  const rows = await tx.query<{ referral: string | null }>(
    'SELECT referral FROM indexed_bet_accounts WHERE bet_address = $1',
    [bet],
  );
  if (rows[0] !== undefined) return rows[0].referral;
  // The record predates what was indexed: its referral never changes, so today's account tells.
  return prefetched.bets.get(bet)?.referral ?? null;
}

async function storedSide(tx: Queryable, prediction: string): Promise<'Yes' | 'No' | null> {
  const rows = await tx.query<{ result: 'Yes' | 'No' }>('SELECT result FROM predictions WHERE address = $1', [
    prediction,
  ]);
  return rows[0]?.result ?? null;
}

const RESULT_NAMES = ['None', 'Up', 'Down', 'Invalid'] as const;

/** Inserts the round from its fetched account when the table lacks it; whether it did. */
async function ensureRound(tx: Queryable, round: string, prefetched: Prefetched): Promise<boolean> {
  const account = prefetched.rounds.get(round);
  if (account === undefined || account === null) return false;
  const rows = await tx.query(
    `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, lock_price,
       final_price, up_count, down_count, up_pool, down_pool, is_settled, result, settled_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (address) DO NOTHING RETURNING address`,
    [
      round,
      account.config,
      account.id,
      account.startTime,
      account.lockTime,
      account.settleTime,
      account.lockPrice,
      account.finalPrice,
      account.upCount,
      account.downCount,
      account.upPool,
      account.downPool,
      account.isSettled,
      RESULT_NAMES[account.result],
      account.settledCount,
    ],
  );
  return rows.length > 0;
}

async function upsertRound(
  tx: Queryable,
  action: Extract<IndexAction, { kind: 'round_update' }>,
  account: EventAccount | null,
): Promise<void> {
  const isSettled = action.result !== 'None';
  if (account !== null) {
    // Pools, result and settle time as of this transaction come from the event; the times set when the
    // round went live and the prices come from the account (they never change once set).
    const fresh = action.totalCount === 0;
    await tx.query(
      `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, lock_price,
         final_price, up_count, down_count, up_pool, down_pool, is_settled, result, settled_count,
         lock_signature, settle_signature)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, $15, $16)
       ON CONFLICT (address) DO UPDATE SET start_time = EXCLUDED.start_time, lock_time = EXCLUDED.lock_time,
         settle_time = EXCLUDED.settle_time,
         lock_price = COALESCE(EXCLUDED.lock_price, foresight_rounds.lock_price),
         final_price = COALESCE(EXCLUDED.final_price, foresight_rounds.final_price),
         up_pool = EXCLUDED.up_pool, down_pool = EXCLUDED.down_pool, is_settled = EXCLUDED.is_settled,
         result = EXCLUDED.result,
         lock_signature = COALESCE(foresight_rounds.lock_signature, EXCLUDED.lock_signature),
         settle_signature = COALESCE(foresight_rounds.settle_signature, EXCLUDED.settle_signature),
         updated_at = now()`,
      [
        action.round,
        account.config,
        action.id,
        account.startTime,
        account.lockTime,
        action.settleTime,
        account.lockPrice,
        account.finalPrice,
        fresh ? 0 : account.upCount,
        fresh ? 0 : account.downCount,
        action.upPool,
        action.downPool,
        isSettled,
        action.result,
        action.lockSignature,
        action.settleSignature,
      ],
    );
    return;
  }
  await tx.query(
    `UPDATE foresight_rounds SET settle_time = $2, up_pool = $3, down_pool = $4, is_settled = $5, result = $6,
       lock_signature = COALESCE(lock_signature, $7), settle_signature = COALESCE(settle_signature, $8),
       updated_at = now()
     WHERE address = $1`,
    [
      action.round,
      action.settleTime,
      action.upPool,
      action.downPool,
      isSettled,
      action.result,
      action.lockSignature,
      action.settleSignature,
    ],
  );
}
