/**
 * Click to result, in the browser, on the real product: how long a player waits between clicking and seeing
 * the outcome, for each game:
 *
 * - **TailSpin**: click "Spin for …" → the result (WIN/LOSS on the dial, or "You won" / "No luck this time")
 *   is visible;
 * - **ReTail**: click "Play for …" on a listing → the outcome ("You won …!" or "The claw slipped!") is
 *   visible;
 * - **Foresight**: click Up or Down in the live round → the player's position shows on that round's card;
 * - **Prophecy**: click "Predict Yes" / "Add to Yes" on a market → "Your position" shows the new stake.
 *
 * The product is started as `npm start` starts it (`e2e/harness/product-process.ts`: `node
 * apps/server/src/main.ts` on free ports, fresh data, 12 s Foresight rounds), after `npm run build:web`
 * when the build is stale, serving a copy of that build. Chromium (playwright-core, /usr/bin/chromium)
 * plays with the E2E test wallet, which approves every request on its own and records each approval's
 * time (`window.__e2eWalletApprovals`: the sign request to the signature returned). Both ends are timed
 * inside the page on one clock: the click is the click event's `timeStamp`, the result is the first DOM
 * mutation or animation frame at which the result is visible. The figure is click-to-result minus the
 * wallet's approvals in between, so it is the app's and the chain's time, not the wallet's (a real wallet
 * adds the player's own approval on top). Approval times are reported apart.
 *
 * TailSpin and ReTail are played twice: as a player sees them (no `prefers-reduced-motion`: the dial and
 * the claw animate) and with `prefers-reduced-motion: reduce` (the roll shows at once), unless
 * `--motion full` or `--motion reduced` picks one.
 *
 * Targets (reported, never asserted): TailSpin and ReTail p50 ≤ 1.5 s. Exits non-zero only when a game
 * could not be played, so the exit code does not depend on the machine's speed (docs/benchmarks.md).
 *
 * Run: `npm run build:web && node apps/web/scripts/bench-play.ts [--runs 20] [--motion both|full|reduced]
 * [--games tailspin,retail,foresight,prophecy]` (part of `npm run bench`).
 *
 * @module
 */

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import type { Page } from 'playwright-core';

