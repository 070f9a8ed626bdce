/**
 * Edge pages, end to end: the catch-all 404 (its HTTP status too), the generic error page (a market page
 * whose API answers 500, intercepted in the browser with `page.route`, so the route's loader throws),
 * `/foresight/XYZ`, focus and title after an in-app navigation, the home hero preloaded on `/` only, and the
 * fairness page's emptied field.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
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
      const response = await page.goto('/this/route/does/not/exist');
      // A 404 for crawlers and link checkers, with the app's HTML for people.
      expect(response?.status()).toBe(404);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
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

  it('answers 200 on the routes of the app and a JSON 404 on unknown API paths', async () => {
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      for (const path of ['/', '/fairness', '/history', '/prophecy', '/foresight/SOL']) {
        expect((await page.goto(path))?.status(), path).toBe(200);
      }
      const api = await fetch(`${product().url}/api/no/such/thing`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({
        success: false,
        error: 'Route GET /api/no/such/thing not found',
        code: ApiErrorCode.ROUTE_NOT_FOUND,
      });
    });
  });

  it('preloads the home hero on the home page only, where it is painted', async () => {
    const home = await fetch(`${product().url}/`, { headers: { accept: 'text/html' } });
    expect(home.headers.get('link')).toBe(
      '</images/home-hero.svg>; rel=preload; as=image; fetchpriority=high',
    );
    const fairness = await fetch(`${product().url}/fairness`, { headers: { accept: 'text/html' } });
    expect(fairness.headers.get('link')).toBeNull();
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      await page.goto('/fairness');
      await page.getByRole('heading', { name: 'Provably fair', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.locator('link[rel="preload"][href="/images/home-hero.svg"]').count()).toBe(0);
    });
  });

  it("moves focus to the new page's heading after a navigation, and titles the page", async () => {
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: UI_TIMEOUT });
      expect(await page.title()).toBe('Arcade');
      await page.getByRole('navigation').getByRole('link', { name: 'Provably fair' }).first().click();
      const heading = page.getByRole('heading', { name: 'Provably fair', level: 1 });
      await heading.waitFor({ timeout: UI_TIMEOUT });
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, {
        timeout: UI_TIMEOUT,
      });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Provably fair');
      expect(await page.title()).toBe('Provably fair · Arcade');
      expect(await page.getByTestId('route-announcer').textContent()).toBe('Provably fair');
    });
  });

  it("clears the previous bet's error when the fairness field is emptied", async () => {
    await withPlayers([{ sol: 0 }], async ({ page }) => {
      await page.goto(`/fairness?bet=${'1'.repeat(64)}`);
      await page.getByRole('alert').first().waitFor({ timeout: UI_TIMEOUT });
      const field = page.getByLabel('Bet transaction signature');
      await field.fill('');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Paste a transaction signature first').waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByRole('alert').allTextContents()).toEqual([
        'Paste a transaction signature first',
      ]);
      await screenshot(page, 'suite-fairness-emptied');
    });
  });
});
