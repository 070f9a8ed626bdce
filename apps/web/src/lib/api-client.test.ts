import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { api, ApiError, apiErrorOf, isApiError, onUnauthorized, withQuery } from './api-client.ts';

function answer(status: number, body: string, contentType = 'application/json'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

function stubFetch(response: Response | Error | DOMException) {
  const fetchMock = vi.fn(() =>
    response instanceof Response ? Promise.resolve(response) : Promise.reject(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('returns the body of a success', async () => {
    stubFetch(answer(200, JSON.stringify({ success: true, user: { username: 'ada' } })));
    await expect(api('/api/user/x')).resolves.toEqual({ success: true, user: { username: 'ada' } });
  });

  it('carries the server’s text, status and code of a refusal', async () => {
    const body = {
      success: false,
      error: API_ERROR_MESSAGES[ApiErrorCode.WALLET_BLOCKED],
      code: ApiErrorCode.WALLET_BLOCKED,
    };
    stubFetch(answer(403, JSON.stringify(body)));
    const error = await refusalOf(api('/api/user/verify/x', { token: 't' }));
    expect(error.message).toBe('Wallet is blocked');
    expect(error.status).toBe(403);
    expect(error.code).toBe(ApiErrorCode.WALLET_BLOCKED);
    expect(isApiError(error, ApiErrorCode.WALLET_BLOCKED)).toBe(true);
    expect(isApiError(error, ApiErrorCode.ADMINS_ONLY)).toBe(false);
  });

  it('takes a 200 that says success: false as a refusal', async () => {
    stubFetch(answer(200, JSON.stringify({ success: false, error: 'Nothing to claim', code: 4001 })));
    const error = await refusalOf(api('/api/juice/claim', { method: 'POST' }));
    expect(error).toMatchObject({ status: 200, code: ApiErrorCode.JUICE_NOTHING_TO_CLAIM });
  });

  it('has no code for an answer that is not the server’s (a proxy’s HTML 502), but keeps the status', async () => {
    stubFetch(answer(502, '<html><body>Bad Gateway</body></html>', 'text/html'));
    const error = await refusalOf(api('/api/prices'));
    expect(error.code).toBeUndefined();
    expect(error.status).toBe(502);
    expect(error.message).toBe(ERROR_MESSAGES.requestFailed);
  });

  it('has no code for a code the catalogue does not know, nor one of another type', async () => {
    stubFetch(answer(400, JSON.stringify({ success: false, error: 'Odd', code: 99_999 })));
    expect((await refusalOf(api('/a'))).code).toBeUndefined();
    stubFetch(answer(400, JSON.stringify({ success: false, error: 'Odd', code: '2004' })));
    const error = await refusalOf(api('/a'));
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('Odd');
  });

  it('says the network failed with status 0 and no code', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await refusalOf(api('/api/prices'));
    expect(error).toMatchObject({ status: 0, code: undefined });
    expect(error.message).toBe('Network error: the server cannot be reached');
  });

  it('lets an abort through as it is', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    await expect(api('/api/prices')).rejects.toBe(abort);
  });

  it('tells the 401 listeners of a call with a token, and only of such a call', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    const body = JSON.stringify({ success: false, error: 'Token expired', code: ApiErrorCode.TOKEN_EXPIRED });
    stubFetch(answer(401, body));
    const error = await refusalOf(api('/api/user/profile', { token: 'tok' }));
    expect(error.code).toBe(ApiErrorCode.TOKEN_EXPIRED);
    expect(listener).toHaveBeenCalledWith('tok');
    stubFetch(answer(401, body));
    await refusalOf(api('/api/user/profile'));
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('apiErrorOf', () => {
  it('reads the text and code of a body, and falls back without them', () => {
    expect(apiErrorOf(429, { success: false, error: 'Too many requests', code: 1014 })).toMatchObject({
      status: 429,
      message: 'Too many requests',
      code: ApiErrorCode.RATE_LIMITED,
    });
    expect(apiErrorOf(503, null)).toMatchObject({
      status: 503,
      message: ERROR_MESSAGES.requestFailed,
      code: undefined,
    });
  });
});

describe('withQuery', () => {
  it('drops undefined and null values', () => {
    expect(withQuery('/a', { x: 1, y: undefined, z: null, w: 'v' })).toBe('/a?x=1&w=v');
    expect(withQuery('/a', { y: undefined })).toBe('/a');
    expect(withQuery('/a', undefined)).toBe('/a');
  });
});
