/**
 * The demo's market plan: the mix and categories, times relative to the start, predictions that are the
 * same on every start and have players on both sides, the chat lines' limits, and the art.
 */

import {
  CHAT_MESSAGE_MAX_LENGTH,
  MARKET_MAX_LIFETIME_SECS,
  MIN_BET_LAMPORTS,
  PROPHECY_CATEGORIES,
} from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MARKET_METADATA_LIMITS as METADATA_LIMITS } from '@arcade/sdk/api/prophecy';
import { chatLine, linesAbout, SMALL_TALK } from './bots/chat-lines.ts';
import { marketArt, marketArtSvg } from './market-art.ts';
import { DEMO_MARKETS, fitsLifetime, plannedPredictions, plannedTimes } from './market-plan.ts';
import { seededRandom } from './random.ts';

describe('DEMO_MARKETS', () => {
  it('has about ten markets: open, closed and resolved, over at least five categories', () => {
    const kinds = (kind: string) => DEMO_MARKETS.filter((plan) => plan.kind === kind).length;
    expect(DEMO_MARKETS.length).toBeGreaterThanOrEqual(10);
    expect(kinds('open')).toBeGreaterThanOrEqual(6);
    expect(kinds('closed')).toBe(2);
    expect(kinds('resolved')).toBe(2);
    expect(new Set(DEMO_MARKETS.map((plan) => plan.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_MARKETS.map((plan) => plan.name)).size).toBe(DEMO_MARKETS.length);
  });

  it('fits what the API would accept from an admin', () => {
    for (const plan of DEMO_MARKETS) {
      expect(PROPHECY_CATEGORIES).toContain(plan.category);
      expect(Array.from(plan.name).length).toBeLessThanOrEqual(METADATA_LIMITS.name);
      expect(Array.from(plan.shortName).length).toBeLessThanOrEqual(METADATA_LIMITS.shortName);
      expect(Array.from(plan.rules).length).toBeLessThanOrEqual(METADATA_LIMITS.rules);
      if (plan.kind === 'resolved') expect(['yes', 'no']).toContain(plan.result);
      if (plan.kind === 'open') expect(plan.cutoffInSecs).toBeGreaterThanOrEqual(3_600);
    }
  });
});

describe('fitsLifetime', () => {
  it('takes an end up to MARKET_MAX_LIFETIME_SECS after the start, counted from the market start', () => {
    expect(fitsLifetime({ cutoffTime: 10, endTime: 1_000 + MARKET_MAX_LIFETIME_SECS }, 1_000)).toBe(true);
    expect(fitsLifetime({ cutoffTime: 10, endTime: 1_001 + MARKET_MAX_LIFETIME_SECS }, 1_000)).toBe(false);
  });
});

describe('plannedTimes', () => {
  it('opens markets hours to days ahead and closes the others shortly after the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.integer({ min: 5, max: 120 }),
        (now, short) => {
          for (const plan of DEMO_MARKETS) {
            const { cutoffTime, endTime } = plannedTimes(plan, now, short);
            expect(cutoffTime).toBeGreaterThan(now);
            expect(endTime).toBeGreaterThanOrEqual(cutoffTime);
            if (plan.kind === 'open') expect(cutoffTime).toBe(now + plan.cutoffInSecs!);
            else expect(cutoffTime).toBe(now + short);
            if (plan.kind === 'resolved') expect(endTime).toBe(cutoffTime);
            if (plan.kind === 'closed') expect(endTime - cutoffTime).toBeGreaterThanOrEqual(3_600);
            // Within the program's lifetime rule for a market created now.
            expect(fitsLifetime({ cutoffTime, endTime }, now)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('plannedPredictions', () => {
  it('is the same on every start, with both sides taken and valid amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), (wallets) => {
        for (const plan of DEMO_MARKETS) {
          const planned = plannedPredictions(plan, wallets);
          expect(plannedPredictions(plan, wallets)).toEqual(planned);
          expect(planned.some((item) => item.side === 'yes')).toBe(true);
          expect(planned.some((item) => item.side === 'no')).toBe(true);
          expect(new Set(planned.map((item) => item.wallet)).size).toBe(planned.length);
          for (const item of planned) {
            expect(item.wallet).toBeLessThan(wallets);
            expect(item.amount).toBeGreaterThanOrEqual(MIN_BET_LAMPORTS);
          }
        }
      }),
    );
  });
});

describe('chat lines', () => {
  it('are one-line text within the chat limit', () => {
    const events = [
      { kind: 'tailspin-win', multiplier: 9.5 },
      { kind: 'tailspin-loss' },
      { kind: 'foresight-bet', side: 'up' },
      { kind: 'foresight-bet', side: 'down' },
      { kind: 'foresight-paid' },
      ...DEMO_MARKETS.map((plan) => ({ kind: 'prediction', shortName: plan.shortName, side: 'no' }) as const),
    ] as const;
    for (const line of [...SMALL_TALK, ...events.flatMap((event) => linesAbout(event))]) {
      expect(Array.from(line).length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_LENGTH);
      expect(line).not.toMatch(/[\n\r]/);
    }
    const random = seededRandom(9);
    expect(linesAbout({ kind: 'tailspin-win', multiplier: 2 })).toContain(
      chatLine(seededRandom(2), { kind: 'tailspin-win', multiplier: 2 }),
    );
    expect(SMALL_TALK).toContain(chatLine(random));
  });
});

describe('marketArt', () => {
  it('draws every category as a small SVG data URI', () => {
    for (const category of PROPHECY_CATEGORIES) {
      const svg = marketArtSvg(category, category);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.endsWith('</svg>')).toBe(true);
      const uri = marketArt(category, category);
      expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
      expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(svg);
      expect(uri.length).toBeLessThan(2_000);
    }
  });
});
