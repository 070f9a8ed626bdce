/**
 * One builder per Foresight instruction, with the IDL's account order and roles and data = Anchor's 8-byte
 * instruction discriminator + Borsh args.
 *
 * A signer account takes a `TransactionSigner` (attached to the meta, like kit's generated program clients,
 * so `signTransactionMessageWithSigners` finds it) or a bare `Address` (the role is still a signer role; the
 * signature is added elsewhere, e.g. by a wallet). The `...Async` builders derive the PDAs they can from
 * their other inputs.
 *
 * @module
 */

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import {
  getAddressCodec,
  getBooleanCodec,
  getStructCodec,
  getU32Codec,
  getU64Codec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

import { FORESIGHT_TIMELOCK_SECS } from '../constants.ts';
import { getDiscriminatedCodec } from '../anchor/discriminated-codec.ts';
import {
  buildInstruction,
  getEmptyStructCodec,
  identifyInstruction,
  idlInstructionDiscriminators,
  optionalAccount,
  readonlyAccount as readonly,
  signerAccount as signer,
  signerAddress,
  SYSTEM_PROGRAM_ADDRESS,
  writableAccount as writable,
  type EmptyInstructionData,
  type ProgramAccountMeta,
  type ProgramInstruction,
  type SignerInput,
} from '../anchor/instructions.ts';
import { findProgramDataAddress } from '../anchor/program-data.ts';
import type { ProgramConfig } from '../anchor/program-config.ts';
import { getPredictionCodec, Prediction, type PredictionArgs } from './accounts.ts';
import { findBetAddress, findConfigAddress, findEventAddress } from './pda.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from './program.ts';

// ---------------------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------------------

export type { EmptyInstructionData, SignerInput } from '../anchor/instructions.ts';

/** An account meta of a Foresight instruction. */
export type ForesightAccountMeta = ProgramAccountMeta;

/** What every builder returns. */
export type ForesightInstruction = ProgramInstruction;

/** Builds for a deployment at another address. */
export type InstructionConfig = ProgramConfig;

/** The IDL's instruction names, in IDL order. */
export const FORESIGHT_INSTRUCTION_NAMES = [
  'create_config',
  'update_config',
  'propose_authority',
  'accept_authority',
  'create_event',
  'close_event',
  'lock_and_settle_events',
  'place_bet',
  'settle_bet',
  'withdraw_bet',
  'close_bet',
] as const;
/** One of {@link FORESIGHT_INSTRUCTION_NAMES}. */
export type ForesightInstructionName = (typeof FORESIGHT_INSTRUCTION_NAMES)[number];

/** sha256("global:<name>")[0..8] of every instruction, from the IDL. */
export const FORESIGHT_INSTRUCTION_DISCRIMINATORS: Readonly<
  Record<ForesightInstructionName, ReadonlyUint8Array>
> = idlInstructionDiscriminators('Foresight', idl.instructions, FORESIGHT_INSTRUCTION_NAMES);

/**
 * The instruction that instruction data belongs to, by its discriminator; null for any other data. For
 * indexers reading transactions.
 */
export function identifyForesightInstruction(
  data: ReadonlyUint8Array | Uint8Array,
): ForesightInstructionName | null {
  return identifyInstruction(data, FORESIGHT_INSTRUCTION_NAMES, FORESIGHT_INSTRUCTION_DISCRIMINATORS);
}

function build(
  accounts: readonly ForesightAccountMeta[],
  data: ReadonlyUint8Array,
  config: InstructionConfig,
): ForesightInstruction {
  return buildInstruction(config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS, accounts, data);
}

function dataCodec<TFrom extends object, TTo extends TFrom>(
  name: ForesightInstructionName,
  body: Codec<TFrom, TTo>,
): Codec<TFrom, TTo> {
  return getDiscriminatedCodec(
    `Foresight ${name} instruction data`,
    FORESIGHT_INSTRUCTION_DISCRIMINATORS[name],
    body,
  );
}

function emptyDataCodec(name: ForesightInstructionName): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec(name, getEmptyStructCodec());
}

// ---------------------------------------------------------------------------------------------------------
// create_config
// ---------------------------------------------------------------------------------------------------------

