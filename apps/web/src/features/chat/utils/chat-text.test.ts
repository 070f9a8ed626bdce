import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { describe, expect, it } from 'vitest';

import {
  canSendChatText,
  chatLength,
  chatLengthProblem,
  chatTextProblem,
  normalizeChatInput,
} from './chat-text.ts';

describe('normalizeChatInput', () => {
  it('keeps a 10,000-character paste whole: nothing is cut behind the writer', () => {
    expect(CHAT_MESSAGE_MAX_LENGTH).toBe(100);
    expect(normalizeChatInput('x'.repeat(10_000))).toBe('x'.repeat(10_000));
  });
  it('turns line breaks into spaces: a message is one line', () => {
    expect(normalizeChatInput('gm\nfrens\r\nwagmi')).toBe('gm frens wagmi');
  });
});

describe('chatLengthProblem', () => {
  it('says nothing up to 100 characters (after trimming), and how much is too much beyond', () => {
    expect(chatLengthProblem('y'.repeat(100))).toBeNull();
    expect(chatLengthProblem(`  ${'y'.repeat(100)}  `)).toBeNull();
    expect(chatLengthProblem('y'.repeat(101))).toBe('Message is 1 character too long (100 max)');
    expect(chatLengthProblem('y'.repeat(10_000))).toBe('Message is 9,900 characters too long (100 max)');
  });
  it('counts an emoji as one character, as the server does', () => {
    expect(chatLength('🚀'.repeat(100))).toBe(100);
    expect(chatLengthProblem('🚀'.repeat(100))).toBeNull();
    expect(chatLengthProblem('🚀'.repeat(101))).toBe('Message is 1 character too long (100 max)');
  });
});

describe('canSendChatText', () => {
  it('refuses blank text and accepts 1 to 100 characters', () => {
    expect(canSendChatText('   ')).toBe(false);
    expect(canSendChatText('gm')).toBe(true);
    expect(canSendChatText(`  ${'z'.repeat(100)}  `)).toBe(true);
    expect(canSendChatText('z'.repeat(101))).toBe(false);
  });
});

describe('chatTextProblem', () => {
  it("gives the server's refusal for invisible, bidi and stacked characters before sending", () => {
    for (const text of [
      'free\u200bmoney',
      '\u202Eevil',
      'bom\ufeff!',
      'tag\u{e0041}',
      `Z${'\u0336'.repeat(20)}`,
      '\u3164',
    ]) {
      expect(chatTextProblem(text)).toBe('Message contains invalid characters');
    }
    expect(chatTextProblem('\u2800')).toBe('Message cannot be empty');
  });
  it('lets emoji sequences through', () => {
    expect(chatTextProblem('gm 👨‍👩‍👧 ❤️‍🔥 👍🏽')).toBeNull();
  });
});
