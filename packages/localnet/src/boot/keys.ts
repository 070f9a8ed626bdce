/**
 * The keys of the local chain, kept under a data directory (default `./.data/localnet/keys/`): created
 * on first boot, read back on every later one. Each file is a 64-byte secret key (seed then public key)
 * as a JSON array of numbers, the `solana-keygen` format, written with mode 0600.
 *
 * @module
 */

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';

/** The default data directory of the local chain, relative to the working directory. */
export const DEFAULT_DATA_DIR = './.data/localnet';

/** The roles that have a key, and their file names under `<dataDir>/keys/`. */
export const KEY_FILES = Object.freeze({
  /** Upgrade authority of both programs, and the House's and the Foresight config's authority. */
  upgradeAuthority: 'upgrade-authority.json',
  /** Settles and refunds off-chain Wager bets. */
  settler: 'settler.json',
  /** Receives the Wager market fees and Foresight's fees. */
  treasury: 'treasury.json',
  /** Creates, locks and settles Foresight rounds. */
  eventSigner: 'event-signer.json',
  /** Recorded as the write authority of the Pyth price account. */
  pythWriteAuthority: 'pyth-write-authority.json',
  /** Mint authority of Juice: the server mints claims with it. */
  juiceAuthority: 'juice-authority.json',
  /** Mint authority of the local USDC and USDT (and, until it is removed, of each NFT). */
  tokenAuthority: 'token-authority.json',
  /** Holds the local marketplace's NFT collection. */
  marketplace: 'marketplace.json',
} as const);

export type KeyRole = keyof typeof KEY_FILES;

/** Every key of the local chain. */
export type LocalnetKeys = { readonly [R in KeyRole]: KeyPairSigner };

/** A fresh ed25519 key as 64 bytes: seed, then public key. */
function newSecretKey(): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url');
  const pub = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return Uint8Array.from([...seed, ...pub]);
}

function parseSecretKey(text: string, path: string): Uint8Array {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not a JSON keypair file`);
  }
  if (
    !Array.isArray(value) ||
    value.length !== 64 ||
    !value.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)
  ) {
    throw new Error(`${path} must hold a 64-byte secret key as a JSON array of numbers`);
  }
  return Uint8Array.from(value as number[]);
}

/**
 * Writes a fresh key to `path` unless another process got there first, and returns the key the file holds.
 * The file is written whole under a name of its own and then linked into place, so a process starting at
 * the same moment (another server instance) never reads it half-written, and the first link wins.
 */
export function writeNewKey(path: string): Uint8Array {
  const fresh = newSecretKey();
  const temporary = `${path}.${String(process.pid)}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${JSON.stringify([...fresh])}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseSecretKey(readFileSync(path, 'utf8'), path);
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * The key in `path`, created first when the file does not exist.
 *
 * @throws Error when the file is not a valid keypair.
 */
export async function loadOrCreateKeypair(path: string): Promise<KeyPairSigner> {
  let bytes: Uint8Array;
  try {
    bytes = parseSecretKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    bytes = writeNewKey(path);
  }
  return createKeyPairSignerFromBytes(bytes);
}

/** A key the local chain has written, read without creating it; `undefined` when the file is missing. */
export async function readKeypair(path: string): Promise<KeyPairSigner | undefined> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return createKeyPairSignerFromBytes(parseSecretKey(text, path));
}

/**
 * Every key of a local chain that another process booted (`npm run localnet`), read from `<dataDir>/keys/`.
 *
 * @throws Error naming the first missing file: the chain has not booted with this data directory.
 */
export async function readKeys(dataDir: string = DEFAULT_DATA_DIR): Promise<LocalnetKeys> {
  const dir = join(dataDir, 'keys');
  const entries = await Promise.all(
    (Object.keys(KEY_FILES) as KeyRole[]).map(async (role) => {
      const path = join(dir, KEY_FILES[role]);
      const key = await readKeypair(path);
      if (key === undefined) throw new Error(`${path} does not exist`);
      return [role, key] as const;
    }),
  );
  return Object.fromEntries(entries) as LocalnetKeys;
}

/** Every key of the local chain under `<dataDir>/keys/`, each created on first use. */
export async function loadOrCreateKeys(dataDir: string = DEFAULT_DATA_DIR): Promise<LocalnetKeys> {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const entries = await Promise.all(
    (Object.keys(KEY_FILES) as KeyRole[]).map(
      async (role) => [role, await loadOrCreateKeypair(join(dir, KEY_FILES[role]))] as const,
    ),
  );
  return Object.fromEntries(entries) as LocalnetKeys;
}
