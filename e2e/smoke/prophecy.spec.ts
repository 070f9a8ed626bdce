/**
 * Prophecy, end to end in Chromium against the product: an admin opens a market (cutoff 30 s ahead) through
 * the API; a player finds it in the list, predicts Yes, and watches the pools grow, including a second
 * player's No arriving live; once the cutoff passes the admin resolves it Yes and the player sees the
 * result, the payout of the SDK maths, and the payout arriving in the wallet.
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatSol } from '../../apps/web/src/lib/format.ts';
import { adminApi, balance, newPlayer, screenshot, signIn, type Player } from '../harness/index.ts';

/** The market's betting window: ~30 s of predicting, with room for a loaded machine. */
const CUTOFF_SECS = 45;
const YES = 500_000_000n;
const NO = 250_000_000n;
const UI_TIMEOUT = 60_000;

/** Backs `side` with `amount` lamports on the market page open in `page`, and waits for the confirmation. */
async function predict(page: Page, side: 'Yes' | 'No', amount: bigint): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${side}`) }).click();
  await page.getByLabel('Amount', { exact: true }).fill(String(Number(amount) / Number(LAMPORTS_PER_SOL)));
  await page.getByRole('button', { name: `Predict ${side}` }).click();
  await page.getByText(`Prediction placed: ${formatSol(amount)} on ${side}`).waitFor({ timeout: UI_TIMEOUT });
}

describe('Prophecy', () => {
  it('predicts Yes, sees the pools grow live, and is paid when the market resolves Yes', async () => {
    const players: Player[] = [];
    try {
      // Two players, connected and signed in first: the market's betting window is for predicting.
      const alice = await newPlayer({ sol: 3 });
      players.push(alice);
      const bob = await newPlayer({ sol: 2 });
      players.push(bob);
      const { page } = alice;
      await page.goto('/prophecy');
      await signIn(page);
      await bob.page.goto('/prophecy');
      await signIn(bob.page);

      const now = Math.floor(Date.now() / 1000);
      const name = `Will the e2e run ${now} pass?`;
      const created = (await adminApi('/api/prophecy/createMarket', {
        name,
        shortName: `e2e ${now}`,
        category: 'Crypto',
        rules: 'Resolves Yes when the admin says so at the end of this test.',
        cutoffTime: now + CUTOFF_SECS,
        endTime: now + CUTOFF_SECS + 5,
      })) as { market: { key: string } };
      const key = created.market.key;

      // The second player opens the market meanwhile, to back No once the first has backed Yes.
      const bobReady = bob.page.goto(`/prophecy/${key}`);

      // The list shows the new market, open, with its pools; its card opens the market page.
      await page.reload();
      const card = page.getByRole('link', { name: new RegExp(name.replace(/[?]/g, '\\?')) });
      await card.waitFor({ timeout: UI_TIMEOUT });
      expect(await card.textContent()).toContain('Open');
      await card.click();
      await page.waitForURL(`**/prophecy/${key}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('timer').first().waitFor();

      // Predict Yes: the Yes pool holds the stake, and it is the player's position.
      await predict(page, 'Yes', YES);
      const yesSide = page.getByTestId('side-yes');
      const noSide = page.getByTestId('side-no');
      await expect.poll(() => yesSide.textContent(), { timeout: UI_TIMEOUT }).toContain(formatSol(YES));
      await page.getByRole('heading', { name: 'Add to your prediction' }).waitFor();
      expect(await page.getByRole('radio', { name: /^No/ }).getAttribute('aria-disabled')).toBe('true');

      // A second player backs No: the first page's No pool grows without a reload.
      await bobReady;
      await predict(bob.page, 'No', NO);
      await expect.poll(() => noSide.textContent(), { timeout: UI_TIMEOUT }).toContain(formatSol(NO));
      expect(await yesSide.textContent()).toContain('×1.50');
      await screenshot(page, 'prophecy-open');

      // The cutoff passes: betting closes on its own, then the admin resolves Yes.
      await page
        .getByRole('heading', { name: 'Betting closed' })
        .waitFor({ timeout: (CUTOFF_SECS + 30) * 1000 });
      const before = await balance(alice.address);
      await adminApi('/api/prophecy/resolveMarket', { market: key, result: 'yes' });

      const payout = predictionPayout(
        { yesPool: YES, noPool: NO, result: MarketResult.Yes },
        YES,
        MarketResult.Yes,
      );
      await page.getByText('You won').waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByTestId('market-status').textContent()).toBe('Resolved: Yes');
      expect(await page.getByTestId('payout').textContent()).toBe(formatSol(payout));
      await bob.page.getByText('Your prediction lost').waitFor({ timeout: UI_TIMEOUT });

      // The payout arrives: the server's settler pays every prediction; "Settle now" does it at once.
      const paid = page.getByText('Paid to your wallet');
      const settle = page.getByRole('button', { name: 'Settle now' });
      await paid.or(settle).first().waitFor({ timeout: UI_TIMEOUT });
      let selfSettled = false;
      if (!(await paid.isVisible())) {
        try {
          await paid.waitFor({ timeout: 15_000 });
        } catch {
          // Worth a look in the run's output: the settler should pay within moments.
          console.warn('The market settler had not paid within 15 s: settled with "Settle now"');
          selfSettled = true;
          await settle.click();
        }
      }
      await paid.waitFor({ timeout: UI_TIMEOUT });
      const gained = (await balance(alice.address)) - before;
      // Paid by the settler the balance grows by the payout exactly; settled by the player, less the fee.
      if (selfSettled) {
        expect(gained).toBeGreaterThan(payout - 10_000_000n);
        expect(gained).toBeLessThanOrEqual(payout);
      } else {
        expect(gained).toBe(payout);
      }
      await screenshot(page, 'prophecy-paid');
    } finally {
      for (const player of players) await player.close();
    }
  });
});
