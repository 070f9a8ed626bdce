/**
 * The market form shared by `/prophecy/create` (admins) and `/prophecy/request` (players): its values,
 * `datetime-local` conversions, and the checks the server makes (`marketProposalSchema` and
 * `checkMarketTimes`), with the server's own messages, so a bad market is caught before any round trip.
 *
 * @module
 */

import {
  MARKET_METADATA_LIMITS,
  MARKET_PROPOSAL_MESSAGES,
  marketTimesError,
  type MarketProposal,
} from '@arcade/sdk/api/prophecy';
import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { checkText } from '@arcade/sdk/text-rules';
import { isAddress } from '@solana/kit';

/** The messages of the time and referrer checks. */
export const PROPOSAL_MESSAGES = Object.freeze({
  endRequired: 'Pick an end time',
  cutoffRequired: 'Pick a cutoff time',
  ...MARKET_PROPOSAL_MESSAGES,
  invalidImage: 'Invalid image',
  invalidAddress: 'Invalid address',
});

/** The form's values, as the inputs hold them. */
export interface ProposalFormValues {
  readonly name: string;
  readonly shortName: string;
  readonly category: string;
  readonly rules: string;
  readonly image: string;
  readonly yesOption: string;
  readonly noOption: string;
  readonly invalidOption: string;
  /** `datetime-local` value, local time. */
  readonly cutoffTime: string;
  /** `datetime-local` value, local time. */
  readonly endTime: string;
  /** A wallet address, or empty for none. */
  readonly referrer: string;
}

/** A field's error message. */
export type ProposalFormErrors = Partial<Record<keyof ProposalFormValues, string>>;

/** An empty form, with the spec's default options. */
export const EMPTY_PROPOSAL: ProposalFormValues = Object.freeze({
  name: '',
  shortName: '',
  category: PROPHECY_CATEGORIES[0],
  rules: '',
  image: '',
  yesOption: 'Yes',
  noOption: 'No',
  invalidOption: 'Invalid',
  cutoffTime: '',
  endTime: '',
  referrer: '',
});

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

/** Length in code points, as the server counts (an emoji counts once). */
export const codePoints = (text: string): number => Array.from(text).length;

function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

/**
 * The server's check of a plain-text field named `label`: the shared text rule (`@arcade/sdk/text-rules`),
 * on one line unless `multiline` (the rules), with the server's messages.
 */
export function textError(label: string, value: string, max: number, multiline = false): string | undefined {
  const checked = checkText(value, { label, maxLength: max, multiline });
  return checked.ok ? undefined : checked.error;
}

function imageError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (codePoints(text) > MARKET_METADATA_LIMITS.image) {
    return `Image cannot be longer than ${MARKET_METADATA_LIMITS.image} characters`;
  }
  if (!isPrintable(text) || /\s/.test(text)) return PROPOSAL_MESSAGES.invalidImage;
  if (text.startsWith('/')) return text.startsWith('//') ? PROPOSAL_MESSAGES.invalidImage : undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : PROPOSAL_MESSAGES.invalidImage;
  } catch {
    return PROPOSAL_MESSAGES.invalidImage;
  }
}

/** The cutoff and end checks of `create_market`: both given, the cutoff in the future and not after the end. */
export function timeErrors(
  cutoffValue: string,
  endValue: string,
  nowMs: number,
): Pick<ProposalFormErrors, 'cutoffTime' | 'endTime'> {
  const cutoff = fromDateTimeLocal(cutoffValue);
  const end = fromDateTimeLocal(endValue);
  const errors: { cutoffTime?: string; endTime?: string } = {};
  if (end === null) errors.endTime = PROPOSAL_MESSAGES.endRequired;
  const message = cutoff === null ? PROPOSAL_MESSAGES.cutoffRequired : marketTimesError(cutoff, end, nowMs);
  if (message !== null) errors.cutoffTime = message;
  return errors;
}

/** The labels the server's messages use, by field. */
export const FIELD_LABELS = Object.freeze({
  name: 'Name',
  shortName: 'Short name',
  rules: 'Rules',
  yesOption: 'Yes option',
  noOption: 'No option',
  invalidOption: 'Option for an invalid result',
});

/**
 * Validates the whole form as the server will: the body to send, or the errors by field.
 *
 * @example validateProposal({ ...EMPTY_PROPOSAL }, Date.now()).ok === false
 */
export function validateProposal(
  values: ProposalFormValues,
  nowMs: number,
):
  | { readonly ok: true; readonly proposal: MarketProposal }
  | { readonly ok: false; readonly errors: ProposalFormErrors } {
  const times = timeErrors(values.cutoffTime, values.endTime, nowMs);
  const referrer = values.referrer.trim();
  const errors: Record<keyof ProposalFormValues, string | undefined> = {
    name: textError(FIELD_LABELS.name, values.name, MARKET_METADATA_LIMITS.name),
    shortName: textError(FIELD_LABELS.shortName, values.shortName, MARKET_METADATA_LIMITS.shortName),
    category: (PROPHECY_CATEGORIES as readonly string[]).includes(values.category)
      ? undefined
      : PROPOSAL_MESSAGES.invalidCategory,
    rules: textError(FIELD_LABELS.rules, values.rules, MARKET_METADATA_LIMITS.rules, true),
    image: imageError(values.image),
    yesOption: textError(FIELD_LABELS.yesOption, values.yesOption, MARKET_METADATA_LIMITS.option),
    noOption: textError(FIELD_LABELS.noOption, values.noOption, MARKET_METADATA_LIMITS.option),
    invalidOption: textError(FIELD_LABELS.invalidOption, values.invalidOption, MARKET_METADATA_LIMITS.option),
    cutoffTime: times.cutoffTime,
    endTime: times.endTime,
    referrer: referrer === '' || isAddress(referrer) ? undefined : PROPOSAL_MESSAGES.invalidAddress,
  };
  const present = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as ProposalFormErrors;
  if (Object.keys(present).length > 0) return { ok: false, errors: present };
  return {
    ok: true,
    proposal: {
      name: values.name.trim(),
      shortName: values.shortName.trim(),
      yesOption: values.yesOption.trim(),
      noOption: values.noOption.trim(),
      invalidOption: values.invalidOption.trim(),
      category: values.category,
      image: values.image.trim(),
      rules: values.rules.trim(),
      cutoffTime: fromDateTimeLocal(values.cutoffTime) ?? 0,
      endTime: fromDateTimeLocal(values.endTime) ?? 0,
      referrer: referrer === '' ? null : referrer,
    },
  };
}
