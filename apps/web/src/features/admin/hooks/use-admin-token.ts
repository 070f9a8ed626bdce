import { useSession } from '../../../lib/session/session.tsx';

/**
 * The bearer token of the signed-in session, or null when signed out. The server checks on every call that
 * its wallet is an admin, so the console needs nothing more.
 */
export function useAdminToken(): string | null {
  return useSession().session?.token ?? null;
}
