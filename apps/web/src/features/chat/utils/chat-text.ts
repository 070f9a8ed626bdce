/**
 * Chat text on the client: the same rules the server checks (spec §5: at most
 * {@link CHAT_MESSAGE_MAX_LENGTH} characters, counted in code points so an emoji is one, one line of
 * plain text), applied while typing so nothing the server would refuse for its length is ever sent.
 *
 * @module
 */

import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';

/** A chat message as the `/chat` socket sends it (spec §3 "Chat message"). */
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

/** The outcome of {@link limitChatInput}. */
export interface LimitedInput {
  readonly text: string;
  /** True when characters were dropped to fit. */
  readonly cut: boolean;
}

/**
 * What the input keeps of typed or pasted text: line breaks become spaces (a pasted paragraph stays one
 * line), then anything past {@link CHAT_MESSAGE_MAX_LENGTH} characters is cut, never splitting an emoji.
 *
 * @example limitChatInput('x'.repeat(10_000)) → { text: 'x'.repeat(100), cut: true }
 */
export function limitChatInput(raw: string): LimitedInput {
  const oneLine = raw.replace(LINE_BREAKS, ' ');
  const chars = Array.from(oneLine);
  if (chars.length <= CHAT_MESSAGE_MAX_LENGTH) return { text: oneLine, cut: false };
  return { text: chars.slice(0, CHAT_MESSAGE_MAX_LENGTH).join(''), cut: true };
}

/** Whether the text can be sent: something other than spaces, within the limit. */
export function canSendChatText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && chatLength(trimmed) <= CHAT_MESSAGE_MAX_LENGTH;
}
