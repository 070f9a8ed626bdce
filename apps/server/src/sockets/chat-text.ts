/**
 * Chat messages' text rules (docs/reference/validation.md#chat-messages): at most {@link CHAT_MESSAGE_MAX_LENGTH} characters
 * after trimming, counted in code points so an emoji counts as one, and plain text only: the shared text
 * rule of `@arcade/sdk/text-rules`, on one line.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { checkText, type TextProblem } from '@arcade/sdk/text-rules';

/** The codes of the chat's refusals of a message's text; their messages are the catalogue's. */
export type ChatTextRefusal =
  | typeof ApiErrorCode.CHAT_NOT_TEXT
  | typeof ApiErrorCode.CHAT_EMPTY
  | typeof ApiErrorCode.CHAT_TOO_LONG
  | typeof ApiErrorCode.CHAT_INVALID_CHARACTERS;

/** The chat's code for each way the text rule refuses a text. */
const TEXT_PROBLEM_CODES: Readonly<Record<TextProblem, ChatTextRefusal>> = Object.freeze({
  empty: ApiErrorCode.CHAT_EMPTY,
  tooLong: ApiErrorCode.CHAT_TOO_LONG,
  invalid: ApiErrorCode.CHAT_INVALID_CHARACTERS,
});

/** The outcome of {@link checkChatText}. */
export type ChatTextCheck =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: ChatTextRefusal };

/**
 * Checks a chat message's text against the shared text rule (`@arcade/sdk/text-rules`: one line, printable,
 * no invisible or bidi characters, emoji kept, combining marks capped, something visible) and returns it
 * normalised (NFC) and trimmed, or the refusal's code. Markup is not interpreted: `<b>` is five characters
 * of text.
 *
 * @example checkChatText('  gm  ') → { ok: true, text: 'gm' }
 * @example checkChatText('a'.repeat(101)) → { ok: false, code: ApiErrorCode.CHAT_TOO_LONG }
 */
export function checkChatText(value: unknown): ChatTextCheck {
  if (value === undefined || value === null) return { ok: false, code: ApiErrorCode.CHAT_EMPTY };
  if (typeof value !== 'string') return { ok: false, code: ApiErrorCode.CHAT_NOT_TEXT };
  // The socket's message size limit bounds the text, so the rule reads it whole.
  const checked = checkText(value, { maxLength: CHAT_MESSAGE_MAX_LENGTH, label: 'Message' });
  if (checked.ok) return { ok: true, text: checked.text };
  return { ok: false, code: TEXT_PROBLEM_CODES[checked.problem] };
}
