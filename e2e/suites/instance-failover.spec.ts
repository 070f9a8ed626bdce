/**
 * An instance dies under a page mid-spin (docs/deployment.md, the staging stack): the file starts a stack
 * of its own (`scripts/stack/stack.ts`: the local chain as its own process, its own Redis, two server
 * instances on one fresh PostgreSQL database, HAProxy in front) and plays TailSpin in Chromium through the
 * load balancer only.
 *
 * "The instance serving the page" is the one holding its socket.io connections: HAProxy pins socket.io's
 * long-polling to an instance with the cookie `arcade_lb` (`s1`, `s2`), and the page's Game Feed and chat
 * sockets follow it. The page's other connections are not sticky: each HTTP request (the API, `/rpc`)
 * goes to either instance, and the PubSub websocket on `/rpc` (the bet's signature, record and log
 * subscriptions) stays on whichever instance took it. So the test kills twice: first the cookie's instance,
 * then, once everything the page holds has moved to the survivor (the sockets reconnect there, and a
 * PubSub socket on the dead instance resubscribes there), the survivor itself, after the first is back. Each
 * time the instance is SIGKILLed the moment the page sends the spin's transaction (`sendTransaction` on
 * `/rpc`), before any result can show.
 *
 * Each killed spin must end, within {@link RECOVERY_BOUND_MS}, in its result (the roll checked against its
 * fairness record) or a message among the product's strings, never a page stuck spinning. The socket the
 * sidebar shows must die with the instance and come back by itself over a new websocket: the Game Feed's in
 * the first round ('Live' again), the chat's in the second (its composer takes text again, and a message
 * posted then is listed). The killed instance is started again after each round. A last spin then plays end
 * to end and reaches the page's feed live.
 */

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import { EXPIRED_MESSAGE, TIMEOUT_MESSAGE } from '@arcade/sdk/sender/send-error';
import type { Page, Request, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isAlive, Stack } from '../../scripts/stack/stack.ts';
import { STICKY_COOKIE } from '../../scripts/stack/haproxy-config.ts';
import { startTemporaryStack, type TemporaryStack } from '../../scripts/stack/temporary-stack.ts';
import { E2E_FORESIGHT_TIMELOCK, screenshot, signIn, useProduct, type Player } from '../harness/index.ts';
import { ARTIFACTS_DIR } from '../harness/product-process.ts';
import type { Product } from '../harness/types.ts';
import { checkShownBet, setUpSpin, spin, UI_TIMEOUT, withPlayers } from './helpers.ts';

/** How long a spin whose instance died may take to show its result or a message, from the kill. */
const RECOVERY_BOUND_MS = 60_000;
const ODDS = 50;
const STAKE = '0.05';

/** The messages a failed or unsettled spin may show: the product's fixed strings (reference/strings.md). */
const PRODUCT_MESSAGES: readonly string[] = [
  ...Object.values(ERROR_MESSAGES),
  TIMEOUT_MESSAGE,
  EXPIRED_MESSAGE,
];

interface RunningStack extends TemporaryStack {
  readonly product: Product;
}

let running: RunningStack | null = null;

