/**
 * HTTP errors and the one error handler: every failure leaves as `{ success: false, error }`.
 *
 * A 4xx carries a message meant for the user (the spec's strings where it has them). A 5xx never shows
 * internals: it says 'Internal server error' and the details go to the log.
 *
 * @module
 */

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
