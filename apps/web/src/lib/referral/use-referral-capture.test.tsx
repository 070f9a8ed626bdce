import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  clearCapturedReferral,
  getCapturedReferralCode,
  useReferralCapture,
  type CapturedReferral,
} from './use-referral-capture.ts';

const REFERRER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const ME = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

vi.mock('../session/session.tsx', () => ({
  useSession: () => ({
    session: { address: ME, token: 't' },
    status: 'signed-in',
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  }),
}));

let paths: string[] = [];

/** Runs the hook at `url`; returns a reader of its latest result. */
function renderAt(url: string): () => CapturedReferral {
  window.history.replaceState(null, '', url);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { result } = renderHook(() => useReferralCapture(), {
    wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return () => result.current;
}

beforeEach(() => {
  paths = [];
  act(() => {
    clearCapturedReferral();
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      paths.push(path);
      const owner = { '/api/user/referral/ABCD2345': REFERRER, '/api/user/referral/SELF2345': ME }[path];
      return Promise.resolve(
        owner === undefined
          ? new Response(JSON.stringify({ success: false, error: 'Referral not found' }), { status: 404 })
          : new Response(JSON.stringify({ success: true, address: owner }), { status: 200 }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('useReferralCapture', () => {
  it('captures ?ref= in memory and resolves it to the referrer', async () => {
    const result = renderAt('/?ref=abcd2345');
    await waitFor(() => {
      expect(result()).toEqual({ code: 'ABCD2345', referrer: REFERRER, status: 'resolved' });
    });
    expect(paths).toEqual(['/api/user/referral/ABCD2345']);
    expect(getCapturedReferralCode()).toBe('ABCD2345');
    // Memory only: the spec fixes the local-storage keys.
    expect(localStorage.length).toBe(0);
  });

  it('keeps the code after navigating away from the link', async () => {
    const result = renderAt('/?ref=ABCD2345');
    await waitFor(() => {
      expect(result().status).toBe('resolved');
    });
    window.history.replaceState(null, '', '/tailspin');
    expect(getCapturedReferralCode()).toBe('ABCD2345');
  });

  it('marks unknown codes invalid', async () => {
    const result = renderAt('/?ref=ZZZZ9999');
    await waitFor(() => {
      expect(result()).toEqual({ code: 'ZZZZ9999', referrer: null, status: 'invalid' });
    });
  });

  it('does not let a player refer themselves', async () => {
    const result = renderAt('/?ref=SELF2345');
    await waitFor(() => {
      expect(result()).toEqual({ code: 'SELF2345', referrer: null, status: 'invalid' });
    });
  });

  it('reports none without ?ref= and never calls the server', () => {
    const result = renderAt('/');
    expect(result()).toEqual({ code: null, referrer: null, status: 'none' });
    expect(paths).toEqual([]);
  });
});
