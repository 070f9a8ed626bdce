/**
 * The refund path of a TailSpin bet whose roll is not revealed in time (`docs/trust.md`, "No frozen pots",
 * "Rolls nobody chooses"): after `BET_REFUND_DELAY_SECS` (120 s) the game offers "Refund", which sends
 * `refund_bet` and gives the stake and fee back; sent while SlotHashes still lists the bet's slot, the
 * refund captures that slot's hash and the result is kept. When the settler comes back, its reveal rolls
 * the bet exactly as an on-time reveal would have: a win is paid the rest of its prize (the SDK's
 * `lateWinAmount`) at once and the bet is Claimed; a loss leaves the refund standing.
 *
 * The shared product's settler reveals every bet within a slot or two, so this file starts a product of its
 * own (`startProduct`): first with every worker, until the settler has committed its first seed chain on
 * chain (without one `create_bet` fails with NoSeedCommitted), then, stopped and started again on the same
 * data directory (the chain is saved on SIGINT), with `WORKERS=indexer` only: the House still holds the
 * committed chain, bets land, and nobody reveals them. After the refund it is started once more with every
 * worker: the settler reveals the refunded bet. No product code is changed for it.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FairnessChainsJson, PublishedChainJson } from '@arcade/sdk/api/history';
import { BET_REFUND_DELAY_SECS } from '@arcade/sdk/constants';
import { BetState, decodeBet } from '@arcade/sdk/wager/accounts';
import { lateWinAmount } from '@arcade/sdk/wager/bet-math';
import { bytesToHex } from '@arcade/sdk/wager/fairness';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import type { Address } from '@solana/kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  REFUNDED_LOST,
  REFUNDED_PENDING,
  refundedWonText,
} from '../../apps/web/src/lib/wager-bet/utils/refund.ts';
import { formatExactSol, formatSol } from '../../apps/web/src/lib/format.ts';
import { fairnessRecord, type BetFairnessJson } from '../harness/fairness.ts';
import { balance, product, rpc, screenshot, signIn, useProduct } from '../harness/index.ts';
import { startProduct, type RunningProduct } from '../harness/product-process.ts';
import { expectHonestRoll, setUpSpin, UI_TIMEOUT, withPlayers } from './helpers.ts';

/** The Refund notice's text (`REFUND_EXPLANATION`, apps/web/src/lib/wager-bet/utils/bet-errors.ts). */
const REFUND_EXPLANATION =
  'The roll was not revealed within 2 minutes. Refund now to get your stake and fee back. Your result is kept: if the roll wins when it is revealed, the rest of your prize is paid to you then.';
/** The refund's success toast (`REFUND_TOASTS.success`). */
const REFUNDED_TOAST = 'Refunded: your stake and fee are back in your wallet.';
/** The fairness page's note on a bet rolled after its refund (`ROLLED_AFTER_REFUND`). */
const ROLLED_AFTER_REFUND = 'Rolled after your refund';
/** The fairness page's verdict when every check passes. */
const VERIFIED = 'Verified: the program computed this roll from values fixed before the bet';
/** Likely a win (so the late payout is what is usually checked), though a loss is checked too. */
const ODDS = 90;