import { closeBrowser } from '../../../e2e/harness/browser.ts';
import {
  adminApi,
  newPlayer,
  signIn,
  useProduct as playAgainst,
  type Player,
} from '../../../e2e/harness/index.ts';
import { ARTIFACTS_DIR, ensureWebBuild, ROOT, startProduct } from '../../../e2e/harness/product-process.ts';
import { formatSol } from '../src/lib/format.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    motion: { type: 'string', default: 'both' },
    games: { type: 'string', default: 'tailspin,retail,foresight,prophecy' },
  },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs wants a positive whole number, got ${args.runs}`);
const GAMES = new Set(args.games.split(',').map((game) => game.trim().toLowerCase()));
for (const game of GAMES) {
  if (!['tailspin', 'retail', 'foresight', 'prophecy'].includes(game)) {
    throw new Error(`--games wants a comma list of tailspin, retail, foresight and prophecy; got ${game}`);
  }
}
const MOTION = args.motion;
if (MOTION !== 'both' && MOTION !== 'full' && MOTION !== 'reduced') {
  throw new Error(`--motion wants both, full or reduced, got ${MOTION}`);
}

/** The target printed next to TailSpin and ReTail (reported, not asserted). */
const RESULT_TARGET_MS = 1_500;
/** How long one click may take to show its result before the run counts as failed. */
const RESULT_TIMEOUT_MS = 200_000;
const UI_TIMEOUT_MS = 60_000;
/** TailSpin's bet: a SOL prize at even-ish odds, a small stake. */
const TAILSPIN_ODDS = 50;
const TAILSPIN_STAKE = '0.05';
/** ReTail's odds: cheap plays on the cheapest listing (a win is claimed as SOL, leaving it listed). */
const RETAIL_ODDS = 10;
/** Foresight's stake per round, and the betting time a round must have left to be bet on. */
const FORESIGHT_STAKE = '0.05';
const FORESIGHT_MIN_SECS_LEFT = 5;
/** How long a bet's position may take to show before the bet counts as missed, and how many may miss. */
const FORESIGHT_SHOW_TIMEOUT_MS = 60_000;
const FORESIGHT_MAX_MISSES = 3;
/** How long to wait for such a round (a loaded machine opens rounds late). */
const FRESH_ROUND_TIMEOUT_MS = 180_000;
/** Prophecy's stake per prediction, in SOL and lamports. */
const PROPHECY_STAKE = '0.05';
const PROPHECY_STAKE_LAMPORTS = 50_000_000n;

/**
 * What the page runs (an init script): the click listener, the result probes and the timer. `arm(probe,
 * arg)` starts a measurement: the next click's `timeStamp` is its start; the first DOM mutation or
 * animation frame after it at which `probe(arg)` holds is its end. A probe's failure check (an alert in
 * the game) ends it as a failure.
 */
const PAGE_SCRIPT = `(() => {
  const visible = (el) => el !== null && el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const ownText = (el) => (el.textContent ?? '').replace(/\\s+/g, ' ').trim();
  const anyText = (root, test) => {
    if (root === null) return false;
    for (const el of root.querySelectorAll('p, span, div, strong, h2, h3')) {
      if (el.children.length === 0 && test(ownText(el)) && visible(el)) return true;
    }
    return false;
  };
  const alertIn = (selector) => {
    for (const el of document.querySelectorAll(selector)) {
      if (visible(el) && ownText(el) !== '') return ownText(el);
    }
    return null;
  };
  const probes = {
    tailspin: {
      done: () =>
        anyText(document.querySelector('section[aria-label="TailSpin table"]'), (t) =>
          t === 'WIN' || t === 'LOSS' || t === 'You won' || t === 'No luck this time'),
      failed: () => alertIn('section[aria-label="TailSpin table"] [role=alert]'),
    },
    retail: {
      done: () =>
        anyText(document.querySelector('main'), (t) => t === 'The claw slipped!' || /^You won .+!$/.test(t)),
      failed: () => alertIn('main [role=alert]'),
    },
    foresight: {
      done: (round) => {
        const card = document.querySelector('article[aria-label^="Round #' + round + ', "]');
        return card !== null && visible(card.querySelector('[data-outcome]'));
      },
      failed: () => alertIn('form[aria-label^="Bet on round"] [role=alert]'),
    },
    prophecy: {
      done: (staked) => {
        for (const dt of document.querySelectorAll('main dt')) {
          if (ownText(dt).toLowerCase() !== 'staked') continue;
          const dd = dt.nextElementSibling;
          if (dd !== null && ownText(dd) === staked && visible(dd)) return true;
        }
        return false;
      },
      failed: () => null,
    },
  };
  const bench = { current: null };
  window.__bench = bench;
  const check = () => {
    const m = bench.current;
    if (m === null || m.clickAt === null || m.resultAt !== null || m.failure !== null) return;
    const probe = probes[m.probe];
    if (probe.done(m.arg)) {
      m.resultAt = performance.now();
      return;
    }
    const failure = probe.failed();
    if (failure !== null) m.failure = failure;
  };
  const frame = () => {
    check();
    const m = bench.current;
    if (m !== null && m.resultAt === null && m.failure === null) requestAnimationFrame(frame);
  };
  let observer = null;
  bench.arm = (probe, arg) => {
    bench.current = { probe, arg, clickAt: null, resultAt: null, failure: null };
    observer?.disconnect();
    observer = new MutationObserver(check);
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    requestAnimationFrame(frame);
  };
  document.addEventListener('click', (event) => {
    const m = bench.current;
    if (m !== null && m.clickAt === null) m.clickAt = event.timeStamp;
  }, true);
})();`;

/** One click measured. */
interface Sample {
  /** Click to result, in ms, the wallet's approvals excluded. */
  readonly resultMs: number;
  /** The wallet's approval time between the click and the result, in ms. */
  readonly approvalMs: number;
  /** Transactions the wallet approved in between. */
  readonly approvals: number;
}

interface Measurement {
  clickAt: number | null;
  resultAt: number | null;
  failure: string | null;
}

/**
 * Arms the page's timer for `probe`, runs `click` and waits for the result; resolves with the sample.
 *
 * @throws Error when the game shows an error, or no result within `timeout` ms.
 */
async function measure(
  page: Page,
  probe: string,
  arg: string | number | null,
  click: () => Promise<void>,
  timeout = RESULT_TIMEOUT_MS,
): Promise<Sample> {
  await page.evaluate(
    ([name, value]) => {
      (window as unknown as { __bench: { arm: (p: unknown, a: unknown) => void } }).__bench.arm(name, value);
    },
    [probe, arg] as const,
  );
  await click();
  const handle = await page.waitForFunction(
    () => {
      const m = (window as unknown as { __bench: { current: Measurement } }).__bench.current;
      return m.resultAt !== null || m.failure !== null ? m : null;
    },
    undefined,
    { timeout, polling: 100 },
  );
  const result = (await handle.jsonValue()) as Measurement;
  if (result.failure !== null) throw new Error(`${probe}: the game showed "${result.failure}"`);
  if (result.clickAt === null || result.resultAt === null)
    throw new Error(`${probe}: the click was not seen`);
  const { clickAt, resultAt } = result;
  const approvals = await page.evaluate(
    () =>
      (window as unknown as { __e2eWalletApprovals: { requestedAt: number; signedAt: number }[] })
        .__e2eWalletApprovals,
  );
  const inWindow = approvals.filter((a) => a.requestedAt >= clickAt && a.signedAt <= resultAt);
  const approvalMs = inWindow.reduce((sum, a) => sum + (a.signedAt - a.requestedAt), 0);
  return { resultMs: resultAt - clickAt - approvalMs, approvalMs, approvals: inWindow.length };
}

// --- TailSpin -----------------------------------------------------------------------------------------

async function setUpTailSpin(page: Page): Promise<void> {
  await page.goto('/tailspin');
  await page.getByRole('heading', { level: 1, name: 'TailSpin' }).waitFor({ timeout: UI_TIMEOUT_MS });
  await signIn(page);
  await page.getByRole('radio', { name: /SOL/ }).first().click();
  const odds = page.getByRole('textbox', { name: 'Win chance in percent' });
  await odds.fill(String(TAILSPIN_ODDS));
  await odds.press('Enter');
  await page.getByRole('textbox', { name: 'Stake' }).fill(TAILSPIN_STAKE);
}

async function spinOnce(page: Page): Promise<Sample> {
  const button = page.getByRole('button', { name: /^Spin for/ });
  await waitEnabled(button);
  const sample = await measure(page, 'tailspin', null, () => button.click());
  // Back to the form: a win is claimed first (the bet record must be free for the next bet).
  const claim = page.getByRole('button', { name: /^Claim / }).first();
  const again = page.getByRole('button', { name: 'Another go' });
  await claim.or(again).first().waitFor({ timeout: UI_TIMEOUT_MS });
  if (await claim.isVisible()) {
    await claim.click();
    await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
  }
  await again.click();
  return sample;
}

// --- ReTail -------------------------------------------------------------------------------------------

async function cheapestListing(url: string): Promise<string> {
  const trending = (await (await fetch(`${url}/api/nfts/trendingV2`)).json()) as {
    collections: { slug: string }[];
  };
  let best: { path: string; price: bigint } | null = null;
  for (const { slug } of trending.collections) {
    const detail = (await (
      await fetch(`${url}/api/nfts/collectionV2?collId=${encodeURIComponent(slug)}`)
    ).json()) as { collection: { listings: { mint: string; price: string }[] } };
    for (const listing of detail.collection.listings) {
      const price = BigInt(listing.price);
      if (best === null || price < best.price) {
        best = { path: `/retail/${encodeURIComponent(slug)}?listing=${listing.mint}`, price };
      }
    }
  }
  if (best === null) throw new Error('ReTail: the marketplace lists nothing');
  return best.path;
}

async function openListing(page: Page, listing: string): Promise<void> {
  await page.goto(listing);
  const odds = page.getByRole('textbox', { name: 'Win chance in percent' });
  await odds.waitFor({ timeout: UI_TIMEOUT_MS });
  await odds.fill(String(RETAIL_ODDS), { timeout: UI_TIMEOUT_MS });
  await odds.press('Enter');
}

async function playOnce(page: Page, listing: string): Promise<Sample> {
  const button = page.getByRole('button', { name: /^Play for/ });
  await waitEnabled(button);
  const sample = await measure(page, 'retail', null, () => button.click());
  const again = page.getByRole('button', { name: 'Have another go' });
  const claim = page.getByRole('button', { name: /^Claim (as SOL|\d)/ });
  await again.or(claim).first().waitFor({ timeout: UI_TIMEOUT_MS });
  if (await again.isVisible()) {
    await again.click();
  } else {
    // A win: take its value in SOL (the listing stays listed for the next play), then start over.
    await claim.click();
    await page.getByText(/^Claimed \d/).waitFor({ timeout: UI_TIMEOUT_MS });
    await openListing(page, listing);
  }
  return sample;
}

// --- Foresight ----------------------------------------------------------------------------------------

/** Waits for a live round other than `last` with betting time left; resolves with its id. */
async function freshRound(page: Page, last: number | null): Promise<number> {
  const deadline = Date.now() + FRESH_ROUND_TIMEOUT_MS;
  for (;;) {
    if (Date.now() > deadline) {
      throw new Error(`Foresight: no fresh live round within ${FRESH_ROUND_TIMEOUT_MS / 1000} s`);
    }
    // The live card's id and its "Betting closes in" countdown ("0m 09s"), and whether its form is up.
    const live = await page.evaluate(() => {
      const card = [...document.querySelectorAll('article[aria-label]')].find((el) =>
        /^Round #\d+, Live$/.test(el.getAttribute('aria-label') ?? ''),
      );
      if (card === undefined) return null;
      const id = Number(/#(\d+)/.exec(card.getAttribute('aria-label') ?? '')?.[1]);
      const match = /(\d+)m (\d+)s/.exec(card.querySelector('[role=timer]')?.textContent ?? '');
      const left = match === null ? 0 : Number(match[1]) * 60 + Number(match[2]);
      const form = document.querySelector(`form[aria-label="Bet on round #${id}"]`) !== null;
      return { id, left, form };
    });
    if (live !== null && live.id !== last && live.left >= FORESIGHT_MIN_SECS_LEFT && live.form)
      return live.id;
    await page.waitForTimeout(200);
  }
}

/** Bets whose position never showed (each saved as a screenshot), across the Foresight runs. */
const foresightMisses: string[] = [];

/**
 * Bets `side` in the next fresh round; resolves with the sample and the round. A bet whose position does
 * not show within {@link FORESIGHT_SHOW_TIMEOUT_MS} (on a loaded machine one can land after the lock and
 * be refused) is noted with a screenshot and played again in the next round, {@link FORESIGHT_MAX_MISSES}
 * times at most over the whole game.
 */
async function betOnce(page: Page, last: number | null, side: 'Up' | 'Down'): Promise<[Sample, number]> {
  let previous = last;
  for (;;) {
    const round = await freshRound(page, previous);
    const form = page.getByRole('form', { name: `Bet on round #${round}` });
    const button = form.getByRole('button', { name: new RegExp(`^${side}`) });
    await waitEnabled(button);
    try {
      const sample = await measure(page, 'foresight', round, () => button.click(), FORESIGHT_SHOW_TIMEOUT_MS);
      return [sample, round];
    } catch (error) {
      const shot = join(ARTIFACTS_DIR, `bench-play-foresight-${round}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      foresightMisses.push(
        `round #${round}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (${shot})`,
      );
      if (foresightMisses.length >= FORESIGHT_MAX_MISSES) throw error;
      previous = round;
    }
  }
}

