/**
 * `decodeTransaction` for `resolve_market`, on transactions built by hand (the chain-backed cases are in
 * indexer-worker.test.ts): the market referrer's fee is what arrived in its balance, at most the share the
 * market owes it; 0 when the program could not credit it or there is none; a referrer that is also the
 * treasury or the fee payer; two markets resolved together for one referrer.
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { MarketResult, type MarketAccountArgs } from '@arcade/sdk/wager/accounts';
import { marketFee, referralShare } from '@arcade/sdk/wager/bet-math';
import { getMarketUpdateCodec } from '@arcade/sdk/wager/events';
import { getResolveMarketInstruction } from '@arcade/sdk/wager/instructions';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import {
  getAddressDecoder,
  getBase58Decoder,
  getBase64Decoder,
  type Address,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { decodeTransaction, type IndexAction, type JsonTransaction } from './decode-transaction.ts';

const SOL = LAMPORTS_PER_SOL;
const TX_FEE = 5_000n;

let serial = 0;
/** A distinct address. */
function newAddress(): Address {
  serial += 1;
  const bytes = new Uint8Array(32);
  bytes[0] = serial;
  bytes[31] = 7;
  return getAddressDecoder().decode(bytes);
}

const authority = newAddress();
const house = newAddress();
const treasury = newAddress();

interface Resolution {
  readonly market: Address;
  readonly pool: Address;
  readonly referrer: Address | null;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  /** As the chain recorded it (an empty winning side is Invalid). */
  readonly result: MarketResult;
}

function resolution(fields: Partial<Resolution> & Pick<Resolution, 'referrer'>): Resolution {
  return {
    market: newAddress(),
    pool: newAddress(),
    yesPool: 6n * SOL,
    noPool: 4n * SOL,
    result: MarketResult.Yes,
    ...fields,
  };
}

function resolveInstruction(r: Resolution): Instruction {
  return getResolveMarketInstruction({
    authority,
    house,
    market: r.market,
    marketAuthority: r.pool,
    treasury,
    referrer: r.referrer,
    result: r.result,
  });
}

function marketUpdateLog(r: Resolution): string {
  const market: MarketAccountArgs = {
    startTime: 1,
    endTime: 3,
    cutoffTime: 2,
    yesCount: 1,
    noCount: 1,
    yesPool: r.yesPool,
    noPool: r.noPool,
    isSettled: true,
    settledCount: 0,
    result: r.result,
    referrer: r.referrer,
    marketAuthority: r.pool,
  };
  const bytes = getMarketUpdateCodec().encode({ key: r.market, market });
  return `Program data: ${getBase64Decoder().decode(bytes)}`;
}

/**
 * A successful transaction of `resolutions`, paid by the authority (its fee comes off its balance), whose
 * accounts' balances change by `gains` (lamports, by address).
 */
function transaction(
  resolutions: readonly Resolution[],
  gains: ReadonlyMap<Address, bigint>,
  options: { readonly withEvents?: boolean; readonly empty?: readonly Address[] } = {},
): JsonTransaction {
  const instructions = resolutions.map(resolveInstruction);
  const keys: string[] = [authority];
  const indexOf = (account: string): number => {
    if (!keys.includes(account)) keys.push(account);
    return keys.indexOf(account);
  };
  const compiled = instructions.map((ix) => ({
    programIdIndex: indexOf(ix.programAddress),
    accounts: (ix.accounts ?? []).map((meta) => indexOf(meta.address)),
    data: getBase58Decoder().decode(ix.data ?? new Uint8Array()),
  }));
  const logs = resolutions.flatMap((r) => [
    `Program ${WAGER_PROGRAM_ADDRESS} invoke [1]`,
    ...(options.withEvents === false ? [] : [marketUpdateLog(r)]),
    `Program ${WAGER_PROGRAM_ADDRESS} success`,
  ]);
  const pre = keys.map((key) => (options.empty?.includes(key as Address) === true ? 0n : 50n * SOL));
  const post = keys.map((key, index) => (pre[index] ?? 0n) + (gains.get(key as Address) ?? 0n));
  post[0] = (post[0] ?? 0n) - TX_FEE;
  return {
    blockTime: 1_700_000_000,
    meta: {
      err: null,
      fee: TX_FEE,
      logMessages: logs,
      preBalances: pre,
      postBalances: post,
      innerInstructions: [],
    },
    transaction: { message: { accountKeys: keys, instructions: compiled } },
  };
}

