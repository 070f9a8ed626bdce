/**
 * Zod schemas of the Prophecy API (`docs/reference/api.md#prophecy`): market metadata and times, the
 * market, comment and market request views, and the query parameters the routes share. Typed against the
 * wire shapes of `./prophecy.ts`.
 *
 * @module
 */

import { z } from 'zod';

import { PROPHECY_CATEGORIES, PROPHECY_DEFAULT_SORT, PROPHECY_SHOW_PAST_EVENTS } from '../constants.ts';
import { checkText, TEXT_MESSAGES, type TextRuleOptions } from '../text-rules.ts';
import { addressSchema } from './common.ts';
import { API_ERROR_MESSAGES, ApiErrorCode } from './error-codes.ts';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  COMMENTS_PAGE_SIZE,
  MARKET_LIST_MAX,
  MARKET_LIST_PAGE_SIZE,
  MARKET_METADATA_LIMITS,
  MARKET_NAME_FILTER_MAX_LENGTH,
  MARKET_SORTS,
  type ApprovedRequestResponse,
  type CommentPageResponse,
  type CommentResponse,
  type CommentView,
  type MarketListItem,
  type MarketListResponse,
  type MarketPageResponse,
  type MarketResponse,
  type MarketRequestListResponse,
  type MarketRequestResponse,
  type MarketRequestView,
  type MarketView,
} from './prophecy.ts';

/** Latest accepted unix time (9999-12-31): far beyond any market, well inside i64 and a safe integer. */
const MAX_UNIX_SECS = 253_402_300_799;

const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether `text` has no control characters but tab, newline and carriage return (the market list's name
 * filter and image URLs; stored texts go through {@link plainText}). PostgreSQL refuses NUL in
 * text (a 5xx if it got that far), and the other controls have no business in text people read.
 */
export function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return false;
  }
  return true;
}

/** Length in code points, as every limit counts (an emoji counts once). */
export const codePoints = (text: string): number => Array.from(text).length;

/**
 * Plain text under the shared text rule (`@arcade/sdk/text-rules`): normalised to NFC and trimmed, 1 to
 * `max` code points (so an emoji counts once), printable (newlines and tabs only in `multiline` fields), no
 * invisible or bidi characters, combining marks capped, something visible. Messages name `label`:
 * '<label> cannot be empty', '<label> cannot be longer than <max> characters', '<label> contains invalid
 * characters'. Stays a plain string in the API description: the normalised text replaces the input.
 */
export function plainText(label: string, max: number, multiline = false) {
  const rule = { label, maxLength: max, multiline };
  return ruledText(rule, TEXT_MESSAGES.empty(label));
}

/** A string checked by the text rule, refused with the rule's message, and replaced by its stored form. */
function ruledText(rule: TextRuleOptions, notText: string) {
  return z
    .string({ error: notText })
    .superRefine((value, ctx) => {
      const checked = checkText(value, rule);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error });
    })
    .overwrite((value) => {
      const checked = checkText(value, rule);
      return checked.ok ? checked.text : value;
    });
}

/**
 * A comment: the text rule on several lines, 1 to `COMMENT_MAX_LENGTH` code points, stored and returned as
 * plain text.
 */
export const commentSchema = ruledText(
  { label: 'Comment', maxLength: COMMENT_MAX_LENGTH, multiline: true },
  COMMENT_MESSAGES.empty,
);

/** One of the 12 Prophecy categories (`docs/reference/entities.md#client-views`), spelt as listed. */
export const categorySchema = z.enum(PROPHECY_CATEGORIES, {
  error: API_ERROR_MESSAGES[ApiErrorCode.INVALID_CATEGORY],
});

