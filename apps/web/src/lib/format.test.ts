import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDateTime,
  formatExactSol,
  formatLamports,
  formatLamportsMin,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatSol,
  formatSolDecimal,
  formatTokenAmount,
  formatUsd,
  parseSolInput,
  pluralize,
  shortAddress,
} from './format.ts';

/** Reads a formatted amount back as a number, expanding K/M/B/T. */
function parseFormatted(text: string): number {
  const match = /^(-?)([\d,]+(?:\.\d+)?)([KMBT]?)$/.exec(text);
  if (!match) throw new Error(`not a formatted amount: ${text}`);
  const [, sign = '', digits = '', suffix = ''] = match;
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[suffix] ?? Number.NaN;
  return (sign === '-' ? -1 : 1) * Number(digits.replaceAll(',', '')) * scale;
}

function decimalsOf(text: string): number {
  const fraction = /\.(\d+)/.exec(text)?.[1];
  return fraction?.length ?? 0;
}

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [0.0005, '0.0005'],
    [0.00012345, '0.0001'],
    [0.00001, '0.0000'],
    [-0.00001, '0.0000'],
    [0.001, '0.00'],
    [0.015, '0.02'],
    [0.5, '0.50'],
    [0.999, '1.00'],
    [1, '1.0'],
    [12.34, '12.3'],
    [12.35, '12.4'],
    [99.96, '100.0'],
    [100, '100'],
    [12_345.6, '12,346'],
    [999_999, '999,999'],
    [999_999.5, '1.0M'],
    [1_000_000, '1.0M'],
    [1_234_567, '1.2M'],
    [1_250_000, '1.3M'],
    [12_345_678, '12.3M'],
    [999_940_000, '999.9M'],
    [999_960_000, '1.0B'],
    [2_500_000_000, '2.5B'],
    [7.891e12, '7.9T'],
    [1.5e15, '1,500.0T'],
    [1e-7, '0.0000'],
    [-5, '-5.0'],
    [-1_234_567, '-1.2M'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '∞'],
    [Number.NEGATIVE_INFINITY, '-∞'],
  ])('formatNumber(%s) === %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('never prints NaN, Infinity or a negative zero for finite input', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = formatNumber(value);
        expect(text).not.toMatch(/NaN|Infinity|e[+-]/);
        expect(text).not.toMatch(/^-0(\.0+)?[KMBT]?$/);
        expect(Number.isNaN(parseFormatted(text))).toBe(false);
      }),
    );
  });

  it('mirrors negatives', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), (value) => {
        const positive = formatNumber(value);
        const negative = formatNumber(-value);
        expect(negative).toBe(/[1-9]/.test(positive) ? `-${positive}` : positive);
      }),
    );
  });

  it('uses the decimals of the bucket the value falls in', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: 1e-12, max: 999_999, noDefaultInfinity: true }), (value) => {
        const expected = value < 0.001 ? 4 : value < 1 ? 2 : value < 100 ? 1 : 0;
        expect(decimalsOf(formatNumber(value))).toBe(expected);
      }),
    );
  });

  it('is monotonic: a larger value never reads as a smaller one', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e16, max: 1e16 }),
        fc.double({ noNaN: true, min: -1e16, max: 1e16 }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(parseFormatted(formatNumber(low))).toBeLessThanOrEqual(parseFormatted(formatNumber(high)));
        },
      ),
    );
  });

  it('stays within the rounding of its bucket', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: 0, max: 999_999 }), (value) => {
        const decimals = decimalsOf(formatNumber(value));
        expect(Math.abs(parseFormatted(formatNumber(value)) - value)).toBeLessThanOrEqual(
          0.5 * 10 ** -decimals + 1e-9,
        );
      }),
    );
  });
});

describe('formatLamportsMin', () => {
  it.each([
    [0n, '0'],
    // It used to read '<0.01' and '<0.0001': the spec's rule has no '<'.
    [4_000_000n, '0.00'],
    [1n, '0.0000'],
    [500_000n, '0.0005'],
    [15_000_000n, '0.02'],
    [-4_000_000n, '0.00'],
  ])('formatLamportsMin(%s) === %j', (lamports, expected) => {
    expect(formatLamportsMin(lamports)).toBe(expected);
  });

  it('is formatLamports: the same rules, for every u64 and its negative', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), (lamports) => {
        expect(formatLamportsMin(lamports)).toBe(formatLamports(lamports));
      }),
    );
  });
});

/** The decimals the spec's rule allows for a SOL amount of `lamports` (abbreviated amounts: 1). */
function ruleDecimals(lamports: bigint): number {
  const magnitude = lamports < 0n ? -lamports : lamports;
  if (magnitude > 999_999n * 1_000_000_000n) return 1;
  if (magnitude < 1_000_000n) return 4;
  if (magnitude < 1_000_000_000n) return 2;
  if (magnitude < 100_000_000_000n) return 1;
  return 0;
}

