/**
 * The client-side username check: the server's own (`checkUsername` of `@arcade/sdk/text-rules`), with the
 * messages in the order of docs/reference/validation.md#usernames, so the user sees the same first error the
 * server would send.
 *
 * @module
 */

import { checkUsername } from '@arcade/sdk/text-rules';

/**
 * The first rule `username` breaks, or null when it is valid. Length counts code points, as the server
 * does, so an emoji counts once.
 *
 * @example validateUsername('') === 'Username cannot be empty'
 */
export function validateUsername(username: string): string | null {
  const checked = checkUsername(username);
  return checked.ok ? null : checked.error;
}
