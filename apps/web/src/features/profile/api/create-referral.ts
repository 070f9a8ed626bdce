/**
 * Creates the signed-in wallet's referral code, once: `POST /api/user/createReferral`.
 *
 * @module
 */

import type { CreateReferralResponse } from '@arcade/sdk/api/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { profileKey } from '../../../lib/user-profile.ts';

/** Creates the code; a second call fails with 'Referral already exists'. */
export async function createReferral(token: string): Promise<string> {
  const body = await api<CreateReferralResponse>('/api/user/createReferral', { method: 'POST', token });
  return body.referral;
}

/** The create-referral mutation; refreshes the profile either way, as a refusal means a code exists. */
export function useCreateReferral() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      if (session === null) throw new Error('Sign in to edit your profile');
      return createReferral(session.token);
    },
    onSettled: async () => {
      if (session !== null) await queryClient.invalidateQueries({ queryKey: profileKey(session.address) });
    },
  });
}