describe("the spec's number rules, for every display amount (properties)", () => {
  const anyLamports = fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n });

  it('never prints "<", and never more decimals than the rule of the amount\'s bucket', () => {
    fc.assert(
      fc.property(anyLamports, (lamports) => {
        for (const text of [formatLamports(lamports), formatLamportsMin(lamports), formatSol(lamports)]) {
          expect(text).not.toContain('<');
          expect(decimalsOf(text)).toBeLessThanOrEqual(ruleDecimals(lamports));
        }
        // Exactly the rule's decimals, except a zero, which reads '0'.
        if (lamports !== 0n) expect(decimalsOf(formatLamports(lamports))).toBe(ruleDecimals(lamports));
      }),
      { numRuns: 2000 },
    );
  });

  it('is monotonic in lamports: more never reads as less, across every bucket and abbreviation', () => {
    fc.assert(
      fc.property(anyLamports, anyLamports, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(parseFormatted(formatLamports(low))).toBeLessThanOrEqual(parseFormatted(formatLamports(high)));
      }),
      { numRuns: 2000 },
    );
  });

  it('abbreviates above 999,999 as one decimal and M, B or T (1.2M), and never before', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n }), (lamports) => {
        const text = formatLamports(lamports);
        if (lamports > 999_999n * 1_000_000_000n) expect(text).toMatch(/^[\d,]+\.\d[MBT]$/);
        else expect(text).toMatch(/^[\d,]+(\.\d+)?$/);
      }),
      { numRuns: 2000 },
    );
    expect(formatSol(1_234_567n * 1_000_000_000n)).toBe('1.2M SOL');
  });

  it('shows the amounts a new player saw wrongly by the rules', () => {
    // Was '<0.01 SOL' (a 0.004 SOL fee) and '0.0014616 SOL' (a 0.0014616 SOL deposit).
    expect(`${formatLamportsMin(4_000_000n)} SOL`).toBe('0.00 SOL');
    expect(formatSol(1_461_600n)).toBe('0.00 SOL');
    expect(formatSol(461_600n)).toBe('0.0005 SOL');
    expect(formatSol(20_000_000n)).toBe('0.02 SOL');
  });
});

describe('formatLamports and formatTokenAmount', () => {
  it.each([
    [0n, '0'],
    [1n, '0.0000'],
    [500_000n, '0.0005'],
    [15_000_000n, '0.02'],
    [10_000_000n, '0.01'],
    [1_234_000_000n, '1.2'],
    [-1_500_000_000n, '-1.5'],
    [123_456_000_000_000n, '123,456'],
    [10_000_000_000_000_000n, '10.0M'],
    [18_446_744_073_709_551_615n, '18.4B'],
  ])('formatLamports(%s) === %j', (lamports, expected) => {
    expect(formatLamports(lamports)).toBe(expected);
  });

  it('handles values far beyond 2^53 exactly', () => {
    // One lamport decides whether the amount is above the abbreviation threshold.
    expect(formatLamports(999_999_000_000_000n)).toBe('999,999');
    expect(formatLamports(999_999_000_000_001n)).toBe('1.0M');
    expect(formatLamports(-999_999_000_000_001n)).toBe('-1.0M');
    expect(formatLamports(2n ** 64n - 1n)).toBe('18.4B');
    expect(formatLamports(2n ** 80n)).toBe('1,208.9T');
  });

  it('agrees with formatNumber of the SOL value below 2^53 lamports', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }), (lamports) => {
        expect(formatLamports(lamports)).toBe(formatNumber(Number(lamports) / 1e9));
      }),
      { numRuns: 2000 },
    );
  });

  it('formats token amounts by their decimals', () => {
    expect(formatTokenAmount(1_500_000n, 6)).toBe('1.5');
    expect(formatTokenAmount(2_400_000_000n, 6)).toBe('2,400');
    expect(formatTokenAmount(42n, 0)).toBe('42.0');
    expect(formatSol(250_000_000n)).toBe('0.25 SOL');
  });
});

describe('formatUsd and formatPercent', () => {
  it('formats dollars with two decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.004)).toBe('$0.00');
    expect(formatUsd(-0.001)).toBe('$0.00');
    expect(formatUsd(-3)).toBe('-$3.00');
    expect(formatUsd(Number.NaN)).toBe('—');
  });

  it('formats percentages without trailing zeros', () => {
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(33.3333)).toBe('33.33%');
    expect(formatPercent(12.5, 0)).toBe('13%');
    expect(formatPercent(-0.001)).toBe('0%');
  });
});