/** Waits until the settler of the product at `url` has committed a seed chain on chain. */
async function waitForCommittedChain(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await fetch(`${url}/api/fairness`);
    if (response.ok) {
      const { chains } = (await response.json()) as FairnessChainsJson;
      // The first chain stays `next` until a reveal swaps it in; committed is what create_bet needs.
      const committed = (chain: PublishedChainJson) =>
        chain.status !== 'exhausted' && chain.startSequence !== null && chain.commitSignature !== null;
      if (chains.some(committed)) return;
    }
    if (Date.now() > deadline) throw new Error('The settler committed no seed chain within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The newest transaction of the player's bet record. */
async function newestSignature(betAddress: Address): Promise<string> {
  const [newest] = await rpc()
    .getSignaturesForAddress(betAddress, { limit: 1, commitment: 'confirmed' })
    .send();
  return newest?.signature ?? '';
}

/** The player's bet record, decoded. */
async function betRecord(betAddress: Address) {
  const { value } = await rpc()
    .getAccountInfo(betAddress, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) throw new Error(`No bet record at ${betAddress}`);
  return decodeBet(Buffer.from(value.data[0], 'base64'));
}

/** TailSpin's "Your last bet" note (the bet form) and its "Your bets" list (a table at 1440 px), on `page`. */
const lastBetNote = (page: Page) => page.getByRole('status', { name: 'Your last bet' });
const yourBets = (page: Page) => page.getByRole('region', { name: 'Your bets' });

describe('a TailSpin bet nobody reveals (a product without the settler), refunded, then rolled late', () => {
  let dataDir = '';
  let running: RunningProduct | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'arcade-e2e-refund-'));
    // 1. Every worker, until the settler's first chain is committed on chain.
    const setup = await startProduct({ dataDir, keepDataDir: true, logName: 'product-refund-setup' });
    try {
      await waitForCommittedChain(setup.product.url);
    } finally {
      await setup.stop();
    }
    // 2. The same chain and database with the indexer only: no settler reveals anything.
    running = await startProduct({
      dataDir,
      keepDataDir: true,
      workers: 'indexer',
      logName: 'product-refund',
    });
    console.log(`[e2e] refund product (WORKERS=indexer) at ${running.product.url}`);
    useProduct(running.product);
  }, 240_000);

  afterAll(async () => {
    useProduct(null);
    await running?.stop();
    if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'offers Refund once the roll is 120 s late: stake and fee back, the result kept, and the late roll paid or lost',
    { timeout: 600_000 },
    async () => {
      await withPlayers([{ sol: 2 }], async (player) => {
        const { page, address } = player;
        await page.goto('/tailspin');
        await signIn(page);
        const preview = await setUpSpin(page, ODDS, '0.1');
        const spinButton = page.getByRole('button', { name: /^Spin for \d+(\.\d+)? SOL$/ });
        await expect.poll(() => spinButton.isEnabled(), { timeout: 30_000 }).toBe(true);
        await spinButton.click();
        const placedAt = Date.now();
        await page.getByText('Spinning…').first().waitFor({ timeout: UI_TIMEOUT });

        // The bet landed (create_bet, the newest transaction of the player's bet record) and stays open.
        const [betAddress] = await findBetAddress(address as Address);
        let signature = '';
        await expect
          .poll(
            async () => {
              signature = await newestSignature(betAddress);
              return signature;
            },
            { timeout: UI_TIMEOUT },
          )
          .not.toBe('');
        let record: BetFairnessJson | null = null;
        await expect
          .poll(
            async () => {
              record = await fairnessRecord(signature);
              return record?.bet.state ?? 'missing';
            },
            { timeout: UI_TIMEOUT },
          )
          .toBe('Open');
        expect(record!.bet).toMatchObject({ odds: ODDS, result: 'None', randomValue: null, offChain: false });
        expect(record!.bet.playerSeed).toMatch(/^[0-9a-f]{64}$/);
        expect(record!.reveal).toBeNull();
        const placed = await betRecord(betAddress);
        const late = lateWinAmount({ prize: placed.listingPrice, stake: placed.betAmount });
        expect(late).toBeGreaterThan(0n);

        // No Refund before the deadline; then the notice: what comes back now, what a win still pays.
        const notice = page.getByRole('region', { name: 'Refund your bet' });
        expect(await notice.count()).toBe(0);
        await notice.waitFor({ timeout: (BET_REFUND_DELAY_SECS + 60) * 1000 });
        const waited = (Date.now() - placedAt) / 1000;
        expect(waited).toBeGreaterThanOrEqual(BET_REFUND_DELAY_SECS - 2);
        await notice.getByText(REFUND_EXPLANATION, { exact: true }).waitFor();
        expect(await notice.textContent()).toContain(`If the roll wins, paid then+${formatExactSol(late)}`);
        const refund = notice.getByRole('button', {
          name: `Refund ${formatSol(preview.total)}`,
          exact: true,
        });
        await refund.waitFor();
        await screenshot(page, 'suite-tailspin-refund-due');

        // The refund, in time: the stake and fee come back and the result is kept.
        const before = await balance(address);
        await refund.click();
        await page.getByText(REFUNDED_TOAST, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT });
        const panel = page.getByRole('status', { name: 'Your refund' });
        await panel.getByText(REFUNDED_PENDING, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
        await screenshot(page, 'suite-tailspin-refunded');

        // refund_bet, sent by the player: the stake and fee came back, less its network fee.
        const refundSignature = await newestSignature(betAddress);
        expect(refundSignature).not.toBe(signature);
        const refundTx = await rpc()
          .getTransaction(refundSignature as never, {
            commitment: 'confirmed',
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
          })
          .send();
        expect(refundTx?.meta?.err).toBeNull();
        expect(refundTx?.transaction.message.accountKeys[0]).toBe(address);
        const networkFee = refundTx!.meta!.fee;
        await expect
          .poll(async () => (await balance(address)) - before, { timeout: UI_TIMEOUT })
          .toBe(preview.total - networkFee);
        // The refund captured the bet's slot hash: its result is kept.
        const refunded = await betRecord(betAddress);
        expect(refunded.state).toBe(BetState.Refunded);
        const captured = bytesToHex(refunded.slotHash);
        expect(captured).not.toBe('00'.repeat(32));

        // The server's record follows: Refunded, with the refund's signature and no roll yet.
        await expect
          .poll(async () => (await fairnessRecord(signature))?.bet.state, { timeout: UI_TIMEOUT })
          .toBe('Refunded');
        expect((await fairnessRecord(signature))!.bet).toMatchObject({
          refundSignature,
          randomValue: null,
        });

        // 3. The settler comes back (every worker, same chain and database) and reveals the bet.
        const beforeReveal = await balance(address);
        await running!.stop();
        running = await startProduct({ dataDir, keepDataDir: true, logName: 'product-refund-settled' });
        console.log(`[e2e] refund product (every worker) at ${running.product.url}`);
        useProduct(running.product);
        let rolled: BetFairnessJson | null = null;
        await expect
          .poll(
            async () => {
              rolled = await fairnessRecord(signature);
              return rolled?.reveal?.outcome ?? 'not revealed';
            },
            { timeout: 120_000 },
          )
          .toBe('settled');
        // Rolled with the slot hash the refund captured, honestly (the SDK recomputes it).
        expect(rolled!.reveal).toMatchObject({ afterRefund: true, slotHash: captured });
        const roll = await expectHonestRoll(rolled!, ODDS);
        const won = roll < ODDS;
        const after = await betRecord(betAddress);
        if (won) {
          // The reveal paid the rest of the prize at once: the bet is Claimed, the wallet up by exactly that.
          expect(after.state).toBe(BetState.Claimed);
          expect((await balance(address)) - beforeReveal).toBe(late);
          expect(rolled!.reveal?.lateWinAmount).toBe(late.toString());
          expect(rolled!.bet).toMatchObject({ state: 'Claimed', result: 'Win', randomValue: roll });
        } else {
          // A loss: the refund stands, nothing more moves.
          expect(after.state).toBe(BetState.Refunded);
          expect(await balance(address)).toBe(beforeReveal);
          expect(rolled!.bet).toMatchObject({ state: 'Refunded', result: 'Loss', randomValue: roll });
        }

        // The page, on the restarted product, says what the late roll came to.
        await page.goto(`${product().url}/tailspin`);
        await signIn(page);
        const outcome = won ? refundedWonText(late) : REFUNDED_LOST;
        await lastBetNote(page).getByText(outcome).waitFor({ timeout: UI_TIMEOUT });
        await lastBetNote(page).getByText(`Roll ${roll}, computed on chain`).waitFor({ timeout: UI_TIMEOUT });
        await yourBets(page).getByRole('table').getByText(outcome).waitFor({ timeout: UI_TIMEOUT });
        await screenshot(page, `suite-tailspin-refund-rolled-${won ? 'win' : 'loss'}`);
        // Its seed revealed, the record takes a new bet.
        await setUpSpin(page, ODDS, '0.1');
        await expect
          .poll(() => page.getByRole('button', { name: /^Spin for/ }).isEnabled(), { timeout: 30_000 })
          .toBe(true);

        // The fairness page verifies the roll with the captured slot hash and says it came after the refund.
        await page.goto(`${product().url}/fairness?bet=${encodeURIComponent(signature)}`);
        const note = page.getByRole('note', { name: ROLLED_AFTER_REFUND });
        await note.waitFor({ timeout: UI_TIMEOUT });
        expect(await note.textContent()).toContain(
          won
            ? `it won, and the rest of the prize (+${formatExactSol(late)}`
            : 'it lost, and the refund of your stake and fee stands.',
        );
        await page.getByText(VERIFIED).waitFor({ timeout: UI_TIMEOUT });
        await screenshot(page, 'suite-tailspin-refund-fairness');
      });
    },
  );
});
