/**
 * Gathers what the reconciliation compares, after the run: the API's history of every player (the
 * database's view), and on chain, for each bet's own account, every successful transaction that paid it
 * (`claim_bet` on the player's bet record, `settle_bet`/`withdraw_bet` on a Foresight bet,
 * `settle_prediction` on a Prophecy prediction), with the player's exact balance change in it. A bet
 * record's history is read whole: `create_bet`, `reveal_bet` (its log line says whether it rolled the bet,
 * on time or after its refund, or refunded it, expired, or found it refunded earlier; one transaction may
 * reveal several bets, each with its own line), `refund_bet` by anyone and `claim_bet`.
 * Referrers' vaults: the `claim_referral`s that paid out of them and what they still hold.
 *
 * @module
 */

import { Prediction } from '@arcade/sdk/foresight/accounts';
import { identifyForesightInstruction } from '@arcade/sdk/foresight/instructions';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { foresightPayout } from '@arcade/sdk/payout';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import { parseRevealLogs, type RevealLog } from '@arcade/sdk/wager/fairness';
import { identifyWagerInstruction } from '@arcade/sdk/wager/instructions';
import { findBetAddress, findReferralAddress } from '@arcade/sdk/wager/pda';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { getBase58Encoder, type Address, type Rpc, type Signature, type SolanaRpcApi } from '@solana/kit';

import type { ApiClient } from './api.ts';
import {
  recordLives,
  type Game,
  type Payout,
  type PoolBet,
  type RecordEvent,
  type ReferralVault,
  type RevealOutcome,
  type WagerRecord,
  type WagerRow,
} from './reconcile.ts';

const base58 = getBase58Encoder();

/** Runs `work` over `items`, `limit` at a time. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Every page of a history route. */
async function allPages<T>(api: ApiClient, path: string, body: object): Promise<T[]> {
  const items: T[] = [];
  let id: number | null = null;
  for (;;) {
    const page: { items: T[]; nextCursor: number | null } = await api.call(path, { ...body, id });
    items.push(...page.items);
    if (page.nextCursor === null || page.items.length === 0) return items;
    id = page.nextCursor;
  }
}

interface JsonTx {
  slot: bigint | number;
  meta: {
    err: unknown;
    fee: bigint | number;
    preBalances: (bigint | number)[];
    postBalances: (bigint | number)[];
    logMessages?: string[] | null;
    loadedAddresses?: { writable: string[]; readonly: string[] };
  } | null;
  transaction: {
    message: {
      accountKeys: string[];
      instructions: { programIdIndex: number; accounts: number[]; data: string }[];
    };
  };
}

/**
 * The successful transactions on `account` with an instruction of `program` named in `kinds` that names
 * `account`, each with `user`'s balance change (plus the fee when `user` paid it).
 */
