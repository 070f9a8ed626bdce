/**
 * The product under soak: `node apps/server/src/main.ts` as `npm start` runs it (embedded chain, PGlite,
 * workers), in a child process on free ports with a fresh temporary data directory, so its memory is its
 * own and every API call crosses a real socket. Differences from `npm start`, each for the soak's sake:
 *
 * - short Foresight rounds (`LOCALNET_FORESIGHT_TIMELOCK`, 20 s) so rounds settle within the run;
 * - `DEMO_SEED=false`: the soak creates its own Prophecy markets (with cutoffs inside the run) and the
 *   demo's background transactions would only blur the figures;
 * - the per-IP rate limits raised: every simulated player shares 127.0.0.1, which the limits (600 API
 *   and 3,000 RPC requests a minute per IP) are meant to stop;
 * - `--inspect` on a free port, so the soak can read the heap (`process.memoryUsage()`) after a full GC.
 *
 * The web app is not built: the players use the API, the sockets and the RPC proxy, not the pages.
 *
 * @module
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePorts, node24 } from '../../e2e/harness/product-process.ts';
import { NOT_INHERITED } from '../stack/stack.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SOAK_FORESIGHT_TIMELOCK = 20;

/** Memory of the product process. */
export interface MemoryReading {
  /** Resident set size after a full GC when the inspector answers, bytes (`VmRSS` of /proc/<pid>/status). */
  readonly rss: number;
  /** Peak resident set size so far, bytes (`VmHWM`). */
  readonly peakRss: number;
  /** V8 heap in use after a full GC, bytes; null when the inspector could not be reached. */
  readonly heapUsed: number | null;
}

export interface SoakProduct {
  readonly url: string;
  readonly dataDir: string;
  readonly pid: number;
  readonly logPath: string;
  readonly startMs: number;
  memory(): Promise<MemoryReading>;
  stop(): Promise<void>;
}

function procStatus(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match === null ? 0 : Number(match[1]) * 1024;
}

/** `process.memoryUsage().heapUsed` of the product after `HeapProfiler.collectGarbage`, over the inspector. */
async function heapAfterGc(inspectorUrl: string): Promise<number | null> {
  const socket = new WebSocket(inspectorUrl);
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve) => {
      id += 1;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    await call('HeapProfiler.collectGarbage');
    const result = (await call('Runtime.evaluate', {
      expression: 'process.memoryUsage().heapUsed',
      returnByValue: true,
    })) as { result?: { value?: number } };
    return result.result?.value ?? null;
  } catch {
    return null;
  } finally {
    socket.close();
  }
}

/** Starts the product and resolves once `GET /api/health` answers success. */
export async function startSoakProduct(log: (line: string) => void): Promise<SoakProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'arcade-soak-'));
  const logPath = join(tmpdir(), `arcade-soak-${process.pid}.log`);
  const [port, rpcPort, pubsubPort, inspectPort] = (await freePorts(4)) as [number, number, number, number];
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name)),
  );
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOCALNET_RPC_PORT: String(rpcPort),
    LOCALNET_PUBSUB_PORT: String(pubsubPort),
    LOCALNET_FORESIGHT_TIMELOCK: String(SOAK_FORESIGHT_TIMELOCK),
    DEMO_SEED: 'false',
    RATE_LIMIT_PER_MINUTE: '10000000',
    RPC_RATE_LIMIT_PER_MINUTE: '10000000',
    LOG_LEVEL: 'warn',
  });
  const started = Date.now();
  const out = createWriteStream(logPath);
  const child: ChildProcess = spawn(
    node24(),
    [`--inspect=127.0.0.1:${inspectPort}`, 'apps/server/src/main.ts'],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(kill, 20_000);
      await exited;
      clearTimeout(timer);
    }
    out.end();
    process.removeListener('exit', kill);
    rmSync(dataDir, { recursive: true, force: true });
  };

  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the product exited during start-up; see ${logPath}`);
    }
    if (Date.now() - started > 240_000) {
      await stop();
      throw new Error(`the product was not healthy within 240 s; see ${logPath}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && ((await response.json()) as { success?: boolean }).success === true) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const startMs = Date.now() - started;
  log(`product up in ${(startMs / 1000).toFixed(1)} s at ${url} (pid ${child.pid}, log ${logPath})`);

  let inspectorUrl: string | null = null;
  const memory = async (): Promise<MemoryReading> => {
    if (inspectorUrl === null) {
      try {
        const list = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
          webSocketDebuggerUrl: string;
        }[];
        inspectorUrl = list[0]?.webSocketDebuggerUrl ?? null;
      } catch {
        inspectorUrl = null;
      }
    }
    // RSS read after the full GC, like the heap: buffers that are already garbage (the chain saver's,
    // responses') but not yet collected would otherwise count, and make readings depend on GC timing.
    const heapUsed = inspectorUrl === null ? null : await heapAfterGc(inspectorUrl);
    return {
      rss: procStatus(child.pid!, 'VmRSS'),
      peakRss: procStatus(child.pid!, 'VmHWM'),
      heapUsed,
    };
  };
  return { url, dataDir, pid: child.pid!, logPath, startMs, memory, stop };
}
