import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddressEncoder, type Address } from '@solana/kit';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAnchorIdl, type AnchorIdl } from './anchor-idl.ts';
import { decodeBase58 } from './base58.ts';
import { generateCHeader } from './c-header.ts';
import { IdlError } from './idl-error.ts';

const CLANG = '/usr/bin/clang-19';
const LLVM_NM = '/usr/bin/llvm-nm-19';
/** Constants passed beside the IDL (`options.constants`), as a toolchain user might. */
const SHARED_CONSTANTS = Object.freeze({
  BPS_DENOMINATOR: 10_000n,
  FEE_BPS_TAILSPIN: 400n,
  FEE_BPS_POOL: 300n,
  REFERRAL_SHARE_BPS: 1_000n,
  MIN_BET_LAMPORTS: 10_000_000n,
  ODDS_MIN: 1n,
  ODDS_MAX: 95n,
  ODDS_DENOMINATOR: 100n,
  MAX_PRIZE_BPS_OF_FREE: 500n,
  RANDOM_RANGE: 100n,
  FORESIGHT_TIMELOCK_SECS: 300n,
  ORACLE_MAX_LATE_SECS: 30n,
  TICK_GRACE_SECS: 60n,
  SETTLE_BUFFER_SECS: 3_600n,
  BET_REFUND_DELAY_SECS: 120n,
  SEED_RESET_DELAY_SECS: 604_800n,
  MARKET_RESOLVE_GRACE_SECS: 604_800n,
  MARKET_MAX_LIFETIME_SECS: 31_622_400n,
  PYTH_EXPONENT_ABS: 8n,
});

const SAMPLE = parseAnchorIdl(
  JSON.parse(readFileSync(new URL('./testdata/sample-idl.json', import.meta.url), 'utf8')),
);

function sha8(preimage: string): number[] {
  return [...createHash('sha256').update(preimage).digest().subarray(0, 8)];
}

/** `#define NAME VALUE` lines, trailing comments dropped. */
function defines(header: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of header.matchAll(/^#define (\w+) ([^/\n]+?)\s*(?:\/\*.*)?$/gm)) map.set(m[1]!, m[2]!);
  return map;
}

/** `static const uint8_t NAME[n] = {...};` lines. */
function byteArrays(header: string): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const m of header.matchAll(/^static const uint8_t (\w+)\[(\d+)\] = \{([^}]*)\};/gm)) {
    const bytes = m[3]!.split(',').map((b) => Number.parseInt(b.trim(), 16));
    expect(bytes.length, m[1]).toBe(Number(m[2]));
    map.set(m[1]!, bytes);
  }
  return map;
}

function sample(): AnchorIdl {
  return structuredClone(SAMPLE);
}

function withoutCodecs(idl: AnchorIdl): string {
  return generateCHeader(idl, { codecs: false });
}

