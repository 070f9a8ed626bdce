/**
 * The session token under the spec's local-storage key `token`.
 *
 * @module
 */

import { LOCAL_STORAGE_KEYS } from '@arcade/sdk/constants';

/** The stored token, or null. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(LOCAL_STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/** Stores the token. */
export function writeToken(token: string): void {
  try {
    localStorage.setItem(LOCAL_STORAGE_KEYS.token, token);
  } catch {
    // storage disabled: the session lasts for this page only
  }
}

/** Removes the token. */
export function removeToken(): void {
  try {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.token);
  } catch {
    // storage disabled
  }
}

/** The address a token was issued to (its JWT subject), or null when it cannot be read. */
export function tokenAddress(token: string): string | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
