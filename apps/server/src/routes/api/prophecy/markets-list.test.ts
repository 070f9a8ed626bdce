/**
 * `GET /api/prophecy/markets`: every sortBy, the categories encodings, the name search, showPastEvents and
 * paging, over markets written straight into the database (as the indexer would keep them), so past
 * markets and pools need no chain history.
 */

import { MARKET_LIST_PAGE_SIZE } from '@arcade/sdk/api/prophecy';
import { MARKET_NAME_FILTER_MAX_LENGTH } from '@arcade/sdk/api/prophecy';
import { payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import type { Database } from '../../../db/database.ts';
import { MarketRepository, type StoredMarketResult } from '../../../repositories/market-repository.ts';

let t: TestServer;
let db: Database;
let nowSecs: number;

interface Seed {
  readonly label: string;
  readonly name: string;
  readonly shortName: string;
  readonly category: string;
  /** Offsets from now, seconds. */
  readonly end: number;
  readonly cutoff: number;
  readonly yesPool?: bigint;
  readonly noPool?: bigint;
  readonly result?: StoredMarketResult;
}

/**
 * A: open, ends soonest; B: open, cutoff soonest of the open ones, biggest pool; C: closed (cutoff past)
 * but not ended; D: ended, unresolved; E: ended and resolved; F: open, cutoff latest.
 */
const SEEDS: readonly Seed[] = [
  { label: 'A', name: 'Lakers win tonight', shortName: 'LAL', category: 'NBA', end: 1_000, cutoff: 900 },
  {
    label: 'B',
    name: 'SOL above $300 by Friday',
    shortName: 'SOL 300',
    category: 'Crypto',
    end: 5_000,
    cutoff: 600,
    yesPool: 7_000_000_000n,
    noPool: 3_000_000_000n,
  },
  {
    label: 'C',
    name: '100% turnout_rate in the election',
    shortName: 'Turnout',
    category: 'Politics',
    end: 2_000,
    cutoff: -100,
    yesPool: 1_000_000_000n,
  },
  {
    label: 'D',
    name: 'Big fight goes the distance',
    shortName: 'Decision',
    category: 'Boxing',
    end: -50,
    cutoff: -500,
    noPool: 2_000_000_000n,
  },
  {
    label: 'E',
    name: 'Mint sells out',
    shortName: 'NFT mint',
    category: 'NFT',
    end: -1_000,
    cutoff: -2_000,
    yesPool: 500_000_000n,
    noPool: 500_000_000n,
    result: 'Yes',
  },
  { label: 'F', name: 'Solana TPS record', shortName: 'TPS', category: 'Solana', end: 9_000, cutoff: 8_000 },
];

const addressOf = new Map<string, string>();
const labelOf = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  db = t.db;
  nowSecs = Math.floor(t.clock.now() / 1000);
  const markets = new MarketRepository(db);
  for (const seed of SEEDS) {
    const { address } = await generateKeyPairSigner();
    addressOf.set(seed.label, address);
    labelOf.set(address, seed.label);
    await markets.insert({
      address,
      name: seed.name,
      shortName: seed.shortName,
      yesOption: 'Yes',
      noOption: 'No',
      invalidOption: 'Invalid',
      category: seed.category,
      image: '',
      rules: 'Rules.',
      startTime: nowSecs - 10_000,
      endTime: nowSecs + seed.end,
      cutoffTime: nowSecs + seed.cutoff,
      referrer: null,
      createSignature: 'seeded',
      createdBy: 'seed',
    });
    await db.query(
      'UPDATE markets SET yes_pool = $2, no_pool = $3, yes_count = $4, no_count = $5, result = $6 WHERE address = $1',
      [
        address,
        seed.yesPool ?? 0n,
        seed.noPool ?? 0n,
        seed.yesPool ? 1 : 0,
        seed.noPool ? 1 : 0,
        seed.result ?? null,
      ],
    );
  }
}, 120_000);
afterAll(() => t.close(), 60_000);

interface ListBody {
  success: boolean;
  error?: string;
  total: number;
  nextOffset: number | null;
  markets: {
    key: string;
    yesPool: string;
    noPool: string;
    totalPool: string;
    result: string | null;
    yesMultiplier: number;
    noMultiplier: number;
    yesPercentage: number;
    noPercentage: number;
    marketMetadata: { name: string; category: string };
  }[];
}

async function list(query: Record<string, string | string[]> = {}): Promise<ListBody> {
  const response = await t.app.inject({ method: 'GET', url: '/api/prophecy/markets', query });
  expect(response.statusCode).toBe(200);
  return response.json<ListBody>();
}

async function labels(query: Record<string, string | string[]> = {}): Promise<string> {
  const body = await list(query);
  return body.markets.map((market) => labelOf.get(market.key) ?? '?').join('');
}

