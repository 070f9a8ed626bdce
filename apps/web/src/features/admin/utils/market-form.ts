/**
 * The create-market form: its fields, `datetime-local` conversions and the checks the server will make, so
 * a bad market never costs a round trip (or a transaction). Messages are the server's own wording.
 *
 * @module
 */

import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';

import type { CreateMarketInput } from '../api/create-market.ts';

/** Longest name, short name, option, rules and image URL the server accepts, in code points. */
export const MARKET_FIELD_LIMITS = Object.freeze({
  name: 120,
  shortName: 40,
  option: 40,
  rules: 2_000,
  image: 500,
});

/** The server's checks of market times. */
export const MARKET_TIME_MESSAGES = Object.freeze({
  endRequired: 'Pick an end time',
  cutoffRequired: 'Pick a cutoff time',
  cutoffInPast: 'Cutoff time must be in the future',
  cutoffAfterEnd: 'Cutoff time must not be after the end time',
});

/** The form's values, as the inputs hold them. */
export interface MarketFormValues {
  readonly name: string;
  readonly shortName: string;
  readonly category: string;
  readonly rules: string;
  readonly image: string;
  readonly yesOption: string;
  readonly noOption: string;
  readonly invalidOption: string;
  /** `datetime-local` value, local time. */
  readonly endTime: string;
  /** `datetime-local` value, local time. */
  readonly cutoffTime: string;
}

/** A field's error message. */
export type MarketFormErrors = Partial<Record<keyof MarketFormValues, string>>;

/** An empty form, with the spec's default options. */
export const EMPTY_MARKET_FORM: MarketFormValues = {
  name: '',
  shortName: '',
  category: PROPHECY_CATEGORIES[0],
  rules: '',
  image: '',
  yesOption: 'Yes',
  noOption: 'No',
  invalidOption: 'Invalid',
  endTime: '',
  cutoffTime: '',
};

const pad = (n: number): string => String(n).padStart(2, '0');

/** Unix seconds as a `datetime-local` value in the browser's zone. */
export function toDateTimeLocal(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as unix seconds, or null when empty or malformed. */
export function fromDateTimeLocal(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

const codePoints = (text: string): number => Array.from(text).length;

function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

function textError(label: string, value: string, max: number): string | undefined {
  const text = value.trim();
  if (text === '') return `${label} cannot be empty`;
  if (codePoints(text) > max) return `${label} cannot be longer than ${max} characters`;
  if (!isPrintable(text)) return `${label} contains invalid characters`;
  return undefined;
}

function imageError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (codePoints(text) > MARKET_FIELD_LIMITS.image)
    return `Image cannot be longer than ${MARKET_FIELD_LIMITS.image} characters`;
  if (!isPrintable(text) || /\s/.test(text)) return 'Invalid image';
  if (text.startsWith('/')) return text.startsWith('//') ? 'Invalid image' : undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'Invalid image';
  } catch {
    return 'Invalid image';
  }
}

/**
 * Checks end and cutoff as `create_market` and `update_market` will: both given, the cutoff in the future
 * and not after the end. Returns the errors by field (empty when valid).
 */
export function timeErrors(
  endValue: string,
  cutoffValue: string,
  nowMs: number,
): Pick<MarketFormErrors, 'endTime' | 'cutoffTime'> {
  const end = fromDateTimeLocal(endValue);
  const cutoff = fromDateTimeLocal(cutoffValue);
  const errors: { endTime?: string; cutoffTime?: string } = {};
  if (end === null) errors.endTime = MARKET_TIME_MESSAGES.endRequired;
  if (cutoff === null) errors.cutoffTime = MARKET_TIME_MESSAGES.cutoffRequired;
  else if (cutoff <= Math.floor(nowMs / 1000)) errors.cutoffTime = MARKET_TIME_MESSAGES.cutoffInPast;
  else if (end !== null && cutoff > end) errors.cutoffTime = MARKET_TIME_MESSAGES.cutoffAfterEnd;
  return errors;
}

/** Validates the whole form: the body to send, or the errors by field. */
export function validateMarketForm(
  values: MarketFormValues,
  nowMs: number,
):
  | { readonly ok: true; readonly input: CreateMarketInput }
  | { readonly ok: false; readonly errors: MarketFormErrors } {
  const times = timeErrors(values.endTime, values.cutoffTime, nowMs);
  const errors: Record<keyof MarketFormValues, string | undefined> = {
    name: textError('Name', values.name, MARKET_FIELD_LIMITS.name),
    shortName: textError('Short name', values.shortName, MARKET_FIELD_LIMITS.shortName),
    category: (PROPHECY_CATEGORIES as readonly string[]).includes(values.category)
      ? undefined
      : 'Invalid category',
    rules: textError('Rules', values.rules, MARKET_FIELD_LIMITS.rules),
    image: imageError(values.image),
    yesOption: textError('Yes option', values.yesOption, MARKET_FIELD_LIMITS.option),
    noOption: textError('No option', values.noOption, MARKET_FIELD_LIMITS.option),
    invalidOption: textError(
      'Option for an invalid result',
      values.invalidOption,
      MARKET_FIELD_LIMITS.option,
    ),
    endTime: times.endTime,
    cutoffTime: times.cutoffTime,
  };
  const present = Object.fromEntries(
    Object.entries(errors).filter(([, v]) => v !== undefined),
  ) as MarketFormErrors;
  if (Object.keys(present).length > 0) return { ok: false, errors: present };
  return {
    ok: true,
    input: {
      name: values.name.trim(),
      shortName: values.shortName.trim(),
      yesOption: values.yesOption.trim(),
      noOption: values.noOption.trim(),
      invalidOption: values.invalidOption.trim(),
      category: values.category,
      image: values.image.trim(),
      rules: values.rules.trim(),
      endTime: fromDateTimeLocal(values.endTime) ?? 0,
      cutoffTime: fromDateTimeLocal(values.cutoffTime) ?? 0,
    },
  };
}
