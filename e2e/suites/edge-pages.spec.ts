/**
 * Edge pages, end to end: the catch-all 404, the generic error page (a market page whose API answers 500,
 * intercepted in the browser with `page.route`, so the route's loader throws), and `/foresight/XYZ`.
 */

import { UI_TEXT, VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { describe, expect, it } from 'vitest';

import { product, screenshot } from '../harness/index.ts';
import { UI_TIMEOUT, withPlayers } from './helpers.ts';

/** A well-formed address no market has. */
const NO_MARKET = 'So11111111111111111111111111111111111111112';
const OUTAGE = 'The market service is down (e2e)';

describe('edge pages', () => {
  it("shows 'Nothing to see here' for an unknown route, with a way home", async () => {
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      await page.goto('/this/route/does/not/exist');
      await page.getByRole('heading', { name: 'Nothing to see here' }).waitFor({ timeout: UI_TIMEOUT });
      await screenshot(page, 'suite-not-found');
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${product().url}/`);
    });
  });

  it('shows the error page, with the error and its stack, when a route fails; Refresh recovers', async () => {
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      await page.route(`**/api/prophecy/${NO_MARKET}*`, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: OUTAGE }),
        }),
      );
      await page.goto(`/prophecy/${NO_MARKET}`);
      const alert = page.getByRole('alert').filter({ hasText: UI_TEXT.errorPage });
      await alert.waitFor({ timeout: UI_TIMEOUT });
      expect(await alert.getByRole('heading', { level: 1 }).textContent()).toBe(UI_TEXT.errorPage);
      await alert.getByText(OUTAGE, { exact: true }).waitFor();
      expect(await alert.getByLabel('Error stack').textContent()).toContain(OUTAGE);
      await screenshot(page, 'suite-error-page');

      // The API is back: Refresh reloads, and the page now says the market does not exist.
      await page.unroute(`**/api/prophecy/${NO_MARKET}*`);
      await alert.getByRole('button', { name: 'Refresh' }).click();
      await page
        .getByText(/market not found/i)
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByText(UI_TEXT.errorPage).count()).toBe(0);
    });
  });

  it("shows 'Invalid symbol' for /foresight/XYZ", async () => {
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      await page.goto('/foresight/XYZ');
      await page
        .getByText(VALIDATION_MESSAGES.invalidSymbol, { exact: true })
        .waitFor({ timeout: UI_TIMEOUT });
      await page.getByText(UI_TEXT.errorPage).waitFor();
      await screenshot(page, 'suite-invalid-symbol');
      // SOL is the symbol that exists.
      await page.goto('/foresight/SOL');
      await page.getByTestId('oracle-price').waitFor({ timeout: UI_TIMEOUT });
    });
  });
});
