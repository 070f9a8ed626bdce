/**
 * Session tokens: HS256 JWTs whose subject is the wallet address, with an expiry and a random id (`jti`),
 * signed with the key from config (`JWT_SECRET`, or a key generated once under the data directory on the
 * embedded default). A token is accepted only with every claim it was issued with (`sub`, `iat`, `exp`,
 * `jti`), a subject that is a Solana address, an issue time not ahead of the server's clock (beyond a minute
 * of skew), and an id that was not revoked (signed out).
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { isAddress } from '@solana/kit';
import { errors, jwtVerify, SignJWT } from 'jose';

import type { TokenRevocations } from './revocations.ts';

const AUDIENCE = 'arcade';
/** How far ahead of the server's clock a token's issue time may be (another instance's clock). */
const CLOCK_SKEW_SECS = 60;

/** The ways a token is refused. */
export type TokenErrorCode =
  typeof ApiErrorCode.INVALID_TOKEN | typeof ApiErrorCode.TOKEN_EXPIRED | typeof ApiErrorCode.TOKEN_REVOKED;

/** Why a token was refused: its API error code, and the catalogue's message, which the client sees. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
  readonly code: TokenErrorCode;

  constructor(code: TokenErrorCode) {
    super(API_ERROR_MESSAGES[code]);
    this.code = code;
  }
}

/** What a valid token says. */
export interface TokenClaims {
  readonly address: string;
  /** The token's id, what signing out revokes. */
  readonly jti: string;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
}

/** Options of {@link TokenService}. */
export interface TokenServiceOptions {
  readonly secret: string | Uint8Array;
  readonly issuer: string;
  readonly ttlSecs: number;
  /** Milliseconds since the epoch: the clock tokens are issued and checked by. Default `Date.now`. */
  readonly now?: () => number;
  /** Where signed-out tokens are recorded; without it nothing is ever revoked. */
  readonly revocations?: TokenRevocations | null;
}

/** Issues, verifies and revokes session tokens. */
export class TokenService {
  readonly #key: Uint8Array;
  readonly #issuer: string;
  readonly #ttlSecs: number;
  readonly #now: () => number;
  readonly #revocations: TokenRevocations | null;

  constructor(options: TokenServiceOptions) {
    this.#key =
      typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
    this.#issuer = options.issuer;
    this.#ttlSecs = options.ttlSecs;
    this.#now = options.now ?? Date.now;
    this.#revocations = options.revocations ?? null;
  }

  /** A token for `address`, valid for the configured time from `nowSecs`. */
  async issue(
    address: string,
    nowSecs = Math.floor(this.#now() / 1000),
  ): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = nowSecs + this.#ttlSecs;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(address)
      .setIssuer(this.#issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSecs)
      .setExpirationTime(expiresAt)
      .setJti(randomBytes(16).toString('base64url'))
      .sign(this.#key);
    return { token, expiresAt };
  }

  /**
   * The address a valid token was issued to.
   *
   * @throws TokenError 'Token expired', 'Token revoked' or 'Invalid token'.
   */
  async verify(token: string): Promise<string> {
    return (await this.claims(token)).address;
  }

  /**
   * What a valid token says.
   *
   * @throws TokenError 'Token expired', 'Token revoked' or 'Invalid token'.
   */
  async claims(token: string): Promise<TokenClaims> {
    const claims = await this.#signedClaims(token);
    if (this.#revocations !== null && (await this.#revocations.isRevoked(claims.jti))) {
      throw new TokenError(ApiErrorCode.TOKEN_REVOKED);
    }
    return claims;
  }

  /**
   * Revokes a valid token: it is refused from now on, by every instance.
   *
   * @throws TokenError as {@link TokenService.claims} does.
   */
  async revoke(token: string): Promise<void> {
    const claims = await this.claims(token);
    await this.#revocations?.revoke(claims.jti, claims.address, claims.expiresAt);
  }

  async #signedClaims(token: string): Promise<TokenClaims> {
    const now = this.#now();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.#key, {
        issuer: this.#issuer,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        currentDate: new Date(now),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError(ApiErrorCode.TOKEN_EXPIRED);
      throw new TokenError(ApiErrorCode.INVALID_TOKEN);
    }
    const { sub, jti, iat, exp } = payload;
    if (
      typeof sub !== 'string' ||
      !isAddress(sub) ||
      typeof jti !== 'string' ||
      jti === '' ||
      typeof iat !== 'number' ||
      iat > now / 1000 + CLOCK_SKEW_SECS ||
      typeof exp !== 'number'
    ) {
      throw new TokenError(ApiErrorCode.INVALID_TOKEN);
    }
    return { address: sub, jti, expiresAt: exp };
  }
}

/** The signing key in `path`, generated (48 random bytes, mode 0600) on first use. */
export function loadOrCreateSecret(path: string): Uint8Array {
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48);
  try {
    writeFileSync(path, `${secret.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(path);
    throw error;
  }
}