/** What the resolution in `tx` recorded for its referrer. */
function referrerFees(
  tx: JsonTransaction,
): Pick<Extract<IndexAction, { kind: 'resolve_market' }>, 'market' | 'referrer' | 'referrerFee'>[] {
  return decodeTransaction('sig', tx).actions.flatMap((action) =>
    action.kind === 'resolve_market'
      ? [{ market: action.market, referrer: action.referrer, referrerFee: action.referrerFee }]
      : [],
  );
}

/** The share `r` owes its referrer, by the SDK's maths of the program. */
function shareOf(r: Resolution): bigint {
  return referralShare(marketFee({ yesPool: r.yesPool, noPool: r.noPool, result: r.result }));
}

describe('decodeTransaction: resolve_market', () => {
  it("records what arrived in the referrer's balance as its fee, and the market's new state", () => {
    const referrer = newAddress();
    const r = resolution({ referrer });
    // Pot 10 SOL: the 3% fee is 300_000_000 lamports, 10% of it to the referrer.
    expect(shareOf(r)).toBe(30_000_000n);
    const tx = transaction(
      [r],
      new Map([
        [referrer, 30_000_000n],
        [treasury, 270_000_000n],
        [r.pool, -300_000_000n],
      ]),
    );
    const { actions } = decodeTransaction('sig', tx);
    expect(actions).toEqual([
      {
        kind: 'resolve_market',
        source: 'sig:0',
        market: r.market,
        referrer,
        referrerFee: 30_000_000n,
      },
      expect.objectContaining({ kind: 'market_update', market: r.market }),
    ]);
  });

  it('records 0 when the program could not credit the referrer (an empty wallet the share leaves below rent)', () => {
    const referrer = newAddress();
    // Pot 0.1 SOL: a 300_000-lamport share, less than an empty wallet's rent minimum: it stays in the pool.
    const r = resolution({ referrer, yesPool: SOL / 20n, noPool: SOL / 20n, result: MarketResult.No });
    expect(shareOf(r)).toBe(300_000n);
    const tx = transaction(
      [r],
      new Map([
        [treasury, 2_700_000n],
        [r.pool, -2_700_000n],
      ]),
      { empty: [referrer] },
    );
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer, referrerFee: 0n }]);
  });

  it('records 0 for a market without a referrer', () => {
    const r = resolution({ referrer: null });
    const tx = transaction(
      [r],
      new Map([
        [treasury, 300_000_000n],
        [r.pool, -300_000_000n],
      ]),
    );
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer: null, referrerFee: 0n }]);
  });

  it('records 0 for an Invalid market, which takes no fee', () => {
    const referrer = newAddress();
    const r = resolution({ referrer, result: MarketResult.Invalid });
    expect(referrerFees(transaction([r], new Map()))).toEqual([
      { market: r.market, referrer, referrerFee: 0n },
    ]);
  });

  it('records only the share when the referrer is also the treasury, which gains the whole fee', () => {
    const r = resolution({ referrer: treasury });
    const tx = transaction(
      [r],
      new Map([
        [treasury, 300_000_000n],
        [r.pool, -300_000_000n],
      ]),
    );
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer: treasury, referrerFee: 30_000_000n }]);
  });

  it('does not take the transaction fee off a referrer that paid it', () => {
    const r = resolution({ referrer: authority });
    const tx = transaction(
      [r],
      new Map([
        [authority, 30_000_000n],
        [treasury, 270_000_000n],
        [r.pool, -300_000_000n],
      ]),
    );
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer: authority, referrerFee: 30_000_000n }]);
  });

  it('splits one gain between two markets resolved together for one referrer, never counting it twice', () => {
    const referrer = newAddress();
    const first = resolution({ referrer });
    const second = resolution({ referrer, yesPool: SOL, noPool: SOL, result: MarketResult.No });
    expect(shareOf(second)).toBe(6_000_000n);
    const paid = transaction([first, second], new Map([[referrer, 36_000_000n]]));
    expect(referrerFees(paid)).toEqual([
      { market: first.market, referrer, referrerFee: 30_000_000n },
      { market: second.market, referrer, referrerFee: 6_000_000n },
    ]);
    // Only the second paid (say the first's credit was refused): the two never add up to more than arrived.
    const partly = transaction([first, second], new Map([[referrer, 6_000_000n]]));
    const fees = referrerFees(partly).map((entry) => entry.referrerFee);
    expect(fees.reduce((sum, fee) => sum + fee, 0n)).toBe(6_000_000n);
  });

  it('records what arrived when the MarketUpdate event is missing from the logs', () => {
    const referrer = newAddress();
    const r = resolution({ referrer });
    const tx = transaction([r], new Map([[referrer, 30_000_000n]]), { withEvents: false });
    expect(referrerFees(tx)).toEqual([{ market: r.market, referrer, referrerFee: 30_000_000n }]);
  });
});
