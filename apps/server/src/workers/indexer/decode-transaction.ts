/**
 * Turns one confirmed transaction (as `getTransaction` returns it with `encoding: 'json'`) into the
 * indexer's actions: what each Wager and Foresight instruction in it did, from the instruction's data and
 * accounts, the events the programs logged, and the lamport balances before and after.
 *
 * Pure: no RPC and no database, so every mapping is tested on its own.
 *
 * Events are matched to instructions by order. A successful transaction ran every instruction exactly
 * once, in order (top-level instruction, then the CPIs it made), and each instruction emits a fixed set of
 * events, so the k-th `create_bet` or `create_bet_offchain` emitted the k-th NewBet, and so on. A
 * `reveal_bet` logs exactly one line (`Reveal sequence=…`, read with the SDK's `parseRevealLogs`), so the
 * k-th reveal is the k-th line; only a reveal that settled emits a BetSettled. Round updates are matched by
 * the round's address instead, since a tick emits a varying number of them.
 *
 * Referral shares go to vaults (PDA `["referral", referrer]`): what a settlement or a resolution credited is
 * the vault's balance change in the transaction, at most the share owed, split in order between several
 * credits of one vault ({@link Credits}). A vault nobody created is not credited: its change is 0.
 *
 * @module
 */

import { betFee, betStake, marketFee, referralShare } from '@arcade/sdk/wager/bet-math';
import { BetResult, BetType, MarketResult, type MarketAccount } from '@arcade/sdk/wager/accounts';
import { parseWagerEvents, type WagerEvent } from '@arcade/sdk/wager/events';
import { bytesToHex, parseRevealLogs, type RevealLog } from '@arcade/sdk/wager/fairness';
import { parseWagerInstruction, WagerInstructionKind as Wager } from '@arcade/sdk/wager/instructions';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { parseForesightEvents, type ForesightEvent } from '@arcade/sdk/foresight/events';
import {
  ForesightInstructionKind as Foresight,
  parseForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import {
  AccountRole,
  getBase58Encoder,
  unwrapOption,
  type AccountMeta,
  type Address,
  type Instruction,
  type InstructionWithAccounts,
  type InstructionWithData,
} from '@solana/kit';

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
      /**
       * The player's 32-byte seed (lowercase hex) of a bet made with `create_bet`; null for the spec's
       * off-chain bet (`create_bet_offchain`). The bet's sequence is not in the transaction: the indexer
       * reads it from the bet record (see `indexer-worker.ts`).
       */
      readonly playerSeed: string | null;
    }
  | {
      readonly kind: 'settle_bet';
      readonly source: Source;
      readonly bet: string;
      readonly randomValue: number;
      /** From BetSettled; null when the event was not found (then derived from the odds). */
      readonly result: 'Win' | 'Loss' | null;
      /** The referral vault passed, if any. */
      readonly referralVault: string | null;
      /** Lamports the vault was credited in this transaction (its balance change, at most the share). */
      readonly referralFee: bigint;
      /** The vault's lamports after the transaction, when one was passed. */
      readonly vaultLamports: bigint | null;
      readonly timestamp: number | null;
    }
  | {
      readonly kind: 'reveal_bet';
      readonly source: Source;
      readonly bet: string;
      readonly user: string;
      /** The seed revealed (the instruction's argument), lowercase hex. */
      readonly seed: string;
      /**
       * What the reveal's log line says; null when the logs lost it (truncated): the seed is still recorded,
       * the roll never guessed.
       */
      readonly reveal: RevealLog | null;
      /** From BetSettled (settled reveals only); null when the event was not found. */
      readonly result: 'Win' | 'Loss' | null;
      readonly referralVault: string | null;
      /** Lamports the vault was credited in this transaction (its balance change, at most the share). */
      readonly referralFee: bigint;
      readonly vaultLamports: bigint | null;
      /** The settlement time from BetSettled; null when refunded or not found. */
      readonly timestamp: number | null;
      /**
       * Lamports the bet's owner gained in this transaction (0 when none): the stake and fee an `expired`
       * reveal gave back, or the rest of the prize a win rolled after its refund was paid. A wallet that
       * could not take that payment gained nothing (the win waits for `claim_bet`).
       */
      readonly userPaid: bigint;
    }
  | { readonly kind: 'claim_bet'; readonly source: Source; readonly bet: string }
  | { readonly kind: 'refund_bet'; readonly source: Source; readonly bet: string }
  | {
      readonly kind: 'seed_chain';
      readonly source: Source;
      /** `reset_seed_chain` (true) or `commit_seed_chain`. */
      readonly reset: boolean;
      /** The chain's head, lowercase hex. */
      readonly head: string;
      readonly length: bigint;
    }
  | {
      readonly kind: 'referral_vault';
      readonly source: Source;
      readonly referrer: string;
      readonly vault: string;
      /** The vault's lamports after the transaction. */
      readonly lamports: bigint;
    }
  | {
      readonly kind: 'claim_referral';
      readonly source: Source;
      readonly referrer: string;
      readonly vault: string;
      /** Lamports paid out (ReferralClaimed, else what left the vault). */
      readonly amount: bigint;
      /** The vault's lamports after the transaction. */
      readonly lamports: bigint;
      readonly timestamp: number | null;
    }
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
      /** The market's referrer (from MarketUpdate), if any and known. */
      readonly referrer: string | null;
      /** The referrer's vault passed, if any. */
      readonly referralVault: string | null;
      /**
       * Lamports the referrer's vault was credited by this resolution: 0 without a referrer, or when its
       * vault was never created (the share then stays in the pool).
       */
      readonly referrerFee: bigint;
      /** The vault's lamports after the transaction, when one was passed. */
      readonly vaultLamports: bigint | null;
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
  // An account's lamports after the transaction; null when it is not in it.
  const after = (account: string): bigint | null => {
    const post = meta.postBalances[keys.indexOf(account)];
    return post === undefined ? null : toBigint(post);
  };
  const logs = meta.logMessages ?? [];
  const wagerEvents = parseWagerEvents(logs);
  const foresightEvents = parseForesightEvents(logs);
  const flat = flatten(signature, tx, keys);

  const queues: WagerQueues = {
    newBets: new Queue(pick(wagerEvents, 'NewBet')),
    settled: new Queue(pick(wagerEvents, 'BetSettled')),
    predictionUpdates: new Queue(pick(wagerEvents, 'PredictionUpdate')),
    marketUpdates: new Queue(pick(wagerEvents, 'MarketUpdate')),
    referralClaims: new Queue(pick(wagerEvents, 'ReferralClaimed')),
    reveals: new Queue(parseRevealLogs(logs)),
  };
  const betUpdates = new Queue(pick(foresightEvents, 'UpdateBet'));
  const roundUpdates = new Queue(pick(foresightEvents, 'UpdateEvent'));

  const balances: Balances = { delta, after, credits: new Credits(delta) };
  const actions: IndexAction[] = [];
  for (const ix of flat) {
    try {
      if (ix.program === WAGER_PROGRAM_ADDRESS) {
        decodeWager(ix, queues, balances, actions);
      } else {
        decodeForesight(ix, signature, { betUpdates, roundUpdates }, actions);
      }
    } catch {
      // Data that does not decode: not an instruction the program ran successfully.
    }
  }
  // Events no instruction claimed (e.g. through a CPI wrapper we did not recognise) still carry state.
  for (const update of queues.marketUpdates.rest()) {
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
  readonly referralClaims: Queue<Data<'ReferralClaimed'>>;
  /** The `Reveal sequence=…` lines, one per successful reveal_bet, in order. */
  readonly reveals: Queue<RevealLog>;
}

