/**
 * Binding an authorization request to the browser that started it.
 *
 * A `state` proves the callback belongs to a request this server made, but not that the browser coming back
 * is the one that made it: a provider URL handed to someone else would link THEIR account to the starter's
 * wallet. So the browser that leaves for the provider also gets a random cookie (32 bytes, base64url), the
 * state keeps its SHA-256, and the callback links only when the browser brings the same cookie back.
 *
 * The cookie is named per provider (`oauth_link_discord`, `oauth_link_twitter`): a Discord and an X link run
 * side by side in one browser, and a browser holds at most two of them however many links it is made to
 * start. Two links at the same provider in one browser: the later one's cookie replaces the earlier one's,
 * so only the later finishes (the earlier is refused and can be started again).
 *
 * @module
 */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { CookieSerializeOptions } from '@fastify/cookie';

import type { ProviderName } from './oauth-provider.ts';
import { STATE_TTL_MS } from './state-store.ts';

/** The path the cookie is sent on: the OAuth routes only, callback included. */
export const BINDING_COOKIE_PATH = '/api/oauth';

/** A new binding: the cookie value for the browser, and the hash the state keeps. */
export interface BrowserBinding {
  readonly cookie: string;
  readonly hash: string;
}

/** The name of the cookie that binds a link at `provider`. */
export function bindingCookieName(provider: ProviderName): string {
  return `oauth_link_${provider}`;
}

/** SHA-256 of a cookie value, hex: what the state keeps. */
export function hashBinding(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex');
}

/** A fresh random binding. */
export function createBinding(): BrowserBinding {
  const cookie = randomBytes(32).toString('base64url');
  return { cookie, hash: hashBinding(cookie) };
}

/**
 * Whether the browser's `cookie` is the one whose hash the state kept, compared in constant time. False
 * when either is missing.
 */
export function bindingMatches(cookie: string | undefined, storedHash: string | null): boolean {
  if (cookie === undefined || cookie === '' || storedHash === null) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = createHash('sha256').update(cookie).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The cookie's attributes: HttpOnly, SameSite=Lax (sent on the provider's top-level redirect back, not on
 * cross-site subrequests), on {@link BINDING_COOKIE_PATH}, Secure when the site is served over https, and
 * as long-lived as the state.
 */
export function bindingCookieOptions(publicUrl: string): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: BINDING_COOKIE_PATH,
    secure: new URL(publicUrl).protocol === 'https:',
    maxAge: STATE_TTL_MS / 1000,
  };
}
