/**
 * The e2e harness: the running product, players (a browser context with the E2E test wallet, funded on
 * the local chain), connecting and signing in through the app's own UI, the admin API and screenshots.
 *
 * ```ts
 * const player = await newPlayer({ sol: 2, width: 375 });
 * await player.page.goto('/tailspin'); // relative to product().url
 * await signIn(player.page);
 * ```
 *
 * @module
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { createSolanaRpc, getBase58Decoder, lamports, type Address } from '@solana/kit';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

import { getBrowser } from './browser.ts';
import { ARTIFACTS_DIR } from './product-process.ts';
import {
  E2E_WALLET_NAME,
  signBytes,
  testKeypair,
  walletInitScript,
  type TestKeypair,
} from './test-wallet.ts';
import type { Product } from './types.ts';

export type { Product } from './types.ts';
export { E2E_FORESIGHT_TIMELOCK } from './product-process.ts';
export { E2E_WALLET_NAME } from './test-wallet.ts';

const CONFIRM_POLL_MS = 250;
const CONFIRM_TIMEOUT_MS = 60_000;
const UI_TIMEOUT_MS = 60_000;

let cached: Product | null = null;

/**
 * Makes the harness play against `other` (a product a test file started itself with `startProduct`, e.g.
 * with some workers off) until it is called again with null, which goes back to the run's shared product.
 * Players made meanwhile (`newPlayer`), `balance`, `airdrop`, `rpc` and `adminApi` all follow it.
 */
export function useProduct(other: Product | null): void {
  cached = other;
  adminToken = null;
}

/** The running product (inside tests): the run's shared one, unless {@link useProduct} chose another. */
export function product(): Product {
  if (cached === null) {
    const provided = inject('e2eProduct');
    cached = {
      url: provided.url,
      rpcUrl: provided.rpcUrl,
      dataDir: provided.dataDir,
      adminKeypairs: provided.adminKeypairs.map((key) => Uint8Array.from(key)),
    };
  }
  return cached;
}

/** A @solana/kit RPC client on the product's `/rpc` (the chain the browser sees). */
export function rpc() {
  return createSolanaRpc(`${product().url}/rpc`);
}

/** `address`'s balance in lamports, at 'confirmed'. */
export async function balance(address: string): Promise<bigint> {
  const { value } = await rpc()
    .getBalance(address as Address, { commitment: 'confirmed' })
    .send();
  return value;
}

