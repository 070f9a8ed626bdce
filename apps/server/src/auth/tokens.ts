/**
 * Session tokens: HS256 JWTs whose subject is the wallet address, with an expiry, signed with the key
 * from config (`JWT_SECRET`, or a key generated once under the data directory on the embedded default).
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { errors, jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'arcade';

/** Why a token was refused; the message is what the client sees. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
}

/** Issues and verifies session tokens. */
export class TokenService {
  readonly #key: Uint8Array;
  readonly #issuer: string;
  readonly #ttlSecs: number;

  constructor(options: { secret: string | Uint8Array; issuer: string; ttlSecs: number }) {
    this.#key =
      typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
    this.#issuer = options.issuer;
    this.#ttlSecs = options.ttlSecs;
  }

  /** A token for `address`, valid for the configured time from `nowSecs`. */
  async issue(
    address: string,
    nowSecs = Math.floor(Date.now() / 1000),
  ): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = nowSecs + this.#ttlSecs;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(address)
      .setIssuer(this.#issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSecs)
      .setExpirationTime(expiresAt)
      .sign(this.#key);
    return { token, expiresAt };
  }

  /**
   * The address a valid token was issued to.
   *
   * @throws TokenError 'Token expired' or 'Invalid token'.
   */
  async verify(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: this.#issuer,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenError('Invalid token');
      return payload.sub;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('Token expired');
      if (error instanceof TokenError) throw error;
      throw new TokenError('Invalid token');
    }
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
