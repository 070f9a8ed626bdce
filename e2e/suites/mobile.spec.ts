/**
 * The main flows on a 375 × 812 phone: connect and sign in; TailSpin's stake, Spin button and dial in the
 * first screen, the spin played at 95% with the result shown in place (nothing scrolls away, the header
 * does not move), checked against its fairness record, and the prize claimed; then the feed and the chat
 * through the tab bar's "More" menu.
 */

import { ODDS_MAX } from '@arcade/sdk/constants';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { betPreview } from '../../apps/web/src/features/tailspin/utils/stake.ts';
import { costSol } from '../../apps/web/src/lib/wager-bet/utils/bet-costs.ts';
import { formatLamports } from '../../apps/web/src/lib/format.ts';
import { balance, screenshot, signIn } from '../harness/index.ts';
import { checkShownBet, FEE_ALLOWANCE, RESULT_TIMEOUT, UI_TIMEOUT, withPlayers } from './helpers.ts';

const WIDTH = 375;
const HEIGHT = 812;

/** Where a box sits on the screen: top and bottom, in CSS px from the top of the viewport. */
async function box(locator: Locator): Promise<{ top: number; bottom: number }> {
  const rect = await locator.boundingBox();
  if (rect === null) throw new Error('Not rendered');
  return { top: rect.y, bottom: rect.y + rect.height };
}

/**
 * The part of the screen nothing covers: below the sticky header (and announcement), above the tab bar.
 */
async function visibleBand(page: Page): Promise<{ top: number; bottom: number }> {
  const header = await box(page.getByRole('banner').first());
  const tabBar = await box(page.getByRole('navigation', { name: 'Main' }).last());
  return { top: header.bottom, bottom: tabBar.top };
}

async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const band = await visibleBand(page);
  const shown = await box(locator);
  expect(shown.top, `${what}: top under the header`).toBeGreaterThanOrEqual(band.top - 1);
  expect(shown.bottom, `${what}: bottom above the tab bar`).toBeLessThanOrEqual(band.bottom + 1);
}