/** Args of `create_config`. */
export interface CreateConfigInstructionData {
  /** Round length in seconds. */
  readonly timelock: number;
}

/** `create_config` data codec. */
export function getCreateConfigInstructionDataCodec(): Codec<
  CreateConfigInstructionData,
  CreateConfigInstructionData
> {
  return dataCodec('create_config', getStructCodec([['timelock', getU32Codec()]]));
}

/** Accounts and args of `create_config`. */
export interface CreateConfigInput {
  readonly authority: SignerInput;
  /** The Config PDA of the feed of `priceUpdate`. */
  readonly config: Address;
  /** A PriceUpdateV2 of the feed; the program reads only its feed id. */
  readonly priceUpdate: Address;
  readonly eventSigner: Address;
  readonly treasury: Address;
  /** This program's ProgramData account; `authority` must be its upgrade authority. */
  readonly programData: Address;
  /** Round length in seconds; {@link FORESIGHT_TIMELOCK_SECS} when omitted. */
  readonly timelock?: number;
}

/** `create_config`: creates the config of a Pyth feed. The program's upgrade authority only. */
export function getCreateConfigInstruction(
  input: CreateConfigInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [
      signer(input.authority, true),
      writable(input.config),
      readonly(input.priceUpdate),
      readonly(input.eventSigner),
      readonly(input.treasury),
      readonly(input.programData),
      readonly(SYSTEM_PROGRAM_ADDRESS),
    ],
    getCreateConfigInstructionDataCodec().encode({
      timelock: input.timelock ?? FORESIGHT_TIMELOCK_SECS,
    }),
    config,
  );
}

/**
 * {@link getCreateConfigInstruction} with the Config PDA derived from the feed id of `priceUpdate` and the
 * ProgramData account derived from the program address.
 */
export async function getCreateConfigInstructionAsync(
  input: Omit<CreateConfigInput, 'config' | 'programData'> & { readonly feedId: ReadonlyUint8Array },
  config: InstructionConfig = {},
): Promise<ForesightInstruction> {
  const [[configAddress], [programData]] = await Promise.all([
    findConfigAddress(input.feedId, config),
    findProgramDataAddress(config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS),
  ]);
  return getCreateConfigInstruction({ ...input, config: configAddress, programData }, config);
}

// ---------------------------------------------------------------------------------------------------------
// update_config
// ---------------------------------------------------------------------------------------------------------

/** Args of `update_config`. */
export interface UpdateConfigInstructionData {
  /** Pause (true) or resume (false) betting. */
  readonly disabled: boolean;
}

/** `update_config` data codec. */
export function getUpdateConfigInstructionDataCodec(): Codec<
  UpdateConfigInstructionData,
  UpdateConfigInstructionData
> {
  return dataCodec('update_config', getStructCodec([['disabled', getBooleanCodec()]]));
}

/** Accounts and args of `update_config`. */
export interface UpdateConfigInput {
  readonly authority: SignerInput;
  readonly config: Address;
  readonly disabled: boolean;
  /** The new event signer; omit (or null) to keep the current one. */
  readonly eventSigner?: Address | null;
  /** The new treasury; omit (or null) to keep the current one. */
  readonly treasury?: Address | null;
}

/**
 * `update_config`: pauses or resumes betting (running rounds still lock and settle), and rotates the event
 * signer and the treasury when given. Authority only.
 *
 * The optional accounts are always passed, an omitted one as the program's own address (Anchor's
 * convention for None), which the program reads as "keep".
 */
export function getUpdateConfigInstruction(
  input: UpdateConfigInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  const programAddress = config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS;
  return build(
    [
      signer(input.authority, false),
      writable(input.config),
      optionalAccount(input.eventSigner, programAddress, false),
      optionalAccount(input.treasury, programAddress, false),
    ],
    getUpdateConfigInstructionDataCodec().encode({ disabled: input.disabled }),
    config,
  );
}

// ---------------------------------------------------------------------------------------------------------
// propose_authority and accept_authority
// ---------------------------------------------------------------------------------------------------------

/** Args of `propose_authority`. */
export interface ProposeAuthorityInstructionData {
  /** The key that may accept the authority (`accept_authority`). */
  readonly newAuthority: Address;
}

