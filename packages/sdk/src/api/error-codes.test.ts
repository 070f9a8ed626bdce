import { describe, expect, it } from 'vitest';

import {
  API_ERROR_CODES,
  API_ERROR_MESSAGES,
  API_ERROR_STATUS,
  ApiErrorCode,
  apiErrorName,
  hasFixedMessage,
  isApiErrorCode,
} from './error-codes.ts';

/**
 * Every code ever published, by name. Codes are append-only: a new code is added here too; a line of this
 * table is never changed or removed.
 */
const PUBLISHED: Readonly<Record<string, number>> = {
  VALIDATION_FAILED: 1000,
  MALFORMED_JSON: 1001,
  EMPTY_JSON_BODY: 1002,
  BODY_TOO_LARGE: 1003,
  UNSUPPORTED_CONTENT_TYPE: 1004,
  INVALID_CONTENT_LENGTH: 1005,
  INVALID_CONTENT_TYPE: 1006,
  MALFORMED_URL: 1007,
  MALFORMED_REQUEST: 1008,
  BAD_REQUEST: 1009,
  URI_TOO_LONG: 1010,
  HEADERS_TOO_LARGE: 1011,
  REQUEST_TIMEOUT: 1012,
  ROUTE_NOT_FOUND: 1013,
  RATE_LIMITED: 1014,
  CLIENT_ERROR: 1015,
  INTERNAL_ERROR: 1016,
  NOT_FOUND: 1017,
  UPSTREAM_UNAVAILABLE: 1018,
  CHAIN_UNAVAILABLE: 1019,
  ORIGIN_NOT_ALLOWED: 1020,
  INVALID_WEBSOCKET_HANDSHAKE: 1021,
  TOO_MANY_CONNECTIONS: 1022,
  WEB_APP_NOT_BUILT: 1023,
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
  USERNAME_NOT_ALLOWED: 3000,
  USERNAME_TAKEN: 3001,
  NFT_NOT_HELD: 3002,
  REFERRAL_EXISTS: 3003,
  REFERRAL_NOT_FOUND: 3004,
  OAUTH_UNKNOWN_PROVIDER: 3005,
  OAUTH_NOT_CONFIGURED: 3006,
  OAUTH_LINK_CODE_MISSING: 3007,
  OAUTH_LINK_INVALID: 3008,
  OAUTH_DENIED: 3009,
  OAUTH_LINKED_TO_ANOTHER_WALLET: 3010,
  OAUTH_OTHER_BROWSER: 3011,
  OAUTH_PROVIDER_FAILED: 3012,
  JUICE_CLAIM_TOO_SOON: 4000,
  JUICE_NOTHING_TO_CLAIM: 4001,
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
  INVALID_MARKET_TIMES: 5012,
  INVALID_REFERRER: 5013,
  RESOLVE_BEFORE_CUTOFF: 5014,
  TOO_MANY_MARKET_REQUESTS: 5015,
  MARKET_REQUEST_REVIEWED: 5016,
  PROGRAM_ERROR: 5017,
  COMMENT_TOO_FAST: 5018,
  COMMENT_LIMIT_EXCEEDED: 5019,
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
  COLLECTION_NOT_FOUND: 7000,
  LISTING_NOT_FOUND: 7001,
  PURCHASE_LISTING_NOT_FOUND: 7002,
  LISTING_UNAVAILABLE: 7003,
  PRICE_CHANGED: 7004,
  MARKETPLACE_UNAVAILABLE: 7005,
  INVENTORY_UNAVAILABLE: 7006,
  MARKETPLACE_INVALID_TRANSACTION: 7007,
  MARKETPLACE_SIGNATURE_NOT_NEEDED: 7008,
  MARKETPLACE_NOT_FEE_PAYER: 7009,
  MARKETPLACE_ONE_LISTING: 7010,
  MARKETPLACE_NOT_A_SALE: 7011,
  MARKETPLACE_UNDERPAID: 7012,
  COSIGN_NOT_NEEDED: 7013,
  ASSET_NOT_FOUND: 7014,
  IMAGE_SOURCE_NOT_ALLOWED: 8000,
  IMAGE_SOURCE_TOO_LARGE: 8001,
  IMAGE_SOURCE_NOT_FOUND: 8002,
  IMAGE_SOURCE_UNREACHABLE: 8003,
  IMAGE_NOT_AN_IMAGE: 8004,
  IMAGE_SERVICE_BUSY: 8005,
  IMAGE_UNSUPPORTED_SIZE: 8006,
  BET_NOT_FOUND: 9000,
  CANNOT_BLOCK_ADMIN: 10000,
  WALLET_NOT_BLOCKED: 10001,
  HOUSE_NOT_INITIALIZED: 10002,
  FORESIGHT_CONFIG_NOT_INITIALIZED: 10003,
  CHAIN_REFUSED_TRANSACTION: 10004,
  CHAT_USERNAME_REQUIRED: 11000,
  CHAT_NOT_TEXT: 11001,
  CHAT_EMPTY: 11002,
  CHAT_TOO_LONG: 11003,
  CHAT_INVALID_CHARACTERS: 11004,
  CHAT_TOO_FAST: 11005,
  CHAT_FAILED: 11006,
};

