import foresightIdl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import wagerIdl from '@arcade/program-wager/idl.json' with { type: 'json' };
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import {
  BPS_DENOMINATOR,
  BREAKPOINTS,
  LAMPORTS_PER_SOL,
  LOCAL_STORAGE_KEYS,
  MIN_BET_LAMPORTS,
  ODDS_DENOMINATOR,
  ODDS_MAX,
  ODDS_MIN,
  REFERRAL_SHARE_BPS,
  SKILL_LABELS,
  TAILSPIN_FEE_BPS,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from './constants.ts';

const U64_MAX = (1n << 64n) - 1n;

/** An IDL's `constants` section. */
type IdlConstants = readonly { readonly name: string; readonly type: string; readonly value: string }[];

/** The names both IDLs declare with another type or value. */
function disagreements(a: IdlConstants, b: IdlConstants): string[] {
  return a.flatMap(({ name, type, value }) => {
    const other = b.find((constant) => constant.name === name);
    return other === undefined || (other.type === type && BigInt(other.value) === BigInt(value))
      ? []
      : [name];
  });
}

/**
 * Every constant of each program's IDL and the SDK exports that carry it. A constant added to an IDL fails
 * the test below until the SDK exports it.
 */
const SDK_EXPORTS_OF_IDL_CONSTANTS = {
  wager: {
    BPS_DENOMINATOR: ['BPS_DENOMINATOR'],
    FEE_BPS_TAILSPIN: ['TAILSPIN_FEE_BPS'],
    FEE_BPS_POOL: ['POOL_FEE_BPS', 'PROPHECY_FEE_BPS'],
    REFERRAL_SHARE_BPS: ['REFERRAL_SHARE_BPS'],
    MIN_BET_LAMPORTS: ['MIN_BET_LAMPORTS'],
    ODDS_MIN: ['ODDS_MIN'],
    ODDS_MAX: ['ODDS_MAX'],
    ODDS_DENOMINATOR: ['ODDS_DENOMINATOR'],
    MAX_PRIZE_BPS_OF_FREE: ['MAX_PRIZE_BPS_OF_FREE_BALANCE'],
    RANDOM_RANGE: ['RANDOM_VALUE_RANGE'],
    BET_REFUND_DELAY_SECS: ['BET_REFUND_DELAY_SECS'],
    SEED_RESET_DELAY_SECS: ['SEED_RESET_DELAY_SECS'],
    MARKET_RESOLVE_GRACE_SECS: ['MARKET_RESOLVE_GRACE_SECS'],
    MARKET_MAX_LIFETIME_SECS: ['MARKET_MAX_LIFETIME_SECS'],
  },
  foresight: {
    BPS_DENOMINATOR: ['BPS_DENOMINATOR'],
    FEE_BPS_POOL: ['FORESIGHT_FEE_BPS', 'POOL_FEE_BPS'],
    MIN_BET_LAMPORTS: ['MIN_BET_LAMPORTS'],
    ORACLE_MAX_LATE_SECS: ['ORACLE_MAX_LATE_SECS'],
    TICK_GRACE_SECS: ['FORESIGHT_TICK_GRACE_SECS'],
    SETTLE_BUFFER_SECS: ['FORESIGHT_SETTLE_BUFFER_SECS'],
  },
} as const satisfies Record<string, Record<string, readonly (keyof typeof constants)[]>>;

describe('business constants', () => {
  it("has the values the games' rules fix (docs/reference/rules.md)", () => {
    expect(constants).toMatchObject({
      LAMPORTS_PER_SOL: 1_000_000_000n,
      BPS_DENOMINATOR: 10_000n,
      TAILSPIN_FEE_BPS: 400n,
      POOL_FEE_BPS: 300n,
      FORESIGHT_FEE_BPS: 300n,
      PROPHECY_FEE_BPS: 300n,
      REFERRAL_SHARE_BPS: 1_000n,
      RETAIL_MARKETPLACE_FEE_BPS: 150n,
      MIN_BET_LAMPORTS: 10_000_000n,
      ODDS_MIN: 1,
      ODDS_MAX: 95,
      ODDS_DENOMINATOR: 100n,
      MAX_PRIZE_BPS_OF_FREE_BALANCE: 500n,
      RANDOM_VALUE_RANGE: 100,
      BET_REFUND_DELAY_SECS: 120,
      SEED_CHAIN_LENGTH: 10_000,
      SEED_RESET_DELAY_SECS: 604_800,
      MARKET_RESOLVE_GRACE_SECS: 604_800,
      MARKET_MAX_LIFETIME_SECS: 31_622_400,
      FORESIGHT_TIMELOCK_SECS: 300,
      ORACLE_MAX_LATE_SECS: 30,
      FORESIGHT_TICK_GRACE_SECS: 60,
      FORESIGHT_SETTLE_BUFFER_SECS: 3_600,
      FORESIGHT_EVENT_REMAINING_MS: 302_000,
      PAST_EVENTS_FETCHED: 8,
      JUICE_CLAIM_INTERVAL_SECS: 86_400,
      JUICE_MULTIPLIER: 2_400n,
      JUICE_DECIMALS: 6,
      BET_POLL_INTERVAL_MS: 3_000,
      BET_POLL_TIMEOUT_MS: 180_000,
      RESEND_INTERVAL_MS: 2_000,
      CONFIRMATION_TIMEOUT_MS: 120_000,
      TOAST_DURATION_MS: 3_000,
      SIGNATURE_FEE_LAMPORTS: 5_000n,
      MAX_TRANSACTION_FEE_LAMPORTS: 5_005_000n,
      DEFAULT_MAX_PRIORITY_FEE_LAMPORTS: 5_000_000n,
      MIN_PRIORITY_FEE_BASIS: 50_000n,
      PRIORITY_FEE_FLOOR_MICRO_LAMPORTS: 50_000n,
      COMPUTE_UNIT_MULTIPLIER: 1.1,
      COMPUTE_UNIT_CAP: 1_400_000,
      DEFAULT_COMPUTE_UNIT_LIMIT: 200_000,
      MIN_SIMULATED_UNITS: 10_000,
      MAX_TRANSACTION_SIZE: 1_232,
      USERNAME_MAX_LENGTH: 15,
      CHAT_MESSAGE_MAX_LENGTH: 100,
      MINIMUM_AGE: 18,
      GLOW_THRESHOLD_LAMPORTS: 10_000_000_000n,
      SWAP_SLIPPAGE_BPS: 50,
      WEBSOCKET_RECONNECT_DELAY_MS: 1_000,
      WEBSOCKET_RECONNECT_ATTEMPTS: 5,
      PYTH_SOL_USD_EXPONENT: -8,
      SOL_DECIMALS: 9,
      ASSET_DISPLAY_PRECISION: 2,
    });
  });

  it('uses bigint for every lamport and basis-point amount', () => {
    for (const [name, value] of Object.entries(constants)) {
      // The swap slippage is a number: it is a query parameter of the swap API, never multiplied into lamports.
      if (/LAMPORTS|_BPS$|DENOMINATOR|FEE_BASIS/.test(name) && name !== 'SWAP_SLIPPAGE_BPS') {
        expect(typeof value, name).toBe('bigint');
      }
    }
  });

  it('keeps the spec breakpoints, sidebar widths and storage keys', () => {
    expect(BREAKPOINTS).toEqual({ xs: 480, sm: 578, md: 768, lg: 1024, xl: 1280, '2xl': 1920, '3xl': 2560 });
    expect(constants.SIDEBAR_WIDTHS).toEqual([300, 350, 400]);
    expect(Object.values(LOCAL_STORAGE_KEYS)).toEqual([
      'token',
      'sidebar',
      'soundOff',
      'ageCheck',
      'announcementDismissed',
    ]);
    expect(Object.isFrozen(BREAKPOINTS)).toBe(true);
  });

  it('labels skill scores as the spec says: <20 Bozo, 20-39 Degen, 40-69 Manlet, 70+ Safu', () => {
    const label = (score: number) => SKILL_LABELS.find((s) => score >= s.min)!.label;
    expect([0, 19, 20, 39, 40, 69, 70, 100].map(label)).toEqual([
      'Bozo',
      'Bozo',
      'Degen',
      'Degen',
      'Manlet',
      'Manlet',
      'Safu',
      'Safu',
    ]);
  });

  it('round-trips a typed stake through the prize without charging more than typed', () => {
    // The client derives prize = floor(stake × 100 / odds); the program charges ceil(prize × odds / 100).
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_BET_LAMPORTS, max: 1_000_000n * LAMPORTS_PER_SOL }),
        fc.integer({ min: ODDS_MIN, max: ODDS_MAX }),
        (stake, odds) => {
          const prize = (stake * ODDS_DENOMINATOR) / BigInt(odds);
          const charged = (prize * BigInt(odds) + ODDS_DENOMINATOR - 1n) / ODDS_DENOMINATOR;
          const fee = (charged * TAILSPIN_FEE_BPS) / BPS_DENOMINATOR;
          const referral = (fee * REFERRAL_SHARE_BPS) / BPS_DENOMINATOR;
          return charged <= stake && prize >= stake && referral <= fee && fee < charged;
        },
      ),
    );
  });

  it('accepts exactly the allowed usernames', () => {
    expect(USERNAME_PATTERN.test('degen_42@sol')).toBe(true);
    expect(USERNAME_PATTERN.test('no spaces')).toBe(false);
    expect(USERNAME_PATTERN.test('')).toBe(false);
    expect('a'.repeat(USERNAME_MAX_LENGTH).length).toBe(15);
  });
});

