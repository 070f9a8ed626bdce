/**
 * Rewards, end to end: Juice earned by a bet is claimed from the header's popover (the tokens land in the
 * wallet), then the claim is refused inside 24 h (the popover's disabled "Claim in …" with its countdown,
 * and the server's own refusal); a referral link brings a new player whose bet pays the referrer 10% of
 * its fee at settlement (the referrer's stats and balance).
 */

import { JUICE_CLAIM_INTERVAL_SECS, JUICE_DECIMALS } from '@arcade/sdk/constants';
import { SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { betFee, referralShare } from '@arcade/sdk/wager/bet-math';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatLamports, formatTokenAmount, parseSolInput } from '../../apps/web/src/lib/format.ts';
import { balance, product, screenshot, signIn } from '../harness/index.ts';
import { getJson, riggedSpin, settledFairness, tokenOf, UI_TIMEOUT, withPlayers } from './helpers.ts';

interface JuiceStatus {
  balance: string;
  claimable: string;
  lastClaim: number;
}

/** Opens the header's Juice popover. */
async function openJuice(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Juice' });
  if (!(await dialog.isVisible())) {
    await page
      .getByRole('banner')
      .first()
      .getByRole('button', { name: /^Juice/ })
      .click();
  }
  await dialog.waitFor();
  return dialog;
}

describe('rewards', () => {
  it('claims the Juice a bet earned, then refuses another claim inside 24 h', async () => {
    await withPlayers([{ sol: 2 }], async (player) => {
      const { page, address } = player;
      await page.goto('/tailspin');
      await signIn(page);
      await riggedSpin(player, 50, '0.2', 'loss');

      // The bet's Juice becomes claimable once the server has indexed it.
      let status: JuiceStatus = { balance: '0', claimable: '0', lastClaim: 0 };
      await expect
        .poll(
          async () => {
            status = await getJson<JuiceStatus>(`/api/user/juice/${address}`);
            return BigInt(status.claimable);
          },
          { timeout: UI_TIMEOUT },
        )
        .toBeGreaterThan(0n);
      expect(status.lastClaim).toBe(0);
      const claimable = BigInt(status.claimable);
      await page.reload();
      await signIn(page);
      const popover = await openJuice(page);
      await expect
        .poll(() => popover.getByTestId('juice-claimable').textContent(), { timeout: UI_TIMEOUT })
        .toBe(formatTokenAmount(claimable, JUICE_DECIMALS));
      expect(await popover.getByTestId('juice-countdown').textContent()).toBe('Ready');
      await screenshot(page, 'suite-juice-ready');

      await popover.getByRole('button', { name: 'Claim', exact: true }).click();
      await page.getByText(SUCCESS_TOASTS.claimed).first().waitFor({ timeout: UI_TIMEOUT });
      await expect
        .poll(async () => BigInt((await getJson<JuiceStatus>(`/api/user/juice/${address}`)).balance), {
          timeout: UI_TIMEOUT,
        })
        .toBe(claimable);

      // Inside 24 h: the button is disabled and counts down to the next claim.
      const popoverAgain = await openJuice(page);
      const wait = popoverAgain.getByRole('button', { name: /^Claim in \d{2}:\d{2}:\d{2}$/ });
      await wait.waitFor({ timeout: UI_TIMEOUT });
      expect(await wait.isDisabled()).toBe(true);
      const countdown = (await popoverAgain.getByTestId('juice-countdown').textContent()) ?? '';
      const [h, m, s] = countdown.split(':').map(Number) as [number, number, number];
      const left = h * 3600 + m * 60 + s;
      expect(left).toBeLessThanOrEqual(JUICE_CLAIM_INTERVAL_SECS);
      expect(left).toBeGreaterThan(JUICE_CLAIM_INTERVAL_SECS - 600);
      expect(await popoverAgain.getByTestId('juice-claimable').textContent()).toBe(
        formatTokenAmount(0n, JUICE_DECIMALS),
      );
      await screenshot(page, 'suite-juice-refused');

      // The server refuses it too.
      const refused = await fetch(`${product().url}/api/user/claimJuice`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokenOf(page)}` },
      });
      expect(refused.ok).toBe(false);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Juice can be claimed once every 24 hours',
      );
    });
  });

  it("pays the referrer 10% of a referred player's fee", async () => {
    const STAKE = '2.5';
    await withPlayers([{ sol: 1 }, { sol: 4 }], async (alice, bob) => {
      // Alice creates her referral link in the profile.
      await alice.page.goto('/');
      await signIn(alice.page);
      await alice.page
        .getByRole('banner')
        .first()
        .getByRole('button', { name: /^Open your profile/ })
        .click();
      const profile = alice.page.getByRole('dialog', { name: 'Profile' });
      await profile.getByRole('button', { name: 'Create referral link' }).click();
      await alice.page.getByText(SUCCESS_TOASTS.createdReferral).first().waitFor({ timeout: UI_TIMEOUT });
      const { referral } = await getJson<{ referral: string | null }>(`/api/user/${alice.address}`);
      expect(referral).toMatch(/^[A-Za-z0-9]{4,32}$/);
      await screenshot(alice.page, 'suite-referral-created');
      const field = profile.getByLabel('Your referral link');
      await field.waitFor({ timeout: UI_TIMEOUT });
      const link = await field.inputValue();
      expect(link).toMatch(new RegExp(`^${product().url}/\\?ref=[A-Za-z0-9]{4,32}$`));

      // Bob arrives through it, signs up and spins (in the same visit: the code is kept in memory).
      await bob.page.goto(link);
      await signIn(bob.page);
      await bob.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'TailSpin' })
        .click();
      const before = await balance(alice.address);
      const spin = await riggedSpin(bob, 50, STAKE, 'loss');
      await settledFairness(spin.signature);

      // At settlement Alice receives 10% of Bob's fee, and her stats say so.
      const share = referralShare(betFee(parseSolInput(STAKE)!));
      expect(share).toBeGreaterThan(0n);
      await expect
        .poll(async () => (await balance(alice.address)) - before, { timeout: UI_TIMEOUT })
        .toBe(share);
      await alice.page.reload();
      await alice.page
        .getByRole('banner')
        .first()
        .getByRole('button', { name: /^Open your profile/ })
        .click();
      const stats = profile.locator('dl').filter({ hasText: 'Referred players' });
      await expect
        .poll(async () => (await stats.locator('dd').allTextContents()).map((text) => text.trim()), {
          timeout: UI_TIMEOUT,
        })
        .toEqual(['1', `${formatLamports(share)} SOL`]);
      await screenshot(alice.page, 'suite-referral-stats');
    });
  });
});
