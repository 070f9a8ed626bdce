/**
 * The server as `npm start` runs it (`apps/server/src/main.ts` on the embedded chain, in its own process):
 * a Ctrl-C stops it with the local chain saved under `DATA_DIR`, even when a second SIGINT follows at once.
 * That happens whenever the terminal signals the whole process group and npm forwards the signal too, and
 * whenever a user presses Ctrl-C twice.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createSolanaRpc, generateKeyPairSigner, lamports } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';

import { freePorts } from '../../../e2e/harness/product-process.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'arcade-signals-'));
const running: ChildProcess[] = [];

interface Server {
  readonly child: ChildProcess;
  readonly rpcUrl: string;
  /** Everything the process printed. */
  readonly output: () => string;
}

/** Starts main.ts on `dataDir` and resolves once it prints "Ready". */
async function startServer(): Promise<Server> {
  const server = await spawnServer();
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (server.output().includes('Ready:')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    server.child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`main.ts exited with ${String(code)} before it was ready:\n${server.output()}`));
    });
  });
  return server;
}

/** Spawns main.ts on `dataDir` on free ports, or on `port` for the API. */
async function spawnServer(options: { readonly port?: number } = {}): Promise<Server> {
  const [freePort, rpcPort, pubsubPort] = (await freePorts(3)) as [number, number, number];
  const port = options.port ?? freePort;
  // The embedded default only: none of the test run's own variables, nor a real database, Redis or cluster.
  const inherited = Object.entries(process.env).filter(
    ([name]) =>
      !name.startsWith('VITEST') &&
      !['DATABASE_URL', 'REDIS_URL', 'SOLANA_RPC_URL', 'NODE_ENV'].includes(name),
  );
  const env = {
    ...Object.fromEntries(inherited),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    DATA_DIR: dataDir,
    LOCALNET_RPC_PORT: String(rpcPort),
    LOCALNET_PUBSUB_PORT: String(pubsubPort),
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, rpcUrl: `http://127.0.0.1:${String(rpcPort)}`, output: () => text };
}

/** The exit code of `child`. */
function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
}

afterAll(() => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stopping the server', () => {
  it('saves the local chain on Ctrl-C even when a second SIGINT follows at once', async () => {
    const first = await startServer();
    const rpc = createSolanaRpc(first.rpcUrl);
    const { address } = await generateKeyPairSigner();
    // A change made right before the signal: only the save at stop can keep it (the periodic save is 10 s).
    await rpc.requestAirdrop(address, lamports(1_234_567n)).send();
    expect((await rpc.getBalance(address).send()).value).toBe(1_234_567n);

    first.child.kill('SIGINT');
    // The second a moment later, so that the kernel does not merge it with the first: it lands while the
    // server stops (closing the app, the database and the chain takes far longer).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.child.exitCode, 'still stopping when the second SIGINT comes').toBeNull();
    first.child.kill('SIGINT');
    expect(await exitOf(first.child)).toBe(0);
    expect(first.child.signalCode).toBeNull();
    expect(first.output()).toContain('Still stopping: saving the local chain and closing connections…');

    const second = await startServer();
    const after = createSolanaRpc(second.rpcUrl);
    expect((await after.getBalance(address).send()).value).toBe(1_234_567n);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  }, 120_000);

  it('names a port already in use and the variable that sets it, stops what started and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const server = await spawnServer({ port });
      expect(await exitOf(server.child)).toBe(1);
      expect(server.output()).toContain(
        `Port ${String(port)} on 127.0.0.1 is already in use (is another server still running?). ` +
          'Stop it, or set PORT to a free port.',
      );
      // A message, not a crash: no stack trace.
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});
