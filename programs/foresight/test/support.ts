/**
 * Helpers shared by the Foresight test files on top of the harness: instructions built the way the crank and
 * players build them but sent with a separate fee payer (so every other balance moves only by what the
 * program does), rewritten instructions for hostile cases, and a check that a refused transaction changed
 * nothing but the fee payer's balance.
 */
import { lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { expect } from 'vitest';
import { cloneAccount as cloneSvmAccount, signerCount } from '@arcade/sbf/testing';
import { BET_ACCOUNT_SIZE, EVENT_ACCOUNT_SIZE, type PredictionArgs } from '@arcade/sdk/foresight/accounts';
import {
  FORESIGHT_ERROR_CODES,
  getForesightErrorFromLogs,
  type ForesightErrorName,
} from '@arcade/sdk/foresight/errors';
import {
  getAcceptAuthorityInstruction,
  getCloseBetInstruction,
  getCloseEventInstruction,
  getCreateConfigInstruction,
  getCreateEventInstruction,
  getLockAndSettleEventsInstruction,
  getPlaceBetInstruction,
  getProposeAuthorityInstruction,
  getSettleBetInstruction,
  getUpdateConfigInstruction,
  getWithdrawBetInstruction,
  type PredictionInput,
} from '@arcade/sdk/foresight/instructions';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { PYTH_RECEIVER_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { encodePriceUpdateV2, PRICE_UPDATE_V2_ACCOUNT_SIZE } from '@arcade/sdk/pyth/price-update-v2';
import { TIMELOCK, type ForesightHarness, type Outcome } from './harness.ts';

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
  AccountOwnedByWrongProgram: 3007,
  InvalidProgramId: 3008,
  AccountNotSigner: 3010,
} as const);
export type AnchorErrorName = keyof typeof ANCHOR_ERROR_CODES;

/**
 * What a refusal must look like. For a Foresight error the harness decodes the name from the IDL; an Anchor
 * framework code is not Foresight's, so the harness's `name` is null and `anchor` names the code instead.
 */
export type ExpectedError =
  { code: number; name: ForesightErrorName } | { code: number; name: null; anchor: AnchorErrorName };

/** Rent-exempt minimum of a round account. */
export function eventRent(h: ForesightHarness): bigint {
  return h.svm.minimumBalanceForRentExemption(BigInt(EVENT_ACCOUNT_SIZE));
}

/** Rent-exempt minimum of a bet account. */
export function betRent(h: ForesightHarness): bigint {
  return h.svm.minimumBalanceForRentExemption(BigInt(BET_ACCOUNT_SIZE));
}

// ---- instructions, as the SDK builds them ----

export async function placeBetIx(
  h: ForesightHarness,
  user: KeyPairSigner,
  id: number,
  prediction: PredictionInput | PredictionArgs,
  amount: bigint,
): Promise<Instruction> {
  const event = await h.eventAddress(id);
  return getPlaceBetInstruction({
    user,
    config: h.config,
    event,
    bet: (await findBetAddress(event, user.address))[0],
    prediction,
    amount,
  });
}

export async function settleBetIx(h: ForesightHarness, user: Address, id: number): Promise<Instruction> {
  const event = await h.eventAddress(id);
  return getSettleBetInstruction({
    user,
    config: h.config,
    event,
    bet: (await findBetAddress(event, user))[0],
  });
}

export async function withdrawBetIx(h: ForesightHarness, user: Address, id: number): Promise<Instruction> {
  const event = await h.eventAddress(id);
  return getWithdrawBetInstruction({
    user,
    config: h.config,
    event,
    bet: (await findBetAddress(event, user))[0],
  });
}

export async function closeBetIx(h: ForesightHarness, user: KeyPairSigner, id: number): Promise<Instruction> {
  const event = await h.eventAddress(id);
  return getCloseBetInstruction({ user, event, bet: (await findBetAddress(event, user.address))[0] });
}

/** create_event paid by `payer` (the event signer unless given: anyone may). */
export async function createEventIx(
  h: ForesightHarness,
  id: number,
  payer: KeyPairSigner = h.eventSigner,
): Promise<Instruction> {
  return getCreateEventInstruction({ payer, config: h.config, event: await h.eventAddress(id), id });
}

