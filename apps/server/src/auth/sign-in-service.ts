/**
 * Wallet sign-in: single-use nonces, the sign-in message, verifying what the wallet signed, and the
 * session token.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';

import type { Address } from '@solana/kit';

import type { Cluster } from '../chain/chain-context.ts';
import type { Database } from '../db/database.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { BlockedWalletRepository } from '../repositories/blocked-wallet-repository.ts';
import { decodeSignature, verifyMemoTransaction, verifyMessageSignature } from './signatures.ts';
import { formatSignInMessage, parseSignInMessage, SIGN_IN_STATEMENT, type SignInFields } from './siws.ts';
import type { TokenService } from './tokens.ts';

/** Sign-in refusals, word for word. */
export const SIGN_IN_ERRORS = Object.freeze({
  invalidSignature: 'Invalid signature',
  nonceUsed: 'Nonce already used',
  nonceExpired: 'Nonce expired',
  noNonce: 'Request a nonce first',
  walletBlocked: 'Wallet is blocked',
});

/** Nonces kept per address; older ones are dropped when a new one is issued. */
const MAX_OPEN_NONCES = 5;

interface NonceRow {
  readonly nonce: string;
  readonly message: string;
  readonly expires_at: Date;
  readonly used_at: Date | null;
}

/** What `authenticate` takes (spec §7, plus the message a `solana:signIn` wallet built). */
export interface SignInAttempt {
  readonly address: Address;
  /** base58 (or base64) signature; with `ledger`, the signed memo transaction, base64. */
  readonly signature: string;
  readonly ledger: boolean;
  /** The exact text the wallet signed, when it built the message itself (`solana:signIn`). */
  readonly message?: string | undefined;
}

/** Options of {@link SignInService}. */
export interface SignInServiceOptions {
  readonly db: Database;
  readonly tokens: TokenService;
  readonly publicUrl: string;
  readonly cluster: Cluster;
  readonly nonceTtlSecs: number;
  readonly now: () => number;
}

/** Issues nonces and turns signed sign-in messages into session tokens. */
export class SignInService {
  readonly #options: SignInServiceOptions;
  readonly #blocked: BlockedWalletRepository;

  constructor(options: SignInServiceOptions) {
    this.#options = options;
    this.#blocked = new BlockedWalletRepository(options.db);
  }

  /** The `solana:signIn` chain id of the cluster. */
  get chainId(): string {
    return `solana:${this.#options.cluster === 'mainnet-beta' ? 'mainnet' : this.#options.cluster}`;
  }

  /** A new single-use nonce for `address` and the message to sign. */
  async issueNonce(address: Address): Promise<{ fields: SignInFields; message: string }> {
    const { db, publicUrl, nonceTtlSecs, now } = this.#options;
    await this.#refuseBlocked(address);
    const issued = now();
    const url = new URL(publicUrl);
    const fields: SignInFields = {
      domain: url.host,
      address,
      statement: SIGN_IN_STATEMENT,
      uri: url.origin,
      version: '1',
      chainId: this.chainId,
      nonce: randomBytes(16).toString('hex'),
      issuedAt: new Date(issued).toISOString(),
      expirationTime: new Date(issued + nonceTtlSecs * 1000).toISOString(),
    };
    const message = formatSignInMessage(fields);
    await db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO auth_nonces (nonce, address, message, expires_at) VALUES ($1, $2, $3, $4)',
        [fields.nonce, address, message, new Date(fields.expirationTime)],
      );
      // Bound the work a signature check can cause: only the newest nonces stay open.
      await tx.query(
        `DELETE FROM auth_nonces WHERE address = $1 AND nonce NOT IN (
           SELECT nonce FROM auth_nonces WHERE address = $1 ORDER BY created_at DESC, nonce LIMIT $2)`,
        [address, MAX_OPEN_NONCES],
      );
    });
    return { fields, message };
  }

  /**
   * Verifies a signed sign-in message, consumes its nonce and returns a session token.
   *
   * @throws HttpError 401 for a bad signature, a used or expired nonce; 403 for a blocked wallet.
   */
  async authenticate(attempt: SignInAttempt): Promise<{ token: string; expiresAt: number }> {
    const { db, tokens, now } = this.#options;
    await this.#refuseBlocked(attempt.address);
    const nonces = await db.query<NonceRow>(
      'SELECT nonce, message, expires_at, used_at FROM auth_nonces WHERE address = $1 ORDER BY created_at DESC',
      [attempt.address],
    );
    if (nonces.length === 0) throw unauthorized(SIGN_IN_ERRORS.noNonce);
    const matched = await this.#match(attempt, nonces);
    if (matched === null) throw unauthorized(SIGN_IN_ERRORS.invalidSignature);
    if (matched.used_at !== null) throw unauthorized(SIGN_IN_ERRORS.nonceUsed);
    if (matched.expires_at.getTime() <= now()) throw unauthorized(SIGN_IN_ERRORS.nonceExpired);
    const consumed = await db.query(
      'UPDATE auth_nonces SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL RETURNING nonce',
      [matched.nonce, new Date(now())],
    );
    // A concurrent request with the same signature won the race.
    if (consumed.length === 0) throw unauthorized(SIGN_IN_ERRORS.nonceUsed);
    await db.query('INSERT INTO users (address) VALUES ($1) ON CONFLICT (address) DO NOTHING', [
      attempt.address,
    ]);
    return tokens.issue(attempt.address, Math.floor(now() / 1000));
  }

  async #match(attempt: SignInAttempt, nonces: readonly NonceRow[]): Promise<NonceRow | null> {
    if (attempt.ledger) {
      const memo = await verifyMemoTransaction(attempt.address, attempt.signature);
      return memo === null ? null : (nonces.find((row) => row.message === memo) ?? null);
    }
    const signature = decodeSignature(attempt.signature);
    if (signature === null) return null;
    if (attempt.message !== undefined) {
      // A wallet-built message: its fields must be ours, then its bytes must carry the signature.
      const fields = parseSignInMessage(attempt.message);
      const url = new URL(this.#options.publicUrl);
      if (fields?.address !== attempt.address || fields.domain !== url.host) return null;
      if (fields.chainId !== '' && fields.chainId !== this.chainId) return null;
      const row = nonces.find((candidate) => candidate.nonce === fields.nonce);
      if (row === undefined) return null;
      const ok = await verifyMessageSignature(
        attempt.address,
        new TextEncoder().encode(attempt.message),
        signature,
      );
      return ok ? row : null;
    }
    for (const row of nonces) {
      if (await verifyMessageSignature(attempt.address, new TextEncoder().encode(row.message), signature))
        return row;
    }
    return null;
  }

  async #refuseBlocked(address: Address): Promise<void> {
    if (await this.#blocked.isBlocked(address)) {
      throw forbidden(SIGN_IN_ERRORS.walletBlocked);
    }
  }
}
