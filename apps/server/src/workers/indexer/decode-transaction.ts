/**
 * Turns one confirmed transaction (as `getTransaction` returns it with `encoding: 'json'`) into the
 * indexer's actions: what each Wager and Foresight instruction in it did, from the instruction's data and
 * accounts, the events the programs logged, and the lamport balances before and after.
 *
 * Pure: no RPC and no database, so every mapping is tested on its own.
 *
 * Events are matched to instructions by order. A successful transaction ran every instruction exactly
 * once, in order (top-level instruction, then the CPIs it made), and each instruction emits a fixed set of
 * events, so the k-th `create_bet_offchain` emitted the k-th NewBet, and so on. Round updates are matched by
 * the round's address instead, since a tick emits a varying number of them.
 *
 * @module
 */

import { betFee, betStake, marketFee, referralShare } from '@arcade/sdk/wager/bet-math';
import { BetResult, BetType, MarketResult, type MarketAccount } from '@arcade/sdk/wager/accounts';
import { parseWagerEvents, type WagerEvent } from '@arcade/sdk/wager/events';
import {
  getCreateBetOffchainInstructionDataCodec,
  getCreatePredictionInstructionDataCodec,
  getInitBetOffchainInstructionDataCodec,
  getSettleBetOffchainInstructionDataCodec,
  getUpdatePredictionInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { parseForesightEvents, type ForesightEvent } from '@arcade/sdk/foresight/events';
import {
  getPlaceBetInstructionDataCodec,
  identifyForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { getBase58Encoder, type Address } from '@solana/kit';

/** The fields of a `getTransaction(…, { encoding: 'json' })` result the indexer reads. */
export interface JsonTransaction {
  readonly blockTime: bigint | number | null;
  readonly meta: {
    readonly err: unknown;
    /** Lamports the fee payer (the first account) paid for the transaction. */
    readonly fee?: bigint | number;
    readonly logMessages: readonly string[] | null;
    readonly preBalances: readonly (bigint | number)[];
    readonly postBalances: readonly (bigint | number)[];
    readonly innerInstructions?:
      | readonly {
          readonly index: number;
          readonly instructions: readonly JsonInstruction[];
        }[]
      | null;
    readonly loadedAddresses?: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
  } | null;
  readonly transaction: {
    readonly message: {
      readonly accountKeys: readonly string[];
      readonly instructions: readonly JsonInstruction[];
    };
  };
}

/** A compiled instruction in json encoding. */
export interface JsonInstruction {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  /** Base58. */
  readonly data: string;
}

/** Where an action came from: `<signature>:<top-level index>` or `…:<top>.<inner>` for a CPI. */
type Source = string;

/** One thing a transaction did that the indexer records. */
export type IndexAction =
  | {
      readonly kind: 'init_bet';
      readonly source: Source;
      readonly user: string;
      readonly bet: string;
      readonly referral: string | null;
    }
  | {
      readonly kind: 'create_bet';
      readonly source: Source;
      readonly user: string;
      readonly bet: string;
      readonly mint: string;
      readonly odds: number;
      readonly listingPrice: bigint;
      readonly betType: 'sol' | 'token' | 'nft';
      readonly betAmount: bigint;
      readonly fee: bigint;
      /** Unix seconds, from NewBet; null when the event was not found. */
      readonly timestamp: number | null;
    }
  | {
      readonly kind: 'settle_bet';
      readonly source: Source;
      readonly bet: string;
      readonly randomValue: number;
      /** From BetSettled; null when the event was not found (then derived from the odds). */
      readonly result: 'Win' | 'Loss' | null;
      /** The referral account passed, if any. */
      readonly referral: string | null;
      /** Lamports the referral account actually gained in this transaction. */
      readonly referralFee: bigint;
      readonly timestamp: number | null;
    }
  | { readonly kind: 'claim_bet'; readonly source: Source; readonly bet: string }
  | { readonly kind: 'refund_bet'; readonly source: Source; readonly bet: string }
  | {
      readonly kind: 'prediction';
      readonly source: Source;
      readonly created: boolean;
      readonly user: string;
      readonly market: string;
      readonly prediction: string;
      /** The side; null for an update whose event was not found (then read from the stored prediction). */
      readonly side: 'Yes' | 'No' | null;
      readonly added: bigint;
      /** The prediction's amount after the change, from PredictionUpdate; null when not found. */
      readonly total: bigint | null;
      readonly timestamp: number | null;
    }
  | {
      readonly kind: 'settle_prediction';
      readonly source: Source;
      readonly prediction: string;
      readonly market: string;
      readonly user: string;
      /** Lamports the pool paid out. */
      readonly payout: bigint;
    }
  | { readonly kind: 'market_update'; readonly market: string; readonly state: MarketAccount }
  | {
      readonly kind: 'resolve_market';
      readonly source: Source;
      readonly market: string;
      /** The referrer account passed, if any. */
      readonly referrer: string | null;
      /**
       * Lamports the referrer actually gained from this resolution: 0 without a referrer, or when the
       * program could not credit it (the share then stayed with the house).
       */
      readonly referrerFee: bigint;
    }
  | {
      readonly kind: 'place_bet';
      readonly source: Source;
      readonly user: string;
      readonly config: string;
      readonly event: string;
      readonly bet: string;
      readonly prediction: 'Up' | 'Down';
      readonly amount: bigint;
      readonly timestamp: number | null;
    }
  | {
      readonly kind: 'bet_paid';
      readonly source: Source;
      readonly event: string;
      readonly bet: string;
      /** settle_bet: true; withdraw_bet (an invalid round's refund): false. */
      readonly won: boolean;
      readonly winAmount: bigint;
    }
  | {
      readonly kind: 'round_update';
      readonly round: string;
      readonly id: number;
      readonly settleTime: bigint;
      readonly totalCount: number;
      readonly upPool: bigint;
      readonly downPool: bigint;
      readonly result: 'None' | 'Up' | 'Down' | 'Invalid';
      /** Set when this transaction locked the round (the tick's live round). */
      readonly lockSignature: string | null;
      /** Set when this transaction settled the round (the tick's locked round). */
      readonly settleSignature: string | null;
    };

/** What {@link decodeTransaction} found. */
export interface DecodedTransaction {
  readonly failed: boolean;
  readonly actions: readonly IndexAction[];
  /** Events of both programs in the logs. */
  readonly eventCount: number;
  /** Unix seconds, or null. */
  readonly blockTime: number | null;
}

const PREDICTION_LABEL: Record<number, 'None' | 'Up' | 'Down' | 'Invalid'> = {
  [Prediction.None]: 'None',
  [Prediction.Up]: 'Up',
  [Prediction.Down]: 'Down',
  [Prediction.Invalid]: 'Invalid',
};
const BET_TYPE_LABEL: Record<number, 'sol' | 'token' | 'nft'> = {
  [BetType.Sol]: 'sol',
  [BetType.Token]: 'token',
  [BetType.Nft]: 'nft',
};

interface FlatInstruction {
  readonly source: Source;
  readonly program: string;
  readonly accounts: readonly string[];
  readonly data: Uint8Array;
}

/** First-in-first-out queues of one kind of event. */
class Queue<T> {
  readonly #items: T[];
  constructor(items: T[]) {
    this.#items = items;
  }
  take(): T | undefined {
    return this.#items.shift();
  }
  /** The first item matching, removed. */
  takeWhere(match: (item: T) => boolean): T | undefined {
    const index = this.#items.findIndex(match);
    return index < 0 ? undefined : this.#items.splice(index, 1)[0];
  }
  rest(): T[] {
    return this.#items.splice(0);
  }
}

const toNumber = (value: bigint | number): number => Number(value);
const toBigint = (value: bigint | number): bigint => BigInt(value);

/**
 * The actions of one transaction of either program.
 *
 * Bad data never throws out of here: an instruction whose data does not decode is skipped (the programs
 * would have refused it, so a successful transaction cannot hold one).
 */
export function decodeTransaction(signature: string, tx: JsonTransaction): DecodedTransaction {
  const blockTime = tx.blockTime === null ? null : toNumber(tx.blockTime);
  const meta = tx.meta;
  if (meta === null || meta.err !== null) {
    return { failed: true, actions: [], eventCount: 0, blockTime };
  }
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  // What the programs moved in or out of an account: the fee payer's transaction fee is not part of it.
  const delta = (account: string): bigint => {
    const index = keys.indexOf(account);
    if (index < 0) return 0n;
    const pre = meta.preBalances[index];
    const post = meta.postBalances[index];
    if (pre === undefined || post === undefined) return 0n;
    const fee = index === 0 ? toBigint(meta.fee ?? 0) : 0n;
    return toBigint(post) - toBigint(pre) + fee;
  };
  const logs = meta.logMessages ?? [];
  const wagerEvents = parseWagerEvents(logs);
  const foresightEvents = parseForesightEvents(logs);
  const flat = flatten(signature, tx, keys);

  const newBets = new Queue(pick(wagerEvents, 'NewBet'));
  const settled = new Queue(pick(wagerEvents, 'BetSettled'));
  const predictionUpdates = new Queue(pick(wagerEvents, 'PredictionUpdate'));
  const marketUpdates = new Queue(pick(wagerEvents, 'MarketUpdate'));
  const betUpdates = new Queue(pick(foresightEvents, 'UpdateBet'));
  const roundUpdates = new Queue(pick(foresightEvents, 'UpdateEvent'));

  const credits = new Credits(delta);
  const actions: IndexAction[] = [];
  for (const ix of flat) {
    try {
      if (ix.program === WAGER_PROGRAM_ADDRESS) {
        decodeWager(ix, { newBets, settled, predictionUpdates, marketUpdates }, delta, credits, actions);
      } else {
        decodeForesight(ix, signature, { betUpdates, roundUpdates }, actions);
      }
    } catch {
      // Data that does not decode: not an instruction the program ran successfully.
    }
  }
  // Events no instruction claimed (e.g. through a CPI wrapper we did not recognise) still carry state.
  for (const update of marketUpdates.rest()) {
    actions.push({ kind: 'market_update', market: update.key, state: update.market });
  }
  for (const update of roundUpdates.rest()) actions.push(roundAction(update, null, null));
  return { failed: false, actions, eventCount: wagerEvents.length + foresightEvents.length, blockTime };
}

function pick<TEvent extends { readonly name: string; readonly data: unknown }, TName extends TEvent['name']>(
  events: readonly TEvent[],
  name: TName,
): Extract<TEvent, { name: TName }>['data'][] {
  return events
    .filter((event): event is Extract<TEvent, { name: TName }> => event.name === name)
    .map((event) => event.data);
}

function flatten(signature: string, tx: JsonTransaction, keys: readonly string[]): FlatInstruction[] {
  const encoder = getBase58Encoder();
  const programs = new Set<string>([WAGER_PROGRAM_ADDRESS, FORESIGHT_PROGRAM_ADDRESS]);
  const inner = new Map((tx.meta?.innerInstructions ?? []).map((entry) => [entry.index, entry.instructions]));
  const out: FlatInstruction[] = [];
  const add = (ix: JsonInstruction, source: string): void => {
    const program = keys[ix.programIdIndex];
    if (program === undefined || !programs.has(program)) return;
    out.push({
      source,
      program,
      accounts: ix.accounts.map((index) => keys[index] ?? ''),
      data: Uint8Array.from(encoder.encode(ix.data)),
    });
  };
  tx.transaction.message.instructions.forEach((ix, index) => {
    add(ix, `${signature}:${index}`);
    (inner.get(index) ?? []).forEach((cpi, innerIndex) => {
      add(cpi, `${signature}:${index}.${innerIndex}`);
    });
  });
  return out;
}

type Data<TName extends WagerEvent['name']> = Extract<WagerEvent, { name: TName }>['data'];
type FsData<TName extends ForesightEvent['name']> = Extract<ForesightEvent, { name: TName }>['data'];

interface WagerQueues {
  readonly newBets: Queue<Data<'NewBet'>>;
  readonly settled: Queue<Data<'BetSettled'>>;
  readonly predictionUpdates: Queue<Data<'PredictionUpdate'>>;
  readonly marketUpdates: Queue<Data<'MarketUpdate'>>;
}

/**
 * What market referrers gained in the transaction, handed out in order to the resolutions that paid them: a
 * gain counted for one is not counted again for another (two markets resolved in one transaction for the
 * same referrer share its gain instead of each counting all of it).
 */
class Credits {
  readonly #delta: (account: string) => bigint;
  readonly #left = new Map<string, bigint>();
  constructor(delta: (account: string) => bigint) {
    this.#delta = delta;
  }
  /** Up to `most` (no limit when null) of what `account` gained and no instruction took yet; 0 for a loss. */
  take(account: string, most: bigint | null): bigint {
    const left = this.#left.get(account) ?? this.#delta(account);
    const available = left > 0n ? left : 0n;
    const taken = most === null || most > available ? available : most;
    this.#left.set(account, left - taken);
    return taken;
  }
}

function account(ix: FlatInstruction, index: number): string {
  const value = ix.accounts[index];
  if (value === undefined) throw new RangeError('missing account');
  return value;
}

function decodeWager(
  ix: FlatInstruction,
  queues: WagerQueues,
  delta: (account: string) => bigint,
  credits: Credits,
  actions: IndexAction[],
): void {
  const name = identifyWagerInstruction(ix.data);
  switch (name) {
    case 'init_bet_offchain': {
      const { referral } = getInitBetOffchainInstructionDataCodec().decode(ix.data);
      actions.push({
        kind: 'init_bet',
        source: ix.source,
        user: account(ix, 0),
        bet: account(ix, 1),
        referral,
      });
      return;
    }
    case 'create_bet_offchain': {
      const data = getCreateBetOffchainInstructionDataCodec().decode(ix.data);
      const event = queues.newBets.take();
      const betAmount = event?.betAmount ?? betStake(data.listingPrice, data.odds);
      actions.push({
        kind: 'create_bet',
        source: ix.source,
        user: account(ix, 0),
        bet: account(ix, 1),
        mint: account(ix, 3),
        odds: data.odds,
        listingPrice: data.listingPrice,
        betType: BET_TYPE_LABEL[data.betType] ?? 'sol',
        betAmount,
        fee: betFee(betAmount),
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case 'settle_bet_offchain': {
      const { randomValue } = getSettleBetOffchainInstructionDataCodec().decode(ix.data);
      const event = queues.settled.take();
      const passed = account(ix, 3);
      // Anchor's None for an optional account is the program's own address.
      const referral = passed === WAGER_PROGRAM_ADDRESS ? null : passed;
      const gain = referral === null ? 0n : delta(referral);
      actions.push({
        kind: 'settle_bet',
        source: ix.source,
        bet: account(ix, 2),
        randomValue,
        result:
          event === undefined
            ? null
            : event.result === BetResult.Win
              ? 'Win'
              : event.result === BetResult.Loss
                ? 'Loss'
                : null,
        referral,
        referralFee: gain > 0n ? gain : 0n,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case 'claim_bet':
      actions.push({ kind: 'claim_bet', source: ix.source, bet: account(ix, 1) });
      return;
    case 'refund_bet':
      actions.push({ kind: 'refund_bet', source: ix.source, bet: account(ix, 2) });
      return;
    case 'create_prediction':
    case 'update_prediction': {
      const created = name === 'create_prediction';
      const amount = created
        ? getCreatePredictionInstructionDataCodec().decode(ix.data).amount
        : getUpdatePredictionInstructionDataCodec().decode(ix.data).amount;
      const side = created ? getCreatePredictionInstructionDataCodec().decode(ix.data).result : null;
      const event = queues.predictionUpdates.take();
      const eventSide = event?.prediction.result ?? side;
      actions.push({
        kind: 'prediction',
        source: ix.source,
        created,
        user: account(ix, 0),
        market: account(ix, 1),
        prediction: account(ix, 3),
        side: eventSide === MarketResult.Yes ? 'Yes' : eventSide === MarketResult.No ? 'No' : null,
        added: amount,
        total: event?.prediction.amount ?? null,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case 'settle_prediction': {
      queues.predictionUpdates.take();
      const pool = account(ix, 2);
      const paid = -delta(pool);
      actions.push({
        kind: 'settle_prediction',
        source: ix.source,
        prediction: account(ix, 0),
        market: account(ix, 1),
        user: account(ix, 3),
        payout: paid > 0n ? paid : 0n,
      });
      pushMarketUpdate(queues, account(ix, 1), actions);
      return;
    }
    case 'create_market':
      pushMarketUpdate(queues, account(ix, 2), actions);
      return;
    case 'resolve_market': {
      // Accounts: authority, house, market, its pool, treasury, referrer (the program's address: none).
      const market = account(ix, 2);
      const passed = account(ix, 5);
      const referrer = passed === WAGER_PROGRAM_ADDRESS ? null : passed;
      const update = queues.marketUpdates.takeWhere((candidate) => candidate.key === market);
      // What the referrer gained, at most the share the resolved market owes it: a referrer that is also the
      // treasury gains the house's part of the fee too. The program skips a referrer it cannot credit (an
      // empty wallet the share would leave below its rent minimum, a program or sysvar, the pool itself):
      // then nothing arrived and this is 0.
      const share = update === undefined ? null : referralShare(marketFee(update.market));
      actions.push({
        kind: 'resolve_market',
        source: ix.source,
        market,
        referrer,
        referrerFee: referrer === null ? 0n : credits.take(referrer, share),
      });
      if (update !== undefined) {
        actions.push({ kind: 'market_update', market: update.key, state: update.market });
      }
      return;
    }
    case 'update_market':
    case 'close_market':
      pushMarketUpdate(queues, account(ix, 2), actions);
      return;
    default:
      return;
  }
}

function pushMarketUpdate(queues: WagerQueues, market: string, actions: IndexAction[]): void {
  const update = queues.marketUpdates.takeWhere((candidate) => candidate.key === market);
  if (update !== undefined) actions.push({ kind: 'market_update', market: update.key, state: update.market });
}

interface ForesightQueues {
  readonly betUpdates: Queue<FsData<'UpdateBet'>>;
  readonly roundUpdates: Queue<FsData<'UpdateEvent'>>;
}

function roundAction(
  update: FsData<'UpdateEvent'>,
  lockSignature: string | null,
  settleSignature: string | null,
): IndexAction {
  return {
    kind: 'round_update',
    round: update.pubkey,
    id: update.id,
    settleTime: update.settleTime,
    totalCount: update.totalCount,
    upPool: update.upPool,
    downPool: update.downPool,
    result: PREDICTION_LABEL[update.result] ?? 'None',
    lockSignature,
    settleSignature,
  };
}

function decodeForesight(
  ix: FlatInstruction,
  signature: string,
  queues: ForesightQueues,
  actions: IndexAction[],
): void {
  const name = identifyForesightInstruction(ix.data);
  switch (name) {
    case 'place_bet': {
      const data = getPlaceBetInstructionDataCodec().decode(ix.data);
      const event = queues.betUpdates.take();
      const prediction = PREDICTION_LABEL[data.prediction];
      if (prediction !== 'Up' && prediction !== 'Down') return;
      actions.push({
        kind: 'place_bet',
        source: ix.source,
        user: account(ix, 0),
        config: account(ix, 1),
        event: account(ix, 2),
        bet: account(ix, 3),
        prediction,
        amount: data.amount,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case 'settle_bet':
    case 'withdraw_bet': {
      const event = queues.betUpdates.take();
      actions.push({
        kind: 'bet_paid',
        source: ix.source,
        event: account(ix, 2),
        bet: account(ix, 3),
        won: name === 'settle_bet',
        winAmount: event?.winAmount ?? 0n,
      });
      return;
    }
    case 'create_event': {
      const round = account(ix, 2);
      const update = queues.roundUpdates.takeWhere((candidate) => candidate.pubkey === round);
      if (update !== undefined) actions.push(roundAction(update, null, null));
      return;
    }
    case 'lock_and_settle_events': {
      // Accounts: event signer, config, locked round (or the program: none), live round, next round, …
      const locked = account(ix, 2);
      const live = account(ix, 3);
      const next = account(ix, 4);
      for (const round of [locked, live, next]) {
        const update = queues.roundUpdates.takeWhere((candidate) => candidate.pubkey === round);
        if (update === undefined) continue;
        actions.push(
          roundAction(update, round === live ? signature : null, round === locked ? signature : null),
        );
      }
      return;
    }
    default:
      return;
  }
}

/** Every address an action names as a round, to fetch those the database does not have yet. */
export function roundsOf(actions: readonly IndexAction[]): Address[] {
  const rounds = new Set<string>();
  for (const action of actions) {
    if (action.kind === 'round_update') rounds.add(action.round);
    if (action.kind === 'place_bet') rounds.add(action.event);
  }
  return [...rounds] as Address[];
}
