/**
 * What the e2e suites share: players closed after each test, TailSpin spins with a known result, the
 * fairness record of a bet, and JSON reads of the product's API.
 *
 * @module
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { betPreview, type BetPreview } from '../../apps/web/src/features/tailspin/utils/stake.ts';
import { formatLamports, formatLamportsMin, parseSolInput } from '../../apps/web/src/lib/format.ts';
import { lastGrind, rigNextBet, type GrindRecord } from '../harness/fairness.ts';
import { newPlayer, product, screenshot, type Player, type PlayerOptions } from '../harness/index.ts';

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

/** A bet's fairness record as `GET /api/fairness/{signature}` sends it. */
export interface BetFairness {
  bet: {
    signature: string;
    betAddress: string;
    odds: number;
    state: string;
    result: string;
    randomValue: number | null;
  };
  seed: { seedIndex: number; seed: string | null; revealed: boolean } | null;
}

/** Waits until the bet created by `signature` is closed (not Open) and returns its fairness record. */
export async function settledFairness(signature: string): Promise<BetFairness> {
  let record: BetFairness | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${product().url}/api/fairness/${signature}`);
        if (!response.ok) return 'missing';
        record = (await response.json()) as BetFairness;
        return record.bet.state;
      },
      { timeout: UI_TIMEOUT },
    )
    .not.toMatch(/^(missing|Open)$/);
  return record!;
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
  expect(await rowValue(page, 'You pay')).toBe(`${formatLamportsMin(preview.total)} SOL`);
  return preview;
}

/** The outcome of a rigged spin: what the wallet ground and the bet's creating signature. */
export interface SpinOutcome {
  preview: BetPreview;
  grind: GrindRecord;
  signature: string;
}

/**
 * Spins TailSpin once at `odds` with `stake` SOL, the wallet grinding the bet so that it `want`s: resolves
 * once the wheel shows the result ('You won …' or 'No luck this time.'), with the bet's signature (from
 * the history's "Verify the bet" link).
 */
export async function riggedSpin(
  player: Player,
  odds: number,
  stake: string,
  want: 'win' | 'loss',
  shot?: string,
  token: 'SOL' | 'USDC' = 'SOL',
): Promise<SpinOutcome> {
  const { page, address } = player;
  const preview = await setUpSpin(page, odds, stake, token);
  const history = page.getByRole('region', { name: 'Your bets' });
  const verify = history.getByRole('link', { name: /Verify the bet/ });
  const before = await verify.count();
  await rigNextBet(page, address, odds, want);
  const spin = page.getByRole('button', { name: `Spin for ${formatLamports(preview.total)} SOL` });
  await expect.poll(() => spin.isEnabled(), { timeout: 30_000 }).toBe(true);
  await spin.click();

  const won = page.getByText('You won', { exact: true });
  const lost = page.getByText('No luck this time', { exact: true });
  const failed = page.locator('form [role=alert], section [role=alert]');
  await won.or(lost).or(failed).first().waitFor({ timeout: RESULT_TIMEOUT });
  if (await failed.first().isVisible()) {
    await screenshot(page, `${shot ?? 'spin'}-failed`);
    throw new Error(`The bet failed: ${await failed.first().textContent()}`);
  }
  const grind = await lastGrind(page);
  expect(grind, 'the wallet ground the bet').not.toBeNull();
  if (shot !== undefined) await screenshot(page, shot);

  // The bet's signature: the newest "Verify the bet" link of the history.
  await expect.poll(() => verify.count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(before);
  const href = (await verify.first().getAttribute('href')) ?? '';
  const signature = new URL(href, product().url).searchParams.get('bet') ?? '';
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  return { preview, grind: grind!, signature };
}
