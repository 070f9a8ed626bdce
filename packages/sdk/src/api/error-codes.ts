/**
 * The API's error codes: every refusal the server makes carries one, in `{ success: false, error, code }`,
 * so the web app tells refusals apart by number rather than by message text.
 *
 * WARNING: the codes are append-only.
 *   - Never remove a code, never renumber one, never reuse a retired number.
 *   - A new refusal gets the next free number of its domain's range.
 *   - `error-codes.test.ts` pins every name to its number, and `docs/reference/errors.md` lists them all
 *     (a test fails when the doc misses one).
 *
 * Ranges by domain:
 *   - 1000–1999: the request itself and the server (validation, parsing, routing, limits, upstreams);
 *   - 2000–2999: sign-in, sessions and access;
 *   - 3000–3999: profiles, referrals and linked social accounts;
 *   - 4000–4999: Juice;
 *   - 5000–5999: Prophecy (markets, market requests, comments);
 *   - 6000–6999: prices, priority fees and swaps;
 *   - 7000–7999: NFTs and the marketplace;
 *   - 8000–8999: images;
 *   - 9000–9999: fairness;
 *   - 10000–10999: administration;
 *   - 11000–11999: the chat socket's acknowledgements.
 *
 * Naming: `_NOT_FOUND` for something looked up and missing, `_UNAVAILABLE` for an upstream that failed,
 * `INVALID_`/`MALFORMED_` for input, `_EXCEEDED`/`TOO_` for limits.
 *
 * @module
 */

import { VALIDATION_MESSAGES } from '../messages.ts';
import {
  COMMENT_RATE_LIMIT,
  MARKET_MAX_LIFETIME_DAYS,
  MARKET_PROPOSAL_MESSAGES,
  MAX_PENDING_MARKET_REQUESTS,
} from './prophecy.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants.ts';

