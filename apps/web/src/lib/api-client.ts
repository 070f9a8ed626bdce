/**
 * The one way the web app calls the server's HTTP API. Every failure becomes an {@link ApiError} carrying
 * the server's `error` text and `code` (its `{ success: false, error, code }` body): the UI shows the text
 * as it is, and tells refusals apart by the code (or the status), never by the text.
 *
 * @module
 */

import { isApiErrorCode, type ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';

/**
 * A failed API call: `status` is the HTTP status (0 when the network failed), `message` the server's text,
 * `code` the server's {@link ApiErrorCode}: undefined when the answer carried none (the network failed, or
 * something in front of the server answered, e.g. a proxy's HTML 502), and then the status still tells.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode | undefined;

  constructor(message: string, status: number, code?: ApiErrorCode) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Whether `error` is the server's refusal with `code`. */
export function isApiError(error: unknown, code: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** The refusal of an answer with `status` and `body` (the parsed JSON, or null when it was not JSON). */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof fields['error'] === 'string' ? fields['error'] : ERROR_MESSAGES.requestFailed;
  const code = isApiErrorCode(fields['code']) ? fields['code'] : undefined;
  return new ApiError(message, status, code);
}

/** Options of {@link api}. */
export interface ApiOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** The session token, sent as `Authorization: Bearer`. */
  readonly token?: string | null;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined | null>>;
  readonly signal?: AbortSignal;
}

/** Builds `path?query`, dropping undefined and null values. */
export function withQuery(path: string, query: ApiOptions['query']): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Called with the token of a call the server answered 401 for (see {@link onUnauthorized}). */
export type UnauthorizedListener = (token: string) => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Subscribes to 401 answers of calls that carried a token: the token expired or was revoked mid-session,
 * and the session (which owns it) signs out. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/**
 * Calls the API and returns its JSON body. A 401 to a call with a token also tells the
 * {@link onUnauthorized} listeners.
 *
 * @example const { user } = await api<{ user: User }>(`/api/user/${address}`);
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Network error: the server cannot be reached', 0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const failed =
    !response.ok ||
    (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false);
  if (failed) {
    if (response.status === 401 && options.token) {
      for (const listener of [...unauthorizedListeners]) listener(options.token);
    }
    throw apiErrorOf(response.status, body);
  }
  return body as T;
}
