/**
 * Writes one transaction's actions into the chain record tables, inside the indexer's database
 * transaction: bets (their reveals included), predictions and market bets, markets, Foresight rounds, bets
 * and placements, Juice accruals, referral attributions, vaults and claims, and the seed chains' commit
 * transactions, each through its table's repository ({@link ApplyDeps}). Returns what to announce once the
 * transaction commits.
 *
 * @module
 */

import type { BetAccount } from '@arcade/sdk/wager/accounts';
import { bytesToHex } from '@arcade/sdk/wager/fairness';
import type { EventAccount } from '@arcade/sdk/foresight/accounts';

import type { Queryable } from '../../db/database.ts';
import { FEED_HISTORY_LENGTH, marketBetWon } from '../../events/feed-items.ts';
import type { ForesightRepository, StoredRoundResult } from '../../repositories/foresight-repository.ts';
import type { JuiceRepository } from '../../repositories/juice-repository.ts';
import type { MarketChainRepository } from '../../repositories/market-chain-repository.ts';
import type { ReferralRepository } from '../../repositories/referral-repository.ts';
import { ReferralVaultRepository } from '../../repositories/referral-vault-repository.ts';
import {
  WagerBetRepository,
  type BetRow,
  type RevealOutcome,
} from '../../repositories/wager-bet-repository.ts';
import type { FairnessRepository } from '../settler/fairness-repository.ts';
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
  readonly bets: WagerBetRepository;
  readonly vaults: ReferralVaultRepository;
  readonly foresight: ForesightRepository;
  readonly markets: MarketChainRepository;
  /** The seed chains' commit transactions. */
  readonly fairness: Pick<FairnessRepository, 'recordCommitByHead'>;
}

