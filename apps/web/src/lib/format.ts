/**
 * Display formatting shared by every screen: amounts (the rules below), dates, countdowns and
 * addresses.
 *
 * Amount rules ({@link NUMBER_FORMAT_THRESHOLDS}), applied to the absolute value, the sign mirrored:
 * - exactly 0 → `'0'`;
 * - below 0.001 → 4 decimals (`0.0005` → `'0.0005'`);
 * - below 1 → 2 decimals (`0.5` → `'0.50'`);
 * - below 100 → 1 decimal (`12.34` → `'12.3'`);
 * - from 100 up to 999,999 → no decimals, with thousands separators (`12345.6` → `'12,346'`). The spec
 *   only says what happens below 100 and above 999,999; whole units are the natural reading in between;
 * - above 999,999 → abbreviated with M/B/T and 1 decimal (`1234567` → `'1.2M'`).
 *
 * Never more decimals than the rule, and never a `'<'`: an amount that rounds to zero in its bucket reads
 * as zero in that bucket (`0.004` → `'0.00'`), as the rule says. Where a player pays, the exact amount is
 * {@link formatExactSol}'s job, not this one's.
 *
 * Decimals are fixed, not trimmed, so columns of amounts line up. Rounding is half away from zero on the
 * exact decimal value, so `0.015` → `'0.02'`, and a value that rounds to zero never shows a minus sign.
 * Amounts are computed on decimal digits (bigint), never on binary floats, so `formatLamports` is exact
 * for the whole u64 range and agrees with `formatNumber(Number(lamports) / 1e9)` wherever that number is
 * exact.
 *
 * @module
 */

import { ASSET_DISPLAY_PRECISION, NUMBER_FORMAT_THRESHOLDS, SOL_DECIMALS } from '@arcade/sdk/constants';
import { UI_TEXT } from '@arcade/sdk/messages';

/** An exact decimal: `(negative ? -1 : 1) × mantissa / 10^scale`. */
interface Decimal {
  readonly negative: boolean;
  readonly mantissa: bigint;
  readonly scale: number;
}

const TEN = 10n;

function pow10(exponent: number): bigint {
  return TEN ** BigInt(exponent);
}

/** The exact decimal a JS number prints as (its shortest round-trip form, so `0.015` is 15/1000). */
function decimalOfNumber(value: number): Decimal {
  const negative = value < 0;
  const text = Math.abs(value).toString();
  const [coefficient = '0', exponentText] = text.split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole = '0', fraction = ''] = coefficient.split('.');
  const digits = BigInt(whole + fraction);
  const scale = fraction.length - exponent;
  return scale >= 0
    ? { negative, mantissa: digits, scale }
    : { negative, mantissa: digits * pow10(-scale), scale: 0 };
}

/** `a < b` for non-negative decimals. */
function lessThan(a: Decimal, b: Decimal): boolean {
  return a.mantissa * pow10(b.scale) < b.mantissa * pow10(a.scale);
}

