/**
 * The demo's Prophecy markets: what each one asks, its category, whether it should be open, closed
 * (cutoff passed, awaiting its result) or resolved, and the predictions the demo wallets place on it.
 *
 * Everything here is a pure function of the plan and the clock, and the predictions are drawn from a
 * generator seeded by the market's name, so every start computes the same plan and the seeder only adds
 * what is missing.
 *
 * @module
 */

import { LAMPORTS_PER_SOL, MARKET_MAX_LIFETIME_SECS, MIN_BET_LAMPORTS } from '@arcade/sdk/constants';

import type { ProphecyCategory } from '../services/prophecy-service.ts';
import { pick, seededRandom, seedOf } from './random.ts';

/** What a demo market should look like once seeded. */
export type DemoMarketKind = 'open' | 'closed' | 'resolved';

/** One demo market. */
export interface DemoMarketPlan {
  /** Unique among the demo's markets: the seeder finds a market it made by it. */
  readonly name: string;
  readonly shortName: string;
  readonly category: ProphecyCategory;
  readonly rules: string;
  readonly kind: DemoMarketKind;
  /** Open markets: seconds from now to the cutoff. Others close a short while after they are created. */
  readonly cutoffInSecs?: number;
  /** Seconds from the cutoff to the end (the event's own time); 0 for an event decided at the cutoff. */
  readonly endAfterCutoffSecs: number;
  /** Resolved markets: the result. */
  readonly result?: 'yes' | 'no';
  /** The chance a demo wallet predicts Yes, 0–1: markets lean one way or the other, like real ones. */
  readonly yesLean: number;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;

/**
 * The catalogue: 8 open, 2 closed, 2 resolved, over 9 categories. Questions are written as generic,
 * recurring events so that none reads as a claim about a real, dated one.
 */
export const DEMO_MARKETS: readonly DemoMarketPlan[] = Object.freeze([
  {
    name: 'Will BTC trade above $150,000 before the end of the month?',
    shortName: 'BTC above $150K',
    category: 'Crypto',
    kind: 'open',
    cutoffInSecs: 6 * DAY,
    endAfterCutoffSecs: DAY,
    yesLean: 0.4,
    rules:
      'Resolves Yes if the BTC/USD spot price prints above $150,000 on the Pyth BTC/USD feed at any time before the end time. Resolves No otherwise.',
  },
  {
    name: 'Will SOL close the week above $250?',
    shortName: 'SOL weekly close > $250',
    category: 'Solana',
    kind: 'open',
    cutoffInSecs: 3 * DAY,
    endAfterCutoffSecs: 2 * DAY,
    yesLean: 0.55,
    rules:
      'Resolves Yes if the SOL/USD price on the Pyth feed is above $250 at the end time (Sunday 23:59 UTC). Resolves No otherwise. The feed this app plays Foresight on is the source.',
  },
  {
    name: 'Will the home team win tonight’s conference final game?',
    shortName: 'Home win tonight',
    category: 'NBA',
    kind: 'open',
    cutoffInSecs: 5 * HOUR,
    endAfterCutoffSecs: 3 * HOUR,
    yesLean: 0.6,
    rules:
      'Resolves Yes if the home team wins the game, overtime included. Resolves No if the away team wins. Resolves Invalid if the game is postponed past the end time.',
  },
  {
    name: 'Will the cup final be decided on penalties?',
    shortName: 'Final on penalties',
    category: 'Soccer',
    kind: 'open',
    cutoffInSecs: 9 * DAY,
    endAfterCutoffSecs: 3 * HOUR,
    yesLean: 0.3,
    rules:
      'Resolves Yes if the final is level after extra time and goes to a penalty shoot-out. Resolves No if either side wins in normal or extra time.',
  },
  {
    name: 'Will the stablecoin bill pass a floor vote this month?',
    shortName: 'Stablecoin bill vote',
    category: 'Politics',
    kind: 'open',
    cutoffInSecs: 12 * DAY,
    endAfterCutoffSecs: 2 * DAY,
    yesLean: 0.5,
    rules:
      'Resolves Yes if the bill passes a floor vote in either chamber before the end time, per the official record. Resolves No otherwise.',
  },
  {
    name: 'Will the Juice Critters floor reach 2 SOL this weekend?',
    shortName: 'Critters floor 2 SOL',
    category: 'NFT',
    kind: 'open',
    cutoffInSecs: 2 * DAY,
    endAfterCutoffSecs: DAY,
    yesLean: 0.45,
    rules:
      'Resolves Yes if the lowest listing of the Juice Critters collection on ReTail is 2 SOL or more at the end time. Resolves No otherwise.',
  },
  {
    name: 'Will the main event at Fight Night end by knockout?',
    shortName: 'Main event KO',
    category: 'UFC',
    kind: 'open',
    cutoffInSecs: 30 * HOUR,
    endAfterCutoffSecs: 4 * HOUR,
    yesLean: 0.55,
    rules:
      'Resolves Yes if the main event ends by KO or TKO. Resolves No for a submission, a decision or a draw. Resolves Invalid if the bout does not take place.',
  },
  {
    name: 'Will Sunday night’s game go over 47.5 total points?',
    shortName: 'Over 47.5 points',
    category: 'NFL',
    kind: 'open',
    cutoffInSecs: 4 * DAY,
    endAfterCutoffSecs: 4 * HOUR,
    yesLean: 0.5,
    rules:
      'Resolves Yes if both teams together score 48 points or more, overtime included. Resolves No otherwise.',
  },
  {
    name: 'Will ETH/BTC close the week above 0.05?',
    shortName: 'ETH/BTC above 0.05',
    category: 'Crypto',
    kind: 'closed',
    endAfterCutoffSecs: 2 * DAY,
    yesLean: 0.35,
    rules:
      'Resolves Yes if the ETH/BTC ratio of the Pyth feeds is above 0.05 at the weekly close (Sunday 23:59 UTC). Resolves No otherwise. Predictions are closed while the week plays out.',
  },
  {
    name: 'Will tonight’s rivalry game go to a shootout?',
    shortName: 'Rivalry shootout',
    category: 'NHL',
    kind: 'closed',
    endAfterCutoffSecs: 3 * HOUR,
    yesLean: 0.3,
    rules:
      'Resolves Yes if the game is tied after overtime and decided by a shootout. Resolves No otherwise. Predictions closed at puck drop.',
  },
  {
    name: 'Did the validator client upgrade ship on schedule?',
    shortName: 'Client upgrade on time',
    category: 'Solana',
    kind: 'resolved',
    endAfterCutoffSecs: 0,
    result: 'yes',
    yesLean: 0.6,
    rules:
      'Resolves Yes if the release was tagged on or before its announced date. Resolves No otherwise. The release notes are the source.',
  },
  {
    name: 'Did the city derby end in a draw?',
    shortName: 'Derby draw',
    category: 'Soccer',
    kind: 'resolved',
    endAfterCutoffSecs: 0,
    result: 'no',
    yesLean: 0.35,
    rules:
      'Resolves Yes if the match ended level after normal time. Resolves No if either side won. Stoppage time counts; extra time does not.',
  },
] satisfies DemoMarketPlan[]);

/** A market's times, unix seconds. */
export interface PlannedTimes {
  readonly cutoffTime: number;
  readonly endTime: number;
}

/**
 * The cutoff and end of a market created (or moved forward) at `nowSecs`. Open markets close
 * `cutoffInSecs` ahead; closed and resolved ones `shortCutoffSecs` ahead (the program takes no cutoff in
 * the past, so they are created open for long enough to take their predictions, then let close).
 *
 * @example plannedTimes({ kind: 'resolved', endAfterCutoffSecs: 0, … }, 1000, 40) // { cutoffTime: 1040, endTime: 1040 }
 */
export function plannedTimes(plan: DemoMarketPlan, nowSecs: number, shortCutoffSecs: number): PlannedTimes {
  const cutoffTime = nowSecs + (plan.kind === 'open' ? (plan.cutoffInSecs ?? DAY) : shortCutoffSecs);
  return { cutoffTime, endTime: cutoffTime + plan.endAfterCutoffSecs };
}

/**
 * Whether `times` fit a market that opened at `startTime` (unix seconds): its end at most
 * `MARKET_MAX_LIFETIME_SECS` after its start, as `create_market` and `update_market` require.
 *
 * @example fitsLifetime({ cutoffTime: 1_000, endTime: 2_000 }, 1_000) === true
 */
export function fitsLifetime(times: PlannedTimes, startTime: number): boolean {
  return times.endTime - startTime <= MARKET_MAX_LIFETIME_SECS;
}

/** One prediction of the plan. */
export interface PlannedPrediction {
  /** Index of the demo wallet that places it. */
  readonly wallet: number;
  readonly side: 'yes' | 'no';
  /** Lamports. */
  readonly amount: bigint;
}

/** Amounts demo wallets predict, in hundredths of a SOL: round numbers, as people type them. */
const AMOUNTS_CENTI_SOL = [10, 25, 50, 75, 100, 150, 200, 300, 500, 800] as const;

/**
 * The predictions on `plan` by `walletCount` demo wallets: the first three and about two in three of the
 * others predict, each on one side, leaning as the plan says. The first wallet always takes Yes and the
 * second No, so both sides have players (a resolved market then pays winners rather than refunding
 * everyone).
 */
export function plannedPredictions(plan: DemoMarketPlan, walletCount: number): PlannedPrediction[] {
  const random = seededRandom(seedOf(plan.name));
  const predictions: PlannedPrediction[] = [];
  for (let wallet = 0; wallet < walletCount; wallet++) {
    const joins = wallet < 3 || random() < 0.66;
    const side: 'yes' | 'no' =
      wallet === 0 ? 'yes' : wallet === 1 ? 'no' : random() < plan.yesLean ? 'yes' : 'no';
    const centi = BigInt(pick(random, AMOUNTS_CENTI_SOL));
    if (!joins) continue;
    const amount = (centi * LAMPORTS_PER_SOL) / 100n;
    predictions.push({ wallet, side, amount: amount < MIN_BET_LAMPORTS ? MIN_BET_LAMPORTS : amount });
  }
  return predictions;
}
