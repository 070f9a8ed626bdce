/**
 * Chat text on the client: the same rules the server checks (at most
 * {@link CHAT_MESSAGE_MAX_LENGTH} characters, counted in code points so an emoji is one, one line of
 * plain text), applied while typing: text over the limit is flagged and never sent (not cut behind the
 * writer's back).
 *
 * @module
 */

import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { checkText } from '@arcade/sdk/text-rules';

/** A chat message as the `/chat` socket sends it (docs/reference/api.md#the-chat-socket). */
export interface ChatMessage {
  readonly id: string;
  /** The poster's username. */
  readonly user: string;
  /** The poster's wallet address. */
  readonly userId: string;
  /** Plain text. */
  readonly message: string;
  /** Epoch milliseconds. */
  readonly timestamp: number;
}

/** Whether a socket payload is a message this client can show. */
export function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m['id'] === 'string' &&
    typeof m['user'] === 'string' &&
    typeof m['userId'] === 'string' &&
    typeof m['message'] === 'string' &&
    typeof m['timestamp'] === 'number'
  );
}

/** Characters a one-line message cannot hold (the server refuses them): line breaks and other controls. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** The number of characters as the server counts them (code points). */
export function chatLength(text: string): number {
  return Array.from(text).length;
}

/**
 * What the input keeps of typed or pasted text: line breaks become spaces (a pasted paragraph stays one
 * line). Nothing is cut: text over {@link CHAT_MESSAGE_MAX_LENGTH} characters stays as typed, flagged by
 * {@link chatLengthProblem}, so the writer decides what to drop.
 *
 * @example normalizeChatInput('gm\nfrens') → 'gm frens'
 */
export function normalizeChatInput(raw: string): string {
  return raw.replace(LINE_BREAKS, ' ');
}

/**
 * Why text cannot be sent for its length, as the composer says it; null within the limit.
 *
 * @example chatLengthProblem('x'.repeat(101)) → 'Message is 1 character too long (100 max)'
 */
export function chatLengthProblem(text: string): string | null {
  const over = chatLength(text.trim()) - CHAT_MESSAGE_MAX_LENGTH;
  if (over <= 0) return null;
  const count = over.toLocaleString('en-US');
  return `Message is ${count} ${over === 1 ? 'character' : 'characters'} too long (${CHAT_MESSAGE_MAX_LENGTH} max)`;
}

/** Whether the text can be sent: something other than spaces, within the limit. */
export function canSendChatText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && chatLength(trimmed) <= CHAT_MESSAGE_MAX_LENGTH;
}

/**
 * Why the server would refuse `text` under the shared text rule (`@arcade/sdk/text-rules`), in its words,
 * or null: 'Message contains invalid characters' for invisible, bidi or stacked characters, 'Message cannot
 * be empty' for text that shows nothing.
 *
 * @example chatTextProblem('gm\u200b') → 'Message contains invalid characters'
 */
export function chatTextProblem(text: string): string | null {
  const checked = checkText(text, { maxLength: CHAT_MESSAGE_MAX_LENGTH, label: 'Message' });
  return checked.ok ? null : checked.error;
}
