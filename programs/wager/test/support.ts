/**
 * Helpers shared by the Wager test files on top of the harness: rewritten instructions for hostile cases,
 * the rents of the records, and a check that a refused transaction changed nothing but the fee payer's
 * balance. Kept local for the same reason as the harness's send logic: Foresight's copies live in its own
 * tests, and one program's tests should not import another's.
 */
import { LangErrorMessage } from '@coral-xyz/anchor';
import { type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { expect } from 'vitest';
import { cloneAccount as cloneSvmAccount, signerCount } from '@arcade/sbf/testing';
import { betCost, betFee, betStake, referralShare } from '@arcade/sdk/wager/bet-math';
import {
  BET_ACCOUNT_SIZE,
  MARKET_ACCOUNT_SIZE,
  PREDICTION_ACCOUNT_SIZE,
  REFERRAL_ACCOUNT_SIZE,
} from '@arcade/sdk/wager/accounts';
import {
  decodeWagerError,
  getWagerErrorFromLogs,
  WAGER_ERROR_CODES,
  type WagerErrorName,
} from '@arcade/sdk/wager/errors';
import {
  BUILTIN_ERRORS,
  type BuiltinErrorName,
  type Failure,
  type Outcome,
  type WagerHarness,
} from './harness.ts';

/** Lamports the runtime charges per signature (LiteSVM's default, as on mainnet without priority fees). */
export const SIGNATURE_FEE = 5_000n;

/** Anchor framework error codes the program raises for account and data checks (docs/sbf-toolchain.md). */
export const ANCHOR_ERROR_CODES = Object.freeze({
  InstructionMissing: 100,
  InstructionFallbackNotFound: 101,
  InstructionDidNotDeserialize: 102,
  ConstraintMut: 2000,
  ConstraintHasOne: 2001,
  ConstraintRaw: 2003,
  ConstraintSeeds: 2006,
  AccountDiscriminatorMismatch: 3002,
  AccountNotEnoughKeys: 3005,
  ConstraintAddress: 2012,
  AccountOwnedByWrongProgram: 3007,
  InvalidProgramId: 3008,
  AccountNotSigner: 3010,
  TryingToInitPayerAsProgramAccount: 4101,
} as const);
export type AnchorErrorName = keyof typeof ANCHOR_ERROR_CODES;

/**
 * What a refusal must look like: a Wager error (its name decoded by the SDK), an Anchor framework code (not
 * Wager's, so the harness's `name` is null), or one of the runtime's builtin errors.
 */
export type ExpectedError =
  | { code: number; name: WagerErrorName }
  | { code: number; name: null; anchor: AnchorErrorName }
  | { builtin: BuiltinErrorName };

/** A Wager error by name, with its code from the SDK. */
export function wager(name: WagerErrorName): ExpectedError {
  return { code: WAGER_ERROR_CODES[name], name };
}

/** An Anchor framework error by name. */
export function anchor(name: AnchorErrorName): ExpectedError {
  return { code: ANCHOR_ERROR_CODES[name], name: null, anchor: name };
}

/**
 * What a refunded `create_bet` bet is still owed if its reveal shows a win: its prize less the stake and
 * fee the refund returned (never negative). A refund that captured the bet's slot hash keeps it reserved
 * (`refund_reserve`, inside `outstanding`) until the reveal.
 */
export function lateWin(prize: bigint, odds: number): bigint {
  const owed = prize - betCost(prize, odds);
  return owed > 0n ? owed : 0n;
}

/**
 * What a refund that captured the slot hash keeps reserved (`refund_reserve`): the late win, and for a
 * referred bet the referral's share, which a late win credits as an on-time one does.
 */
export function lateReserve(prize: bigint, odds: number, referred: boolean): bigint {
  return lateWin(prize, odds) + (referred ? referralShare(betFee(betStake(prize, odds))) : 0n);
}

/** Rent-exempt minimum of a bet record. */
export function betRent(h: WagerHarness): bigint {
  return h.rent(BET_ACCOUNT_SIZE);
}

/** Rent-exempt minimum of a market record. */
export function marketRent(h: WagerHarness): bigint {
  return h.rent(MARKET_ACCOUNT_SIZE);
}

/** Rent-exempt minimum of a prediction record. */
export function predictionRent(h: WagerHarness): bigint {
  return h.rent(PREDICTION_ACCOUNT_SIZE);
}

/** Rent-exempt minimum of a referral vault. */
export function vaultRent(h: WagerHarness): bigint {
  return h.rent(REFERRAL_ACCOUNT_SIZE);
}

/** Rent-exempt minimum of a data-less account: a market's pool, or any wallet. */
export function walletRent(h: WagerHarness): bigint {
  return h.rent(0);
}

// ---- rewriting instructions for hostile cases ----

export { withAccount, withAccountCount, withData, withoutSigner } from '@arcade/sbf/testing';

/** The instruction's data as a mutable copy. */
export function dataOf(ix: Instruction): Uint8Array {
  if (ix.data === undefined) throw new Error('instruction without data');
  return Uint8Array.from(ix.data);
}

/** Copies account `from` to `to`, owned by `owner`: a look-alike of a real record under another program. */
export function cloneAccount(h: WagerHarness, from: Address, to: Address, owner: Address): void {
  cloneSvmAccount(h.svm, from, to, owner);
}

// ---- refusals change nothing ----

interface AccountState {
  lamports: bigint;
  owner: Address | null;
  data: string;
}

function stateOf(h: WagerHarness, at: Address): AccountState {
  const a = h.svm.getAccount(at);
  return a.exists
    ? { lamports: a.lamports, owner: a.programAddress, data: Buffer.from(a.data).toString('hex') }
    : { lamports: 0n, owner: null, data: '' };
}

/** Signatures a transaction of `instructions` paid by `feePayer` carries: the fee payer and every signer. */
export { signerCount };

/** The transaction fee of `instructions` paid by `feePayer`. */
export function feeOf(instructions: readonly Instruction[], feePayer: Address): bigint {
  return SIGNATURE_FEE * BigInt(signerCount(instructions, feePayer));
}

/**
 * Anchor's error line for a custom code, as an unmodified Anchor client parses it: the IDL's name and
 * message for Wager's codes, anchor-lang's own for the framework's.
 */
export function anchorErrorLine(code: number): string {
  const wagerError = decodeWagerError(code);
  const name =
    wagerError?.name ?? Object.entries(ANCHOR_ERROR_CODES).find(([, value]) => value === code)?.[0];
  const message = wagerError?.msg ?? LangErrorMessage.get(code);
  if (name === undefined || message === undefined) throw new Error(`no Anchor error line for ${code}`);
  return `Program log: AnchorError occurred. Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`;
}

/** The AnchorError lines in `logs`. */
export function anchorErrorLines(logs: readonly string[]): string[] {
  return logs.filter((line) => line.includes('AnchorError occurred'));
}

/**
 * Asserts that `outcome` is the refusal `expected`, by code and name, in the logs as integrators read it,
 * and by Anchor's error line (exactly one; none for the runtime's builtin errors).
 */
export function expectError(h: WagerHarness, outcome: Outcome, expected: ExpectedError): Failure {
  if (outcome.ok) {
    throw new Error(`expected ${JSON.stringify(expected)}, but the transaction succeeded`);
  }
  if ('builtin' in expected) {
    expect(outcome).toMatchObject({
      ok: false,
      code: null,
      builtin: BUILTIN_ERRORS[expected.builtin],
      builtinName: expected.builtin,
    });
    expect(anchorErrorLines(outcome.logs)).toEqual([]);
    return outcome;
  }
  if ('anchor' in expected) {
    expect(ANCHOR_ERROR_CODES[expected.anchor], 'the expected Anchor code matches its name').toBe(
      expected.code,
    );
    expect(outcome).toMatchObject({ ok: false, code: expected.code, name: null });
  } else {
    expect(WAGER_ERROR_CODES[expected.name], 'the expected code matches its name').toBe(expected.code);
    expect(outcome).toMatchObject({ ok: false, code: expected.code, name: expected.name });
    // Integrators reading stored transactions get the same error from the logs.
    expect(getWagerErrorFromLogs(outcome.logs)?.name).toBe(expected.name);
  }
  expect(outcome.logs).toContain(
    `Program ${h.programId} failed: custom program error: 0x${expected.code.toString(16)}`,
  );
  expect(anchorErrorLines(outcome.logs)).toEqual([anchorErrorLine(expected.code)]);
  return outcome;
}

/**
 * Sends `instructions` with `feePayer` (the harness's payer unless given) and asserts that the transaction
 * failed with exactly `expected`, and that it changed nothing: every account it names, the house, the
 * harness's actors and `watch` keep their lamports, owner and data, and the fee payer paid exactly the
 * signature fees.
 */
export async function expectRefused(
  h: WagerHarness,
  instructions: Instruction[],
  expected: ExpectedError,
  options: { feePayer?: KeyPairSigner; watch?: Address[] } = {},
): Promise<Failure> {
  const feePayer = options.feePayer ?? h.payer;
  const watched = new Set<Address>([
    h.house,
    h.authority.address,
    h.settler.address,
    h.treasury.address,
    ...(options.watch ?? []),
  ]);
  for (const ix of instructions) for (const meta of ix.accounts ?? []) watched.add(meta.address);
  watched.delete(feePayer.address);
  const before = new Map([...watched].map((a) => [a, stateOf(h, a)]));
  const payerBefore = h.balance(feePayer.address);

  const outcome = expectError(h, await h.send(instructions, feePayer), expected);

  for (const [a, state] of before) expect(stateOf(h, a), `account ${a} is unchanged`).toEqual(state);
  expect(h.balance(feePayer.address)).toBe(payerBefore - feeOf(instructions, feePayer.address));
  return outcome;
}

/** Sends with the harness's payer paying the fees, and expects success. */
export async function sendOk(h: WagerHarness, instructions: Instruction[]) {
  return h.expectOk(await h.send(instructions, h.payer));
}

// ---- balances ----

/**
 * Records the balances of named accounts now; `deltas()` then gives each one's change, so a test states
 * every movement at once, exactly: `expect(w.deltas()).toEqual({ user: -cost, house: cost, referral: 0n })`.
 */
export function watchBalances<K extends string>(
  h: WagerHarness,
  accounts: Record<K, Address>,
): { deltas(): Record<K, bigint> } {
  const entries = Object.entries(accounts) as [K, Address][];
  const before = new Map(entries.map(([k, a]) => [k, h.balance(a)]));
  return {
    deltas() {
      return Object.fromEntries(entries.map(([k, a]) => [k, h.balance(a) - before.get(k)!])) as Record<
        K,
        bigint
      >;
    },
  };
}
