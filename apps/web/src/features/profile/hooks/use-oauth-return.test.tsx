import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { getUiState, ui } from '../../../lib/store.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import { useOAuthReturn } from './use-oauth-return.ts';

/** Runs the hook as the shell would, at `url`, and returns the toasts on screen. */
function renderHookAt(url: string) {
  window.history.replaceState({ idx: 3 }, '', url);
  const client = new QueryClient();
  const { result } = renderHook(
    () => {
      useOAuthReturn();
      return useToasts();
    },
    { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
  );
  return () => result.current;
}

beforeEach(() => {
  act(() => {
    ui.reload();
    toast.clear();
  });
});

afterEach(() => {
  act(() => {
    toast.clear();
  });
  window.history.replaceState(null, '', '/');
});

describe('useOAuthReturn', () => {
  it('announces a linked account, reopens the profile and cleans the URL', async () => {
    const seen = renderHookAt('/?linked=discord&keep=1#top');
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual(['success: Discord account linked']);
    });
    expect(getUiState().modal).toBe('profile');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/?keep=1#top',
    );
    // The router's history entry survives.
    expect(window.history.state).toEqual({ idx: 3 });
  });

  it("shows 'Failed to update socials' and the server's message on an OAuth error", async () => {
    const seen = renderHookAt('/tailspin?oauthError=Discord%20account%20already%20linked&provider=discord');
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual([
        'error: Failed to update socials',
        'error: Discord account already linked',
      ]);
    });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/tailspin');
  });

  it('does nothing on an ordinary load', () => {
    const seen = renderHookAt('/?ref=ABCD2345');
    expect(seen()).toEqual([]);
    expect(getUiState().modal).toBeNull();
    expect(window.location.search).toBe('?ref=ABCD2345');
  });
});
