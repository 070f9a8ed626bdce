/**
 * TailSpin, end to end in Chromium against the product: a new player opens /tailspin, picks a 90% win
 * chance and a 0.2 SOL stake, checks the preview against the SDK maths, spins, waits for the house's roll
 * and then either claims the prize as SOL (the balance rises by it) or is offered another go.
 */

import { describe, expect, it } from 'vitest';

import { betPreview } from '../../apps/web/src/features/tailspin/utils/stake.ts';
import { costSol } from '../../apps/web/src/lib/wager-bet/utils/bet-costs.ts';
import { formatLamports, formatLamportsMin, parseSolInput } from '../../apps/web/src/lib/format.ts';

/** The most a first bet adds for its bet record's rent (0.00238032 SOL today). */
const RECORD_RENT_ALLOWANCE = 3_000_000n;
import { balance, newPlayer, screenshot, signIn } from '../harness/index.ts';

const ODDS = 90;
const STAKE = '0.2';

/** The value of a breakdown row, by its label. */
async function rowValue(page: import('playwright-core').Page, label: string): Promise<string> {
  const row = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
  return ((await row.locator('dd span').first().textContent()) ?? '').trim();
}

describe('TailSpin', () => {
  it('spins at 90% and claims the win as SOL (or offers another go)', { timeout: 420_000 }, async () => {
    const player = await newPlayer({ sol: 5 });
    const { page, address } = player;
    try {
      await page.goto('/tailspin');
      await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor();
      await signIn(page);

      // Set up the bet: SOL prize, 90% win chance, 0.2 SOL stake.
      await page.getByRole('radio', { name: /SOL/ }).first().click();
      const odds = page.getByRole('textbox', { name: 'Win chance in percent' });
      await odds.fill(String(ODDS));
      await odds.press('Enter');
      await page.getByText('Safu', { exact: true }).first().waitFor();
      await page.getByRole('textbox', { name: 'Stake' }).fill(STAKE);

      // The preview is the SDK's maths: prize = floor(stake × 100 / odds), its stake, the 4% fee.
      const preview = betPreview(parseSolInput(STAKE)!, ODDS)!;
      expect(await rowValue(page, 'Prize')).toBe(`${formatLamportsMin(preview.prize)} SOL`);
      expect(await rowValue(page, 'Stake')).toBe(`${costSol(preview.stake)} SOL`);
      expect(await rowValue(page, 'Fee (4%)')).toBe(`${costSol(preview.fee)} SOL`);
      // What the wallet is charged, exactly: stake and fee, plus the bet record's rent on a first bet.
      const pays = parseSolInput((await rowValue(page, 'You pay')).split(' ')[0]!)!;
      expect(pays).toBeGreaterThanOrEqual(preview.total);
      expect(pays).toBeLessThanOrEqual(preview.total + RECORD_RENT_ALLOWANCE);
      await screenshot(page, 'tailspin-form');

      // Spin: the wallet signs, the bet confirms, the house rolls, the needle lands.
      const before = await balance(address);
      const spin = page.getByRole('button', { name: `Spin for ${costSol(pays)} SOL` });
      await expect.poll(() => spin.isEnabled(), { timeout: 30_000 }).toBe(true);
      await spin.click();
      await page.getByText('Spinning…').first().waitFor({ timeout: 90_000 });
      await screenshot(page, 'tailspin-spinning');

      const won = page.getByText('You won', { exact: true });
      const lost = page.getByText('No luck this time', { exact: true });
      const failed = page.locator('form [role=alert], section [role=alert]');
      await won.or(lost).or(failed).first().waitFor({ timeout: 200_000 });
      if (await failed.first().isVisible()) {
        await screenshot(page, 'tailspin-failed');
        throw new Error(`The bet failed: ${await failed.first().textContent()}`);
      }
      const afterBet = await balance(address);
      // Stake + fee (and the bet record's rent, and the network fee, on this first bet) left the wallet.
      expect(before - afterBet).toBeGreaterThanOrEqual(preview.total);
      const status = page.getByRole('status').filter({ hasText: /won|luck/ });

      if (await won.isVisible()) {
        expect(await status.textContent()).toBe(`You won ${formatLamports(preview.prize)} SOL!`);
        await screenshot(page, 'tailspin-won');
        await page.getByRole('button', { name: `Claim ${formatLamports(preview.prize)} SOL` }).click();
        await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
        // The prize arrived: the balance rose by the prize, less the claim's network fee.
        await expect
          .poll(async () => (await balance(address)) - afterBet, { timeout: 30_000 })
          .toBeGreaterThan(preview.prize - 10_000_000n);
        await screenshot(page, 'tailspin-claimed');
        await page.getByRole('button', { name: 'Another go' }).click();
      } else {
        expect(await status.textContent()).toBe('No luck this time.');
        await screenshot(page, 'tailspin-lost');
        await page.getByRole('button', { name: 'Another go' }).click();
      }
      // Back at the form, and the bet is in the history with its fairness link.
      await page.getByRole('button', { name: /^Spin for/ }).waitFor();
      const history = page.getByRole('region', { name: 'Your bets' });
      await history
        .getByRole('link', { name: /Verify the bet/ })
        .first()
        .waitFor({ timeout: 30_000 });
      const href = await history
        .getByRole('link', { name: /Verify the bet/ })
        .first()
        .getAttribute('href');
      expect(href).toMatch(/^\/fairness\?bet=\w+/);
      await screenshot(page, 'tailspin-history');
    } finally {
      await player.close();
    }
  });
});