export async function closeEventIx(
  h: ForesightHarness,
  id: number,
  eventSigner: KeyPairSigner = h.eventSigner,
): Promise<Instruction> {
  return getCloseEventInstruction({
    eventSigner,
    config: h.config,
    event: await h.eventAddress(id),
    treasury: h.fetchConfig().treasury,
  });
}

/** The tick with the rounds the config names, as `ForesightHarness.tick` builds it, overridable. */
export async function tickIx(
  h: ForesightHarness,
  overrides: {
    locked?: Address | null;
    live?: Address;
    next?: Address;
    cranker?: KeyPairSigner;
    treasury?: Address;
    priceUpdate?: Address;
  } = {},
): Promise<Instruction> {
  const c = h.fetchConfig();
  return getLockAndSettleEventsInstruction({
    cranker: overrides.cranker ?? h.eventSigner,
    config: h.config,
    lockedEvent:
      overrides.locked !== undefined
        ? overrides.locked
        : c.lockedEvent === 0
          ? null
          : await h.eventAddress(c.lockedEvent),
    liveEvent: overrides.live ?? (await h.eventAddress(c.liveEvent)),
    nextEvent: overrides.next ?? (await h.eventAddress(c.liveEvent + 1)),
    priceUpdate: overrides.priceUpdate ?? h.priceUpdate,
    treasury: overrides.treasury ?? c.treasury,
  });
}

/** update_config; `rotate` names a new event signer and treasury (omitted: kept). */
export function updateConfigIx(
  h: ForesightHarness,
  disabled: boolean,
  authority: KeyPairSigner = h.authority,
  rotate: { eventSigner?: Address; treasury?: Address } = {},
): Instruction {
  return getUpdateConfigInstruction({ authority, config: h.config, disabled, ...rotate });
}

/** propose_authority by `authority` (the config's unless given), naming `newAuthority`. */
export function proposeAuthorityIx(
  h: ForesightHarness,
  newAuthority: Address,
  authority: KeyPairSigner = h.authority,
): Instruction {
  return getProposeAuthorityInstruction({ authority, config: h.config, newAuthority });
}

/** accept_authority signed by `newAuthority`. */
export function acceptAuthorityIx(h: ForesightHarness, newAuthority: KeyPairSigner): Instruction {
  return getAcceptAuthorityInstruction({ newAuthority, config: h.config });
}

// ---- rewriting instructions for hostile cases ----

export { withAccount, withAccountCount, withData, withoutSigner } from '@arcade/sbf/testing';

/** Copies account `from` to `to`, owned by `owner`: a look-alike of a real record under another program. */
export function cloneAccount(h: ForesightHarness, from: Address, to: Address, owner: Address): void {
  cloneSvmAccount(h.svm, from, to, owner);
}

/** Writes raw bytes as a price account owned by the Pyth receiver (or `owner`) at `at`. */
export function setRawPriceAccount(
  h: ForesightHarness,
  data: Uint8Array,
  at: Address = h.priceUpdate,
  owner: Address = PYTH_RECEIVER_PROGRAM_ADDRESS,
): void {
  h.svm.setAccount({
    address: at,
    data,
    executable: false,
    lamports: lamports(h.svm.minimumBalanceForRentExemption(BigInt(Math.max(data.length, 1)))),
    programAddress: owner,
    space: BigInt(data.length),
  });
}

/**
 * A fully verified PriceUpdateV2 of `feedId`, encoded as the receiver writes it: published at
 * `publishTime`, a second after its predecessor (so it is the update for a tick planned at `publishTime`).
 */
export function priceUpdateData(h: ForesightHarness, feedId: Uint8Array, price: bigint, publishTime: bigint) {
  const data = encodePriceUpdateV2({
    writeAuthority: h.authority.address,
    verificationLevel: { __kind: 'Full' },
    priceMessage: {
      feedId,
      price,
      conf: 1_000_000n,
      exponent: -8,
      publishTime,
      prevPublishTime: publishTime - 1n,
      emaPrice: price,
      emaConf: 1_000_000n,
    },
    postedSlot: h.svm.getClock().slot,
  });
  const padded = new Uint8Array(PRICE_UPDATE_V2_ACCOUNT_SIZE);
  padded.set(data);
  return padded;
}

