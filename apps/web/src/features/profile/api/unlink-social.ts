/**
 * Unlinking social accounts: `POST /api/oauth/unlinkDiscord` / `POST /api/oauth/unlinkTwitter`. Linking
 * starts in `start-oauth-link.ts`.
 *
 * @module
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { profileKey } from '../../../lib/user-profile.ts';

/** The social providers the server links; `twitter` is X. */
export type SocialProvider = 'discord' | 'twitter';

/** How each provider is named to the user. */
export const PROVIDER_LABELS: Readonly<Record<SocialProvider, string>> = Object.freeze({
  discord: 'Discord',
  twitter: 'X',
});

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
