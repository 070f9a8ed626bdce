import { isAddress } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { MARKET_MAX_LIFETIME_SECS } from '../constants.ts';
import {
  MARKET_PROPOSAL_MESSAGES as M,
  marketReferrerError,
  marketTimesError,
  RESERVED_ACCOUNT_KEYS,
} from './prophecy.ts';

const NOW_MS = 1_700_000_000_000;
const NOW = NOW_MS / 1000;

describe('marketTimesError', () => {
  it('takes a cutoff in the future, not after the end, and an end within the lifetime', () => {
    expect(marketTimesError(NOW + 60, NOW + 3_600, NOW_MS)).toBeNull();
    expect(marketTimesError(NOW, NOW + 3_600, NOW_MS)).toBe(M.cutoffInPast);
    expect(marketTimesError(NOW + 7_200, NOW + 3_600, NOW_MS)).toBe(M.cutoffAfterEnd);
    expect(marketTimesError(NOW + 60, NOW + MARKET_MAX_LIFETIME_SECS, NOW_MS)).toBeNull();
    expect(marketTimesError(NOW + 60, NOW + MARKET_MAX_LIFETIME_SECS + 1, NOW_MS)).toBe(M.endTooFar);
    expect(marketTimesError(NOW + 60, null, NOW_MS)).toBeNull();
  });

  it('counts the lifetime from the market start when given (an update)', () => {
    const start = NOW - 100 * 86_400;
    expect(marketTimesError(NOW + 60, start + MARKET_MAX_LIFETIME_SECS, NOW_MS, start)).toBeNull();
    expect(marketTimesError(NOW + 60, start + MARKET_MAX_LIFETIME_SECS + 1, NOW_MS, start)).toBe(M.endTooFar);
    expect(M.endTooFar).toBe('End time must be at most 366 days after the market opens');
  });
});

describe('marketReferrerError', () => {
  const wallet = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

  it('refuses the requester themself and reserved keys, takes any other wallet', () => {
    expect(marketReferrerError(null, wallet)).toBeNull();
    expect(marketReferrerError(wallet, wallet)).toBe(M.referrerIsRequester);
    expect(marketReferrerError(wallet, null)).toBeNull();
    expect(marketReferrerError(wallet, '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBeNull();
    for (const key of [
      'Feature111111111111111111111111111111111111',
      'SysvarC1ock11111111111111111111111111111111',
      '1nc1nerator11111111111111111111111111111111',
    ]) {
      expect(marketReferrerError(key, wallet), key).toBe(M.referrerReserved);
    }
  });

  it('lists valid addresses, every sysvar among them', () => {
    for (const key of RESERVED_ACCOUNT_KEYS) expect(isAddress(key), key).toBe(true);
    // Every sysvar (the addresses @solana/sysvars names), and the Sysvar owner.
    for (const sysvar of [
      'SysvarC1ock11111111111111111111111111111111',
      'SysvarEpochRewards1111111111111111111111111',
      'SysvarEpochSchedu1e111111111111111111111111',
      'Sysvar1nstructions1111111111111111111111111',
      'SysvarLastRestartS1ot1111111111111111111111',
      'SysvarRecentB1ockHashes11111111111111111111',
      'SysvarRent111111111111111111111111111111111',
      'SysvarS1otHashes111111111111111111111111111',
      'SysvarS1otHistory11111111111111111111111111',
      'SysvarStakeHistory1111111111111111111111111',
      'Sysvar1111111111111111111111111111111111111',
    ]) {
      expect(RESERVED_ACCOUNT_KEYS.has(sysvar), sysvar).toBe(true);
    }
    expect(RESERVED_ACCOUNT_KEYS.size).toBe(32);
  });
});
