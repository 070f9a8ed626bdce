/**
 * The swap desk's quotes on the server's database (PGlite, or PostgreSQL with `TEST_DATABASE_URL`): a
 * quote is spent once however many requests try at once, the one issued to the paying user goes first,
 * a message is signed off one quote only, the cap counts the quotes held, and old quotes are forgotten.
 */

import type { SwapQuote } from '@arcade/sdk/api/market-data';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { SwapQuoteRepository, type NewSwapQuote, type SwapQuoteShape } from './swap-quote-repository.ts';

let testDb: TestDatabase;
let repository: SwapQuoteRepository;

beforeAll(async () => {
  testDb = await openTestDatabase();
  repository = new SwapQuoteRepository(testDb.db);
}, 120_000);
afterAll(() => testDb.close());

const NOW = 1_800_000_000_000;
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
let serial = 0;

/** A shape no other test uses (its own amounts). */
function newShape(): SwapQuoteShape {
  serial += 1;
  return {
    direction: 'solToToken',
    tokenMint: MINT,
    decimals: 6,
    inAmount: 1_000_000_000n + BigInt(serial),
    outAmount: 150_000_000n + BigInt(serial),
  };
}

function newQuote(shape: SwapQuoteShape, expiresAt = NOW + 30_000): NewSwapQuote {
  const id = randomUUID();
  const document = {
    inputMint: 'So11111111111111111111111111111111111111112',
    outputMint: MINT,
    inAmount: shape.inAmount.toString(),
    outAmount: shape.outAmount.toString(),
    otherAmountThreshold: shape.outAmount.toString(),
    swapMode: 'ExactIn',
    slippageBps: 50,
    quoteId: id,
    expiresAt,
  } as unknown as SwapQuote;
  return { ...shape, id, expiresAt, document };
}

async function insert(quote: NewSwapQuote): Promise<void> {
  expect(await repository.insertUnderCap(quote, 1_000_000, NOW - 600_000)).toBe(true);
}

describe('SwapQuoteRepository', () => {
  it('stores a quote as issued and finds it by id', async () => {
    const quote = newQuote(newShape());
    await insert(quote);
    expect(await repository.find(quote.id)).toEqual({
      ...quote,
      issuedTo: [],
      used: false,
      signedMessage: null,
    });
    expect(await repository.find('nope')).toBeNull();
  });

  it('lets exactly one of many simultaneous claims spend a quote; the others are told it is used', async () => {
    const shape = newShape();
    const quote = newQuote(shape);
    await insert(quote);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => repository.claim(shape, 'user', `message-${i}`, NOW)),
    );
    const won = claims.filter((claim) => 'claimed' in claim);
    expect(won).toHaveLength(1);
    expect(claims.filter((claim) => 'refused' in claim && claim.refused === 'used')).toHaveLength(7);
    const stored = await repository.find(quote.id);
    expect(stored).toMatchObject({ used: true });
    expect(await repository.isSigned(stored!.signedMessage!)).toBe(true);
  });

  it('spends the quote issued to the paying user first, and signs one message off one quote only', async () => {
    const shape = newShape();
    const other = newQuote(shape);
    const mine = newQuote(shape, NOW + 40_000);
    await insert(other);
    await insert(mine);
    await repository.addIssuedTo(mine.id, 'me', 100);
    expect(await repository.claim(shape, 'me', 'first', NOW)).toMatchObject({ claimed: { id: mine.id } });
    // The same message again (another quote of the shape is live) is refused as used.
    expect(await repository.claim(shape, 'me', 'first', NOW)).toEqual({ refused: 'used' });
    expect(await repository.claim(shape, 'me', 'second', NOW)).toMatchObject({ claimed: { id: other.id } });
    expect(await repository.claim(shape, 'me', 'third', NOW)).toEqual({ refused: 'used' });
  });

  it('tells an expired quote from one never issued, and releases a spent quote', async () => {
    const shape = newShape();
    const quote = newQuote(shape);
    await insert(quote);
    expect(await repository.claim(shape, 'me', 'late', quote.expiresAt)).toEqual({ refused: 'expired' });
    expect(await repository.claim(newShape(), 'me', 'nothing', NOW)).toEqual({ refused: 'unknown' });
    expect(await repository.claim(shape, 'me', 'taken', NOW)).toMatchObject({ claimed: { id: quote.id } });
    await repository.release(quote.id, 'taken');
    expect(await repository.find(quote.id)).toMatchObject({ used: false, signedMessage: null });
    expect(await repository.isSigned('taken')).toBe(false);
    expect(await repository.claim(shape, 'me', 'again', NOW)).toMatchObject({ claimed: { id: quote.id } });
  });

  it('lists each user once, up to the limit', async () => {
    const quote = newQuote(newShape());
    await insert(quote);
    for (const user of ['a', 'b', 'a', 'c']) await repository.addIssuedTo(quote.id, user, 2);
    expect((await repository.find(quote.id))?.issuedTo).toEqual(['a', 'b']);
  });

  it('finds the shapes whose two amounts a transaction carries', async () => {
    const shape = newShape();
    await insert(newQuote(shape));
    await insert(newQuote(shape));
    expect(await repository.shapesAmong([shape.inAmount, 7n, shape.outAmount])).toEqual([shape]);
    expect(await repository.shapesAmong([shape.inAmount])).toEqual([]);
    expect(await repository.shapesAmong([])).toEqual([]);
  });

  it('caps the quotes held, and forgets old ones a batch at a time', async () => {
    // A day on, the other tests' quotes are long forgotten: they neither count nor are remembered.
    const later = NOW + 86_400_000;
    const cap = (quote: NewSwapQuote, now: number) => repository.insertUnderCap(quote, 2, now - 600_000);
    const first = newQuote(newShape(), later);
    const second = newQuote(newShape(), later + 1);
    expect(await cap(first, later)).toBe(true);
    expect(await cap(second, later)).toBe(true);
    expect(await cap(newQuote(newShape(), later + 2), later)).toBe(false);
    // The first expired the remembered time ago: it no longer counts, and it can be forgotten.
    const third = newQuote(newShape(), later + 600_001);
    expect(await cap(third, later + 600_000)).toBe(true);
    await repository.forget(later + 1);
    expect(await repository.find(first.id)).toBeNull();
    expect(await repository.find(second.id)).toBeNull();
    expect(await repository.find(third.id)).not.toBeNull();
  });

  it('holds the cap exactly when many requests store quotes at once (as several instances do)', async () => {
    // Two days on: the quotes above neither count nor are remembered. Every connection of the pool inserts
    // at once; without the lock, statements running together each counted the others' rows as not there.
    const later = NOW + 2 * 86_400_000;
    const quotes = Array.from({ length: 40 }, () => newQuote(newShape(), later + 1_000));
    const stored = await Promise.all(
      quotes.map((quote) => repository.insertUnderCap(quote, 3, later - 600_000)),
    );
    expect(stored.filter(Boolean)).toHaveLength(3);
    const held = await Promise.all(quotes.map((quote) => repository.find(quote.id)));
    expect(held.filter((quote) => quote !== null)).toHaveLength(3);
  });
});
