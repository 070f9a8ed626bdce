/**
 * Test harness for SBF programs in LiteSVM: loading (directly or through the upgradeable loader's real
 * instructions), sending instructions, decoding failures, and recording compute units.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { InstructionErrorCustom, TransactionErrorInstructionError } from 'litesvm/dist/internal.js';

export type SbpfVersion = 'v3' | 'v0';

export const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
export const LOADER_V3 = address('BPFLoaderUpgradeab1e11111111111111111111111');
export const SYSVAR_RENT = address('SysvarRent111111111111111111111111111111111');
export const SYSVAR_CLOCK = address('SysvarC1ock11111111111111111111111111111111');

/** The fixture program as the build writes it: `fixture.so` (SBPF v3) or `fixture.v0.so`. */
export function fixtureBytes(version: SbpfVersion): Uint8Array {
  const name = version === 'v3' ? 'fixture.so' : 'fixture.v0.so';
  return new Uint8Array(readFileSync(fileURLToPath(new URL(`../fixture/dist/${name}`, import.meta.url))));
}

/** A fixed id for addProgram, so that PDA bump searches, and so compute units, repeat from run to run. */
export const FIXTURE_ID = address('Fixture111111111111111111111111111111111111');

/** The fixture's instructions: the first byte of the instruction data (see fixture.c for each layout). */
export const IX = {
  log: 0,
  logData: 1,
  emitEvent: 2,
  findPda: 3,
  transfer: 4,
  pdaTransfer: 5,
  clock: 6,
  sha256: 7,
  write: 8,
  read: 9,
  sub32: 10,
  u128: 11,
  customError: 12,
  duplicates: 13,
  fib: 14,
  op: 15,
  create: 16,
  close: 17,
  borsh: 18,
  rent: 19,
  mulDiv: 20,
  move: 21,
  hmac: 22,
  slotHash: 23,
  grow: 24,
  text: 25,
} as const;
export type IxName = keyof typeof IX;

type Meta = AccountMeta | AccountSignerMeta;

export const writable = (a: Address): AccountMeta => ({ address: a, role: AccountRole.WRITABLE });
export const readonly = (a: Address): AccountMeta => ({ address: a, role: AccountRole.READONLY });
export const writableSigner = (s: KeyPairSigner): AccountSignerMeta => ({
  address: s.address,
  role: AccountRole.WRITABLE_SIGNER,
  signer: s,
});
export const readonlySigner = (s: KeyPairSigner): AccountSignerMeta => ({
  address: s.address,
  role: AccountRole.READONLY_SIGNER,
  signer: s,
});

export function u32le(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}

export function u64le(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n, true);
  return b;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** System Program CreateAccount (index 0): lamports, space, owner. */
export function createAccountInstruction(
  payer: KeyPairSigner,
  account: KeyPairSigner,
  lamportsToFund: bigint,
  space: bigint,
  owner: Address,
): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [writableSigner(payer), writableSigner(account)],
    data: concat(
      u32le(0),
      u64le(lamportsToFund),
      u64le(space),
      getAddressEncoder().encode(owner) as Uint8Array,
    ),
  };
}

/** A fresh LiteSVM with the fixture added at FIXTURE_ID, and a funded sender. */
export async function withFixture(version: SbpfVersion): Promise<Sender> {
  const svm = new LiteSVM();
  svm.addProgram(FIXTURE_ID, fixtureBytes(version));
  return Sender.create(svm);
}

/** A fixture instruction: tag byte, then `args`. */
export function fixtureInstruction(
  name: IxName,
  args: Uint8Array = new Uint8Array(),
  accounts: Instruction['accounts'] = [],
  programId: Address = FIXTURE_ID,
): Instruction {
  return { programAddress: programId, accounts, data: concat(Uint8Array.of(IX[name]), args) };
}

/** Sends transactions from one funded payer; every send gets a fresh blockhash so repeats are not duplicates. */
export class Sender {
  readonly svm: LiteSVM;
  readonly payer: KeyPairSigner;

  constructor(svm: LiteSVM, payer: KeyPairSigner) {
    this.svm = svm;
    this.payer = payer;
  }

  static async create(svm: LiteSVM): Promise<Sender> {
    const payer = await generateKeyPairSigner();
    svm.airdrop(payer.address, lamports(1_000_000_000_000n));
    return new Sender(svm, payer);
  }

  async send(...instructions: Instruction[]): Promise<TransactionMetadata | FailedTransactionMetadata> {
    this.svm.expireBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: 0n },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    return this.svm.sendTransaction(await signTransactionMessageWithSigners(message));
  }

  async sendOk(...instructions: Instruction[]): Promise<TransactionMetadata> {
    return expectSuccess(await this.send(...instructions));
  }
}

export function expectSuccess(result: TransactionMetadata | FailedTransactionMetadata): TransactionMetadata {
  if (result instanceof FailedTransactionMetadata) {
    throw new Error(`transaction failed: ${result.toString()}\n${result.meta().logs().join('\n')}`);
  }
  return result;
}

