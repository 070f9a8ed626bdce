/**
 * The web app's figures for `/`, on the production build:
 *
 * - **initial JS**: the gzip size of every script `index.html` loads before the first render (the entry and
 *   its `modulepreload`s); route chunks load later and are listed apart;
 * - **Lighthouse performance** (mobile preset, simulated throttling), from the `lighthouse` package driving
 *   Debian's chromium against the real product: this script starts `apps/server/src/main.ts` on spare
 *   ports with a throwaway data directory, so `/` is served exactly as `npm start` serves it.
 *
 * Targets: initial JS ≤ 200 KiB gzip (deterministic for a build: the exit code depends on it), Lighthouse
 * performance ≥ 95 (reported, not asserted: simulated throttling still scales the page's observed CPU
 * time, so the score falls on a loaded machine; Lighthouse's `benchmarkIndex` for this machine is printed
 * beside it). See docs/benchmarks.md.
 *
 * Run: `npm run build:web && node apps/web/scripts/bench.ts` (part of `npm run bench`).
 *
 * @module
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const INITIAL_JS_TARGET_KIB = 200;
const LIGHTHOUSE_TARGET = 95;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const repo = join(import.meta.dirname, '..', '..', '..');
const dist = join(repo, 'apps', 'web', 'dist');

function gzipKib(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length / 1024;
}

/** Scripts `index.html` loads up front: the module entry and every modulepreload. */
function initialScripts(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const srcs = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) srcs.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    srcs.add(match[1]!);
  return [...srcs];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => {
        resolve(port);
      });
    });
  });
}

async function startProduct(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'arcade-web-bench-'));
  const [port, rpcPort, pubsubPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [join(repo, 'apps', 'server', 'src', 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOCALNET_RPC_PORT: String(rpcPort),
      LOCALNET_PUBSUB_PORT: String(pubsubPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // The demo seeds in the background after start-up: measured pages would race its transactions.
      DEMO_SEED: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready:')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`server exited with ${code}`));
    });
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const initial = initialScripts();
const initialKib = initial.reduce((sum, src) => sum + gzipKib(join(dist, src)), 0);
console.log('\nweb: initial JS for / (gzip, level 9)');
for (const src of initial) console.log(`  ${src.padEnd(48)} ${gzipKib(join(dist, src)).toFixed(1)} KiB`);
console.log(
  `  total ${initialKib.toFixed(1)} KiB (target ≤ ${INITIAL_JS_TARGET_KIB} KiB): ${initialKib <= INITIAL_JS_TARGET_KIB ? 'met' : 'MISSED'}`,
);
if (initialKib > INITIAL_JS_TARGET_KIB) process.exitCode = 1;

const product = await startProduct();
// Lighthouse drives its own tab through the DevTools port of the chromium playwright starts.
const port = await freePort();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
});
try {
  const scores: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const report = await lighthouse(`${product.url}/`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const score = Math.round((report?.lhr.categories['performance']?.score ?? 0) * 100);
    const audit = (id: string) => report?.lhr.audits[id]?.displayValue ?? '?';
    // Lighthouse's measure of this machine's speed (about 1,000 and up on a quiet desktop).
    const benchmarkIndex = report?.lhr.environment.benchmarkIndex ?? Number.NaN;
    console.log(
      `  lighthouse run ${run + 1}: performance ${score} (FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}; benchmarkIndex ${Math.round(benchmarkIndex)})`,
    );
    scores.push(score);
  }
  const median = scores.sort((a, b) => a - b)[1]!;
  console.log(
    `web: Lighthouse performance (mobile preset), median of 3: ${median} (target ≥ ${LIGHTHOUSE_TARGET}, reported): ${median >= LIGHTHOUSE_TARGET ? 'met' : 'MISSED'}\n`,
  );
} finally {
  await browser.close();
  await product.stop();
}
