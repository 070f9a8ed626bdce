/**
 * The node side of the E2E test wallet: its Ed25519 keypair (made here, or from a 64-byte secret key like
 * `solana-keygen`'s) and the init script that installs the wallet (`wallet-init.js`) into a page.
 *
 * @module
 */

import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { getAddressDecoder } from '@solana/kit';

/** The wallet's name, as the connect dialog lists it. */
export const E2E_WALLET_NAME = 'E2E Test Wallet';
/** The chains it serves: the e2e product runs the local chain. */
export const E2E_WALLET_CHAINS: readonly string[] = ['solana:localnet'];

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#1d2330"/>' +
  '<path d="M14 22h36v24H14z" fill="none" stroke="#5ec8ff" stroke-width="4" stroke-linejoin="round"/>' +
  '<text x="32" y="40" font-family="monospace" font-size="14" font-weight="700" text-anchor="middle" fill="#5ec8ff">E2E</text></svg>';

/** The wallet's icon (Wallet Standard wants a data URI). */
export const E2E_WALLET_ICON = `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString('base64')}`;

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** An Ed25519 keypair in the forms the harness needs. */
export interface TestKeypair {
  /** Base58 address (the public key). */
  readonly address: string;
  readonly publicKey: Uint8Array;
  /** 64 bytes: seed then public key, like a `solana-keygen` file. */
  readonly secretKey: Uint8Array;
  /** The private key as PKCS#8 DER (what WebCrypto's `importKey('pkcs8')` takes). */
  readonly pkcs8: Uint8Array;
  readonly privateKey: KeyObject;
}

/**
 * A fresh keypair, or the one of a 64-byte secret key (seed + public key).
 *
 * @throws RangeError when `secretKey` is not 64 bytes or its public half does not match its seed.
 */
export function testKeypair(secretKey?: Uint8Array): TestKeypair {
  let privateKey: KeyObject;
  if (secretKey === undefined) {
    privateKey = generateKeyPairSync('ed25519').privateKey;
  } else {
    if (secretKey.length !== 64) throw new RangeError(`A secret key is 64 bytes, got ${secretKey.length}`);
    const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32);
    der.set(PKCS8_ED25519_PREFIX);
    der.set(secretKey.subarray(0, 32), PKCS8_ED25519_PREFIX.length);
    privateKey = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
  }
  const jwk = privateKey.export({ format: 'jwk' });
  const publicKey = Uint8Array.from(Buffer.from(jwk.x ?? '', 'base64url'));
  const seed = Uint8Array.from(Buffer.from(jwk.d ?? '', 'base64url'));
  if (secretKey !== undefined && !Buffer.from(secretKey.subarray(32)).equals(publicKey)) {
    throw new RangeError('The secret key’s public half does not match its seed');
  }
  const full = new Uint8Array(64);
  full.set(seed);
  full.set(publicKey, 32);
  const pkcs8 = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32);
  pkcs8.set(PKCS8_ED25519_PREFIX);
  pkcs8.set(seed, PKCS8_ED25519_PREFIX.length);
  return {
    address: getAddressDecoder().decode(publicKey),
    publicKey,
    secretKey: full,
    pkcs8,
    privateKey,
  };
}

/** The Ed25519 signature of `message` by `keypair`. */
export function signBytes(keypair: TestKeypair, message: Uint8Array): Uint8Array {
  return Uint8Array.from(sign(null, message, keypair.privateKey));
}

/** What `wallet-init.js` reads as `config`. */
export interface WalletInitConfig {
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly string[];
  readonly address: string;
  readonly publicKey: readonly number[];
  readonly pkcs8: readonly number[];
}

/** The config of the wallet holding `keypair`. */
export function walletInitConfig(keypair: TestKeypair): WalletInitConfig {
  return {
    name: E2E_WALLET_NAME,
    icon: E2E_WALLET_ICON,
    chains: E2E_WALLET_CHAINS,
    address: keypair.address,
    publicKey: [...keypair.publicKey],
    pkcs8: [...keypair.pkcs8],
  };
}

let source: string | null = null;

/** The text of `wallet-init.js`: a script body over the free variables `window` and `config`. */
export function walletInitSource(): string {
  source ??= readFileSync(new URL('./wallet-init.js', import.meta.url), 'utf8');
  return source;
}

/** The init script (for `context.addInitScript({ content })`) that installs the wallet of `keypair`. */
export function walletInitScript(keypair: TestKeypair): string {
  return `(function (window, config) {\n${walletInitSource()}\n})(window, ${JSON.stringify(walletInitConfig(keypair))});`;
}
