/**
 * The faucet behind `requestAirdrop`: a keypair holding lamports that signs real transfer transactions.
 *
 * LiteSVM's own `airdrop` moves lamports without a transaction the node could index; an airdrop here is
 * an ordinary System transfer, so it has a signature, a status and a `getTransaction` entry, as from
 * `solana-test-validator`'s faucet. Signing is synchronous (node:crypto Ed25519).
 *
 * @module
 */

import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

import { SYSTEM_PROGRAM_BYTES, bytesEqual } from '../wire/program-ids.ts';

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** A keypair that signs airdrop transfers. */
export class Faucet {
  readonly publicKey: Uint8Array;
  /** The 32-byte Ed25519 seed, so a saved chain (`./chain-state.ts`) keeps the same faucet. */
  readonly seed: Uint8Array;
  readonly #privateKey: KeyObject;

  /** A faucet from a 32-byte Ed25519 seed, or a fresh random one. */
  constructor(seed?: Uint8Array) {
    if (seed) {
      if (seed.length !== 32) throw new RangeError(`A faucet seed is 32 bytes, got ${seed.length}`);
      const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32);
      der.set(PKCS8_ED25519_PREFIX);
      der.set(seed, PKCS8_ED25519_PREFIX.length);
      this.#privateKey = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
    } else {
      this.#privateKey = generateKeyPairSync('ed25519').privateKey;
    }
    const jwk = this.#privateKey.export({ format: 'jwk' });
    this.publicKey = Buffer.from(jwk.x ?? '', 'base64url');
    this.seed = Uint8Array.from(Buffer.from(jwk.d ?? '', 'base64url'));
  }

  /**
   * A signed legacy transaction transferring `lamports` from the faucet to `to`.
   *
   * @example const wire = faucet.transfer(recipient, 1_000_000_000n, blockhashBytes);
   */
  transfer(to: Uint8Array, lamports: bigint, blockhash: Uint8Array): Uint8Array {
    const toSelf = bytesEqual(to, this.publicKey);
    const keys = toSelf ? [this.publicKey, SYSTEM_PROGRAM_BYTES] : [this.publicKey, to, SYSTEM_PROGRAM_BYTES];
    const data = new Uint8Array(12);
    const view = new DataView(data.buffer);
    view.setUint32(0, 2, true); // SystemInstruction::Transfer
    view.setBigUint64(4, lamports, true);
    const message = [
      1, // required signatures
      0, // readonly signed
      1, // readonly unsigned: the System program
      keys.length,
      ...keys.flatMap((key) => [...key]),
      ...blockhash,
      1, // one instruction
      keys.length - 1, // program id index
      2,
      0,
      toSelf ? 0 : 1,
      data.length,
      ...data,
    ];
    const messageBytes = Uint8Array.from(message);
    const signature = sign(null, messageBytes, this.#privateKey);
    const wire = new Uint8Array(1 + 64 + messageBytes.length);
    wire[0] = 1;
    wire.set(signature, 1);
    wire.set(messageBytes, 65);
    return wire;
  }
}