/** Every error code by name. Append-only: see the module's warning. */
export const ApiErrorCode = Object.freeze({
  // -- 1000: the request and the server ------------------------------------------------------------------
  /** A parameter, query or body failed its schema; the message says which and why. */
  VALIDATION_FAILED: 1000,
  MALFORMED_JSON: 1001,
  EMPTY_JSON_BODY: 1002,
  BODY_TOO_LARGE: 1003,
  UNSUPPORTED_CONTENT_TYPE: 1004,
  INVALID_CONTENT_LENGTH: 1005,
  INVALID_CONTENT_TYPE: 1006,
  MALFORMED_URL: 1007,
  /** A route constraint could not be evaluated. */
  MALFORMED_REQUEST: 1008,
  /** Anything else the parser or router refuses before a route runs. */
  BAD_REQUEST: 1009,
  URI_TOO_LONG: 1010,
  HEADERS_TOO_LARGE: 1011,
  REQUEST_TIMEOUT: 1012,
  /** No route for this method and path; the message names them. */
  ROUTE_NOT_FOUND: 1013,
  /** A rate limit (per client address or per signed-in wallet) refused the request. */
  RATE_LIMITED: 1014,
  /** Another client error the framework reports (its message describes the request only). */
  CLIENT_ERROR: 1015,
  /** A failure of the server's own; the details are in its log only. */
  INTERNAL_ERROR: 1016,
  /** Something looked up and missing, when no more specific code applies. */
  NOT_FOUND: 1017,
  /** An upstream service (marketplace, swap service, …) failed. */
  UPSTREAM_UNAVAILABLE: 1018,
  /** The chain could not be read or written. */
  CHAIN_UNAVAILABLE: 1019,
  /** A websocket upgrade (the RPC proxy's) from an origin other than the app's. */
  ORIGIN_NOT_ALLOWED: 1020,
  INVALID_WEBSOCKET_HANDSHAKE: 1021,
  /** The server holds as many websockets as it allows. */
  TOO_MANY_CONNECTIONS: 1022,
  /** A development server without a web app build. */
  WEB_APP_NOT_BUILT: 1023,

  // -- 2000: sign-in, sessions and access ------------------------------------------------------------------
  MISSING_TOKEN: 2000,
  INVALID_TOKEN: 2001,
  TOKEN_EXPIRED: 2002,
  TOKEN_REVOKED: 2003,
  WALLET_BLOCKED: 2004,
  ADMINS_ONLY: 2005,
  TOKEN_ADDRESS_MISMATCH: 2006,
  INVALID_SIGNATURE: 2007,
  NONCE_USED: 2008,
  NONCE_EXPIRED: 2009,
  NONCE_NOT_REQUESTED: 2010,
  NONCE_REQUIRED: 2011,

  // -- 3000: profiles, referrals and linked accounts ----------------------------------------------------------
  /** Comes with `disallowed: true`. */
  USERNAME_NOT_ALLOWED: 3000,
  /** Comes with `disallowed: false`. */
  USERNAME_TAKEN: 3001,
  NFT_NOT_HELD: 3002,
  /** Comes with the wallet's existing `referral`. */
  REFERRAL_EXISTS: 3003,
  REFERRAL_NOT_FOUND: 3004,
  OAUTH_UNKNOWN_PROVIDER: 3005,
  /** The provider's linking is not configured on this server; the message names the provider. */
  OAUTH_NOT_CONFIGURED: 3006,
  /**
   * 3007–3012: why a social link failed, carried back to the web app in the redirect
   * (`?oauthError=<message>&errorCode=<code>&provider=<provider>`), never in a JSON body.
   */
  OAUTH_LINK_CODE_MISSING: 3007,
  /** The link request (its state or its single-use start code) is unknown, used or expired. */
  OAUTH_LINK_INVALID: 3008,
  OAUTH_DENIED: 3009,
  OAUTH_LINKED_TO_ANOTHER_WALLET: 3010,
  /** The callback reached a browser without the cookie of the one that started the link. */
  OAUTH_OTHER_BROWSER: 3011,
  /** The provider refused the code or the token, or could not be reached; the message names the provider. */
  OAUTH_PROVIDER_FAILED: 3012,

  // -- 4000: Juice ------------------------------------------------------------------------------------------
  /** Comes with `nextClaimAt` (unix seconds). */
  JUICE_CLAIM_TOO_SOON: 4000,
  JUICE_NOTHING_TO_CLAIM: 4001,

  // -- 5000: Prophecy -----------------------------------------------------------------------------------------
  MARKET_NOT_FOUND: 5000,
  MARKET_REQUEST_NOT_FOUND: 5001,
  INVALID_CATEGORY: 5002,
  INVALID_CATEGORIES: 5003,
  MARKET_CUTOFF_IN_PAST: 5004,
  MARKET_CUTOFF_AFTER_END: 5005,
  MARKET_END_TOO_FAR: 5006,
  REFERRER_IS_REQUESTER: 5007,
  REFERRER_IS_PROGRAM: 5008,
  REFERRER_RESERVED: 5009,
  MARKET_ALREADY_RESOLVED: 5010,
  MARKET_CLOSED: 5011,
  /** The program refused the market's times (`InvalidMarket`). */
  INVALID_MARKET_TIMES: 5012,
  /** The program refused the referrer (`InvalidReferrer`). */
  INVALID_REFERRER: 5013,
  RESOLVE_BEFORE_CUTOFF: 5014,
  TOO_MANY_MARKET_REQUESTS: 5015,
  MARKET_REQUEST_REVIEWED: 5016,
  /** Another program error; the message is `<ErrorName>: <program message>`. Comes with the error's details. */
  PROGRAM_ERROR: 5017,
  COMMENT_TOO_FAST: 5018,
  COMMENT_LIMIT_EXCEEDED: 5019,

  // -- 6000: prices, priority fees and swaps ------------------------------------------------------------------
  PRICE_UNAVAILABLE: 6000,
  PRIORITY_FEE_UNAVAILABLE: 6001,
  SWAP_UNAVAILABLE: 6002,
  SWAP_NO_ROUTE: 6003,
  SWAP_SAME_MINT: 6004,
  SWAP_AMOUNT_TOO_SMALL: 6005,
  SWAP_AMOUNT_TOO_LARGE: 6006,
  QUOTE_UNKNOWN: 6007,
  QUOTE_EXPIRED: 6008,
  QUOTE_USED: 6009,
  QUOTE_MISMATCH: 6010,
  TOO_MANY_QUOTES: 6011,
  SWAP_WRAP_SOL_REQUIRED: 6012,
  QUOTE_REJECTED: 6013,
  SWAP_INVALID_TRANSACTION: 6014,
  SWAP_TRANSACTION_NOT_QUOTE: 6015,

  // -- 7000: NFTs and the marketplace ----------------------------------------------------------------------
  COLLECTION_NOT_FOUND: 7000,
  LISTING_NOT_FOUND: 7001,
  /** A purchase names a listing the marketplace does not have. */
  PURCHASE_LISTING_NOT_FOUND: 7002,
  LISTING_UNAVAILABLE: 7003,
  /** Comes with the current `buyerPrice`. */
  PRICE_CHANGED: 7004,
  MARKETPLACE_UNAVAILABLE: 7005,
  INVENTORY_UNAVAILABLE: 7006,
  MARKETPLACE_INVALID_TRANSACTION: 7007,
  MARKETPLACE_SIGNATURE_NOT_NEEDED: 7008,
  MARKETPLACE_NOT_FEE_PAYER: 7009,
  MARKETPLACE_ONE_LISTING: 7010,
  MARKETPLACE_NOT_A_SALE: 7011,
  /** Comes with the listing's `buyerPrice`. */
  MARKETPLACE_UNDERPAID: 7012,
  COSIGN_NOT_NEEDED: 7013,
  ASSET_NOT_FOUND: 7014,

  // -- 8000: images -----------------------------------------------------------------------------------------
  IMAGE_SOURCE_NOT_ALLOWED: 8000,
  IMAGE_SOURCE_TOO_LARGE: 8001,
  IMAGE_SOURCE_NOT_FOUND: 8002,
  IMAGE_SOURCE_UNREACHABLE: 8003,
  IMAGE_NOT_AN_IMAGE: 8004,
  IMAGE_SERVICE_BUSY: 8005,
  IMAGE_UNSUPPORTED_SIZE: 8006,

  // -- 9000: fairness ---------------------------------------------------------------------------------------
  BET_NOT_FOUND: 9000,

  // -- 10000: administration ------------------------------------------------------------------------------
  CANNOT_BLOCK_ADMIN: 10000,
  WALLET_NOT_BLOCKED: 10001,
  HOUSE_NOT_INITIALIZED: 10002,
  FORESIGHT_CONFIG_NOT_INITIALIZED: 10003,
  CHAIN_REFUSED_TRANSACTION: 10004,

  // -- 11000: the chat socket (acknowledgements; its auth refusals use the 2000 codes) --------------------
  CHAT_USERNAME_REQUIRED: 11000,
  CHAT_NOT_TEXT: 11001,
  CHAT_EMPTY: 11002,
  CHAT_TOO_LONG: 11003,
  CHAT_INVALID_CHARACTERS: 11004,
  CHAT_TOO_FAST: 11005,
  CHAT_FAILED: 11006,
} as const);

