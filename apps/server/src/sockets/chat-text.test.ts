import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { checkChatText } from './chat-text.ts';

/** A refusal as the acknowledgement carries it: the code, and the catalogue's message for it. */
function refusalOf(value: unknown): { code: number; error: string } | null {
  const check = checkChatText(value);
  return check.ok ? null : { code: check.code, error: API_ERROR_MESSAGES[check.code] };
}

/**
 * Printable code points the text rule keeps as they are (assigned, NFC-stable, no marks, no format or
 * invisible characters), emoji included; the Unicode spaces are left out, since trimming removes them at
 * either end.
 */
const printable = fc
  .oneof(
    fc.integer({ min: 0x21, max: 0x7e }),
    fc.integer({ min: 0xa1, max: 0xac }),
    fc.integer({ min: 0xae, max: 0xff }),
    fc.integer({ min: 0x3b1, max: 0x3c9 }),
    fc.integer({ min: 0x4e00, max: 0x9fff }),
    fc.integer({ min: 0x2010, max: 0x2027 }),
    fc.integer({ min: 0x1f300, max: 0x1f64f }),
  )
  .map((code) => String.fromCodePoint(code));
const word = fc
  .array(printable, { minLength: 1, maxLength: CHAT_MESSAGE_MAX_LENGTH })
  .map((chars) => chars.join(''));
const space = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \u00a0');
const control = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(0x202e, 0x2066),
  )
  .map((code) => String.fromCodePoint(code));

describe('checkChatText', () => {
  it('accepts 1 to 100 printable code points and returns them trimmed', () => {
    fc.assert(
      fc.property(space, word, space, (before, text, after) => {
        expect(checkChatText(`${before}${text}${after}`)).toEqual({ ok: true, text });
      }),
    );
  });

  it('refuses more than 100 code points, whatever their UTF-16 length', () => {
    fc.assert(
      fc.property(
        fc.array(printable, { minLength: CHAT_MESSAGE_MAX_LENGTH + 1, maxLength: 400 }),
        (chars) => {
          expect(checkChatText(chars.join(''))).toEqual({ ok: false, code: ApiErrorCode.CHAT_TOO_LONG });
        },
      ),
    );
  });

  it('refuses a control or bidi character inside the text', () => {
    fc.assert(
      fc.property(word, control, word, (head, bad, tail) => {
        const text = `${head.slice(0, 40)}${bad}${tail.slice(0, 40)}`;
        expect(checkChatText(text)).toEqual({ ok: false, code: ApiErrorCode.CHAT_INVALID_CHARACTERS });
      }),
    );
  });

  it('refuses empty and non-string messages with their own errors', () => {
    expect(refusalOf('')).toEqual({ code: ApiErrorCode.CHAT_EMPTY, error: 'Message cannot be empty' });
    expect(refusalOf(' \n\t ')).toEqual({ code: ApiErrorCode.CHAT_EMPTY, error: 'Message cannot be empty' });
    expect(refusalOf(undefined)).toEqual({ code: ApiErrorCode.CHAT_EMPTY, error: 'Message cannot be empty' });
    expect(refusalOf(7)).toEqual({ code: ApiErrorCode.CHAT_NOT_TEXT, error: 'Message must be text' });
    expect(refusalOf({ toString: () => 'hi' })).toEqual({
      code: ApiErrorCode.CHAT_NOT_TEXT,
      error: 'Message must be text',
    });
  });

  it('counts an emoji as one character and keeps markup as text', () => {
    expect(checkChatText('👍'.repeat(100))).toEqual({ ok: true, text: '👍'.repeat(100) });
    expect(checkChatText('👍'.repeat(101))).toEqual({ ok: false, code: ApiErrorCode.CHAT_TOO_LONG });
    expect(checkChatText('<img src=x onerror=alert(1)>')).toEqual({
      ok: true,
      text: '<img src=x onerror=alert(1)>',
    });
  });

  it('refuses invisible, bidi and tag characters, and stacked combining marks', () => {
    const refused = [
      'zero\u200bwidth',
      'zero\u200cnon-joiner',
      'join\u200ded',
      'word\u2060joiner',
      'left\u200eto right',
      'right\u200fto left',
      'arabic\u061cmark',
      'bom\ufeffinside',
      'tag\u{e0067}\u{e0062}\u{e007f}s',
      'soft\u00adhyphen',
      `Z${'\u0336'.repeat(99)}`,
      'hangul\u3164filler',
    ];
    for (const text of refused) {
      expect({ text, check: checkChatText(text) }).toEqual({
        text,
        check: { ok: false, code: ApiErrorCode.CHAT_INVALID_CHARACTERS },
      });
    }
  });

  it('refuses a message that shows nothing', () => {
    expect(checkChatText('\u3164')).toEqual({ ok: false, code: ApiErrorCode.CHAT_INVALID_CHARACTERS });
    expect(checkChatText('\u3164\u3164\u3164')).toEqual({
      ok: false,
      code: ApiErrorCode.CHAT_INVALID_CHARACTERS,
    });
    expect(checkChatText('\u2800')).toEqual({ ok: false, code: ApiErrorCode.CHAT_EMPTY });
    expect(checkChatText('\u00a0\u3000')).toEqual({ ok: false, code: ApiErrorCode.CHAT_EMPTY });
  });

  it('keeps emoji sequences and stores the text in NFC', () => {
    for (const text of ['gm 👨‍👩‍👧', '🏳️‍🌈 pride', '❤️‍🔥', '👍🏽 nice', '🇫🇷', 'Ça va ☕️']) {
      expect(checkChatText(text)).toEqual({ ok: true, text });
    }
    expect(checkChatText('Cafe\u0301')).toEqual({ ok: true, text: 'Caf\u00e9' });
  });
});
