/**
 * What the e2e suites share: players closed after each test, JSON reads of the product's API, and honest
 * TailSpin play: {@link spin} (one spin, whatever it rolls) and {@link spinUntil} (spins at likely odds
 * until the wanted outcome comes), every bet checked against its fairness record with the SDK
 * ({@link expectHonestRoll}).
 *
 * @module
 */

import { ODDS_MAX } from '@arcade/sdk/constants';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { betPreview, type BetPreview } from '../../apps/web/src/features/tailspin/utils/stake.ts';
import { costSol } from '../../apps/web/src/lib/wager-bet/utils/bet-costs.ts';
import { formatLamports, parseSolInput } from '../../apps/web/src/lib/format.ts';
import { closedFairness, recomputeRoll, type BetFairnessJson } from '../harness/fairness.ts';
import {
  balance,
  newPlayer,
  product,
  screenshot,
  type Player,
  type PlayerOptions,
} from '../harness/index.ts';

export const UI_TIMEOUT = 60_000;
/** A bet's way from the click to the result: sign, confirm, index, settle, animate. */
export const RESULT_TIMEOUT = 200_000;
/** What a transaction may cost in network fees (base fee plus the priority fee the sender may add). */
export const FEE_ALLOWANCE = 10_000_000n;

/** Runs `play` with fresh players (one per options object), closing them all afterwards. */
export async function withPlayers(
  options: PlayerOptions[],
  play: (...players: Player[]) => Promise<void>,
): Promise<void> {
  const players: Player[] = [];
  try {
    for (const option of options) players.push(await newPlayer(option));
    await play(...players);
  } catch (error) {
    // What each player saw when it failed: e2e/artifacts/failed-<test>-<n>.png.
    const test = (expect.getState().currentTestName ?? 'test').replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
    for (const [index, player] of players.entries()) {
      await screenshot(player.page, `failed-${test}-${String(index + 1)}`).catch(() => undefined);
    }
    throw error;
  } finally {
    for (const player of players) await player.close();
  }
}

/** `GET path` on the product, as JSON (asserting a 2xx). */
export async function getJson<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${product().url}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** The page's session token (after `signIn`). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token === null) throw new Error('The page is not signed in');
  return token;
}

/** The value of a breakdown row (a `dl > div` with the label in its `dt`). */
export async function rowValue(page: Page, label: string): Promise<string> {
  const row = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
  return ((await row.locator('dd span').first().textContent()) ?? '').trim();
}

/** TailSpin's form, set to a SOL prize at `odds` with `stake` SOL typed; returns the SDK's preview. */
export async function setUpSpin(
  page: Page,
  odds: number,
  stake: string,
  token: 'SOL' | 'USDC' = 'SOL',
): Promise<BetPreview> {
  await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor({ timeout: UI_TIMEOUT });
  await page
    .getByRole('radio', { name: new RegExp(token) })
    .first()
    .click();
  const oddsField = page.getByRole('textbox', { name: 'Win chance in percent' });
  await oddsField.fill(String(odds));
  await oddsField.press('Enter');
  await page.getByRole('textbox', { name: 'Stake' }).fill(stake);
  const preview = betPreview(parseSolInput(stake)!, odds)!;
  // The breakdown shows the stake and the 4% fee exactly; the button adds the first bet's record rent.
  await expect.poll(() => rowValue(page, 'Stake')).toBe(`${costSol(preview.stake)} SOL`);
  expect(await rowValue(page, 'Fee (4%)')).toBe(`${costSol(preview.fee)} SOL`);
  return preview;
}

/** The odds {@link spinUntil} plays at by default: a win at 95% (ODDS_MAX), a loss at 5%. */
export const LIKELY_ODDS = Object.freeze({ win: ODDS_MAX, loss: 5 } as const);
/** Spins {@link spinUntil} plays at most before it gives up. */
export const MAX_TRIES = 8;

/** The link under a result: "Roll <r>, computed on chain", to `/fairness?bet=<create signature>`. */
export const rollLink = (page: Page) => page.getByRole('link', { name: /^Roll \d+, computed on chain$/ });

/** One played TailSpin or ReTail bet, checked against its fairness record. */
export interface PlayedBet {
  /** The creating transaction (`create_bet`). */
  signature: string;
  /** What the game showed. */
  result: 'win' | 'loss';
  /** The roll under the result ("Roll <r>, computed on chain"). */
  roll: number;
  odds: number;
  /** `GET /api/fairness/{signature}` once revealed. */
  record: BetFairnessJson;
  /** The wallet's balance (lamports) just before the bet was placed. */
  balanceBefore: bigint;
}

/**
 * Checks a revealed bet honestly, with the SDK (`harness/fairness.ts`): the revealed seed hashes to the
 * commitment it replaced; the server's message is `sequence ‖ playerSeed ‖ slotHash`; `rollFor` of the
 * revealed seed, the sequence, the player's seed and the reveal's slot hash is the program's roll (the
 * reveal's log line) and the server's `randomValue`; the result is Win iff roll < odds. Returns the roll.
 */
export async function expectHonestRoll(record: BetFairnessJson, odds: number): Promise<number> {
  const { bet, reveal, seed } = record;
  const label = `bet ${bet.signature}`;
  expect(bet.offChain, label).toBe(false);
  expect(bet.odds, label).toBe(odds);
  expect(seed?.revealed, label).toBe(true);
  expect(reveal?.outcome, label).toBe('settled');
  const recomputed = await recomputeRoll(record);
  expect(recomputed.seedLinked, `${label}: sha256(seed) is the previous commitment`).toBe(true);
  expect(record.message, `${label}: the HMAC message`).toBe(recomputed.message);
  expect(bet.randomValue, `${label}: the server's roll is the recomputed one`).toBe(recomputed.roll);
  expect(reveal?.roll, `${label}: the program's roll is the recomputed one`).toBe(recomputed.roll);
  expect(bet.result, `${label}: Win iff roll < odds`).toBe(recomputed.expectedResult);
  return recomputed.roll;
}

