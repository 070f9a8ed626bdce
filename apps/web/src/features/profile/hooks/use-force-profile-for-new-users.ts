/**
 * New users must choose a username before anything else: once signed in without one, the
 * profile modal opens and stays open.
 *
 * @module
 */

import { useEffect, useRef } from 'react';

import { useSession } from '../../../lib/session/session.tsx';
import { ui, useUiState } from '../../../lib/store.ts';
import { useProfile } from '../../../lib/user-profile.ts';

/** Whether the signed-in user still has to set a username; false while unknown. */
export function useNeedsUsername(): boolean {
  const { session, status, blocked } = useSession();
  const profile = useProfile(status === 'signed-in' && session !== null ? session.address : null);
  return status === 'signed-in' && !blocked && profile.isSuccess && profile.data.username === null;
}

/**
 * Opens the profile modal while the user has no username. The first time it waits for the open modal to
 * close: sign-in finishes while the connect dialog is still up (the local wallet is still being funded),
 * and taking its place would hide that progress and the dialog's own close. Once shown, the profile modal
 * takes the slot back from any other modal until a username is set.
 */
export function useForceProfileForNewUsers(): void {
  const needsUsername = useNeedsUsername();
  const modal = useUiState((s) => s.modal);
  const shown = useRef(false);

  useEffect(() => {
    if (!needsUsername) {
      shown.current = false;
      return;
    }
    if (modal === 'profile') {
      shown.current = true;
      return;
    }
    if (modal === null || shown.current) ui.openModal('profile');
  }, [needsUsername, modal]);
}
