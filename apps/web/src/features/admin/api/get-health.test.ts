import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-client.ts';
import { getHealth } from './get-health.ts';

const REPORT = {
  success: false,
  cluster: 'localnet',
  database: { ok: true, latencyMs: 3 },
  chain: { ok: false, latencyMs: 5000, error: 'TimeoutError' },
  workers: [
    {
      name: 'indexer',
      status: 'failing',
      lastRunAt: 1,
      lastSuccessAt: null,
      lastError: 'RPC timed out',
      runs: 2,
      failures: 1,
      lagMs: null,
      details: {},
    },
  ],
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getHealth', () => {
  it('returns the report of an unhealthy server (503) as it is', async () => {
    answer(503, REPORT);
    await expect(getHealth()).resolves.toEqual(REPORT);
  });

  it('throws the refusal of a body that is not a report, with its text and code', async () => {
    answer(429, { success: false, error: 'Too many requests', code: ApiErrorCode.RATE_LIMITED });
    const error: unknown = await getHealth().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      message: 'Too many requests',
      code: ApiErrorCode.RATE_LIMITED,
    });
  });

  it('does not take a body with a worker of an unknown state for a report', async () => {
    answer(503, { ...REPORT, workers: [{ ...REPORT.workers[0], status: 'sleeping' }] });
    await expect(getHealth()).rejects.toBeInstanceOf(ApiError);
  });
});
