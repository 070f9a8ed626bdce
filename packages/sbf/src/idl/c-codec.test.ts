import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  fixCodecSize,
  getArrayCodec,
  getBooleanCodec,
  getBytesCodec,
  getI128Codec,
  getI16Codec,
  getI32Codec,
  getI64Codec,
  getI8Codec,
  getNullableCodec,
  getStructCodec,
  getU128Codec,
  getU16Codec,
  getU32Codec,
  getU64Codec,
  getU8Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnchorIdl } from './anchor-idl.ts';
import { generateCHeader } from './c-header.ts';

// The generated codecs are plain portable C, so running them natively checks what the SBF build will do:
// bytes from an independent Borsh implementation (@solana/kit's codecs) must decode into the right struct
// members and encode back to the same bytes.

const CLANG = '/usr/bin/clang-19';
const SAMPLE = parseAnchorIdl(
  JSON.parse(readFileSync(new URL('./testdata/sample-idl.json', import.meta.url), 'utf8')),
);

const HARNESS = String.raw`
#include <stdio.h>
#include <string.h>
#include "sample_idl.h"

static uint8_t input[4096];

static uint64_t parse_hex(const char *hex) {
  uint64_t n = 0;
  for (; hex[0] && hex[1] && n < sizeof input; hex += 2) {
    unsigned byte = 0;
    sscanf(hex, "%2x", &byte);
    input[n++] = (uint8_t)byte;
  }
  return n;
}
static void hex_out(const char *key, const uint8_t *b, uint64_t n) {
  printf(" %s=", key);
  for (uint64_t i = 0; i < n; i++) printf("%02x", b[i]);
}
static void words_out(const char *key, const uint64_t *w, uint64_t n) {
  printf(" %s=", key);
  for (uint64_t i = 0; i < n; i++) printf("%s%llu", i ? ":" : "", (unsigned long long)w[i]);
}

int main(void) {
  static char line[16384];
  while (fgets(line, sizeof line, stdin)) {
    char kind[32] = {0};
    static char hex[16384];
    hex[0] = 0;
    if (sscanf(line, "%31s %16383s", kind, hex) < 1) continue;
    uint64_t n = parse_hex(hex);
    if (!strcmp(kind, "bet") || !strcmp(kind, "bet133")) {
      Bet b;
      memset(&b, 0xAA, sizeof b);
      if (account_bet_load(input, n, &b)) { puts("ERR"); continue; }
      printf("OK");
      hex_out("user", b.user, 32);
      hex_out("mint", b.mint, 32);
      printf(" odds=%u bet_amount=%llu listing_price=%llu timestamp=%lld state=%u result=%u bet_type=%u",
             b.odds, (unsigned long long)b.bet_amount, (unsigned long long)b.listing_price,
             (long long)b.timestamp, b.state, b.result, b.bet_type);
      printf(" referral=%u", b.referral.is_some);
      hex_out("", b.referral.value, 32);
      printf(" off_chain=%u", b.off_chain);
      uint8_t out[ACCOUNT_BET_SIZE];
      memset(out, 0xEE, sizeof out);
      uint64_t cap = strcmp(kind, "bet133") ? sizeof out : 133;
      if (account_bet_store(&b, out, cap)) { puts(" STORE_ERR"); continue; }
      hex_out("stored", out, cap);
      puts("");
    } else if (!strcmp(kind, "market")) {
      Market m;
      memset(&m, 0xAA, sizeof m);
      if (account_market_load(input, n, &m)) { puts("ERR"); continue; }
      printf("OK start=%lld end=%lld cutoff=%lld yes=%u no=%u yes_pool=%llu no_pool=%llu settled=%u count=%u",
             (long long)m.start_time, (long long)m.end_time, (long long)m.cutoff_time, m.yes_count, m.no_count,
             (unsigned long long)m.yes_pool, (unsigned long long)m.no_pool, m.is_settled, m.settled_count);
      printf(" result=%u:%u referrer=%u", m.result.is_some, m.result.value, m.referrer.is_some);
      hex_out("", m.referrer.value, 32);
      uint8_t out[ACCOUNT_MARKET_SIZE];
      memset(out, 0xEE, sizeof out);
      if (account_market_store(&m, out, sizeof out)) { puts(" STORE_ERR"); continue; }
      hex_out("stored", out, sizeof out);
      puts("");
    } else if (!strcmp(kind, "snapshot")) {
      Snapshot s;
      memset(&s, 0xAA, sizeof s);
      if (account_snapshot_load(input, n, &s)) { puts("ERR"); continue; }
      printf("OK window=%lld:%lld prices=%lld:%lld:%lld", (long long)s.window.start, (long long)s.window.end,
             (long long)s.prices[0], (long long)s.prices[1], (long long)s.prices[2]);
      hex_out("seed", s.seed, 4);
      words_out("total", s.total, 2);
      words_out("delta", s.delta, 2);
      printf(" level=%d small=%d count=%u flags=%u:%u grid=%u:%u:%u:%u", s.level, s.small, s.count, s.flags[0],
             s.flags[1], s.grid[0][0], s.grid[0][1], s.grid[1][0], s.grid[1][1]);
      printf(" last=%u:%lld:%lld pair=%u:%u:%u ratio=%d", s.last.is_some, (long long)s.last.value.start,
             (long long)s.last.value.end, s.pair.is_some, s.pair.value[0], s.pair.value[1], s.ratio);
      uint8_t out[ACCOUNT_SNAPSHOT_SIZE];
      memset(out, 0xEE, sizeof out);
      if (account_snapshot_store(&s, out, sizeof out)) { puts(" STORE_ERR"); continue; }
      hex_out("stored", out, sizeof out);
      puts("");
    } else if (!strcmp(kind, "bet_settled")) {
      BetSettled e;
      uint64_t at = 8, len = 0;
      uint8_t out[EVENT_BET_SETTLED_MAX_SIZE];
      if (n < 8 || !idl_disc_eq(input, EVENT_BET_SETTLED) || bet_settled_decode(input, n, &at, &e)) { puts("ERR"); continue; }
      if (event_bet_settled_encode(&e, out, sizeof out, &len)) { puts("STORE_ERR"); continue; }
      printf("OK odds=%u result=%u referral=%u timestamp=%lld", e.odds, e.result, e.referral.is_some, (long long)e.timestamp);
      hex_out("stored", out, len);
      puts("");
    } else if (!strcmp(kind, "create_market")) {
      CreateMarketArgs a;
      if (ix_create_market_args_decode(input, n, &a)) { puts("ERR"); continue; }
      printf("OK end=%lld cutoff=%lld referrer=%u", (long long)a.end_time, (long long)a.cutoff_time, a.referrer.is_some);
      hex_out("", a.referrer.value, 32);
      printf(" fee_bps=%u", a.fee_bps);
      puts("");
    }
  }
  return 0;
}
`;

