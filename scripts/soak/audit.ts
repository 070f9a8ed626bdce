/**
 * Gathers what the reconciliation compares, after the run: the API's history of every player (the
 * database's view), and on chain, for each bet's own account, every successful transaction that paid it
 * (`claim_bet` on the player's bet record, `settle_bet`/`withdraw_bet` on a Foresight bet,
 * `settle_prediction` on a Prophecy prediction), with the player's exact balance change in it.
 *
 * @module
 */

import { Prediction } from '@arcade/sdk/foresight/accounts';
import { identifyForesightInstruction } from '@arcade/sdk/foresight/instructions';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { foresightPayout } from '@arcade/sdk/payout';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import { identifyWagerInstruction } from '@arcade/sdk/wager/instructions';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { getBase58Encoder, type Address, type Rpc, type Signature, type SolanaRpcApi } from '@solana/kit';

import type { ApiClient } from './api.ts';
import type { Game, Payout, PoolBet, WagerRecord, WagerRow } from './reconcile.ts';

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
  meta: {
    err: unknown;
    fee: bigint | number;
    preBalances: (bigint | number)[];
    postBalances: (bigint | number)[];
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

interface BetItem {
  signature: string;
  type: string;
  state: string;
  result: string;
  listingPrice: string;
  claimSignature: string | null;
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
}

/** Everything the reconciliation needs about `players`. */
export async function gather(
  api: ApiClient,
  rpc: Rpc<SolanaRpcApi>,
  players: readonly Address[],
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
      claimSignature: bet.claimSignature,
    }));
    for (const row of rows) indexed[row.type === 'nft' ? 'retail' : 'tailspin'].add(row.signature);
    const [record] = await findBetAddress(player);
    const claims =
      rows.length === 0 ? [] : await payoutsOn(rpc, record, player, WAGER_PROGRAM_ADDRESS, ['claim_bet']);
    wager.push({ player, rows, claims });

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
  return { indexed, wager, pools };
}