/** The value rounded half away from zero to `decimals` places, as an integer count of 10^-decimals. */
function roundTo(value: Decimal, decimals: number): bigint {
  if (decimals >= value.scale) return value.mantissa * pow10(decimals - value.scale);
  const divisor = pow10(value.scale - decimals);
  const quotient = value.mantissa / divisor;
  return (value.mantissa % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `units / 10^decimals` with thousands separators and exactly `decimals` decimals. */
function fixed(units: bigint, decimals: number): string {
  const divisor = pow10(decimals);
  const whole = groupThousands((units / divisor).toString());
  if (decimals === 0) return whole;
  return `${whole}.${(units % divisor).toString().padStart(decimals, '0')}`;
}

const FOUR_DECIMALS_BELOW = decimalOfNumber(NUMBER_FORMAT_THRESHOLDS.fourDecimalsBelow);
const TWO_DECIMALS_BELOW = decimalOfNumber(NUMBER_FORMAT_THRESHOLDS.twoDecimalsBelow);
const ONE_DECIMAL_BELOW = decimalOfNumber(NUMBER_FORMAT_THRESHOLDS.oneDecimalBelow);
const ABBREVIATE_ABOVE = decimalOfNumber(NUMBER_FORMAT_THRESHOLDS.abbreviateAbove);

/** Abbreviation suffixes and the power of ten each stands for, smallest first. */
const ABBREVIATIONS = [
  { suffix: 'K', exponent: 3 },
  { suffix: 'M', exponent: 6 },
  { suffix: 'B', exponent: 9 },
  { suffix: 'T', exponent: 12 },
] as const;

const ABBREVIATED_DECIMALS = 1;

function abbreviate(magnitude: Decimal): string {
  // Largest unit the value reaches; a value just above 999,999 still reads as millions once rounded.
  let index = ABBREVIATIONS.length - 1;
  while (index > 0) {
    const unit = ABBREVIATIONS[index];
    if (
      unit !== undefined &&
      !lessThan(magnitude, { negative: false, mantissa: pow10(unit.exponent), scale: 0 })
    )
      break;
    index--;
  }
  for (;;) {
    const unit = ABBREVIATIONS[index] ?? ABBREVIATIONS[0];
    const scaled: Decimal = {
      negative: false,
      mantissa: magnitude.mantissa,
      scale: magnitude.scale + unit.exponent,
    };
    const units = roundTo(scaled, ABBREVIATED_DECIMALS);
    // 999.96M rounds to 1000.0M: move up to 1.0B instead.
    if (units >= 1000n * pow10(ABBREVIATED_DECIMALS) && index < ABBREVIATIONS.length - 1) {
      index++;
      continue;
    }
    return `${fixed(units, ABBREVIATED_DECIMALS)}${unit.suffix}`;
  }
}

function formatDecimal(value: Decimal): string {
  if (value.mantissa === 0n) return '0';
  const magnitude: Decimal = { ...value, negative: false };
  let body: string;
  if (
    ABBREVIATE_ABOVE.mantissa * pow10(magnitude.scale) <
    magnitude.mantissa * pow10(ABBREVIATE_ABOVE.scale)
  ) {
    body = abbreviate(magnitude);
  } else {
    const decimals = lessThan(magnitude, FOUR_DECIMALS_BELOW)
      ? 4
      : lessThan(magnitude, TWO_DECIMALS_BELOW)
        ? 2
        : lessThan(magnitude, ONE_DECIMAL_BELOW)
          ? 1
          : 0;
    body = fixed(roundTo(magnitude, decimals), decimals);
  }
  // A value that rounds to zero (-0.00001 → 0.0000) must not read as negative.
  return value.negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * A number per the amount rules (see the module comment).
 *
 * Not-a-number prints as `'—'` and infinities as `'∞'` / `'-∞'`, so a broken computation is visible
 * without printing `NaN`.
 *
 * @example formatNumber(0.00042) === '0.0004'; formatNumber(42) === '42.0'; formatNumber(2_500_000) === '2.5M'
 */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  return formatDecimal(decimalOfNumber(value));
}

/**
 * A raw token amount with `decimals` decimals, formatted exactly per the amount rules.
 *
 * @example formatTokenAmount(1_500_000n, 6) === '1.5'
 */
export function formatTokenAmount(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  return formatDecimal({ negative, mantissa: negative ? -raw : raw, scale: decimals });
}

/**
 * Lamports as a SOL amount (no unit), exact for any u64.
 *
 * @example formatLamports(1_234_000_000n) === '1.2'
 */
export function formatLamports(lamports: bigint): string {
  return formatTokenAmount(lamports, SOL_DECIMALS);
}

/**
 * Lamports per the rules: the same as {@link formatLamports}. It used to print an amount that rounds to
 * zero as `'<0.01'`, which the rules do not allow; it is kept for its callers and now follows the rules like
 * every other display amount (an exact amount to pay is {@link formatExactSol}). New code: use
 * {@link formatLamports}.
 *
 * @example formatLamportsMin(4_000_000n) === '0.00'; formatLamportsMin(0n) === '0'
 */
export function formatLamportsMin(lamports: bigint): string {
  return formatLamports(lamports);
}

/**
 * Lamports as the shortest exact SOL text, every significant decimal kept and no grouping: what an amount
 * input holds, and what a tooltip shows behind a rounded amount.
 *
 * @example formatSolDecimal(1_250_000_000n) === '1.25'; formatSolDecimal(10_000_000n) === '0.01'
 */
export function formatSolDecimal(lamports: bigint): string {
  const unit = 10n ** BigInt(SOL_DECIMALS);
  const fraction = (lamports % unit).toString().padStart(SOL_DECIMALS, '0').replace(/0+$/, '');
  return `${lamports / unit}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * A SOL amount typed by the player, in lamports, exactly: digits with one decimal separator, `.` or `,` (a
 * decimal keypad types `,` in many locales), and at most {@link SOL_DECIMALS} decimals. Null for anything
 * else: signs, exponents, grouping (`1,000.5`), more than 9 decimals. A `,` is never read as grouping, so
 * `1,000` is 1 SOL, not 1,000: a misread stake is smaller, never larger. Not capped: callers say what is
 * too much. The inverse of {@link formatSolDecimal}.
 *
 * @example parseSolInput('0.25') === 250_000_000n; parseSolInput('1,5') === 1_500_000_000n; parseSolInput('1e3') === null
 */
export function parseSolInput(text: string): bigint | null {
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (match === null) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > SOL_DECIMALS) return null;
  const unit = 10n ** BigInt(SOL_DECIMALS);
  return BigInt(whole === '' ? '0' : whole) * unit + BigInt(fraction.padEnd(SOL_DECIMALS, '0'));
}

/**
 * Lamports as exact SOL with the unit: for amounts that matter to the lamport, such as a bet account's
 * deposit or a fee, which {@link formatSol}'s two decimals would show as `0.00 SOL`.
 *
 * @example formatExactSol(1_461_600n) === '0.0014616 SOL'
 */
export function formatExactSol(lamports: bigint): string {
  return `${formatSolDecimal(lamports)} SOL`;
}

/** A count with its noun: `pluralize(1, 'bet') === '1 bet'`, `pluralize(3, 'bet') === '3 bets'`. */
export function pluralize(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Lamports as a SOL amount with its unit.
 *
 * @example formatSol(250_000_000n) === '0.25 SOL'
 */
export function formatSol(lamports: bigint): string {
  return `${formatLamports(lamports)} SOL`;
}

const usdFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: ASSET_DISPLAY_PRECISION,
  maximumFractionDigits: ASSET_DISPLAY_PRECISION,
});

/**
 * A US dollar value (asset prices) with {@link ASSET_DISPLAY_PRECISION} decimals.
 *
 * @example formatUsd(1234.5) === '$1,234.50'; formatUsd(-3) === '-$3.00'
 */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const body = usdFormat.format(Math.abs(value));
  return value < 0 && /[1-9]/.test(body) ? `-$${body}` : `$${body}`;
}

/**
 * A percentage given in percent units (odds and pool shares are kept as 0–100), with at most
 * `maxDecimals` decimals and trailing zeros dropped.
 *
 * @example formatPercent(50) === '50%'; formatPercent(33.3333) === '33.33%'
 */
export function formatPercent(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  const body = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxDecimals }).format(Math.abs(value));
  return value < 0 && /[1-9]/.test(body) ? `-${body}%` : `${body}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A moment as day, short month, two-digit year and 12-hour time in the user's time zone, in the
 * fixed form `'D Mon YY, h:mm AM'`.
 *
 * @param time - epoch milliseconds or a Date
 * @example formatDateTime(new Date(2026, 10, 22, 15, 7)) === '22 Nov 26, 3:07 PM'
 */
export function formatDateTime(time: number | Date): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) return '—';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = date.getMinutes().toString().padStart(2, '0');
  const year = (date.getFullYear() % 100).toString().padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${year}, ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Time left: days and hours, hours and minutes, or minutes and seconds; `'Pending...'` once it
 * has run out. Seconds round up, so the display reaches zero exactly when the time does.
 *
 * @example formatCountdown(187_000_000) === '2d 3h'; formatCountdown(249_000) === '4m 09s'
 */
export function formatCountdown(ms: number): string {
  if (!(ms > 0)) return UI_TEXT.countdownComplete;
  const total = Math.ceil(ms / SECOND) * SECOND;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes.toString().padStart(2, '0')}m`;
  return `${minutes}m ${seconds.toString().padStart(2, '0')}s`;
}

/**
 * How long ago a past event happened, for feeds, chat and logs: `'just now'`, `'42s ago'`, `'5m ago'`,
 * `'3h ago'`, `'2d ago'`; a week or more ago falls back to {@link formatDateTime}.
 *
 * The events shown are always in the past, so a time ahead of `now` is the server's or the chain's clock
 * running ahead of this device's: it reads `'just now'`, never `'in 10s'`.
 *
 * @param now - the reference time, for tests and for re-rendering on a shared clock
 */
export function formatRelativeTime(time: number | Date, now: number = Date.now()): string {
  const at = typeof time === 'number' ? time : time.getTime();
  if (!Number.isFinite(at)) return '—';
  const ago = now - at;
  if (ago < 10 * SECOND) return 'just now';
  if (ago >= 7 * DAY) return formatDateTime(at);
  const amount =
    ago < MINUTE
      ? `${Math.floor(ago / SECOND)}s`
      : ago < HOUR
        ? `${Math.floor(ago / MINUTE)}m`
        : ago < DAY
          ? `${Math.floor(ago / HOUR)}h`
          : `${Math.floor(ago / DAY)}d`;
  return `${amount} ago`;
}

/**
 * A base58 address shortened to its first and last `chars` characters.
 *
 * @example shortAddress('AbCdEfGhWxYz') === 'AbCd…WxYz'
 */
export function shortAddress(address: string, chars = 4): string {
  if (address.length <= chars * 2 + 1) return address;
  return `${address.slice(0, chars)}…${address.slice(-chars)}`;
}
