import { address, getAddressDecoder, getAddressEncoder, type Address } from '@solana/kit';
import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { PYTH_RECEIVER_PROGRAM_ADDRESS, SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { decodePriceUpdateV2, PRICE_UPDATE_V2_FULL_OFFSETS } from '@arcade/sdk/pyth/price-update-v2';

import { LocalChain } from '../chain/local-chain.ts';
import {
  DEFAULT_PYTH_HISTORY_SECS,
  pythPriceUpdateAddress,
  PythPublisher,
  type PublishedUpdate,
} from './pyth-publisher.ts';
import { RandomWalk } from './random-walk.ts';

const FEED = address('PythPrice1111111111111111111111111111111111');
const AUTHORITY = address('PythAuthority111111111111111111111111111111');

describe('RandomWalk', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const path = (seed: number) => {
      const walk = new RandomWalk({ start: 150, annualVolatility: 0.65, seed });
      return Array.from({ length: 50 }, () => walk.step(1));
    };
    expect(path(7)).toEqual(path(7));
    expect(path(7)).not.toEqual(path(8));
  });

  it('moves with the volatility it was given: the spread of 5-minute log returns matches σ√t', () => {
    const walk = new RandomWalk({ start: 150, annualVolatility: 0.65, seed: 42 });
    const returns: number[] = [];
    let previous = walk.price;
    for (let i = 0; i < 4000; i++) {
      const next = walk.step(300);
      returns.push(Math.log(next / previous));
      previous = next;
    }
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, b) => a + (b - mean) ** 2, 0) / (returns.length - 1));
    const expected = 0.65 * Math.sqrt(300 / (365 * 24 * 3600));
    expect(sd).toBeGreaterThan(expected * 0.9);
    expect(sd).toBeLessThan(expected * 1.1);
    expect(returns.every((r) => Number.isFinite(r))).toBe(true);
  });

  it('stands still when no time passes and refuses nonsense', () => {
    const walk = new RandomWalk({ start: 100, annualVolatility: 0.5, seed: 1 });
    expect(walk.step(0)).toBe(100);
    expect(() => new RandomWalk({ start: 0, annualVolatility: 0.5, seed: 1 })).toThrow(RangeError);
    expect(() => new RandomWalk({ start: 1, annualVolatility: -1, seed: 1 })).toThrow(RangeError);
  });
});

describe('PythPublisher', () => {
  it("writes a fully verified SOL/USD PriceUpdateV2 owned by Pyth's receiver, fresh at every publish", () => {
    const svm = new LiteSVM();
    const publisher = new PythPublisher({
      address: FEED,
      writeAuthority: AUTHORITY,
      startPrice: 150,
      seed: 3,
    });
    const first = publisher.publish(svm, 1_800_000_000n, 10n);
    const second = publisher.publish(svm, 1_800_000_001n, 13n);
    const account = svm.getAccount(FEED);
    if (!account.exists) throw new Error('no price account');
    expect(account.programAddress).toBe(PYTH_RECEIVER_PROGRAM_ADDRESS);
    const update = decodePriceUpdateV2(account.data);
    expect(update.verificationLevel).toEqual({ __kind: 'Full' });
    expect(update.writeAuthority).toBe(AUTHORITY);
    expect(Array.from(update.priceMessage.feedId)).toEqual(Array.from(SOL_USD_FEED_ID));
    expect(update.priceMessage).toMatchObject({
      price: second.price,
      exponent: -8,
      publishTime: 1_800_000_001n,
      prevPublishTime: 1_800_000_000n,
    });
    expect(update.postedSlot).toBe(13n);
    // The bytes the Foresight program reads, at the offsets it reads them.
    const view = new DataView(account.data.buffer, account.data.byteOffset);
    expect(view.getBigInt64(PRICE_UPDATE_V2_FULL_OFFSETS.price, true)).toBe(second.price);
    expect(view.getBigInt64(PRICE_UPDATE_V2_FULL_OFFSETS.publishTime, true)).toBe(1_800_000_001n);
    // $150 as Pyth's integer, within a second's move.
    expect(Number(first.price) / 1e8).toBeCloseTo(150, 0);
    expect(first.conf > 0n).toBe(true);
  });
});

const bytes = (value: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(value));
const i64le = (value: bigint): Buffer => {
  const buffer = Buffer.alloc(8);
  buffer.writeBigInt64LE(value);
  return buffer;
};
const START_MS = 1_800_000_000_000;

