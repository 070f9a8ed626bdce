/**
 * Runs before each e2e test file: fails the file at once, with what to install, when Chromium is
 * missing (never a silent skip), and closes the file's browser afterwards.
 *
 * @module
 */

import { afterAll, beforeAll } from 'vitest';

import { assertChromium, closeBrowser } from './browser.ts';

beforeAll(() => {
  assertChromium();
});

afterAll(async () => {
  await closeBrowser();
});
