/**
 * Persistence: a {@link LocalChainState} on disk, written atomically, and a saver that writes it
 * periodically and when the node stops (docs/localnet.md, Persistence).
 *
 * The file (`<dataDir>/chain-state.bin`) is
 *
 * | bytes | content |
 * | ----- | ------- |
 * | 8     | magic `LCLCHAIN` |
 * | 4     | format version, u32 little-endian ({@link CHAIN_STATE_VERSION}) |
 * | 8     | length `n` of the JSON part, u64 little-endian |
 * | n     | UTF-8 JSON: the state without `svm`; u64s as `{"$bigint":"<digits>"}`, bytes as `{"$bytes":"<base64>"}` |
 * | rest  | the LiteSVM snapshot (`LiteSVM.toBytes()`) |
 *
 * It is written to `<file>.<pid>.tmp`, flushed, then renamed over the file, so a crash mid-write leaves
 * the last complete state in place.
 *
 * @example
 * const path = chainStatePath('./.data/localnet');
 * const chain = new LocalChain({ state: readChainState(path) ?? undefined });
 * const saver = new ChainSaver({ chain, path });
 * saver.start();
 * // … on shutdown
 * await saver.close();
 *
 * @module
 */

import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { LocalChain, LocalChainState } from './local-chain.ts';

/**
 * The format version this node writes. Version 2 keeps the history's records packed
 * (`PackedTransactionRecord`); version 1 (full records) is still read, its records packed on loading.
 */
export const CHAIN_STATE_VERSION = 2;
/** The format versions this node reads. */
const READABLE_VERSIONS: readonly number[] = [1, CHAIN_STATE_VERSION];
/** The state file's name under the data directory. */
export const CHAIN_STATE_FILE = 'chain-state.bin';
/** Default milliseconds between periodic saves. */
export const DEFAULT_SAVE_INTERVAL_MS = 10_000;

const MAGIC = new TextEncoder().encode('LCLCHAIN');
const HEADER_LENGTH = MAGIC.length + 4 + 8;

/** A state file that cannot be read: unknown version, not a state file, or damaged. */
export class ChainStateError extends Error {
  /** The file. */
  readonly path: string;

  constructor(path: string, reason: string, options?: ErrorOptions) {
    super(
      `Cannot restore the local chain from ${path}: ${reason}. Move or delete the file to start a fresh chain.`,
      options,
    );
    this.name = 'ChainStateError';
    this.path = path;
  }
}

/** Where the state of the chain whose data directory is `dataDir` lives. */
export function chainStatePath(dataDir: string): string {
  return join(dataDir, CHAIN_STATE_FILE);
}

/**
 * Most UTF-16 units of the JSON part encoded at once when writing: each piece's buffer stays well below
 * the C allocator's mmap threshold (128 KiB at first). A save every 10 s of one buffer as large as the
 * state (tens of MB) raised glibc's dynamic threshold, after which such buffers came from the heap and
 * left it fragmented: the process's RSS grew with each save although the memory was freed.
 */
const PIECE_UNITS = 16 * 1024;

/** The state file for `state` in pieces: the header, the JSON part in small pieces, the LiteSVM snapshot. */
function* statePieces(state: LocalChainState): Generator<Uint8Array> {
  const { svm, ...rest } = state;
  const json = JSON.stringify(rest, replacer);
  const header = new Uint8Array(HEADER_LENGTH);
  const view = new DataView(header.buffer);
  header.set(MAGIC);
  view.setUint32(MAGIC.length, CHAIN_STATE_VERSION, true);
  view.setBigUint64(MAGIC.length + 4, BigInt(Buffer.byteLength(json, 'utf8')), true);
  yield header;
  for (let start = 0; start < json.length;) {
    let end = Math.min(start + PIECE_UNITS, json.length);
    // Never split a surrogate pair: each piece must be whole UTF-8.
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield Buffer.from(json.slice(start, end), 'utf8');
    start = end;
  }
  yield svm;
}

/** The bytes of the state file for `state`. */
export function encodeChainState(state: LocalChainState): Uint8Array {
  return Buffer.concat([...statePieces(state)]);
}

/**
 * The state in a state file's bytes (the LiteSVM snapshot is checked when the chain loads it).
 *
 * @throws ChainStateError naming `path` when the bytes are not a state file of this version.
 */
export function decodeChainState(bytes: Uint8Array, path: string): LocalChainState {
  if (bytes.length < MAGIC.length + 4 || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new ChainStateError(path, 'not a local chain state file');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(MAGIC.length, true);
  if (!READABLE_VERSIONS.includes(version)) {
    throw new ChainStateError(
      path,
      `unknown format version ${version} (this node reads versions ${READABLE_VERSIONS.join(' and ')})`,
    );
  }
  if (bytes.length < HEADER_LENGTH) throw new ChainStateError(path, 'the file is truncated');
  const jsonLength = view.getBigUint64(MAGIC.length + 4, true);
  if (jsonLength > BigInt(bytes.length - HEADER_LENGTH))
    throw new ChainStateError(path, 'the file is truncated');
  const jsonEnd = HEADER_LENGTH + Number(jsonLength);
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(HEADER_LENGTH, jsonEnd)),
      reviver,
    );
  } catch (error) {
    throw new ChainStateError(path, `the chain's data is damaged (${String(error)})`, { cause: error });
  }
  const fields = parsed as Partial<Record<keyof LocalChainState, unknown>> | null;
  if (
    typeof fields !== 'object' ||
    fields === null ||
    typeof fields.slot !== 'bigint' ||
    typeof fields.index !== 'object' ||
    !(fields.faucetSeed instanceof Uint8Array)
  ) {
    throw new ChainStateError(path, "the chain's data is incomplete");
  }
  return { ...(fields as Omit<LocalChainState, 'svm'>), svm: bytes.slice(jsonEnd) };
}

