/**
 * The OpenAPI side of the routes' contract: error responses, the refusals any route can get, `bearer`
 * security. The request and response shapes live in `@arcade/sdk/api/*`.
 *
 * @module
 */

import { apiErrorBodySchema } from '@arcade/sdk/api/error-body';

/** The body of every error response. */
export const errorSchema = apiErrorBodySchema;

/**
 * The refusals any request can get before it reaches its route, whatever the route: a body over
 * `BODY_LIMIT_BYTES` (413), a URL over the HTTP parser's limit (414) and headers over it (431). Every
 * operation in the OpenAPI document declares them.
 */
export const transportResponses = {
  413: errorSchema,
  414: errorSchema,
  431: errorSchema,
} as const;

/** The global per-IP rate limit's refusal, with `retry-after`. */
export const rateLimitResponses = { 429: errorSchema } as const;

/** The rate limit's refusal and the transport's: what any rate-limited route declares. */
export const limitResponses = { ...rateLimitResponses, ...transportResponses } as const;

/** Error responses for the OpenAPI document. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  ...rateLimitResponses,
  ...transportResponses,
} as const;

/** `bearer` security for the OpenAPI document. */
export const bearer = [{ bearer: [] }];
