/**
 * Where a request comes from: the client address the per-client limits count (as Fastify's `request.ip`
 * sees it), and whether a browser's `Origin` is this site. The `/rpc` tunnel and the `/activity` and
 * `/chat` sockets check both before their handshakes complete.
 *
 * @module
 */

import type { IncomingMessage } from 'node:http';

/**
 * The client's address for the per-client limits, as Fastify's `request.ip` sees it: the socket's peer
 * unless `TRUST_PROXY`, so a forged `X-Forwarded-For` gets no fresh budget.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim();
    if (first !== undefined && first !== '') return first;
  }
  return request.socket.remoteAddress ?? 'unknown';
}

/**
 * Whether a websocket handshake comes from this site. Browsers always send `Origin`; no `Origin` is a
 * program, which could forge any. `PUBLIC_URL`'s origin is the site; so is an origin naming the `Host` the
 * request was sent to (a dev server proxying `/rpc` keeps its own host, and another site cannot send that).
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  try {
    const parsed = new URL(origin);
    if (parsed.origin === new URL(publicUrl).origin) return true;
    return host !== undefined && parsed.host === host.toLowerCase();
  } catch {
    return false;
  }
}
