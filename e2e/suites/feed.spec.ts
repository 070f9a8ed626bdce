/**
 * The live Game Feed shows every result as it happens: a second browser page watching the feed (never
 * reloaded) sees a SOL TailSpin spin turn to "Lost", a USDC TailSpin spin and a ReTail (NFT) play turn to
 * "Won", and both sides of a Foresight round turn to "Won" and "Lost", each on the row of the bet itself.
 *
 * Outcomes are played honestly (`spinUntil`, `helpers.ts`): nobody chooses a roll, so the wanted outcome
 * is reached at odds that make it likely, and every bet is checked against its fairness record.
 */

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ODDS_MAX } from '@arcade/sdk/constants';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatSol } from '../../apps/web/src/lib/format.ts';
import { E2E_FORESIGHT_TIMELOCK, screenshot, signIn, useProduct, type Player } from '../harness/index.ts';
import { ROOT, startProduct, type RunningProduct } from '../harness/product-process.ts';
import {
  checkShownBet,
  getJson,
  LIKELY_ODDS,
  MAX_TRIES,
  RESULT_TIMEOUT,
  UI_TIMEOUT,
  withPlayers,
  type PlayedBet,
} from './helpers.ts';

/** The watcher's Game Feed, opened in the right sidebar. */
async function openFeed(page: Page): Promise<Locator> {
  const sidebar = page.getByRole('complementary', { name: 'Feed and chat' });
  const show = page.getByRole('button', { name: 'Show feed and chat' });
  // Once the app has rendered: the sidebar open, or its toggle.
  await sidebar.or(show).first().waitFor({ timeout: UI_TIMEOUT });
  if (!(await sidebar.isVisible())) await show.click();
  await sidebar.getByRole('tab', { name: 'Game Feed' }).click();
  const feed = sidebar.getByRole('region', { name: 'Game feed' });
  await feed.waitFor({ timeout: UI_TIMEOUT });
  return feed;
}

/** Marks the page so that a reload (which would show stored results) is detected. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __feedWatcher?: boolean }).__feedWatcher = true;
  });
}

async function stillTheSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __feedWatcher?: boolean }).__feedWatcher === true);
}

/** The feed row of the bet made by the transaction `signature`. */
const betRow = (feed: Locator, signature: string) => feed.locator(`li[data-signature="${signature}"]`);

/** Waits until `row` shows `outcome` ("Won" or "Lost") and returns its text. */
async function expectOutcome(row: Locator, outcome: 'Won' | 'Lost'): Promise<string> {
  await row.getByText(outcome, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
  expect(await row.getByText(outcome === 'Won' ? 'Lost' : 'Won', { exact: true }).count()).toBe(0);
  return (await row.textContent()) ?? '';
}

interface WireListing {
  mint: string;
  name: string;
}

/** The live round's card. */
const liveCard = (page: Page) => page.getByRole('article', { name: /^Round #\d+, Live$/ });
/** Round `id`'s card, in a stage matching `stage`. */
const roundCard = (page: Page, id: number, stage = '[A-Za-z]+') =>
  page.getByRole('article', { name: new RegExp(`^Round #${id}, ${stage}$`) });

/** Seconds of betting left on the live card (0 once it reads Pending...). */
async function bettingSecondsLeft(page: Page): Promise<number> {
  const text = (await liveCard(page).getByRole('timer').textContent()) ?? '';
  const match = /(\d+)m (\d+)s/.exec(text);
  return match === null ? 0 : Number(match[1]) * 60 + Number(match[2]);
}

/** Waits until the settler has committed a seed chain (`create_bet` needs one). */
async function waitForCommittedChain(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await fetch(`${url}/api/fairness`);
    if (response.ok) {
      const { chains } = (await response.json()) as {
        chains: { status: string; startSequence: number | null; commitSignature: string | null }[];
      };
      if (
        chains.some(
          (chain) =>
            chain.status !== 'exhausted' && chain.startSequence !== null && chain.commitSignature !== null,
        )
      ) {
        return;
      }
    }
    if (Date.now() > deadline) throw new Error('The settler committed no seed chain within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('the live Game Feed', () => {
  // A product of its own serving a copy of the web build: this long test keeps loading its pages while
  // something else rebuilds apps/web/dist.
  let webDist = '';
  let running: RunningProduct | null = null;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'arcade-e2e-feed-web-'));
    cpSync(join(ROOT, 'apps', 'web', 'dist'), webDist, { recursive: true });
    running = await startProduct({ webDistDir: webDist, logName: 'product-feed' });
    await waitForCommittedChain(running.product.url);
    useProduct(running.product);
  }, 240_000);
  afterAll(async () => {
    useProduct(null);
    await running?.stop();
    if (webDist !== '') rmSync(webDist, { recursive: true, force: true });
  });

  it('shows another page each result without a reload: SOL and USDC spins, a ReTail win and a Foresight bet', async () => {
    await withPlayers(
      [{ sol: 1 }, { sol: 3 }, { sol: 3 }, { sol: 12 }, { sol: 2 }, { sol: 2 }],
      async (watcher, sol, usdc, retail, up, down) => {
        await watcher.page.goto('/');
        const feed = await openFeed(watcher.page);
        await markPage(watcher.page);

        // A SOL spin that loses: its row turns to "Lost".
        await sol.page.goto('/tailspin');
        const solName = await signIn(sol.page);
        const lost = await spinTailSpinUntil(sol.page, 'loss', '0.05', 'SOL');
        const solRow = betRow(feed, lost.signature);
        const solText = await expectOutcome(solRow, 'Lost');
        expect(solText).toContain(solName ?? '');
        expect(solText).toContain('TailSpin');
        expect(solText).toContain(`${lost.odds}%`);

        // A USDC spin that wins: its row turns to "Won".
        await usdc.page.goto('/tailspin');
        await signIn(usdc.page);
        const won = await spinTailSpinUntil(usdc.page, 'win', '0.1', 'USDC');
        const usdcText = await expectOutcome(betRow(feed, won.signature), 'Won');
        expect(usdcText).toContain('TailSpin');

        // A ReTail play that wins its NFT: its row turns to "Won" under ReTail.
        const nft = await playRetailUntilWin(retail);
        const retailText = await expectOutcome(betRow(feed, nft.signature), 'Won');
        expect(retailText).toContain('ReTail');

        // A Foresight round with both sides: each player's row turns to its outcome.
        for (const { name, outcome } of await playForesight(up, down)) {
          const row = feed
            .getByRole('listitem')
            .filter({ hasText: name })
            .filter({ hasText: 'Foresight' })
            .first();
          await expectOutcome(row, outcome);
        }

        // Every row above changed on the watcher's page as it was: no reload.
        expect(await stillTheSamePage(watcher.page)).toBe(true);
        await screenshot(watcher.page, 'suite-feed-results');
      },
    );
    // Four games played honestly until their outcomes come (a Foresight round is 2 × 12 s, maybe again).
  }, 600_000);
});