const u64Max = (1n << 64n) - 1n;
const pubkey = fixCodecSize(getBytesCodec(), 32);
const nullablePubkey = getNullableCodec(pubkey);
const u8 = getU8Codec();

const betCodec = getStructCodec([
  ['user', pubkey],
  ['mint', pubkey],
  ['odds', u8],
  ['betAmount', getU64Codec()],
  ['listingPrice', getU64Codec()],
  ['timestamp', getI64Codec()],
  ['state', u8],
  ['result', u8],
  ['betType', u8],
  ['referral', nullablePubkey],
  ['offChain', getBooleanCodec()],
]);
type BetValue = ReturnType<typeof betCodec.decode>;

const marketCodec = getStructCodec([
  ['startTime', getI64Codec()],
  ['endTime', getI64Codec()],
  ['cutoffTime', getI64Codec()],
  ['yesCount', getU32Codec()],
  ['noCount', getU32Codec()],
  ['yesPool', getU64Codec()],
  ['noPool', getU64Codec()],
  ['isSettled', getBooleanCodec()],
  ['settledCount', getU32Codec()],
  ['result', getNullableCodec(u8)],
  ['referrer', nullablePubkey],
]);
type MarketValue = ReturnType<typeof marketCodec.decode>;

const windowCodec = getStructCodec([
  ['start', getI64Codec()],
  ['end', getI64Codec()],
]);
const snapshotCodec = getStructCodec([
  ['window', windowCodec],
  ['prices', getArrayCodec(getI64Codec(), { size: 3 })],
  ['seed', fixCodecSize(getBytesCodec(), 4)],
  ['total', getU128Codec()],
  ['delta', getI128Codec()],
  ['level', getI8Codec()],
  ['small', getI16Codec()],
  ['count', getU16Codec()],
  ['flags', getArrayCodec(getBooleanCodec(), { size: 2 })],
  ['grid', getArrayCodec(getArrayCodec(getU16Codec(), { size: 2 }), { size: 2 })],
  ['last', getNullableCodec(windowCodec)],
  ['pair', getNullableCodec(fixCodecSize(getBytesCodec(), 2))],
  ['ratio', getI32Codec()],
]);
type SnapshotValue = ReturnType<typeof snapshotCodec.decode>;

