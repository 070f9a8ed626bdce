/**
 * Chat messages' text rules (spec §5 "Chat message"): at most {@link CHAT_MESSAGE_MAX_LENGTH} characters
 * after trimming, counted in code points so an emoji counts as one, and plain text only.
 *
 * @module
 */

import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';

/** Why the chat refused a message: the acknowledgement's `error`. */
export const CHAT_ERRORS = Object.freeze({
  missingToken: 'Missing token',
  invalidToken: 'Invalid token',
  tokenExpired: 'Token expired',
  walletBlocked: 'Wallet is blocked',
  usernameRequired: 'Set a username to chat',
  notText: 'Message must be text',
  empty: 'Message cannot be empty',
  tooLong: `Message cannot be longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  invalidCharacters: 'Message contains invalid characters',
  tooFast: 'Slow down: one message per second',
  failed: 'Could not send the message',
} as const);

/** The outcome of {@link checkChatText}. */
export type ChatTextCheck =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/**
 * Characters a one-line plain-text message never needs, and that can disguise or break one: control
 * characters (newlines included: Enter sends), lone surrogates (not encodable as UTF-8), line and
 * paragraph separators, and the bidirectional overrides and isolates that reorder what others see.
 */
const INVALID_CHARACTERS = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * Checks a chat message's text and returns it trimmed, or the refusal's message. Markup is not
 * interpreted: `<b>` is five characters of text.
 *
 * @example checkChatText('  gm  ') → { ok: true, text: 'gm' }
 * @example checkChatText('a'.repeat(101)) → { ok: false, error: 'Message cannot be longer than 100 characters' }
 */
export function checkChatText(value: unknown): ChatTextCheck {
  if (value === undefined || value === null) return { ok: false, error: CHAT_ERRORS.empty };
  if (typeof value !== 'string') return { ok: false, error: CHAT_ERRORS.notText };
  const text = value.trim();
  if (text === '') return { ok: false, error: CHAT_ERRORS.empty };
  // Code points, not UTF-16 units: an emoji outside the BMP is one character. (The socket's message size
  // limit bounds the text, so counting it whole is cheap.)
  if (Array.from(text).length > CHAT_MESSAGE_MAX_LENGTH) return { ok: false, error: CHAT_ERRORS.tooLong };
  if (INVALID_CHARACTERS.test(text)) return { ok: false, error: CHAT_ERRORS.invalidCharacters };
  return { ok: true, text };
}
