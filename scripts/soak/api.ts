/**
 * The players' HTTP client for the product's API: JSON in and out, a bearer token when signed in, and
 * every request's latency recorded (route pattern, ms, ok) in the shared {@link LatencyRecorder}.
 *
 * @module
 */

import { getBase58Decoder, signBytes, type KeyPairSigner } from '@solana/kit';

import type { LatencyRecorder } from './stats.ts';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const base58 = getBase58Decoder();

export class ApiClient {
  token: string | null = null;

  readonly baseUrl: string;
  readonly latencies: LatencyRecorder;
  constructor(baseUrl: string, latencies: LatencyRecorder) {
    this.baseUrl = baseUrl;
    this.latencies = latencies;
  }

  /** `GET` (no body) or `POST` (body) of `path` under the product's URL; throws {@link ApiError} on non-2xx. */
  async call<T>(path: string, body?: unknown): Promise<T> {
    const method = body === undefined ? 'GET' : 'POST';
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token !== null) headers.authorization = `Bearer ${this.token}`;
    const started = performance.now();
    let ok = false;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      ok = response.ok;
      if (!response.ok) {
        let error = text;
        try {
          error = (JSON.parse(text) as { error?: string }).error ?? text;
        } catch {
          // not JSON
        }
        throw new ApiError(response.status, `${method} ${path}: ${response.status} ${error}`);
      }
      return JSON.parse(text) as T;
    } finally {
      this.latencies.record(method, path, performance.now() - started, ok);
    }
  }

  /** Signs in as `signer` (nonce, signed Sign-In With Solana message, token) and keeps the token. */
  async signIn(signer: KeyPairSigner): Promise<void> {
    const { nonce, message } = await this.call<{ nonce: string; message: string }>('/api/user/nonce', {
      address: signer.address,
    });
    const signature = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message));
    const { token } = await this.call<{ token: string }>('/api/user/authenticate', {
      address: signer.address,
      nonce,
      signature: base58.decode(signature),
      ledger: false,
    });
    this.token = token;
  }
}
