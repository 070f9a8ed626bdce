/**
 * The access log: one short entry per request, `GET /api/config 200 3ms`, at info; health checks and static
 * files (the web build, NFT art and its resized copies) at debug, where they do not drown the rest.
 * Fastify's own request logging (two entries per request, each with the request or response object) is
 * replaced: `AccessLogController`.
 *
 * In JSON the entry also carries `http: { method, url, status, ms }` for a log collector; the pretty format
 * leaves it out, as the message says the same.
 *
 * @module
 */

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

import { redactUrl } from '../config/logging.ts';

/** The path of `url`, without its query. */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Paths whose requests are routine: health checks, metrics scrapes and files (anything with an extension, `/assets/`, and
 * the image CDN's resized NFT art, `/api/images`, a dozen per page).
 */
export function isQuietPath(url: string): boolean {
  const path = pathOf(url);
  if (path === '/api/health' || path.startsWith('/api/health/')) return true;
  if (path === '/metrics') return true;
  if (path === '/api/images' || path.startsWith('/api/images/')) return true;
  if (path.startsWith('/assets/')) return true;
  if (path.startsWith('/api/') && !path.startsWith('/api/nfts/assets/')) return false;
  return /\.[a-z0-9]{1,8}$/i.test(path);
}

/** The level of a finished request's entry: a server error is never hidden at debug. */
export function accessLogLevel(url: string, statusCode: number): 'debug' | 'info' {
  return statusCode < 500 && isQuietPath(url) ? 'debug' : 'info';
}

/** `GET /api/config 200 3ms`. */
export function accessLogLine(method: string, url: string, statusCode: number, ms: number): string {
  return `${method} ${redactUrl(url)} ${String(statusCode)} ${String(Math.round(ms))}ms`;
}

/**
 * Fastify's request logging, replaced: no 'incoming request' or 'Route … not found' entries, and one
 * access-log entry when the response is finished. A response that failed while being written (the client
 * went away, a stream broke) is logged at warn with its error.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {
    // The access log writes one entry when the response is finished.
  }

  override routeNotFound(): void {
    // The access log's entry says 404.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const ms = reply.elapsedTime;
    const url = redactUrl(request.url);
    const fields = {
      http: { method: request.method, url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 },
    };
    const line = accessLogLine(request.method, request.url, reply.statusCode, ms);
    if (error) {
      request.log.warn({ ...fields, err: error }, line);
      return;
    }
    request.log[accessLogLevel(request.url, reply.statusCode)](fields, line);
  }
}
