/**
 * The four games, end to end in Chromium. TailSpin and ReTail rolls are the program's, known to nobody
 * before the bet lands (`docs/trust.md`): the win AND the loss paths are reached by playing honestly at odds
 * that make them likely (95% for a win, 5% for a loss) until they come (`spinUntil`), and every bet played
 * is checked against its fairness record with the SDK (`expectHonestRoll`: seed → commitment, the message,
 * the recomputed roll, Win iff roll < odds). TailSpin's Fairness disclosure: the seed shown is the seed the
 * bet carries, a typed seed is kept for the next bets, an invalid one is refused inline; the roll link opens
 * /fairness, whose four checks pass. Foresight: two players on opposite sides, the round settles and the
 * winner claims. Prophecy: a prediction, the admin resolves it from the operator console in the browser,
 * and the payout arrives.
 */

import { ODDS_MAX } from '@arcade/sdk/constants';
import { BET_ACCOUNT_SIZE } from '@arcade/sdk/foresight/accounts';
import { foresightPayout } from '@arcade/sdk/payout';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import { randomBytes } from 'node:crypto';

import type { Address } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { CHECK_TITLES } from '../../apps/web/src/features/fairness/utils/verify.ts';
import { betBreakdown } from '../../apps/web/src/features/retail/utils/price-breakdown.ts';
import { formatLamports, formatSol } from '../../apps/web/src/lib/format.ts';
import {
  adminApi,
  balance,
  E2E_FORESIGHT_TIMELOCK,
  product,
  rpc,
  screenshot,
  signIn,
  type Player,
} from '../harness/index.ts';
import {
  checkShownBet,
  FEE_ALLOWANCE,
  getJson,
  LIKELY_ODDS,
  MAX_TRIES,
  nextSpin,
  RESULT_TIMEOUT,
  rollLink,
  setUpSpin,
  spin,
  spinUntil,
  UI_TIMEOUT,
  withPlayers,
  type PlayedBet,
} from './helpers.ts';

const STAKE = '0.1';