describe('generateCHeader: discriminators', () => {
  const header = generateCHeader(SAMPLE);
  const arrays = byteArrays(header);
  const macros = defines(header);

  it('writes sha256("global:<name>")[0..8] for every instruction, as bytes and as a little-endian u64', () => {
    expect(arrays.get('IX_PLACE_BET')).toEqual(sha8('global:place_bet'));
    for (const ix of SAMPLE.instructions) {
      const name = `IX_${ix.name.toUpperCase()}`;
      const expected = sha8(`global:${ix.name}`);
      expect(arrays.get(name), name).toEqual(expected);
      expect(BigInt(macros.get(`${name}_DISC`)!.replace(/ULL$/, '')), name).toBe(
        Buffer.from(expected).readBigUInt64LE(),
      );
    }
  });

  it('writes sha256("account:<Name>") and sha256("event:<Name>") for accounts and events', () => {
    expect(arrays.get('ACCOUNT_BET')).toEqual(sha8('account:Bet'));
    expect(arrays.get('ACCOUNT_SNAPSHOT')).toEqual(sha8('account:Snapshot'));
    expect(arrays.get('EVENT_NEW_BET')).toEqual(sha8('event:NewBet'));
    expect(arrays.get('EVENT_BET_SETTLED')).toEqual(sha8('event:BetSettled'));
    expect(macros.get('ACCOUNT_MARKET_DISC')).toBe(
      `0x${Buffer.from(sha8('account:Market')).readBigUInt64LE().toString(16).padStart(16, '0')}ULL`,
    );
  });

  it('writes the program address as its 32 bytes', () => {
    const expected = [...getAddressEncoder().encode(SAMPLE.address as Address)];
    expect(arrays.get('PROGRAM_ID')).toEqual(expected);
  });

  it('decodes base58 like @solana/kit for any 32-byte address', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const encode = (bytes: Uint8Array): string => {
      let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
      let text = '';
      while (n > 0n) {
        text = alphabet[Number(n % 58n)]! + text;
        n /= 58n;
      }
      return (
        '1'.repeat(bytes.findIndex((b) => b !== 0) === -1 ? bytes.length : bytes.findIndex((b) => b !== 0)) +
        text
      );
    };
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const text = encode(bytes);
        expect([...decodeBase58(text)]).toEqual([...bytes]);
        expect([...getAddressEncoder().encode(text as Address)]).toEqual([...bytes]);
      }),
    );
  });
});