describe('formatDateTime', () => {
  it.each([
    [new Date(2026, 10, 22, 15, 7), '22 Nov 26, 3:07 PM'],
    [new Date(2026, 0, 1, 0, 5), '1 Jan 26, 12:05 AM'],
    [new Date(2009, 11, 31, 12, 0), '31 Dec 09, 12:00 PM'],
    [new Date(2030, 5, 9, 11, 59), '9 Jun 30, 11:59 AM'],
  ])('formatDateTime(%s) === %j', (date, expected) => {
    expect(formatDateTime(date)).toBe(expected);
    expect(formatDateTime(date.getTime())).toBe(expected);
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDateTime(Number.NaN)).toBe('—');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, 'Pending...'],
    [-5_000, 'Pending...'],
    [1, '0m 01s'],
    [249_000, '4m 09s'],
    [59 * 60_000 + 59_000, '59m 59s'],
    [3_600_000, '1h 00m'],
    [3 * 3_600_000 + 12 * 60_000, '3h 12m'],
    [2 * 86_400_000 + 4 * 3_600_000 + 59_000, '2d 4h'],
    [86_400_000, '1d 0h'],
  ])('formatCountdown(%s) === %j', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });

  it('never counts up as time passes', () => {
    const toSeconds = (text: string): number => {
      const parts = /^(\d+)([dhm]) (\d+)([hms])$/.exec(text);
      if (!parts) return 0;
      const unit = { d: 86_400, h: 3_600, m: 60, s: 1 };
      return (
        Number(parts[1]) * unit[parts[2] as keyof typeof unit] +
        Number(parts[3]) * unit[parts[4] as keyof typeof unit]
      );
    };
    fc.assert(
      fc.property(fc.nat(10 * 86_400_000), fc.nat(10 * 86_400_000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(toSeconds(formatCountdown(low))).toBeLessThanOrEqual(toSeconds(formatCountdown(high)));
      }),
    );
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 22, 15, 7).getTime();
  it.each([
    [now - 3_000, 'just now'],
    [now - 42_000, '42s ago'],
    [now - 5 * 60_000, '5m ago'],
    [now - 3 * 3_600_000, '3h ago'],
    [now - 2 * 86_400_000, '2d ago'],
    // A feed item stamped by a server or chain clock ahead of this device's: a past event, never 'in 10s'.
    [now + 10_000, 'just now'],
    [now + 5 * 60_000, 'just now'],
    [now - 8 * 86_400_000, '14 Nov 26, 3:07 PM'],
  ])('formatRelativeTime(%s) === %j', (time, expected) => {
    expect(formatRelativeTime(time, now)).toBe(expected);
  });

  it('never reads as a future time, whatever the clock skew (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 }), (offset) => {
        const text = formatRelativeTime(now + offset, now);
        expect(text).not.toMatch(/^in /);
        if (offset >= 0) expect(text).toBe('just now');
      }),
    );
  });
});

describe('shortAddress', () => {
  it('keeps the first and last characters', () => {
    expect(shortAddress('AbCdEfGhIjKlMnWxYz')).toBe('AbCd…WxYz');
    expect(shortAddress('AbCdEfGhIjKlMnWxYz', 6)).toBe('AbCdEf…MnWxYz');
    expect(shortAddress('short')).toBe('short');
  });
});

describe('formatExactSol', () => {
  it('shows a deposit to the lamport, where the two-decimal rule would say 0.00 SOL', () => {
    expect(formatExactSol(1_461_600n)).toBe('0.0014616 SOL');
    expect(formatExactSol(4_384_800n)).toBe('0.0043848 SOL');
    expect(formatExactSol(1n)).toBe('0.000000001 SOL');
    expect(formatExactSol(2_000_500_000n)).toBe('2.0005 SOL');
    expect(formatExactSol(0n)).toBe('0 SOL');
    // The exact amount behind a rounded one: the retail price breakdown's 0.81 SOL.
    expect(formatExactSol(812_000_000n)).toBe('0.812 SOL');
    expect(formatExactSol(2_000_000_000n)).toBe('2 SOL');
  });
});

describe('parseSolInput', () => {
  it('reads what players type as exact lamports, with `.` or `,` as the decimal separator', () => {
    expect(parseSolInput('0.25')).toBe(250_000_000n);
    expect(parseSolInput('1')).toBe(1_000_000_000n);
    expect(parseSolInput('.5')).toBe(500_000_000n);
    expect(parseSolInput('1,5')).toBe(1_500_000_000n);
    expect(parseSolInput(' 2. ')).toBe(2_000_000_000n);
    expect(parseSolInput('0.000000001')).toBe(1n);
  });

  it('never reads a comma as grouping: a misread stake is smaller, never larger', () => {
    expect(parseSolInput('1,000')).toBe(1_000_000_000n);
    expect(parseSolInput('1,000.5')).toBeNull();
    expect(parseSolInput('1,000,000')).toBeNull();
  });

  it('refuses what is not a plain decimal number of SOL', () => {
    for (const text of ['', ' ', '.', ',', 'abc', '1e3', '-1', '+1', '1.2.3', '0.0000000001', '١'])
      expect(parseSolInput(text)).toBeNull();
  });

  it('round-trips every u64 through the input text, with either separator (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.boolean(), (lamports, comma) => {
        const text = formatSolDecimal(lamports);
        expect(parseSolInput(comma ? text.replace('.', ',') : text)).toBe(lamports);
      }),
    );
  });
});

describe('pluralize', () => {
  it('puts the noun in the plural for any count but one', () => {
    expect([0, 1, 2, 20].map((count) => pluralize(count, 'bet'))).toEqual([
      '0 bets',
      '1 bet',
      '2 bets',
      '20 bets',
    ]);
  });
});
