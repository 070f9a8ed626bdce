/**
 * The main flows on a 375 px phone: connect and sign in, TailSpin played honestly at 95% until it wins
 * (`spinUntil`, each bet checked against its fairness record) and the prize claimed, then the feed and the
 * chat through the tab bar's "More" menu.
 */

import { describe, expect, it } from 'vitest';

import { formatLamports } from '../../apps/web/src/lib/format.ts';
import { balance, screenshot, signIn } from '../harness/index.ts';
import { FEE_ALLOWANCE, spinUntil, UI_TIMEOUT, withPlayers } from './helpers.ts';

describe('on a 375 px phone', () => {
  it('signs in, wins a spin and claims it, then opens the feed and the chat from "More"', async () => {
    await withPlayers([{ sol: 2, width: 375, height: 812 }], async (player) => {
      const { page, address } = player;
      await page.goto('/');
      const username = await signIn(page);
      await screenshot(page, 'suite-mobile-signed-in');

      // The tab bar takes the player to TailSpin.
      await page.getByRole('navigation').getByRole('link', { name: 'TailSpin' }).last().click();
      const win = await spinUntil(player, 'win', { stake: '0.1', shot: 'suite-mobile-won' });
      const afterBet = await balance(address);
      await page.getByRole('button', { name: `Claim ${formatLamports(win.preview.prize)} SOL` }).click();
      await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
      await expect
        .poll(async () => (await balance(address)) - afterBet, { timeout: 30_000 })
        .toBeGreaterThan(win.preview.prize - FEE_ALLOWANCE);

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