async function refused(query: Record<string, string | string[]>): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/prophecy/markets', query });
  expect(response.statusCode).toBe(400);
  const body = response.json<{ success: boolean; error: string }>();
  expect(body.success).toBe(false);
  return body.error;
}

describe('sortBy', () => {
  it('defaults to TimeAsc: open markets first, then closed, then resolved, each by end time, earliest first', async () => {
    // Open A, B, F by end; closed D (ended) and C (cutoff passed, not ended) by end; resolved E last.
    expect(await labels()).toBe('ABFDCE');
    expect(await labels({ sortBy: 'TimeAsc' })).toBe('ABFDCE');
  });

  it('TimeDesc: open, closed, resolved, each by end time, latest first', async () => {
    expect(await labels({ sortBy: 'TimeDesc' })).toBe('FBACDE');
  });

  it('VolumeDesc: open, closed, resolved, each by total pool, largest first, equal pools by end time', async () => {
    // Open: B 10 SOL, then the empty A and F by end time; closed: D 2, C 1; resolved: E.
    expect(await labels({ sortBy: 'VolumeDesc' })).toBe('BAFDCE');
  });

  it('EndingSoon: open markets by cutoff ascending, then the rest most recently closed first', async () => {
    expect(await labels({ sortBy: 'EndingSoon' })).toBe('BAFCDE');
  });

  it('EndingSoon follows the server clock: a market whose cutoff passes drops behind the open ones', async () => {
    t.clock.advance(700_000);
    try {
      // Now B (cutoff +600) has closed; A (+900) and F (+8000) are open.
      expect(await labels({ sortBy: 'EndingSoon' })).toBe('AFBCDE');
    } finally {
      t.clock.advance(-700_000);
    }
  });

  it('refuses an unknown or repeated sortBy', async () => {
    const message = 'sortBy must be one of TimeAsc, TimeDesc, VolumeDesc, EndingSoon';
    expect(await refused({ sortBy: 'Random' })).toBe(message);
    expect(await refused({ sortBy: 'timeasc' })).toBe(message);
    expect(await refused({ sortBy: ['TimeAsc', 'TimeDesc'] })).toBe(message);
  });
});

describe('categories', () => {
  it('takes the client encoding: a URL-encoded JSON object whose true keys are selected', async () => {
    expect(await labels({ categories: '{"Crypto":true,"NBA":true,"Soccer":false}' })).toBe('AB');
    expect(await labels({ categories: '{}' })).toBe('ABFDCE');
    expect(await labels({ categories: '{"Crypto":false}' })).toBe('ABFDCE');
  });

  it('takes a JSON array, a comma list or the parameter repeated', async () => {
    expect(await labels({ categories: '["Politics","Boxing"]' })).toBe('DC');
    expect(await labels({ categories: 'Politics,Boxing' })).toBe('DC');
    expect(await labels({ categories: ['Politics', 'nft'] })).toBe('CE');
    expect(await labels({ categories: '' })).toBe('ABFDCE');
  });

  it('selects a category with no markets as an empty list', async () => {
    expect(await labels({ categories: 'UFC' })).toBe('');
  });

  it("refuses an unknown category with 'Invalid category' and other shapes with 'Invalid categories'", async () => {
    expect(await refused({ categories: 'Cricket' })).toBe('Invalid category');
    expect(await refused({ categories: '{"Crypto":true,"Cricket":false}' })).toBe('Invalid category');
    expect(await refused({ categories: '{"Crypto":"yes"}' })).toBe('Invalid categories');
    expect(await refused({ categories: '{"Crypto":tru' })).toBe('Invalid categories');
    expect(await refused({ categories: '[1,2]' })).toBe('Invalid categories');
  });
});

describe('name', () => {
  it('matches a substring of the name or short name, ignoring case', async () => {
    expect(await labels({ name: 'sol' })).toBe('BF');
    expect(await labels({ name: 'LAL' })).toBe('A');
    expect(await labels({ name: 'nft MINT' })).toBe('E');
    expect(await labels({ name: '  decision ' })).toBe('D');
    expect(await labels({ name: 'nothing like this' })).toBe('');
  });

  it('treats LIKE wildcards literally', async () => {
    expect(await labels({ name: '%' })).toBe('C');
    expect(await labels({ name: '_' })).toBe('C');
    expect(await labels({ name: 'turnout_r' })).toBe('C');
    expect(await labels({ name: 'S%L' })).toBe('');
  });

  it('combines with categories and sortBy', async () => {
    expect(await labels({ name: 'o', categories: 'Crypto,Solana,Politics', sortBy: 'TimeDesc' })).toBe('FBC');
  });

  it('refuses a control character or an over-long search', async () => {
    expect(await refused({ name: 'a\u0000b' })).toBe('name contains invalid characters');
    expect(await refused({ name: 'x'.repeat(121) })).toBe('name cannot be longer than 120 characters');
    expect(await refused({ name: '🚀'.repeat(121) })).toBe('name cannot be longer than 120 characters');
  });

  it('counts the search in code points, as a market name: 120 emoji are a search', async () => {
    expect(await labels({ name: '🚀'.repeat(MARKET_NAME_FILTER_MAX_LENGTH) })).toBe('');
  });
});

