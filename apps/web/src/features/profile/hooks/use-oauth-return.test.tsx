import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { getUiState, ui } from '../../../lib/store.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import {
  markOAuthLinkStarted,
  OAUTH_PENDING_KEY,
  OAUTH_PENDING_MAX_AGE_MS,
} from '../api/start-oauth-link.ts';
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
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('useOAuthReturn', () => {
  it('announces a linked account, reopens the profile and cleans the URL', async () => {
    markOAuthLinkStarted('discord');
    const seen = renderHookAt('/?linked=discord&keep=1#top');
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual(['success: Discord account linked']);
    });
    expect(getUiState().modal).toBe('profile');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/?keep=1#top',
    );
    // The router's history entry survives, and the return is consumed.
    expect(window.history.state).toEqual({ idx: 3 });
    expect(sessionStorage.getItem(OAUTH_PENDING_KEY)).toBeNull();
  });

  it("shows 'Failed to update socials' and the fixed text of a known server reason", async () => {
    markOAuthLinkStarted('discord');
    const seen = renderHookAt(
      '/tailspin?oauthError=This%20account%20is%20linked%20to%20another%20wallet&errorCode=3010&provider=discord',
    );
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual([
        'error: Failed to update socials',
        'error: This account is linked to another wallet',
      ]);
    });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/tailspin');
  });

  it('tells a browser that came back without its link cookie to start again', async () => {
    markOAuthLinkStarted('twitter');
    const reason = 'This link was started in another browser. Start again from your profile.';
    const seen = renderHookAt(`/?oauthError=${encodeURIComponent(reason)}&errorCode=3011&provider=twitter`);
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual([
        'error: Failed to update socials',
        `error: ${reason}`,
      ]);
    });
    expect(window.location.search).toBe('');
  });

  it("never shows an unknown reason's text: only 'Failed to update socials'", async () => {
    markOAuthLinkStarted('twitter');
    const seen = renderHookAt(
      '/?oauthError=Your%20wallet%20is%20compromised%2C%20visit%20evil.example&errorCode=3012&provider=twitter',
    );
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual(['error: Failed to update socials']);
    });
    expect(window.location.search).toBe('');
  });

  it('goes by the code, not the words: a known sentence without its code shows only the generic failure', async () => {
    markOAuthLinkStarted('discord');
    const seen = renderHookAt('/?oauthError=Wallet%20is%20blocked&provider=discord');
    await waitFor(() => {
      expect(seen().map((t) => `${t.kind}: ${t.message}`)).toEqual(['error: Failed to update socials']);
    });
    markOAuthLinkStarted('discord');
    const coded = renderHookAt('/?oauthError=anything&errorCode=2004&provider=discord');
    await waitFor(() => {
      // The toasts of the first return are still up: the second adds its own after them.
      expect(coded().map((t) => `${t.kind}: ${t.message}`)).toEqual([
        'error: Failed to update socials',
        'error: Failed to update socials',
        'error: Wallet is blocked',
      ]);
    });
  });

  it('ignores (but cleans) a crafted return in a tab that started no link', () => {
    const seen = renderHookAt('/?oauthError=Wallet%20is%20blocked&provider=discord');
    expect(seen()).toEqual([]);
    expect(window.location.search).toBe('');
    const linked = renderHookAt('/?linked=discord');
    expect(linked()).toEqual([]);
    expect(getUiState().modal).toBeNull();
  });

  it('believes a return only once, and not after the link has gone stale', () => {
    markOAuthLinkStarted('discord', Date.now() - OAUTH_PENDING_MAX_AGE_MS - 1);
    const stale = renderHookAt('/?linked=discord');
    expect(stale()).toEqual([]);
    expect(sessionStorage.getItem(OAUTH_PENDING_KEY)).toBeNull();
  });

  it('ignores a return for another provider than the one this tab started', () => {
    markOAuthLinkStarted('twitter');
    const seen = renderHookAt('/?linked=discord');
    expect(seen()).toEqual([]);
    expect(getUiState().modal).toBeNull();
  });

  it('does nothing on an ordinary load, but forgets an abandoned link', () => {
    markOAuthLinkStarted('discord');
    const seen = renderHookAt('/?ref=ABCD2345');
    expect(seen()).toEqual([]);
    expect(getUiState().modal).toBeNull();
    expect(window.location.search).toBe('?ref=ABCD2345');
    expect(sessionStorage.getItem(OAUTH_PENDING_KEY)).toBeNull();
  });
});
