/**
 * HTTP errors and the one error handler: every failure leaves as `{ success: false, error, code }`, `code`
 * being one of the SDK's {@link ApiErrorCode}s (`@arcade/sdk/api/error-codes`), so clients tell refusals
 * apart by number, never by message text.
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

import {
  API_ERROR_MESSAGES,
  API_ERROR_STATUS,
  ApiErrorCode,
  type ApiErrorBody,
  type ApiErrorCodeWithMessage,
  type ApiErrorCodeWithStatus,
} from '@arcade/sdk/api/error-codes';

/** Extra fields merged into an error body (e.g. `{ disallowed: true }`). */
export type ErrorExtra = Readonly<Record<string, unknown>>;

/**
 * A refusal with an API error code, whose message is safe to show. Its HTTP status is the code's in the
 * catalogue (`API_ERROR_STATUS`), so a code always answers with one status.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  /** Extra fields merged into the error body (e.g. `{ disallowed: true }`). */
  readonly extra: ErrorExtra;

  /** `message` defaults to the code's message in the catalogue. */
  constructor(code: ApiErrorCodeWithMessage, message?: string, extra?: ErrorExtra);
  constructor(code: ApiErrorCode, message: string, extra?: ErrorExtra);
  constructor(code: ApiErrorCode, message?: string, extra: ErrorExtra = {}) {
    super(message ?? apiErrorMessage(code));
    this.statusCode = API_ERROR_STATUS[code];
    this.code = code;
    this.extra = extra;
  }
}

/** The catalogue's message of `code` (a code whose message varies has none: its name stands in). */
export function apiErrorMessage(code: ApiErrorCode): string {
  return (API_ERROR_MESSAGES as Readonly<Record<number, string>>)[code] ?? 'Request refused';
}

/**
 * A refusal of the codes the catalogue answers with status `S`: `(code, extra?)` takes the code's message
 * from the catalogue; `(code, message, extra?)` gives it (required for the codes whose message varies,
 * allowed to word a code's refusal for its context). The status is the catalogue's: the helper's name only
 * lets the compiler check that the throw site expects it.
 */
interface Refusal<S extends number> {
  (code: ApiErrorCodeWithStatus<S> & ApiErrorCodeWithMessage, extra?: ErrorExtra): HttpError;
  (code: ApiErrorCodeWithStatus<S>, message: string, extra?: ErrorExtra): HttpError;
}

function refuse(code: ApiErrorCode, messageOrExtra?: string | ErrorExtra, extra?: ErrorExtra): HttpError {
  return typeof messageOrExtra === 'string'
    ? new HttpError(code, messageOrExtra, extra)
    : new HttpError(code as ApiErrorCodeWithMessage, undefined, messageOrExtra);
}

export const badRequest: Refusal<400> = refuse;
export const unauthorized: Refusal<401> = refuse;
export const forbidden: Refusal<403> = refuse;
export const notFound: Refusal<404> = refuse;
export const conflict: Refusal<409> = refuse;
export const tooManyRequests: Refusal<429> = refuse;
/** An upstream (chain, marketplace, swap) failed; the message must not leak internals. */
export const badGateway: Refusal<502> = refuse;
export const serviceUnavailable: Refusal<503> = refuse;

/** Zod's own (generic) messages, as opposed to the messages our schemas give. */
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|string|option|element|key|value|union|literal|type|format|date|number|URL|discriminator)|Too (small|big)|Unrecognized keys?|Expected )/;

/** Fastify's own client errors, by Fastify's code, with the API error code the client sees. */
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, ApiErrorCodeWithMessage>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ApiErrorCode.MALFORMED_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: ApiErrorCode.EMPTY_JSON_BODY,
  FST_ERR_CTP_BODY_TOO_LARGE: ApiErrorCode.BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ApiErrorCode.UNSUPPORTED_CONTENT_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ApiErrorCode.INVALID_CONTENT_LENGTH,
  FST_ERR_CTP_INVALID_TYPE: ApiErrorCode.INVALID_CONTENT_TYPE,
  FST_ERR_BAD_URL: ApiErrorCode.MALFORMED_URL,
  FST_ERR_ASYNC_CONSTRAINT: ApiErrorCode.MALFORMED_REQUEST,
};

