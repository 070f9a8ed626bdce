/**
 * Accessibility, with axe-core in Chromium (`harness/axe.ts`: WCAG 2 A and AA, axe's best practices, and
 * WCAG 2.1's "Label in Name"): every route of the app (apps/web/src/app/router.tsx) at 1440×900 and
 * 375×812, for a visitor and for a connected, signed-in player, then the app's overlays: the age gate, the
 * connect dialog, the Help & FAQ modal, the right sidebar on its Game Feed and Live Chat tabs, the phone's
 * "More" menu, the profile modal, and the chat once it holds enough messages to scroll. A scan fails on any
 * violation of impact serious or critical, naming the rule, its impact, the failing elements' selectors and
 * the rule's help; every scan of a test is reported (soft assertions), not only the first. Moderate and
 * minor findings (e.g. heading-order) are printed, never failed on; the nodes axe leaves for a human to
 * review are counted. Everything found is written to `e2e/artifacts/accessibility.json`.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatViolations, isBlocking, runAxe, type AxeImpact, type AxeViolation } from '../harness/axe.ts';
import { adminApi, signIn, type PlayerOptions } from '../harness/index.ts';
import { ARTIFACTS_DIR } from '../harness/product-process.ts';
import { getJson, UI_TIMEOUT, withPlayers } from './helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Chat messages sent so that the chat's list overflows and scrolls. */
const CHAT_MESSAGES = 16;

/** Each scan's test budget: a dozen pages, each loaded, settled and scanned. */
const TEST_TIMEOUT = 420_000;

/** One finding: a rule failing on one element, where it was seen. */
interface Finding {
  readonly rule: string;
  readonly impact: AxeImpact | null;
  readonly scene: string;
  readonly width: number;
  readonly signedIn: boolean;
  readonly target: string;
  readonly help: string;
}

const findings: Finding[] = [];
/** Nodes axe left for a human to review, over every scan. */
let reviewCount = 0;

/** The pages that need data: a collection, one of its listings, and a Prophecy market. */
interface Fixtures {
  readonly collection: string;
  readonly listing: string;
  readonly market: string;
}

let fixtures: Fixtures;

beforeAll(async () => {
  const { collections } = await getJson<{ collections: { slug: string }[] }>('/api/nfts/trendingV2');
  const slug = collections[0]!.slug;
  const detail = await getJson<{ collection: { listings: { mint: string }[] } }>(
    `/api/nfts/collectionV2?collId=${encodeURIComponent(slug)}`,
  );
  const now = Math.floor(Date.now() / 1000);
  const created = (await adminApi('/api/prophecy/createMarket', {
    name: `Will the accessibility run ${now} pass?`,
    shortName: `a11y ${now}`,
    category: 'Crypto',
    rules: 'Resolves Yes when every page passes axe.',
    cutoffTime: now + 3_600,
    endTime: now + 3_700,
  })) as { market: { key: string } };
  fixtures = {
    collection: `/retail/${encodeURIComponent(slug)}`,
    listing: `/retail/${encodeURIComponent(slug)}?listing=${detail.collection.listings[0]!.mint}`,
    market: `/prophecy/${created.market.key}`,
  };
});

afterAll(() => {
  writeFileSync(join(ARTIFACTS_DIR, 'accessibility.json'), `${JSON.stringify(findings, null, 2)}\n`);
  console.log(`[a11y] ${reviewCount} nodes left by axe for a human to review (not failed on)`);
  const minor = findings.filter((finding) => !isBlocking(finding.impact));
  if (minor.length > 0) {
    console.log(
      `[a11y] moderate and minor findings (reported, not failed on):\n${minor
        .map(
          (f) =>
            `  ${f.rule} (${f.impact ?? 'unknown'}) ${f.scene} at ${f.width} px${f.signedIn ? ', signed in' : ''}: ${f.target}`,
        )
        .join('\n')}`,
    );
  }
});

