/**
 * Sets the signed-in wallet's profile picture to an NFT it holds: `POST /api/user/updatePfp`.
 *
 * @module
 */

import type { UpdatePfpResponse } from '@arcade/sdk/api/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { applyProfileChange } from '../../../lib/user-profile.ts';

/** Sends the NFT's mint; the server checks the wallet still holds it. */
export async function updatePfp(token: string, pfp: string): Promise<UpdatePfpResponse> {
  return api<UpdatePfpResponse>('/api/user/updatePfp', {
    method: 'POST',
    token,
    body: { pfp },
  });
}

/** The profile picture mutation; puts the answer in the signed-in wallet's profile when it succeeds. */
export function useUpdatePfp() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pfp: string) => {
      if (session === null) throw new Error('Sign in to edit your profile');
      return updatePfp(session.token, pfp);
    },
    onSuccess: async ({ pfp, pfpImage }) => {
      if (session !== null) await applyProfileChange(queryClient, session.address, { pfp, pfpImage });
    },
  });
}