/** A `reveal_bet` action. */
export type RevealAction = Extract<IndexAction, { kind: 'reveal_bet' }>;

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
  repositories: Pick<ApplyDeps, 'bets' | 'vaults'> = {
    bets: new WagerBetRepository(tx),
    vaults: new ReferralVaultRepository(tx),
  },
): Promise<BetRow | null> {
  const { reveal } = action;
  const outcome = revealOutcome(reveal);
  const row = await repositories.bets.recordReveal(tx, {
    bet: action.bet,
    sequence: reveal?.sequence ?? null,
    signature: ctx.signature,
    seed: action.seed,
    outcome,
    slotHash: reveal?.kind === 'settled' ? bytesToHex(reveal.slotHash) : null,
    result: action.result,
    roll: reveal?.kind === 'settled' ? reveal.roll : null,
    referralFee: action.referralFee,
    settledAt: action.timestamp === null ? new Date(ctx.timeMs) : new Date(action.timestamp * 1000),
    afterRefund: reveal?.kind === 'settled' && reveal.afterRefund,
    userPaid: action.userPaid,
  });
  if (row === null) return null;
  if (action.referralVault !== null && action.vaultLamports !== null && row.referral !== null) {
    if (action.referralFee > 0n) {
      await repositories.vaults.recordBalance(tx, {
        referrer: row.referral,
        vault: action.referralVault,
        lamports: action.vaultLamports,
        signature: ctx.signature,
      });
    }
  }
  return outcome === 'settled' ? row : null;
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
  const vault = (balance: { referrer: string; vault: string; lamports: bigint }): Promise<void> =>
    deps.vaults.recordBalance(tx, { ...balance, signature: ctx.signature });

  for (const action of actions) {
    switch (action.kind) {
      case 'init_bet': {
        referralsSeen.set(action.bet, action.referral);
        await deps.bets.recordAccount(tx, {
          bet: action.bet,
          user: action.user,
          referral: action.referral,
          signature: ctx.signature,
        });
        if (action.referral !== null) {
          await deps.referrals.attribute(tx, { user: action.user, referrer: action.referral });
        }
        break;
      }
      case 'create_bet': {
        const referral = await betReferral(tx, deps, action.bet, referralsSeen, prefetched);
        const sequence =
          action.playerSeed === null ? null : betSequence(prefetched.bets.get(action.bet), ctx.slot);
        const row = await deps.bets.insert(tx, {
          signature: ctx.signature,
          slot: ctx.slot,
          txIndex: ctx.wagerIndex,
          bet: action.bet,
          user: action.user,
          betType: action.betType,
          mint: action.mint,
          odds: action.odds,
          betAmount: action.betAmount,
          fee: action.fee,
          listingPrice: action.listingPrice,
          referral,
          placedAt: time,
          sequence,
          playerSeed: action.playerSeed,
        });
        await accrue(tx, deps, effects, action.user, action.source, action.betAmount);
        if (row !== null) effects.feed.push(betFeedItem(row));
        break;
      }
      case 'settle_bet': {
        const row = await deps.bets.settle(tx, {
          bet: action.bet,
          result: action.result,
          randomValue: action.randomValue,
          signature: ctx.signature,
          settledAt: action.timestamp === null ? time : new Date(action.timestamp * 1000),
          referralFee: action.referralFee,
        });
        if (row !== null) {
          effects.feed.push(betFeedItem(row));
          if (action.referralFee > 0n && action.referralVault !== null && row.referral !== null) {
            await vault({
              referrer: row.referral,
              vault: action.referralVault,
              lamports: action.vaultLamports ?? 0n,
            });
          }
        }
        break;
      }
      case 'reveal_bet': {
        const row = await applyReveal(tx, ctx, action, deps);
        if (row !== null) effects.feed.push(betFeedItem(row));
        break;
      }
      case 'seed_chain':
        // The fairness record: which transaction committed a chain the settler made (found by its head).
        await deps.fairness.recordCommitByHead(tx, action.head, ctx.signature, time);
        break;
      case 'referral_vault':
        await vault({ referrer: action.referrer, vault: action.vault, lamports: action.lamports });
        break;
      case 'claim_referral':
        await deps.vaults.recordClaim(tx, {
          source: action.source,
          signature: ctx.signature,
          referrer: action.referrer,
          amount: action.amount,
          claimedAt: action.timestamp === null ? time : new Date(action.timestamp * 1000),
        });
        await vault({ referrer: action.referrer, vault: action.vault, lamports: action.lamports });
        break;
      case 'claim_bet':
        await deps.bets.recordClaim(tx, action.bet, ctx.signature);
        break;
      case 'refund_bet':
        await deps.bets.recordRefund(tx, action.bet, ctx.signature);
        break;
      case 'prediction': {
        const side = action.side ?? (await deps.markets.predictionSide(action.prediction, tx));
        if (side === null) break;
        await deps.markets.recordPrediction(tx, {
          prediction: action.prediction,
          market: action.market,
          user: action.user,
          side,
          total: action.total,
          added: action.added,
        });
        const id = await deps.markets.recordBet(tx, {
          signature: ctx.signature,
          slot: ctx.slot,
          txIndex: ctx.wagerIndex,
          market: action.market,
          prediction: action.prediction,
          user: action.user,
          side,
          amount: action.added,
          placedAt: time,
        });
        // create_prediction and update_prediction emit no MarketUpdate: the pools move here.
        if (await deps.markets.addToPool(tx, action.market, side, action.added, action.created)) {
          effects.marketsChanged = true;
        }
        await accrue(tx, deps, effects, action.user, action.source, action.added);
        if (id !== null) {
          effects.feed.push({
            kind: 'marketbet',
            id,
            signature: ctx.signature,
            market: action.market,
            result: side === 'Yes' ? 'yes' : 'no',
            amount: action.added,
            userId: action.user,
            timestamp: ctx.timeMs,
            won: null,
          });
        }
        break;
      }
      case 'settle_prediction':
        await deps.markets.recordPredictionSettled(tx, action.prediction, action.payout, ctx.signature);
        break;
      case 'resolve_market':
        // What the market's referrer's vault was actually credited (the referral stats sum it).
        await deps.markets.recordReferrerFee(tx, action.market, action.referrerFee);
        if (
          action.referrerFee > 0n &&
          action.referrer !== null &&
          action.referralVault !== null &&
          action.vaultLamports !== null
        ) {
          await vault({
            referrer: action.referrer,
            vault: action.referralVault,
            lamports: action.vaultLamports,
          });
        }
        break;
      case 'market_update': {
        const { state } = action;
        const result = state.result === null ? null : (['Yes', 'No', 'Invalid'] as const)[state.result];
        // The chain's is_settled means "resolved"; the row's means "every prediction paid", which the market
        // settler waits for (it cranks markets that are resolved and not yet settled here).
        const updated = await deps.markets.recordState(tx, action.market, {
          yesCount: state.yesCount,
          noCount: state.noCount,
          yesPool: state.yesPool,
          noPool: state.noPool,
          everyPredictionPaid: state.isSettled && state.settledCount >= state.yesCount + state.noCount,
          settledCount: state.settledCount,
          result: result ?? null,
        });
        if (updated !== null) effects.marketsChanged = true;
        // The market's result reaches the feed's rows of its predictions when it is resolved: the first
        // update with a result (the market settler may have recorded an expiry's result already, so also
        // the resolving transaction's own update, before any prediction is paid).
        if (updated !== null && result !== null && (updated.previous === null || state.settledCount === 0)) {
          effects.feed.push(...(await marketBetResults(tx, deps, action.market)));
        }
        break;
      }
      case 'place_bet': {
        if (await ensureRound(tx, deps, action.event, prefetched)) roundsCreatedNow.add(action.event);
        // The user's round record, the placement and (as place_bet emits no UpdateEvent) the round's pools
        // and counts move together; not the round's when its row was just made from the account, which
        // already holds this bet.
        const placementId = await deps.foresight.recordPlacement(tx, {
          bet: action.bet,
          config: action.config,
          event: action.event,
          user: action.user,
          prediction: action.prediction,
          amount: action.amount,
          signature: ctx.signature,
          instructionIndex: instructionIndex(action.source),
          slot: ctx.slot,
          txIndex: ctx.foresightIndex,
          placedAt: time,
          countInRound: !roundsCreatedNow.has(action.event),
        });
        await accrue(tx, deps, effects, action.user, action.source, action.amount);
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
        const decided = await deps.foresight.recordPayout(tx, {
          bet: action.bet,
          event: action.event,
          won: action.won,
          winAmount: action.winAmount,
          signature: ctx.signature,
        });
        // Its result reached the feed when the round settled, unless this is the first the index hears of it.
        if (decided.length > 0) effects.feed.push(...(await placementResults(tx, deps, decided)));
        break;
      }
      case 'round_update': {
        await upsertRound(tx, deps, action, prefetched.rounds.get(action.round) ?? null);
        if (action.result !== 'None' && action.result !== 'Invalid') {
          // Losing bets are never paid, so no UpdateBet says they lost: the round's result does. In an
          // Invalid round every bet is refunded: neither won nor lost, so won stays NULL.
          const decided = await deps.foresight.decideRound(tx, action.round, action.result);
          // Every bet of the round has its result now: the feed's rows of its placements turn Won or Lost.
          if (decided.length > 0) effects.feed.push(...(await placementResults(tx, deps, decided)));
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
async function placementResults(
  tx: Queryable,
  deps: ApplyDeps,
  bets: readonly string[],
): Promise<PendingFeedItem[]> {
  const rows = await deps.foresight.placementResults(bets, FEED_HISTORY_LENGTH, tx);
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
async function marketBetResults(tx: Queryable, deps: ApplyDeps, market: string): Promise<PendingFeedItem[]> {
  const rows = await deps.markets.betResults(market, FEED_HISTORY_LENGTH, tx);
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
  deps: ApplyDeps,
  bet: string,
  seen: ReadonlyMap<string, string | null>,
  prefetched: Prefetched,
): Promise<string | null> {
  if (seen.has(bet)) return seen.get(bet) ?? null;
  const stored = await deps.bets.accountReferral(bet, tx);
  if (stored !== undefined) return stored;
  // The record predates what was indexed: its referral never changes, so today's account tells.
  return prefetched.bets.get(bet)?.referral ?? null;
}

const RESULT_NAMES: readonly StoredRoundResult[] = ['None', 'Up', 'Down', 'Invalid'];

/** Inserts the round from its fetched account when the table lacks it; whether it did. */
async function ensureRound(
  tx: Queryable,
  deps: ApplyDeps,
  round: string,
  prefetched: Prefetched,
): Promise<boolean> {
  const account = prefetched.rounds.get(round);
  if (account === undefined || account === null) return false;
  return deps.foresight.insertRoundIfMissing(tx, round, {
    config: account.config,
    roundId: account.id,
    startTime: account.startTime,
    lockTime: account.lockTime,
    settleTime: account.settleTime,
    lockPrice: account.lockPrice,
    finalPrice: account.finalPrice,
    upCount: account.upCount,
    downCount: account.downCount,
    upPool: account.upPool,
    downPool: account.downPool,
    isSettled: account.isSettled,
    result: RESULT_NAMES[account.result] as StoredRoundResult,
    settledCount: account.settledCount,
  });
}

async function upsertRound(
  tx: Queryable,
  deps: ApplyDeps,
  action: Extract<IndexAction, { kind: 'round_update' }>,
  account: EventAccount | null,
): Promise<void> {
  // Pools, result and settle time as of this transaction come from the event; the times set when the
  // round went live and the prices come from the account (they never change once set). A round not live
  // yet (no bet counted) starts with no counts.
  const fresh = action.totalCount === 0;
  await deps.foresight.recordRoundUpdate(
    tx,
    {
      round: action.round,
      settleTime: action.settleTime,
      upPool: action.upPool,
      downPool: action.downPool,
      result: action.result,
      lockSignature: action.lockSignature,
      settleSignature: action.settleSignature,
    },
    account === null
      ? null
      : {
          config: account.config,
          roundId: action.id,
          startTime: account.startTime,
          lockTime: account.lockTime,
          lockPrice: account.lockPrice,
          finalPrice: account.finalPrice,
          upCount: fresh ? 0 : account.upCount,
          downCount: fresh ? 0 : account.downCount,
        },
  );
}