describe('TailSpin, played honestly', () => {
  it('plays until it loses (at 5%), then until it wins (at 95%) and claims the prize', async () => {
    await withPlayers([{ sol: 3 }], async (player) => {
      const { page, address } = player;
      await page.goto('/tailspin');
      await signIn(page);

      // The loss: the stake and fee leave the wallet, nothing to claim.
      const loss = await spinUntil(player, 'loss', { stake: STAKE, shot: 'suite-tailspin-lost' });
      const status = page.getByRole('status').filter({ hasText: /won|luck/ });
      expect(await status.textContent()).toBe('No luck this time.');
      expect(loss.roll).toBeGreaterThanOrEqual(LIKELY_ODDS.loss);
      expect(loss.balanceBefore - (await balance(address))).toBeGreaterThanOrEqual(loss.preview.total);
      expect(await page.getByRole('button', { name: /^Claim/ }).count()).toBe(0);
      expect(loss.record.bet).toMatchObject({
        result: 'Loss',
        randomValue: loss.roll,
        odds: LIKELY_ODDS.loss,
      });
      await page.getByRole('button', { name: 'Another go' }).click();

      // The win: the prize is claimed as SOL and lands in the wallet.
      const win = await spinUntil(player, 'win', { stake: STAKE, shot: 'suite-tailspin-won' });
      expect(win.roll).toBeLessThan(LIKELY_ODDS.win);
      expect(await status.textContent()).toBe(`You won ${formatLamports(win.preview.prize)} SOL!`);
      expect(win.record.bet).toMatchObject({ result: 'Win', randomValue: win.roll, odds: LIKELY_ODDS.win });
      const afterBet = await balance(address);
      await page.getByRole('button', { name: `Claim ${formatLamports(win.preview.prize)} SOL` }).click();
      await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
      await expect
        .poll(async () => (await balance(address)) - afterBet, { timeout: 30_000 })
        .toBeGreaterThan(win.preview.prize - FEE_ALLOWANCE);
      await screenshot(page, 'suite-tailspin-claimed');
    });
  });

  it('wins a USDC spin and claims it as USDC: claim_bet and the swap in one transaction, through lookup tables', async () => {
    await withPlayers([{ sol: 3 }], async (player) => {
      const { page, address } = player;
      await page.goto('/tailspin');
      await signIn(page);
      const { tokens } = await getJson<{ tokens: { id: string; symbol: string }[] }>('/api/nfts/tokens');
      const usdc = tokens.find((token) => token.symbol === 'USDC')!.id as Address;

      const win = await spinUntil(player, 'win', {
        stake: STAKE,
        token: 'USDC',
        shot: 'suite-tailspin-usdc-won',
      });
      expect(win.record.bet.result).toBe('Win');
      await page.getByRole('button', { name: 'Claim as USDC' }).click();
      await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
      await screenshot(page, 'suite-tailspin-usdc-claimed');

      // The USDC arrived in the player's token account.
      const { value: accounts } = await rpc()
        .getTokenAccountsByOwner(
          address as Address,
          { mint: usdc },
          { encoding: 'jsonParsed', commitment: 'confirmed' },
        )
        .send();
      const received = accounts.reduce(
        (sum, account) => sum + BigInt(account.account.data.parsed.info.tokenAmount.amount),
        0n,
      );
      expect(received).toBeGreaterThan(0n);

      // The claim was one v0 transaction: claim_bet, then the swap, with accounts loaded through the
      // swap desk's lookup table, as mainnet routes are.
      const [latest] = await rpc()
        .getSignaturesForAddress(address as Address, { limit: 1, commitment: 'confirmed' })
        .send();
      const claim = await rpc()
        .getTransaction(latest!.signature, {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      expect(claim?.meta?.err).toBeNull();
      expect(claim?.version).toBe(0);
      const message = claim?.transaction.message;
      const lookups =
        message !== undefined && 'addressTableLookups' in message ? message.addressTableLookups : [];
      expect(lookups.length).toBeGreaterThan(0);
      expect(claim?.meta?.loadedAddresses?.readonly.length ?? 0).toBeGreaterThan(0);
    });
  });
});

/** TailSpin's "Fairness" disclosure (under the bet controls). */
const fairnessDisclosure = (page: Page) => page.getByTestId('fairness-disclosure');

/** Opens the Fairness disclosure (when closed) and returns it. */
async function openFairness(page: Page) {
  const disclosure = fairnessDisclosure(page);
  const toggle = disclosure.getByRole('button', { name: /^Fairness/ });
  await toggle.waitFor({ timeout: UI_TIMEOUT });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return disclosure;
}

/** The full seed the disclosure shows (its abbreviated `<code>` carries it in its title). */
async function shownSeed(page: Page): Promise<string> {
  const disclosure = await openFairness(page);
  const code = disclosure.locator('code[title]');
  await code.waitFor({ timeout: UI_TIMEOUT });
  const seed = (await code.getAttribute('title')) ?? '';
  // Abbreviated as `a1b2c3d4…e5f6a7b8`, in the panel and in the toggle's name.
  const short = `${seed.slice(0, 8)}…${seed.slice(-8)}`;
  expect(await code.textContent()).toBe(short);
  expect(await disclosure.getByRole('button', { name: /^Fairness/ }).textContent()).toContain(short);
  return seed;
}

/** How many signatures the E2E test wallet has made in `page`. */
function walletSignatures(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __e2eWallet: { signatures: number } }).__e2eWallet.signatures,
  );
}