/** Airdrops `sol` SOL to `address` through the product's `/rpc` and resolves once it is confirmed. */
export async function airdrop(address: string, sol: number): Promise<void> {
  const amount = BigInt(Math.round(sol * Number(LAMPORTS_PER_SOL)));
  if (amount <= 0n) return;
  const signature = await rpc()
    .requestAirdrop(address as Address, lamports(amount), { commitment: 'confirmed' })
    .send();
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { value } = await rpc().getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`The airdrop to ${address} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
  }
  throw new Error(`The airdrop to ${address} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s`);
}

/** A player: a browser context holding the E2E test wallet. */
export interface Player {
  page: Page;
  context: BrowserContext;
  /** The E2E test wallet's address. */
  address: string;
  close(): Promise<void>;
}

/** Options of {@link newPlayer}. */
export interface PlayerOptions {
  /** SOL airdropped to the wallet before the page opens (default 5; 0 for none). */
  sol?: number;
  width?: number;
  height?: number;
  /** true leaves the age gate up (by default it is passed: `localStorage.ageCheck = 'true'`). */
  ageGate?: boolean;
  /** A 64-byte secret key (seed + public key) for the wallet; a fresh key by default. */
  secretKey?: Uint8Array;
}

/**
 * A new browser context with the E2E test wallet (registered through Wallet Standard as
 * 'E2E Test Wallet', approving everything on its own), the age gate passed unless `ageGate: true`, funded
 * with `sol` SOL, at `width`×`height` (default 1440×900). Its page starts blank: `page.goto('/…')` is
 * relative to the product. Page errors are echoed to the test's output.
 */
export async function newPlayer(options: PlayerOptions = {}): Promise<Player> {
  const keypair: TestKeypair = testKeypair(options.secretKey);
  const browser = await getBrowser();
  const context = await browser.newContext({
    baseURL: product().url,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  try {
    await context.addInitScript({ content: walletInitScript(keypair) });
    if (options.ageGate !== true) {
      await context.addInitScript({
        content: "try { localStorage.setItem('ageCheck', 'true'); } catch {}",
      });
    }
    await airdrop(keypair.address, options.sol ?? 5);
    const page = await context.newPage();
    const tag = keypair.address.slice(0, 4);
    page.on('pageerror', (error) => {
      console.error(`[e2e page ${tag}] uncaught: ${error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`[e2e page ${tag}] console.error: ${message.text()}`);
    });
    return { page, context, address: keypair.address, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The app's header (the first banner: modals have headers of their own). */
const header = (page: Page) => page.getByRole('banner').first();
/** The header's wallet button once the E2E test wallet is connected (its name carries the status). */
const walletButton = (page: Page) => header(page).getByRole('button', { name: new RegExp(E2E_WALLET_NAME) });

/** The E2E test wallet's address in `page`. */
async function pageAddress(page: Page): Promise<string> {
  const address = await page.evaluate(
    () => (window as unknown as { __e2eWallet?: { address: string } }).__e2eWallet?.address,
  );
  if (address === undefined) throw new Error('This page has no E2E test wallet: make it with newPlayer()');
  return address;
}

/** The header's "Connect wallet" button (no wallet connected). */
const connectButton = (page: Page) => header(page).getByRole('button', { name: 'Connect wallet' });

/**
 * Whether the E2E test wallet is connected in `page`, once the header shows either state. A page that
 * reloads reconnects the wallet it had (the app remembers it for the tab): that is waited for.
 */
async function isConnected(page: Page): Promise<boolean> {
  // The tab's remembered wallet (`RECONNECT_KEY` in apps/web/src/lib/wallet/wallet-store.ts).
  const remembered = await page.evaluate(() => sessionStorage.getItem('arcade:wallet'));
  if (remembered === E2E_WALLET_NAME) {
    await walletButton(page).waitFor({ timeout: UI_TIMEOUT_MS });
    return true;
  }
  await walletButton(page).or(connectButton(page)).first().waitFor({ timeout: UI_TIMEOUT_MS });
  return (await walletButton(page).count()) > 0;
}

/**
 * Connects the E2E test wallet through the app: the header's "Connect wallet" button, then the wallet in
 * the "Connect a wallet" dialog; resolves once the header shows the connected wallet (at once when it
 * already does). Opens the home page first when the page is blank.
 */
export async function connectWallet(page: Page): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  if (await isConnected(page)) return;
  await connectButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await dialog.getByRole('button', { name: new RegExp(E2E_WALLET_NAME) }).click();
  await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  await walletButton(page).waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Whether the page's stored token (`localStorage.token`) is a JWT issued to `address`. */
function hasTokenFor(page: Page, address: string): Promise<boolean> {
  return page.evaluate((expected) => {
    const token = localStorage.getItem('token');
    const payload = token?.split('.')[1];
    if (payload === undefined) return false;
    try {
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
      return claims.sub === expected;
    } catch {
      return false;
    }
  }, address);
}

/** A username no one has yet (letters, digits and _; at most 15 characters). */
function uniqueUsername(): string {
  return `e2e_${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Connects (when not connected) and signs in through the app, and resolves once `localStorage.token` is
 * the wallet's. When the app asks a new user for a username ('Looks like you are new here!'), sets a
 * unique one and closes the profile modal. Returns the username of a new user, else null.
 */
export async function signIn(page: Page): Promise<string | null> {
  await connectWallet(page);
  const address = await pageAddress(page);

  // Connecting by hand signs in on its own; a reconnected wallet (page reload) waits for "Sign in".
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let signedOutPolls = 0;
  while (!(await hasTokenFor(page, address))) {
    if (Date.now() > deadline) throw new Error(`Sign-in did not finish within ${UI_TIMEOUT_MS / 1000} s`);
    const status = (await walletButton(page).textContent()) ?? '';
    signedOutPolls = status.includes('Not signed in') ? signedOutPolls + 1 : 0;
    if (signedOutPolls >= 8) {
      await walletButton(page).click();
      await page.getByRole('menu', { name: 'Wallet' }).getByRole('menuitem', { name: 'Sign in' }).click();
      signedOutPolls = -40;
    }
    await page.waitForTimeout(CONFIRM_POLL_MS);
  }
  await walletButton(page)
    .filter({ hasText: /Wallet, Signed in/ })
    .waitFor({ timeout: UI_TIMEOUT_MS });

  const response = await fetch(`${product().url}/api/user/${address}`);
  const profile = (await response.json()) as { username?: string | null };
  if (!response.ok || profile.username !== null) return null;

  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await dialog.getByText('Looks like you are new here!').waitFor({ timeout: UI_TIMEOUT_MS });
  const username = uniqueUsername();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  // The modal can be closed once the profile has a username.
  await dialog.getByRole('button', { name: 'Close' }).click({ timeout: UI_TIMEOUT_MS });
  await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  return username;
}

/** A failed admin API call: the server's `error` text and the HTTP status. */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

let adminToken: Promise<string> | null = null;

async function apiJson(path: string, init: RequestInit & { token?: string } = {}): Promise<unknown> {
  const { token, ...rest } = init;
  const headers: Record<string, string> = {};
  if (rest.body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${product().url}${path}`, { ...rest, headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const error =
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `${response.status} ${response.statusText}`;
    throw new AdminApiError(error, response.status);
  }
  return body;
}

async function signInAdmin(): Promise<string> {
  const admin = testKeypair(product().adminKeypairs[0]);
  const nonce = (await apiJson('/api/user/nonce', {
    method: 'POST',
    body: JSON.stringify({ address: admin.address }),
  })) as { nonce: string; message: string };
  const signature = signBytes(admin, new TextEncoder().encode(nonce.message));
  const { token } = (await apiJson('/api/user/authenticate', {
    method: 'POST',
    body: JSON.stringify({
      address: admin.address,
      nonce: nonce.nonce,
      signature: getBase58Decoder().decode(signature),
      ledger: false,
    }),
  })) as { token: string };
  return token;
}

/**
 * Calls the product's API signed in as admin-1: POST with `body` as JSON when given, GET otherwise.
 * Resolves with the response's JSON.
 *
 * @throws AdminApiError with the server's `error` text.
 */
export async function adminApi(path: string, body?: unknown): Promise<unknown> {
  adminToken ??= signInAdmin();
  adminToken.catch(() => {
    adminToken = null;
  });
  const call = async (token: string) =>
    apiJson(path, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      token,
    });
  try {
    return await call(await adminToken);
  } catch (error) {
    // A token that expired or was revoked: sign in once more.
    if (!(error instanceof AdminApiError) || error.status !== 401) throw error;
    adminToken = signInAdmin();
    return call(await adminToken);
  }
}

/** Saves a full-page screenshot as `e2e/artifacts/<name>.png` and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
