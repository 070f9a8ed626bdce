/**
 * `npm run stack`: starts the staging stack (the local chain, Redis, N server instances and HAProxy in front;
 * docs/deployment.md) in the background and returns; `npm run stack -- stop` stops it; `npm run stack --
 * status` shows each part.
 *
 * Usage: `npm run stack -- [start] [--instances 2] [--port 8180] [--stats-port 8404] [--chain-port 8999]
 * [--redis-port 6390] [--dir .data/stack] [--database-url postgres://postgres@127.0.0.1:5432/arcade_stack]`,
 * `npm run stack -- stop|status [--dir .data/stack]`.
 *
 * @module
 */

import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

import { ensureWebBuild } from '../../e2e/harness/product-process.ts';
import { parseStackArgs } from './args.ts';
import { PART_COMMANDS, readState, ROOT, runs, Stack, statePath, stopState } from './stack.ts';

let parsed: ReturnType<typeof parseStackArgs>;
try {
  parsed = parseStackArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { command, options } = parsed;
const dir = resolve(ROOT, options.dir);

function describe(pid: number, command: string): string {
  return `${runs(pid, command) ? 'running' : 'stopped'} (pid ${String(pid)})`;
}

if (command === 'stop') {
  const state = readState(dir);
  if (state === null) {
    console.log(`no stack runs from ${dir}`);
    process.exit(0);
  }
  await stopState(state);
  rmSync(statePath(dir), { force: true });
  console.log(`stopped the stack at ${state.url} (its data stays in ${dir})`);
} else if (command === 'status') {
  const state = readState(dir);
  if (state === null) {
    console.log(`no stack runs from ${dir}`);
    process.exit(1);
  }
  console.log(`stack at ${state.url}, started ${state.startedAt}`);
  console.log(
    `  load balancer ${describe(state.pids.haproxy, PART_COMMANDS.haproxy)}, statistics ${state.statsUrl}`,
  );
  for (const instance of state.instances) {
    console.log(
      `  instance ${instance.name} ${instance.url} ${describe(instance.pid, PART_COMMANDS.instance)}`,
    );
  }
  console.log(`  chain ${state.chainUrl} ${describe(state.pids.chain, PART_COMMANDS.chain)}`);
  console.log(`  redis ${state.redisUrl} ${describe(state.pids.redis, PART_COMMANDS.redis)}`);
  console.log(
    `  database ${new URL(state.databaseUrl).pathname.slice(1)} on ${new URL(state.databaseUrl).host}`,
  );
} else {
  try {
    ensureWebBuild();
    const stack = await Stack.start(options, (line) => {
      console.log(`  ${line}`);
    });
    console.log(
      `\n  Ready: ${stack.state.url} (${String(options.instances)} instances behind HAProxy)\n` +
        `  Logs: ${dir}/logs/\n  Stop: npm run stack -- stop\n`,
    );
  } catch (error) {
    console.error(`stack: ${(error as Error).message}`);
    process.exit(1);
  }
}