/** An image: an http(s) URL or a path on this server (`/…`); empty or omitted for none. */
export const imageSchema = z
  .string({ error: 'Invalid image' })
  .trim()
  .refine(
    (value) => codePoints(value) <= MARKET_METADATA_LIMITS.image,
    `Image cannot be longer than ${MARKET_METADATA_LIMITS.image} characters`,
  )
  .refine((value) => {
    if (value === '') return true;
    if (!isPrintable(value) || /\s/.test(value)) return false;
    if (value.startsWith('/')) return !value.startsWith('//');
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Invalid image');

/** A unix time in seconds, as a JSON integer. */
export function unixSeconds(label: string) {
  const message = `Invalid ${label}`;
  return z
    .number({ error: message })
    .refine((value) => Number.isInteger(value) && value > 0 && value <= MAX_UNIX_SECS, message);
}

/** A market's metadata fields; the options default to Yes, No and Invalid. */
export const metadataFields = {
  name: plainText('Name', MARKET_METADATA_LIMITS.name),
  shortName: plainText('Short name', MARKET_METADATA_LIMITS.shortName),
  yesOption: plainText('Yes option', MARKET_METADATA_LIMITS.option).default('Yes'),
  noOption: plainText('No option', MARKET_METADATA_LIMITS.option).default('No'),
  invalidOption: plainText('Option for an invalid result', MARKET_METADATA_LIMITS.option).default('Invalid'),
  category: categorySchema,
  image: imageSchema.default(''),
  rules: plainText('Rules', MARKET_METADATA_LIMITS.rules, true),
};

/** createMarket's and requestMarket's body: metadata, times (unix seconds) and an optional referrer. */
export const marketProposalSchema = z.object(
  {
    ...metadataFields,
    endTime: unixSeconds('end time'),
    cutoffTime: unixSeconds('cutoff time'),
    referrer: addressSchema.nullable().default(null),
  },
  { error: 'Invalid request body' },
);

/** `{ market }` path parameters. */
export const marketParams = z.object({ market: addressSchema });

/** A market result as the API takes and shows it. */
export const resultSchema = z.enum(['yes', 'no', 'invalid'], {
  error: "Result must be 'yes', 'no' or 'invalid'",
});

/** A Prophecy market (`docs/reference/entities.md#client-views`), as JSON. */
export const marketViewSchema = z.object({
  key: z.string(),
  startTime: z.number().describe('Unix seconds'),
  endTime: z.number().describe('Unix seconds'),
  cutOffTime: z.number().describe('Unix seconds: predictions close'),
  yesCount: z.number(),
  noCount: z.number(),
  totalCount: z.number(),
  yesPool: z.string().describe('Lamports, decimal'),
  noPool: z.string().describe('Lamports, decimal'),
  totalPool: z.string().describe('Lamports, decimal'),
  isSettled: z.boolean().describe('Every prediction has been settled'),
  settledCount: z.number(),
  result: resultSchema.nullable().describe('Null until resolved; lower case'),
  referrer: z.string().nullable(),
  marketMetadata: z.object({
    name: z.string(),
    shortName: z.string(),
    yesOption: z.string(),
    noOption: z.string(),
    invalidOption: z.string(),
    category: z.string(),
    image: z.string().nullable(),
    rules: z.string(),
  }),
  yesMultiplier: z.number(),
  noMultiplier: z.number(),
  yesPercentage: z.number(),
  noPercentage: z.number(),
}) satisfies z.ZodType<MarketView>;

/** A market in the list: the view without its rules, which only the market's own page shows. */
export const marketListItemSchema = marketViewSchema.extend({
  marketMetadata: marketViewSchema.shape.marketMetadata.omit({ rules: true }),
}) satisfies z.ZodType<MarketListItem>;

/** A market comment. */
export const commentViewSchema = z.object({
  id: z.number(),
  market: z.string(),
  user: z.string(),
  username: z.string().nullable(),
  comment: z.string().describe('Plain text: render it as text, never as HTML'),
  timestamp: z.number().describe('Milliseconds since the epoch'),
}) satisfies z.ZodType<CommentView>;

/** A market request, as its requester and the admins see it. */
export const marketRequestViewSchema = z.object({
  id: z.number(),
  requester: z.string(),
  requesterUsername: z.string().nullable(),
  marketMetadata: marketViewSchema.shape.marketMetadata,
  endTime: z.number(),
  cutoffTime: z.number(),
  referrer: z.string().nullable(),
  status: z.enum(['pending', 'approving', 'approved', 'rejected']),
  reason: z.string().nullable(),
  market: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.number().nullable().describe('Milliseconds since the epoch'),
  createdAt: z.number().describe('Milliseconds since the epoch'),
}) satisfies z.ZodType<MarketRequestView>;

/** A decimal integer query parameter in `[min, max]`; optional. */
export function optionalIntegerQuery(label: string, min: number, max: number) {
  const message = `Invalid ${label}`;
  return z
    .string({ error: message })
    .transform((value, ctx) => {
      const text = value.trim();
      const parsed = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
      if (!(parsed >= min && parsed <= max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();
}

/** A decimal integer query parameter in `[min, max]`, `fallback` when absent. */
export function integerQuery(label: string, min: number, max: number, fallback: number) {
  return optionalIntegerQuery(label, min, max).transform((value): number => value ?? fallback);
}

// Market requests

/** Most market requests one listing returns. */
export const MARKET_REQUEST_LIST_MAX = 500;

/** `{ id }` path parameters: a market request's id. */
export const marketRequestParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Invalid request id')
    .meta({ example: '1' })
    .transform(Number),
});

/** The answer of requestMarket and reject: the request as it now stands. */
export const marketRequestResponseSchema = z.object({
  success: z.literal(true),
  request: marketRequestViewSchema,
}) satisfies z.ZodType<MarketRequestResponse>;

/** The answer of the request listings. */
export const marketRequestListResponseSchema = z.object({
  success: z.literal(true),
  requests: z.array(marketRequestViewSchema),
}) satisfies z.ZodType<MarketRequestListResponse>;

/** `GET /api/prophecy/requests`'s query (admins): one status, and how many. */
export const marketRequestListQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected'], {
      error: 'status must be pending, approved or rejected',
    })
    .optional(),
  limit: integerQuery('limit', 1, MARKET_REQUEST_LIST_MAX, MARKET_REQUEST_LIST_MAX),
});