/**
 * The state saved at `path`, or `null` when there is none.
 *
 * @throws ChainStateError when the file exists but cannot be read as a state of this version.
 */
export function readChainState(path: string): LocalChainState | null {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ChainStateError(path, `the file cannot be read (${String(error)})`, { cause: error });
  }
  return decodeChainState(bytes, path);
}

/**
 * A chain restored from `path`, or a new one when nothing is saved there.
 *
 * @throws ChainStateError when the file cannot be restored (including a damaged LiteSVM snapshot).
 */
export function restoreLocalChain(
  path: string,
  create: (state: LocalChainState | undefined) => LocalChain,
): { readonly chain: LocalChain; readonly restored: boolean } {
  const state = readChainState(path);
  if (!state) return { chain: create(undefined), restored: false };
  try {
    return { chain: create(state), restored: true };
  } catch (error) {
    throw new ChainStateError(path, `the state cannot be loaded (${String(error)})`, { cause: error });
  }
}

/** Writes `state` to `path` atomically (temporary file, flush, rename), synchronously. */
export function writeChainStateSync(path: string, state: LocalChainState): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      for (const piece of statePieces(state)) {
        let written = 0;
        while (written < piece.length) written += writeSync(fd, piece, written);
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes `state` to `path` atomically (temporary file, flush, rename). */
export async function writeChainState(path: string, state: LocalChainState): Promise<void> {
  // The JSON part is made now, synchronously: the state is as it was when this was called.
  const pieces = statePieces(state);
  const first = pieces.next();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const file = await open(temporary, 'w', 0o600);
    try {
      for (let next = first; next.done !== true; next = pieces.next()) {
        const piece = next.value;
        let written = 0;
        while (written < piece.length) {
          written += (await file.write(piece, written, piece.length - written)).bytesWritten;
        }
      }
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Options of a {@link ChainSaver}. */
export interface ChainSaverOptions {
  readonly chain: LocalChain;
  /** The state file, usually {@link chainStatePath}`(dataDir)`. */
  readonly path: string;
  /** Milliseconds between periodic saves once started; 0 saves only on {@link ChainSaver.close}. Default 10,000. */
  readonly intervalMs?: number;
}

/** Saves a chain's state periodically and on close. Saves never overlap. */
export class ChainSaver {
  readonly path: string;
  readonly intervalMs: number;
  readonly #chain: LocalChain;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #inFlight = false;
  #closed = false;

  constructor(options: ChainSaverOptions) {
    this.#chain = options.chain;
    this.path = options.path;
    this.intervalMs = options.intervalMs ?? DEFAULT_SAVE_INTERVAL_MS;
    if (!(this.intervalMs >= 0)) throw new RangeError(`intervalMs must be ≥ 0, got ${this.intervalMs}`);
  }

  /** Starts the periodic saves (a failed one is reported and retried at the next tick). */
  start(): void {
    if (this.#timer || this.#closed || this.intervalMs === 0) return;
    this.#timer = setInterval(() => {
      if (this.#inFlight) return;
      this.save().catch((error: unknown) => {
        console.error(`localnet: saving the chain to ${this.path} failed`, error);
      });
    }, this.intervalMs);
    this.#timer.unref();
  }

  /** Saves the state as it is when the previous save (if any) has finished. */
  save(): Promise<void> {
    const next = this.#writing
      .catch(() => undefined)
      .then(async () => {
        this.#inFlight = true;
        try {
          // Taken synchronously: no transaction lands in between, so the state is consistent.
          await writeChainState(this.path, this.#chain.exportState());
        } finally {
          this.#inFlight = false;
        }
      });
    this.#writing = next;
    return next;
  }

  /** Stops the periodic saves, waits for submitted transactions to settle, and saves a last time. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#chain.settled();
    await this.save();
  }
}

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // The holder's own value: a Buffer's toJSON has already run on `value`.
  const raw = this[key];
  if (typeof raw === 'bigint') return { $bigint: raw.toString() };
  if (raw instanceof Uint8Array)
    return { $bytes: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const tagged = value as { $bigint?: unknown; $bytes?: unknown };
      if (typeof tagged.$bigint === 'string') return BigInt(tagged.$bigint);
      if (typeof tagged.$bytes === 'string') return Uint8Array.from(Buffer.from(tagged.$bytes, 'base64'));
    }
  }
  return value;
}