/** Headers every response carries, errors written straight to the socket included. */
export const SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** The Content-Security-Policy directive that keeps every response out of frames. */
export const FRAME_ANCESTORS_NONE = "frame-ancestors 'none'";

/**
 * A request line this long is what overflowed the parser's limit on the request head (16 KiB by default):
 * the answer is 414, not 431.
 */
const LONG_REQUEST_LINE = 8 * 1024;

/** Answers `code` with its catalogue status; only `CLIENT_ERROR` passes on the framework's own 4xx. */
function send(
  reply: FastifyReply,
  code: ApiErrorCode,
  error: string = apiErrorMessage(code),
  extra: ErrorExtra = {},
  statusCode: number = API_ERROR_STATUS[code],
): void {
  void reply.code(statusCode).send({ ...extra, success: false, error, code } satisfies ApiErrorBody);
}

/** Installs the error and not-found handlers on `app`. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (caught instanceof HttpError) {
      send(reply, caught.code, caught.message, caught.extra);
      return;
    }
    const error = caught;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const message = first?.message ?? 'Invalid request';
      // Custom messages (the spec's strings) stand alone; zod's generic ones get the field's location.
      const location = [error.validationContext ?? 'input', path].filter((part) => part !== '').join('.');
      send(
        reply,
        ApiErrorCode.VALIDATION_FAILED,
        ZOD_DEFAULT_MESSAGE.test(message) ? `${location}: ${message}` : message,
      );
      return;
    }
    const clientError = FASTIFY_CLIENT_ERRORS[error.code];
    if (clientError !== undefined) {
      send(reply, clientError);
      return;
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      send(reply, ApiErrorCode.RATE_LIMITED);
      return;
    }
    if (status >= 400 && status < 500) {
      // Fastify's other 4xx (e.g. a malformed header): their messages describe the request only.
      send(reply, ApiErrorCode.CLIENT_ERROR, error.message, {}, status);
      return;
    }
    request.log.error({ err: error }, 'request failed');
    send(reply, ApiErrorCode.INTERNAL_ERROR);
  });
  app.setNotFoundHandler((request, reply) => {
    send(
      reply,
      ApiErrorCode.ROUTE_NOT_FOUND,
      `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`,
    );
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route (a parameter over
 * `maxParamLength`, a URL that does not decode), as `{ success: false, error, code }` without the URL.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  routeReply,
) => {
  // Typed for any route's schema; these replies have none.
  const reply = routeReply as unknown as FastifyReply;
  const code =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? ApiErrorCode.URI_TOO_LONG
      : error.code === 'FST_ERR_BAD_URL'
        ? ApiErrorCode.MALFORMED_URL
        : ApiErrorCode.BAD_REQUEST;
  void reply
    .headers({ ...SECURITY_HEADERS, 'content-security-policy': FRAME_ANCESTORS_NONE })
    .code(API_ERROR_STATUS[code])
    .send({ success: false, error: apiErrorMessage(code), code } satisfies ApiErrorBody);
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

/** The error code for a connection-level error (its status and message are the catalogue's). */
export function clientErrorCode(error: ClientError): ApiErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ApiErrorCode.REQUEST_TIMEOUT;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return isUrlTooLong(error.rawPacket) ? ApiErrorCode.URI_TOO_LONG : ApiErrorCode.HEADERS_TOO_LARGE;
  }
  return ApiErrorCode.BAD_REQUEST;
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

/** {@link rawJsonResponse} with the API's error body and the code's status; the message defaults to the code's. */
export function rawErrorResponse(code: ApiErrorCode, message = apiErrorMessage(code)): string {
  return rawJsonResponse(API_ERROR_STATUS[code], {
    success: false,
    error: message,
    code,
  } satisfies ApiErrorBody);
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the connection's bytes (head over its limit,
 * timeout, garbage), so there is no request to reply to; the answer is written to the socket by hand, in
 * the API's error shape, and the connection closed.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Ended rather than destroyed, so the answer is not lost to a reset while the client still sends; a
  // client that never closes its side is cut off after a while.
  socket.end(rawErrorResponse(clientErrorCode(error)));
  socket.setTimeout(HALF_OPEN_MS, () => socket.destroy());
}