/** Approving a request: optionally the admin's own times. */
export const approveRequestBodySchema = z
  .object(
    {
      endTime: unixSeconds('end time').optional(),
      cutoffTime: unixSeconds('cutoff time').optional(),
    },
    { error: 'Invalid request body' },
  )
  .nullish();

/** Approving a request's answer: the request and the market it created. */
export const approvedRequestResponseSchema = z.object({
  success: z.literal(true),
  request: marketRequestViewSchema,
  market: marketViewSchema,
}) satisfies z.ZodType<ApprovedRequestResponse>;

/** Rejecting a request: why. */
export const rejectRequestBodySchema = z.object(
  { reason: plainText('Reason', 500, true) },
  { error: 'Reason cannot be empty' },
);

// Markets and comments

/** The answer of createMarket, updateMarket and resolveMarket. */
export const marketResponseSchema = z.object({
  success: z.literal(true),
  market: marketViewSchema,
}) satisfies z.ZodType<MarketResponse>;

/** `GET /api/prophecy/markets`'s query: sort, categories, name, past events, page. */
export const marketListQuery = z.object({
  sortBy: z
    .enum(MARKET_SORTS, { error: `sortBy must be one of ${MARKET_SORTS.join(', ')}` })
    .default(PROPHECY_DEFAULT_SORT),
  categories: z
    .union([z.string(), z.array(z.string())], { error: API_ERROR_MESSAGES[ApiErrorCode.INVALID_CATEGORIES] })
    .optional()
    .describe(
      'URL-encoded JSON object ({"Crypto":true}: true keys selected), JSON array or comma list; empty for all',
    ),
  name: z
    .string({ error: 'name must be given once' })
    .trim()
    // In code points, as the market's name is counted and the list's search box cuts it.
    .refine(
      (value) => codePoints(value) <= MARKET_NAME_FILTER_MAX_LENGTH,
      `name cannot be longer than ${MARKET_NAME_FILTER_MAX_LENGTH} characters`,
    )
    .refine(isPrintable, 'name contains invalid characters')
    .optional()
    .describe('Case-insensitive substring of the name or short name'),
  showPastEvents: z
    .enum(['true', 'false', '1', '0'], { error: 'showPastEvents must be true or false' })
    .optional()
    .transform((value) =>
      value === undefined ? PROPHECY_SHOW_PAST_EVENTS : value === 'true' || value === '1',
    )
    .describe('false hides markets that have ended or are resolved'),
  limit: integerQuery('limit', 1, MARKET_LIST_MAX, MARKET_LIST_PAGE_SIZE),
  offset: integerQuery('offset', 0, 1_000_000_000, 0),
});

/** `GET /api/prophecy/{market}/comments`'s query: the cursor and page size. */
export const commentPageQuery = z.object({
  cursor: optionalIntegerQuery('cursor', 1, Number.MAX_SAFE_INTEGER).describe(
    'The nextCursor of the previous page: comments with a smaller id',
  ),
  limit: integerQuery('limit', 1, 100, COMMENTS_PAGE_SIZE),
});

/** `GET /api/prophecy/markets`'s answer: a page of markets, the total and the next page's offset. */
export const marketListResponseSchema = z.object({
  success: z.literal(true),
  markets: z.array(marketListItemSchema),
  total: z.number(),
  nextOffset: z.number().nullable(),
}) satisfies z.ZodType<MarketListResponse>;

/** `POST /api/prophecy/addComment`'s body. */
export const addCommentBodySchema = z.object(
  { market: addressSchema, comment: commentSchema },
  { error: COMMENT_MESSAGES.empty },
);

/** `POST /api/prophecy/addComment`'s answer: the comment as stored. */
export const commentResponseSchema = z.object({
  success: z.literal(true),
  comment: commentViewSchema,
}) satisfies z.ZodType<CommentResponse>;

/** `POST /api/prophecy/updateMarket`'s body: the market's new times. */
export const updateMarketBodySchema = z.object(
  { market: addressSchema, endTime: unixSeconds('end time'), cutoffTime: unixSeconds('cutoff time') },
  { error: 'Invalid request body' },
);

/** `POST /api/prophecy/resolveMarket`'s body. */
export const resolveMarketBodySchema = z.object(
  { market: addressSchema, result: resultSchema },
  { error: 'Invalid request body' },
);

/** `GET /api/prophecy/{market}`'s answer: the market and its latest comments. */
export const marketPageResponseSchema = z.object({
  success: z.literal(true),
  market: marketViewSchema,
  comments: z.array(commentViewSchema),
  nextCursor: z.number().nullable(),
}) satisfies z.ZodType<MarketPageResponse>;

/** `GET /api/prophecy/{market}/comments`'s answer: a page of older comments. */
export const commentPageResponseSchema = z.object({
  success: z.literal(true),
  comments: z.array(commentViewSchema),
  nextCursor: z.number().nullable(),
}) satisfies z.ZodType<CommentPageResponse>;