describe("TailSpin's fairness in the browser", () => {
  it('bets with the seed the disclosure shows; its roll link opens /fairness, where the four checks pass', async () => {
    await withPlayers([{ sol: 2 }], async (player) => {
      const { page } = player;
      await page.goto('/tailspin');
      await signIn(page);
      await setUpSpin(page, 50, '0.05');
      const seed = await shownSeed(page);
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      await screenshot(page, 'suite-tailspin-seed');

      const bet = await spin(player, { odds: 50, stake: '0.05' });
      expect(bet.record.bet.playerSeed).toBe(seed);

      // "Roll <r>, computed on chain" → /fairness?bet=<signature>: the browser recomputes the roll.
      await rollLink(page).click();
      await page.waitForURL(
        (url) => url.pathname === '/fairness' && url.searchParams.get('bet') === bet.signature,
        {
          timeout: UI_TIMEOUT,
        },
      );
      const steps = page.getByRole('list', { name: 'Verification steps' });
      const titles = [CHECK_TITLES.seed, CHECK_TITLES.inputs, CHECK_TITLES.roll, CHECK_TITLES.result];
      for (const title of titles) {
        await steps
          .getByRole('listitem', { name: title, exact: true })
          .getByRole('img', { name: 'Passed', exact: true })
          .waitFor({ timeout: UI_TIMEOUT });
      }
      expect(await steps.getByRole('listitem').count()).toBe(titles.length);
      expect(await steps.getByRole('img', { name: 'Passed', exact: true }).count()).toBe(titles.length);
      // The verdict (its ✓ mark is part of the element's text, so not an exact match).
      await page
        .getByRole('status')
        .filter({ hasText: 'Verified: the program computed this roll from values fixed before the bet' })
        .waitFor({ timeout: UI_TIMEOUT });
      // The page shows the values the harness checked: the player's seed and the program's roll.
      expect(await steps.getByText(seed, { exact: true }).count()).toBeGreaterThan(0);
      await screenshot(page, 'suite-tailspin-fairness-page');

      // Back at TailSpin, the drawn seed was replaced for the next bet.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor({ timeout: UI_TIMEOUT });
      const again = page.getByRole('button', { name: 'Another go' });
      const claim = page.getByRole('button', { name: `Claim ${formatLamports(bet.preview.prize)} SOL` });
      await again
        .or(claim)
        .or(page.getByRole('button', { name: /^Spin for/ }))
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      if ((await again.count()) > 0 || (await claim.count()) > 0) await nextSpin(page, bet);
      const next = await shownSeed(page);
      expect(next).toMatch(/^[0-9a-f]{64}$/);
      expect(next).not.toBe(seed);
    });
  });

  it('refuses an invalid seed inline without betting, and bets twice with a seed the player typed', async () => {
    await withPlayers([{ sol: 2 }], async (player) => {
      const { page } = player;
      await page.goto('/tailspin');
      await signIn(page);
      await setUpSpin(page, 50, '0.05');
      const drawn = await shownSeed(page);
      const disclosure = fairnessDisclosure(page);
      const signaturesBefore = await walletSignatures(page);

      // Invalid seeds: the inline error, and neither Enter nor "Use this seed" takes one or places a bet.
      await disclosure.getByRole('button', { name: 'Use my own seed' }).click();
      const field = disclosure.getByLabel('Your own seed (64 hex digits)');
      expect(await field.inputValue()).toBe(drawn);
      await field.fill('abc');
      await disclosure
        .getByText('Your seed is 64 hex digits (0–9, a–f); this one has 3.', { exact: true })
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.press('Enter');
      await field.fill('g'.repeat(64));
      await disclosure.getByText('Use only hex digits: 0–9 and a–f.', { exact: true }).waitFor();
      await field.press('Enter');
      await disclosure.getByRole('button', { name: 'Use this seed' }).click();
      await screenshot(page, 'suite-tailspin-seed-invalid');
      await page.waitForTimeout(1_000);
      expect(await walletSignatures(page)).toBe(signaturesBefore);
      expect(await page.getByText('Spinning…').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Spin for/ }).isVisible()).toBe(true);
      expect(await field.inputValue()).toBe('g'.repeat(64));
      await disclosure.getByRole('button', { name: 'Cancel' }).click();
      expect(await shownSeed(page)).toBe(drawn);

      // The player's own seed (typed in capitals: it is kept as lowercase hex); Enter takes it, no bet.
      const own = randomBytes(32).toString('hex');
      await disclosure.getByRole('button', { name: 'Use my own seed' }).click();
      await field.fill(own.toUpperCase());
      await field.press('Enter');
      await disclosure
        .getByText('You set this seed: it stays for your next bets until you change it.', { exact: true })
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await shownSeed(page)).toBe(own);
      expect(await walletSignatures(page)).toBe(signaturesBefore);
      await screenshot(page, 'suite-tailspin-own-seed');

      // It is the seed of the next two bets.
      const first = await spin(player, { odds: 50, stake: '0.05' });
      expect(first.record.bet.playerSeed).toBe(own);
      await nextSpin(page, first);
      expect(await shownSeed(page)).toBe(own);
      const second = await spin(player, { odds: 50, stake: '0.05' });
      expect(second.record.bet.playerSeed).toBe(own);
      // Same player seed, yet another roll input: the next sequence and another slot's hash.
      expect(second.record.bet.sequence).toBeGreaterThan(first.record.bet.sequence!);
      expect(second.record.message).not.toBe(first.record.message);
    });
  });
});

