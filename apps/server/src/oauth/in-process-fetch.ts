/**
 * `fetch` answered by this server in-process (`app.inject`): how the local adapters reach the local
 * identity provider without a network round trip through `PUBLIC_URL`, which may be a proxy or not yet
 * listening (tests).
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';

import type { FetchLike } from './oauth-provider.ts';

/** Statuses whose responses have no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A {@link FetchLike} that sends requests for URLs under `baseUrl` to `app` through `inject`, and refuses
 * any other URL.
 */
export function inProcessFetch(app: FastifyInstance, baseUrl: string): FetchLike {
  const base = new URL(baseUrl);
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
      throw new TypeError(`in-process fetch refuses ${url.origin}${url.pathname}`);
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    headers.host = url.host;
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const response = await app.inject({
      method: request.method as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item));
    }
    return new Response(NULL_BODY_STATUSES.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