export async function payoutsOn(
  rpc: Rpc<SolanaRpcApi>,
  account: Address,
  user: Address,
  program: Address,
  kinds: readonly string[],
): Promise<Payout[]> {
  const signatures = await successfulSignatures(rpc, account);
  const identify =
    program === WAGER_PROGRAM_ADDRESS ? identifyWagerInstruction : identifyForesightInstruction;
  const payouts: Payout[] = [];
  for (const signature of signatures) {
    const tx = (await rpc
      .getTransaction(signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send()) as unknown as JsonTx | null;
    if (tx === null || tx.meta === null || tx.meta.err !== null) continue;
    const keys = [
      ...tx.transaction.message.accountKeys,
      ...(tx.meta.loadedAddresses?.writable ?? []),
      ...(tx.meta.loadedAddresses?.readonly ?? []),
    ];
    const paying = tx.transaction.message.instructions.filter((ix) => {
      if (keys[ix.programIdIndex] !== program) return false;
      const kind = identify(base58.encode(ix.data));
      return kind !== null && kinds.includes(kind) && ix.accounts.some((i) => keys[i] === account);
    });
    if (paying.length === 0) continue;
    const at = keys.indexOf(user);
    const delta = at === -1 ? 0n : BigInt(tx.meta.postBalances[at]!) - BigInt(tx.meta.preBalances[at]!);
    const received = delta + (at === 0 ? BigInt(tx.meta.fee) : 0n);
    // One payout per paying instruction: two in one transaction are two payouts.
    payouts.push(...paying.map(() => ({ signature, received })));
  }
  return payouts;
}

/** The successful transactions on `account`, newest first (the order the RPC lists them). */
async function successfulSignatures(rpc: Rpc<SolanaRpcApi>, account: Address): Promise<Signature[]> {
  const signatures: Signature[] = [];
  let before: Signature | undefined;
  for (;;) {
    const page = await rpc
      .getSignaturesForAddress(account, {
        limit: 1_000,
        commitment: 'confirmed',
        ...(before ? { before } : {}),
      })
      .send();
    signatures.push(...page.filter((entry) => entry.err === null).map((entry) => entry.signature));
    if (page.length < 1_000) break;
    before = page.at(-1)!.signature;
  }
  return signatures;
}

/** The soak's name of what a reveal's log line says it did. */
export function revealOutcome(log: RevealLog): RevealOutcome {
  if (log.kind === 'settled') return log.afterRefund ? 'settled-after-refund' : 'settled';
  return log.reason === 'expired' ? 'refunded-expired' : 'refunded-earlier';
}

/**
 * Everything that happened to `player`'s bet record, oldest first: each `create_bet`, `reveal_bet` (its
 * outcome from the log line of the same rank among the transaction's reveals), `refund_bet` and
 * `claim_bet`, with the player's balance change (fee added back when the player paid it).
 */
export async function recordHistory(
  rpc: Rpc<SolanaRpcApi>,
  record: Address,
  player: Address,
): Promise<RecordEvent[]> {
  const events: RecordEvent[] = [];
  // Oldest first: the RPC lists newest first, the chain's order within a slot included.
  for (const signature of (await successfulSignatures(rpc, record)).reverse()) {
    const tx = (await rpc
      .getTransaction(signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send()) as unknown as JsonTx | null;
    if (tx === null || tx.meta === null || tx.meta.err !== null) continue;
    const keys = [
      ...tx.transaction.message.accountKeys,
      ...(tx.meta.loadedAddresses?.writable ?? []),
      ...(tx.meta.loadedAddresses?.readonly ?? []),
    ];
    const slot = BigInt(tx.slot);
    const at = keys.indexOf(player);
    const delta = at === -1 ? 0n : BigInt(tx.meta.postBalances[at]!) - BigInt(tx.meta.preBalances[at]!);
    const received = delta + (at === 0 ? BigInt(tx.meta.fee) : 0n);
    const reveals = parseRevealLogs(tx.meta.logMessages ?? []);
    let revealIndex = 0;
    for (const ix of tx.transaction.message.instructions) {
      if (keys[ix.programIdIndex] !== WAGER_PROGRAM_ADDRESS) continue;
      const kind = identifyWagerInstruction(base58.encode(ix.data));
      const rank = kind === 'reveal_bet' ? revealIndex++ : -1;
      if (!ix.accounts.some((i) => keys[i] === record)) continue;
      if (kind === 'create_bet') events.push({ kind: 'create', signature, slot });
      else if (kind === 'claim_bet') events.push({ kind: 'claim', signature, slot, received });
      else if (kind === 'refund_bet') {
        events.push({ kind: 'refund', signature, slot, received, caller: keys[ix.accounts[0]!] ?? '' });
      } else if (kind === 'reveal_bet') {
        const log = reveals[rank];
        if (log === undefined) continue; // a reveal whose line is missing: the reconciliation calls it unrevealed
        events.push({
          kind: 'reveal',
          signature,
          slot,
          outcome: revealOutcome(log),
          received,
          caller: keys[0] ?? '',
        });
      }
    }
  }
  return events;
}

/** A referrer's vault: the `claim_referral`s that paid it out, and what it holds above its rent. */
export async function referralVault(rpc: Rpc<SolanaRpcApi>, referrer: Address): Promise<ReferralVault> {
  const [vault] = await findReferralAddress(referrer);
  const claims = await payoutsOn(rpc, vault, referrer, WAGER_PROGRAM_ADDRESS, ['claim_referral']);
  const { value } = await rpc.getAccountInfo(vault, { encoding: 'base64', commitment: 'confirmed' }).send();
  let held = 0n;
  if (value !== null) {
    const rent = await rpc
      .getMinimumBalanceForRentExemption(BigInt(Buffer.from(value.data[0], 'base64').length))
      .send();
    held = value.lamports > rent ? value.lamports - rent : 0n;
  }
  return { referrer, claimed: claims.reduce((sum, claim) => sum + claim.received, 0n), held };
}

interface BetItem {
  signature: string;
  type: string;
  state: string;
  result: string;
  listingPrice: string;
  amount: string;
  fee: string;
  referral: string | null;
  claimSignature: string | null;
  afterRefund?: boolean;
}
interface PredictionItem {
  signature: string;
  address: string;
  prediction: string;
  amount: string;
  round: {
    isSettled: boolean;
    result: string;
    upCount: number;
    downCount: number;
    upPool: string;
    downPool: string;
  } | null;
}
interface MarketBetItem {
  signature: string;
  market: string;
  prediction: string;
  result: string;
  amount: string;
}
interface MarketView {
  yesPool: string;
  noPool: string;
  result: 'yes' | 'no' | 'invalid' | null;
}

export interface Gathered {
  readonly indexed: Record<Game, Set<string>>;
  readonly wager: WagerRecord[];
  readonly pools: PoolBet[];
  readonly referrals: ReferralVault[];
}

/** Everything the reconciliation needs about `players` (and the vaults of `referrers` among them). */
export async function gather(
  api: ApiClient,
  rpc: Rpc<SolanaRpcApi>,
  players: readonly Address[],
  referrers: readonly Address[] = [],
): Promise<Gathered> {
  const indexed: Record<Game, Set<string>> = {
    tailspin: new Set(),
    retail: new Set(),
    foresight: new Set(),
    prophecy: new Set(),
  };
  const wager: WagerRecord[] = [];
  const pools: PoolBet[] = [];
  const markets = new Map<string, Promise<MarketView>>();
  const marketOf = (address: string) => {
    let view = markets.get(address);
    if (view === undefined) {
      view = api.call<{ market: MarketView }>(`/api/prophecy/${address}`).then((body) => body.market);
      markets.set(address, view);
    }
    return view;
  };

  await mapLimit(players, 8, async (player) => {
    const [bets, predictions, marketBets] = await Promise.all([
      allPages<BetItem>(api, '/api/user/bets', { address: player }),
      allPages<PredictionItem>(api, '/api/user/predictions', { address: player }),
      allPages<MarketBetItem>(api, '/api/user/marketBets', { address: player }),
    ]);
    const rows: WagerRow[] = bets.map((bet) => ({
      signature: bet.signature,
      type: bet.type,
      state: bet.state,
      result: bet.result,
      listingPrice: BigInt(bet.listingPrice),
      amount: BigInt(bet.amount),
      fee: BigInt(bet.fee),
      referral: bet.referral,
      claimSignature: bet.claimSignature,
      afterRefund: bet.afterRefund === true,
    }));
    for (const row of rows) indexed[row.type === 'nft' ? 'retail' : 'tailspin'].add(row.signature);
    const [record] = await findBetAddress(player);
    const lives = recordLives(await recordHistory(rpc, record, player));
    wager.push({
      player,
      rows,
      claims: lives.claims,
      refunds: lives.refunds,
      lateWins: lives.lateWins,
      bets: lives.bets,
    });

    for (const item of predictions) {
      indexed.foresight.add(item.signature);
      const round = item.round;
      const settled = round !== null && round.isSettled;
      let owed = 0n;
      if (settled) {
        const amount = BigInt(item.amount);
        const invalid = round.upCount === 0 || round.downCount === 0 || round.result === 'Invalid';
        const side = item.prediction === 'Up' ? Prediction.Up : Prediction.Down;
        if (invalid) owed = amount;
        else if (round.result === item.prediction) {
          owed = foresightPayout(
            amount,
            BigInt(round.upPool),
            BigInt(round.downPool),
            side === Prediction.Up ? 'up' : 'down',
          );
        }
      }
      const payouts = settled
        ? await payoutsOn(rpc, item.address as Address, player, FORESIGHT_PROGRAM_ADDRESS, [
            'settle_bet',
            'withdraw_bet',
          ])
        : [];
      pools.push({ game: 'foresight', signature: item.signature, settled, owed, payouts });
    }

    for (const item of marketBets) {
      indexed.prophecy.add(item.signature);
      const market = await marketOf(item.market);
      const settled = market.result !== null;
      const result =
        market.result === 'yes'
          ? MarketResult.Yes
          : market.result === 'no'
            ? MarketResult.No
            : MarketResult.Invalid;
      const owed = settled
        ? predictionPayout(
            { yesPool: BigInt(market.yesPool), noPool: BigInt(market.noPool), result },
            BigInt(item.amount),
            item.result === 'Yes' ? MarketResult.Yes : MarketResult.No,
          )
        : 0n;
      const payouts = settled
        ? await payoutsOn(rpc, item.prediction as Address, player, WAGER_PROGRAM_ADDRESS, [
            'settle_prediction',
          ])
        : [];
      pools.push({ game: 'prophecy', signature: item.signature, settled, owed, payouts });
    }
  });
  const referrals = await mapLimit(referrers, 8, (referrer) => referralVault(rpc, referrer));
  return { indexed, wager, pools, referrals };
}