describe("the programs' constants", () => {
  const idls = { wager: wagerIdl.constants, foresight: foresightIdl.constants } as const;

  it('are declared by both IDLs with the same type and value wherever both declare one', () => {
    const shared = idls.wager.filter(({ name }) => idls.foresight.some((constant) => constant.name === name));
    expect(shared.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['BPS_DENOMINATOR', 'FEE_BPS_POOL', 'MIN_BET_LAMPORTS']),
    );
    expect(disagreements(idls.wager, idls.foresight)).toEqual([]);
  });

  it('would be told apart if one IDL drifted', () => {
    const drifted = idls.foresight.map((constant) =>
      constant.name === 'FEE_BPS_POOL' ? { ...constant, value: '400' } : constant,
    );
    expect(disagreements(idls.wager, drifted)).toEqual(['FEE_BPS_POOL']);
    expect(disagreements(drifted, idls.wager)).toEqual(['FEE_BPS_POOL']);
  });

  it("are the SDK's exports, each equal to its IDL value, as u64s", () => {
    for (const program of ['wager', 'foresight'] as const) {
      const exportsOf: Readonly<Record<string, readonly (keyof typeof constants)[]>> =
        SDK_EXPORTS_OF_IDL_CONSTANTS[program];
      expect(idls[program].map(({ name }) => name).sort(), program).toEqual(Object.keys(exportsOf).sort());
      for (const { name, type, value } of idls[program]) {
        expect(type, `${program} ${name}`).toBe('u64');
        expect(BigInt(value) >= 0n && BigInt(value) <= U64_MAX, `${program} ${name}`).toBe(true);
        for (const sdkName of exportsOf[name]!) {
          expect(BigInt(constants[sdkName] as bigint | number), `${program} ${name} as ${sdkName}`).toBe(
            BigInt(value),
          );
        }
      }
    }
    expect('ORACLE_MAX_EARLY_SECS' in constants).toBe(false);
  });
});