// --- Prophecy -----------------------------------------------------------------------------------------

async function predictOnce(page: Page, staked: bigint): Promise<Sample> {
  await page.getByRole('radio', { name: /^Yes/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill(PROPHECY_STAKE);
  const button = page.getByRole('button', { name: /^(Predict|Add to) Yes/ });
  await waitEnabled(button);
  return measure(page, 'prophecy', formatSol(staked), () => button.click());
}

// --- Shared -------------------------------------------------------------------------------------------

async function waitEnabled(button: import('playwright-core').Locator): Promise<void> {
  await button.waitFor({ timeout: UI_TIMEOUT_MS });
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (!(await button.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`${button.toString()} stayed disabled`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const seconds = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);

interface Row {
  readonly game: string;
  readonly samples: readonly Sample[];
  readonly target: number | null;
  readonly error: string | null;
}

function printTable(rows: readonly Row[]): void {
  console.log(`\nweb: click to result in Chromium, ${RUNS} runs each (the wallet's approval excluded)`);
  console.log(
    `  ${'game'.padEnd(34)} ${'runs'.padStart(4)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}   ${'approval p50/p95'.padEnd(18)} target`,
  );
  for (const row of rows) {
    const results = row.samples.map((s) => s.resultMs).sort((a, b) => a - b);
    const approvals = row.samples.map((s) => s.approvalMs).sort((a, b) => a - b);
    const p50 = percentile(results, 50);
    const verdict =
      row.target === null
        ? ''
        : `p50 ≤ ${(row.target / 1000).toFixed(1)} s: ${Number.isNaN(p50) ? '—' : p50 <= row.target ? 'met' : 'MISSED'}`;
    const approval = `${percentile(approvals, 50).toFixed(1)}/${percentile(approvals, 95).toFixed(1)} ms`;
    console.log(
      `  ${row.game.padEnd(34)} ${String(results.length).padStart(4)} ${seconds(p50).padStart(8)} ${seconds(percentile(results, 95)).padStart(8)}   ${approval.padEnd(18)} ${verdict}`,
    );
    if (row.error !== null) console.log(`    FAILED after ${results.length} runs: ${row.error}`);
  }
  console.log();
}

/**
 * Plays `runs` rounds of one game on `page`; a failure ends that game's rounds, keeping what was measured,
 * with a screenshot of what the page showed (`e2e/artifacts/bench-play-failed-<game>.png`).
 */
async function rounds(
  game: string,
  target: number | null,
  page: Page,
  setUp: () => Promise<void>,
  once: (run: number) => Promise<Sample>,
): Promise<Row> {
  const samples: Sample[] = [];
  try {
    await setUp();
    for (let run = 0; run < RUNS; run += 1) {
      samples.push(await once(run));
      process.stdout.write(`  ${game}: ${run + 1}/${RUNS} (${seconds(samples.at(-1)!.resultMs)})\r`);
    }
    process.stdout.write('\n');
    return { game, samples, target, error: null };
  } catch (error) {
    process.stdout.write('\n');
    const shot = join(ARTIFACTS_DIR, `bench-play-failed-${game.replace(/[^A-Za-z]+/g, '-')}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    return { game, samples, target, error: `${message} (${shot})` };
  }
}

async function player(reducedMotion: boolean): Promise<Player> {
  // Enough for every round of every game, with the fees and rent on top.
  const made = await newPlayer({ sol: 50 });
  await made.context.addInitScript({ content: PAGE_SCRIPT });
  if (reducedMotion) await made.page.emulateMedia({ reducedMotion: 'reduce' });
  return made;
}

ensureWebBuild();
// The product serves a copy of the build: a rebuild of apps/web/dist during the run (an e2e run, a
// developer) would otherwise take the route chunks the open pages still load.
const webDist = mkdtempSync(join(tmpdir(), 'arcade-bench-play-web-'));
cpSync(join(ROOT, 'apps', 'web', 'dist'), webDist, { recursive: true });
const running = await startProduct({ logName: 'bench-play', webDistDir: webDist });
playAgainst(running.product);
console.log(`web: product ready at ${running.product.url} (log ${running.logPath})`);
const rows: Row[] = [];
const players: Player[] = [];
try {
  const motions = MOTION === 'both' ? [false, true] : [MOTION === 'reduced'];
  for (const reduced of GAMES.has('tailspin') || GAMES.has('retail') ? motions : []) {
    const who = await player(reduced);
    players.push(who);
    const label = reduced ? ' (reduced motion)' : '';
    if (GAMES.has('tailspin')) {
      rows.push(
        await rounds(
          `TailSpin spin${label}`,
          RESULT_TARGET_MS,
          who.page,
          () => setUpTailSpin(who.page),
          () => spinOnce(who.page),
        ),
      );
    }
    if (GAMES.has('retail')) {
      const listing = await cheapestListing(running.product.url);
      rows.push(
        await rounds(
          `ReTail play${label}`,
          RESULT_TARGET_MS,
          who.page,
          () => openListing(who.page, listing),
          () => playOnce(who.page, listing),
        ),
      );
    }
  }

  const bettor = players[0] ?? (await player(false));
  if (!players.includes(bettor)) players.push(bettor);
  let last: number | null = null;
  if (GAMES.has('foresight'))
    rows.push(
      await rounds(
        'Foresight bet',
        null,
        bettor.page,
        async () => {
          await bettor.page.goto('/foresight/SOL');
          await signIn(bettor.page);
          await bettor.page.getByLabel('Amount (SOL)').fill(FORESIGHT_STAKE, { timeout: UI_TIMEOUT_MS });
        },
        async (run) => {
          const [sample, round] = await betOnce(bettor.page, last, run % 2 === 0 ? 'Up' : 'Down');
          last = round;
          return sample;
        },
      ),
    );

  let staked = 0n;
  if (GAMES.has('prophecy'))
    rows.push(
      await rounds(
        'Prophecy prediction',
        null,
        bettor.page,
        async () => {
          const now = Math.floor(Date.now() / 1000);
          const created = (await adminApi('/api/prophecy/createMarket', {
            name: `Will the click-to-result bench ${now} finish?`,
            shortName: `bench ${now}`,
            category: 'Crypto',
            rules: 'Resolves Yes when the benchmark finishes.',
            cutoffTime: now + 3_600,
            endTime: now + 3_700,
          })) as { market: { key: string } };
          await bettor.page.goto(`/prophecy/${created.market.key}`);
          await signIn(bettor.page);
          await bettor.page
            .getByRole('heading', { name: /your prediction$/ })
            .waitFor({ timeout: UI_TIMEOUT_MS });
        },
        async () => {
          staked += PROPHECY_STAKE_LAMPORTS;
          return predictOnce(bettor.page, staked);
        },
      ),
    );
} finally {
  for (const one of players) await one.close().catch(() => undefined);
  await closeBrowser();
  await running.stop();
  rmSync(webDist, { recursive: true, force: true });
}

printTable(rows);
if (foresightMisses.length > 0) {
  console.log(`  Foresight bets whose position did not show, played again in the next round:`);
  for (const miss of foresightMisses) console.log(`    ${miss}`);
}
if (GAMES.has('tailspin') || GAMES.has('retail')) {
  console.log(`  (TailSpin at ${TAILSPIN_ODDS}%, ReTail at ${RETAIL_ODDS}% on the cheapest listing)\n`);
}
const failed = rows.filter((row) => row.error !== null);
if (failed.length > 0) {
  console.error(
    `web: ${failed.length} game(s) could not be played: ${failed.map((row) => row.game).join(', ')}`,
  );
  process.exitCode = 1;
}
