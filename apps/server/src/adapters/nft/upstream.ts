/**
 * Calls to the mainnet NFT services: a timeout, and every failure (network, status, body) turned into a
 * 502 that names the service but none of its internals.
 *
 * @module
 */

import type { ApiErrorCodeWithMessage, ApiErrorCodeWithStatus } from '@arcade/sdk/api/error-codes';
import type { z } from 'zod';

import { badGateway } from '../../http/errors.ts';

/** The part of `fetch` the adapters use; tests inject one that answers from recorded fixtures. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Options of {@link fetchJson}. */
export interface FetchJsonOptions<Schema extends z.ZodType> {
  readonly fetch: FetchLike;
  readonly url: string;
  readonly init?: RequestInit;
  readonly schema: Schema;
  /** The refusal on failure (its catalogue message is what the user sees), e.g. `MARKETPLACE_UNAVAILABLE`. */
  readonly failure: ApiErrorCodeWithStatus<502> & ApiErrorCodeWithMessage;
  readonly timeoutMs: number;
  /** Statuses that mean "no such thing" rather than a failure: the result is `null`. */
  readonly notFoundStatuses?: readonly number[];
}

/**
 * GETs or POSTs `url` and parses the JSON body with `schema`.
 *
 * @throws HttpError 502 with `failure` when the call fails, times out, answers another status than 2xx
 * (or one of `notFoundStatuses`), or its body is not JSON matching `schema`.
 */
export async function fetchJson<Schema extends z.ZodType>(
  options: FetchJsonOptions<Schema>,
): Promise<z.output<Schema> | null> {
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      ...options.init,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    throw badGateway(options.failure);
  }
  if (options.notFoundStatuses?.includes(response.status)) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw badGateway(options.failure);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw badGateway(options.failure);
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) throw badGateway(options.failure);
  return parsed.data;
}