const betSettledCodec = getStructCodec([
  ['user', pubkey],
  ['odds', u8],
  ['result', u8],
  ['referral', nullablePubkey],
  ['timestamp', getI64Codec()],
]);
type BetSettledValue = ReturnType<typeof betSettledCodec.decode>;

const createMarketCodec = getStructCodec([
  ['endTime', getI64Codec()],
  ['cutoffTime', getI64Codec()],
  ['referrer', nullablePubkey],
  ['feeBps', getU16Codec()],
]);
type CreateMarketValue = ReturnType<typeof createMarketCodec.decode>;

const arbPubkey = fc.uint8Array({ minLength: 32, maxLength: 32 });
const arbU64 = fc.bigInt({ min: 0n, max: u64Max });
const arbI64 = fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n });
const arbBet = fc.record({
  user: arbPubkey,
  mint: arbPubkey,
  odds: fc.integer({ min: 0, max: 255 }),
  betAmount: arbU64,
  listingPrice: arbU64,
  timestamp: arbI64,
  state: fc.integer({ min: 0, max: 4 }),
  result: fc.integer({ min: 0, max: 3 }),
  betType: fc.integer({ min: 0, max: 2 }),
  referral: fc.option(arbPubkey, { nil: null }),
  offChain: fc.boolean(),
});
const arbMarket = fc.record({
  startTime: arbI64,
  endTime: arbI64,
  cutoffTime: arbI64,
  yesCount: fc.nat({ max: 2 ** 32 - 1 }),
  noCount: fc.nat({ max: 2 ** 32 - 1 }),
  yesPool: arbU64,
  noPool: arbU64,
  isSettled: fc.boolean(),
  settledCount: fc.nat({ max: 2 ** 32 - 1 }),
  result: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  referrer: fc.option(arbPubkey, { nil: null }),
});
const arbWindow = fc.record({ start: arbI64, end: arbI64 });
const arbSnapshot = fc.record({
  window: arbWindow,
  prices: fc.array(arbI64, { minLength: 3, maxLength: 3 }),
  seed: fc.uint8Array({ minLength: 4, maxLength: 4 }),
  total: fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
  delta: fc.bigInt({ min: -(1n << 127n), max: (1n << 127n) - 1n }),
  level: fc.integer({ min: -128, max: 127 }),
  small: fc.integer({ min: -32768, max: 32767 }),
  count: fc.nat({ max: 65535 }),
  flags: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
  grid: fc.array(fc.array(fc.nat({ max: 65535 }), { minLength: 2, maxLength: 2 }), {
    minLength: 2,
    maxLength: 2,
  }),
  last: fc.option(arbWindow, { nil: null }),
  pair: fc.option(fc.uint8Array({ minLength: 2, maxLength: 2 }), { nil: null }),
  ratio: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
});
const arbBetSettled = fc.record({
  user: arbPubkey,
  odds: fc.integer({ min: 0, max: 255 }),
  result: fc.integer({ min: 0, max: 3 }),
  referral: fc.option(arbPubkey, { nil: null }),
  timestamp: arbI64,
});
const arbCreateMarket = fc.record({
  endTime: arbI64,
  cutoffTime: arbI64,
  referrer: fc.option(arbPubkey, { nil: null }),
  feeBps: fc.nat({ max: 65535 }),
});

function disc(preimage: string): Uint8Array {
  return createHash('sha256').update(preimage).digest().subarray(0, 8);
}

function withDisc(preimage: string, body: Uint8Array): Uint8Array {
  return Uint8Array.from([...disc(preimage), ...body]);
}