/**
 * Once the game shows a result: reads the roll link under it (the roll shown and the bet's signature),
 * waits for the bet's fairness record and checks it with {@link expectHonestRoll}; the shown roll and
 * result must be the record's.
 */
export async function checkShownBet(
  page: Page,
  odds: number,
  result: 'win' | 'loss',
  balanceBefore: bigint,
): Promise<PlayedBet> {
  const link = rollLink(page);
  await link.waitFor({ timeout: UI_TIMEOUT });
  const roll = Number(/Roll (\d+), computed on chain/.exec((await link.textContent()) ?? '')?.[1]);
  const href = (await link.getAttribute('href')) ?? '';
  const url = new URL(href, product().url);
  expect(url.pathname).toBe('/fairness');
  const signature = url.searchParams.get('bet') ?? '';
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  const record = await closedFairness(signature, UI_TIMEOUT);
  const recomputed = await expectHonestRoll(record, odds);
  expect(roll, 'the roll the game shows').toBe(recomputed);
  expect(result, `the result the game shows for roll ${roll} at ${odds}%`).toBe(
    recomputed < odds ? 'win' : 'loss',
  );
  return { signature, result, roll, odds, record, balanceBefore };
}

/** Options of {@link spin} and {@link spinUntil}. */
export interface SpinOptions {
  /** The stake typed, in SOL. */
  stake: string;
  /** The win chance; {@link spinUntil} defaults to {@link LIKELY_ODDS} of the wanted outcome. */
  odds?: number;
  /** The prize's token (default SOL). */
  token?: 'SOL' | 'USDC';
  /** A screenshot of the (wanted) result, `e2e/artifacts/<shot>.png`. */
  shot?: string;
}

/** A TailSpin spin played and checked: the bet, and the form's preview. */
export interface Spin extends PlayedBet {
  preview: BetPreview;
}

/**
 * Spins TailSpin once at `odds` with `stake` SOL, waits for the result ('You won' or 'No luck this time')
 * and checks the bet honestly ({@link checkShownBet}). Whatever it rolls is the result.
 */
export async function spin(player: Player, options: SpinOptions & { odds: number }): Promise<Spin> {
  const { page, address } = player;
  const { odds, stake, token = 'SOL' } = options;
  const preview = await setUpSpin(page, odds, stake, token);
  const button = page.getByRole('button', { name: /^Spin for \d+(\.\d+)? SOL$/ });
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  const balanceBefore = await balance(address);
  await button.click();

  const won = page.getByText('You won', { exact: true });
  const lost = page.getByText('No luck this time', { exact: true });
  const failed = page.locator('form [role=alert], section [role=alert]');
  await won.or(lost).or(failed).first().waitFor({ timeout: RESULT_TIMEOUT });
  if (await failed.first().isVisible()) {
    await screenshot(page, `${options.shot ?? 'spin'}-failed`);
    throw new Error(`The bet failed: ${await failed.first().textContent()}`);
  }
  const result = (await won.isVisible()) ? 'win' : 'loss';
  const played = await checkShownBet(page, odds, result, balanceBefore);
  return { ...played, preview };
}

/**
 * Leaves a TailSpin result for the form: a win is claimed as SOL first (the record must be free before
 * the next bet), then "Another go".
 */
export async function nextSpin(page: Page, last: Spin, token: 'SOL' | 'USDC' = 'SOL'): Promise<void> {
  if (last.result === 'win') {
    const name = token === 'SOL' ? `Claim ${formatLamports(last.preview.prize)} SOL` : 'Claim as SOL';
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
  }
  await page.getByRole('button', { name: 'Another go' }).click();
  await page.getByRole('button', { name: /^Spin for/ }).waitFor({ timeout: UI_TIMEOUT });
}

/** What {@link spinUntil} ended with: the wanted bet, and every bet it played on the way. */
export interface SpinUntil extends Spin {
  /** Spins played, the wanted one included (1 when the first came out as wanted). */
  tries: number;
  /** Every bet played, in order, each checked honestly. */
  played: Spin[];
}

/**
 * Plays TailSpin honestly until the result is `want`: at odds that make it likely ({@link LIKELY_ODDS}:
 * 95% for a win, 5% for a loss; a win in the way is claimed), spinning again after each other outcome, at
 * most {@link MAX_TRIES} times (then it fails, naming every roll). Nothing chooses the roll: the program
 * computes it from the settler's committed seed, the player's seed and the hash of the slot the bet lands
 * in; every bet played is checked against its fairness record ({@link expectHonestRoll}). Resolves on the
 * wanted result's screen, with its bet (signature, the shown roll and result, the record).
 */
export async function spinUntil(
  player: Player,
  want: 'win' | 'loss',
  options: SpinOptions & { maxTries?: number },
): Promise<SpinUntil> {
  const odds = options.odds ?? LIKELY_ODDS[want];
  const maxTries = options.maxTries ?? MAX_TRIES;
  const played: Spin[] = [];
  for (let tries = 1; tries <= maxTries; tries += 1) {
    const bet = await spin(player, { ...options, odds });
    played.push(bet);
    if (bet.result === want) {
      if (options.shot !== undefined) await screenshot(player.page, options.shot);
      return { ...bet, tries, played };
    }
    await nextSpin(player.page, bet, options.token);
  }
  const rolls = played.map((bet) => bet.roll).join(', ');
  throw new Error(
    `No ${want} in ${maxTries} honest spins at ${odds}% (rolls ${rolls}): every roll was checked, so this is chance or a product bug`,
  );
}
