/**
 * Bad input never makes a 5xx: every route in the OpenAPI document gets random path parameters, query
 * strings and bodies (well-formed JSON of any shape, malformed JSON, huge strings, emoji), signed in and not,
 * and must answer with a status below 500 and the `{ success: false, error }` body for every refusal.
 */

import { generateKeyPairSigner } from '@solana/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../../test/harness.ts';
import { operationsOf, type OpenApiDocument } from '../../../test/openapi-contract.ts';

let t: TestServer;
let userToken: string;

interface Operation {
  readonly method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  readonly path: string;
}
let operations: Operation[] = [];

beforeAll(async () => {
  t = await startTestServer();
  userToken = await signIn(t.app, await generateKeyPairSigner());
  const document = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
  operations = operationsOf(document)
    .filter(({ path }) => !path.startsWith('/api/docs'))
    .map(({ method, path }) => ({ method: method as Operation['method'], path }));
});
afterAll(() => t.close());

const segment = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('11111111111111111111111111111111', '0', '-1', '%00', '..', 'null', '😀'.repeat(20)),
);
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    address: segment,
    username: fc.oneof(fc.string(), fc.constant('x'.repeat(10_000))),
    market: segment,
    comment: fc.string({ maxLength: 400 }),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
    amount: fc.oneof(fc.integer(), fc.string(), fc.double()),
  }),
);
const rawBody = fc.oneof(
  jsonValue.map((value) => JSON.stringify(value)),
  fc.constantFrom('{', '{"a":', '[', 'null', '"', '{"__proto__":{"x":1}}', '\u0000'),
  fc.string({ maxLength: 200 }),
);
const query = fc.dictionary(
  fc.constantFrom(
    'ids',
    'address',
    'collId',
    'mint',
    'query',
    'sortBy',
    'categories',
    'name',
    'limit',
    'offset',
    'cursor',
    'src',
    'width',
    'amount',
    'inputMint',
    'outputMint',
    'token',
    'code',
    'state',
    'status',
    'maxPrice',
    'buyer',
    'owner',
  ),
  segment,
  { maxKeys: 4 },
);

function fill(path: string, values: readonly string[]): string {
  let index = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[index++] ?? 'x'));
}

describe('robustness', () => {
  it('lists the API in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('never answers bad input with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        query,
        rawBody,
        fc.boolean(),
        async (pick, params, search, body, signedIn) => {
          const operation = operations[pick % operations.length]!;
          const url = `${fill(operation.path, params)}?${new URLSearchParams(search).toString()}`;
          const response = await t.app.inject({
            method: operation.method,
            url,
            headers: {
              'content-type': 'application/json',
              ...(signedIn ? { authorization: userToken } : {}),
            },
            ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: body }),
          });
          if (response.statusCode >= 500) {
            throw new Error(
              `${operation.method} ${url} with ${body.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
          if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
            const parsed = response.json<{ success?: unknown; error?: unknown }>();
            expect(parsed.success).toBe(false);
            expect(typeof parsed.error).toBe('string');
          }
        },
      ),
      { numRuns: 600 },
    );
  });
});
