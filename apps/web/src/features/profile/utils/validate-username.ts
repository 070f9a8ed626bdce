/**
 * The client-side username check, with the spec §5 messages in the spec's order, so the user sees the
 * same first error the server would send.
 *
 * @module
 */

import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@arcade/sdk/constants';
import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';

/**
 * The first rule `username` breaks, or null when it is valid. Length counts code points, as the server
 * does, so an emoji counts once.
 *
 * @example validateUsername('') === 'Username cannot be empty'
 */
export function validateUsername(username: string): string | null {
  const value = username.trim();
  if (value === '') return VALIDATION_MESSAGES.usernameEmpty;
  if (Array.from(value).length > USERNAME_MAX_LENGTH) return VALIDATION_MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(value)) return VALIDATION_MESSAGES.usernameInvalidCharacters;
  return null;
}
