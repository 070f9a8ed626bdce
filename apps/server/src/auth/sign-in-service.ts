/**
 * Wallet sign-in: single-use nonces, the sign-in message, verifying what the wallet signed, and the
 * session token.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { randomBytes } from 'node:crypto';

import type { Address } from '@solana/kit';

import type { Cluster } from '../chain/chain-context.ts';
import type { Database } from '../db/database.ts';
import { badRequest, forbidden, unauthorized } from '../http/errors.ts';
import { BlockedWalletRepository } from '../repositories/blocked-wallet-repository.ts';
import { decodeSignature, verifyMemoTransaction, verifyMessageSignature } from './signatures.ts';
import { formatSignInMessage, parseSignInMessage, SIGN_IN_STATEMENT, type SignInFields } from './siws.ts';
import type { TokenService } from './tokens.ts';

/** Expired nonces deleted per issued one, at most: the table shrinks however large it grew. */
const PRUNE_BATCH = 500;

interface NonceRow {
  readonly nonce: string;
  readonly message: string;
  readonly expires_at: Date;
  readonly used_at: Date | null;
}

/** What `authenticate` takes (docs/reference/api.md#sign-in), with the nonce signed and the message a `solana:signIn` wallet built. */
export interface SignInAttempt {
  readonly address: Address;
  /** base58 (or base64) signature; with `ledger`, the signed memo transaction, base64. */
  readonly signature: string;
  readonly ledger: boolean;
  /**
   * The nonce the signed message carries (`POST /api/user/nonce` returned it). Needed when neither
   * `message` nor the Ledger memo carries it in the request.
   */
  readonly nonce?: string | undefined;
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

/**
 * Issues nonces and turns signed sign-in messages into session tokens.
 *
 * Each nonce is one row, found by the nonce itself (and the address it was issued to): whoever asks for
 * nonces, for any address, never touches another request's nonce, and a sign-in checks exactly one
 * signature. What was signed must be the issued message, byte for byte (see {@link SignInService.authenticate}).
 */
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
    // Expired nonces (used or not) are of no use: cleared as new ones are issued, whoever they were for.
    await db.query(
      `DELETE FROM auth_nonces WHERE nonce IN (
         SELECT nonce FROM auth_nonces WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [new Date(issued), PRUNE_BATCH],
    );
    await db.query('INSERT INTO auth_nonces (nonce, address, message, expires_at) VALUES ($1, $2, $3, $4)', [
      fields.nonce,
      address,
      message,
      new Date(fields.expirationTime),
    ]);
    return { fields, message };
  }

  /**
   * Verifies a signed sign-in message, consumes its nonce and returns a session token.
   *
   * The nonce comes from the request: the `nonce` field, the wallet-built `message`, or the Ledger's memo.
   * What was signed must equal the message issued with that nonce, every line of it: a `solana:signIn`
   * wallet builds the text from the input fields it was sent, all of which it must keep as they are.
   *
   * @throws HttpError 400 without a nonce to look up; 401 for a bad signature, an unknown, used or
   *   expired nonce; 403 for a blocked wallet.
   */
  async authenticate(attempt: SignInAttempt): Promise<{ token: string; expiresAt: number }> {
    const { db, tokens, now } = this.#options;
    await this.#refuseBlocked(attempt.address);
    const row = await this.#verifiedNonce(attempt);
    if (row.used_at !== null) throw unauthorized(ApiErrorCode.NONCE_USED);
    if (row.expires_at.getTime() <= now()) throw unauthorized(ApiErrorCode.NONCE_EXPIRED);
    const consumed = await db.query(
      'UPDATE auth_nonces SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL RETURNING nonce',
      [row.nonce, new Date(now())],
    );
    // A concurrent request with the same signature won the race.
    if (consumed.length === 0) throw unauthorized(ApiErrorCode.NONCE_USED);
    await db.query('INSERT INTO users (address) VALUES ($1) ON CONFLICT (address) DO NOTHING', [
      attempt.address,
    ]);
    return tokens.issue(attempt.address, Math.floor(now() / 1000));
  }

  /** The nonce row whose message `attempt` signed; throws as {@link SignInService.authenticate} does. */
  async #verifiedNonce(attempt: SignInAttempt): Promise<NonceRow> {
    const invalid = () => unauthorized(ApiErrorCode.INVALID_SIGNATURE);
    if (attempt.ledger) {
      // The memo is the message; the signature is checked before the memo is read.
      const memo = await verifyMemoTransaction(attempt.address, attempt.signature);
      if (memo === null) throw invalid();
      const row = await this.#nonce(attempt, parseSignInMessage(memo)?.nonce);
      if (memo !== row.message) throw invalid();
      return row;
    }
    const signature = decodeSignature(attempt.signature);
    if (signature === null) throw invalid();
    if (attempt.message !== undefined) {
      const parsed = parseSignInMessage(attempt.message);
      if (parsed === null) throw invalid();
      const row = await this.#nonce(attempt, parsed.nonce);
      if (attempt.message !== row.message) throw invalid();
      await this.#verify(attempt.address, attempt.message, signature);
      return row;
    }
    if (attempt.nonce === undefined) throw badRequest(ApiErrorCode.NONCE_REQUIRED);
    const row = await this.#nonce(attempt, attempt.nonce);
    await this.#verify(attempt.address, row.message, signature);
    return row;
  }

  /**
   * The row of the nonce the signed text carries (`carried`), issued to the attempt's address. A `nonce`
   * field naming another one is refused.
   */
  async #nonce(attempt: SignInAttempt, carried: string | undefined): Promise<NonceRow> {
    if (carried === undefined || carried === '') throw unauthorized(ApiErrorCode.INVALID_SIGNATURE);
    if (attempt.nonce !== undefined && attempt.nonce !== carried) {
      throw unauthorized(ApiErrorCode.INVALID_SIGNATURE);
    }
    const [row] = await this.#options.db.query<NonceRow>(
      'SELECT nonce, message, expires_at, used_at FROM auth_nonces WHERE nonce = $1 AND address = $2',
      [carried, attempt.address],
    );
    if (row === undefined) throw unauthorized(ApiErrorCode.NONCE_NOT_REQUESTED);
    return row;
  }

  async #verify(address: Address, message: string, signature: Uint8Array): Promise<void> {
    if (!(await verifyMessageSignature(address, new TextEncoder().encode(message), signature))) {
      throw unauthorized(ApiErrorCode.INVALID_SIGNATURE);
    }
  }

  async #refuseBlocked(address: Address): Promise<void> {
    if (await this.#blocked.isBlocked(address)) {
      throw forbidden(ApiErrorCode.WALLET_BLOCKED);
    }
  }
}