/** A stopped chain on a clock the test moves, and a publisher on it. */
function chainWithClock(historySecs?: number): {
  chain: LocalChain;
  publisher: PythPublisher;
  /** Moves the clock by `ms`, opens a slot and publishes in it, as `follow` does. */
  step: (ms: number) => PublishedUpdate;
} {
  let now = START_MS;
  const chain = new LocalChain({ now: () => now });
  const publisher = new PythPublisher({
    address: FEED,
    writeAuthority: AUTHORITY,
    ...(historySecs === undefined ? {} : { historySecs }),
  });
  publisher.publishOn(chain);
  return {
    chain,
    publisher,
    step: (ms) => {
      now += ms;
      chain.advanceSlot();
      return publisher.publishOn(chain);
    },
  };
}

/** The Foresight tick's rule: the update is the one for planned time `t`. */
const isUpdateFor = (update: { publishTime: bigint; prevPublishTime: bigint }, t: bigint): boolean =>
  update.publishTime >= t && update.prevPublishTime < t;

describe('PythPublisher history', () => {
  it('keeps the first update of each second for the last two hours by default', () => {
    const svm = new LiteSVM();
    const publisher = new PythPublisher({ address: FEED, writeAuthority: AUTHORITY });
    expect(publisher.historySecs).toBe(BigInt(DEFAULT_PYTH_HISTORY_SECS));
    expect(DEFAULT_PYTH_HISTORY_SECS).toBe(7200);
    const start = 1_800_000_000n;
    const end = start + 7200n + 900n;
    let slot = 0n;
    // Two updates a second, as 400 ms slots publish them; the second never qualifies for any t.
    for (let time = start; time <= end; time++) {
      const first = publisher.publish(svm, time, slot++);
      const second = publisher.publish(svm, time, slot++);
      expect(second.prevPublishTime).toBe(time);
      expect(first.prevPublishTime).toBe(time === start ? time : time - 1n);
    }
    const history = publisher.history();
    expect(history).toHaveLength(7201);
    expect(history[0]!.publishTime).toBe(end - 7200n);
    expect(history.at(-1)!.publishTime).toBe(end);
    history.forEach((update, i) => {
      expect(update.publishTime).toBe(end - 7200n + BigInt(i));
      expect(update.prevPublishTime).toBe(update.publishTime - 1n);
    });
    expect(publisher.updateAt(end - 7200n)).toBe(history[0]);
    expect(publisher.updateAt(end)).toBe(history.at(-1));
    // Older than the window: gone. Later than the newest: not published yet.
    expect(publisher.updateAt(end - 7201n)).toBeNull();
    expect(publisher.updateAt(start)).toBeNull();
    expect(publisher.updateAt(end + 1n)).toBeNull();
  });

  it('returns, for every planned time, the one published update the tick accepts (property)', () => {
    fc.assert(
      fc.property(
        // Slot gaps: several slots a second, and now and then a pause of many seconds.
        fc.array(fc.oneof(fc.integer({ min: 0, max: 1_200 }), fc.integer({ min: 1_000, max: 40_000 })), {
          minLength: 1,
          maxLength: 120,
        }),
        (gaps) => {
          const { chain, publisher, step } = chainWithClock();
          const published = [publisher.last!, ...gaps.map((gap) => step(gap))];
          const first = published[0]!.publishTime;
          const last = published.at(-1)!.publishTime;
          for (let t = first - 3n; t <= last + 3n; t++) {
            const matching = published.filter((update) => isUpdateFor(update, t));
            const posted = publisher.postUpdateAt(chain, t);
            if (t <= first || t > last) {
              // Before the first update nothing came before it to bound it; after the last, not yet.
              expect(matching).toHaveLength(0);
              expect(posted).toBeNull();
              continue;
            }
            expect(matching).toHaveLength(1);
            const [update] = matching as [PublishedUpdate];
            // The first update published at or after t.
            expect(published.find((candidate) => candidate.publishTime >= t)).toBe(update);
            expect(posted).toEqual({
              address: pythPriceUpdateAddress(publisher.feedId, update.publishTime),
              publishTime: update.publishTime,
              prevPublishTime: update.prevPublishTime,
              price: update.price,
            });
            const account = chain.getAccount(bytes(posted!.address))!;
            expect(account.data).toEqual(update.data);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('posts the update at an address of its own, owned by the receiver, rent exempt, fully verified', () => {
    const { chain, publisher, step } = chainWithClock();
    for (let i = 0; i < 10; i++) step(400);
    const t = BigInt(Math.floor(START_MS / 1000)) + 2n;
    const posted = publisher.postUpdateAt(chain, t)!;
    expect(posted.publishTime).toBe(t);
    expect(posted.address).toBe(
      getAddressDecoder().decode(
        createHash('sha256')
          .update('arcade-localnet:pyth-price-update')
          .update(Uint8Array.from(SOL_USD_FEED_ID))
          .update(i64le(t))
          .digest(),
      ),
    );
    const account = chain.getAccount(bytes(posted.address))!;
    expect(getAddressDecoder().decode(account.owner)).toBe(PYTH_RECEIVER_PROGRAM_ADDRESS);
    expect(account.lamports).toBe(chain.minimumBalanceForRentExemption(BigInt(account.data.length)));
    expect(account.data).toEqual(publisher.updateAt(t)!.data);
    const update = decodePriceUpdateV2(account.data);
    expect(update.verificationLevel).toEqual({ __kind: 'Full' });
    expect(update.writeAuthority).toBe(AUTHORITY);
    expect(update.priceMessage).toMatchObject({
      price: posted.price,
      publishTime: posted.publishTime,
      prevPublishTime: posted.prevPublishTime,
    });
    // The live price account has moved on; the posted one stays as it was.
    expect(chain.getAccount(bytes(FEED))!.data).not.toEqual(account.data);
    // Posting again changes nothing; another second's update has its own account.
    expect(publisher.postUpdateAt(chain, t)).toEqual(posted);
    expect(chain.getAccount(bytes(posted.address))).toEqual(account);
    const earlier = publisher.postUpdateAt(chain, t - 1n)!;
    expect(earlier.publishTime).toBe(t - 1n);
    expect(earlier.address).not.toBe(posted.address);
    expect(chain.getAccount(bytes(posted.address))).toEqual(account);
  });

  it('closes posted accounts once their update leaves the history window', () => {
    const { chain, publisher, step } = chainWithClock(60);
    for (let i = 0; i < 5; i++) step(1_000);
    const t = BigInt(Math.floor(START_MS / 1000)) + 3n;
    const posted = publisher.postUpdateAt(chain, t)!;
    expect(chain.getAccount(bytes(posted.address))).not.toBeNull();
    // 60 s after it: still kept.
    for (let i = 0; i < 58; i++) step(1_000);
    expect(publisher.history()[0]!.publishTime).toBe(t);
    expect(chain.getAccount(bytes(posted.address))).not.toBeNull();
    step(1_000);
    expect(publisher.history()[0]!.publishTime).toBe(t + 1n);
    expect(publisher.history()).toHaveLength(61);
    expect(chain.getAccount(bytes(posted.address))).toBeNull();
    expect(publisher.postUpdateAt(chain, t)).toBeNull();
  });

  it('after a restart: older times return null, the gap goes to the first new update, old posts are closed', () => {
    const { chain, publisher, step } = chainWithClock(60);
    for (let i = 0; i < 5; i++) step(1_000);
    const t = BigInt(Math.floor(START_MS / 1000)) + 3n;
    const posted = publisher.postUpdateAt(chain, t)!;
    const lastBefore = publisher.last!.publishTime;

    // The node stops for 20 s; a new process restores the chain and starts a new publisher.
    let now = START_MS + 5_000 + 20_000;
    const restored = new LocalChain({ state: chain.exportState(), now: () => now });
    const after = new PythPublisher({ address: FEED, writeAuthority: AUTHORITY, historySecs: 60 });
    const stop = after.follow(restored);
    const first = after.last!;
    // The feed continues: the first update after the restart follows the last one before it.
    expect(first.prevPublishTime).toBe(lastBefore);
    expect(first.publishTime).toBe(lastBefore + 20n);
    // History is in memory: what was published before the restart is gone.
    expect(after.postUpdateAt(restored, t)).toBeNull();
    expect(after.postUpdateAt(restored, lastBefore)).toBeNull();
    // A time in the gap gets the first update at or after it (late, as Hermes would answer).
    expect(after.postUpdateAt(restored, lastBefore + 1n)).toMatchObject({
      publishTime: first.publishTime,
      prevPublishTime: lastBefore,
    });
    // The earlier run's posted account is still on the chain, and closed when it leaves the window.
    expect(restored.getAccount(bytes(posted.address))).not.toBeNull();
    for (let i = 0; i < 40; i++) {
      now += 1_000;
      restored.advanceSlot();
    }
    expect(restored.getAccount(bytes(posted.address))).toBeNull();
    stop();
  });
});
