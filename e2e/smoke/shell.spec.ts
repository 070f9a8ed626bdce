/**
 * The shell, end to end in Chromium against the product, on a desktop and a phone: the age gate, connect
 * and sign in with the E2E test wallet, the invalid Foresight symbol and the unknown route; plus the
 * harness's admin API.
 */

import { describe, expect, it } from 'vitest';

import { formatLamports, shortAddress } from '../../apps/web/src/lib/format.ts';
import {
  adminApi,
  AdminApiError,
  balance,
  E2E_WALLET_NAME,
  newPlayer,
  product,
  screenshot,
  signIn,
  type Player,
} from '../harness/index.ts';

const VIEWPORTS = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 375, height: 812 },
] as const;

async function withPlayer(options: Parameters<typeof newPlayer>[0], play: (player: Player) => Promise<void>) {
  const player = await newPlayer(options);
  try {
    await play(player);
  } finally {
    await player.close();
  }
}

describe.each(VIEWPORTS)('the shell on a $label ($width px)', ({ label, width, height }) => {
  it('blocks with the age gate until the box is ticked', async () => {
    await withPlayer({ ageGate: true, sol: 0, width, height }, async ({ page }) => {
      await page.goto('/');
      const gate = page.getByRole('dialog', { name: 'Before you play' });
      await gate.waitFor();
      // No close button: the gate cannot be dismissed, not even with Escape.
      expect(await gate.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await gate.getByRole('button', { name: 'Confirm' }).click();
      const error = gate.getByRole('alert');
      await error.waitFor();
      expect(await error.textContent()).toBe('Please check the box to confirm!');
      expect(await gate.isVisible()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('ageCheck'))).toBeNull();
      await screenshot(page, `shell-age-gate-${label}`);

      await gate.getByRole('checkbox').check();
      expect(await error.count()).toBe(0);
      await gate.getByRole('button', { name: 'Confirm' }).click();
      await gate.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => localStorage.getItem('ageCheck'))).toBe('true');

      // Confirmed once: it stays away after a reload.
      await page.reload();
      await page.getByRole('banner').first().waitFor();
      expect(await page.getByRole('dialog', { name: 'Before you play' }).count()).toBe(0);
    });
  });

  it('connects and signs in with the E2E test wallet, then shows the address, avatar and balance', async () => {
    await withPlayer({ sol: 3, width, height }, async ({ page, address }) => {
      expect(await balance(address)).toBe(3_000_000_000n);
      await page.goto('/');
      const header = page.getByRole('banner').first();
      await header.getByRole('button', { name: 'Connect a wallet to open your profile' }).waitFor();

      const username = await signIn(page);
      expect(username).toMatch(/^e2e_[a-z0-9]+$/);

      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).not.toBeNull();
      const verify = await fetch(`${product().url}/api/user/verify/${address}`, {
        headers: { authorization: `Bearer ${token ?? ''}` },
      });
      expect(verify.status).toBe(200);

      const wallet = header.getByRole('button', { name: new RegExp(E2E_WALLET_NAME) });
      expect(await wallet.textContent()).toBe(`${shortAddress(address)}${E2E_WALLET_NAME}, Signed in`);
      const avatar = header.getByRole('button', { name: `Open your profile (${username ?? ''})` });
      await avatar.waitFor();
      await screenshot(page, `shell-signed-in-${label}`);
      if (label === 'desktop') {
        await header.getByText(shortAddress(address), { exact: true }).waitFor();
        const chip = header.getByTitle('Your SOL balance');
        await chip.getByText(`${formatLamports(3_000_000_000n)} SOL`, { exact: true }).waitFor();
      }

      // A reload reconnects the wallet and keeps the session.
      await page.reload();
      expect(await signIn(page)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

      // The avatar opens the profile, which now has the username.
      await avatar.click();
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await profile.waitFor();
      expect(await profile.getByLabel('Username').inputValue()).toBe(username);
      await profile.getByRole('button', { name: 'Close' }).click();
      await profile.waitFor({ state: 'hidden' });
    });
  });

  it("shows 'Invalid symbol' for /foresight/XYZ and 'Nothing to see here' for an unknown route", async () => {
    await withPlayer({ sol: 0, width, height }, async ({ page }) => {
      await page.goto('/foresight/XYZ');
      await page.getByText('Invalid symbol', { exact: true }).waitFor();
      await screenshot(page, `shell-invalid-symbol-${label}`);

      await page.goto('/no/such/page');
      const heading = page.getByRole('heading', { name: 'Nothing to see here' });
      await heading.waitFor();
      await screenshot(page, `shell-not-found-${label}`);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${product().url}/`);
    });
  });
});

describe('the harness', () => {
  it('calls the admin API signed in as admin-1, and passes on the server’s refusals', async () => {
    const house = (await adminApi('/api/admin/house')) as { success: boolean; house: { paused: boolean } };
    expect(house.success).toBe(true);
    expect(house.house.paused).toBe(false);
    const refusal = await adminApi('/api/admin/blocked', { address: 'not-an-address', reason: 'e2e' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AdminApiError);
    expect(refusal).toMatchObject({ status: 400, message: 'Invalid address' });
  });
});