/**
 * A second config, for another feed, created by the harness's authority with the same event signer and
 * treasury, with its round 1 live and round 2 pre-created: the source of rounds that belong elsewhere.
 */
export async function createOtherConfig(
  h: ForesightHarness,
  priceAccount: Address,
): Promise<{ config: Address; round: (id: number) => Promise<Address> }> {
  const feedId = new Uint8Array(32).fill(0x42);
  setRawPriceAccount(h, priceUpdateData(h, feedId, 1_00000000n, h.now()), priceAccount);
  const [config] = await findConfigAddress(feedId);
  h.expectOk(
    await h.send(
      [
        getCreateConfigInstruction({
          authority: h.authority,
          config,
          priceUpdate: priceAccount,
          eventSigner: h.eventSigner.address,
          treasury: h.treasury.address,
          programData: h.programData,
          timelock: Number(TIMELOCK),
        }),
      ],
      h.payer,
    ),
  );
  const round = async (id: number) => (await findEventAddress(config, id))[0];
  for (const id of [1, 2]) {
    const ix = getCreateEventInstruction({ payer: h.eventSigner, config, event: await round(id), id });
    h.expectOk(await h.send([ix], h.payer));
  }
  return { config, round };
}

// ---- refusals change nothing ----

interface AccountState {
  lamports: bigint;
  owner: Address | null;
  data: string;
}

function stateOf(h: ForesightHarness, at: Address): AccountState {
  const a = h.svm.getAccount(at);
  return a.exists
    ? { lamports: a.lamports, owner: a.programAddress, data: Buffer.from(a.data).toString('hex') }
    : { lamports: 0n, owner: null, data: '' };
}

/** Signatures a transaction of `instructions` paid by `feePayer` carries: the fee payer and every signer. */
export { signerCount };

/**
 * Sends `instructions` with `feePayer` (the harness's payer unless given) and asserts that the transaction
 * failed with exactly `expected`, and that it changed nothing: every account it names, the harness's actors
 * and `watch` keep their lamports, owner and data, and the fee payer paid exactly the signature fees.
 */
export async function expectRefused(
  h: ForesightHarness,
  instructions: Instruction[],
  expected: ExpectedError,
  options: { feePayer?: KeyPairSigner; watch?: Address[] } = {},
): Promise<Extract<Outcome, { ok: false }>> {
  const feePayer = options.feePayer ?? h.payer;
  const watched = new Set<Address>([
    h.config,
    h.authority.address,
    h.eventSigner.address,
    h.treasury.address,
    ...(options.watch ?? []),
  ]);
  for (const ix of instructions) for (const meta of ix.accounts ?? []) watched.add(meta.address);
  watched.delete(feePayer.address);
  const before = new Map([...watched].map((a) => [a, stateOf(h, a)]));
  const payerBefore = h.balance(feePayer.address);

  const outcome = await h.send(instructions, feePayer);

  if ('anchor' in expected) {
    expect(ANCHOR_ERROR_CODES[expected.anchor], 'the expected Anchor code matches its name').toBe(
      expected.code,
    );
    expect(outcome).toMatchObject({ ok: false, code: expected.code, name: null });
  } else {
    expect(FORESIGHT_ERROR_CODES[expected.name], 'the expected code matches its name').toBe(expected.code);
    expect(outcome).toMatchObject({ ok: false, code: expected.code, name: expected.name });
    // Integrators reading stored transactions get the same error from the logs.
    expect(getForesightErrorFromLogs(outcome.logs)?.name).toBe(expected.name);
  }
  if (outcome.ok) throw new Error('unreachable: asserted above');
  expect(outcome.logs).toContain(
    `Program ${h.programId} failed: custom program error: 0x${expected.code.toString(16)}`,
  );

  for (const [a, state] of before) expect(stateOf(h, a), `account ${a} is unchanged`).toEqual(state);
  expect(h.balance(feePayer.address)).toBe(
    payerBefore - SIGNATURE_FEE * BigInt(signerCount(instructions, feePayer.address)),
  );
  return outcome;
}

/** Sends with the harness's payer (not the signers) paying the fees, and expects success. */
export async function sendOk(h: ForesightHarness, instructions: Instruction[]) {
  return h.expectOk(await h.send(instructions, h.payer));
}
