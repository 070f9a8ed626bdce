/**
 * The end of a social link: the server's OAuth callback redirects to `/?linked=<provider>` or
 * `/?oauthError=<reason>&errorCode=<code>&provider=<provider>`. This shows the outcome once and cleans the URL.
 *
 * Anyone can craft such a URL, so it is only believed in a tab that started a link moments ago (the
 * flag `start-oauth-link.ts` sets before leaving), and the reason is never shown as written: the known
 * codes map to fixed texts (`lib/error-text.ts`), anything else is just "Failed to update socials".
 *
 * @module
 */

import { FAILURE_TOASTS } from '@arcade/sdk/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { ui } from '../../../lib/store.ts';
import { oauthReasonText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { PROFILES_KEY } from '../../../lib/user-profile.ts';
import { takeOAuthLinkStarted } from '../api/start-oauth-link.ts';
import { PROVIDER_LABELS } from '../api/unlink-social.ts';

/** The query parameters the callback adds; all are removed once read. */
const OAUTH_PARAMS = ['linked', 'oauthError', 'errorCode', 'provider'] as const;

function cleanUrl(url: URL): void {
  for (const name of OAUTH_PARAMS) url.searchParams.delete(name);
  // Keep the router's history state so the data router does not lose its place.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Reads the OAuth outcome from the URL on load: a success toast and the profile modal reopened on the
 * linked account, or the failure toasts. Call it once, in the shell.
 */
export function useOAuthReturn(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const url = new URL(window.location.href);
    const linked = url.searchParams.get('linked');
    const oauthError = url.searchParams.get('oauthError');
    const provider = url.searchParams.get('provider');
    const errorCode = Number.parseInt(url.searchParams.get('errorCode') ?? '', 10);
    // Any load ends the link this tab started: back from the provider without finishing included.
    const started = takeOAuthLinkStarted();
    if (linked === null && oauthError === null) return;
    cleanUrl(url);
    if (started === null) return;

    if (oauthError !== null) {
      const text =
        provider === null || provider === started
          ? oauthReasonText(
              Number.isSafeInteger(errorCode) ? errorCode : null,
              oauthError,
              PROVIDER_LABELS[started],
            )
          : null;
      if (text === null) toast.error(FAILURE_TOASTS.updateSocials);
      else toast.failure(FAILURE_TOASTS.updateSocials, text);
      return;
    }
    if (linked !== started) return;
    toast.success(`${PROVIDER_LABELS[started]} account linked`);
    // The profile cached before the redirect does not have the new link yet.
    void queryClient.invalidateQueries({ queryKey: PROFILES_KEY });
    ui.openModal('profile');
  }, [queryClient]);
}