/** Lamport movements of the transaction's accounts. */
interface Balances {
  /** What the programs moved in or out of an account (the fee payer's fee added back). */
  readonly delta: (account: string) => bigint;
  /** Its lamports after the transaction; null when it is not in it. */
  readonly after: (account: string) => bigint | null;
  /** Vault credits handed out in order (see {@link Credits}). */
  readonly credits: Credits;
}

/**
 * What referral vaults gained in the transaction, handed out in order to the settlements and resolutions
 * that credited them: a gain counted for one is not counted again for another (several reveals of one
 * referral's bets, or two markets of one referrer, in one transaction share its gain instead of each
 * counting all of it).
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

/**
 * The instruction as the SDK's generated parsers take it. They identify it by its discriminator, decode its
 * data and name its accounts in the IDL's order (an optional account passed as the program's own address,
 * Anchor's None, is undefined); they do not read the roles, which the json encoding does not give per
 * instruction, so every account is read-only here.
 */
function parserInput(
  ix: FlatInstruction,
): Instruction & InstructionWithAccounts<readonly AccountMeta[]> & InstructionWithData<Uint8Array> {
  return {
    programAddress: ix.program as Address,
    accounts: ix.accounts.map((address) => ({ address: address as Address, role: AccountRole.READONLY })),
    data: ix.data,
  };
}