describe('generateCHeader: sizes and offsets', () => {
  const macros = defines(generateCHeader(SAMPLE));
  const num = (name: string): number => {
    const value = macros.get(name);
    expect(value, `${name} is defined`).toBeDefined();
    return Number(value);
  };

  it('gives fixed offsets, discriminator included, up to and including the first option', () => {
    // Bet: user(32) mint(32) odds(1) bet_amount(8) listing_price(8) timestamp(8) state result bet_type (1 each)
    //      referral option<pubkey> off_chain bool
    expect(num('ACCOUNT_BET_OFF_USER')).toBe(8);
    expect(num('ACCOUNT_BET_OFF_MINT')).toBe(40);
    expect(num('ACCOUNT_BET_OFF_ODDS')).toBe(72);
    expect(num('ACCOUNT_BET_OFF_BET_AMOUNT')).toBe(73);
    expect(num('ACCOUNT_BET_OFF_TIMESTAMP')).toBe(89);
    expect(num('ACCOUNT_BET_OFF_BET_TYPE')).toBe(99);
    expect(num('ACCOUNT_BET_OFF_REFERRAL')).toBe(100);
    // After a None referral, off_chain sits at 101; after Some, at 133: no single offset is right.
    expect(macros.has('ACCOUNT_BET_OFF_OFF_CHAIN')).toBe(false);
  });

  it('sizes accounts as 8 + the largest Borsh encoding (Anchor: 8 + InitSpace)', () => {
    expect(num('ACCOUNT_BET_SIZE')).toBe(8 + 32 + 32 + 1 + 8 + 8 + 8 + 1 + 1 + 1 + 33 + 1);
    expect(num('ACCOUNT_MARKET_SIZE')).toBe(8 + 3 * 8 + 2 * 4 + 2 * 8 + 1 + 4 + 2 + 33);
    expect(num('ACCOUNT_MARKET_OFF_RESULT')).toBe(61);
  });

  it('handles nested structs, arrays, wide integers and options of structs and arrays', () => {
    expect(num('ACCOUNT_SNAPSHOT_OFF_WINDOW')).toBe(8);
    expect(num('ACCOUNT_SNAPSHOT_OFF_PRICES')).toBe(24); // Window is two i64
    expect(num('ACCOUNT_SNAPSHOT_OFF_SEED')).toBe(48); // [i64; 3]
    expect(num('ACCOUNT_SNAPSHOT_OFF_TOTAL')).toBe(52); // [u8; 4]
    expect(num('ACCOUNT_SNAPSHOT_OFF_DELTA')).toBe(68); // u128
    expect(num('ACCOUNT_SNAPSHOT_OFF_LEVEL')).toBe(84); // i128
    expect(num('ACCOUNT_SNAPSHOT_OFF_GRID')).toBe(91); // i8 i16 u16 [bool; 2]
    expect(num('ACCOUNT_SNAPSHOT_OFF_LAST')).toBe(99); // [[u16; 2]; 2]
    expect(num('ACCOUNT_SNAPSHOT_SIZE')).toBe(99 + 17 + 3 + 4); // option<Window>, option<[u8; 2]>, i32
  });

  it('sizes an enum with data as 1 + its largest variant', () => {
    // Shape: Circle { radius: u32 } | Rect(u32, u32) | Empty
    expect(num('ACCOUNT_DRAWING_OFF_SHAPE')).toBe(8);
    expect(num('ACCOUNT_DRAWING_SIZE')).toBe(8 + 9 + 4);
    expect(macros.has('ACCOUNT_DRAWING_OFF_COLOR')).toBe(false);
  });

  it('leaves out the size of an account with a string, with a comment saying why', () => {
    const header = generateCHeader(SAMPLE);
    expect(num('ACCOUNT_PROFILE_OFF_NAME')).toBe(40);
    expect(macros.has('ACCOUNT_PROFILE_SIZE')).toBe(false);
    expect(macros.has('ACCOUNT_PROFILE_OFF_SCORE')).toBe(false);
    expect(header).toContain('/* No size: "name" (string) has no maximum size. */');
  });

  it('gives instruction account indices, argument offsets and data lengths', () => {
    expect(num('IX_PLACE_BET_ACCOUNTS_LEN')).toBe(5);
    expect(num('IX_PLACE_BET_ACC_USER')).toBe(0);
    expect(num('IX_PLACE_BET_ACC_BET')).toBe(3);
    expect(num('IX_PLACE_BET_ARG_OFF_PREDICTION')).toBe(8);
    expect(num('IX_PLACE_BET_ARG_OFF_AMOUNT')).toBe(9);
    expect(num('IX_PLACE_BET_DATA_LEN')).toBe(17);
    expect(num('IX_SETTLE_PREDICTION_DATA_LEN')).toBe(8);
    // Nested account groups are flattened in order, members prefixed by the group.
    expect(num('IX_CREATE_MARKET_ACC_REFERRER_ACCOUNT')).toBe(2);
    expect(num('IX_CREATE_MARKET_ACC_COMMON_HOUSE')).toBe(4);
    // An option argument: its tag has an offset, what follows has none, the length has a maximum.
    expect(num('IX_CREATE_MARKET_ARG_OFF_REFERRER')).toBe(24);
    expect(macros.has('IX_CREATE_MARKET_ARG_OFF_FEE_BPS')).toBe(false);
    expect(num('IX_CREATE_MARKET_DATA_MAX_LEN')).toBe(8 + 8 + 8 + 33 + 2);
  });

  it('gives events an exact size, or a maximum when an option makes it vary', () => {
    expect(num('EVENT_NEW_BET_SIZE')).toBe(8 + 32 + 1 + 8 + 1 + 8);
    expect(num('EVENT_NEW_BET_OFF_TIMESTAMP')).toBe(50);
    expect(num('EVENT_BET_SETTLED_MAX_SIZE')).toBe(8 + 32 + 1 + 1 + 33 + 8);
    expect(macros.has('EVENT_BET_SETTLED_SIZE')).toBe(false);
  });
});