describe('on a 375 px phone', () => {
  it('spins with the stake, Spin and dial in the first screen, sees the result in place, claims it, then opens the feed and the chat from "More"', async () => {
    await withPlayers([{ sol: 2, width: WIDTH, height: HEIGHT }], async (player) => {
      const { page, address } = player;
      await page.goto('/');
      const username = await signIn(page);
      await screenshot(page, 'suite-mobile-signed-in');

      // The tab bar takes the player to TailSpin.
      await page.getByRole('navigation').getByRole('link', { name: 'TailSpin' }).last().click();
      await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor({ timeout: UI_TIMEOUT });
      const table = page.getByRole('region', { name: 'TailSpin table' });
      const stake = page.getByRole('textbox', { name: 'Stake' });
      await stake.fill('0.1');
      const odds = page.getByRole('textbox', { name: 'Win chance in percent' });
      await odds.fill(String(ODDS_MAX));
      await odds.press('Enter');
      // What leaves the wallet, to the lamport: stake + 4% fee + the new bet record's rent.
      const preview = betPreview(100_000_000n, ODDS_MAX)!;
      const spin = page.getByRole('button', { name: /^Spin for \d+\.\d+ SOL$/ });
      await expect.poll(() => spin.isEnabled(), { timeout: 30_000 }).toBe(true);
      const label = (await spin.textContent()) ?? '';
      const pay = BigInt(Math.round(Number(/Spin for ([\d.]+) SOL/.exec(label)![1]) * 1e9));
      expect(pay).toBeGreaterThan(preview.total);
      expect(label).toBe(`Spin for ${costSol(pay)} SOL`);
      await expect
        .poll(async () => (await page.getByText(/^Stake 0\.10 · Fee 4% /).textContent()) ?? '')
        .toMatch(/^Stake 0\.10 · Fee 4% 0\.004 · .*Network ≈0\.000006 SOL$/);

      // The first screen, unscrolled: the dial, the stake and Spin, all above the tab bar.
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await expectOnScreen(page, stake, 'the stake');
      await expectOnScreen(page, spin, 'the Spin button');
      await expectOnScreen(page, table.locator('svg').first(), 'the dial');
      await screenshot(page, 'suite-mobile-tailspin-ready');

      // At 95% a spin is likely to win; a loss is played again ("Another go"), each spin checked the same way.
      let result: 'win' | 'loss' = 'loss';
      for (let tries = 1; tries <= 4 && result === 'loss'; tries += 1) {
        if (tries > 1) {
          await page.getByRole('button', { name: 'Another go' }).click();
          await expect.poll(() => spin.isEnabled(), { timeout: 30_000 }).toBe(true);
        }
        const headerBefore = await box(page.getByRole('banner').first());
        const titleBefore = await box(page.getByRole('heading', { level: 1, name: 'TailSpin' }));
        const scrollBefore = await page.evaluate(() => scrollY);
        const charged = tries === 1 ? pay : preview.total;
        if (tries > 1) expect(await spin.textContent()).toBe(`Spin for ${costSol(preview.total)} SOL`);
        const balanceBefore = await balance(address);
        await spin.click();
        // While it spins, nothing above the table moves and the page does not scroll.
        await page.getByText('Spinning…').waitFor({ timeout: UI_TIMEOUT });
        expect(await box(page.getByRole('banner').first())).toEqual(headerBefore);
        expect(await box(page.getByRole('heading', { level: 1, name: 'TailSpin' }))).toEqual(titleBefore);
        expect(await page.evaluate(() => scrollY)).toBe(scrollBefore);

        const won = page.getByText('You won', { exact: true });
        const lost = page.getByText('No luck this time', { exact: true });
        await won.or(lost).first().waitFor({ timeout: RESULT_TIMEOUT });
        result = (await won.isVisible()) ? 'win' : 'loss';
        // The result is in place: the dial's verdict, the result and its button on screen, the header
        // where it was.
        expect((await box(page.getByRole('banner').first())).top).toBe(headerBefore.top);
        await expectOnScreen(
          page,
          table.getByText(result === 'win' ? 'WIN' : 'LOSS', { exact: true }),
          'the dial',
        );
        await expectOnScreen(page, result === 'win' ? won : lost, 'the result');
        const next =
          result === 'win'
            ? page.getByRole('button', { name: `Claim ${formatLamports(preview.prize)} SOL` })
            : page.getByRole('button', { name: 'Another go' });
        await expectOnScreen(page, next, 'the result’s button');
        await screenshot(page, `suite-mobile-result-${String(tries)}`);
        await checkShownBet(page, ODDS_MAX, result, balanceBefore);
        // The wallet paid the button's amount and a network fee.
        const paid = balanceBefore - (await balance(address));
        expect(paid).toBeGreaterThanOrEqual(charged);
        expect(paid - charged).toBeLessThan(FEE_ALLOWANCE);
      }
      expect(result, 'four spins at 95% lost in a row: chance (1 in 160,000) or a product bug').toBe('win');
      const afterBet = await balance(address);
      await page.getByRole('button', { name: `Claim ${formatLamports(preview.prize)} SOL` }).click();
      await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
      await expect
        .poll(async () => (await balance(address)) - afterBet, { timeout: 30_000 })
        .toBeGreaterThan(preview.prize - FEE_ALLOWANCE);

      // "More" → Feed & chat: the sidebar slides in with the bet in the feed.
      await page.getByRole('button', { name: 'More' }).click();
      const menu = page.getByRole('menu', { name: 'More' });
      await menu.getByRole('menuitemcheckbox', { name: /Feed & chat/ }).click();
      const sidebar = page.getByRole('complementary', { name: 'Feed and chat' });
      await sidebar.waitFor({ timeout: UI_TIMEOUT });
      await sidebar.getByRole('tab', { name: 'Game Feed' }).click();
      await sidebar
        .getByRole('listitem')
        .filter({ hasText: username ?? '' })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      await screenshot(page, 'suite-mobile-feed');
      await sidebar.getByRole('tab', { name: 'Live Chat' }).click();
      await sidebar.getByPlaceholder('Say something…').waitFor({ timeout: UI_TIMEOUT });
      await screenshot(page, 'suite-mobile-chat');
      await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
      await sidebar.waitFor({ state: 'hidden' });
    });
  });
});