function hex(bytes: ArrayLike<number>): string {
  return Buffer.from(Uint8Array.from(bytes)).toString('hex');
}

function padded(bytes: Uint8Array, size: number): string {
  return hex(Uint8Array.from([...bytes, ...new Array<number>(size - bytes.length).fill(0)]));
}

function words(value: bigint, bits: number): string {
  const unsigned = BigInt.asUintN(bits, value);
  return [unsigned & u64Max, unsigned >> 64n].join(':');
}

function encode<T>(codec: { encode(value: T): ReadonlyUint8Array }, value: T): Uint8Array {
  return new Uint8Array(codec.encode(value));
}

function expectedBet(v: BetValue, bytes: Uint8Array, size: number): string {
  return [
    'OK',
    `user=${hex(v.user)}`,
    `mint=${hex(v.mint)}`,
    `odds=${v.odds} bet_amount=${v.betAmount} listing_price=${v.listingPrice} timestamp=${v.timestamp}`,
    `state=${v.state} result=${v.result} bet_type=${v.betType}`,
    `referral=${v.referral === null ? 0 : 1} =${hex(v.referral ?? new Uint8Array(32))}`,
    `off_chain=${v.offChain ? 1 : 0}`,
    `stored=${padded(bytes, size)}`,
  ].join(' ');
}

function expectedMarket(v: MarketValue, bytes: Uint8Array): string {
  return [
    `OK start=${v.startTime} end=${v.endTime} cutoff=${v.cutoffTime} yes=${v.yesCount} no=${v.noCount}`,
    `yes_pool=${v.yesPool} no_pool=${v.noPool} settled=${v.isSettled ? 1 : 0} count=${v.settledCount}`,
    `result=${v.result === null ? '0:0' : `1:${v.result}`}`,
    `referrer=${v.referrer === null ? 0 : 1} =${hex(v.referrer ?? new Uint8Array(32))}`,
    `stored=${padded(bytes, 96)}`,
  ].join(' ');
}

function expectedSnapshot(v: SnapshotValue, bytes: Uint8Array): string {
  return [
    `OK window=${v.window.start}:${v.window.end} prices=${v.prices.join(':')}`,
    `seed=${hex(v.seed)} total=${words(v.total, 128)} delta=${words(v.delta, 128)}`,
    `level=${v.level} small=${v.small} count=${v.count} flags=${v.flags.map(Number).join(':')}`,
    `grid=${v.grid.flat().join(':')}`,
    `last=${v.last === null ? '0:0:0' : `1:${v.last.start}:${v.last.end}`}`,
    `pair=${v.pair === null ? '0:0:0' : `1:${v.pair[0]}:${v.pair[1]}`} ratio=${v.ratio}`,
    `stored=${padded(bytes, 123)}`,
  ].join(' ');
}

