/**
 * One builder per Foresight instruction, over the clients Codama generates from the IDL
 * (`src/generated/foresight`): the IDL's account order and roles, data = Anchor's 8-byte instruction
 * discriminator + Borsh args.
 *
 * What this layer adds to the generated builders: a signer account takes a `TransactionSigner` (attached to
 * the meta, so `signTransactionMessageWithSigners` finds it) or a bare `Address` (the role is still a signer
 * role; the signature is added elsewhere, e.g. by a wallet); a prediction may be given as `'up'` or
 * `'down'`; the default round length; the `...Async` builders derive the PDAs they can from their other
 * inputs (the Config's from a feed id). Data codecs decode without the discriminator and refuse another
 * instruction's data.
 *
 * @module
 */

import type { Address, Codec, ReadonlyUint8Array } from '@solana/kit';

import { FORESIGHT_TIMELOCK_SECS } from '../constants.ts';
import type { FromGenerated } from '../anchor/generated-codec.ts';
import {
  asGeneratedSigner as asSigner,
  defineProgramInstructions,
  optionalAccount as optional,
  signerAddress,
  withSignerRoles as build,
  type EmptyInstructionData,
  type ProgramAccountMeta,
  type ProgramInstruction,
  type SignerInput,
} from '../anchor/instructions.ts';
import { findProgramDataAddress } from '../anchor/program-data.ts';
import type { ProgramConfig } from '../anchor/program-config.ts';
import * as generated from '../generated/foresight/instructions/index.ts';
import {
  ForesightInstruction as ForesightInstructionKind,
  identifyForesightInstruction as identifyGeneratedInstruction,
} from '../generated/foresight/programs/index.ts';
import { Prediction, type PredictionArgs } from './accounts.ts';
import { findBetAddress, findConfigAddress, findEventAddress } from './pda.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from './program.ts';

export {
  ForesightInstruction as ForesightInstructionKind,
  parseForesightInstruction,
  type ParsedForesightInstruction,
} from '../generated/foresight/programs/index.ts';

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

/** The IDL's instruction names, in IDL order (checked against the generated client on import). */
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

/** sha256("global:<name>")[0..8] of every instruction, from the generated client. */
export const FORESIGHT_INSTRUCTION_DISCRIMINATORS: Readonly<
  Record<ForesightInstructionName, ReadonlyUint8Array>
> = Object.freeze({
  create_config: generated.CREATE_CONFIG_DISCRIMINATOR,
  update_config: generated.UPDATE_CONFIG_DISCRIMINATOR,
  propose_authority: generated.PROPOSE_AUTHORITY_DISCRIMINATOR,
  accept_authority: generated.ACCEPT_AUTHORITY_DISCRIMINATOR,
  create_event: generated.CREATE_EVENT_DISCRIMINATOR,
  close_event: generated.CLOSE_EVENT_DISCRIMINATOR,
  lock_and_settle_events: generated.LOCK_AND_SETTLE_EVENTS_DISCRIMINATOR,
  place_bet: generated.PLACE_BET_DISCRIMINATOR,
  settle_bet: generated.SETTLE_BET_DISCRIMINATOR,
  withdraw_bet: generated.WITHDRAW_BET_DISCRIMINATOR,
  close_bet: generated.CLOSE_BET_DISCRIMINATOR,
});

const foresightInstructions = defineProgramInstructions('Foresight', FORESIGHT_INSTRUCTION_NAMES, {
  kinds: ForesightInstructionKind,
  identify: identifyGeneratedInstruction,
  discriminators: FORESIGHT_INSTRUCTION_DISCRIMINATORS,
});
const { dataCodec } = foresightInstructions;

/**
 * The instruction that instruction data belongs to, by its discriminator; null for any other data. For
 * indexers reading transactions ({@link parseForesightInstruction} also decodes it and names its accounts).
 */
export function identifyForesightInstruction(
  data: ReadonlyUint8Array | Uint8Array,
): ForesightInstructionName | null {
  return foresightInstructions.identify(data);
}

// ---------------------------------------------------------------------------------------------------------
// create_config
// ---------------------------------------------------------------------------------------------------------

/** Args of `create_config`: `timelock`, the round length in seconds. */
export type CreateConfigInstructionData = FromGenerated<generated.CreateConfigInstructionData>;

/** `create_config` data codec. */
export function getCreateConfigInstructionDataCodec(): Codec<
  CreateConfigInstructionData,
  CreateConfigInstructionData