/** `propose_authority` data codec. */
export function getProposeAuthorityInstructionDataCodec(): Codec<
  ProposeAuthorityInstructionData,
  ProposeAuthorityInstructionData
> {
  return dataCodec('propose_authority', getStructCodec([['newAuthority', getAddressCodec()]]));
}

/** Accounts and args of `propose_authority`. */
export interface ProposeAuthorityInput {
  /** The current authority; pays the rent when a config of the first version grows. */
  readonly authority: SignerInput;
  readonly config: Address;
  readonly newAuthority: Address;
}

/**
 * `propose_authority`: the first step of handing the config's authority over; names the key that may accept
 * it. Grows a config made by the first version, the authority paying the rent. Authority only.
 */
export function getProposeAuthorityInstruction(
  input: ProposeAuthorityInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [signer(input.authority, true), writable(input.config), readonly(SYSTEM_PROGRAM_ADDRESS)],
    getProposeAuthorityInstructionDataCodec().encode({ newAuthority: input.newAuthority }),
    config,
  );
}

/** `accept_authority` data codec (no args). */
export function getAcceptAuthorityInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return emptyDataCodec('accept_authority');
}

/** Accounts of `accept_authority`. */
export interface AcceptAuthorityInput {
  /** The key `propose_authority` named. */
  readonly newAuthority: SignerInput;
  readonly config: Address;
}

/** `accept_authority`: the proposed key signs and becomes the config's authority. */
export function getAcceptAuthorityInstruction(
  input: AcceptAuthorityInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [signer(input.newAuthority, false), writable(input.config)],
    getAcceptAuthorityInstructionDataCodec().encode({}),
    config,
  );
}

// ---------------------------------------------------------------------------------------------------------
// create_event
// ---------------------------------------------------------------------------------------------------------

/** Args of `create_event`. */
export interface CreateEventInstructionData {
  /** Must be `config.liveEvent + 1`. */
  readonly id: number;
}

/** `create_event` data codec. */
export function getCreateEventInstructionDataCodec(): Codec<
  CreateEventInstructionData,
  CreateEventInstructionData
> {
  return dataCodec('create_event', getStructCodec([['id', getU32Codec()]]));
}

/** Accounts and args of `create_event`. */
export interface CreateEventInput {
  /** Pays the round's rent: the event signer, or anyone (the id rule allows one round per id). */
  readonly payer: SignerInput;
  readonly config: Address;
  /** The Event PDA of (`config`, `id`). */
  readonly event: Address;
  readonly id: number;
}

/**
 * `create_event`: pre-creates round `id` = live + 1 (on a fresh config, opens it at once). Anyone may send
 * it.
 */
export function getCreateEventInstruction(
  input: CreateEventInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [
      signer(input.payer, true),
      writable(input.config),
      writable(input.event),
      readonly(SYSTEM_PROGRAM_ADDRESS),
    ],
    getCreateEventInstructionDataCodec().encode({ id: input.id }),
    config,
  );
}

/** {@link getCreateEventInstruction} with the Event PDA derived from `config` and `id`. */
export async function getCreateEventInstructionAsync(
  input: Omit<CreateEventInput, 'event'>,
  config: InstructionConfig = {},
): Promise<ForesightInstruction> {
  const [event] = await findEventAddress(input.config, input.id, config);
  return getCreateEventInstruction({ ...input, event }, config);
}

// ---------------------------------------------------------------------------------------------------------
// close_event
// ---------------------------------------------------------------------------------------------------------

/** `close_event` data codec (no args). */
export function getCloseEventInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return emptyDataCodec('close_event');
}

/** Accounts of `close_event`. */
export interface CloseEventInput {
  readonly eventSigner: SignerInput;
  readonly config: Address;
  readonly event: Address;
  readonly treasury: Address;
}

/** `close_event`: closes a settled, fully paid round; rent to the event signer, dust to the treasury. */
export function getCloseEventInstruction(
  input: CloseEventInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [
      signer(input.eventSigner, true),
      readonly(input.config),
      writable(input.event),
      writable(input.treasury),
    ],
    getCloseEventInstructionDataCodec().encode({}),
    config,
  );
}

