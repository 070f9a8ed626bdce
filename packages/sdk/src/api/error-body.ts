/**
 * The error body as a zod schema, for the server's route declarations and the OpenAPI document. Apart from
 * `error-codes.ts`, which the web app reads in its entry chunk: the codes are plain data, and zod stays out
 * of that chunk.
 *
 * @module
 */

import { z } from 'zod';

import { API_ERROR_CODES, ApiErrorCode } from './error-codes.ts';

/** An error code on the wire: one of the catalogue's numbers. */
export const apiErrorCodeSchema = z.literal(API_ERROR_CODES).meta({
  type: 'integer',
  description: 'the API error code (docs/reference/errors.md)',
  example: ApiErrorCode.VALIDATION_FAILED,
});

/** The body of every refused request, as the server declares it (extra fields pass). */
export const apiErrorBodySchema = z
  .object({ success: z.literal(false), error: z.string(), code: apiErrorCodeSchema })
  .loose();
