/**
 * The end of a social link: the server's OAuth callback redirects to `/?linked=<provider>` or
 * `/?oauthError=<message>&provider=<provider>`. This shows the outcome once and cleans the URL.
 *
 * @module
 */

import { FAILURE_TOASTS } from '@arcade/sdk/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { ui } from '../../../lib/store.ts';
import { toast } from '../../../lib/toast.ts';
import { PROVIDER_LABELS } from '../api/unlink-social.ts';

/** The query parameters the callback adds; all are removed once read. */
const OAUTH_PARAMS = ['linked', 'oauthError', 'provider'] as const;

function labelOf(provider: string | null): string | null {
  return provider === 'discord' || provider === 'twitter' ? PROVIDER_LABELS[provider] : null;
}

/**
 * Reads the OAuth outcome from the URL on load: a success toast and the profile modal reopened on the
 * linked account, or the failure toasts with the server's message. Call it once, in the shell.
 */
export function useOAuthReturn(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const url = new URL(window.location.href);
    const linked = url.searchParams.get('linked');
    const oauthError = url.searchParams.get('oauthError');
    if (linked === null && oauthError === null) return;

    if (oauthError !== null) {
      toast.failure(FAILURE_TOASTS.updateSocials, oauthError);
    } else {
      const label = labelOf(linked);
      if (label !== null) {
        toast.success(`${label} account linked`);
        // The profile cached before the redirect does not have the new link yet.
        void queryClient.invalidateQueries({ queryKey: ['user', 'profile'] });
        ui.openModal('profile');
      }
    }

    for (const name of OAUTH_PARAMS) url.searchParams.delete(name);
    // Keep the router's history state so the data router does not lose its place.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [queryClient]);
}