/** Starts a two-instance stack in a temporary directory on a fresh database, on free ports. */
async function startStack(): Promise<RunningStack> {
  const started = Date.now();
  const log = (line: string): void => {
    console.log(`[e2e stack] ${line}`);
  };
  const temporary = await startTemporaryStack({
    instances: 2,
    name: 'e2e_failover',
    foresightTimelock: E2E_FORESIGHT_TIMELOCK,
    // As the e2e product: no demo, and per-address budgets raised (every browser comes from 127.0.0.1).
    instanceEnv: {
      DEMO_SEED: 'false',
      RPC_RATE_LIMIT_PER_MINUTE: '1000000',
      SOCKET_MAX_PER_CLIENT: '1000',
      IMAGE_MISSES_PER_MINUTE: '100000',
    },
    log,
  });
  const { stack, dir } = temporary;
  log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${stack.state.url}`);
  // The instances share DATA_DIR (<dir>/server); the local admin keys are under its `server/admins`.
  const dataDir = join(dir, 'server');
  let adminKeypairs: Uint8Array[];
  try {
    adminKeypairs = [1, 2].map((n) =>
      Uint8Array.from(
        JSON.parse(readFileSync(join(dataDir, 'server', 'admins', `admin-${n}.json`), 'utf8')) as number[],
      ),
    );
  } catch (error) {
    await stopStack(temporary);
    throw error;
  }
  return {
    ...temporary,
    product: { url: stack.state.url, rpcUrl: stack.state.chainUrl, dataDir, adminKeypairs },
  };
}

/** Stops the stack, keeps its logs as `e2e/artifacts/failover-<part>.log`, drops its database. */
async function stopStack(temporary: TemporaryStack): Promise<void> {
  await temporary.stop((dir) => {
    const logs = join(dir, 'logs');
    if (!existsSync(logs)) return;
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    for (const file of readdirSync(logs))
      copyFileSync(join(logs, file), join(ARTIFACTS_DIR, `failover-${file}`));
  });
}

/** Waits until the settler has committed a seed chain on chain (before it, create_bet fails). */
async function waitForCommittedChain(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${url}/api/fairness`).catch(() => null);
    if (response?.ok === true) {
      const { chains } = (await response.json()) as {
        chains: { status: string; startSequence: number | null; commitSignature: string | null }[];
      };
      if (
        chains.some((c) => c.status !== 'exhausted' && c.startSequence !== null && c.commitSignature !== null)
      )
        return;
    }
    if (Date.now() > deadline) throw new Error('The settler committed no seed chain within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Opens the sidebar (when closed) on `tab`; returns the tab's region. */
async function sidebarTab(page: Page, tab: 'Game Feed' | 'Live Chat') {
  const sidebar = page.getByRole('complementary', { name: 'Feed and chat' });
  if (!(await sidebar.isVisible())) await page.getByRole('button', { name: 'Show feed and chat' }).click();
  await sidebar.getByRole('tab', { name: tab }).click();
  return sidebar.getByRole('region', { name: tab === 'Game Feed' ? 'Game feed' : 'Live chat' });
}

/** The Game Feed's connection indicator when its socket is connected. */
const feedLive = (page: Page) =>
  page.getByRole('region', { name: 'Game feed' }).getByText('Live', { exact: true });

/** The chat's composer, which takes text only while the chat socket is connected. */
const chatComposer = (page: Page) =>
  page.getByRole('region', { name: 'Live chat' }).getByPlaceholder('Say something…');

/** Waits until the chat's socket is connected (its composer enabled), then posts `text` and sees it listed. */
async function chatRoundTrip(page: Page, text: string): Promise<void> {
  const composer = chatComposer(page);
  await expect.poll(() => composer.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
  await composer.fill(text);
  await composer.press('Enter');
  await page
    .getByRole('region', { name: 'Live chat' })
    .getByRole('log', { name: 'Chat messages' })
    .getByText(text)
    .waitFor({ timeout: UI_TIMEOUT });
}

/** The page's websockets by path, with when each opened and closed (ms since the epoch). */
interface SocketLog {
  readonly path: string;
  readonly opened: number;
  closed: number | null;
}

function recordWebsockets(page: Page): SocketLog[] {
  const sockets: SocketLog[] = [];
  page.on('websocket', (ws: WebSocket) => {
    const entry: SocketLog = { path: new URL(ws.url()).pathname, opened: Date.now(), closed: null };
    sockets.push(entry);
    ws.on('close', () => {
      entry.closed = Date.now();
    });
  });
  return sockets;
}

/**
 * Resolves when the page sends a transaction (`sendTransaction` on `/rpc`), right after SIGKILLing instance
 * `index` from the page's request event: the request itself may reach either instance.
 */
function killOnSend(page: Page, stack: Stack, index: number): Promise<number> {
  return new Promise((resolve) => {
    const onRequest = (request: Request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/rpc') return;
      if (!(request.postData() ?? '').includes('"sendTransaction"')) return;
      page.off('request', onRequest);
      stack.killInstance(index);
      resolve(Date.now());
    };
    page.on('request', onRequest);
  });
}

/** Rejects after `ms` with `message`. */
function timeout(ms: number, message: string): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => {
      reject(new Error(message));
    }, ms),
  );
}