> {
  return dataCodec('create_config', generated.getCreateConfigInstructionDataCodec());
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
    generated.getCreateConfigInstruction(
      {
        ...input,
        authority: asSigner(input.authority),
        timelock: input.timelock ?? FORESIGHT_TIMELOCK_SECS,
      },
      config,
    ),
    input.authority,
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

/** Args of `update_config`: `disabled`, pause (true) or resume (false) betting. */
export type UpdateConfigInstructionData = FromGenerated<generated.UpdateConfigInstructionData>;

/** `update_config` data codec. */
export function getUpdateConfigInstructionDataCodec(): Codec<
  UpdateConfigInstructionData,
  UpdateConfigInstructionData
> {
  return dataCodec('update_config', generated.getUpdateConfigInstructionDataCodec());
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
  const { eventSigner, treasury, ...rest } = input;
  return build(
    generated.getUpdateConfigInstruction(
      {
        ...rest,
        authority: asSigner(input.authority),
        ...optional('eventSigner', eventSigner),
        ...optional('treasury', treasury),
      },
      config,
    ),
    input.authority,
  );
}

// ---------------------------------------------------------------------------------------------------------
// propose_authority and accept_authority
// ---------------------------------------------------------------------------------------------------------

/** Args of `propose_authority`: `newAuthority`, the key that may accept the authority (`accept_authority`). */
export type ProposeAuthorityInstructionData = FromGenerated<generated.ProposeAuthorityInstructionData>;

/** `propose_authority` data codec. */
export function getProposeAuthorityInstructionDataCodec(): Codec<
  ProposeAuthorityInstructionData,
  ProposeAuthorityInstructionData
> {
  return dataCodec('propose_authority', generated.getProposeAuthorityInstructionDataCodec());
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
    generated.getProposeAuthorityInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** `accept_authority` data codec (no args). */
export function getAcceptAuthorityInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('accept_authority', generated.getAcceptAuthorityInstructionDataCodec());
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
    generated.getAcceptAuthorityInstruction({ ...input, newAuthority: asSigner(input.newAuthority) }, config),
    input.newAuthority,
  );
}

// ---------------------------------------------------------------------------------------------------------
// create_event
// ---------------------------------------------------------------------------------------------------------

/** Args of `create_event`: `id`, which must be `config.liveEvent + 1`. */
export type CreateEventInstructionData = FromGenerated<generated.CreateEventInstructionData>;

/** `create_event` data codec. */
export function getCreateEventInstructionDataCodec(): Codec<
  CreateEventInstructionData,
  CreateEventInstructionData
> {
  return dataCodec('create_event', generated.getCreateEventInstructionDataCodec());
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
    generated.getCreateEventInstruction({ ...input, payer: asSigner(input.payer) }, config),
    input.payer,
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
  return dataCodec('close_event', generated.getCloseEventInstructionDataCodec());
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
    generated.getCloseEventInstruction({ ...input, eventSigner: asSigner(input.eventSigner) }, config),
    input.eventSigner,
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
  return dataCodec('lock_and_settle_events', generated.getLockAndSettleEventsInstructionDataCodec());
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
  const { lockedEvent, ...rest } = input;
  return build(
    generated.getLockAndSettleEventsInstruction(
      { ...rest, cranker: asSigner(input.cranker), ...optional('lockedEvent', lockedEvent) },
      config,
    ),
    input.cranker,
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

/** Args of `place_bet`: the `prediction` and the `amount` in lamports. */
export type PlaceBetInstructionData = FromGenerated<generated.PlaceBetInstructionData>;

/** What the `place_bet` data codec encodes. */
export type PlaceBetInstructionDataArgs = Readonly<generated.PlaceBetInstructionDataArgs>;

/** `place_bet` data codec. */
export function getPlaceBetInstructionDataCodec(): Codec<
  PlaceBetInstructionDataArgs,
  PlaceBetInstructionData
> {
  return dataCodec('place_bet', generated.getPlaceBetInstructionDataCodec());
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
    generated.getPlaceBetInstruction(
      { ...input, user: asSigner(input.user), prediction: toPrediction(input.prediction) },
      config,
    ),
    input.user,
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
  return dataCodec('settle_bet', generated.getSettleBetInstructionDataCodec());
}

/** `withdraw_bet` data codec (no args). */
export function getWithdrawBetInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('withdraw_bet', generated.getWithdrawBetInstructionDataCodec());
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

/** `settle_bet`: pays a winning bet of a settled round (in an Invalid round, refunds it). */
export function getSettleBetInstruction(
  input: SettleBetInput,
  config: InstructionConfig = {},
): ForesightInstruction {
  return build(generated.getSettleBetInstruction(input, config));
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
  return build(generated.getWithdrawBetInstruction(input, config));
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
  return dataCodec('close_bet', generated.getCloseBetInstructionDataCodec());
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
    generated.getCloseBetInstruction({ ...input, user: asSigner(input.user) }, config),
    input.user,
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
