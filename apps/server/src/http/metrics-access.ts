/**
 * Who may read `/metrics`: with `METRICS_TOKEN`, whoever sends `Authorization: Bearer <token>` (compared in
 * constant time); without it, only a client on this machine talking to the server directly: a loopback
 * peer address and no `X-Forwarded-For` or `Forwarded` header (a load balancer on the same machine makes
 * every client look loopback; HAProxy with `option forwardfor` adds one to every request, another proxy must be
 * set to: docs/operations.md).
 *
 * @module
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';

/** What a request to `/metrics` gets: the metrics, a 401 with its code, or a 404 (as if there were none). */
export type MetricsAccess =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly status: 401;
      readonly code: typeof ApiErrorCode.MISSING_TOKEN | typeof ApiErrorCode.INVALID_TOKEN;
    }
  | { readonly allowed: false; readonly status: 404 };

/** Whether `address` (a socket's peer address) is this machine's. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || plain.startsWith('127.');
}

/** Compares two secrets in time that depends on neither (their digests have one length). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Judges one request to `/metrics`.
 *
 * @param token - `METRICS_TOKEN`, or undefined for the loopback rule.
 * @example metricsAccess({ authorization: 'Bearer s3cret…' }, '10.0.0.7', 's3cret…') // → { allowed: true }
 */
export function metricsAccess(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  token: string | undefined,
): MetricsAccess {
  if (token === undefined) {
    const forwarded = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined;
    return isLoopback(remoteAddress) && !forwarded ? { allowed: true } : { allowed: false, status: 404 };
  }
  const header = headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match === null) return { allowed: false, status: 401, code: ApiErrorCode.MISSING_TOKEN };
  return sameSecret(match[1] ?? '', token)
    ? { allowed: true }
    : { allowed: false, status: 401, code: ApiErrorCode.INVALID_TOKEN };
}
