/**
 * The one rule for text people type and others read: chat messages, Prophecy comments, market texts and
 * usernames. The server enforces it and the web app checks it before sending, with the same messages.
 *
 * Text is normalised to NFC and trimmed, then refused when it is empty, longer than its limit (in code
 * points, so an emoji counts once), holds a character that is not printable, or shows nothing. Not
 * printable: control characters (multi-line fields keep newline and tab), line and paragraph separators,
 * lone surrogates, private-use and unassigned code points (noncharacters included), and every format or
 * default-ignorable character (bidi controls, zero-width characters, U+FEFF, tag characters, Hangul
 * fillers, variation selectors) but the two emoji need: the zero-width joiner between two emoji
 * (👨‍👩‍👧) and the presentation selectors U+FE0E/U+FE0F right after an emoji (❤️). A base character
 * carries at most {@link MAX_COMBINING_MARKS} combining marks, which every living script fits in and
 * stacked "Zalgo" text does not.
 *
 * Usernames are also compared with the deny list by their skeleton ({@link usernameSkeleton}), so
 * look-alike spellings (`ADMlN`, `adm1n`, `r00t`, Cyrillic `аdmin`) are refused like the word itself.
 *
 * @module
 */

import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from './constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

/** Most combining marks one base character may carry. */
export const MAX_COMBINING_MARKS = 3;

/** Why {@link checkText} refused a text. */
export type TextProblem = 'empty' | 'tooLong' | 'invalid';

/** The messages of a refused text, naming the field. */
export const TEXT_MESSAGES = Object.freeze({
  empty: (label: string): string => `${label} cannot be empty`,
  tooLong: (label: string, maxLength: number): string =>
    `${label} cannot be longer than ${maxLength} characters`,
  invalid: (label: string): string => `${label} contains invalid characters`,
} as const);

/** Options of {@link checkText}. */
export interface TextRuleOptions {
  /** Most code points after normalising and trimming. */
  readonly maxLength: number;
  /** Whether newlines and tabs are allowed inside the text (comments, rules); default false. */
  readonly multiline?: boolean;
  /** The field's name in messages: 'Message', 'Comment', 'Name'…; default 'Text'. */
  readonly label?: string;
}

/** The outcome of {@link checkText}: the text to store, or why it was refused. */
export type TextCheck =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly problem: TextProblem; readonly error: string };

const ZWJ = '\u200d';
const VS15 = '\ufe0e';
const VS16 = '\ufe0f';

/** Never printable: controls, separators, surrogates, private use, unassigned (noncharacters included). */
const NOT_PRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;
/** Invisible characters that change or hide what others see: format and default-ignorable code points. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const MARK = /\p{M}/u;
const EMOJI = /\p{Emoji}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
/** What shows nothing: white space, invisible characters, marks without a base, the braille blank. */
const BLANK = /[\p{White_Space}\p{Zs}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;
/** Line ends a multi-line field stores as `\n`. */
const LINE_ENDS = /\r\n?/g;

/** Whether the zero-width joiner at `chars[i]` joins two emoji, as in 👨‍👩‍👧 or 🏳️‍🌈. */
function joinsEmoji(chars: readonly string[], i: number): boolean {
  const before = chars[i - 1] ?? '';
  const after = chars[i + 1] ?? '';
  const emojiBefore = PICTOGRAPHIC.test(before) || EMOJI_MODIFIER.test(before) || before === VS16;
  return emojiBefore && PICTOGRAPHIC.test(after);
}

/** Whether every code point of `text` is allowed where it stands (see the module's description). */
function isPrintable(text: string, multiline: boolean): boolean {
  const chars = Array.from(text);
  let marks = 0;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (multiline && (char === '\n' || char === '\t')) {
      marks = 0;
      continue;
    }
    if (NOT_PRINTABLE.test(char)) return false;
    if (char === ZWJ) {
      if (!joinsEmoji(chars, i)) return false;
      marks = 0;
      continue;
    }
    if (char === VS15 || char === VS16) {
      if (!EMOJI.test(chars[i - 1] ?? '')) return false;
      continue;
    }
    if (INVISIBLE.test(char)) return false;
    if (MARK.test(char)) {
      marks += 1;
      if (marks > MAX_COMBINING_MARKS) return false;
      continue;
    }
    marks = 0;
  }
  return true;
}

/** Whether `text` shows nothing: only white space, invisible fillers and marks without a base. */
export function isVisuallyEmpty(text: string): boolean {
  return text.replace(BLANK, '') === '';
}