describe('API error codes', () => {
  it('keeps every published code under its name and number', () => {
    for (const [name, code] of Object.entries(PUBLISHED)) {
      expect(ApiErrorCode, name).toHaveProperty(name, code);
    }
  });

  it('publishes nothing that is not pinned here', () => {
    expect(ApiErrorCode).toEqual(PUBLISHED);
  });

  it('gives every code its own number, inside its domain range', () => {
    const numbers = Object.values(ApiErrorCode);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const code of numbers) expect(code).toBeGreaterThanOrEqual(1000);
    expect(API_ERROR_CODES).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('gives every code an HTTP status', () => {
    for (const code of API_ERROR_CODES) {
      const status = API_ERROR_STATUS[code];
      expect(status, apiErrorName(code)).toBeGreaterThanOrEqual(400);
      expect(status, apiErrorName(code)).toBeLessThan(600);
    }
    expect(Object.keys(API_ERROR_STATUS)).toHaveLength(API_ERROR_CODES.length);
  });

  it('gives a fixed message to every code but those whose message varies', () => {
    const varying = API_ERROR_CODES.filter((code) => !hasFixedMessage(code)).map(apiErrorName);
    expect(varying.sort()).toEqual(
      [
        'CLIENT_ERROR',
        'OAUTH_NOT_CONFIGURED',
        'OAUTH_PROVIDER_FAILED',
        'PROGRAM_ERROR',
        'ROUTE_NOT_FOUND',
        'VALIDATION_FAILED',
      ].sort(),
    );
    for (const message of Object.values(API_ERROR_MESSAGES)) expect(message.trim()).not.toBe('');
  });

  it('reuses the shared message strings', () => {
    expect(API_ERROR_MESSAGES[ApiErrorCode.USERNAME_NOT_ALLOWED]).toBe('Username not allowed');
    expect(API_ERROR_MESSAGES[ApiErrorCode.REFERRAL_EXISTS]).toBe('Referral already exists');
    expect(API_ERROR_MESSAGES[ApiErrorCode.MARKET_CUTOFF_IN_PAST]).toBe('Cutoff time must be in the future');
    expect(API_ERROR_MESSAGES[ApiErrorCode.CHAT_TOO_LONG]).toBe(
      'Message cannot be longer than 100 characters',
    );
  });

  it('tells codes from other values', () => {
    expect(isApiErrorCode(ApiErrorCode.NONCE_EXPIRED)).toBe(true);
    expect(isApiErrorCode(999)).toBe(false);
    expect(isApiErrorCode('2009')).toBe(false);
    expect(apiErrorName(ApiErrorCode.NONCE_EXPIRED)).toBe('NONCE_EXPIRED');
  });
});
