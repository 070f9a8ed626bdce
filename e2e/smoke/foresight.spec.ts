/**
 * Foresight, end to end in Chromium against the product (12 s rounds): two players open /foresight/SOL and
 * see the oracle price; in the same fresh live round Alice bets Up and Bob bets Down, and both watch the
 * round's pool grow live. The round locks on the oracle price and is drawn one round later; then the winner
 * settles (`settle_bet`, then `close_bet` in the same transaction) and the payout of the SDK maths lands in
 * their wallet with the bet account's deposit, the loser reads "Lost". If the draw is invalid (an unchanged
 * price, or the bets landed in different rounds so a side was empty), each player withdraws their stake in
 * full instead, deposit included. The card keeps the outcome once the bet account is closed. The round's
 * oracle receipt, opened on a fresh page, shows the exact publish times and the lock and settle
 * transactions. An unknown symbol shows 'Invalid symbol'.
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { BET_ACCOUNT_SIZE } from '@arcade/sdk/foresight/accounts';
import { foresightPayout } from '@arcade/sdk/payout';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatSol } from '../../apps/web/src/lib/format.ts';
import { balance, newPlayer, rpc, screenshot, signIn, type Player } from '../harness/index.ts';

const UP = 500_000_000n;
const DOWN = 250_000_000n;
const UI_TIMEOUT = 60_000;
/** Seconds of betting a fresh round must have left before both players bet. */
const MIN_BETTING_SECS = 7;
/** What a claim may cost in network fees (base fee plus the priority fee the sender may add). */
const FEE_ALLOWANCE = 10_000_000n;

const sol = (lamports: bigint) => String(Number(lamports) / Number(LAMPORTS_PER_SOL));

