/**
 * Linking and unlinking social accounts: `GET /api/oauth/{provider}?token=` (a browser navigation) and
 * `POST /api/oauth/unlinkDiscord` / `POST /api/oauth/unlinkTwitter`.
 *
 * @module
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, withQuery } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { profileKey } from './get-profile.ts';

/** The social providers the server links; `twitter` is X. */
export type SocialProvider = 'discord' | 'twitter';

/** How each provider is named to the user. */
export const PROVIDER_LABELS: Readonly<Record<SocialProvider, string>> = Object.freeze({
  discord: 'Discord',
  twitter: 'X',
});

/**
 * The URL that starts linking: a full-page navigation cannot send headers, so the server takes the session
 * token as `?token=` and redirects to the provider (or back with `?oauthError=`).
 */
export function oauthStartUrl(provider: SocialProvider, token: string): string {
  return withQuery(`/api/oauth/${provider}`, { token });
}

/** Unlinks a provider from the signed-in wallet. */
export async function unlinkSocial(token: string, provider: SocialProvider): Promise<void> {
  await api(provider === 'discord' ? '/api/oauth/unlinkDiscord' : '/api/oauth/unlinkTwitter', {
    method: 'POST',
    token,
  });
}

/** The unlink mutation; refreshes the signed-in wallet's profile when it succeeds. */
export function useUnlinkSocial() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: SocialProvider) => {
      if (session === null) throw new Error('Sign in to edit your profile');
      return unlinkSocial(session.token, provider);
    },
    onSuccess: async () => {
      if (session !== null) await queryClient.invalidateQueries({ queryKey: profileKey(session.address) });
    },
  });
}