/** Every route of the router, by the name the report uses. */
function routes(): [string, string][] {
  return [
    ['home', '/'],
    ['TailSpin', '/tailspin'],
    ['ReTail', '/retail'],
    ['ReTail collection', fixtures.collection],
    ['ReTail listing', fixtures.listing],
    ['Foresight', '/foresight/SOL'],
    ['Prophecy', '/prophecy'],
    ['Prophecy market', fixtures.market],
    ['Prophecy create', '/prophecy/create'],
    ['Prophecy request', '/prophecy/request'],
    ['History', '/history'],
    ['Provably fair', '/fairness'],
    ['404', '/this/route/does/not/exist'],
  ];
}

/** Waits for the page's title heading, then for the loading logo and skeletons to go. */
async function settle(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  try {
    await heading.waitFor({ timeout: UI_TIMEOUT });
  } catch {
    // A route chunk that failed to load (the web app rebuilt meanwhile) or a stalled first load: once more.
    await page.reload();
    await heading.waitFor({ timeout: UI_TIMEOUT });
  }
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  // Data that arrives just after the heading (pools, feeds, prices) renders before the scan.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/**
 * Scans the page as it is now, records every finding and soft-fails on the serious and critical ones
 * (with the rule, impact, selectors and help in the message).
 */
async function scan(page: Page, scene: string, width: number, signedIn: boolean): Promise<void> {
  const { violations, needsReview } = await runAxe(page);
  const record = (found: readonly AxeViolation[]) => {
    for (const violation of found) {
      for (const node of violation.nodes) {
        findings.push({
          rule: violation.id,
          impact: node.impact ?? violation.impact,
          scene,
          width,
          signedIn,
          target: node.target.join(' '),
          help: violation.help,
        });
      }
    }
  };
  record(violations);
  // What axe could not decide (contrasts over blurs, gradients and animations: thousands of nodes) is
  // counted only.
  reviewCount += needsReview.reduce((sum, rule) => sum + rule.nodes.length, 0);
  const blocking: AxeViolation[] = violations.filter((violation) => isBlocking(violation.impact));
  const where = `${scene} at ${width} px, ${signedIn ? 'signed in' : 'anonymous'}`;
  expect
    .soft(
      blocking.map((violation) => violation.id),
      formatViolations(where, blocking),
    )
    .toEqual([]);
}

/**
 * Foresight's page is scanned with betting open (the Up and Down buttons enabled: a disabled control is
 * exempt from contrast checks), when a live round comes within a minute.
 */
async function bettingOpen(page: Page): Promise<void> {
  const down = page.getByRole('form', { name: /^Bet on round #\d+$/ }).getByRole('button', { name: /^Down/ });
  const deadline = Date.now() + UI_TIMEOUT;
  while (Date.now() < deadline) {
    if ((await down.count()) > 0 && (await down.first().isEnabled())) return;
    await page.waitForTimeout(250);
  }
}

async function scanRoutes(page: Page, width: number, signedIn: boolean): Promise<void> {
  for (const [scene, path] of routes()) {
    await page.goto(path);
    await settle(page);
    if (path.startsWith('/foresight/')) await bettingOpen(page);
    await scan(page, scene, width, signedIn);
  }
}

/** Opens the Help & FAQ modal: the left rail's Help from md, the tab bar's "More" menu on a phone. */
async function openHelp(page: Page, width: number): Promise<void> {
  if (width >= 768) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Help' }).click();
  } else {
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: 'Help & FAQ' }).click();
  }
  await page.getByRole('dialog', { name: 'Help' }).waitFor({ timeout: UI_TIMEOUT });
}

/** Opens the right sidebar: the header's toggle from sm, "More" → "Feed & chat" on a phone. */
async function openSidebar(page: Page, width: number) {
  const sidebar = page.getByRole('complementary', { name: 'Feed and chat' });
  if (!(await sidebar.isVisible())) {
    if (width >= 640) {
      await page.getByRole('button', { name: 'Show feed and chat' }).click();
    } else {
      await page.getByRole('button', { name: 'More' }).click();
      await page
        .getByRole('menu', { name: 'More' })
        .getByRole('menuitemcheckbox', { name: /Feed & chat/ })
        .click();
    }
  }
  await sidebar.waitFor({ timeout: UI_TIMEOUT });
  return sidebar;
}