/** What a killed spin ended with. */
type Ending = { kind: 'result'; result: 'win' | 'loss' } | { kind: 'message'; text: string };

/**
 * Spins once and SIGKILLs instance `index` as the transaction is sent; resolves with the result or the
 * message the page shows within {@link RECOVERY_BOUND_MS} of the kill (else fails: the page hangs).
 */
async function spinThroughKill(player: Player, stack: Stack, index: number): Promise<Ending> {
  const { page } = player;
  await setUpSpin(page, ODDS, STAKE);
  const button = page.getByRole('button', { name: /^Spin for \d+(\.\d+)? SOL$/ });
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  const killed = killOnSend(page, stack, index);
  await button.click();
  const killedAt = await Promise.race([killed, timeout(UI_TIMEOUT, 'The spin sent no transaction')]);
  const name = stack.state.instances[index]!.name;
  const won = page.getByText('You won', { exact: true });
  const lost = page.getByText('No luck this time', { exact: true });
  const failed = page.locator('form [role=alert], section [role=alert]');
  expect(await won.or(lost).count(), 'no result can show before the bet is even sent').toBe(0);
  console.log(`[e2e failover] ${name} killed as the spin was sent`);
  try {
    await won
      .or(lost)
      .or(failed)
      .first()
      .waitFor({ timeout: RECOVERY_BOUND_MS - (Date.now() - killedAt) });
  } catch (error) {
    await screenshot(page, `failover-stuck-${name}`);
    throw new Error(
      `The spin showed neither its result nor a message within ${RECOVERY_BOUND_MS / 1000} s of ${name}'s death`,
      { cause: error },
    );
  }
  console.log(
    `[e2e failover] the spin ended ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
  );
  if (await failed.first().isVisible()) {
    const text = ((await failed.first().textContent()) ?? '').trim();
    await screenshot(page, `failover-message-${name}`);
    expect(
      PRODUCT_MESSAGES.some((message) => text.includes(message)),
      `"${text}" is one of the product's messages`,
    ).toBe(true);
    return { kind: 'message', text };
  }
  return { kind: 'result', result: (await won.isVisible()) ? 'win' : 'loss' };
}

/** From a spin's end back to the form: a win is claimed first (the bet record must be free). */
async function backToForm(page: Page): Promise<void> {
  const claim = page.getByRole('button', { name: /^Claim [\d.]+ SOL$/ });
  if ((await claim.count()) > 0) {
    await claim.click();
    await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 90_000 });
  }
  await page.getByRole('button', { name: 'Another go' }).click();
  await page.getByRole('button', { name: /^Spin for/ }).waitFor({ timeout: UI_TIMEOUT });
}

/** The instance the page's socket.io connections are pinned to (`arcade_lb`), by index; null without one. */
async function stickyInstance(player: Player, stack: Stack): Promise<number | null> {
  const cookies = await player.context.cookies(stack.state.url);
  const value = cookies.find((cookie) => cookie.name === STICKY_COOKIE)?.value;
  const index = stack.state.instances.findIndex((instance) => instance.name === value);
  return index < 0 ? null : index;
}

