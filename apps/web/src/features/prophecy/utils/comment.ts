/**
 * The server's rules for a comment (`commentSchema`): the shared text rule (`@arcade/sdk/text-rules`) on
 * several lines, 1 to `COMMENT_MAX_LENGTH` code points, with the server's messages (both from the SDK), so
 * a bad comment is refused before the round trip.
 *
 * @module
 */

import { COMMENT_MAX_LENGTH } from '@arcade/sdk/api/prophecy';
import { checkText } from '@arcade/sdk/text-rules';

/** Why `text` cannot be posted, or null when it can. */
export function commentError(text: string): string | null {
  const checked = checkText(text, { label: 'Comment', maxLength: COMMENT_MAX_LENGTH, multiline: true });
  return checked.ok ? null : checked.error;
}