/** An error code's name. */
export type ApiErrorName = keyof typeof ApiErrorCode;

/** An error code: one of {@link ApiErrorCode}'s numbers. */
export type ApiErrorCode = (typeof ApiErrorCode)[ApiErrorName];

const C = ApiErrorCode;

/** Every code, ascending. */
export const API_ERROR_CODES: readonly ApiErrorCode[] = Object.freeze(
  [...Object.values(ApiErrorCode)].sort((a, b) => a - b),
);

/** Whether `value` is a code of this catalogue (for a body read off the wire). */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'number' && (API_ERROR_CODES as readonly number[]).includes(value);
}

/** The name of `code`, e.g. `'NONCE_EXPIRED'`. */
export function apiErrorName(code: ApiErrorCode): ApiErrorName {
  const entry = Object.entries(ApiErrorCode).find(([, value]) => value === code);
  if (entry === undefined) throw new Error(`unknown API error code ${String(code)}`);
  return entry[0] as ApiErrorName;
}

/**
 * The HTTP status each code is answered with. The chat's codes travel in socket acknowledgements, not HTTP
 * responses: their status is the one an HTTP answer would have, for the reference only.
 */
export const API_ERROR_STATUS = /* @__PURE__ */ Object.freeze({
  [C.VALIDATION_FAILED]: 400,
  [C.MALFORMED_JSON]: 400,
  [C.EMPTY_JSON_BODY]: 400,
  [C.BODY_TOO_LARGE]: 413,
  [C.UNSUPPORTED_CONTENT_TYPE]: 415,
  [C.INVALID_CONTENT_LENGTH]: 400,
  [C.INVALID_CONTENT_TYPE]: 500,
  [C.MALFORMED_URL]: 400,
  [C.MALFORMED_REQUEST]: 500,
  [C.BAD_REQUEST]: 400,
  [C.URI_TOO_LONG]: 414,
  [C.HEADERS_TOO_LARGE]: 431,
  [C.REQUEST_TIMEOUT]: 408,
  [C.ROUTE_NOT_FOUND]: 404,
  [C.RATE_LIMITED]: 429,
  [C.CLIENT_ERROR]: 400,
  [C.INTERNAL_ERROR]: 500,
  [C.NOT_FOUND]: 404,
  [C.UPSTREAM_UNAVAILABLE]: 502,
  [C.CHAIN_UNAVAILABLE]: 502,
  [C.ORIGIN_NOT_ALLOWED]: 403,
  [C.INVALID_WEBSOCKET_HANDSHAKE]: 400,
  [C.TOO_MANY_CONNECTIONS]: 503,
  [C.WEB_APP_NOT_BUILT]: 503,

  [C.MISSING_TOKEN]: 401,
  [C.INVALID_TOKEN]: 401,
  [C.TOKEN_EXPIRED]: 401,
  [C.TOKEN_REVOKED]: 401,
  [C.WALLET_BLOCKED]: 403,
  [C.ADMINS_ONLY]: 403,
  [C.TOKEN_ADDRESS_MISMATCH]: 403,
  [C.INVALID_SIGNATURE]: 401,
  [C.NONCE_USED]: 401,
  [C.NONCE_EXPIRED]: 401,
  [C.NONCE_NOT_REQUESTED]: 401,
  [C.NONCE_REQUIRED]: 400,

  [C.USERNAME_NOT_ALLOWED]: 400,
  [C.USERNAME_TAKEN]: 409,
  [C.NFT_NOT_HELD]: 400,
  [C.REFERRAL_EXISTS]: 400,
  [C.REFERRAL_NOT_FOUND]: 404,
  [C.OAUTH_UNKNOWN_PROVIDER]: 404,
  [C.OAUTH_NOT_CONFIGURED]: 503,
  [C.OAUTH_LINK_CODE_MISSING]: 400,
  [C.OAUTH_LINK_INVALID]: 400,
  [C.OAUTH_DENIED]: 403,
  [C.OAUTH_LINKED_TO_ANOTHER_WALLET]: 409,
  [C.OAUTH_OTHER_BROWSER]: 400,
  [C.OAUTH_PROVIDER_FAILED]: 502,

  [C.JUICE_CLAIM_TOO_SOON]: 429,
  [C.JUICE_NOTHING_TO_CLAIM]: 400,

  [C.MARKET_NOT_FOUND]: 404,
  [C.MARKET_REQUEST_NOT_FOUND]: 404,
  [C.INVALID_CATEGORY]: 400,
  [C.INVALID_CATEGORIES]: 400,
  [C.MARKET_CUTOFF_IN_PAST]: 400,
  [C.MARKET_CUTOFF_AFTER_END]: 400,
  [C.MARKET_END_TOO_FAR]: 400,
  [C.REFERRER_IS_REQUESTER]: 400,
  [C.REFERRER_IS_PROGRAM]: 400,
  [C.REFERRER_RESERVED]: 400,
  [C.MARKET_ALREADY_RESOLVED]: 409,
  [C.MARKET_CLOSED]: 409,
  [C.INVALID_MARKET_TIMES]: 400,
  [C.INVALID_REFERRER]: 400,
  [C.RESOLVE_BEFORE_CUTOFF]: 400,
  [C.TOO_MANY_MARKET_REQUESTS]: 429,
  [C.MARKET_REQUEST_REVIEWED]: 409,
  [C.PROGRAM_ERROR]: 400,
  [C.COMMENT_TOO_FAST]: 429,
  [C.COMMENT_LIMIT_EXCEEDED]: 429,

  [C.PRICE_UNAVAILABLE]: 502,
  [C.PRIORITY_FEE_UNAVAILABLE]: 502,
  [C.SWAP_UNAVAILABLE]: 502,
  [C.SWAP_NO_ROUTE]: 400,
  [C.SWAP_SAME_MINT]: 400,
  [C.SWAP_AMOUNT_TOO_SMALL]: 400,
  [C.SWAP_AMOUNT_TOO_LARGE]: 400,
  [C.QUOTE_UNKNOWN]: 400,
  [C.QUOTE_EXPIRED]: 400,
  [C.QUOTE_USED]: 400,
  [C.QUOTE_MISMATCH]: 400,
  [C.TOO_MANY_QUOTES]: 429,
  [C.SWAP_WRAP_SOL_REQUIRED]: 400,
  [C.QUOTE_REJECTED]: 400,
  [C.SWAP_INVALID_TRANSACTION]: 400,
  [C.SWAP_TRANSACTION_NOT_QUOTE]: 400,

  [C.COLLECTION_NOT_FOUND]: 404,
  [C.LISTING_NOT_FOUND]: 404,
  [C.PURCHASE_LISTING_NOT_FOUND]: 400,
  [C.LISTING_UNAVAILABLE]: 400,
  [C.PRICE_CHANGED]: 400,
  [C.MARKETPLACE_UNAVAILABLE]: 502,
  [C.INVENTORY_UNAVAILABLE]: 502,
  [C.MARKETPLACE_INVALID_TRANSACTION]: 400,
  [C.MARKETPLACE_SIGNATURE_NOT_NEEDED]: 400,
  [C.MARKETPLACE_NOT_FEE_PAYER]: 400,
  [C.MARKETPLACE_ONE_LISTING]: 400,
  [C.MARKETPLACE_NOT_A_SALE]: 400,
  [C.MARKETPLACE_UNDERPAID]: 400,
  [C.COSIGN_NOT_NEEDED]: 404,
  [C.ASSET_NOT_FOUND]: 404,

  [C.IMAGE_SOURCE_NOT_ALLOWED]: 400,
  [C.IMAGE_SOURCE_TOO_LARGE]: 400,
  [C.IMAGE_SOURCE_NOT_FOUND]: 400,
  [C.IMAGE_SOURCE_UNREACHABLE]: 502,
  [C.IMAGE_NOT_AN_IMAGE]: 400,
  [C.IMAGE_SERVICE_BUSY]: 503,
  [C.IMAGE_UNSUPPORTED_SIZE]: 400,

  [C.BET_NOT_FOUND]: 404,

  [C.CANNOT_BLOCK_ADMIN]: 400,
  [C.WALLET_NOT_BLOCKED]: 404,
  [C.HOUSE_NOT_INITIALIZED]: 404,
  [C.FORESIGHT_CONFIG_NOT_INITIALIZED]: 404,
  [C.CHAIN_REFUSED_TRANSACTION]: 502,

  [C.CHAT_USERNAME_REQUIRED]: 403,
  [C.CHAT_NOT_TEXT]: 400,
  [C.CHAT_EMPTY]: 400,
  [C.CHAT_TOO_LONG]: 400,
  [C.CHAT_INVALID_CHARACTERS]: 400,
  [C.CHAT_TOO_FAST]: 429,
  [C.CHAT_FAILED]: 500,
} as const satisfies Record<ApiErrorCode, number>);