/** A listing as `GET /api/nfts/collectionV2` sends it. */
interface WireListing {
  mint: string;
  name: string;
  price: string;
  royaltyBps: number;
  tokenStandard: 'NonFungible' | 'ProgrammableNonFungible' | 'Core';
}

describe('ReTail, played honestly', () => {
  it('wins a listing at 95% (playing again after a slip), claims the NFT and makes it the profile picture', async () => {
    await withPlayers([{ sol: 12 }], async (player) => {
      const { page, address } = player;
      await page.goto('/retail');
      await signIn(page);

      // The second collection's cheapest listing (the smoke test plays the first one's).
      const { collections } = await getJson<{ collections: { slug: string; name: string }[] }>(
        '/api/nfts/trendingV2',
      );
      const collection = collections[1] ?? collections[0]!;
      const detail = await getJson<{ collection: { listings: WireListing[] } }>(
        `/api/nfts/collectionV2?collId=${encodeURIComponent(collection.slug)}`,
      );
      const listing = detail.collection.listings[0]!;
      await page.goto(`/retail/${encodeURIComponent(collection.slug)}?listing=${listing.mint}`);
      await page.getByRole('heading', { level: 1, name: listing.name }).waitFor({ timeout: UI_TIMEOUT });
      const oddsField = page.getByRole('textbox', { name: 'Win chance in percent' });
      await oddsField.fill(String(ODDS_MAX));
      await oddsField.press('Enter');
      const expected = betBreakdown(
        {
          price: BigInt(listing.price),
          royaltyBps: listing.royaltyBps,
          tokenStandard: listing.tokenStandard,
        },
        ODDS_MAX,
      );
      const play = page.getByRole('button', { name: /^Play for \d+(\.\d+)? SOL$/ });
      await play.waitFor({ timeout: UI_TIMEOUT });

      // Played honestly at 95% until the claw wins (a slip is played again), each bet checked.
      const played: PlayedBet[] = [];
      let won: PlayedBet | null = null;
      while (won === null) {
        if (played.length >= MAX_TRIES) {
          throw new Error(
            `No ReTail win in ${MAX_TRIES} honest plays at ${ODDS_MAX}% (rolls ${played.map((bet) => bet.roll).join(', ')})`,
          );
        }
        await oddsField.fill(String(ODDS_MAX));
        await oddsField.press('Enter');
        await expect.poll(() => play.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
        const before = await balance(address);
        await play.click();
        const wonText = page.getByText(`You won ${listing.name}!`);
        const slipped = page.getByText('The claw slipped!');
        const failed = page.getByRole('alert');
        await wonText.or(slipped).or(failed).first().waitFor({ timeout: RESULT_TIMEOUT });
        if (!(await wonText.isVisible()) && !(await slipped.isVisible())) {
          await screenshot(page, 'suite-retail-failed');
          throw new Error(`The bet failed: ${await failed.first().textContent()}`);
        }
        const bet = await checkShownBet(page, ODDS_MAX, (await wonText.isVisible()) ? 'win' : 'loss', before);
        played.push(bet);
        if (bet.result === 'win') won = bet;
        else await page.getByRole('button', { name: 'Have another go' }).click();
      }
      expect(won.roll).toBeLessThan(ODDS_MAX);
      expect(won.record.bet.result).toBe('Win');
      expect(won.balanceBefore - (await balance(address))).toBeGreaterThanOrEqual(expected.total);
      await screenshot(page, 'suite-retail-won');

      await page.getByRole('button', { name: 'Claim NFT' }).click();
      await page.getByText(`${listing.name} is yours!`).waitFor({ timeout: UI_TIMEOUT });
      await page.getByText('It is in your wallet.').waitFor({ timeout: 30_000 });
      const { inventory } = await getJson<{ inventory: { id: string }[] }>(
        `/api/nfts/inventoryV2?address=${address}`,
      );
      expect(inventory.map((nft) => nft.id)).toContain(listing.mint);
      await screenshot(page, 'suite-retail-claimed');

      // The pfp picker: the won NFT, selected by a first click and saved by Confirm.
      await page
        .getByRole('banner')
        .first()
        .getByRole('button', { name: /^Open your profile/ })
        .click();
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await profile.getByRole('button', { name: 'Change profile picture' }).click();
      const picker = profile.getByRole('region', { name: 'Choose your profile picture' });
      const nft = picker.getByRole('button', { name: listing.name });
      await nft.waitFor({ timeout: UI_TIMEOUT });
      await nft.click();
      expect(await nft.getAttribute('aria-pressed')).toBe('true');
      await picker.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Successfully updated pfp').waitFor({ timeout: UI_TIMEOUT });
      await expect
        .poll(async () => (await getJson<{ pfp?: string | null }>(`/api/user/${address}`)).pfp, {
          timeout: UI_TIMEOUT,
        })
        .toBe(listing.mint);
      await screenshot(page, 'suite-profile-pfp');
    });
  });
});

/** The live round's card. */
const liveCard = (page: Page) => page.getByRole('article', { name: /^Round #\d+, Live$/ });
/** Round `id`'s card, in a stage matching `stage`. */
const roundCard = (page: Page, id: number, stage = '[A-Za-z]+') =>
  page.getByRole('article', { name: new RegExp(`^Round #${id}, ${stage}$`) });

/** Seconds of betting left on the live card (0 once it reads Pending...). */
async function bettingSecondsLeft(page: Page): Promise<number> {
  const text = (await liveCard(page).getByRole('timer').textContent()) ?? '';
  const match = /(\d+)m (\d+)s/.exec(text);
  return match === null ? 0 : Number(match[1]) * 60 + Number(match[2]);
}

/** Bets `amount` lamports on `side` in the live round; resolves with the round id of the toast. */
async function foresightBet(page: Page, side: 'Up' | 'Down', amount: bigint): Promise<number> {
  const form = page.getByRole('form', { name: /^Bet on round #\d+$/ });
  await form.getByRole('button', { name: new RegExp(`^${side}`) }).click();
  const placed = page.getByText(new RegExp(`^Bet placed: ${formatSol(amount)} on ${side} in round #(\\d+)$`));
  await placed.waitFor({ timeout: UI_TIMEOUT });
  return Number(/#(\d+)$/.exec((await placed.textContent()) ?? '')![1]);
}

describe('Foresight with two players', () => {
  it('bets Up and Down in one round; the round settles and the winner claims the pool', async () => {
    const UP = 300_000_000n;
    const DOWN = 200_000_000n;
    await withPlayers([{ sol: 2 }, { sol: 2 }], async (alice, bob) => {
      for (const player of [alice, bob]) {
        await player.page.goto('/foresight/SOL');
        await signIn(player.page);
      }
      await alice.page.getByLabel('Amount (SOL)').fill(String(Number(UP) / 1e9));
      await bob.page.getByLabel('Amount (SOL)').fill(String(Number(DOWN) / 1e9));

      // Both bets in the same round; a round whose draw is invalid (an unchanged price) is played again.
      for (let attempt = 1; ; attempt += 1) {
        await liveCard(alice.page).waitFor({ timeout: UI_TIMEOUT });
        await expect
          .poll(() => bettingSecondsLeft(alice.page), { timeout: (E2E_FORESIGHT_TIMELOCK + 10) * 1000 })
          .toBeGreaterThanOrEqual(Math.min(7, E2E_FORESIGHT_TIMELOCK - 3));
        const [aliceRound, bobRound] = await Promise.all([
          foresightBet(alice.page, 'Up', UP),
          foresightBet(bob.page, 'Down', DOWN),
        ]);
        const outcome = async (player: Player, id: number) => {
          const card = roundCard(player.page, id, '(Settled|Invalid)');
          await card.waitFor({ timeout: UI_TIMEOUT * 2 });
          const position = card.locator('[data-outcome]');
          await position.waitFor({ timeout: UI_TIMEOUT });
          return (await position.getAttribute('data-outcome')) ?? '';
        };
        const [aliceOutcome, bobOutcome] = await Promise.all([
          outcome(alice, aliceRound),
          outcome(bob, bobRound),
        ]);
        if (aliceRound === bobRound && aliceOutcome !== 'withdraw') {
          expect([aliceOutcome, bobOutcome].sort()).toEqual(['lost', 'settle']);
          const [winner, loser, lost, side] =
            aliceOutcome === 'settle'
              ? ([alice, bob, DOWN, 'up'] as const)
              : ([bob, alice, UP, 'down'] as const);
          const payout = foresightPayout(side === 'up' ? UP : DOWN, UP, DOWN, side);
          await roundCard(loser.page, aliceRound)
            .getByText(`Lost ${formatSol(lost)}`)
            .waitFor({ timeout: UI_TIMEOUT });
          const card = roundCard(winner.page, aliceRound);
          const before = await balance(winner.address);
          await card.getByRole('button', { name: `Collect ${formatSol(payout)}` }).click();
          await winner.page
            .getByText('Claimed successfully!', { exact: true })
            .waitFor({ timeout: UI_TIMEOUT });
          await card.getByText(`Paid ${formatSol(payout)}`).waitFor({ timeout: UI_TIMEOUT });
          // The payout and, closed in the same transaction, the bet account's rent deposit.
          const deposit = await rpc().getMinimumBalanceForRentExemption(BigInt(BET_ACCOUNT_SIZE)).send();
          const received = (await balance(winner.address)) - before;
          expect(received).toBeLessThanOrEqual(payout + deposit);
          expect(received).toBeGreaterThan(payout + deposit - FEE_ALLOWANCE);
          await screenshot(winner.page, 'suite-foresight-claimed');
          return;
        }
        // Invalid (or split across rounds): both withdraw their stake, then play another round.
        for (const [player, id, amount] of [
          [alice, aliceRound, UP],
          [bob, bobRound, DOWN],
        ] as const) {
          const card = roundCard(player.page, id);
          await card.getByRole('button', { name: `Withdraw ${formatSol(amount)}` }).click();
          await player.page.getByText(`Refunded ${formatSol(amount)}`, { exact: true }).waitFor();
        }
        if (attempt >= 3) throw new Error('Three Foresight rounds in a row were invalid');
      }
    });
  });
});

describe('Prophecy resolved from the operator console', () => {
  it('predicts Yes; admin-1 resolves Yes in the console; the payout arrives', async () => {
    const YES = 400_000_000n;
    const NO = 200_000_000n;
    const CUTOFF_SECS = 50;
    await withPlayers(
      [{ sol: 2 }, { sol: 2 }, { sol: 1, secretKey: product().adminKeypairs[0]! }],
      async (alice, bob, admin) => {
        for (const player of [alice, bob, admin]) {
          await player.page.goto('/prophecy');
          await signIn(player.page);
        }
        const now = Math.floor(Date.now() / 1000);
        const name = `Will the console resolve ${now}?`;
        const shortName = `console ${now}`;
        const created = (await adminApi('/api/prophecy/createMarket', {
          name,
          shortName,
          category: 'Crypto',
          rules: 'Resolves Yes when the admin says so from the operator console.',
          cutoffTime: now + CUTOFF_SECS,
          endTime: now + CUTOFF_SECS + 5,
        })) as { market: { key: string } };
        const key = created.market.key;

        const predict = async (page: Page, side: 'Yes' | 'No', amount: bigint) => {
          await page.goto(`/prophecy/${key}`);
          await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: UI_TIMEOUT });
          await page.getByRole('radio', { name: new RegExp(`^${side}`) }).click();
          await page.getByLabel('Amount', { exact: true }).fill(String(Number(amount) / 1e9));
          await page.getByRole('button', { name: `Predict ${side}` }).click();
          await page
            .getByText(`Prediction placed: ${formatSol(amount)} on ${side}`)
            .waitFor({ timeout: UI_TIMEOUT });
        };
        await predict(alice.page, 'Yes', YES);
        await predict(bob.page, 'No', NO);
        await alice.page
          .getByRole('heading', { name: 'Betting closed' })
          .waitFor({ timeout: (CUTOFF_SECS + 30) * 1000 });

        // The operator console, opened by admin-1 in the browser: Markets → the market → Resolve Yes.
        const { page } = admin;
        await page.getByRole('button', { name: 'Open the operator console' }).click();
        const console = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Markets' }) });
        await console.getByRole('tab', { name: 'Markets' }).click();
        const card = console.getByRole('article').filter({ hasText: shortName });
        await card.waitFor({ timeout: UI_TIMEOUT });
        await card.getByRole('button', { name: 'Resolve Yes' }).click();
        await card.getByText('1 winning predictions share the').waitFor();
        const before = await balance(alice.address);
        await card.getByRole('button', { name: 'Resolve Yes' }).click();
        await page.getByText('Market resolved: Yes').first().waitFor({ timeout: UI_TIMEOUT });
        // It leaves "To resolve" for "Resolved".
        await console
          .getByRole('tablist', { name: 'Market filter' })
          .getByRole('tab', { name: 'Resolved' })
          .click();
        await card.getByText('Resolved: Yes').waitFor({ timeout: UI_TIMEOUT });
        await screenshot(page, 'suite-prophecy-console');

        // The players see it; the settler pays the winner the SDK's payout.
        const payout = predictionPayout(
          { yesPool: YES, noPool: NO, result: MarketResult.Yes },
          YES,
          MarketResult.Yes,
        );
        await alice.page.getByText('You won').waitFor({ timeout: UI_TIMEOUT });
        expect(await alice.page.getByTestId('payout').textContent()).toBe(formatSol(payout));
        await bob.page.getByText('Your prediction lost').waitFor({ timeout: UI_TIMEOUT });
        await alice.page.getByText('Paid to your wallet').waitFor({ timeout: UI_TIMEOUT });
        await expect
          .poll(async () => (await balance(alice.address)) - before, { timeout: UI_TIMEOUT })
          .toBe(payout);
        await screenshot(alice.page, 'suite-prophecy-paid');
      },
    );
  });
});
