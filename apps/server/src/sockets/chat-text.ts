/**
 * Chat messages' text rules (docs/reference/validation.md#chat-messages): at most {@link CHAT_MESSAGE_MAX_LENGTH} characters
 * after trimming, counted in code points so an emoji counts as one, and plain text only: the shared text
 * rule of `@arcade/sdk/text-rules`, on one line.
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { checkText, type TextProblem } from '@arcade/sdk/text-rules';

/** Why the chat refused a message: the acknowledgement's `error`. */
export const CHAT_ERRORS = Object.freeze({
  missingToken: API_ERROR_MESSAGES[ApiErrorCode.MISSING_TOKEN],
  invalidToken: API_ERROR_MESSAGES[ApiErrorCode.INVALID_TOKEN],
  tokenExpired: API_ERROR_MESSAGES[ApiErrorCode.TOKEN_EXPIRED],
  walletBlocked: API_ERROR_MESSAGES[ApiErrorCode.WALLET_BLOCKED],
  usernameRequired: API_ERROR_MESSAGES[ApiErrorCode.CHAT_USERNAME_REQUIRED],
  notText: API_ERROR_MESSAGES[ApiErrorCode.CHAT_NOT_TEXT],
  empty: API_ERROR_MESSAGES[ApiErrorCode.CHAT_EMPTY],
  tooLong: API_ERROR_MESSAGES[ApiErrorCode.CHAT_TOO_LONG],
  invalidCharacters: API_ERROR_MESSAGES[ApiErrorCode.CHAT_INVALID_CHARACTERS],
  tooFast: API_ERROR_MESSAGES[ApiErrorCode.CHAT_TOO_FAST],
  failed: API_ERROR_MESSAGES[ApiErrorCode.CHAT_FAILED],
} as const);

/** The chat's message for each way the text rule refuses a text. */
const CHAT_TEXT_ERRORS: Readonly<Record<TextProblem, string>> = Object.freeze({
  empty: CHAT_ERRORS.empty,
  tooLong: CHAT_ERRORS.tooLong,
  invalid: CHAT_ERRORS.invalidCharacters,
});

/** The outcome of {@link checkChatText}. */
export type ChatTextCheck =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/**
 * Checks a chat message's text against the shared text rule (`@arcade/sdk/text-rules`: one line, printable,
 * no invisible or bidi characters, emoji kept, combining marks capped, something visible) and returns it
 * normalised (NFC) and trimmed, or the refusal's message. Markup is not interpreted: `<b>` is five
 * characters of text.
 *
 * @example checkChatText('  gm  ') → { ok: true, text: 'gm' }
 * @example checkChatText('a'.repeat(101)) → { ok: false, error: 'Message cannot be longer than 100 characters' }
 */
export function checkChatText(value: unknown): ChatTextCheck {
  if (value === undefined || value === null) return { ok: false, error: CHAT_ERRORS.empty };
  if (typeof value !== 'string') return { ok: false, error: CHAT_ERRORS.notText };
  // The socket's message size limit bounds the text, so the rule reads it whole.
  const checked = checkText(value, { maxLength: CHAT_MESSAGE_MAX_LENGTH, label: 'Message' });
  if (checked.ok) return { ok: true, text: checked.text };
  return { ok: false, error: CHAT_TEXT_ERRORS[checked.problem] };
}
