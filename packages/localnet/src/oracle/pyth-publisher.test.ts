import { address } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { PYTH_RECEIVER_PROGRAM_ADDRESS, SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { decodePriceUpdateV2, PRICE_UPDATE_V2_FULL_OFFSETS } from '@arcade/sdk/pyth/price-update-v2';
import { PythPublisher } from './pyth-publisher.ts';
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
