/**
 * Sign-in and profile, end to end in Chromium: the age gate and its error, connect and sign-in, the
 * new-user username flow with every validation message of docs/reference/validation.md#usernames (three in
 * the browser, one from the server), the pfp picker's empty inventory (the picker with a won NFT is in
 * `games.spec.ts`), and linking and unlinking a Discord account through the local OAuth provider's real
 * login page.
 */

import {
  FAILURE_TOASTS,
  SUCCESS_TOASTS,
  UI_TEXT,
  unlinkedToast,
  VALIDATION_MESSAGES,
} from '@arcade/sdk/messages';
import { describe, expect, it } from 'vitest';

import { shortAddress } from '../../apps/web/src/lib/format.ts';
import { connectWallet, E2E_WALLET_NAME, product, screenshot, signIn } from '../harness/index.ts';
import { getJson, tokenOf, UI_TIMEOUT, withPlayers } from './helpers.ts';

describe('sign-in and profile', () => {
  it('refuses the age gate unticked, then lets the player in', async () => {
    await withPlayers([{ sol: 0, ageGate: true }], async ({ page }) => {
      await page.goto('/tailspin');
      const gate = page.getByRole('dialog', { name: 'Before you play' });
      await gate.getByRole('button', { name: 'Confirm' }).click();
      expect(await gate.getByRole('alert').textContent()).toBe('Please check the box to confirm!');
      await screenshot(page, 'suite-age-gate-error');
      await gate.getByRole('checkbox').check();
      await gate.getByRole('button', { name: 'Confirm' }).click();
      await gate.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor();
    });
  });

  it('connects, signs in and walks a new user through every username message', async () => {
    await withPlayers([{ sol: 1 }], async ({ page, address }) => {
      await page.goto('/');
      await connectWallet(page);
      // Connecting signs in (a SIWS signature) and the session token is the wallet's.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: UI_TIMEOUT })
        .not.toBeNull();
      const verify = await fetch(`${product().url}/api/user/verify/${address}`, {
        headers: { authorization: `Bearer ${await tokenOf(page)}` },
      });
      expect(verify.status).toBe(200);

      // A new user: the profile opens on its own and cannot be closed before a username is set.
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await profile.getByText(UI_TEXT.newUserAlert).waitFor({ timeout: UI_TIMEOUT });
      expect(await profile.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      expect(await profile.isVisible()).toBe(true);

      const input = profile.getByLabel('Username');
      const update = profile.getByRole('button', { name: 'Update', exact: true });
      const error = profile.locator('form [role=alert]');
      const expectError = async (value: string, message: string) => {
        await input.fill(value);
        await update.click();
        await expect.poll(() => error.textContent(), { timeout: UI_TIMEOUT }).toBe(message);
      };
      await expectError('   ', VALIDATION_MESSAGES.usernameEmpty);
      await expectError('a'.repeat(16), VALIDATION_MESSAGES.usernameTooLong);
      await expectError('bad name!', VALIDATION_MESSAGES.usernameInvalidCharacters);
      // The server's deny list: an error toast with the caller's message, then the error's text.
      await expectError('admin', VALIDATION_MESSAGES.usernameNotAllowed);
      await page.getByText(FAILURE_TOASTS.updateUsername).first().waitFor();
      await screenshot(page, 'suite-username-refused');
      // Typing clears the message.
      await input.fill('adm');
      expect(await error.count()).toBe(0);

      const username = `e2e_${Math.random().toString(36).slice(2, 9)}`;
      await input.fill(username);
      await update.click();
      await page.getByText(SUCCESS_TOASTS.updatedUsername).first().waitFor({ timeout: UI_TIMEOUT });
      expect((await getJson<{ username: string | null }>(`/api/user/${address}`)).username).toBe(username);
      await profile.getByRole('button', { name: 'Close' }).click();
      await profile.waitFor({ state: 'hidden' });
      const header = page.getByRole('banner').first();
      await header.getByRole('button', { name: `Open your profile (${username})` }).waitFor();
      expect(await header.getByRole('button', { name: new RegExp(E2E_WALLET_NAME) }).textContent()).toBe(
        `${shortAddress(address)}${E2E_WALLET_NAME}, Signed in`,
      );
    });
  });

  it("shows 'No NFTs found' in the pfp picker of a wallet without NFTs", async () => {
    await withPlayers([{ sol: 1 }], async ({ page }) => {
      await page.goto('/');
      await signIn(page);
      await page
        .getByRole('banner')
        .first()
        .getByRole('button', { name: /^Open your profile/ })
        .click();
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await profile.getByRole('button', { name: 'Change profile picture' }).click();
      const picker = profile.getByRole('region', { name: 'Choose your profile picture' });
      await picker.getByText(UI_TEXT.noNftsFound).waitFor({ timeout: UI_TIMEOUT });
      // A new player learns where NFTs come from.
      expect(await picker.getByText(/NFTs come from ReTail/).isVisible()).toBe(true);
      expect(await picker.getByRole('link', { name: 'Win an NFT on ReTail' }).getAttribute('href')).toBe(
        '/retail',
      );
      // Nothing picked: Confirm stays disabled.
      expect(await picker.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
      await screenshot(page, 'suite-pfp-empty');
      await picker.getByRole('button', { name: 'Cancel' }).click();
      await picker.waitFor({ state: 'hidden' });
    });
  });

  it('links a Discord account through the local OAuth provider, then unlinks it', async () => {
    await withPlayers([{ sol: 1 }], async ({ page, address }) => {
      await page.goto('/');
      await signIn(page);
      const openProfile = () =>
        page
          .getByRole('banner')
          .first()
          .getByRole('button', { name: /^Open your profile/ })
          .click();
      await openProfile();
      const profile = page.getByRole('dialog', { name: 'Profile' });
      const socials = profile.getByRole('list', { name: 'Social accounts' });
      await socials.getByText('Not linked').first().waitFor({ timeout: UI_TIMEOUT });
      await socials.getByRole('button', { name: 'Link Discord' }).click();

      // The local provider's login page: any display name.
      await page.waitForURL(/\/api\/oauth\//, { timeout: UI_TIMEOUT });
      const displayName = `e2e-${Math.random().toString(36).slice(2, 8)}`;
      await page.getByLabel('Display name').fill(displayName);
      await screenshot(page, 'suite-oauth-login');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Back in the app: the toast, and the profile shows the link.
      await page.waitForURL(`${product().url}/**`, { timeout: UI_TIMEOUT });
      await page.getByText('Discord account linked').first().waitFor({ timeout: UI_TIMEOUT });
      // The app reopens the profile on the way back.
      await profile.waitFor({ timeout: UI_TIMEOUT });
      await socials.getByText(`Linked as ${displayName}`).waitFor({ timeout: UI_TIMEOUT });
      await screenshot(page, 'suite-oauth-linked');

      await socials.getByRole('button', { name: 'Unlink Discord' }).click();
      await page.getByText(unlinkedToast('Discord')).first().waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => socials.getByText('Not linked').count(), { timeout: UI_TIMEOUT }).toBe(2);
      expect(address).toBeTruthy();
    });
  });
});