/**
 * Spins TailSpin at odds that make `want` likely ({@link LIKELY_ODDS}) until it comes, each bet checked
 * against its fairness record (`checkShownBet`); a win in the way is claimed (the record must be free).
 * Like `spinUntil` in `helpers.ts`, without its check of the form's amounts (not this suite's subject).
 */
async function spinTailSpinUntil(
  page: Page,
  want: 'win' | 'loss',
  stake: string,
  token: 'SOL' | 'USDC',
): Promise<PlayedBet> {
  const odds = LIKELY_ODDS[want];
  await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor({ timeout: UI_TIMEOUT });
  const rolls: number[] = [];
  for (let tries = 1; tries <= MAX_TRIES; tries += 1) {
    await page
      .getByRole('radio', { name: new RegExp(token) })
      .first()
      .click();
    const oddsField = page.getByRole('textbox', { name: 'Win chance in percent' });
    await oddsField.fill(String(odds));
    await oddsField.press('Enter');
    await page.getByRole('textbox', { name: 'Stake' }).fill(stake);
    const button = page.getByRole('button', { name: /^Spin for / });
    await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
    await button.click();
    const won = page.getByText('You won', { exact: true });
    const lost = page.getByText('No luck this time', { exact: true });
    const failed = page.locator('form [role=alert], section [role=alert]');
    await won.or(lost).or(failed).first().waitFor({ timeout: RESULT_TIMEOUT });
    if (await failed.first().isVisible()) {
      throw new Error(`The bet failed: ${await failed.first().textContent()}`);
    }
    const bet = await checkShownBet(page, odds, (await won.isVisible()) ? 'win' : 'loss', 0n);
    if (bet.result === want) return bet;
    rolls.push(bet.roll);
    if (bet.result === 'win') {
      await page
        .getByRole('button', { name: /^Claim/ })
        .first()
        .click();
      await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
    }
    await page.getByRole('button', { name: 'Another go' }).click();
  }
  throw new Error(`No ${want} in ${MAX_TRIES} honest spins at ${odds}% (rolls ${rolls.join(', ')})`);
}