describe('an instance killed under a page mid-spin', () => {
  beforeAll(async () => {
    running = await startStack();
    useProduct(running.product);
    await waitForCommittedChain(running.product.url);
  }, 420_000);

  afterAll(async () => {
    useProduct(null);
    if (running !== null) await stopStack(running);
    running = null;
  }, 120_000);

  it("keeps /metrics from the public: the load balancer's requests get 404, an instance's own loopback scrape does not", async () => {
    const { stack } = running!;
    const viaBalancer = await fetch(`${stack.state.url}/metrics`);
    expect(viaBalancer.status).toBe(404);
    // A client that forges its own forwarding header gains nothing either: HAProxy appends the real one.
    const forged = await fetch(`${stack.state.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.status).toBe(404);
    const direct = await fetch(`${stack.state.instances[0]!.url}/metrics`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('arcade_worker_leader');
  });

  it(
    'ends the spin in its result or a message, reconnects the sockets, and plays the next spin',
    { timeout: 900_000 },
    async () => {
      const { stack } = running!;
      await withPlayers([{ sol: 2 }], async (player) => {
        const { page } = player;
        const sockets = recordWebsockets(page);
        await page.goto('/tailspin');
        const username = await signIn(page);

        // Round 1 watches the Game Feed's socket, round 2 the chat's (the sidebar mounts one at a time).
        const rounds = [
          { tab: 'Game Feed', path: '/activity' },
          { tab: 'Live Chat', path: '/chat' },
        ] as const;
        const killed: number[] = [];
        for (const round of rounds) {
          await sidebarTab(page, round.tab);
          if (round.tab === 'Game Feed') await feedLive(page).waitFor({ timeout: UI_TIMEOUT });
          else await expect.poll(() => chatComposer(page).isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
          // The instance holding the page's socket.io connections now.
          const index = await stickyInstance(player, stack);
          expect(index, `the page's socket.io requests carry the ${STICKY_COOKIE} cookie`).not.toBeNull();
          // After the first death the sockets moved to the survivor (and the dead one came back since).
          if (killed.length > 0)
            expect(index, 'the sockets moved to the surviving instance').not.toBe(killed[0]);
          const name = stack.state.instances[index!]!.name;
          const before = Date.now();
          try {
            killed.push(index!);
            const ending = await spinThroughKill(player, stack, index!);
            if (ending.kind === 'result') {
              // The bet survived its instance: shown, revealed and honest.
              await checkShownBet(page, ODDS, ending.result, 0n);
              console.log(`[e2e failover] ${name}: the spin's result shows (${ending.result})`);
            } else {
              console.log(`[e2e failover] ${name}: the spin ended with "${ending.text}"`);
            }
            // The socket died with its instance and came back by itself, on a websocket opened after the kill.
            if (round.tab === 'Game Feed') await feedLive(page).waitFor({ timeout: UI_TIMEOUT });
            else await chatRoundTrip(page, `back after ${name} died, ${Date.now()}`);
            const closed = sockets.filter((s) => s.closed !== null && s.closed >= before);
            const opened = sockets.filter((s) => s.opened >= before);
            console.log(
              `[e2e failover] ${name}'s death closed ${closed.map((s) => s.path).join(', ') || 'no websocket'}; ` +
                `opened since: ${opened.map((s) => s.path).join(', ') || 'none'}`,
            );
            expect(
              closed.some((s) => s.path.startsWith(round.path)),
              `the ${round.tab} websocket died with ${name}`,
            ).toBe(true);
            expect(
              opened.some((s) => s.path.startsWith(round.path) && s.closed === null),
              `a new ${round.tab} websocket is open`,
            ).toBe(true);
            await screenshot(page, `failover-after-${name}`);
            await backToForm(page);
          } finally {
            if (!isAlive(stack.state.instances[index!]!.pid)) await stack.startInstance(index!);
          }
        }

        // The next spin plays end to end, and reaches this page's feed live.
        const feed = await sidebarTab(page, 'Game Feed');
        await feedLive(page).waitFor({ timeout: UI_TIMEOUT });
        const rows = feed.getByRole('listitem').filter({ hasText: username ?? '' });
        // The two bets played so far are listed before the count is taken.
        await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBeGreaterThanOrEqual(2);
        const shownBefore = await rows.count();
        const last = await spin(player, { odds: ODDS, stake: STAKE });
        await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(shownBefore);
        expect(await feedLive(page).count()).toBe(1);
        console.log(`[e2e failover] the next spin played: ${last.result}, roll ${last.roll}`);
        await screenshot(page, 'failover-recovered');
      });
    },
  );
});
