/**
 * `npm run bench`: every benchmark in turn, each to its end whatever the one before it found, then exit 1
 * if any missed a target (or failed to run), naming them. A missed ratio in one script must not hide the
 * figures of the others.
 *
 * @module
 */

import { spawnSync } from 'node:child_process';

/** The benchmarks, in order: [name, command, arguments, extra environment]. */
const BENCHMARKS: readonly (readonly [
  string,
  string,
  readonly string[],
  Readonly<Record<string, string>>,
])[] = [
  ['sbf fixture', 'npx', ['vitest', 'run', 'packages/sbf/test/fixture.test.ts'], { BENCH: '1' }],
  ['foresight program', 'node', ['programs/foresight/scripts/bench.ts'], {}],
  ['wager program', 'node', ['programs/wager/scripts/bench.ts'], {}],
  ['local chain', 'node', ['packages/localnet/scripts/bench.ts'], {}],
  ['API', 'node', ['apps/server/scripts/bench.ts'], {}],
  ['sockets', 'node', ['apps/server/scripts/bench-sockets.ts'], {}],
  ['scale (staging stack)', 'node', ['scripts/bench/bench-scale.ts'], {}],
  ['indexer', 'node', ['apps/server/scripts/bench-indexer.ts'], {}],
  ['web build', 'npm', ['run', 'build:web'], {}],
  ['web', 'node', ['apps/web/scripts/bench.ts'], {}],
  ['web play', 'node', ['apps/web/scripts/bench-play.ts'], {}],
];

const failed: string[] = [];
for (const [name, command, args, env] of BENCHMARKS) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed.push(`${name} (${result.signal ?? `exit ${String(result.status)}`})`);
}
if (failed.length > 0) {
  console.error(`\nbench: missed or failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nbench: every target met');
