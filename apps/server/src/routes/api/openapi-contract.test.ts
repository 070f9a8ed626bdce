/**
 * The OpenAPI document is the contract: every operation in `/api/docs/json` gets one valid request and
 * several invalid ones generated from the document itself (test/openapi-contract.ts), signed in when the
 * operation declares security. No answer may be a 5xx, every status must be one the operation declares,
 * every body must match the declared schema and content type, and every invalid request gets a 4xx.
 */

import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  operationsOf,
  requestsFor,
  ResponseChecker,
  type GeneratedRequest,
  type OpenApiDocument,
  type OperationObject,
} from '../../../test/openapi-contract.ts';
import { signIn, startTestServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
let document: OpenApiDocument;
let adminToken: string;
let playerToken: string;
const checker = new ResponseChecker();

beforeAll(async () => {
  t = await startTestServer();
  adminToken = await signIn(t.app, t.admins[0]!);
  playerToken = await signIn(t.app, await generateKeyPairSigner());
  const docs = await t.app.inject({ url: '/api/docs/json' });
  if (docs.statusCode !== 200) throw new Error(`/api/docs/json → ${String(docs.statusCode)} ${docs.body}`);
  document = docs.json<OpenApiDocument>();
});
afterAll(() => t.close());

async function send(request: GeneratedRequest, token: string | null) {
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      ...(token === null ? {} : { authorization: token }),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}

/** The declaration problems of one answer, with the request that got it. */
async function problemsOf(
  operation: OperationObject,
  request: GeneratedRequest,
  token: string | null,
  expectRefusal: boolean,
): Promise<string[]> {
  const response = await send(request, token);
  const label = `${request.method} ${request.url} (${request.why}${token === null ? ', no token' : ''}) → ${String(response.statusCode)}`;
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`${label}: a 5xx: ${response.body.slice(0, 200)}`);
  if (expectRefusal && (response.statusCode < 400 || response.statusCode >= 500))
    problems.push(`${label}: an invalid request was not refused`);
  const problem = checker.problem(
    operation,
    response.statusCode,
    response.headers['content-type']?.toString(),
    response.body,
  );
  if (problem !== null) problems.push(`${label}: ${problem}`);
  return problems;
}

describe('the OpenAPI document matches the server', () => {
  it('documents the whole API, with no wildcard or duplicated parameter', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(45);
    for (const { method, path, operation } of operations) {
      const names = (operation.parameters ?? []).map((parameter) => parameter.name);
      expect({
        operation: `${method} ${path}`,
        duplicates: names.filter((n, i) => names.indexOf(n) !== i),
      }).toEqual({ operation: `${method} ${path}`, duplicates: [] });
      expect(path).not.toMatch(/\{\*\}|\*/);
    }
  });

  it('declares the limits every request can meet (413, 414, 431) on every operation', () => {
    const missing = operationsOf(document).flatMap(({ method, path, operation }) =>
      ['413', '414', '431']
        .filter((status) => operation.responses[status] === undefined)
        .map((status) => `${method} ${path} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('answers valid and invalid requests only as declared', async () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const secured = (operation.security?.length ?? 0) > 0;
      let generated: GeneratedRequest[];
      try {
        generated = requestsFor(method, path, operation);
      } catch (error) {
        problems.push((error as Error).message);
        continue;
      }
      const [valid, ...invalid] = generated;
      // A fresh session per operation: one of them is the sign-out, which revokes the token it is sent with.
      if (secured) adminToken = await signIn(t.app, t.admins[0]!);
      problems.push(...(await problemsOf(operation, valid!, secured ? adminToken : playerToken, false)));
      if (secured) problems.push(...(await problemsOf(operation, valid!, null, true)));
      for (const request of invalid) {
        problems.push(...(await problemsOf(operation, request, secured ? adminToken : null, true)));
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a body over the limit with the declared 413 on every operation that takes one', async () => {
    const problems: string[] = [];
    const oversized = JSON.stringify({ text: 'x'.repeat(t.env.BODY_LIMIT_BYTES) });
    for (const { method, path, operation } of operationsOf(document)) {
      if (operation.requestBody === undefined) continue;
      let valid: GeneratedRequest | undefined;
      try {
        [valid] = requestsFor(method, path, operation);
      } catch {
        continue; // the operation's examples are missing: the test above reports it
      }
      const response = await t.app.inject({
        method: method as 'POST',
        url: valid!.url,
        headers: { authorization: adminToken, 'content-type': 'application/json' },
        payload: oversized,
      });
      const problem =
        response.statusCode === 413
          ? checker.problem(operation, 413, response.headers['content-type']?.toString(), response.body)
          : `got ${String(response.statusCode)}`;
      if (problem !== null) problems.push(`${method} ${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