// ---------------------------------------------------------------------------------------------------------
// lock_and_settle_events
// ---------------------------------------------------------------------------------------------------------

/** `lock_and_settle_events` data codec (no args). */
export function getLockAndSettleEventsInstructionDataCodec(): Codec<
  EmptyInstructionData,
  EmptyInstructionData
> {
  return emptyDataCodec('lock_and_settle_events');
}

/** Accounts of `lock_and_settle_events`. */
export interface LockAndSettleEventsInput {
  /**
   * The event signer, or anyone once `FORESIGHT_TICK_GRACE_SECS` have passed since the live round's lock
   * time.
   */
  readonly cranker: SignerInput;
  readonly config: Address;
  /**
   * Round `config.lockedEvent`; omit (or null) when there is none. Anchor's convention for a None optional
   * account is then followed: the program's own address, read-only, in its place.
   */
  readonly lockedEvent?: Address | null;
  /** Round `config.liveEvent`. */
  readonly liveEvent: Address;
  /** Round `config.liveEvent + 1`, created by `create_event`. */
  readonly nextEvent: Address;
  /**
   * A fully verified PriceUpdateV2 of the config's feed: the one update first published at or after the
   * live round's lock time t (`publish_time ≥ t > prev_publish_time`).
   */
  readonly priceUpdate: Address;
  readonly treasury: Address;
}

/**
 * `lock_and_settle_events`: the tick. Settles the locked round, locks the live round and opens the next.
 * The event signer, or anyone after the grace period.
 */
export function getLockAndSettleEventsInstruction(
  input: LockAndSettleEventsInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  const programAddress = config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS;
  return build(
    [
      signer(input.cranker, false),
      writable(input.config),
      optionalAccount(input.lockedEvent, programAddress, true),
      writable(input.liveEvent),
      writable(input.nextEvent),
      readonly(input.priceUpdate),
      writable(input.treasury),
    ],
    getLockAndSettleEventsInstructionDataCodec().encode({}),
    config,
  );
}

// ---------------------------------------------------------------------------------------------------------
// place_bet
// ---------------------------------------------------------------------------------------------------------

/** A prediction as the client gives it: the spec's lower-case variant, or the enum (value or name). */
export type PredictionInput = 'up' | 'down' | PredictionArgs;

/**
 * The {@link Prediction} of a {@link PredictionInput}.
 *
 * @example toPrediction('up') === Prediction.Up
 */
export function toPrediction(input: PredictionInput): Prediction {
  switch (input) {
    case 'up':
      return Prediction.Up;
    case 'down':
      return Prediction.Down;
    default:
      return typeof input === 'number' ? input : Prediction[input];
  }
}

/** Args of `place_bet`. */
export interface PlaceBetInstructionData {
  readonly prediction: Prediction;
  /** Lamports. */
  readonly amount: bigint;
}

/** What the `place_bet` data codec encodes. */
export interface PlaceBetInstructionDataArgs {
  readonly prediction: PredictionArgs;
  readonly amount: bigint | number;
}

/** `place_bet` data codec. */
export function getPlaceBetInstructionDataCodec(): Codec<
  PlaceBetInstructionDataArgs,
  PlaceBetInstructionData
> {
  return dataCodec(
    'place_bet',
    getStructCodec([
      ['prediction', getPredictionCodec()],
      ['amount', getU64Codec()],
    ]),
  );
}

/** Accounts and args of `place_bet`. */
export interface PlaceBetInput {
  readonly user: SignerInput;
  readonly config: Address;
  /** The live round. */
  readonly event: Address;
  /** The Bet PDA of (`event`, `user`). */
  readonly bet: Address;
  readonly prediction: PredictionInput;
  /** Lamports (the client multiplies SOL by 1e9); at least `MIN_BET_LAMPORTS`. */
  readonly amount: bigint | number;
}

/** `place_bet`: bets `amount` lamports on `prediction` in the live round. */
export function getPlaceBetInstruction(
  input: PlaceBetInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [
      signer(input.user, true),
      readonly(input.config),
      writable(input.event),
      writable(input.bet),
      readonly(SYSTEM_PROGRAM_ADDRESS),
    ],
    getPlaceBetInstructionDataCodec().encode({
      prediction: toPrediction(input.prediction),
      amount: input.amount,
    }),
    config,
  );
}