/** BetSettled's result as the database writes it. */
function settledResult(event: Data<'BetSettled'> | undefined): 'Win' | 'Loss' | null {
  if (event === undefined) return null;
  if (event.result === BetResult.Win) return 'Win';
  if (event.result === BetResult.Loss) return 'Loss';
  return null;
}

/** What a referral's vault was credited for a bet settled in this transaction: at most its share of the fee. */
function vaultCredit(
  balances: Balances,
  vault: string | null,
  event: Data<'BetSettled'> | undefined,
): { referralFee: bigint; vaultLamports: bigint | null } {
  if (vault === null) return { referralFee: 0n, vaultLamports: null };
  const share = event === undefined ? null : referralShare(betFee(event.betAmount));
  return { referralFee: balances.credits.take(vault, share), vaultLamports: balances.after(vault) };
}

function decodeWager(
  ix: FlatInstruction,
  queues: WagerQueues,
  balances: Balances,
  actions: IndexAction[],
): void {
  const parsed = parseWagerInstruction(parserInput(ix));
  switch (parsed.instructionType) {
    case Wager.InitBetOffchain: {
      actions.push({
        kind: 'init_bet',
        source: ix.source,
        user: parsed.accounts.user.address,
        bet: parsed.accounts.bet.address,
        referral: unwrapOption(parsed.data.referral),
      });
      return;
    }
    case Wager.CreateBet:
    case Wager.CreateBetOffchain: {
      // Both take (user, bet, house, mint, system program); create_bet adds the player's seed.
      const { accounts, data } = parsed;
      const event = queues.newBets.take();
      const betAmount = event?.betAmount ?? betStake(data.listingPrice, data.odds);
      actions.push({
        kind: 'create_bet',
        source: ix.source,
        user: accounts.user.address,
        bet: accounts.bet.address,
        mint: accounts.mint.address,
        odds: data.odds,
        listingPrice: data.listingPrice,
        betType: BET_TYPE_LABEL[data.betType] ?? 'sol',
        betAmount,
        fee: betFee(betAmount),
        timestamp: event === undefined ? null : toNumber(event.timestamp),
        playerSeed: 'playerSeed' in data ? bytesToHex(data.playerSeed) : null,
      });
      return;
    }
    case Wager.RevealBet: {
      // The referral vault is the program's address (undefined here) when the bet has no referral.
      const reveal = queues.reveals.take() ?? null;
      const event = reveal?.kind === 'settled' ? queues.settled.take() : undefined;
      const vault = parsed.accounts.referralVault?.address ?? null;
      const user = parsed.accounts.user.address;
      const credit =
        reveal?.kind === 'settled'
          ? vaultCredit(balances, vault, event)
          : { referralFee: 0n, vaultLamports: vault === null ? null : balances.after(vault) };
      actions.push({
        kind: 'reveal_bet',
        source: ix.source,
        bet: parsed.accounts.bet.address,
        user,
        seed: bytesToHex(parsed.data.seed),
        reveal,
        result: settledResult(event),
        referralVault: vault,
        ...credit,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
        // A record holds one bet at a time, so one transaction pays each owner for one reveal at most.
        userPaid: balances.credits.take(user, null),
      });
      return;
    }
    case Wager.SettleBetOffchain: {
      const event = queues.settled.take();
      const vault = parsed.accounts.referralVault?.address ?? null;
      actions.push({
        kind: 'settle_bet',
        source: ix.source,
        bet: parsed.accounts.bet.address,
        randomValue: parsed.data.randomValue,
        result: settledResult(event),
        referralVault: vault,
        ...vaultCredit(balances, vault, event),
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case Wager.ClaimBet:
      actions.push({ kind: 'claim_bet', source: ix.source, bet: parsed.accounts.bet.address });
      return;
    case Wager.RefundBet:
      actions.push({ kind: 'refund_bet', source: ix.source, bet: parsed.accounts.bet.address });
      return;
    case Wager.CommitSeedChain:
    case Wager.ResetSeedChain: {
      const { head, length } = parsed.data;
      const reset = parsed.instructionType === Wager.ResetSeedChain;
      actions.push({ kind: 'seed_chain', source: ix.source, reset, head: bytesToHex(head), length });
      return;
    }
    case Wager.InitReferral: {
      // Idempotent: the vault may have existed already.
      const vault = parsed.accounts.referral.address;
      const lamports = balances.after(vault);
      if (lamports !== null) {
        actions.push({
          kind: 'referral_vault',
          source: ix.source,
          referrer: parsed.data.referrer,
          vault,
          lamports,
        });
      }
      return;
    }
    case Wager.ClaimReferral: {
      const referrer = parsed.accounts.referrer.address;
      const vault = parsed.accounts.referral.address;
      const event = queues.referralClaims.take();
      const left = -balances.delta(vault);
      actions.push({
        kind: 'claim_referral',
        source: ix.source,
        referrer,
        vault,
        amount: event?.amount ?? (left > 0n ? left : 0n),
        lamports: balances.after(vault) ?? 0n,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case Wager.CreatePrediction:
    case Wager.UpdatePrediction: {
      const { accounts, data } = parsed;
      const created = parsed.instructionType === Wager.CreatePrediction;
      const side = 'result' in data ? data.result : null;
      const event = queues.predictionUpdates.take();
      const eventSide = event?.prediction.result ?? side;
      actions.push({
        kind: 'prediction',
        source: ix.source,
        created,
        user: accounts.user.address,
        market: accounts.market.address,
        prediction: accounts.prediction.address,
        side: eventSide === MarketResult.Yes ? 'Yes' : eventSide === MarketResult.No ? 'No' : null,
        added: data.amount,
        total: event?.prediction.amount ?? null,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case Wager.SettlePrediction: {
      queues.predictionUpdates.take();
      const { accounts } = parsed;
      const paid = -balances.delta(accounts.marketAuthority.address);
      actions.push({
        kind: 'settle_prediction',
        source: ix.source,
        prediction: accounts.prediction.address,
        market: accounts.market.address,
        user: accounts.user.address,
        payout: paid > 0n ? paid : 0n,
      });
      pushMarketUpdate(queues, accounts.market.address, actions);
      return;
    }
    case Wager.CreateMarket:
      pushMarketUpdate(queues, parsed.accounts.market.address, actions);
      return;
    case Wager.ResolveMarket: {
      // The referral vault is the program's address (undefined here) when the market has no referrer.
      const market = parsed.accounts.market.address;
      const vault = parsed.accounts.referralVault?.address ?? null;
      const update = queues.marketUpdates.takeWhere((candidate) => candidate.key === market);
      // What the vault gained, at most the share the resolved market owes it. The program credits only a
      // vault that exists; otherwise the share stays in the pool and this is 0.
      const share = update === undefined ? null : referralShare(marketFee(update.market));
      actions.push({
        kind: 'resolve_market',
        source: ix.source,
        market,
        referrer: update?.market.referrer ?? null,
        referralVault: vault,
        referrerFee: vault === null ? 0n : balances.credits.take(vault, share),
        vaultLamports: vault === null ? null : balances.after(vault),
      });
      if (update !== undefined) {
        actions.push({ kind: 'market_update', market: update.key, state: update.market });
      }
      return;
    }
    case Wager.ExpireMarket:
      // Resolved Invalid: every prediction settles for a refund.
      pushMarketUpdate(queues, parsed.accounts.market.address, actions);
      return;
    case Wager.UpdateMarket:
    case Wager.CloseMarket:
      pushMarketUpdate(queues, parsed.accounts.market.address, actions);
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
  const parsed = parseForesightInstruction(parserInput(ix));
  switch (parsed.instructionType) {
    case Foresight.PlaceBet: {
      const { accounts, data } = parsed;
      const event = queues.betUpdates.take();
      const prediction = PREDICTION_LABEL[data.prediction];
      if (prediction !== 'Up' && prediction !== 'Down') return;
      actions.push({
        kind: 'place_bet',
        source: ix.source,
        user: accounts.user.address,
        config: accounts.config.address,
        event: accounts.event.address,
        bet: accounts.bet.address,
        prediction,
        amount: data.amount,
        timestamp: event === undefined ? null : toNumber(event.timestamp),
      });
      return;
    }
    case Foresight.SettleBet:
    case Foresight.WithdrawBet: {
      const event = queues.betUpdates.take();
      actions.push({
        kind: 'bet_paid',
        source: ix.source,
        event: parsed.accounts.event.address,
        bet: parsed.accounts.bet.address,
        won: parsed.instructionType === Foresight.SettleBet,
        winAmount: event?.winAmount ?? 0n,
      });
      return;
    }
    case Foresight.CreateEvent: {
      const round = parsed.accounts.event.address;
      const update = queues.roundUpdates.takeWhere((candidate) => candidate.pubkey === round);
      if (update !== undefined) actions.push(roundAction(update, null, null));
      return;
    }
    case Foresight.LockAndSettleEvents: {
      // The locked round is the program's address (undefined here) when there is none.
      const locked = parsed.accounts.lockedEvent?.address;
      const live = parsed.accounts.liveEvent.address;
      const next = parsed.accounts.nextEvent.address;
      for (const round of [locked, live, next]) {
        if (round === undefined) continue;
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
