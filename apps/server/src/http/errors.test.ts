/**
 * The error handler: every failure is `{ success: false, error }`, client errors say what was wrong, and a
 * 5xx never shows internals.
 */

import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { badRequest, installErrorHandlers } from './errors.ts';

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
    throw badRequest('Price changed', { buyerPrice: '101' });
  });
  await instance.ready();
  return instance;
}

describe('installErrorHandlers', () => {
  it('keeps custom validation messages and locates generic ones', async () => {
    const instance = await app();
    const empty = await instance.inject({ method: 'POST', url: '/echo', payload: { name: '', age: 1 } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, error: 'Name cannot be empty' });
    const wrongType = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: 'x', age: 'old' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      success: false,
      error: 'body.age: Invalid input: expected number, received string',
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
    expect(malformed.json()).toEqual({ success: false, error: 'Malformed JSON body' });
    const large = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ success: false, error: 'Request body is too large' });
    const text = await instance.inject({
      method: 'POST',
      url: '/echo',
      payload: 'hello',
      headers: { 'content-type': 'text/csv' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ success: false, error: 'Unsupported content type' });
  });

  it('hides the internals of a 5xx', async () => {
    const instance = await app();
    const response = await instance.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');
  });

  it('carries extra fields of an HttpError and names unknown routes', async () => {
    const instance = await app();
    expect((await instance.inject({ url: '/refused' })).json()).toEqual({
      success: false,
      error: 'Price changed',
      buyerPrice: '101',
    });
    const missing = await instance.inject({ url: '/nowhere?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Route GET /nowhere not found' });
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
