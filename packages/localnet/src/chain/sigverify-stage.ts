/**
 * Signature verification off the main thread, as a validator's sigverify stage runs apart from its
 * banking stage.
 *
 * Verifying the Ed25519 signatures is most of what processing a transfer costs (about 48 of LiteSVM's
 * 55 µs). Transactions sent with `skipPreflight` are answered at once and need not land synchronously,
 * so their signatures are checked here, in a worker thread, in batches; the chain then runs them without
 * verifying again. One worker serves every chain of the process; it is created on first use and never
 * keeps the process alive. If it fails, every verdict becomes `unknown` and the chain verifies itself.
 *
 * @module
 */

import { Worker } from 'node:worker_threads';

/** `valid`/`invalid` signatures, or `unknown` when the worker could not tell (the chain then checks). */
export type Verdict = 'valid' | 'invalid' | 'unknown';

/** A lookup table account the worker needs to sanitize a v0 transaction before it can verify it. */
export interface TableAccount {
  readonly address: Uint8Array;
  readonly lamports: bigint;
  readonly owner: Uint8Array;
  readonly data: Uint8Array;
}

/** One transaction to verify. */
export interface SigverifyItem {
  readonly bytes: Uint8Array;
  readonly legacy: boolean;
  readonly tables: readonly TableAccount[];
}

/** A batch sent to the worker. */
export interface SigverifyRequest {
  readonly id: number;
  readonly items: readonly SigverifyItem[];
}

/** The worker's verdicts, in the batch's order. */
export interface SigverifyResponse {
  readonly id: number;
  readonly verdicts: readonly Verdict[];
}

/** Batches verification requests to one worker thread. */
export class SigverifyStage {
  #worker: Worker | null = null;
  #broken = false;
  #queue: { item: SigverifyItem; resolve: (verdict: Verdict) => void }[] = [];
  #flushScheduled = false;
  #nextId = 0;
  readonly #inFlight = new Map<number, ((verdict: Verdict) => void)[]>();

  /** Verifies one transaction's signatures; requests made in the same tick travel as one batch. */
  verify(item: SigverifyItem): Promise<Verdict> {
    if (this.#broken) return Promise.resolve('unknown');
    return new Promise((resolve) => {
      this.#queue.push({ item, resolve });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => {
          this.#flush();
        });
      }
    });
  }

  #flush(): void {
    this.#flushScheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length === 0) return;
    const worker = this.#ensureWorker();
    if (!worker) {
      for (const entry of batch) entry.resolve('unknown');
      return;
    }
    const id = this.#nextId++;
    this.#inFlight.set(
      id,
      batch.map((entry) => entry.resolve),
    );
    worker.ref(); // keep the process up while verdicts are owed
    const request: SigverifyRequest = { id, items: batch.map((entry) => entry.item) };
    worker.postMessage(request);
  }

  #ensureWorker(): Worker | null {
    if (this.#broken) return null;
    if (this.#worker) return this.#worker;
    try {
      const worker = new Worker(new URL('./sigverify-worker.ts', import.meta.url));
      worker.unref();
      worker.on('message', (response: SigverifyResponse) => {
        const resolvers = this.#inFlight.get(response.id);
        this.#inFlight.delete(response.id);
        if (this.#inFlight.size === 0) worker.unref();
        resolvers?.forEach((resolve, index) => {
          resolve(response.verdicts[index] ?? 'unknown');
        });
      });
      const fail = (): void => {
        this.#broken = true;
        this.#worker = null;
        for (const resolvers of this.#inFlight.values()) for (const resolve of resolvers) resolve('unknown');
        this.#inFlight.clear();
      };
      worker.on('error', fail);
      worker.on('exit', fail);
      this.#worker = worker;
      return worker;
    } catch {
      this.#broken = true;
      return null;
    }
  }
}

let shared: SigverifyStage | undefined;

/** The process's sigverify stage. */
export function sharedSigverifyStage(): SigverifyStage {
  shared ??= new SigverifyStage();
  return shared;
}