describe('generateCHeader: enums, errors, seeds and constants', () => {
  const header = generateCHeader(SAMPLE, { constants: SHARED_CONSTANTS, constantPrefix: 'ARCADE_' });
  const macros = defines(header);

  it('numbers enum variants in IDL order, prefixed by the enum name', () => {
    expect(macros.get('PREDICTION_NONE')).toBe('0');
    expect(macros.get('PREDICTION_UP')).toBe('1');
    expect(macros.get('PREDICTION_DOWN')).toBe('2');
    expect(macros.get('PREDICTION_VARIANT_COUNT')).toBe('4');
    expect(macros.get('BET_STATE_REFUNDED')).toBe('4');
    expect(macros.get('MARKET_RESULT_INVALID')).toBe('2');
  });

  it('writes error codes in IDL order, with their messages as comments that cannot end early', () => {
    expect([...header.matchAll(/^#define (ERR_\w+) (\d+)u/gm)].map((m) => [m[1], m[2]])).toEqual([
      ['ERR_INVALID_MARKETPLACE', '6000'],
      ['ERR_INVALID_ODDS', '6001'],
      ['ERR_BET_TOO_LOW', '6002'],
    ]);
    expect(header).toContain(
      '#define ERR_BET_TOO_LOW 6002u /* Bet is below the minimum (* / not a comment end) */',
    );
  });

  it('writes the shared constants as prefixed u64 macros', () => {
    for (const [name, value] of Object.entries(SHARED_CONSTANTS)) {
      expect(macros.get(`ARCADE_${name}`), name).toBe(`${value}ULL`);
    }
    expect(macros.get('ARCADE_FEE_BPS_TAILSPIN')).toBe('400ULL');
  });

  it('writes text PDA seeds once each, and the IDL constants', () => {
    const arrays = byteArrays(header);
    expect(arrays.get('SEED_HOUSE')).toEqual([...Buffer.from('house')]);
    expect(macros.get('SEED_BET_LEN')).toBe('3');
    expect(header.match(/SEED_HOUSE\[/g)).toHaveLength(1);
    expect(arrays.get('IDL_CONST_HOUSE_SEED')).toEqual([...Buffer.from('house')]);
    expect(macros.get('IDL_CONST_MAX_ODDS')).toBe('95ULL');
  });

  it('names the program and version, says not to edit, and guards the include', () => {
    expect(header).toMatch(/^\/\*\n \* sample_game 0\.1\.0: .*\n \* Generated from idl\.json .*Do not edit/);
    expect(header).toContain('#ifndef SAMPLE_GAME_IDL_H\n#define SAMPLE_GAME_IDL_H\n');
    expect(header.trimEnd().endsWith('#endif /* SAMPLE_GAME_IDL_H */')).toBe(true);
    expect(generateCHeader(SAMPLE, { guard: 'MY_GUARD' })).toContain('#ifndef MY_GUARD\n');
  });
});

describe('generateCHeader: determinism', () => {
  it('gives byte-identical output for the same input, with no dates', () => {
    const a = generateCHeader(SAMPLE, { constants: SHARED_CONSTANTS });
    const b = generateCHeader(sample(), { constants: { ...SHARED_CONSTANTS } });
    expect(a).toBe(b);
    expect(a).not.toMatch(/20\d\d-\d\d-\d\d|\d\d:\d\d:\d\d/);
  });

  it('matches the checked-in example header', async () => {
    await expect(generateCHeader(SAMPLE, { constants: SHARED_CONSTANTS })).toMatchFileSnapshot(
      './testdata/sample-idl.h',
    );
  });
});

describe('generateCHeader: invalid IDLs', () => {
  it("rejects a discriminator that is not Anchor's, naming the item and the preimage", () => {
    const idl = sample();
    idl.instructions[1]!.discriminator = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(() => withoutCodecs(idl)).toThrow(IdlError);
    expect(() => withoutCodecs(idl)).toThrow(
      /instruction "place_bet".*sha256\("global:place_bet"\)\[0\.\.8\] = \{0xde, 0x3e/,
    );
  });

  it('rejects a discriminator that is not 8 bytes', () => {
    const idl = sample();
    idl.accounts![0]!.discriminator = sha8('account:Bet').slice(0, 7);
    expect(() => withoutCodecs(idl)).toThrow(/account "Bet": discriminator has 7 bytes, not 8/);
    const event = sample();
    event.events![1]!.discriminator = sha8('event:NewBet');
    expect(() => withoutCodecs(event)).toThrow(
      /event "BetSettled": discriminator .* is not sha256\("event:BetSettled"\)/,
    );
  });

  it('rejects duplicate and descending error codes', () => {
    const duplicate = sample();
    duplicate.errors![2]!.code = 6001;
    expect(() => withoutCodecs(duplicate)).toThrow(
      /error "BetTooLow": code 6001 is also used by error "InvalidOdds"/,
    );
    const descending = sample();
    descending.errors![1]!.code = 5999;
    expect(() => withoutCodecs(descending)).toThrow(
      /error "InvalidOdds": code 5999 comes after 6000.*must ascend/,
    );
  });

  it('rejects names that are not C identifiers, and C keywords', () => {
    const dash = sample();
    dash.types![0]!.name = 'Bet-State';
    expect(() => withoutCodecs(dash)).toThrow(
      /type "Bet-State": name "Bet-State" is not a valid C identifier/,
    );
    const keyword = sample();
    const window = keyword.types!.find((t) => t.name === 'Window')!;
    if (window.type.kind !== 'struct') throw new Error('fixture changed');
    (window.type.fields as { name: string }[])[0]!.name = 'default';
    expect(() => withoutCodecs(keyword)).toThrow(
      /type "Window" field "default": name "default" is a C keyword/,
    );
  });

  it('rejects two items that would generate the same C name', () => {
    const idl = sample();
    idl.instructions.push({ ...structuredClone(idl.instructions[1]!), name: 'placeBet' });
    expect(() => withoutCodecs(idl)).toThrow(
      /"IX_PLACE_BET" would be generated for both instruction "place_bet" and instruction "placeBet"/,
    );
  });

  it('rejects an unknown type, a self-containing type and constants that are not u64', () => {
    const unknown = sample();
    unknown.types!.find((t) => t.name === 'Window')!.type = {
      kind: 'struct',
      fields: [{ name: 'x', type: { defined: { name: 'Nope' } } }],
    };
    expect(() => withoutCodecs(unknown)).toThrow(/type "Window".*type "Nope" is not in the IDL's "types"/);
    const cycle = sample();
    cycle.types!.find((t) => t.name === 'Window')!.type = {
      kind: 'struct',
      fields: [{ name: 'next', type: { option: { defined: { name: 'Window' } } } }],
    };
    expect(() => withoutCodecs(cycle)).toThrow(/type "Window" contains itself/);
    expect(() => generateCHeader(SAMPLE, { constants: { NEG: -1n } })).toThrow(
      /constant "NEG": -1 is not a u64/,
    );
    expect(() => generateCHeader(SAMPLE, { constants: { BIG: 1n << 64n } })).toThrow(/not a u64/);
    expect(() => generateCHeader(SAMPLE, { constants: { 'bad name': 1n } })).toThrow(
      /not a valid C identifier/,
    );
  });

  it('rejects an account without a struct type and an address that is not 32 bytes', () => {
    const missing = sample();
    missing.accounts!.push({ name: 'Ghost', discriminator: sha8('account:Ghost') });
    expect(() => withoutCodecs(missing)).toThrow(/account "Ghost": type "Ghost" is not in the IDL's "types"/);
    const short = sample();
    short.address = '1111';
    expect(() => withoutCodecs(short)).toThrow(/address "1111" decodes to 4 bytes, not 32/);
    const bad = sample();
    bad.address = '0OIl';
    expect(() => withoutCodecs(bad)).toThrow(/"0" is not a base58 character/);
  });
});

describe('parseAnchorIdl', () => {
  it('accepts the 0.30+ sample', () => {
    expect(parseAnchorIdl(JSON.parse(JSON.stringify(SAMPLE)))).toEqual(SAMPLE);
  });

  it('names the JSON path of a malformed item', () => {
    const json = JSON.parse(JSON.stringify(SAMPLE)) as { instructions: Record<string, unknown>[] };
    delete json.instructions[2]!['discriminator'];
    expect(() => parseAnchorIdl(json)).toThrow('idl.instructions[2].discriminator: expected an array');
    const badType = JSON.parse(JSON.stringify(SAMPLE)) as { instructions: { args: { type: unknown }[] }[] };
    badType.instructions[1]!.args[1]!.type = 'u63';
    expect(() => parseAnchorIdl(badType)).toThrow('idl.instructions[1].args[1].type: unknown type "u63"');
  });

  it('points out a legacy (pre-0.30) IDL', () => {
    expect(() => parseAnchorIdl({ version: '0.1.0', name: 'x', instructions: [] })).toThrow(/legacy/);
  });
});

describe.skipIf(!existsSync(CLANG))(`the header in C (needs ${CLANG}; apt-get install clang-19)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'idl-header-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const flags = ['-target', 'bpf', '-mcpu=v2', '-O2', '-ffreestanding', '-fno-builtin', '-std=c17'];
  const strict = ['-Wall', '-Wextra', '-Werror'];
  writeFileSync(join(dir, 'sample_idl.h'), generateCHeader(SAMPLE, { constants: SHARED_CONSTANTS }));

  it('compiles for SBF with every warning an error, and the values hold at compile time', () => {
    const source = join(dir, 'asserts.c');
    writeFileSync(
      source,
      [
        '#include "sample_idl.h"',
        '#include "sample_idl.h" /* the guard makes a second include harmless */',
        '_Static_assert(IX_PLACE_BET_DISC == 0x217ea63fdc433edeULL, "place_bet discriminator");',
        '_Static_assert(sizeof(IX_PLACE_BET) == 8, "discriminator bytes");',
        '_Static_assert(ACCOUNT_BET_SIZE == 134, "Bet size");',
        '_Static_assert(ACCOUNT_MARKET_OFF_RESULT == 61, "Market.result offset");',
        '_Static_assert(PREDICTION_DOWN == 2 && PREDICTION_VARIANT_COUNT == 4, "Prediction");',
        '_Static_assert(ERR_INVALID_ODDS == 6001u, "error code");',
        '_Static_assert(FEE_BPS_TAILSPIN * 25 == BPS_DENOMINATOR, "4% fee");',
        '_Static_assert(sizeof(PROGRAM_ID) == 32, "program id");',
        '_Static_assert(sizeof(((Bet *)0)->referral.value) == 32, "option payload");',
      ].join('\n'),
    );
    execFileSync(CLANG, [...flags, ...strict, '-fsyntax-only', '-I', dir, source], { stdio: 'pipe' });
  });

  it('builds SBF code that uses the codecs without calling memcpy or memset', () => {
    const source = join(dir, 'use.c');
    writeFileSync(
      source,
      `#include "sample_idl.h"
typedef struct { uint8_t *data; uint64_t len; const uint8_t *ix; uint64_t ix_len; uint8_t *event; } Input;
uint64_t handle(const Input *in, uint64_t *event_len);
uint64_t handle(const Input *in, uint64_t *event_len) {
  if (in->ix_len < 8 || !idl_disc_eq(in->ix, IX_PLACE_BET)) return ERR_INVALID_MARKETPLACE;
  PlaceBetArgs args;
  Bet bet;
  if (ix_place_bet_args_decode(in->ix, in->ix_len, &args)) return ERR_INVALID_ODDS;
  if (account_bet_load(in->data, in->len, &bet)) return ERR_INVALID_ODDS;
  bet.bet_amount += args.amount;
  bet.referral.is_some = 0;
  if (account_bet_store(&bet, in->data, in->len)) return ERR_BET_TOO_LOW;
  NewBet event = {{0}, bet.odds, bet.bet_amount, BET_TYPE_SOL, bet.timestamp};
  return (uint64_t)event_new_bet_encode(&event, in->event, EVENT_NEW_BET_SIZE, event_len);
}
`,
    );
    const object = join(dir, 'use.o');
    execFileSync(
      CLANG,
      [...flags, ...strict, '-mllvm', '-bpf-stack-size=4096', '-c', '-I', dir, source, '-o', object],
      {
        stdio: 'pipe',
      },
    );
    if (existsSync(LLVM_NM)) {
      const undefinedSymbols = execFileSync(LLVM_NM, ['--undefined-only', object], { encoding: 'utf8' });
      expect(undefinedSymbols.trim()).toBe('');
    }
  });
});
