import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { describe, expect, it } from 'vitest';

import { canSendChatText, chatLength, limitChatInput } from './chat-text.ts';

describe('limitChatInput', () => {
  it('cuts a 10,000-character paste to the limit', () => {
    const result = limitChatInput('x'.repeat(10_000));
    expect(CHAT_MESSAGE_MAX_LENGTH).toBe(100);
    expect(result).toEqual({ text: 'x'.repeat(100), cut: true });
  });
  it('keeps text at exactly the limit', () => {
    expect(limitChatInput('y'.repeat(100))).toEqual({ text: 'y'.repeat(100), cut: false });
  });
  it('counts an emoji as one character and never splits it', () => {
    const text = '🚀'.repeat(150);
    const result = limitChatInput(text);
    expect(chatLength(result.text)).toBe(100);
    expect(result.text).toBe('🚀'.repeat(100));
  });
  it('turns line breaks into spaces: a message is one line', () => {
    expect(limitChatInput('gm\nfrens\r\nwagmi').text).toBe('gm frens wagmi');
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
