/**
 * Sets the signed-in wallet's username: `POST /api/user/updateUsername`.
 *
 * @module
 */

import type { UpdateUsernameResponse } from '@arcade/sdk/api/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { applyProfileChange } from '../../../lib/user-profile.ts';

/** Sends the new username; the server answers 'Username not allowed' or 'Username already taken' on refusal. */
export async function updateUsername(token: string, username: string): Promise<string> {
  const body = await api<UpdateUsernameResponse>('/api/user/updateUsername', {
    method: 'POST',
    token,
    body: { username },
  });
  return body.username;
}

/** The username mutation; puts the answer in the signed-in wallet's profile when it succeeds. */
export function useUpdateUsername() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => {
      if (session === null) throw new Error('Sign in to edit your profile');
      return updateUsername(session.token, username);
    },
    onSuccess: async (username) => {
      if (session !== null) await applyProfileChange(queryClient, session.address, { username });
    },
  });
}