/** Plays ReTail's cheapest listing at 95% until the claw wins; the winning bet. */
async function playRetailUntilWin(player: Player): Promise<PlayedBet> {
  const { page } = player;
  await page.goto('/retail');
  await signIn(page);
  const { collections } = await getJson<{ collections: { slug: string }[] }>('/api/nfts/trendingV2');
  const collection = collections[0]!;
  const detail = await getJson<{ collection: { listings: WireListing[] } }>(
    `/api/nfts/collectionV2?collId=${encodeURIComponent(collection.slug)}`,
  );
  const listing = detail.collection.listings[0]!;
  await page.goto(`/retail/${encodeURIComponent(collection.slug)}?listing=${listing.mint}`);
  await page.getByRole('heading', { level: 1, name: listing.name }).waitFor({ timeout: UI_TIMEOUT });
  const oddsField = page.getByRole('textbox', { name: 'Win chance in percent' });
  const play = page.getByRole('button', { name: /^Play for / });
  const rolls: number[] = [];
  for (let tries = 1; tries <= MAX_TRIES; tries += 1) {
    await oddsField.fill(String(ODDS_MAX));
    await oddsField.press('Enter');
    await expect.poll(() => play.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await play.click();
    const wonText = page.getByText(`You won ${listing.name}!`);
    const slipped = page.getByText('The claw slipped!');
    const failed = page.getByRole('alert');
    await wonText.or(slipped).or(failed).first().waitFor({ timeout: RESULT_TIMEOUT });
    if (!(await wonText.isVisible()) && !(await slipped.isVisible())) {
      throw new Error(`The bet failed: ${await failed.first().textContent()}`);
    }
    const bet = await checkShownBet(page, ODDS_MAX, (await wonText.isVisible()) ? 'win' : 'loss', 0n);
    if (bet.result === 'win') return bet;
    rolls.push(bet.roll);
    await page.getByRole('button', { name: 'Have another go' }).click();
  }
  throw new Error(`No ReTail win in ${MAX_TRIES} honest plays at ${ODDS_MAX}% (rolls ${rolls.join(', ')})`);
}

/**
 * Bets Up (`up`) and Down (`down`) in the same live Foresight round (a round with one side only is
 * Invalid) until a round settles Up or Down (an invalid one is withdrawn and played again); each player's
 * name and what its round card says the bet did.
 */
async function playForesight(up: Player, down: Player): Promise<{ name: string; outcome: 'Won' | 'Lost' }[]> {
  const amount = 100_000_000n;
  const names: string[] = [];
  for (const player of [up, down]) {
    // Signed in on the (lighter) home page; the tab keeps the wallet and the session.
    await player.page.goto('/');
    names.push((await signIn(player.page)) ?? '');
    await player.page.goto('/foresight/SOL');
    await player.page.getByLabel('Amount (SOL)').fill(String(Number(amount) / 1e9));
  }
  const bet = async (page: Page, side: 'Up' | 'Down'): Promise<number> => {
    const form = page.getByRole('form', { name: /^Bet on round #\d+$/ });
    await form.getByRole('button', { name: new RegExp(`^${side}`) }).click();
    const placed = page.getByText(
      new RegExp(`^Bet placed: ${formatSol(amount)} on ${side} in round #(\\d+)$`),
    );
    await placed.waitFor({ timeout: UI_TIMEOUT });
    return Number(/#(\d+)$/.exec((await placed.textContent()) ?? '')![1]);
  };
  const outcomeOn = async (page: Page, round: number): Promise<string> => {
    const card = roundCard(page, round, '(Settled|Invalid)');
    await card.waitFor({ timeout: UI_TIMEOUT * 2 });
    const position = card.locator('[data-outcome]');
    await position.waitFor({ timeout: UI_TIMEOUT });
    return (await position.getAttribute('data-outcome')) ?? '';
  };
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await liveCard(up.page).waitFor({ timeout: UI_TIMEOUT });
    await expect
      .poll(() => bettingSecondsLeft(up.page), { timeout: (E2E_FORESIGHT_TIMELOCK + 10) * 1000 })
      .toBeGreaterThanOrEqual(Math.min(7, E2E_FORESIGHT_TIMELOCK - 3));
    const [upRound, downRound] = await Promise.all([bet(up.page, 'Up'), bet(down.page, 'Down')]);
    const [upOutcome, downOutcome] = await Promise.all([
      outcomeOn(up.page, upRound),
      outcomeOn(down.page, downRound),
    ]);
    if (upRound === downRound && upOutcome !== 'withdraw') {
      // `settle`: the winner's claim; `lost`: the other side.
      expect([upOutcome, downOutcome].sort()).toEqual(['lost', 'settle']);
      return [
        { name: names[0]!, outcome: upOutcome === 'settle' ? 'Won' : 'Lost' },
        { name: names[1]!, outcome: downOutcome === 'settle' ? 'Won' : 'Lost' },
      ];
    }
    // Invalid (an unchanged price, or split across rounds): the stakes come back; play the next round.
    for (const [player, round] of [
      [up, upRound],
      [down, downRound],
    ] as const) {
      await roundCard(player.page, round)
        .getByRole('button', { name: `Withdraw ${formatSol(amount)}` })
        .click();
      await player.page.getByText(`Refunded ${formatSol(amount)}`, { exact: true }).waitFor();
    }
  }
  throw new Error('Three Foresight rounds in a row were invalid');
}
