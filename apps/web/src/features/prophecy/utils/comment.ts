/**
 * The server's rules for a comment (`commentSchema`): trimmed, 1 to `COMMENT_MAX_LENGTH` code points, no
 * control characters but newlines and tabs, with the server's messages (both from the SDK), so a bad comment
 * is refused before the round trip.
 *
 * @module
 */

import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from '@arcade/sdk/api/prophecy';

import { codePoints } from './market-proposal.ts';

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
