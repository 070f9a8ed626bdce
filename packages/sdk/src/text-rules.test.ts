import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  checkText,
  checkUsername,
  isDeniedUsername,
  isVisuallyEmpty,
  MAX_COMBINING_MARKS,
  usernameSkeleton,
} from './text-rules.ts';

const line = { maxLength: 100, label: 'Message' } as const;
const block = { maxLength: 1000, label: 'Comment', multiline: true } as const;
const invalid = (label: string) => ({
  ok: false,
  problem: 'invalid',
  error: `${label} contains invalid characters`,
});
const empty = (label: string) => ({ ok: false, problem: 'empty', error: `${label} cannot be empty` });

/** Code points a forbidden-character check must refuse wherever they stand. */
const FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

describe('checkText', () => {
  it('returns the text normalised to NFC and trimmed', () => {
    expect(checkText('  gm  ', line)).toEqual({ ok: true, text: 'gm' });
    expect(checkText('Cafe\u0301', line)).toEqual({ ok: true, text: 'Café' });
    expect(checkText(' one\r\ntwo\rthree\n', block)).toEqual({ ok: true, text: 'one\ntwo\nthree' });
  });

  it('refuses controls, separators and lone surrogates', () => {
    for (const text of ['a\u0000b', 'a\u0007b', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\uD800b', 'a\uDC00b']) {
      expect(checkText(text, line)).toEqual(invalid('Message'));
      expect(checkText(text, block)).toEqual(invalid('Comment'));
    }
    // One line: no newline or tab; several lines: both kept.
    expect(checkText('a\nb', line)).toEqual(invalid('Message'));
    expect(checkText('a\tb', line)).toEqual(invalid('Message'));
    expect(checkText('a\n\tb', block)).toEqual({ ok: true, text: 'a\n\tb' });
  });

  it('refuses bidi controls, zero-width and other invisible characters', () => {
    const invisible = [
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\u2064',
      '\ufeff',
      '\u180e',
      '\u00ad',
      '\u034f',
      '\u3164',
      '\uffa0',
      '\u{e0001}',
      '\u{e0041}',
      '\u{e007f}',
      '\ufe00',
      '\ufe0f',
      '\u{e0100}',
    ];
    for (const char of invisible) expect(checkText(`a${char}b`, line)).toEqual(invalid('Message'));
  });

  it('refuses private-use, unassigned and noncharacter code points', () => {
    for (const char of ['\ue000', '\uf8ff', '\u{f0000}', '\ufdd0', '\ufffe', '\u{10ffff}', '\u0378']) {
      expect(checkText(`a${char}b`, line)).toEqual(invalid('Message'));
    }
  });

  it('keeps emoji: joined sequences, presentation selectors, skin tones, flags and keycaps', () => {
    for (const emoji of ['👨‍👩‍👧', '🏳️‍🌈', '❤️‍🔥', '🧑🏽‍💻', '👍🏿', '🇫🇷', '1️⃣', '❤️', '☺︎', '👁️‍🗨️']) {
      expect(checkText(`gm ${emoji}`, line)).toEqual({ ok: true, text: `gm ${emoji}` });
    }
    // The joiner between letters, or a selector after a letter, hides nothing an emoji needs.
    expect(checkText('ad\u200dmin', line)).toEqual(invalid('Message'));
    expect(checkText('👍\u200da', line)).toEqual(invalid('Message'));
    expect(checkText('a\ufe0f', line)).toEqual(invalid('Message'));
  });

  it(`allows ${MAX_COMBINING_MARKS} combining marks on a base character, not more`, () => {
    // Thai, Devanagari, pointed Hebrew and Vietnamese stay well inside the cap.
    for (const text of ['ที่นี่', 'किंतु', 'שָׁלוֹם', 'Tiếng Việt']) {
      expect(checkText(text, line)).toEqual({ ok: true, text: text.normalize('NFC') });
    }
    expect(checkText(`x\u0301\u0302\u0303`, line).ok).toBe(true);
    expect(checkText(`x\u0301\u0302\u0303\u0304`, line)).toEqual(invalid('Message'));
    expect(checkText(`Z${'\u0336'.repeat(99)}`, line)).toEqual(invalid('Message'));
  });

  it('refuses text that shows nothing', () => {
    expect(checkText('', line)).toEqual(empty('Message'));
    expect(checkText(' \u00a0\u3000 ', line)).toEqual(empty('Message'));
    expect(checkText('\u2800', line)).toEqual(empty('Message'));
    expect(checkText('\u2800 \u2800', line)).toEqual(empty('Message'));
    expect(checkText('\u0301', line)).toEqual(empty('Message'));
    // Only a filler: refused (as invisible), never stored.
    expect(checkText('\u3164', line).ok).toBe(false);
    expect(checkText('\u115f\u1160', line).ok).toBe(false);
  });

  it('counts code points after normalising', () => {
    expect(checkText('👍'.repeat(100), line)).toEqual({ ok: true, text: '👍'.repeat(100) });
    expect(checkText('👍'.repeat(101), line)).toEqual({
      ok: false,
      problem: 'tooLong',
      error: 'Message cannot be longer than 100 characters',
    });
    // 100 letters with a combining accent each: 100 code points once composed.
    expect(checkText('e\u0301'.repeat(100), line)).toEqual({ ok: true, text: 'é'.repeat(100) });
  });

  it('names the field, "Text" by default', () => {
    expect(checkText('', { maxLength: 5 })).toEqual(empty('Text'));
  });

  it('only ever returns well-formed, NFC, printable, visible text, and accepts it again unchanged', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({
        unit: fc.constantFrom('a', ' ', '\n', '\u0301', '\u200d', '\ufe0f', '👍', '\u2800', '\u3164', '\r'),
        maxLength: 30,
      }),
    );
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, multiline) => {
        const result = checkText(text, { maxLength: 60, multiline });
        if (!result.ok) return;
        const out = result.text;
        expect(out.isWellFormed()).toBe(true);
        expect(out.normalize('NFC')).toBe(out);
        expect(isVisuallyEmpty(out)).toBe(false);
        for (const char of out) {
          if (multiline && (char === '\n' || char === '\t')) continue;
          if (char === '\u200d' || char === '\ufe0e' || char === '\ufe0f') continue;
          expect(FORBIDDEN.test(char)).toBe(false);
        }
        expect(checkText(out, { maxLength: 60, multiline })).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('usernameSkeleton and isDeniedUsername', () => {
  const denylist = ['admin', 'mod', 'root', 'support', 'juice'];

  it('folds case, digits and symbols that pass for letters, and Cyrillic and Greek look-alikes', () => {
    expect(usernameSkeleton('ADMlN')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('adm1n')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('r00t')).toBe('root');
    expect(usernameSkeleton('\u0430dmin')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('αdmιn')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('ａｄｍｉｎ')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('adrnin')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('5upp0rt')).toBe('support');
    expect(usernameSkeleton('@dm_in')).toBe(usernameSkeleton('admin'));
  });

  it('refuses look-alikes of a listed word, exactly or inside a longer name', () => {
    for (const name of [
      'ADMlN',
      'adm1n',
      'r00t',
      '\u0430dmin',
      'Adm|n',
      'x_adm1n_x',
      'JU1CE',
      'supp0rt42',
      'M0D',
    ]) {
      expect(isDeniedUsername(name, denylist)).toBe(true);
    }
  });

  it('keeps short words to exact matches, so ordinary names pass', () => {
    for (const name of ['Lilly', 'modest', 'm0dern', 'William', 'degen_42', 'Vladimir', 'rooster']) {
      expect(isDeniedUsername(name, denylist)).toBe(false);
    }
  });

  it('accepts, as a known cost, some names that contain a listed word of four letters or more', () => {
    // 'Rooter' contains 'root', as it did before skeletons; the look-alike folding adds no new ones here.
    expect(isDeniedUsername('Rooter', denylist)).toBe(true);
    expect(isDeniedUsername('badminton', denylist)).toBe(true);
  });

  it('refuses every case variant of a listed word', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...denylist),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        (word, upper) => {
          const variant = Array.from(word, (c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          expect(isDeniedUsername(variant, denylist)).toBe(true);
        },
      ),
    );
  });

  it('ignores empty list entries', () => {
    expect(isDeniedUsername('anyone', ['', '   '])).toBe(false);
  });
});

describe('checkUsername', () => {
  it('gives the username messages in their order', () => {
    const refused = (error: string) => ({ ok: false, problem: expect.any(String) as unknown, error });
    expect(checkUsername('')).toEqual(refused('Username cannot be empty'));
    expect(checkUsername('\u2800')).toEqual(refused('Username cannot be empty'));
    expect(checkUsername('a'.repeat(16))).toEqual(refused('Username cannot be longer than 15 characters'));
    expect(checkUsername('degen 42')).toEqual(refused('Only letters, digits, _ and @ are allowed'));
    // Emoji and other scripts pass the text rule but not the spec's characters: a clear answer, not a 500.
    expect(checkUsername('moon🚀')).toEqual(refused('Only letters, digits, _ and @ are allowed'));
    expect(checkUsername('\u0430dmin')).toEqual(refused('Only letters, digits, _ and @ are allowed'));
    expect(checkUsername('ad\u200bmin')).toEqual(refused('Only letters, digits, _ and @ are allowed'));
  });

  it('returns the username trimmed', () => {
    expect(checkUsername('  Degen_42@sol ')).toEqual({ ok: true, text: 'Degen_42@sol' });
  });
});
