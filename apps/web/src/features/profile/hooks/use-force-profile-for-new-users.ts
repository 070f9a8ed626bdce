/**
 * New users must choose a username before anything else (spec §2): once signed in without one, the
 * profile modal opens and stays open.
 *
 * @module
 */

import { useEffect } from 'react';

import { useSession } from '../../../lib/session/session.tsx';
import { ui, useUiState } from '../../../lib/store.ts';
import { useProfile } from '../api/get-profile.ts';

/** Whether the signed-in user still has to set a username; false while unknown. */
export function useNeedsUsername(): boolean {
  const { session, status, blocked } = useSession();
  const profile = useProfile(status === 'signed-in' && session !== null ? session.address : null);
  return status === 'signed-in' && !blocked && profile.isSuccess && profile.data.username === null;
}

/** Opens the profile modal, and reopens it over any other modal, while the user has no username. */
export function useForceProfileForNewUsers(): void {
  const needsUsername = useNeedsUsername();
  const modal = useUiState((s) => s.modal);

  useEffect(() => {
    if (needsUsername && modal !== 'profile') ui.openModal('profile');
  }, [needsUsername, modal]);
}
