import { describe, expect, it } from 'vitest';

import { parseRuntimeConfig } from './parse-runtime-config.ts';
import { RuntimeConfigError, type RuntimeConfig } from './runtime-config.ts';

/** What the server sends for the embedded chain. */
const BODY = {
  cluster: 'localnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: {
    wager: 'CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG',
    foresight: '2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X',
  },
  mints: { juice: 'juice-mint', usdc: 'usdc-mint', usdt: 'usdt-mint' },
  priceAccount: 'price-account',
  admins: ['admin-1', 'admin-2'],
  communityChatUrl: 'https://discord.com',
  socialUrl: 'https://x.com',
  announcement: { version: 3, text: 'Hello' },
} as const;

/** The error `parseRuntimeConfig` throws for `body`. */
function refusalOf(body: unknown): RuntimeConfigError {
  try {
    parseRuntimeConfig(body);
  } catch (error) {
    expect(error).toBeInstanceOf(RuntimeConfigError);
    return error as RuntimeConfigError;
  }
  throw new Error('accepted');
}

describe('parseRuntimeConfig', () => {
  it('returns the server’s config typed', () => {
    const config: RuntimeConfig = parseRuntimeConfig(BODY);
    expect(config).toEqual(BODY);
  });

  it('keeps a fallback RPC it is given, and refuses a config without one or an announcement (null when none)', () => {
    expect(parseRuntimeConfig({ ...BODY, rpcFallbackUrl: 'https://rpc.example' }).rpcFallbackUrl).toBe(
      'https://rpc.example',
    );
    expect(parseRuntimeConfig({ ...BODY, announcement: null }).announcement).toBeNull();
    const { rpcFallbackUrl, announcement, ...rest } = BODY;
    expect(refusalOf({ ...rest, announcement }).message).toBe(
      'Server config: rpcFallbackUrl is missing or invalid',
    );
    expect(refusalOf({ ...rest, rpcFallbackUrl }).message).toBe(
      'Server config: announcement is missing or invalid',
    );
  });

  it('keeps only the fields it knows', () => {
    expect(parseRuntimeConfig({ ...BODY, success: true, extra: 1 })).toEqual(BODY);
  });

  it('names the field that is missing or invalid', () => {
    expect(refusalOf(null).message).toBe('Server config: body is missing or invalid');
    expect(refusalOf({ ...BODY, cluster: 'testnet' }).message).toBe(
      'Server config: cluster is missing or invalid',
    );
    expect(refusalOf({ ...BODY, rpcUrl: 3 }).message).toBe('Server config: rpcUrl is missing or invalid');
    expect(refusalOf({ ...BODY, programs: { wager: 'w' } }).message).toBe(
      'Server config: programs.foresight is missing or invalid',
    );
    expect(refusalOf({ ...BODY, mints: undefined }).message).toBe(
      'Server config: mints is missing or invalid',
    );
    expect(refusalOf({ ...BODY, admins: ['a', 2] }).message).toBe(
      'Server config: admins is missing or invalid',
    );
    expect(refusalOf({ ...BODY, announcement: { version: '1', text: 'x' } }).message).toBe(
      'Server config: announcement.version is missing or invalid',
    );
    expect(refusalOf({ ...BODY, announcement: { version: 1, text: null } }).message).toBe(
      'Server config: announcement.text is missing or invalid',
    );
  });
});