/**
 * Checks a text against the rule and returns it as it is to be stored (NFC, trimmed, line ends as `\n`),
 * or the refusal with its message. Checks run in order: empty, too long, invalid characters, shows nothing.
 *
 * @example checkText('  gm  ', { maxLength: 100, label: 'Message' }) → { ok: true, text: 'gm' }
 * @example checkText('a\u202Eb', { maxLength: 100, label: 'Message' })
 *   → { ok: false, problem: 'invalid', error: 'Message contains invalid characters' }
 */
export function checkText(value: string, options: TextRuleOptions): TextCheck {
  const label = options.label ?? 'Text';
  const multiline = options.multiline ?? false;
  let text = value.normalize('NFC');
  if (multiline) text = text.replace(LINE_ENDS, '\n');
  text = text.trim();
  if (text === '') return refuse('empty', TEXT_MESSAGES.empty(label));
  // Every field's size is bounded before it gets here (body and frame limits), so counting it whole is cheap.
  if (Array.from(text).length > options.maxLength) {
    return refuse('tooLong', TEXT_MESSAGES.tooLong(label, options.maxLength));
  }
  if (!isPrintable(text, multiline)) return refuse('invalid', TEXT_MESSAGES.invalid(label));
  if (isVisuallyEmpty(text)) return refuse('empty', TEXT_MESSAGES.empty(label));
  return { ok: true, text };
}

function refuse(problem: TextProblem, error: string): TextCheck {
  return { ok: false, problem, error };
}

/** The message for each way the text rule refuses a username (docs/reference/validation.md#usernames). */
const USERNAME_MESSAGES: Readonly<Record<TextProblem, string>> = Object.freeze({
  empty: VALIDATION_MESSAGES.usernameEmpty,
  tooLong: VALIDATION_MESSAGES.usernameTooLong,
  invalid: VALIDATION_MESSAGES.usernameInvalidCharacters,
});

/**
 * A username's check, server and client alike: the text rule on one line of at most
 * {@link USERNAME_MAX_LENGTH} code points, then the spec's characters (letters, digits, `_` and `@`),
 * with the messages in the order of docs/reference/validation.md#usernames. The deny list is the server's
 * ({@link isDeniedUsername}).
 *
 * @example checkUsername('  degen_42 ') → { ok: true, text: 'degen_42' }
 * @example checkUsername('moon🚀') → { ok: false, problem: 'invalid', error: 'Only letters, digits, _ and @ are allowed' }
 */
export function checkUsername(value: string): TextCheck {
  const checked = checkText(value, { maxLength: USERNAME_MAX_LENGTH, label: 'Username' });
  if (!checked.ok) return refuse(checked.problem, USERNAME_MESSAGES[checked.problem]);
  if (!USERNAME_PATTERN.test(checked.text)) return refuse('invalid', USERNAME_MESSAGES.invalid);
  return checked;
}

/**
 * Look-alikes folded to one letter: digits and symbols that pass for letters, and the Cyrillic and Greek
 * letters drawn like Latin ones. Applied after lower-casing and NFKC, so `I`, `ｌ` and `l` are all `l`.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = Object.freeze({
  '0': 'o',
  '1': 'l',
  i: 'l',
  '|': 'l',
  '!': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  $: 's',
  '@': 'a',
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'l',
  ї: 'l',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
});

/** Letter pairs drawn like one letter, folded after the single look-alikes. */
const LOOK_ALIKE_PAIRS: readonly (readonly [RegExp, string])[] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/** Separators a name can hide a word behind (`ad_min`). */
const SEPARATORS = /[\s_.-]/gu;

/**
 * A username's skeleton: what it looks like, with case, compatibility forms, separators, marks and
 * look-alike characters folded away, so names that read the same compare equal.
 *
 * @example usernameSkeleton('ADMlN') === usernameSkeleton('adm1n') // both 'admln'
 * @example usernameSkeleton('r00t') === 'root'
 */
export function usernameSkeleton(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .normalize('NFKC')
    .replace(SEPARATORS, '');
  let skeleton = Array.from(folded, (char) => LOOK_ALIKES[char] ?? char).join('');
  for (const [pair, letter] of LOOK_ALIKE_PAIRS) skeleton = skeleton.replace(pair, letter);
  return skeleton;
}

/**
 * Whether the deny list refuses `username`, compared by skeleton: it reads as a listed word ('ADMlN' for
 * 'admin'), or contains one of four or more letters ('xAdm1nx'), so short words ('mod') do not refuse
 * ordinary names ('modest').
 */
export function isDeniedUsername(username: string, denylist: readonly string[]): boolean {
  const name = usernameSkeleton(username);
  return denylist.some((entry) => {
    const word = usernameSkeleton(entry);
    if (word === '') return false;
    return name === word || (word.length >= 4 && name.includes(word));
  });
}
