/**
 * The fixture program (packages/sbf/fixture/src) exercises every module of the C SDK and every relocation
 * kind of the linker. Each test asserts the exact effect of one instruction, on SBPF v3 and v0, loaded
 * both with addProgram and through the upgradeable loader's real deploy instructions.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  address,
  generateKeyPairSigner,
  getAddressDecoder,
  getAddressEncoder,
  getBooleanEncoder,
  getI64Encoder,
  getOptionEncoder,
  getProgramDerivedAddress,
  getStructDecoder,
  getStructEncoder,
  getU32Encoder,
  getU64Decoder,
  getU64Encoder,
  getU8Encoder,
  getBooleanDecoder,
  lamports,
  none,
  some,
  type Address,
  type Instruction,
} from '@solana/kit';
import { Clock, FailedTransactionMetadata, FeatureSet, LiteSVM, type TransactionMetadata } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BuiltinError,
  ComputeUnitLog,
  concat,
  deployUpgradeable,
  expectFailure,
  expectSuccess,
  FIXTURE_ID,
  fixtureBytes,
  fixtureInstruction,
  type IxName,
  instructionError,
  LOADER_V3,
  readonly,
  Sender,
  SYSTEM_PROGRAM,
  u32le,
  u64le,
  writable,
  writableSigner,
  type SbpfVersion,
} from './fixture-harness.ts';

const FEE = 5000n;
const SLOT_HASHES = address('SysvarS1otHashes111111111111111111111111111');
const utf8 = (s: string) => new TextEncoder().encode(s);
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const sha256 = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());
const addressBytes = (a: Address) => getAddressEncoder().encode(a) as Uint8Array;
const u64At = (b: Uint8Array, offset: number) =>
  new DataView(b.buffer, b.byteOffset).getBigUint64(offset, true);
const i64At = (b: Uint8Array, offset: number) =>
  new DataView(b.buffer, b.byteOffset).getBigInt64(offset, true);

const computeUnits = new ComputeUnitLog();

type LoadMode = 'addProgram' | 'loader';

interface Env {
  svm: LiteSVM;
  sender: Sender;
  programId: Address;
  /**
   * Sends one fixture instruction; when it succeeds, records its compute units under `label` (by default
   * the instruction's name).
   */
  run(
    name: IxName,
    args?: Uint8Array,
    accounts?: Instruction['accounts'],
    label?: string,
  ): Promise<TransactionMetadata | FailedTransactionMetadata>;
  ok(
    name: IxName,
    args?: Uint8Array,
    accounts?: Instruction['accounts'],
    label?: string,
  ): Promise<TransactionMetadata>;
}

async function setUp(version: SbpfVersion, mode: LoadMode): Promise<Env> {
  const svm = new LiteSVM();
  const sender = await Sender.create(svm);
  let programId: Address;
  if (mode === 'addProgram') {
    programId = FIXTURE_ID;
    svm.addProgram(programId, fixtureBytes(version));
  } else {
    const deployed = await deployUpgradeable(sender, fixtureBytes(version));
    if ('failed' in deployed) throw new Error(`deploy failed: ${deployed.failed.toString()}`);
    programId = deployed.programId;
  }
  const column = mode === 'addProgram' ? version : `${version} (loader)`;
  const run: Env['run'] = async (name, args, accounts, label = name) => {
    const result = await sender.send(fixtureInstruction(name, args, accounts, programId));
    if (!(result instanceof FailedTransactionMetadata))
      computeUnits.record(label, column, result.computeUnitsConsumed());
    return result;
  };
  return {
    svm,
    sender,
    programId,
    run,
    ok: async (name, args, accounts, label) => expectSuccess(await run(name, args, accounts, label)),
  };
}