describe('showPastEvents', () => {
  it('defaults to true', async () => {
    expect(await labels({ showPastEvents: 'true' })).toBe('ABFDCE');
  });

  it('false hides ended markets and resolved ones, but keeps closed-for-betting ones that have not ended', async () => {
    expect(await labels({ showPastEvents: 'false' })).toBe('ABFC');
    expect(await labels({ showPastEvents: '0', sortBy: 'VolumeDesc' })).toBe('BAFC');
  });

  it('measures "ended" against the server clock', async () => {
    t.clock.advance(1_500_000);
    try {
      // A (+1000 s) has now ended too.
      expect(await labels({ showPastEvents: 'false' })).toBe('FCB');
    } finally {
      t.clock.advance(-1_500_000);
    }
  });

  it('refuses anything but true or false', async () => {
    expect(await refused({ showPastEvents: 'yes' })).toBe('showPastEvents must be true or false');
    expect(await refused({ showPastEvents: ['true', 'false'] })).toBe('showPastEvents must be true or false');
  });
});

describe('paging and the view', () => {
  it('pages with limit and offset, reporting the total and the next offset', async () => {
    const first = await list({ limit: '4' });
    expect(first.markets.map((m) => labelOf.get(m.key)).join('')).toBe('ABFD');
    expect([first.total, first.nextOffset]).toEqual([6, 4]);
    const second = await list({ limit: '4', offset: '4' });
    expect(second.markets.map((m) => labelOf.get(m.key)).join('')).toBe('CE');
    expect([second.total, second.nextOffset]).toEqual([6, null]);
    const past = await list({ offset: '10' });
    expect([past.markets.length, past.total, past.nextOffset]).toEqual([0, 6, null]);
  });

  it('refuses a limit outside 1–1000 and a malformed offset', async () => {
    expect(await refused({ limit: '0' })).toBe('Invalid limit');
    expect(await refused({ limit: '1001' })).toBe('Invalid limit');
    expect(await refused({ limit: 'ten' })).toBe('Invalid limit');
    expect(await refused({ offset: '-1' })).toBe('Invalid offset');
    expect(await refused({ offset: '1e3' })).toBe('Invalid offset');
  });

  it('shows pools as decimal strings with the SDK multipliers and percentages', async () => {
    const body = await list({ name: 'SOL 300' });
    expect(body.markets).toHaveLength(1);
    const [b] = body.markets;
    expect(b).toMatchObject({
      key: addressOf.get('B'),
      yesPool: '7000000000',
      noPool: '3000000000',
      totalPool: '10000000000',
      result: null,
      yesMultiplier: payoutMultiplier(7_000_000_000n, 3_000_000_000n),
      noMultiplier: payoutMultiplier(3_000_000_000n, 7_000_000_000n),
      yesPercentage: poolPercentages(7_000_000_000n, 3_000_000_000n)[0],
      noPercentage: poolPercentages(7_000_000_000n, 3_000_000_000n)[1],
      marketMetadata: { name: 'SOL above $300 by Friday', category: 'Crypto' },
    });
    const resolved = await list({ name: 'NFT mint' });
    expect(resolved.markets[0]?.result).toBe('yes');
  });

  it('leaves the rules to the market page, and pages 24 markets by default', async () => {
    const body = await list({ name: 'SOL 300' });
    expect(body.markets[0]?.marketMetadata).not.toHaveProperty('rules');
    const one = await t.app.inject({ url: `/api/prophecy/${addressOf.get('B')!}` });
    expect(one.json<{ market: { marketMetadata: { rules: string } } }>().market.marketMetadata.rules).toBe(
      'Rules.',
    );
    expect(MARKET_LIST_PAGE_SIZE).toBe(24);
  });

  it('serves a page from memory for a second, then from the database', async () => {
    const before = await list({ name: 'SOL 300' });
    await db.query('UPDATE markets SET yes_pool = yes_pool + 1 WHERE address = $1', [addressOf.get('B')]);
    expect((await list({ name: 'SOL 300' })).markets[0]?.yesPool).toBe(before.markets[0]?.yesPool);
    t.clock.advance(1_000);
    const after = await list({ name: 'SOL 300' });
    expect(BigInt(after.markets[0]!.yesPool)).toBe(BigInt(before.markets[0]!.yesPool) + 1n);
    await db.query('UPDATE markets SET yes_pool = yes_pool - 1 WHERE address = $1', [addressOf.get('B')]);
    t.clock.advance(1_000);
  });
});