/** The codes answered with HTTP status `S`. */
export type ApiErrorCodeWithStatus<S extends number> = {
  [K in ApiErrorCode]: (typeof API_ERROR_STATUS)[K] extends S ? K : never;
}[ApiErrorCode];

/** The codes whose message varies with the request (a field, a route, a provider, a program error). */
export type ApiErrorCodeWithVaryingMessage =
  | typeof C.VALIDATION_FAILED
  | typeof C.ROUTE_NOT_FOUND
  | typeof C.CLIENT_ERROR
  | typeof C.OAUTH_NOT_CONFIGURED
  | typeof C.OAUTH_PROVIDER_FAILED
  | typeof C.PROGRAM_ERROR;

/** The codes with one fixed message. */
export type ApiErrorCodeWithMessage = Exclude<ApiErrorCode, ApiErrorCodeWithVaryingMessage>;

/**
 * The user-facing message of each code whose message is fixed: the one place these strings are written
 * (the server's message modules read them from here).
 */
export const API_ERROR_MESSAGES: Readonly<Record<ApiErrorCodeWithMessage, string>> =
  /* @__PURE__ */ Object.freeze({
    [C.MALFORMED_JSON]: 'Malformed JSON body',
    [C.EMPTY_JSON_BODY]: 'Body cannot be empty when content-type is application/json',
    [C.BODY_TOO_LARGE]: 'Request body is too large',
    [C.UNSUPPORTED_CONTENT_TYPE]: 'Unsupported content type',
    [C.INVALID_CONTENT_LENGTH]: 'Invalid content length',
    [C.INVALID_CONTENT_TYPE]: 'Invalid content type',
    [C.MALFORMED_URL]: 'Malformed URL',
    [C.MALFORMED_REQUEST]: 'Malformed request',
    [C.BAD_REQUEST]: 'Bad request',
    [C.URI_TOO_LONG]: 'URI too long',
    [C.HEADERS_TOO_LARGE]: 'Request headers too large',
    [C.REQUEST_TIMEOUT]: 'Request timeout',
    [C.RATE_LIMITED]: 'Too many requests',
    [C.INTERNAL_ERROR]: 'Internal server error',
    [C.NOT_FOUND]: 'Not found',
    [C.UPSTREAM_UNAVAILABLE]: 'Upstream service unavailable',
    [C.CHAIN_UNAVAILABLE]: 'The chain is unavailable, try again',
    [C.ORIGIN_NOT_ALLOWED]: 'Origin not allowed',
    [C.INVALID_WEBSOCKET_HANDSHAKE]: 'Invalid websocket handshake',
    [C.TOO_MANY_CONNECTIONS]: 'Too many open connections',
    [C.WEB_APP_NOT_BUILT]: 'The web app is not built: run `npm run build:web`, then reload',

    [C.MISSING_TOKEN]: 'Missing token',
    [C.INVALID_TOKEN]: 'Invalid token',
    [C.TOKEN_EXPIRED]: 'Token expired',
    [C.TOKEN_REVOKED]: 'Token revoked',
    [C.WALLET_BLOCKED]: 'Wallet is blocked',
    [C.ADMINS_ONLY]: 'Admins only',
    [C.TOKEN_ADDRESS_MISMATCH]: 'Token does not match this address',
    [C.INVALID_SIGNATURE]: 'Invalid signature',
    [C.NONCE_USED]: 'Nonce already used',
    [C.NONCE_EXPIRED]: 'Nonce expired',
    [C.NONCE_NOT_REQUESTED]: 'Request a nonce first',
    [C.NONCE_REQUIRED]: 'Nonce is required',

    [C.USERNAME_NOT_ALLOWED]: VALIDATION_MESSAGES.usernameNotAllowed,
    [C.USERNAME_TAKEN]: 'Username already taken',
    [C.NFT_NOT_HELD]: 'You do not hold this NFT',
    [C.REFERRAL_EXISTS]: VALIDATION_MESSAGES.referralExists,
    [C.REFERRAL_NOT_FOUND]: 'Referral not found',
    [C.OAUTH_UNKNOWN_PROVIDER]: 'Unknown provider',
    [C.OAUTH_LINK_CODE_MISSING]: 'Missing link code',
    [C.OAUTH_LINK_INVALID]: 'This link request is invalid or has expired',
    [C.OAUTH_DENIED]: 'Authorization was denied',
    [C.OAUTH_LINKED_TO_ANOTHER_WALLET]: 'This account is linked to another wallet',
    [C.OAUTH_OTHER_BROWSER]: 'This link was started in another browser. Start again from your profile.',

    [C.JUICE_CLAIM_TOO_SOON]: 'Juice can be claimed once every 24 hours',
    [C.JUICE_NOTHING_TO_CLAIM]: 'Nothing to claim',

    [C.MARKET_NOT_FOUND]: 'Market not found',
    [C.MARKET_REQUEST_NOT_FOUND]: 'Market request not found',
    [C.INVALID_CATEGORY]: MARKET_PROPOSAL_MESSAGES.invalidCategory,
    [C.INVALID_CATEGORIES]: 'Invalid categories',
    [C.MARKET_CUTOFF_IN_PAST]: MARKET_PROPOSAL_MESSAGES.cutoffInPast,
    [C.MARKET_CUTOFF_AFTER_END]: MARKET_PROPOSAL_MESSAGES.cutoffAfterEnd,
    [C.MARKET_END_TOO_FAR]: MARKET_PROPOSAL_MESSAGES.endTooFar,
    [C.REFERRER_IS_REQUESTER]: MARKET_PROPOSAL_MESSAGES.referrerIsRequester,
    [C.REFERRER_IS_PROGRAM]: MARKET_PROPOSAL_MESSAGES.referrerIsProgram,
    [C.REFERRER_RESERVED]: MARKET_PROPOSAL_MESSAGES.referrerReserved,
    [C.MARKET_ALREADY_RESOLVED]: 'Market already resolved',
    [C.MARKET_CLOSED]: 'Market is closed: its cutoff has passed, so its times can no longer change',
    [C.INVALID_MARKET_TIMES]: `Invalid market times: the cutoff must be in the future and not after the end, and the end at most ${MARKET_MAX_LIFETIME_DAYS} days after the market opens`,
    [C.INVALID_REFERRER]: 'Invalid referrer',
    [C.RESOLVE_BEFORE_CUTOFF]: 'Market cannot be resolved before its cutoff time',
    [C.TOO_MANY_MARKET_REQUESTS]: `You already have ${MAX_PENDING_MARKET_REQUESTS} pending market requests`,
    [C.MARKET_REQUEST_REVIEWED]: 'Market request already reviewed',
    [C.COMMENT_TOO_FAST]: `You are commenting too fast: wait ${COMMENT_RATE_LIMIT.minIntervalMs / 1000} seconds between comments`,
    [C.COMMENT_LIMIT_EXCEEDED]: `You can post at most ${COMMENT_RATE_LIMIT.maxPerWindow} comments per hour`,

    [C.PRICE_UNAVAILABLE]: 'Price unavailable',
    [C.PRIORITY_FEE_UNAVAILABLE]: 'Priority fee estimate unavailable',
    [C.SWAP_UNAVAILABLE]: 'Swap service unavailable',
    [C.SWAP_NO_ROUTE]: 'No route for this swap',
    [C.SWAP_SAME_MINT]: 'inputMint and outputMint must differ',
    [C.SWAP_AMOUNT_TOO_SMALL]: 'Amount too small to swap',
    [C.SWAP_AMOUNT_TOO_LARGE]: 'Amount too large for the swap desk',
    [C.QUOTE_UNKNOWN]: 'Unknown quote',
    [C.QUOTE_EXPIRED]: 'Quote expired',
    [C.QUOTE_USED]: 'Quote already used',
    [C.QUOTE_MISMATCH]: 'Quote does not match',
    [C.TOO_MANY_QUOTES]: 'Too many open quotes, retry shortly',
    [C.SWAP_WRAP_SOL_REQUIRED]: 'wrapAndUnwrapSol must be true on this cluster',
    [C.QUOTE_REJECTED]: 'The swap service refused this quote',
    [C.SWAP_INVALID_TRANSACTION]: 'Invalid transaction',
    [C.SWAP_TRANSACTION_NOT_QUOTE]: 'The transaction does not match a live quote',

    [C.COLLECTION_NOT_FOUND]: 'Collection not found',
    [C.LISTING_NOT_FOUND]: 'Listing not found',
    [C.PURCHASE_LISTING_NOT_FOUND]: 'Listing not found',
    [C.LISTING_UNAVAILABLE]: 'Listing is no longer available',
    [C.PRICE_CHANGED]: 'Price changed',
    [C.MARKETPLACE_UNAVAILABLE]: 'NFT marketplace unavailable',
    [C.INVENTORY_UNAVAILABLE]: 'NFT inventory unavailable',
    [C.MARKETPLACE_INVALID_TRANSACTION]: 'Invalid transaction',
    [C.MARKETPLACE_SIGNATURE_NOT_NEEDED]: 'The transaction does not need the marketplace’s signature',
    [C.MARKETPLACE_NOT_FEE_PAYER]: 'The marketplace does not pay for transactions',
    [C.MARKETPLACE_ONE_LISTING]: 'The transaction must buy exactly one listing',
    [C.MARKETPLACE_NOT_A_SALE]: 'The transaction asks the marketplace to sign something other than a sale',
    [C.MARKETPLACE_UNDERPAID]: 'The transaction does not pay the listing’s price',
    [C.COSIGN_NOT_NEEDED]: 'Co-signing is only needed on the local marketplace',
    [C.ASSET_NOT_FOUND]: 'Asset not found',

    [C.IMAGE_SOURCE_NOT_ALLOWED]: 'Image source not allowed',
    [C.IMAGE_SOURCE_TOO_LARGE]: 'Image source is too large',
    [C.IMAGE_SOURCE_NOT_FOUND]: 'Image source not found',
    [C.IMAGE_SOURCE_UNREACHABLE]: 'Image source could not be fetched',
    [C.IMAGE_NOT_AN_IMAGE]: 'Image source is not an image',
    [C.IMAGE_SERVICE_BUSY]: 'Image service busy, try again shortly',
    [C.IMAGE_UNSUPPORTED_SIZE]: 'Unsupported image size',

    [C.BET_NOT_FOUND]: 'Bet not found',

    [C.CANNOT_BLOCK_ADMIN]: 'Cannot block an admin wallet',
    [C.WALLET_NOT_BLOCKED]: 'Wallet is not blocked',
    [C.HOUSE_NOT_INITIALIZED]: 'The House is not initialized',
    [C.FORESIGHT_CONFIG_NOT_INITIALIZED]: 'The Foresight config is not initialized',
    [C.CHAIN_REFUSED_TRANSACTION]: 'The chain refused the transaction',

    [C.CHAT_USERNAME_REQUIRED]: 'Set a username to chat',
    [C.CHAT_NOT_TEXT]: 'Message must be text',
    [C.CHAT_EMPTY]: 'Message cannot be empty',
    [C.CHAT_TOO_LONG]: `Message cannot be longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`,
    [C.CHAT_INVALID_CHARACTERS]: 'Message contains invalid characters',
    [C.CHAT_TOO_FAST]: 'Slow down: one message per second',
    [C.CHAT_FAILED]: 'Could not send the message',
  });

/** Whether `code` has one fixed message in {@link API_ERROR_MESSAGES}. */
export function hasFixedMessage(code: ApiErrorCode): code is ApiErrorCodeWithMessage {
  return code in API_ERROR_MESSAGES;
}

/**
 * The body of every refused request (the server's and the chat acknowledgements'), `C` its code. Some
 * refusals add fields (see the codes' notes).
 */
export interface ApiErrorBody<C extends ApiErrorCode = ApiErrorCode> {
  readonly success: false;
  readonly error: string;
  readonly code: C;
}
