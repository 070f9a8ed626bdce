/**
 * The e2e project's global setup: builds the web app when it is missing, starts one product for the
 * whole run and provides it to the test files; the teardown stops it and removes its data.
 *
 * @module
 */

import type { TestProject } from 'vitest/node';

import { E2E_FORESIGHT_TIMELOCK, ensureWebBuild, startProduct } from './product-process.ts';
import './types.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild();
  const running = await startProduct();
  const { product } = running;
  console.log(
    `[e2e] product ready at ${product.url} in ${(running.startMs / 1000).toFixed(1)} s ` +
      `(chain ${product.rpcUrl}, Foresight rounds ${E2E_FORESIGHT_TIMELOCK} s, log ${running.logPath})`,
  );
  project.provide('e2eProduct', {
    url: product.url,
    rpcUrl: product.rpcUrl,
    dataDir: product.dataDir,
    adminKeypairs: product.adminKeypairs.map((key) => [...key]),
    foresightTimelock: E2E_FORESIGHT_TIMELOCK,
  });
  return async () => {
    await running.stop();
  };
}