describe('accessibility (axe: WCAG 2 A/AA and best practices; serious and critical fail)', () => {
  for (const { width, height } of WIDTHS) {
    const viewport: PlayerOptions = { width, height };

    it(`every route at ${width} px, anonymous`, { timeout: TEST_TIMEOUT }, async () => {
      await withPlayers([{ ...viewport, sol: 0 }], async ({ page }) => {
        await scanRoutes(page, width, false);
      });
    });

    it(`every route at ${width} px, signed in`, { timeout: TEST_TIMEOUT }, async () => {
      await withPlayers([{ ...viewport, sol: 1 }], async ({ page }) => {
        await page.goto('/');
        await signIn(page);
        await scanRoutes(page, width, true);
      });
    });

    it(`the age gate, the connect dialog, Help & FAQ and the sidebar at ${width} px`, async () => {
      await withPlayers([{ ...viewport, sol: 0, ageGate: true }], async ({ page }) => {
        await page.goto('/');
        const gate = page.getByRole('dialog', { name: 'Before you play' });
        await gate.waitFor({ timeout: UI_TIMEOUT });
        await scan(page, 'age gate', width, false);
        await gate.getByRole('checkbox').check();
        await gate.getByRole('button', { name: 'Confirm' }).click();
        await gate.waitFor({ state: 'hidden' });
        await settle(page);

        await page.getByRole('banner').first().getByRole('button', { name: 'Connect wallet' }).click();
        const connect = page.getByRole('dialog', { name: 'Connect a wallet' });
        await connect.waitFor({ timeout: UI_TIMEOUT });
        await scan(page, 'connect dialog', width, false);
        await page.keyboard.press('Escape');
        await connect.waitFor({ state: 'hidden' });

        await openHelp(page, width);
        await scan(page, 'Help & FAQ modal', width, false);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Help' }).waitFor({ state: 'hidden' });

        if (width < 640) {
          await page.getByRole('button', { name: 'More' }).click();
          await page.getByRole('menu', { name: 'More' }).waitFor();
          await scan(page, '"More" menu', width, false);
          await page.keyboard.press('Escape');
        }

        const sidebar = await openSidebar(page, width);
        await sidebar.getByRole('tab', { name: 'Game Feed' }).click();
        await sidebar.getByRole('region', { name: 'Game feed' }).waitFor({ timeout: UI_TIMEOUT });
        await scan(page, 'sidebar, Game Feed', width, false);
        await sidebar.getByRole('tab', { name: 'Live Chat' }).click();
        await sidebar.getByRole('region', { name: 'Live chat' }).waitFor({ timeout: UI_TIMEOUT });
        await scan(page, 'sidebar, Live Chat', width, false);
      });
    });

    it(`the profile modal and the signed-in sidebar at ${width} px`, { timeout: TEST_TIMEOUT }, async () => {
      await withPlayers([{ ...viewport, sol: 1 }], async ({ page }) => {
        await page.goto('/');
        await signIn(page);
        await page
          .getByRole('banner')
          .first()
          .getByRole('button', { name: /^Open your profile/ })
          .click();
        const profile = page.getByRole('dialog', { name: 'Profile' });
        await profile.waitFor({ timeout: UI_TIMEOUT });
        await scan(page, 'profile modal', width, true);
        await profile.getByRole('button', { name: 'Close' }).click();
        await profile.waitFor({ state: 'hidden' });

        // Signed in, the chat has its message box; enough messages make its list scroll (the chat allows
        // one message a second).
        const sidebar = await openSidebar(page, width);
        await sidebar.getByRole('tab', { name: 'Live Chat' }).click();
        const box = sidebar.getByPlaceholder('Say something…');
        await box.waitFor({ timeout: UI_TIMEOUT });
        const log = sidebar.getByRole('log', { name: 'Chat messages' });
        for (let n = 1; n <= CHAT_MESSAGES; n += 1) {
          const text = `Accessibility check ${width} px, message ${n}`;
          await box.fill(text);
          await box.press('Enter');
          await log.getByText(text).waitFor({ timeout: UI_TIMEOUT });
          await page.waitForTimeout(1_100);
        }
        await scan(page, 'sidebar, Live Chat (scrolling)', width, true);
      });
    });
  }
});