/** {@link getPlaceBetInstruction} with the Bet PDA derived from `event` and `user`. */
export async function getPlaceBetInstructionAsync(
  input: Omit<PlaceBetInput, 'bet'>,
  config: InstructionConfig = {},
): Promise<ForesightInstruction> {
  const [bet] = await findBetAddress(input.event, signerAddress(input.user), config);
  return getPlaceBetInstruction({ ...input, bet }, config);
}

// ---------------------------------------------------------------------------------------------------------
// settle_bet and withdraw_bet
// ---------------------------------------------------------------------------------------------------------

/** `settle_bet` data codec (no args). */
export function getSettleBetInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return emptyDataCodec('settle_bet');
}

/** `withdraw_bet` data codec (no args). */
export function getWithdrawBetInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return emptyDataCodec('withdraw_bet');
}

/** Accounts of `settle_bet` and `withdraw_bet`. Anyone may send them: `user` receives, it does not sign. */
export interface SettleBetInput {
  /** The bettor (`bet.user`), who receives the payout or refund. */
  readonly user: Address;
  readonly config: Address;
  readonly event: Address;
  /** The Bet PDA of (`event`, `user`). */
  readonly bet: Address;
}

/** Accounts of `withdraw_bet`. */
export type WithdrawBetInput = SettleBetInput;

function settleOrWithdrawAccounts(input: SettleBetInput): ForesightAccountMeta[] {
  return [writable(input.user), readonly(input.config), writable(input.event), writable(input.bet)];
}

/** `settle_bet`: pays a winning bet of a settled round (in an Invalid round, refunds it). */
export function getSettleBetInstruction(
  input: SettleBetInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(settleOrWithdrawAccounts(input), getSettleBetInstructionDataCodec().encode({}), config);
}

/** {@link getSettleBetInstruction} with the Bet PDA derived from `event` and `user`. */
export async function getSettleBetInstructionAsync(
  input: Omit<SettleBetInput, 'bet'>,
  config: InstructionConfig = {},
): Promise<ForesightInstruction> {
  const [bet] = await findBetAddress(input.event, input.user, config);
  return getSettleBetInstruction({ ...input, bet }, config);
}

/**
 * `withdraw_bet`: refunds a bet of an Invalid round in full. A round not settled within
 * `FORESIGHT_SETTLE_BUFFER_SECS` after its settle time becomes Invalid here.
 */
export function getWithdrawBetInstruction(
  input: WithdrawBetInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(settleOrWithdrawAccounts(input), getWithdrawBetInstructionDataCodec().encode({}), config);
}

/** {@link getWithdrawBetInstruction} with the Bet PDA derived from `event` and `user`. */
export async function getWithdrawBetInstructionAsync(
  input: Omit<WithdrawBetInput, 'bet'>,
  config: InstructionConfig = {},
): Promise<ForesightInstruction> {
  const [bet] = await findBetAddress(input.event, input.user, config);
  return getWithdrawBetInstruction({ ...input, bet }, config);
}

// ---------------------------------------------------------------------------------------------------------
// close_bet
// ---------------------------------------------------------------------------------------------------------

/** `close_bet` data codec (no args). */
export function getCloseBetInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return emptyDataCodec('close_bet');
}

/** Accounts of `close_bet`. */
export interface CloseBetInput {
  readonly user: SignerInput;
  readonly event: Address;
  /** The Bet PDA of (`event`, `user`). */
  readonly bet: Address;
}

/** `close_bet`: returns a finished bet's rent to the bettor. */
export function getCloseBetInstruction(
  input: CloseBetInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(
    [signer(input.user, true), readonly(input.event), writable(input.bet)],
    getCloseBetInstructionDataCodec().encode({}),
    config,
  );
}

/** {@link getCloseBetInstruction} with the Bet PDA derived from `event` and `user`. */
export async function getCloseBetInstructionAsync(
  input: Omit<CloseBetInput, 'bet'>,
  config: InstructionConfig = {},
): Promise<ForesightInstruction> {
  const [bet] = await findBetAddress(input.event, signerAddress(input.user), config);
  return getCloseBetInstruction({ ...input, bet }, config);
}
