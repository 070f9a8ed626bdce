/**
 * HTTP errors and the one error handler: every failure leaves as `{ success: false, error }`.
 *
 * A 4xx carries a message meant for the user (the spec's strings where it has them). A 5xx never shows
 * internals: it says 'Internal server error' and the details go to the log. What the framework refuses
 * before any route (a parameter too long, a URL that does not decode: `frameworkErrors`) and what Node's
 * HTTP parser refuses before Fastify sees a request (a head too large, a timeout: `clientErrorHandler`)
 * answer in the same shape, and never echo the request back.
 *
 * @module
 */

import type { Socket } from 'node:net';

import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error with an HTTP status whose message is safe to show. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly statusCode: number;
  /** Extra fields merged into the error body (e.g. `{ disallowed: true }`). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(statusCode: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>): HttpError =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Unauthorized'): HttpError => new HttpError(401, message);
export const forbidden = (message = 'Forbidden'): HttpError => new HttpError(403, message);
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>): HttpError =>
  new HttpError(409, message, extra);
export const tooManyRequests = (message = 'Too many requests'): HttpError => new HttpError(429, message);
/** An upstream (chain, marketplace, swap) failed; the message must not leak internals. */
export const badGateway = (message = 'Upstream service unavailable'): HttpError =>
  new HttpError(502, message);

/** Zod's own (generic) messages, as opposed to the messages our schemas give. */
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|string|option|element|key|value|union|literal|type|format|date|number|URL|discriminator)|Too (small|big)|Unrecognized keys?|Expected )/;

/** The body of every failed request. */
export interface ErrorBody {
  readonly success: false;
  readonly error: string;
  readonly [extra: string]: unknown;
}

/** Fastify's own client errors, by code, with the message the client sees. */
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body cannot be empty when content-type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_CTP_INVALID_TYPE: 'Invalid content type',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_ASYNC_CONSTRAINT: 'Malformed request',
};

/** Headers every response carries, errors written straight to the socket included. */
export const SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** The Content-Security-Policy directive that keeps every response out of frames. */
export const FRAME_ANCESTORS_NONE = "frame-ancestors 'none'";

/** Messages of the refusals made before any route runs. */
export const FRAMEWORK_ERRORS = Object.freeze({
  uriTooLong: 'URI too long',
  headersTooLarge: 'Request headers too large',
  timeout: 'Request timeout',
  malformedUrl: 'Malformed URL',
  badRequest: 'Bad request',
});

/**
 * A request line this long is what overflowed the parser's limit on the request head (16 KiB by default):
 * the answer is 414, not 431.
 */
const LONG_REQUEST_LINE = 8 * 1024;

function send(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  extra: Record<string, unknown> = {},
): void {
  void reply.code(statusCode).send({ ...extra, success: false, error } satisfies ErrorBody);
}

/** Installs the error and not-found handlers on `app`. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      send(reply, error.statusCode, error.message, error.extra);
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const message = first?.message ?? 'Invalid request';
      // Custom messages (the spec's strings) stand alone; zod's generic ones get the field's location.
      const location = [error.validationContext ?? 'input', path].filter((part) => part !== '').join('.');
      send(reply, 400, ZOD_DEFAULT_MESSAGE.test(message) ? `${location}: ${message}` : message);
      return;
    }
    const code = error.code;
    if (code in FASTIFY_CLIENT_ERRORS) {
      send(reply, error.statusCode ?? 400, FASTIFY_CLIENT_ERRORS[code] ?? 'Bad request');
      return;
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      send(reply, 429, 'Too many requests');
      return;
    }
    if (status >= 400 && status < 500) {
      // Fastify's other 4xx (e.g. a malformed header): their messages describe the request only.
      send(reply, status, error.message);
      return;
    }
    request.log.error({ err: error }, 'request failed');
    send(reply, 500, 'Internal server error');
  });
  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`);
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route (a parameter over
 * `maxParamLength`, a URL that does not decode), as `{ success: false, error }` without the URL.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  routeReply,
) => {
  // Typed for any route's schema; these replies have none.
  const reply = routeReply as unknown as FastifyReply;
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, FRAMEWORK_ERRORS.uriTooLong]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, FRAMEWORK_ERRORS.malformedUrl]
        : [400, FRAMEWORK_ERRORS.badRequest];
  void reply
    .headers({ ...SECURITY_HEADERS, 'content-security-policy': FRAME_ANCESTORS_NONE })
    .code(status)
    .send({ success: false, error: message } satisfies ErrorBody);
};

/** An error Node's HTTP server reports on a connection (`clientError`). */
export interface ClientError extends Error {
  readonly code?: string;
  /** The bytes being parsed when it failed (a Buffer). */
  readonly rawPacket?: unknown;
}

/** Whether the head that overflowed is mostly its request line: the URL was too long, not the headers. */
function isUrlTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const head = packet.subarray(0, 2 * LONG_REQUEST_LINE).toString('latin1');
  if (!/^[A-Z]+ /.test(head)) return false;
  const lineEnd = head.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > LONG_REQUEST_LINE;
}

/** The status and message for a connection-level error. */
export function clientErrorAnswer(error: ClientError): readonly [number, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, FRAMEWORK_ERRORS.timeout];
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return isUrlTooLong(error.rawPacket)
      ? [414, FRAMEWORK_ERRORS.uriTooLong]
      : [431, FRAMEWORK_ERRORS.headersTooLarge];
  }
  return [400, FRAMEWORK_ERRORS.badRequest];
}

/** How long a refused connection may stay half open before it is destroyed. */
const HALF_OPEN_MS = 10_000;

/** Reason phrases of the statuses written straight to a socket. */
const HTTP_REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  408: 'Request Timeout',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * A whole HTTP/1.1 response with a JSON body and the security headers, for a socket that never became a
 * Fastify reply (a refused connection, a refused websocket upgrade).
 */
export function rawJsonResponse(status: number, payload: object): string {
  const body = JSON.stringify(payload);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...SECURITY_HEADERS,
    'content-security-policy': FRAME_ANCESTORS_NONE,
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${String(status)} ${HTTP_REASONS[status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** {@link rawJsonResponse} with the API's error body. */
export function rawErrorResponse(status: number, message: string): string {
  return rawJsonResponse(status, { success: false, error: message } satisfies ErrorBody);
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the connection's bytes (head over its limit,
 * timeout, garbage), so there is no request to reply to; the answer is written to the socket by hand, in
 * the API's error shape, and the connection closed.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Ended rather than destroyed, so the answer is not lost to a reset while the client still sends; a
  // client that never closes its side is cut off after a while.
  socket.end(rawErrorResponse(status, message));
  socket.setTimeout(HALF_OPEN_MS, () => socket.destroy());
}
