/**
 * Rewards, end to end: Juice earned by a bet is claimed from the header's popover (the tokens land in the
 * wallet), then the claim is refused inside 24 h (the popover's disabled "Claim in …" with its countdown,
 * and the server's own refusal); a referral link brings a new player whose first bet also creates the
 * referrer's vault (`init_referral`), the reveal credits 10% of its fee to that vault (not the referrer's
 * wallet), and the referrer claims it from the profile ('Claimed successfully!', the balance rises by the
 * share less the claim's network fee).
 */

import { JUICE_CLAIM_INTERVAL_SECS, JUICE_DECIMALS } from '@arcade/sdk/constants';
import { SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { referralShare } from '@arcade/sdk/wager/bet-math';
import { findReferralAddress } from '@arcade/sdk/wager/pda';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import type { Address, Signature } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatLamports, formatTokenAmount } from '../../apps/web/src/lib/format.ts';
import { balance, product, rpc, screenshot, signIn } from '../harness/index.ts';
import { FEE_ALLOWANCE, getJson, LIKELY_ODDS, spin, tokenOf, UI_TIMEOUT, withPlayers } from './helpers.ts';

/** `GET /api/user/referralStats/{address}` (lamports as decimal strings). */
interface ReferralStats {
  fees: string;
  referredUserCount: number;
  claimable: string;
  claimed: string;
}

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
      // One honest spin: whatever it rolls, it earns Juice.
      await spin(player, { odds: 50, stake: '0.2' });

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
      const juice = (units: bigint) => formatTokenAmount(units, JUICE_DECIMALS);
      // History and the header's popover show the same Juice, named: claimable, earned, claimed.
      await page.goto('/history');
      await signIn(page);
      const historyJuice = page.getByTestId('history-juice-claimable');
      await expect.poll(() => historyJuice.textContent(), { timeout: UI_TIMEOUT }).toBe(juice(claimable));
      const historyJuiceStat = page.locator('dl > div').filter({ has: historyJuice });
      expect(await historyJuiceStat.textContent()).toBe(
        `Juice claimable${juice(claimable)}Earned ${juice(claimable)} · claimed ${juice(0n)}`,
      );
      const popover = await openJuice(page);
      await expect
        .poll(() => popover.getByTestId('juice-claimable').textContent(), { timeout: UI_TIMEOUT })
        .toBe(juice(claimable));
      expect(await popover.getByTestId('juice-earned-claimed').textContent()).toBe(
        `Earned ${juice(claimable)} · claimed ${juice(0n)}`,
      );
      expect(await popover.getByTestId('juice-countdown').textContent()).toBe('Ready');
      await screenshot(page, 'suite-juice-ready');

      await popover.getByRole('button', { name: 'Claim', exact: true }).click();
      await page.getByText(SUCCESS_TOASTS.claimed).first().waitFor({ timeout: UI_TIMEOUT });
      // History follows the claim without a reload (it used to say "0 claimed" until one).
      await expect
        .poll(() => historyJuiceStat.textContent(), { timeout: UI_TIMEOUT })
        .toBe(`Juice claimable${juice(0n)}Earned ${juice(claimable)} · claimed ${juice(claimable)}`);
      await screenshot(page, 'suite-juice-claimed-history');
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

  it("credits 10% of a referred player's fee to the referrer's vault, which the referrer claims from the profile", async () => {
    const STAKE = '2.5';
    await withPlayers([{ sol: 1 }, { sol: 4 }], async (alice, bob) => {
      // Alice creates her referral link in the profile.
      await alice.page.goto('/');
      await signIn(alice.page);
      const openProfile = () =>
        alice.page
          .getByRole('banner')
          .first()
          .getByRole('button', { name: /^Open your profile/ })
          .click();
      await openProfile();
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

      // Her vault (["referral", alice]) does not exist yet.
      const [vault] = await findReferralAddress(alice.address as Address);
      const vaultAccount = async () =>
        (await rpc().getAccountInfo(vault, { commitment: 'confirmed', encoding: 'base64' }).send()).value;
      expect(await vaultAccount()).toBeNull();

      // Bob arrives through it, signs up and spins (in the same visit: the code is kept in memory).
      await bob.page.goto(link);
      await signIn(bob.page);
      await bob.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'TailSpin' })
        .click();
      const aliceBefore = await balance(alice.address);
      const bet = await spin(bob, { odds: LIKELY_ODDS.win, stake: STAKE });

      // His first bet created her vault: init_referral in the bet's own transaction.
      const created = await vaultAccount();
      expect(created?.owner).toBe(WAGER_PROGRAM_ADDRESS);
      const createTx = await rpc()
        .getTransaction(bet.signature as Signature, {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      expect(createTx?.meta?.err).toBeNull();
      expect(createTx?.transaction.message.accountKeys).toContain(vault);

      // The reveal credited 10% of the fee to the vault, not to her wallet.
      const share = referralShare(bet.preview.fee);
      expect(share).toBeGreaterThan(0n);
      const dataLength = Buffer.from(created!.data[0], 'base64').length;
      const rent = await rpc().getMinimumBalanceForRentExemption(BigInt(dataLength)).send();
      await expect
        .poll(async () => ((await vaultAccount())?.lamports ?? 0n) - rent, { timeout: UI_TIMEOUT })
        .toBe(share);
      expect(await balance(alice.address)).toBe(aliceBefore);
      await expect
        .poll(
          async () => {
            const stats = await getJson<ReferralStats>(`/api/user/referralStats/${alice.address}`);
            return [stats.referredUserCount, stats.fees, stats.claimable, stats.claimed];
          },
          { timeout: UI_TIMEOUT },
        )
        .toEqual([1, String(share), String(share), '0']);

      // Her profile: the stats and the Claimable amount.
      await alice.page.reload();
      await openProfile();
      const stats = profile.locator('dl').filter({ hasText: 'Referred players' });
      await expect
        .poll(async () => (await stats.locator('dd').allTextContents()).map((text) => text.trim()), {
          timeout: UI_TIMEOUT,
        })
        .toEqual(['1', `${formatLamports(share)} SOL`]);
      const claimable = profile.locator('[aria-labelledby="referral-claimable"]');
      await expect
        .poll(async () => ((await claimable.textContent()) ?? '').trim(), { timeout: UI_TIMEOUT })
        .toBe(`${formatLamports(share)} SOL`);
      await screenshot(alice.page, 'suite-referral-claimable');

      // Claim: the vault pays her the share (less the transaction's fee), and says so.
      const beforeClaim = await balance(alice.address);
      await profile.getByRole('button', { name: 'Claim', exact: true }).click();
      await alice.page.getByText(SUCCESS_TOASTS.claimed).first().waitFor({ timeout: UI_TIMEOUT });
      expect(SUCCESS_TOASTS.claimed).toBe('Claimed successfully!');
      const [latest] = await rpc()
        .getSignaturesForAddress(alice.address as Address, { limit: 1, commitment: 'confirmed' })
        .send();
      const claimTx = await rpc()
        .getTransaction(latest!.signature, {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      expect(claimTx?.meta?.err).toBeNull();
      expect(claimTx?.transaction.message.accountKeys).toContain(vault);
      const networkFee = claimTx!.meta!.fee;
      expect(networkFee).toBeLessThan(FEE_ALLOWANCE);
      await expect
        .poll(async () => (await balance(alice.address)) - beforeClaim, { timeout: UI_TIMEOUT })
        .toBe(share - networkFee);
      expect((await vaultAccount())?.lamports).toBe(rent);
      await expect
        .poll(async () => ((await claimable.textContent()) ?? '').trim(), { timeout: UI_TIMEOUT })
        .toBe('0 SOL');
      await profile.getByText(`Claimed so far ${formatLamports(share)} SOL`).waitFor({ timeout: UI_TIMEOUT });
      await screenshot(alice.page, 'suite-referral-claimed');
    });
  });
});
