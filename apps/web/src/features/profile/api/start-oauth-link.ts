/**
 * Starting a social link: `POST /api/oauth/{provider}/start` (bearer) answers a single-use URL,
 * `/api/oauth/{provider}?code=…`, that the browser then navigates to. The session token never goes into
 * a URL (history, logs, Referer); the one-time code is worthless once used.
 *
 * Before navigating, this tab records that it started a link ({@link markOAuthLinkStarted}): the return
 * (`?linked=` / `?oauthError=`) is only acted on in a tab that did, so a crafted link cannot show
 * the app's toasts.
 *
 * @module
 */

import type { OAuthStartResponse } from '@arcade/sdk/api/oauth';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session.tsx';
import type { SocialProvider } from './unlink-social.ts';

/** Session-storage key of the link this tab started: `{ provider, at }`. */
export const OAUTH_PENDING_KEY = 'oauthLinkPending';

/** How long a started link may take at the provider before its return is no longer trusted. */
export const OAUTH_PENDING_MAX_AGE_MS = 15 * 60_000;

/**
 * The single-use URL that sends the browser to `provider`'s consent page.
 *
 * @throws ApiError with the server's message; Error when the server answers a URL off this site.
 */
export async function startOAuthLink(token: string, provider: SocialProvider): Promise<string> {
  const body = await api<OAuthStartResponse>(`/api/oauth/${provider}/start`, {
    method: 'POST',
    token,
  });
  // Only our own OAuth route may receive the browser: never an absolute URL elsewhere.
  const url = new URL(body.url, window.location.origin);
  if (url.origin !== window.location.origin || !url.pathname.startsWith(`/api/oauth/${provider}`)) {
    throw new Error('Invalid link URL');
  }
  return `${url.pathname}${url.search}`;
}

/** Records that this tab is about to leave for `provider`'s consent page. */
export function markOAuthLinkStarted(provider: SocialProvider, now = Date.now()): void {
  try {
    sessionStorage.setItem(OAUTH_PENDING_KEY, JSON.stringify({ provider, at: now }));
  } catch {
    // Storage disabled: the link still works, its outcome is just not announced.
  }
}

/**
 * The provider of the link this tab started, if recent, and forgets it: a return is consumed once.
 * Null when this tab started none.
 */
export function takeOAuthLinkStarted(now = Date.now()): SocialProvider | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(OAUTH_PENDING_KEY);
    sessionStorage.removeItem(OAUTH_PENDING_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as { provider?: unknown; at?: unknown };
    const { provider, at } = value;
    if (provider !== 'discord' && provider !== 'twitter') return null;
    if (typeof at !== 'number' || now - at > OAUTH_PENDING_MAX_AGE_MS || at > now) return null;
    return provider;
  } catch {
    return null;
  }
}

/** Starts linking: fetches the one-time URL, marks this tab, then leaves the page for the provider. */
export function useStartOAuthLink() {
  const { session } = useSession();
  return useMutation({
    mutationFn: async (provider: SocialProvider) => {
      if (session === null) throw new Error('Sign in to edit your profile');
      const url = await startOAuthLink(session.token, provider);
      markOAuthLinkStarted(provider);
      // A full navigation: the provider's consent page takes the whole window and redirects back here.
      window.location.assign(url);
    },
  });
}