export function expectFailure(
  result: TransactionMetadata | FailedTransactionMetadata,
): FailedTransactionMetadata {
  if (!(result instanceof FailedTransactionMetadata)) {
    throw new Error(`transaction succeeded but was expected to fail:\n${result.logs().join('\n')}`);
  }
  return result;
}

/**
 * The failing instruction's error: `{ custom: n }` for InstructionError::Custom(n), or `{ builtin: k }`
 * with k from litesvm's InstructionErrorFieldless numbering.
 */
export function instructionError(
  result: TransactionMetadata | FailedTransactionMetadata,
): { index: number; custom: number } | { index: number; builtin: number } {
  const err = expectFailure(result).err();
  if (!(err instanceof TransactionErrorInstructionError)) {
    throw new Error(`not an instruction error: ${String(err)}`);
  }
  const inner = err.err();
  if (inner instanceof InstructionErrorCustom) return { index: err.index, custom: inner.code };
  if (typeof inner === 'number') return { index: err.index, builtin: inner };
  throw new Error(`unexpected instruction error: ${inner.toString()}`);
}

/** litesvm's InstructionErrorFieldless values the tests meet (a const enum, so not importable as values). */
export const BuiltinError = {
  InvalidArgument: 1,
  InvalidInstructionData: 2,
  InvalidAccountData: 3,
  MissingRequiredSignature: 7,
  MaxSeedLengthExceeded: 33,
  ArithmeticOverflow: 45,
} as const;

const LOADER_BUFFER_HEADER = 37n; // enum tag u32 + Option<Pubkey> authority
const LOADER_PROGRAM_SIZE = 36n; // enum tag u32 + programdata address
/** Keeps each Write transaction under the 1,232-byte packet limit. */
const WRITE_CHUNK = 900;

/**
 * Deploys `so` through the upgradeable loader's real instructions (InitializeBuffer, Write in chunks,
 * DeployWithMaxDataLen), each built by hand in its bincode layout, and warps one slot so the program is
 * visible. Returns the program address, or the failed deploy transaction.
 */
export async function deployUpgradeable(
  sender: Sender,
  so: Uint8Array,
): Promise<{ programId: Address } | { failed: FailedTransactionMetadata }> {
  const { svm, payer } = sender;
  const buffer = await generateKeyPairSigner();
  const program = await generateKeyPairSigner();
  const bufferSize = LOADER_BUFFER_HEADER + BigInt(so.length);
  await sender.sendOk(
    createAccountInstruction(
      payer,
      buffer,
      svm.minimumBalanceForRentExemption(bufferSize),
      bufferSize,
      LOADER_V3,
    ),
    {
      programAddress: LOADER_V3,
      accounts: [writable(buffer.address), readonly(payer.address)],
      data: u32le(0),
    },
  );
  for (let offset = 0; offset < so.length; offset += WRITE_CHUNK) {
    const chunk = so.subarray(offset, offset + WRITE_CHUNK);
    await sender.sendOk({
      programAddress: LOADER_V3,
      accounts: [writable(buffer.address), readonlySigner(payer)],
      data: concat(u32le(1), u32le(offset), u64le(BigInt(chunk.length)), chunk),
    });
  }
  const [programData] = await getProgramDerivedAddress({
    programAddress: LOADER_V3,
    seeds: [getAddressEncoder().encode(program.address)],
  });
  const deploy = await sender.send(
    createAccountInstruction(
      payer,
      program,
      svm.minimumBalanceForRentExemption(LOADER_PROGRAM_SIZE),
      LOADER_PROGRAM_SIZE,
      LOADER_V3,
    ),
    {
      programAddress: LOADER_V3,
      accounts: [
        writableSigner(payer),
        writable(programData),
        writable(program.address),
        writable(buffer.address),
        readonly(SYSVAR_RENT),
        readonly(SYSVAR_CLOCK),
        readonly(SYSTEM_PROGRAM),
        readonlySigner(payer),
      ] satisfies Meta[],
      data: concat(u32le(2), u64le(BigInt(so.length))),
    },
  );
  if (deploy instanceof FailedTransactionMetadata) return { failed: deploy };
  svm.warpToSlot(svm.getClock().slot + 1n);
  return { programId: program.address };
}

/** Compute units per instruction name and column (e.g. "v3", "v0 (loader)"), in first-seen order. */
export class ComputeUnitLog {
  readonly rows = new Map<string, Map<string, bigint>>();

  record(name: string, column: string, units: bigint): void {
    const row = this.rows.get(name) ?? new Map<string, bigint>();
    this.rows.set(name, row);
    if (!row.has(column)) row.set(column, units);
  }

  /** A plain table for console.table: one row per instruction, one column per version. */
  table(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const [name, row] of this.rows)
      out[name] = Object.fromEntries([...row].map(([c, u]) => [c, Number(u)]));
    return out;
  }
}