/** An account owned by the fixture program with `size` zero bytes, rent-exempt. */
async function programAccount(env: Env, size: number, owner: Address = env.programId): Promise<Address> {
  const a = (await generateKeyPairSigner()).address;
  env.svm.setAccount({
    address: a,
    data: new Uint8Array(size),
    executable: false,
    lamports: lamports(env.svm.minimumBalanceForRentExemption(BigInt(size))),
    programAddress: owner,
    space: BigInt(size),
  });
  return a;
}

function accountData(env: Env, a: Address): Uint8Array {
  const account = env.svm.getAccount(a);
  if (!account.exists) throw new Error(`account ${a} does not exist`);
  return account.data;
}

const balance = (env: Env, a: Address): bigint => env.svm.getBalance(a) ?? 0n;

describe.each([
  ['v3', 'addProgram'],
  ['v0', 'addProgram'],
  ['v3', 'loader'],
  ['v0', 'loader'],
] as const)('fixture %s via %s', (version, mode) => {
  let env: Env;
  beforeAll(async () => {
    env = await setUp(version, mode);
  });

  it('logs text, five u64s, a pubkey and the compute units left', async () => {
    const r = await env.ok('log');
    const pid = env.programId;
    const used = r.computeUnitsConsumed();
    expect(r.logs()).toEqual([
      `Program ${pid} invoke [1]`,
      'Program log: fixture: hello',
      'Program log: fixture: strlen',
      'Program log: 0x1, 0x2, 0x3, 0x4, 0xffffffffffffffff',
      `Program log: ${pid}`,
      expect.stringMatching(/^Program consumption: \d+ units remaining$/),
      `Program ${pid} consumed ${used} of 200000 compute units`,
      `Program ${pid} success`,
    ]);
    const remaining = BigInt(r.logs()[5]!.split(' ')[2]!);
    expect(remaining).toBeGreaterThan(200_000n - used);
    expect(remaining).toBeLessThan(200_000n);
  });

  it('logs data slices as space-separated base64', async () => {
    const payload = Uint8Array.of(1, 2, 3, 250, 0);
    const r = await env.ok('logData', payload);
    expect(r.logs()[1]).toBe(`Program data: ${b64(utf8('fixture'))} ${b64(payload)}`);
  });

  it('emits an Anchor event as one base64 slice: discriminator then Borsh payload', async () => {
    const discriminator = sha256(utf8('event:FixtureEvent')).subarray(0, 8);
    const eventCodec = [
      ['amount', getU64Encoder()],
      ['won', getBooleanEncoder()],
      ['user', getAddressEncoder()],
    ] as const;
    const event = { amount: 123_456_789n, won: true, user: env.sender.payer.address };
    const payload = getStructEncoder(eventCodec).encode(event) as Uint8Array;
    const r = await env.ok('emitEvent', concat(discriminator, payload));
    const line = r.logs()[1]!;
    expect(line).toBe(`Program data: ${b64(concat(discriminator, payload))}`);
    // Decode it the way Anchor's EventParser does: one base64 word, discriminator, Borsh.
    const decoded = new Uint8Array(Buffer.from(line.slice('Program data: '.length), 'base64'));
    expect(decoded.subarray(0, 8)).toEqual(discriminator);
    const eventDecoder = getStructDecoder([
      ['amount', getU64Decoder()],
      ['won', getBooleanDecoder()],
      ['user', getAddressDecoder()],
    ]);
    expect(eventDecoder.decode(decoded.subarray(8))).toEqual(event);
  });

  it.each([
    ['an empty seed', new Uint8Array()],
    ['a one-byte seed', utf8('a')],
    ['a 32-byte seed', new Uint8Array(32).fill(7)],
  ])('derives the PDA of ["fixture", %s] like @solana/kit', async (_, seed) => {
    const [expected, bump] = await getProgramDerivedAddress({
      programAddress: env.programId,
      seeds: [utf8('fixture'), seed],
    });
    const r = await env.ok('findPda', seed);
    const returned = r.returnData();
    expect(getAddressDecoder().decode(returned.programId())).toBe(env.programId);
    expect(returned.data()).toEqual(concat(addressBytes(expected), Uint8Array.of(bump)));
  });

  it('refuses a seed longer than 32 bytes', async () => {
    expect(instructionError(await env.run('findPda', new Uint8Array(33)))).toEqual({
      index: 0,
      builtin: BuiltinError.MaxSeedLengthExceeded,
    });
  });

  it('transfers lamports by CPI, signed by the payer', async () => {
    const payer = env.sender.payer.address;
    const to = (await generateKeyPairSigner()).address;
    const before = balance(env, payer);
    const r = await env.ok('transfer', u64le(1_000_000n), [
      writableSigner(env.sender.payer),
      writable(to),
      readonly(SYSTEM_PROGRAM),
    ]);
    expect(balance(env, payer)).toBe(before - 1_000_000n - FEE);
    expect(balance(env, to)).toBe(1_000_000n);
    expect(r.innerInstructions()[0]).toHaveLength(1);
  });

  it('refuses a transfer whose source did not sign, with AccountNotSigner (3010)', async () => {
    const from = (await generateKeyPairSigner()).address;
    const to = (await generateKeyPairSigner()).address;
    const r = await env.run('transfer', u64le(1n), [writable(from), writable(to), readonly(SYSTEM_PROGRAM)]);
    expect(instructionError(r)).toEqual({ index: 0, custom: 3010 });
    expect(expectFailure(r).meta().logs()).toContain(
      `Program ${env.programId} failed: custom program error: 0xbc2`,
    );
  });

  it('transfers lamports by CPI from a system-owned PDA it signs for with seeds', async () => {
    const [vault, bump] = await getProgramDerivedAddress({
      programAddress: env.programId,
      seeds: [utf8('vault')],
    });
    env.svm.airdrop(vault, lamports(10_000_000n));
    const to = (await generateKeyPairSigner()).address;
    await env.ok('pdaTransfer', concat(Uint8Array.of(bump), u64le(1_000_000n)), [
      writable(vault),
      writable(to),
      readonly(SYSTEM_PROGRAM),
    ]);
    expect(balance(env, vault)).toBe(9_000_000n);
    expect(balance(env, to)).toBe(1_000_000n);

    const wrongBump = await env.run('pdaTransfer', concat(Uint8Array.of(bump - 1), u64le(1n)), [
      writable(vault),
      writable(to),
      readonly(SYSTEM_PROGRAM),
    ]);
    expect(instructionError(wrongBump)).toEqual({ index: 0, custom: 2006 });
  });

  it('reads the Clock sysvar', async () => {
    const now = env.svm.getClock();
    env.svm.setClock(new Clock(now.slot + 10n, 1_699_999_000n, 7n, 8n, 1_700_000_123n));
    const data = (await env.ok('clock')).returnData().data();
    const clock = env.svm.getClock();
    expect(data.length).toBe(40);
    expect(u64At(data, 0)).toBe(clock.slot);
    expect(i64At(data, 8)).toBe(clock.epochStartTimestamp);
    expect(u64At(data, 16)).toBe(clock.epoch);
    expect(u64At(data, 24)).toBe(clock.leaderScheduleEpoch);
    expect(i64At(data, 32)).toBe(clock.unixTimestamp);
    expect(i64At(data, 32)).toBe(1_700_000_123n);
  });

  it.each([
    ['nothing', new Uint8Array()],
    ['300 bytes', Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff)],
  ])('hashes %s with sha256 like node:crypto', async (_, input) => {
    expect((await env.ok('sha256', input)).returnData().data()).toEqual(sha256(input));
  });

  it('writes into and reads back the data of an account it owns', async () => {
    const target = await programAccount(env, 64);
    const bytes = utf8('hello fixture');
    await env.ok('write', concat(u32le(10), bytes), [writable(target)]);
    const expected = new Uint8Array(64);
    expected.set(bytes, 10);
    expect(accountData(env, target)).toEqual(expected);
    const read = await env.ok('read', concat(u32le(10), u32le(bytes.length)), [readonly(target)]);
    expect(read.returnData().data()).toEqual(bytes);
  });

  it('refuses to write to an account it does not own (3007), a read-only one (2000), or past the end (3003)', async () => {
    const foreign = await programAccount(env, 64, SYSTEM_PROGRAM);
    expect(
      instructionError(await env.run('write', concat(u32le(0), Uint8Array.of(1)), [writable(foreign)])),
    ).toEqual({
      index: 0,
      custom: 3007,
    });
    const target = await programAccount(env, 64);
    expect(
      instructionError(await env.run('write', concat(u32le(0), Uint8Array.of(1)), [readonly(target)])),
    ).toEqual({
      index: 0,
      custom: 2000,
    });
    expect(
      instructionError(await env.run('write', concat(u32le(60), new Uint8Array(5)), [writable(target)])),
    ).toEqual({
      index: 0,
      custom: 3003,
    });
  });

  it.each([
    [0, 5, 0xfffffffbn],
    [5, 0, 5n],
    [0, 0xffffffff, 1n],
    [0x80000000, 1, 0x7fffffffn],
    [1, 0x80000000, 0x80000001n],
  ])('zero-extends (u64)(u32)(%i - %i) to %i', async (a, b, expected) => {
    const data = (await env.ok('sub32', concat(u32le(a), u32le(b)))).returnData().data();
    expect(data).toEqual(u64le(expected));
  });

  it.each([6000, 0, 0xffffffff])('fails with custom error %i', async (code) => {
    const r = await env.run('customError', u32le(code));
    expect(instructionError(r)).toEqual({ index: 0, custom: code });
    expect(expectFailure(r).meta().logs().at(-1)).toBe(
      `Program ${env.programId} failed: custom program error: 0x${code.toString(16)}`,
    );
  });

  it('sees an account passed twice as one account with shared pointers', async () => {
    const x = (await generateKeyPairSigner()).address;
    const y = (await generateKeyPairSigner()).address;
    const same = await env.ok('duplicates', new Uint8Array(), [writable(x), writable(x)]);
    expect([...same.returnData().data()]).toEqual([2, 1, 1, 1, 1, 0, 0]);
    const distinct = await env.ok('duplicates', new Uint8Array(), [writable(x), readonly(y)]);
    expect([...distinct.returnData().data()]).toEqual([2, 0, 0, 1, 0, 0, 0]);
  });

  it('recurses through internal calls', async () => {
    expect((await env.ok('fib', Uint8Array.of(15))).returnData().data()).toEqual(u64le(610n));
  });

  it.each([
    [0, 2n ** 64n - 1n, 2n, 1n],
    [1, 0n, 1n, 2n ** 64n - 1n],
    [2, 2n ** 63n, 3n, 2n ** 63n],
    [3, 0xff00n, 0x0ff0n, 0xf0f0n],
  ])('calls operation %i through a function pointer table in read-only data', async (op, a, b, expected) => {
    const r = await env.ok('op', concat(Uint8Array.of(op), u64le(a), u64le(b)));
    expect(r.returnData().data()).toEqual(u64le(expected));
  });

  it('refuses an operation outside the table', async () => {
    expect(instructionError(await env.run('op', concat(Uint8Array.of(4), u64le(1n), u64le(1n))))).toEqual({
      index: 0,
      builtin: BuiltinError.InvalidInstructionData,
    });
  });

  describe('creating and closing accounts', () => {
    const space = 100n;
    const createArgs = (bump: number) => concat(Uint8Array.of(bump), u64le(space));
    const pdaOf = async (payer: Address) =>
      getProgramDerivedAddress({
        programAddress: env.programId,
        seeds: [utf8('account'), addressBytes(payer)],
      });
    const newPayer = async () => {
      const payer = await generateKeyPairSigner();
      env.svm.airdrop(payer.address, lamports(10_000_000_000n));
      return payer;
    };
    const expectCreated = (account: Address, lamportsHeld: bigint) => {
      const a = env.svm.getAccount(account);
      expect(a.exists && a.programAddress).toBe(env.programId);
      expect(a.exists && a.lamports).toBe(lamportsHeld);
      const data = accountData(env, account);
      expect(data.length).toBe(Number(space));
      expect(data.subarray(0, 8)).toEqual(utf8('fixture!'));
      expect(data.subarray(8)).toEqual(new Uint8Array(Number(space) - 8));
    };

    it('creates a rent-exempt PDA account owned by the program, paid by the payer', async () => {
      const payer = await newPayer();
      const [account, bump] = await pdaOf(payer.address);
      const before = balance(env, payer.address);
      await env.ok('create', createArgs(bump), [
        writableSigner(payer),
        writable(account),
        readonly(SYSTEM_PROGRAM),
      ]);
      const minimum = env.svm.minimumBalanceForRentExemption(space);
      expectCreated(account, minimum);
      expect(balance(env, payer.address)).toBe(before - minimum);

      // CreateAccount on an address in use fails inside the System Program with its Custom(0).
      const again = await env.run('create', createArgs(bump), [
        writableSigner(payer),
        writable(account),
        readonly(SYSTEM_PROGRAM),
      ]);
      expect(instructionError(again)).toEqual({ index: 0, custom: 0 });
    });

    it.each([
      ['tops up a PDA that already holds some lamports', 1000n, 'create (PDA holds too little)'],
      ['takes over a PDA that already holds more than the minimum', 5_000_000n, 'create (PDA holds enough)'],
    ])('%s', async (_, held, label) => {
      const payer = await newPayer();
      const [account, bump] = await pdaOf(payer.address);
      env.svm.setAccount({
        address: account,
        data: new Uint8Array(),
        executable: false,
        lamports: lamports(held),
        programAddress: SYSTEM_PROGRAM,
        space: 0n,
      });
      const before = balance(env, payer.address);
      await env.ok(
        'create',
        createArgs(bump),
        [writableSigner(payer), writable(account), readonly(SYSTEM_PROGRAM)],
        label,
      );
      const minimum = env.svm.minimumBalanceForRentExemption(space);
      const final = held > minimum ? held : minimum;
      expectCreated(account, final);
      expect(balance(env, payer.address)).toBe(before - (final - held));
    });

    it('closes an account: lamports to the destination, then the runtime deletes it', async () => {
      const payer = await newPayer();
      const [account, bump] = await pdaOf(payer.address);
      await env.ok('create', createArgs(bump), [
        writableSigner(payer),
        writable(account),
        readonly(SYSTEM_PROGRAM),
      ]);
      const held = balance(env, account);
      const destination = (await generateKeyPairSigner()).address;
      await env.ok('close', new Uint8Array(), [writable(account), writable(destination)]);
      expect(env.svm.getAccount(account).exists).toBe(false);
      expect(balance(env, destination)).toBe(held);
    });

    it('refuses to close an account without the discriminator (3002) or into itself', async () => {
      const plain = await programAccount(env, 16);
      const destination = (await generateKeyPairSigner()).address;
      expect(
        instructionError(await env.run('close', new Uint8Array(), [writable(plain), writable(destination)])),
      ).toEqual({
        index: 0,
        custom: 3002,
      });
      const payer = await newPayer();
      const [account, bump] = await pdaOf(payer.address);
      await env.ok('create', createArgs(bump), [
        writableSigner(payer),
        writable(account),
        readonly(SYSTEM_PROGRAM),
      ]);
      expect(
        instructionError(await env.run('close', new Uint8Array(), [writable(account), writable(account)])),
      ).toEqual({
        index: 0,
        builtin: BuiltinError.InvalidArgument,
      });
    });
  });

  describe('moving lamports, HMAC, SlotHashes, growing accounts and text lines', () => {
    it('moves lamports between two accounts without a CPI', async () => {
      const from = await programAccount(env, 0);
      env.svm.airdrop(from, lamports(5_000_000n));
      const to = (await generateKeyPairSigner()).address;
      env.svm.airdrop(to, lamports(1_000_000n));
      const [fromBefore, toBefore] = [balance(env, from), balance(env, to)];
      await env.ok('move', u64le(3_000_000n), [writable(from), writable(to)]);
      expect(balance(env, from)).toBe(fromBefore - 3_000_000n);
      expect(balance(env, to)).toBe(toBefore + 3_000_000n);
    });

    it('refuses to move lamports from an account to itself, which would create lamports (InvalidArgument)', async () => {
      const account = await programAccount(env, 0);
      env.svm.airdrop(account, lamports(5_000_000n));
      const before = balance(env, account);
      const result = await env.run('move', u64le(1_000_000n), [writable(account), writable(account)]);
      expect(instructionError(result)).toEqual({ index: 0, builtin: BuiltinError.InvalidArgument });
      expect(balance(env, account)).toBe(before);
    });

    it('computes HMAC-SHA256 as node:crypto does, for a 32-byte and an empty key', async () => {
      for (const key of [new Uint8Array(32).fill(7), new Uint8Array(0)]) {
        const message = utf8('sequence, player seed and slot hash');
        const expected = new Uint8Array(createHmac('sha256', key).update(message).digest());
        const r = await env.ok('hmac', concat(Uint8Array.of(key.length), key, message));
        expect(r.returnData().data()).toEqual(expected);
      }
    });

    it('finds a slot in the SlotHashes sysvar account, and nothing for a slot it does not list', async () => {
      const hashes = [30n, 29n, 27n, 20n].map((slot) => ({
        slot,
        hash: getAddressDecoder().decode(sha256(u64le(slot))),
      }));
      // litesvm types the entries as its SlotHash class, which has no constructor; the binding takes plain
      // { slot, hash (base58) } objects.
      (env.svm as unknown as { setSlotHashes(entries: typeof hashes): void }).setSlotHashes(hashes);
      for (const { slot, hash } of hashes) {
        const r = await env.ok('slotHash', u64le(slot), [readonly(SLOT_HASHES)]);
        expect(r.returnData().data()).toEqual(addressBytes(hash));
      }
      for (const missing of [31n, 28n, 19n, 0n]) {
        const r = await env.ok('slotHash', u64le(missing), [readonly(SLOT_HASHES)]);
        expect(r.returnData().data()).toEqual(new Uint8Array());
      }
      const other = (await generateKeyPairSigner()).address;
      expect(instructionError(await env.run('slotHash', u64le(30n), [readonly(other)]))).toEqual({
        index: 0,
        custom: 2012,
      });
    });

    it('grows an account it owns, the payer topping up its rent, with the new bytes usable', async () => {
      const payer = await generateKeyPairSigner();
      env.svm.airdrop(payer.address, lamports(1_000_000_000n));
      const account = await programAccount(env, 16);
      await env.ok('grow', u64le(200n), [writable(account), writableSigner(payer), readonly(SYSTEM_PROGRAM)]);
      expect(accountData(env, account)).toEqual(new Uint8Array(200).fill(0xab));
      expect(balance(env, account)).toBe(env.svm.minimumBalanceForRentExemption(200n));
    });

    it('builds a log line with signed and unsigned numbers and hex, cut at the buffer', async () => {
      const r = await env.ok(
        'text',
        concat(
          u64le(-42n & 0xffffffffffffffffn),
          u64le(18446744073709551615n),
          Uint8Array.of(0x00, 0xab, 0xff),
        ),
      );
      expect(r.logs()[1]).toBe('Program log: text -42 18446744073709551615 00abff');
      const long = await env.ok('text', concat(u64le(1n), u64le(2n), new Uint8Array(40).fill(0x11)));
      expect(long.logs()[1]).toBe(`Program log: text 1 2 ${'1'.repeat(31)}`);
    });
  });

  describe('Borsh', () => {
    const encoder = getStructEncoder([
      ['a', getU8Encoder()],
      ['b', getBooleanEncoder()],
      ['c', getU32Encoder()],
      ['d', getU64Encoder()],
      ['e', getI64Encoder()],
      ['f', getAddressEncoder()],
      ['g', getOptionEncoder(getU64Encoder())],
      ['h', getOptionEncoder(getI64Encoder())],
      ['i', getOptionEncoder(getAddressEncoder())],
    ]);
    const key = address('SysvarC1ock11111111111111111111111111111111');
    const full = encoder.encode({
      a: 255,
      b: true,
      c: 0xdeadbeef,
      d: 2n ** 64n - 1n,
      e: -(2n ** 63n),
      f: key,
      g: some(42n),
      h: some(-1n),
      i: some(key),
    }) as Uint8Array;
    const empty = encoder.encode({
      a: 0,
      b: false,
      c: 0,
      d: 0n,
      e: 0n,
      f: key,
      g: none(),
      h: none(),
      i: none(),
    }) as Uint8Array;

    it.each([
      ['every Option Some', full],
      ['every Option None', empty],
    ])('reads and re-writes a record with %s, byte for byte', async (_, bytes) => {
      expect((await env.ok('borsh', bytes)).returnData().data()).toEqual(bytes);
    });

    it.each([
      ['a truncated record', full.subarray(0, full.length - 1)],
      ['a trailing byte', concat(full, Uint8Array.of(0))],
      ['a bool that is 2', Uint8Array.from(full, (v, i) => (i === 1 ? 2 : v))],
      ['an Option tag that is 2', Uint8Array.from(empty, (v, i) => (i === empty.length - 1 ? 2 : v))],
    ])('refuses %s', async (_, bytes) => {
      expect(instructionError(await env.run('borsh', bytes))).toEqual({
        index: 0,
        builtin: BuiltinError.InvalidInstructionData,
      });
    });
  });

  it.each([
    // A Foresight payout: a 2 SOL bet, a 970 SOL pot after fees, a 400 SOL winning pool.
    [2_000_000_000n, 970_000_000_000n, 400_000_000_000n, 4_850_000_000n, 4_850_000_000n],
    [10n, 10n, 3n, 33n, 34n],
    [2n ** 64n - 1n, 2n ** 64n - 1n, 2n ** 64n - 1n, 2n ** 64n - 1n, 2n ** 64n - 1n],
  ])('computes floor and ceil of %i * %i / %i with a 128-bit intermediate', async (a, b, c, floor, ceil) => {
    const r = await env.ok('mulDiv', concat(u64le(a), u64le(b), u64le(c)));
    expect(r.returnData().data()).toEqual(concat(u64le(floor), u64le(ceil)));
  });

  it.each([
    ['a zero divisor', 1n, 1n, 0n],
    ['a result beyond u64', 2n ** 64n - 1n, 2n, 1n],
  ])('fails with ArithmeticOverflow on %s', async (_, a, b, c) => {
    expect(instructionError(await env.run('mulDiv', concat(u64le(a), u64le(b), u64le(c))))).toEqual({
      index: 0,
      builtin: BuiltinError.ArithmeticOverflow,
    });
  });

  it.each([0n, 1n, 100n, 10_240n])(
    'computes the rent-exempt minimum for %i bytes like the runtime',
    async (len) => {
      const r = await env.ok('rent', u64le(len));
      expect(r.returnData().data()).toEqual(u64le(env.svm.minimumBalanceForRentExemption(len)));
    },
  );

  it('refuses empty data, an unknown instruction, and more accounts than it accepts', async () => {
    const empty = await env.sender.send({
      programAddress: env.programId,
      accounts: [],
      data: new Uint8Array(),
    });
    expect(instructionError(empty)).toEqual({ index: 0, builtin: BuiltinError.InvalidInstructionData });
    const unknown = await env.sender.send({
      programAddress: env.programId,
      accounts: [],
      data: Uint8Array.of(200),
    });
    expect(instructionError(unknown)).toEqual({ index: 0, builtin: BuiltinError.InvalidInstructionData });
    const keys = await Promise.all(
      Array.from({ length: 5 }, async () => (await generateKeyPairSigner()).address),
    );
    const tooMany = await env.run('log', new Uint8Array(), keys.map(readonly));
    expect(instructionError(tooMany)).toEqual({ index: 0, builtin: BuiltinError.InvalidArgument });
  });
});

