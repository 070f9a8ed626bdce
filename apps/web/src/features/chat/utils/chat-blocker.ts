/**
 * Whether the user may post in the chat, and if not, why and what fixes it.
 *
 * @module
 */

import type { SocketStatus } from '../../../lib/socket-client.ts';
import { ui } from '../../../lib/store.ts';

/** Why posting is unavailable, and what the user can do about it. */
export interface ChatBlocker {
  readonly reason: string;
  readonly action?: { readonly label: string; readonly onClick: () => void; readonly pending?: boolean };
}

/**
 * Why a wallet without a username cannot post (the server refuses such a post with
 * `CHAT_USERNAME_REQUIRED`, in the same words).
 */
export const USERNAME_REQUIRED = 'Set a username to chat';

/** Inputs of {@link chatBlocker}. */
export interface ChatBlockerInput {
  readonly hasWallet: boolean;
  readonly blocked: boolean;
  /** A session exists for the connected wallet. */
  readonly signedIn: boolean;
  readonly signingIn: boolean;
  /** Undefined while the profile is loading; null when it has none. */
  readonly username: string | null | undefined;
  readonly status: SocketStatus;
  readonly signIn: () => void;
  readonly retry: () => void;
}

/**
 * Why the user cannot post right now (a connected wallet, being logged in and a username), in
 * the order they would fix it; null when they can.
 */
export function chatBlocker(input: ChatBlockerInput): ChatBlocker | null {
  if (!input.hasWallet)
    return {
      reason: 'Connect a wallet to chat',
      action: {
        label: 'Connect',
        onClick: () => {
          ui.openModal('connect');
        },
      },
    };
  if (input.blocked) return { reason: 'Wallet is blocked' };
  if (!input.signedIn)
    return {
      reason: 'Sign in to chat',
      action: { label: 'Sign in', onClick: input.signIn, pending: input.signingIn },
    };
  if (input.username === undefined) return { reason: 'Checking your profile…' };
  if (input.username === null)
    return {
      reason: USERNAME_REQUIRED,
      action: {
        label: 'Set username',
        onClick: () => {
          ui.openModal('profile');
        },
      },
    };
  if (input.status === 'lost')
    return { reason: 'Connection lost', action: { label: 'Retry', onClick: input.retry } };
  if (input.status !== 'connected') return { reason: 'Connecting to the chat…' };
  return null;
}
