/**
 * `GET /api/images?src=&width=&height=`: the image CDN's query (`docs/reference/api.md#nfts-and-images`).
 * The answer is a WebP (or 304 when the ETag matches); a refusal is the usual error body.
 *
 * @module
 */

import { z } from 'zod';

import { IMAGE_CDN_DEFAULT_SIZE } from '../constants.ts';
import { API_ERROR_MESSAGES, ApiErrorCode } from './error-codes.ts';

/** The messages the image route answers with. */
export const IMAGE_ERRORS = Object.freeze({
  unsupportedSize: API_ERROR_MESSAGES[ApiErrorCode.IMAGE_UNSUPPORTED_SIZE],
  srcRequired: 'src is required',
  srcTooLong: 'src is too long',
});

/** A width or a height in pixels, 600 by default (the pair must be one of `../image-sizes.ts`'s). */
const imageSizeSchema = z.coerce
  .number({ error: IMAGE_ERRORS.unsupportedSize })
  .int(IMAGE_ERRORS.unsupportedSize)
  .default(IMAGE_CDN_DEFAULT_SIZE);

/** `GET /api/images`'s query: the original's URL or path, and the size wanted. */
export const imageQuerySchema = z.object({
  src: z
    .string({ error: IMAGE_ERRORS.srcRequired })
    .trim()
    .min(1, IMAGE_ERRORS.srcRequired)
    .max(2048, IMAGE_ERRORS.srcTooLong),
  width: imageSizeSchema,
  height: imageSizeSchema,
});

/** `GET /api/images`'s query, as sent. */
export type ImageQuery = z.input<typeof imageQuerySchema>;