describe('deployment through the upgradeable loader', () => {
  it.each(['v3', 'v0'] as const)(
    'deploys %s under new LiteSVM() defaults: an executable program account and the ELF in programdata',
    async (version) => {
      const sender = await Sender.create(new LiteSVM());
      const so = fixtureBytes(version);
      const deployed = await deployUpgradeable(sender, so);
      if (!('programId' in deployed)) throw new Error(`deploy failed: ${deployed.failed.toString()}`);
      const program = sender.svm.getAccount(deployed.programId);
      expect(program.exists && program.executable).toBe(true);
      expect(program.exists && program.programAddress).toBe(LOADER_V3);
      const [programData] = await getProgramDerivedAddress({
        programAddress: LOADER_V3,
        seeds: [addressBytes(deployed.programId)],
      });
      const account = sender.svm.getAccount(programData);
      if (!account.exists) throw new Error('no programdata account');
      // ProgramData: u32 tag 3, u64 deployment slot, Option<Pubkey> authority (1 + 32), then the ELF.
      expect(account.data.subarray(0, 4)).toEqual(u32le(3));
      expect(account.data.subarray(13, 45)).toEqual(addressBytes(sender.payer.address));
      expect(account.data.subarray(45)).toEqual(so);
    },
  );

  it('with every feature enabled deploys v3 and refuses v0', async () => {
    const v3 = await deployUpgradeable(
      await Sender.create(new LiteSVM().withFeatureSet(FeatureSet.allEnabled())),
      fixtureBytes('v3'),
    );
    expect('programId' in v3).toBe(true);
    const v0 = await deployUpgradeable(
      await Sender.create(new LiteSVM().withFeatureSet(FeatureSet.allEnabled())),
      fixtureBytes('v0'),
    );
    if (!('failed' in v0)) throw new Error('v0 deployed with every feature enabled');
    // The loader is the deploy transaction's second instruction (after the program account's CreateAccount).
    expect(instructionError(v0.failed)).toEqual({ index: 1, builtin: BuiltinError.InvalidAccountData });
    expect(v0.failed.meta().logs()).toContain(
      'Detected sbpf_version required by the executable which are not enabled',
    );
  });
});

describe('compute units', () => {
  it('are the same whichever way the program was loaded', () => {
    for (const [name, row] of computeUnits.rows) {
      // The bump search depends on the program id, which the loader deployment draws at random.
      if (name === 'findPda') continue;
      for (const version of ['v3', 'v0']) {
        const direct = row.get(version);
        const loaded = row.get(`${version} (loader)`);
        if (direct !== undefined && loaded !== undefined)
          expect({ name, units: loaded }).toEqual({ name, units: direct });
      }
    }
  });

  // `npm run bench` sets BENCH: compute units are deterministic in LiteSVM, so they are reported, not timed.
  afterAll(() => {
    if (!process.env.BENCH) return;
    console.log('Compute units per fixture instruction (first successful call):');
    console.table(computeUnits.table());
    console.log('Binary sizes:');
    console.table({
      'fixture.so (SBPF v3)': { bytes: fixtureBytes('v3').length },
      'fixture.v0.so (SBPF v0)': { bytes: fixtureBytes('v0').length },
    });
  });
});