/** The live round's card. */
const liveCard = (page: Page) => page.getByRole('article', { name: /^Round #\d+, Live$/ });

/** Round `id`'s card, in any stage. */
const roundCard = (page: Page, id: number, stage = '[A-Za-z]+') =>
  page.getByRole('article', { name: new RegExp(`^Round #${id}, ${stage}$`) });

/** The text of a card field (the spec's field names). */
const field = (card: Locator, label: string) => card.locator(`[data-field="${label}"]`).textContent();

/** Seconds of betting left on the live card, or 0 once it reads Pending.... */
async function bettingSecondsLeft(page: Page): Promise<number> {
  const text = (await liveCard(page).getByRole('timer').textContent()) ?? '';
  const match = /(\d+)m (\d+)s/.exec(text);
  return match === null ? 0 : Number(match[1]) * 60 + Number(match[2]);
}

/** Waits until a live round has at least {@link MIN_BETTING_SECS} of betting left. */
async function waitForFreshRound(page: Page): Promise<void> {
  await liveCard(page).waitFor({ timeout: UI_TIMEOUT });
  const deadline = Date.now() + UI_TIMEOUT;
  while ((await bettingSecondsLeft(page)) < MIN_BETTING_SECS) {
    if (Date.now() > deadline) throw new Error('No fresh live round within a minute');
    await page.waitForTimeout(250);
  }
}

/** Bets `amount` on `side` in the live round; resolves with the round id from the success toast. */
async function bet(page: Page, side: 'Up' | 'Down', amount: bigint): Promise<number> {
  const form = page.getByRole('form', { name: /^Bet on round #\d+$/ });
  await form.getByRole('button', { name: new RegExp(`^${side}`) }).click();
  const placed = page.getByText(new RegExp(`^Bet placed: ${formatSol(amount)} on ${side} in round #(\\d+)$`));
  try {
    await placed.waitFor({ timeout: UI_TIMEOUT });
  } catch (error) {
    await screenshot(page, `foresight-bet-${side.toLowerCase()}-failed`);
    throw error;
  }
  const text = (await placed.textContent()) ?? '';
  return Number(/#(\d+)$/.exec(text)![1]);
}

/** The outcome of the player's bet on round `id`'s card, once the round is drawn. */
async function drawnOutcome(page: Page, id: number): Promise<string> {
  const card = roundCard(page, id, '(Settled|Invalid)');
  await card.waitFor({ timeout: UI_TIMEOUT });
  const position = card.locator('[data-outcome]');
  await position.waitFor({ timeout: UI_TIMEOUT });
  return (await position.getAttribute('data-outcome')) ?? '';
}

/**
 * Collects with the card's button, then checks the card, the toast and the wallet: `expected` (the payout
 * or refund) plus the bet account's rent deposit, which `close_bet` returns in the same transaction.
 */
async function collect(
  player: Player,
  id: number,
  button: string,
  toast: string,
  after: string,
  expected: bigint,
): Promise<void> {
  const card = roundCard(player.page, id);
  const deposit = await rpc().getMinimumBalanceForRentExemption(BigInt(BET_ACCOUNT_SIZE)).send();
  const before = await balance(player.address);
  await card.getByRole('button', { name: button }).click();
  await player.page.getByText(toast, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
  await expect
    .poll(() => card.locator('[data-outcome]').getAttribute('data-outcome'), { timeout: UI_TIMEOUT })
    .toBe(after);
  const received = (await balance(player.address)) - before;
  expect(received).toBeLessThanOrEqual(expected + deposit);
  expect(received).toBeGreaterThan(expected + deposit - FEE_ALLOWANCE);
}

describe('Foresight', () => {
  it('bets Up and Down in one live round, and the winner settles (or both withdraw an invalid round)', async () => {
    const players: Player[] = [];
    try {
      const alice = await newPlayer({ sol: 3 });
      players.push(alice);
      const bob = await newPlayer({ sol: 2 });
      players.push(bob);
      for (const player of players) {
        await player.page.goto('/foresight/SOL');
        await signIn(player.page);
      }
      const { page } = alice;

      // The oracle price and the rounds show.
      await expect
        .poll(() => page.getByTestId('oracle-price').textContent(), { timeout: UI_TIMEOUT })
        .toMatch(/^\$\d[\d,]*\.\d{2}$/);
      await page.getByRole('article', { name: /^Round #\d+, Next$/ }).waitFor({ timeout: UI_TIMEOUT });

      // Both amounts typed, then both bets in the same fresh live round.
      await page.getByLabel('Amount (SOL)').fill(sol(UP));
      await bob.page.getByLabel('Amount (SOL)').fill(sol(DOWN));
      await waitForFreshRound(page);
      const [aliceRound, bobRound] = await Promise.all([bet(page, 'Up', UP), bet(bob.page, 'Down', DOWN)]);

      // Alice's card shows her bet.
      const aliceCard = roundCard(page, aliceRound);
      await aliceCard
        .locator('[data-outcome="open"]')
        .getByText(formatSol(UP))
        .waitFor({ timeout: UI_TIMEOUT });
      const sameRound = aliceRound === bobRound;
      if (sameRound) {
        // Bob's bet reaches Alice's page through the round's account subscription.
        await expect
          .poll(() => field(aliceCard, 'Prize Pool'), { timeout: UI_TIMEOUT })
          .toBe(formatSol(UP + DOWN));
        expect(await field(aliceCard, 'Players')).toBe('2');
        expect(await field(aliceCard, 'Up Payout')).toBe('1.50x');
        expect(await field(aliceCard, 'Down Payout')).toBe('3.00x');
        expect(await field(aliceCard, 'Up Percentage')).toBe('66.7%');
        expect(await field(aliceCard, 'Down Percentage')).toBe('33.3%');
      }

      // It locks on the oracle price (Lock Price set, the draw counting down)...
      const locked = roundCard(page, aliceRound, 'Locked');
      await locked.waitFor({ timeout: UI_TIMEOUT });
      expect(await field(locked, 'Lock Price')).toMatch(/^\$\d/);
      await screenshot(page, 'foresight-locked');

      // ... and is drawn one round later.
      const [aliceOutcome, bobOutcome] = await Promise.all([
        drawnOutcome(page, aliceRound),
        drawnOutcome(bob.page, bobRound),
      ]);
      const drawn = roundCard(page, aliceRound, '(Settled|Invalid)');
      expect(await field(drawn, 'Final Price')).toMatch(/^(\$\d|—)/);

      const payout = foresightPayout(UP, UP, DOWN, 'up');
      expect(payout).toBe(foresightPayout(DOWN, UP, DOWN, 'down'));
      if (sameRound && aliceOutcome !== 'withdraw') {
        // A real draw: one winner, one loser.
        expect([aliceOutcome, bobOutcome].sort()).toEqual(['lost', 'settle']);
        const [winner, loser, lost] = aliceOutcome === 'settle' ? [alice, bob, DOWN] : [bob, alice, UP];
        const winnerRound = winner === alice ? aliceRound : bobRound;
        const loserRound = loser === alice ? aliceRound : bobRound;
        await roundCard(loser.page, loserRound)
          .getByText(`Lost ${formatSol(lost)}`)
          .waitFor();
        await collect(
          winner,
          winnerRound,
          `Collect ${formatSol(payout)}`,
          'Claimed successfully!',
          'paid',
          payout,
        );
        await roundCard(winner.page, winnerRound)
          .getByText(`Paid ${formatSol(payout)}`)
          .waitFor();
        await screenshot(winner.page, 'foresight-settled');
      } else {
        // Invalid: both bets are refunded in full, without fee.
        expect([aliceOutcome, bobOutcome]).toEqual(['withdraw', 'withdraw']);
        await collect(
          alice,
          aliceRound,
          `Withdraw ${formatSol(UP)}`,
          `Refunded ${formatSol(UP)}`,
          'refunded',
          UP,
        );
        await collect(
          bob,
          bobRound,
          `Withdraw ${formatSol(DOWN)}`,
          `Refunded ${formatSol(DOWN)}`,
          'refunded',
          DOWN,
        );
        await screenshot(page, 'foresight-withdrawn');
      }

      // The history lists the bet.
      const history = page.getByRole('region', { name: 'Your predictions' });
      await history.getByRole('cell', { name: `#${aliceRound}` }).waitFor({ timeout: UI_TIMEOUT });

      // The oracle receipt, on a fresh page that saw none of the round's price updates: the publish times
      // come from the ticks' own logs, and the lock and settle transactions are found on the chain.
      await page.reload();
      const receipt = roundCard(page, aliceRound, '(Settled|Invalid)').locator('details', {
        hasText: 'Oracle receipt',
      });
      await receipt.locator('summary').click({ timeout: UI_TIMEOUT });
      for (const reading of ['Lock price', 'Final price']) {
        const lines = receipt.locator(`[data-reading="${reading}"]`);
        await lines.getByRole('button', { name: /^Copy transaction / }).waitFor({ timeout: UI_TIMEOUT });
        expect(await lines.textContent()).toMatch(/Published \d{1,2} \w{3} \d{2}, \d{1,2}:\d{2}:\d{2} [AP]M/);
      }
      await screenshot(page, 'foresight-receipt');
    } finally {
      for (const player of players) await player.close();
    }
  });

  it("shows 'Invalid symbol' for a symbol without a price feed", async () => {
    const player = await newPlayer({ sol: 0 });
    try {
      await player.page.goto('/foresight/XYZ');
      await player.page.getByText('Invalid symbol', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      await player.page.getByText('Something bad just happened...').waitFor();
    } finally {
      await player.close();
    }
  });
});