describe.skipIf(!existsSync(CLANG))(`generated Borsh codecs, run natively (needs ${CLANG})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'idl-codec-'));
  const binary = join(dir, 'harness');
  const run = (lines: string[]): string[] =>
    execFileSync(binary, { input: `${lines.join('\n')}\n`, encoding: 'utf8' })
      .trimEnd()
      .split('\n');

  beforeAll(() => {
    writeFileSync(join(dir, 'sample_idl.h'), generateCHeader(SAMPLE));
    writeFileSync(join(dir, 'harness.c'), HARNESS);
    execFileSync(
      CLANG,
      ['-std=c17', '-O1', '-Wall', '-Wextra', '-Werror', '-I', dir, join(dir, 'harness.c'), '-o', binary],
      {
        stdio: 'pipe',
      },
    );
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('decodes Bet accounts written by another Borsh implementation and writes the same bytes back', () => {
    const values = fc.sample(arbBet, 200) as BetValue[];
    const encoded = values.map((v) => withDisc('account:Bet', encode(betCodec, v)));
    const output = run(encoded.map((bytes) => `bet ${hex(bytes)}`));
    values.forEach((v, i) => {
      expect(output[i]).toBe(expectedBet(v, encoded[i]!, 134));
    });
  });

  it('keeps fields after a None option where Borsh puts them (Market.referrer after result)', () => {
    const values = fc.sample(arbMarket, 200) as MarketValue[];
    values.push({ ...values[0]!, result: null, referrer: new Uint8Array(32).fill(7) });
    const encoded = values.map((v) => withDisc('account:Market', encode(marketCodec, v)));
    const output = run(encoded.map((bytes) => `market ${hex(bytes)}`));
    values.forEach((v, i) => {
      expect(output[i]).toBe(expectedMarket(v, encoded[i]!));
    });
  });

  it('handles nested structs, arrays, wide and signed integers in Snapshot', () => {
    const values = fc.sample(arbSnapshot, 200) as SnapshotValue[];
    const encoded = values.map((v) => withDisc('account:Snapshot', encode(snapshotCodec, v)));
    const output = run(encoded.map((bytes) => `snapshot ${hex(bytes)}`));
    values.forEach((v, i) => {
      expect(output[i]).toBe(expectedSnapshot(v, encoded[i]!));
    });
  });

  it('re-encodes events to the exact bytes, within EVENT_*_MAX_SIZE', () => {
    const values = fc.sample(arbBetSettled, 100) as BetSettledValue[];
    const encoded = values.map((v) => withDisc('event:BetSettled', encode(betSettledCodec, v)));
    const output = run(encoded.map((bytes) => `bet_settled ${hex(bytes)}`));
    values.forEach((v, i) => {
      expect(output[i]).toBe(
        `OK odds=${v.odds} result=${v.result} referral=${v.referral === null ? 0 : 1} timestamp=${v.timestamp} stored=${hex(encoded[i]!)}`,
      );
    });
  });

  it('decodes instruction arguments after the discriminator, including an option in the middle', () => {
    const values = fc.sample(arbCreateMarket, 100) as CreateMarketValue[];
    const output = run(
      values.map(
        (v) => `create_market ${hex(withDisc('global:create_market', encode(createMarketCodec, v)))}`,
      ),
    );
    values.forEach((v, i) => {
      expect(output[i]).toBe(
        `OK end=${v.endTime} cutoff=${v.cutoffTime} referrer=${v.referrer === null ? 0 : 1} =${hex(v.referrer ?? new Uint8Array(32))} fee_bps=${v.feeBps}`,
      );
    });
  });

  it('rejects what Borsh rejects: wrong discriminator, short data, bad bool, option tag or enum value', () => {
    const [value] = fc.sample(arbBet, { numRuns: 1, seed: 1 }) as BetValue[];
    const good = withDisc('account:Bet', encode(betCodec, { ...value!, referral: null }));
    const patched = (offset: number, byte: number): Uint8Array => {
      const copy = Uint8Array.from(good);
      copy[offset] = byte;
      return copy;
    };
    const cases = {
      good,
      wrongDiscriminator: patched(0, good[0]! ^ 1),
      short: good.subarray(0, good.length - 1),
      onlyDiscriminator: good.subarray(0, 8),
      badState: patched(97, 5),
      badBetType: patched(99, 3),
      badOptionTag: patched(100, 2),
      badBool: patched(101, 2),
    };
    const output = run(Object.values(cases).map((bytes) => `bet ${hex(bytes)}`));
    expect(Object.fromEntries(Object.keys(cases).map((k, i) => [k, output[i]!.split(' ')[0]]))).toEqual({
      good: 'OK',
      wrongDiscriminator: 'ERR',
      short: 'ERR',
      onlyDiscriminator: 'ERR',
      badState: 'ERR',
      badBetType: 'ERR',
      badOptionTag: 'ERR',
      badBool: 'ERR',
    });
  });

  it('refuses to store into a buffer too small for the encoding, and fits a shorter one', () => {
    const [value] = fc.sample(arbBet, { numRuns: 1, seed: 2 }) as BetValue[];
    const some = withDisc(
      'account:Bet',
      encode(betCodec, { ...value!, referral: new Uint8Array(32).fill(1) }),
    );
    const none = withDisc('account:Bet', encode(betCodec, { ...value!, referral: null }));
    const [full, short] = run([`bet133 ${hex(some)}`, `bet133 ${hex(none)}`]);
    expect(full!.endsWith('STORE_ERR')).toBe(true);
    expect(short!.endsWith(`stored=${padded(none, 133)}`)).toBe(true);
  });
});
