/**
 * The error handler: every failure is `{ success: false, error, code }`, client errors say what was wrong, and a
 * 5xx never shows internals.
 */

import { API_ERROR_CODES, API_ERROR_STATUS, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  apiErrorMessage,
  badRequest,
  clientErrorCode,
  frameworkErrors,
  HttpError,
  installErrorHandlers,
  rawErrorResponse,
  type ClientError,
} from './errors.ts';

async function app() {
  const instance = Fastify({ logger: false, bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(instance);
  instance.post(
    '/echo',
    {
      schema: { body: z.object({ name: z.string().min(1, 'Name cannot be empty'), age: z.number().int() }) },
    },
    async (request) => ({ success: true, ...request.body }),
  );
  instance.get('/boom', async () => {
    throw new Error('connection to db-internal:5432 refused, password=hunter2');
  });
  instance.get('/refused', async () => {
    throw badRequest(ApiErrorCode.PRICE_CHANGED, { buyerPrice: '101' });
  });
  instance.get<{ Params: { code: string } }>('/code/:code', async (request) => {
    throw new HttpError(Number(request.params.code) as ApiErrorCode, 'refused');
  });
  await instance.ready();
  return instance;
}

describe('installErrorHandlers', () => {
  it('keeps custom validation messages and locates generic ones', async () => {
    const instance = await app();
    const empty = await instance.inject({ method: 'POST', url: '/echo', payload: { name: '', age: 1 } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, error: 'Name cannot be empty', code: 1000 });
    const wrongType = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: 'x', age: 'old' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      success: false,
      error: 'body.age: Invalid input: expected number, received string',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it('answers malformed, oversized and mistyped bodies with 4xx', async () => {
    const instance = await app();
    const malformed = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, error: 'Malformed JSON body', code: 1001 });
    const large = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ success: false, error: 'Request body is too large', code: 1003 });
    const text = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: 'hello',
      headers: { 'content-type': 'text/csv' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ success: false, error: 'Unsupported content type', code: 1004 });
  });

  it('hides the internals of a 5xx', async () => {
    const instance = await app();
    const response = await instance.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Internal server error', code: 1016 });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers a thrown code with the catalogue’s status for it', async () => {
    const instance = await app();
    for (const code of API_ERROR_CODES) {
      const response = await instance.inject({ url: `/code/${String(code)}` });
      expect({ code, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        code,
        status: API_ERROR_STATUS[code],
        body: { success: false, error: 'refused', code },
      });
    }
    expect(new HttpError(ApiErrorCode.MARKET_NOT_FOUND).statusCode).toBe(404);
    expect(badRequest(ApiErrorCode.PRICE_CHANGED).statusCode).toBe(400);
  });

  it('carries extra fields of an HttpError and names unknown routes', async () => {
    const instance = await app();
    expect((await instance.inject({ url: '/refused' })).json()).toEqual({
      success: false,
      error: 'Price changed',
      code: ApiErrorCode.PRICE_CHANGED,
      buyerPrice: '101',
    });
    const missing = await instance.inject({ url: '/nowhere?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Route GET /nowhere not found', code: 1013 });
  });
});

describe('redactUrl', () => {
  it('keeps session tokens, codes and states out of the logs', async () => {
    const { redactUrl } = await import('../app.ts');
    expect(redactUrl('/api/oauth/discord?token=eyJ.abc.def&x=1')).toBe('/api/oauth/discord?token=***&x=1');
    expect(redactUrl('/api/oauth/discord/callback?code=abc&state=xyz')).toBe(
      '/api/oauth/discord/callback?code=***&state=***',
    );
    expect(redactUrl('/api/user/abc?limit=1')).toBe('/api/user/abc?limit=1');
  });
});

describe('frameworkErrors', () => {
  async function routed() {
    const instance = Fastify({ logger: false, routerOptions: { maxParamLength: 20 }, frameworkErrors });
    installErrorHandlers(instance);
    instance.get('/items/:id', async () => ({ success: true }));
    await instance.ready();
    return instance;
  }

  it('answers a parameter over maxParamLength 414 and a URL that does not decode 400, echoing neither', async () => {
    const instance = await routed();
    const long = await instance.inject({ url: `/items/${'q'.repeat(100)}` });
    expect(long.statusCode).toBe(414);
    expect(long.body).toBe('{"success":false,"error":"URI too long","code":1010}');
    expect(long.headers['x-frame-options']).toBe('DENY');
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const malformed = await instance.inject({ url: '/items/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, error: 'Malformed URL', code: 1007 });
    expect((await instance.inject({ url: '/items/short' })).statusCode).toBe(200);
  });
});

describe('clientErrorCode', () => {
  /** The answer written to the socket: the code's status and message in the catalogue, and the code. */
  const clientErrorAnswer = (error: ClientError) => {
    const code = clientErrorCode(error);
    return [API_ERROR_STATUS[code], apiErrorMessage(code), code];
  };
  const overflow = (packet: string) =>
    Object.assign(new Error('Header overflow'), {
      code: 'HPE_HEADER_OVERFLOW',
      rawPacket: Buffer.from(packet),
    });

  it('tells a URL too long (414) from headers too large (431), and maps timeouts and garbage', () => {
    expect(clientErrorAnswer(overflow(`GET /${'a'.repeat(20_000)}`))).toEqual([414, 'URI too long', 1010]);
    expect(clientErrorAnswer(overflow(`GET /${'a'.repeat(9_000)} HTTP/1.1\r\nHost: x\r\n`))).toEqual([
      414,
      'URI too long',
      1010,
    ]);
    expect(clientErrorAnswer(overflow(`GET / HTTP/1.1\r\nX-Big: ${'b'.repeat(20_000)}`))).toEqual([
      431,
      'Request headers too large',
      1011,
    ]);
    expect(clientErrorAnswer(overflow('b'.repeat(20_000)))).toEqual([431, 'Request headers too large', 1011]);
    expect(clientErrorAnswer(Object.assign(new Error('x'), { code: 'HPE_HEADER_OVERFLOW' }))).toEqual([
      431,
      'Request headers too large',
      1011,
    ]);
    expect(clientErrorAnswer(Object.assign(new Error('x'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }))).toEqual([
      408,
      'Request timeout',
      1012,
    ]);
    expect(clientErrorAnswer(Object.assign(new Error('x'), { code: 'HPE_INVALID_METHOD' }))).toEqual([
      400,
      'Bad request',
      1009,
    ]);
  });

  it('writes a whole HTTP response with the JSON body and the security headers', () => {
    expect(rawErrorResponse(ApiErrorCode.URI_TOO_LONG)).toBe(
      [
        'HTTP/1.1 414 URI Too Long',
        'content-type: application/json; charset=utf-8',
        'content-length: 52',
        'x-content-type-options: nosniff',
        'x-frame-options: DENY',
        "content-security-policy: frame-ancestors 'none'",
        'connection: close',
        '',
        '{"success":false,"error":"URI too long","code":1010}',
      ].join('\r\n'),
    );
  });
});
