/**
 * The server's rules for a comment (`commentSchema`): trimmed, 1 to 280 code points, no control characters
 * but newlines and tabs, with the server's messages, so a bad comment is refused before the round trip.
 *
 * @module
 */

import { codePoints } from './market-proposal.ts';

/** Longest comment, in code points (the server's `COMMENT_MAX_LENGTH`). */
export const COMMENT_MAX_LENGTH = 280;

/** The server's messages for a refused comment. */
export const COMMENT_MESSAGES = Object.freeze({
  empty: 'Comment cannot be empty',
  tooLong: `Comment cannot be longer than ${COMMENT_MAX_LENGTH} characters`,
  invalid: 'Comment contains invalid characters',
});

/** Why `text` cannot be posted, or null when it can. */
export function commentError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return COMMENT_MESSAGES.empty;
  if (codePoints(trimmed) > COMMENT_MAX_LENGTH) return COMMENT_MESSAGES.tooLong;
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return COMMENT_MESSAGES.invalid;
    }
  }
  return null;
}
