/**
 * The Chromium of one test file (Debian's `/usr/bin/chromium`, driven by playwright-core), launched on
 * first use and closed after the file (`setup.ts`).
 *
 * @module
 */

import { existsSync } from 'node:fs';

import { chromium, type Browser } from 'playwright-core';

/** Where the e2e tests expect Chromium. */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Throws, saying what to install, when Chromium is missing. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The e2e tests need Chromium at ${CHROMIUM_PATH}: install Debian's chromium ` +
        '(apt-get install chromium), or set E2E_CHROMIUM to a Chromium binary.',
    );
  }
}

let browser: Promise<Browser> | null = null;

/** This file's browser. */
export function getBrowser(): Promise<Browser> {
  assertChromium();
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  return browser;
}

/** Closes this file's browser, if one was launched. */
export async function closeBrowser(): Promise<void> {
  const launched = browser;
  browser = null;
  if (launched !== null) await (await launched).close();
}
