/**
 * The referral a visitor arrived with (`/?ref=<code>`), kept in memory for this visit so sign-up and the
 * bet flows can pass the referrer on. Nothing is stored locally: the spec fixes the local-storage keys.
 *
 * @module
 */

import { useEffect, useSyncExternalStore } from 'react';

import { useSession } from '../session/session.tsx';
import { useReferralOwner } from './get-referral-owner.ts';

/** Referral codes as the server issues them; anything else is ignored rather than sent. */
const CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

let capturedCode: string | null = null;
const listeners = new Set<() => void>();

function setCapturedCode(code: string | null): void {
  if (code === capturedCode) return;
  capturedCode = code;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The referral code captured from the URL this visit, or null. */
export function getCapturedReferralCode(): string | null {
  return capturedCode;
}

/** Reads `?ref=` from `search` (a URL's query string) and keeps a well-formed code; returns what it kept. */
export function captureReferralFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim().toUpperCase() ?? '';
  if (CODE_PATTERN.test(code)) setCapturedCode(code);
  return capturedCode;
}

/** Forgets the captured referral (sign-out, tests). */
export function clearCapturedReferral(): void {
  setCapturedCode(null);
}

/** What {@link useReferralCapture} returns. */
export interface CapturedReferral {
  readonly code: string | null;
  /** The referrer's wallet, once the code is resolved; null while loading, for unknown codes and self-referrals. */
  readonly referrer: string | null;
  readonly status: 'none' | 'resolving' | 'resolved' | 'invalid';
}

/**
 * Captures `?ref=` on load and resolves it to the referrer's wallet. Call it in the shell; any component
 * may call it again to read the result.
 */
export function useReferralCapture(): CapturedReferral {
  useEffect(() => {
    captureReferralFromSearch(window.location.search);
  }, []);
  const code = useSyncExternalStore(subscribe, getCapturedReferralCode, getCapturedReferralCode);
  const owner = useReferralOwner(code);
  const { session } = useSession();

  if (code === null) return { code, referrer: null, status: 'none' };
  if (owner.isPending) return { code, referrer: null, status: 'resolving' };
  // A player cannot refer themselves.
  if (owner.isError || owner.data === session?.address) return { code, referrer: null, status: 'invalid' };
  return { code, referrer: owner.data, status: 'resolved' };
}
