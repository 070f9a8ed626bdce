/**
 * One builder per Wager instruction, over the clients Codama generates from the IDL (`src/generated/wager`):
 * the IDL's account order and roles, data = Anchor's 8-byte instruction discriminator + Borsh args.
 *
 * What this layer adds to the generated builders: a signer account takes a `TransactionSigner` (attached to
 * the meta, so `signTransactionMessageWithSigners` finds it) or a bare `Address` (the role is still a signer
 * role; the signature is added elsewhere, e.g. by a wallet); a bet type and a market result may be given as
 * the client shows them (`'sol'`, `'yes'`); a SOL bet names the native mint; seeds must be 32 bytes; the
 * `...Async` builders derive the PDAs from their other inputs, referral vaults from the referrer included.
 * An optional account left out is replaced by the program's own address, read-only (Anchor's convention for
 * None). Data codecs decode without the discriminator, an option as `T | null`, and refuse another
 * instruction's data.
 *
 * Amounts are lamports: the client multiplies SOL by `LAMPORTS_PER_SOL` (docs/reference/constants.md#units).
 *
 * @module
 */

import type { Address, Codec, ReadonlyUint8Array } from '@solana/kit';

import { bytes32 } from '../anchor/byte-array-codec.ts';
import type { FromGenerated } from '../anchor/generated-codec.ts';
import {
  asGeneratedSigner as asSigner,
  defineProgramInstructions,
  optionalAccount as optional,
  signerAddress,
  withSignerRoles as build,
  type EmptyInstructionData,
  type ProgramInstruction,
  type SignerInput,
} from '../anchor/instructions.ts';
import { findProgramDataAddress } from '../anchor/program-data.ts';
import type { ProgramConfig } from '../anchor/program-config.ts';
import * as generated from '../generated/wager/instructions/index.ts';
import {
  identifyWagerInstruction as identifyGeneratedInstruction,
  WagerInstruction as WagerInstructionKind,
} from '../generated/wager/programs/index.ts';
import {
  BetType,
  MarketResult,
  type BetTypeArgs,
  type BetTypeLabel,
  type MarketResultArgs,
} from './accounts.ts';
import {
  findBetAddress,
  findHouseAddress,
  findMarketAuthorityAddress,
  findPredictionAddress,
  findReferralAddress,
} from './pda.ts';
import { NATIVE_MINT_ADDRESS, WAGER_PROGRAM_ADDRESS } from './program.ts';

export {
  parseWagerInstruction,
  WagerInstruction as WagerInstructionKind,
  type ParsedWagerInstruction,
} from '../generated/wager/programs/index.ts';

// ---------------------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------------------

/** What every builder returns. */
export type WagerInstruction = ProgramInstruction;

/** The IDL's instruction names, in IDL order (checked against the generated client on import). */
export const WAGER_INSTRUCTION_NAMES = [
  'initialize_house',
  'update_house',
  'propose_authority',
  'accept_authority',
  'commit_seed_chain',
  'reset_seed_chain',
  'withdraw',
  'init_bet_offchain',
  'create_bet',
  'reveal_bet',
  'create_bet_offchain',
  'settle_bet_offchain',
  'claim_bet',
  'refund_bet',
  'init_referral',
  'claim_referral',
  'create_market',
  'update_market',
  'resolve_market',
  'expire_market',
  'close_market',
  'create_prediction',
  'update_prediction',
  'settle_prediction',
] as const;
/** One of {@link WAGER_INSTRUCTION_NAMES}. */
export type WagerInstructionName = (typeof WAGER_INSTRUCTION_NAMES)[number];

/** sha256("global:<name>")[0..8] of every instruction, from the generated client. */
export const WAGER_INSTRUCTION_DISCRIMINATORS: Readonly<Record<WagerInstructionName, ReadonlyUint8Array>> =
  Object.freeze({
    initialize_house: generated.INITIALIZE_HOUSE_DISCRIMINATOR,
    update_house: generated.UPDATE_HOUSE_DISCRIMINATOR,
    propose_authority: generated.PROPOSE_AUTHORITY_DISCRIMINATOR,
    accept_authority: generated.ACCEPT_AUTHORITY_DISCRIMINATOR,
    commit_seed_chain: generated.COMMIT_SEED_CHAIN_DISCRIMINATOR,
    reset_seed_chain: generated.RESET_SEED_CHAIN_DISCRIMINATOR,
    withdraw: generated.WITHDRAW_DISCRIMINATOR,
    init_bet_offchain: generated.INIT_BET_OFFCHAIN_DISCRIMINATOR,
    create_bet: generated.CREATE_BET_DISCRIMINATOR,
    reveal_bet: generated.REVEAL_BET_DISCRIMINATOR,
    create_bet_offchain: generated.CREATE_BET_OFFCHAIN_DISCRIMINATOR,
    settle_bet_offchain: generated.SETTLE_BET_OFFCHAIN_DISCRIMINATOR,
    claim_bet: generated.CLAIM_BET_DISCRIMINATOR,
    refund_bet: generated.REFUND_BET_DISCRIMINATOR,
    init_referral: generated.INIT_REFERRAL_DISCRIMINATOR,
    claim_referral: generated.CLAIM_REFERRAL_DISCRIMINATOR,
    create_market: generated.CREATE_MARKET_DISCRIMINATOR,
    update_market: generated.UPDATE_MARKET_DISCRIMINATOR,
    resolve_market: generated.RESOLVE_MARKET_DISCRIMINATOR,
    expire_market: generated.EXPIRE_MARKET_DISCRIMINATOR,
    close_market: generated.CLOSE_MARKET_DISCRIMINATOR,
    create_prediction: generated.CREATE_PREDICTION_DISCRIMINATOR,
    update_prediction: generated.UPDATE_PREDICTION_DISCRIMINATOR,
    settle_prediction: generated.SETTLE_PREDICTION_DISCRIMINATOR,
  });

const wagerInstructions = defineProgramInstructions('Wager', WAGER_INSTRUCTION_NAMES, {
  kinds: WagerInstructionKind,
  identify: identifyGeneratedInstruction,
  discriminators: WAGER_INSTRUCTION_DISCRIMINATORS,
});
const { dataCodec } = wagerInstructions;

/**
 * The instruction that instruction data belongs to, by its discriminator; null for any other data. For
 * indexers reading transactions.
 */
export function identifyWagerInstruction(data: ReadonlyUint8Array | Uint8Array): WagerInstructionName | null {
  return wagerInstructions.identify(data);
}

/** The vault of `referrer` (`["referral", referrer]`), or null when there is no referrer. */
async function referralVaultOf(
  referrer: Address | null | undefined,
  config: ProgramConfig,
): Promise<Address | null> {
  return referrer == null ? null : (await findReferralAddress(referrer, config))[0];
}

/** A bet type as the client gives it: the spec's lower-case label, or the enum (value or name). */
export type BetTypeInput = BetTypeLabel | BetTypeArgs;

/**
 * The {@link BetType} of a {@link BetTypeInput}.
 *
 * @example toBetType('nft') === BetType.Nft
 */
export function toBetType(input: BetTypeInput): BetType {
  switch (input) {
    case 'sol':
      return BetType.Sol;
    case 'token':
      return BetType.Token;
    case 'nft':
      return BetType.Nft;
    default:
      return typeof input === 'number' ? input : BetType[input];
  }
}

/**
 * A market result as the client gives it: `yes`, `no` or `invalid` (docs/reference/api.md#prophecy), or the
 * enum (value or name).
 */
export type MarketResultInput = 'yes' | 'no' | 'invalid' | MarketResultArgs;

/**
 * The {@link MarketResult} of a {@link MarketResultInput}.
 *
 * @example toMarketResult('no') === MarketResult.No
 */
export function toMarketResult(input: MarketResultInput): MarketResult {
  switch (input) {
    case 'yes':
      return MarketResult.Yes;
    case 'no':
      return MarketResult.No;
    case 'invalid':
      return MarketResult.Invalid;
    default:
      return typeof input === 'number' ? input : MarketResult[input];
  }
}

// ---------------------------------------------------------------------------------------------------------
// initialize_house
// ---------------------------------------------------------------------------------------------------------

/** Args of `initialize_house`. */
export type InitializeHouseInstructionData = FromGenerated<generated.InitializeHouseInstructionData>;

/** `initialize_house` data codec. */
export function getInitializeHouseInstructionDataCodec(): Codec<
  InitializeHouseInstructionData,
  InitializeHouseInstructionData
> {
  return dataCodec('initialize_house', generated.getInitializeHouseInstructionDataCodec());
}

/** Accounts and args of `initialize_house`. */
export interface InitializeHouseInput {
  /** Pays the rent and becomes the House's authority. */
  readonly authority: SignerInput;
  /** The house wallet PDA. */
  readonly house: Address;
  readonly settler: Address;
  readonly treasury: Address;
  /** This program's ProgramData account; `authority` must be its upgrade authority. */
  readonly programData: Address;
}

/** `initialize_house`: creates the House record at the house wallet. Once per deployment, by the upgrade authority. */
export function getInitializeHouseInstruction(
  input: InitializeHouseInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getInitializeHouseInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** {@link getInitializeHouseInstruction} with the house wallet and the ProgramData account derived. */
export async function getInitializeHouseInstructionAsync(
  input: Omit<InitializeHouseInput, 'house' | 'programData'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [[house], [programData]] = await Promise.all([
    findHouseAddress(config),
    findProgramDataAddress(config.programAddress ?? WAGER_PROGRAM_ADDRESS),
  ]);
  return getInitializeHouseInstruction({ ...input, house, programData }, config);
}

// ---------------------------------------------------------------------------------------------------------
// update_house
// ---------------------------------------------------------------------------------------------------------

/**
 * Args of `update_house`: the settler and treasury, `paused` (take no new bets, or resume) and
 * `offchainBets` (accept the spec's off-chain bets, `create_bet_offchain`, whose roll the settler chooses;
 * off by default, the product always uses `create_bet`).
 */
export type UpdateHouseInstructionData = FromGenerated<generated.UpdateHouseInstructionData>;

/** `update_house` data codec. */
export function getUpdateHouseInstructionDataCodec(): Codec<
  UpdateHouseInstructionData,
  UpdateHouseInstructionData
> {
  return dataCodec('update_house', generated.getUpdateHouseInstructionDataCodec());
}

/** Accounts and args of `update_house`. Every field is written: pass the current values to keep them. */
export interface UpdateHouseInput extends UpdateHouseInstructionData {
  readonly authority: SignerInput;
  readonly house: Address;
}

/**
 * `update_house`: changes the settler or treasury, pauses new bets, or turns off-chain bets on or off.
 * Authority only.
 */
export function getUpdateHouseInstruction(
  input: UpdateHouseInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getUpdateHouseInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** {@link getUpdateHouseInstruction} with the house wallet derived. */
export async function getUpdateHouseInstructionAsync(
  input: Omit<UpdateHouseInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getUpdateHouseInstruction({ ...input, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// propose_authority and accept_authority
// ---------------------------------------------------------------------------------------------------------

/** Args of `propose_authority`: the key that may accept the authority (`accept_authority`). */
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
  /** The current authority. */
  readonly authority: SignerInput;
  /** The house wallet. */
  readonly house: Address;
  readonly newAuthority: Address;
}

/**
 * `propose_authority`: the first step of handing the House's authority over; names the key that may
 * accept it (a later proposal replaces it). Authority only.
 */
export function getProposeAuthorityInstruction(
  input: ProposeAuthorityInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getProposeAuthorityInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** {@link getProposeAuthorityInstruction} with the house wallet derived. */
export async function getProposeAuthorityInstructionAsync(
  input: Omit<ProposeAuthorityInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getProposeAuthorityInstruction({ ...input, house }, config);
}

/** `accept_authority` data codec (no args). */
export function getAcceptAuthorityInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('accept_authority', generated.getAcceptAuthorityInstructionDataCodec());
}

/** Accounts of `accept_authority`. */
export interface AcceptAuthorityInput {
  /** The key `propose_authority` named. */
  readonly newAuthority: SignerInput;
  /** The house wallet. */
  readonly house: Address;
}

/** `accept_authority`: the proposed key signs and becomes the House's authority. */
export function getAcceptAuthorityInstruction(
  input: AcceptAuthorityInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getAcceptAuthorityInstruction({ ...input, newAuthority: asSigner(input.newAuthority) }, config),
    input.newAuthority,
  );
}

/** {@link getAcceptAuthorityInstruction} with the house wallet derived. */
export async function getAcceptAuthorityInstructionAsync(
  input: Omit<AcceptAuthorityInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getAcceptAuthorityInstruction({ ...input, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// commit_seed_chain and reset_seed_chain
// ---------------------------------------------------------------------------------------------------------

/**
 * Args of `commit_seed_chain` and `reset_seed_chain`: the chain's `head` `s_0`, sha256 of its first seed
 * `s_1` (32 bytes), and its `length`, the seeds in the chain (`s_1` … `s_length`), at least 1.
 */
export type SeedChainInstructionData = FromGenerated<generated.CommitSeedChainInstructionData>;

/** What the `commit_seed_chain` and `reset_seed_chain` data codecs encode (`head`: 32 bytes). */
export type SeedChainInstructionDataArgs = Readonly<generated.CommitSeedChainInstructionDataArgs>;

/**
 * `commit_seed_chain` data codec.
 *
 * @throws RangeError when encoding a head that is not 32 bytes.
 */
export function getCommitSeedChainInstructionDataCodec(): Codec<
  SeedChainInstructionDataArgs,
  SeedChainInstructionData
> {
  return dataCodec('commit_seed_chain', generated.getCommitSeedChainInstructionDataCodec(), { head: 32 });
}

/**
 * `reset_seed_chain` data codec.
 *
 * @throws RangeError when encoding a head that is not 32 bytes.
 */
export function getResetSeedChainInstructionDataCodec(): Codec<
  SeedChainInstructionDataArgs,
  SeedChainInstructionData
> {
  return dataCodec('reset_seed_chain', generated.getResetSeedChainInstructionDataCodec(), { head: 32 });
}

/** Accounts and args of `commit_seed_chain` and `reset_seed_chain`. */
export interface SeedChainInput extends SeedChainInstructionDataArgs {
  readonly settler: SignerInput;
  /** The house wallet. */
  readonly house: Address;
}

/** Accounts and args of `commit_seed_chain`. */
export type CommitSeedChainInput = SeedChainInput;

/** Accounts and args of `reset_seed_chain`. */
export type ResetSeedChainInput = SeedChainInput;

/**
 * `commit_seed_chain`: commits the settler's next seed chain by its head. It takes over when the current
 * chain is used up, and may be replaced until a bet takes a seed from it (SeedChainInUse after). Settler
 * only.
 *
 * @throws RangeError when `head` is not 32 bytes.
 */
export function getCommitSeedChainInstruction(
  input: CommitSeedChainInput,
  config: ProgramConfig = {},
): WagerInstruction {
  const head = bytes32(input.head);
  return build(
    generated.getCommitSeedChainInstruction({ ...input, head, settler: asSigner(input.settler) }, config),
    input.settler,
  );
}

/** {@link getCommitSeedChainInstruction} with the house wallet derived. */
export async function getCommitSeedChainInstructionAsync(
  input: Omit<CommitSeedChainInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getCommitSeedChainInstruction({ ...input, house }, config);
}

/**
 * `reset_seed_chain`: starts a new seed chain at once, abandoning the rest of the current one. Only while no
 * bet is open (SeedChainInUse otherwise), so it changes no bet's roll. Settler only.
 *
 * @throws RangeError when `head` is not 32 bytes.
 */
export function getResetSeedChainInstruction(
  input: ResetSeedChainInput,
  config: ProgramConfig = {},
): WagerInstruction {
  const head = bytes32(input.head);
  return build(
    generated.getResetSeedChainInstruction({ ...input, head, settler: asSigner(input.settler) }, config),
    input.settler,
  );
}

/** {@link getResetSeedChainInstruction} with the house wallet derived. */
export async function getResetSeedChainInstructionAsync(
  input: Omit<ResetSeedChainInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getResetSeedChainInstruction({ ...input, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// withdraw
// ---------------------------------------------------------------------------------------------------------

/** Args of `withdraw`: `amount`, lamports, at most the house's free balance. */
export type WithdrawInstructionData = FromGenerated<generated.WithdrawInstructionData>;

/** What the `withdraw` data codec encodes. */
export type WithdrawInstructionDataArgs = Readonly<generated.WithdrawInstructionDataArgs>;

/** `withdraw` data codec. */
export function getWithdrawInstructionDataCodec(): Codec<
  WithdrawInstructionDataArgs,
  WithdrawInstructionData
> {
  return dataCodec('withdraw', generated.getWithdrawInstructionDataCodec());
}

/** Accounts and args of `withdraw`. */
export interface WithdrawInput {
  readonly authority: SignerInput;
  /** The house wallet. */
  readonly house: Address;
  readonly destination: Address;
  /** Lamports, at most `houseFreeBalance(...)`. */
  readonly amount: bigint | number;
}

/** `withdraw`: moves profit out of the house wallet's free balance. Authority only. */
export function getWithdrawInstruction(input: WithdrawInput, config: ProgramConfig = {}): WagerInstruction {
  return build(
    generated.getWithdrawInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** {@link getWithdrawInstruction} with the house wallet derived. */
export async function getWithdrawInstructionAsync(
  input: Omit<WithdrawInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getWithdrawInstruction({ ...input, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// init_bet_offchain
// ---------------------------------------------------------------------------------------------------------

/** Args of `init_bet_offchain`: the user's `referral`, paid 10% of each bet's fee; never the user. */
export type InitBetOffchainInstructionData = FromGenerated<generated.InitBetOffchainInstructionData>;

/** `init_bet_offchain` data codec. */
export function getInitBetOffchainInstructionDataCodec(): Codec<
  InitBetOffchainInstructionData,
  InitBetOffchainInstructionData
> {
  return dataCodec('init_bet_offchain', generated.getInitBetOffchainInstructionDataCodec());
}

/** Accounts and args of `init_bet_offchain`. */
export interface InitBetOffchainInput {
  readonly user: SignerInput;
  /** The Bet PDA of `user`. */
  readonly bet: Address;
  /** Omit (or null) for none. */
  readonly referral?: Address | null;
}

/** `init_bet_offchain`: creates the user's bet record, once. */
export function getInitBetOffchainInstruction(
  input: InitBetOffchainInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getInitBetOffchainInstruction(
      { user: asSigner(input.user), bet: input.bet, referral: input.referral ?? null },
      config,
    ),
    input.user,
  );
}

/** {@link getInitBetOffchainInstruction} with the Bet PDA derived from `user`. */
export async function getInitBetOffchainInstructionAsync(
  input: Omit<InitBetOffchainInput, 'bet'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [bet] = await findBetAddress(signerAddress(input.user), config);
  return getInitBetOffchainInstruction({ ...input, bet }, config);
}

// ---------------------------------------------------------------------------------------------------------
// create_bet
// ---------------------------------------------------------------------------------------------------------

/**
 * Args of `create_bet`: `odds` (win chance in percent, 1–95), `listingPrice` (the prize in lamports),
 * `betType`, and `playerSeed`, the player's 32-byte seed, part of the roll (stored in the bet's
 * `switchboardRequest`).
 */
export type CreateBetInstructionData = FromGenerated<generated.CreateBetInstructionData>;

/** What the `create_bet` data codec encodes (`playerSeed`: 32 bytes). */
export type CreateBetInstructionDataArgs = Readonly<generated.CreateBetInstructionDataArgs>;

/**
 * `create_bet` data codec.
 *
 * @throws RangeError when encoding a player seed that is not 32 bytes.
 */
export function getCreateBetInstructionDataCodec(): Codec<
  CreateBetInstructionDataArgs,
  CreateBetInstructionData
> {
  return dataCodec('create_bet', generated.getCreateBetInstructionDataCodec(), { playerSeed: 32 });
}

/** Accounts and args of `create_bet`: those of `create_bet_offchain`, and the player's seed. */
export interface CreateBetInput extends CreateBetOffchainInput {
  /**
   * The player's 32-byte seed (`randomPlayerSeed()` from `wager/fairness`, shown to the player, who may
   * edit it).
   */
  readonly playerSeed: ReadonlyUint8Array | Uint8Array;
}

function prizeMint(input: Pick<CreateBetOffchainInput, 'mint' | 'betType'>): Address {
  if (input.mint !== undefined) return input.mint;
  if (toBetType(input.betType) === BetType.Sol) return NATIVE_MINT_ADDRESS;
  throw new TypeError('A token or NFT bet names its prize mint');
}

/** The accounts and args `create_bet` and `create_bet_offchain` share, as the generated builders take them. */
function createBetInput(input: CreateBetOffchainInput) {
  return {
    user: asSigner(input.user),
    bet: input.bet,
    house: input.house,
    mint: prizeMint(input),
    odds: input.odds,
    listingPrice: input.listingPrice,
    betType: toBetType(input.betType),
  };
}

/**
 * `create_bet`: opens a bet whose roll the program computes at `reveal_bet`, from the next seed of the
 * settler's committed chain, the player's seed and the slot the bet lands in. The user pays the stake and
 * the 4% fee into the house wallet (and grows a bet record of the first version, paying its extra rent).
 *
 * @throws TypeError when a token or NFT bet has no `mint`; RangeError when `playerSeed` is not 32 bytes.
 * @example
 * ```ts
 * const playerSeed = randomPlayerSeed();
 * const ix = await getCreateBetInstructionAsync({ user, odds: 50, listingPrice, betType: 'sol', playerSeed });
 * ```
 */
export function getCreateBetInstruction(input: CreateBetInput, config: ProgramConfig = {}): WagerInstruction {
  const shared = createBetInput(input);
  const playerSeed = bytes32(input.playerSeed);
  return build(generated.getCreateBetInstruction({ ...shared, playerSeed }, config), input.user);
}

/** {@link getCreateBetInstruction} with the Bet PDA derived from `user`, and the house wallet. */
export async function getCreateBetInstructionAsync(
  input: Omit<CreateBetInput, 'bet' | 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [[bet], [house]] = await Promise.all([
    findBetAddress(signerAddress(input.user), config),
    findHouseAddress(config),
  ]);
  return getCreateBetInstruction({ ...input, bet, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// reveal_bet
// ---------------------------------------------------------------------------------------------------------

/** Args of `reveal_bet`: the `seed` of the bet's place in the chain (sha256 of it is the House's `seedCommitment`). */
export type RevealBetInstructionData = FromGenerated<generated.RevealBetInstructionData>;

/** What the `reveal_bet` data codec encodes (`seed`: 32 bytes). */
export type RevealBetInstructionDataArgs = Readonly<generated.RevealBetInstructionDataArgs>;

/**
 * `reveal_bet` data codec.
 *
 * @throws RangeError when encoding a seed that is not 32 bytes.
 */
export function getRevealBetInstructionDataCodec(): Codec<
  RevealBetInstructionDataArgs,
  RevealBetInstructionData
> {
  return dataCodec('reveal_bet', generated.getRevealBetInstructionDataCodec(), { seed: 32 });
}

/** Accounts and args of `reveal_bet`. Anyone may send it: `user` receives, it does not sign. */
export interface RevealBetInput {
  /** The house wallet. */
  readonly house: Address;
  /** The next bet in chain order (its `sequence` is the House's `revealSequence`). */
  readonly bet: Address;
  /** The bettor (`bet.user`), refunded when the bet is past its deadline. */
  readonly user: Address;
  /**
   * The vault of the bet's `referral` (`findReferralAddress(referral)`), credited 10% of the fee; omit (or
   * null) exactly when the bet has none.
   */
  readonly referralVault?: Address | null;
  /** 32 bytes. */
  readonly seed: ReadonlyUint8Array | Uint8Array;
}

/**
 * `reveal_bet`: reveals the seed of the next bet in chain order and settles it with the roll the program
 * computes (a bet past its refund deadline is refunded instead; one already refunded only moves the chain
 * on). Its log line is read by `parseRevealLog` (`wager/fairness`).
 *
 * @throws RangeError when `seed` is not 32 bytes.
 */
export function getRevealBetInstruction(input: RevealBetInput, config: ProgramConfig = {}): WagerInstruction {
  const { referralVault, ...rest } = input;
  return build(
    generated.getRevealBetInstruction(
      { ...rest, seed: bytes32(input.seed), ...optional('referralVault', referralVault) },
      config,
    ),
  );
}

/**
 * {@link getRevealBetInstruction} with the house wallet, the Bet PDA of `user` and the vault of the bet's
 * `referral` derived.
 */
export async function getRevealBetInstructionAsync(
  input: Omit<RevealBetInput, 'house' | 'bet' | 'referralVault'> & {
    /** The bet's `referral`; omit (or null) exactly when it has none. */
    readonly referral?: Address | null;
  },
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const { referral, ...rest } = input;
  const [[house], [bet], referralVault] = await Promise.all([
    findHouseAddress(config),
    findBetAddress(input.user, config),
    referralVaultOf(referral, config),
  ]);
  return getRevealBetInstruction({ ...rest, house, bet, referralVault }, config);
}

// ---------------------------------------------------------------------------------------------------------
// create_bet_offchain
// ---------------------------------------------------------------------------------------------------------

/** Args of `create_bet_offchain`: `odds`, `listingPrice` and `betType`, as `create_bet`'s. */
export type CreateBetOffchainInstructionData = FromGenerated<generated.CreateBetOffchainInstructionData>;

/** What the `create_bet_offchain` data codec encodes. */
export type CreateBetOffchainInstructionDataArgs = Readonly<generated.CreateBetOffchainInstructionDataArgs>;

/** `create_bet_offchain` data codec. */
export function getCreateBetOffchainInstructionDataCodec(): Codec<
  CreateBetOffchainInstructionDataArgs,
  CreateBetOffchainInstructionData
> {
  return dataCodec('create_bet_offchain', generated.getCreateBetOffchainInstructionDataCodec());
}

/** Accounts and args of `create_bet_offchain`. */
export interface CreateBetOffchainInput {
  readonly user: SignerInput;
  /** The Bet PDA of `user`. */
  readonly bet: Address;
  /** The house wallet. */
  readonly house: Address;
  /**
   * The prize: the token mint or the NFT mint. Defaults to the native mint, which is what a SOL bet names;
   * a token or NFT bet must give it.
   */
  readonly mint?: Address;
  /** Win chance in percent, 1–95. */
  readonly odds: number;
  /** The prize in lamports; the stake is `betStake(listingPrice, odds)` and the fee 4% on top. */
  readonly listingPrice: bigint | number;
  readonly betType: BetTypeInput;
}

/**
 * `create_bet_offchain`: opens the spec's off-chain bet, whose roll the settler chooses; the user pays the
 * stake and the 4% fee into the house wallet. Refused (BetNotAvailable) unless the authority turned
 * off-chain bets on; the product uses {@link getCreateBetInstruction}.
 *
 * @throws TypeError when a token or NFT bet has no `mint`.
 */
export function getCreateBetOffchainInstruction(
  input: CreateBetOffchainInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(generated.getCreateBetOffchainInstruction(createBetInput(input), config), input.user);
}

/** {@link getCreateBetOffchainInstruction} with the Bet PDA derived from `user`, and the house wallet. */
export async function getCreateBetOffchainInstructionAsync(
  input: Omit<CreateBetOffchainInput, 'bet' | 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [[bet], [house]] = await Promise.all([
    findBetAddress(signerAddress(input.user), config),
    findHouseAddress(config),
  ]);
  return getCreateBetOffchainInstruction({ ...input, bet, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// settle_bet_offchain
// ---------------------------------------------------------------------------------------------------------

/** Args of `settle_bet_offchain`: `randomValue`, the settler's roll, 0–99 (the bet wins iff it is below the odds). */
export type SettleBetOffchainInstructionData = FromGenerated<generated.SettleBetOffchainInstructionData>;

/** `settle_bet_offchain` data codec. */
export function getSettleBetOffchainInstructionDataCodec(): Codec<
  SettleBetOffchainInstructionData,
  SettleBetOffchainInstructionData
> {
  return dataCodec('settle_bet_offchain', generated.getSettleBetOffchainInstructionDataCodec());
}

/** Accounts and args of `settle_bet_offchain`. */
export interface SettleBetOffchainInput {
  readonly settler: SignerInput;
  /** The house wallet. */
  readonly house: Address;
  readonly bet: Address;
  /**
   * The vault of the bet's `referral` (`findReferralAddress(referral)`), credited 10% of the fee; omit (or
   * null) exactly when the bet has none.
   */
  readonly referralVault?: Address | null;
  readonly randomValue: number;
}

/**
 * `settle_bet_offchain`: settles an open off-chain bet with the settler's roll. A bet made with `create_bet`
 * fails with BetOnChain. Settler only.
 */
export function getSettleBetOffchainInstruction(
  input: SettleBetOffchainInput,
  config: ProgramConfig = {},
): WagerInstruction {
  const { referralVault, ...rest } = input;
  return build(
    generated.getSettleBetOffchainInstruction(
      { ...rest, settler: asSigner(input.settler), ...optional('referralVault', referralVault) },
      config,
    ),
    input.settler,
  );
}

/** {@link getSettleBetOffchainInstruction} with the house wallet and the vault of the bet's `referral` derived. */
export async function getSettleBetOffchainInstructionAsync(
  input: Omit<SettleBetOffchainInput, 'house' | 'referralVault'> & {
    /** The bet's `referral`; omit (or null) exactly when it has none. */
    readonly referral?: Address | null;
  },
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const { referral, ...rest } = input;
  const [[house], referralVault] = await Promise.all([
    findHouseAddress(config),
    referralVaultOf(referral, config),
  ]);
  return getSettleBetOffchainInstruction({ ...rest, house, referralVault }, config);
}

// ---------------------------------------------------------------------------------------------------------
// claim_bet
// ---------------------------------------------------------------------------------------------------------

/**
 * Args of `claim_bet`: `sol`, true to take the prize in SOL; false (token and NFT prizes only) when a swap
 * or marketplace buy follows in the same transaction.
 */
export type ClaimBetInstructionData = FromGenerated<generated.ClaimBetInstructionData>;

/** `claim_bet` data codec. */
export function getClaimBetInstructionDataCodec(): Codec<ClaimBetInstructionData, ClaimBetInstructionData> {
  return dataCodec('claim_bet', generated.getClaimBetInstructionDataCodec());
}

/** Accounts and args of `claim_bet`. */
export interface ClaimBetInput {
  readonly user: SignerInput;
  /** The Bet PDA of `user`. */
  readonly bet: Address;
  /** The house wallet. */
  readonly house: Address;
  /** See {@link ClaimBetInstructionData}; true (the full SOL value, valid for every bet type) by default. */
  readonly sol?: boolean;
}

/** `claim_bet`: pays a won bet its prize. */
export function getClaimBetInstruction(input: ClaimBetInput, config: ProgramConfig = {}): WagerInstruction {
  return build(
    generated.getClaimBetInstruction(
      { user: asSigner(input.user), bet: input.bet, house: input.house, sol: input.sol ?? true },
      config,
    ),
    input.user,
  );
}

/** {@link getClaimBetInstruction} with the Bet PDA derived from `user`, and the house wallet. */
export async function getClaimBetInstructionAsync(
  input: Omit<ClaimBetInput, 'bet' | 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [[bet], [house]] = await Promise.all([
    findBetAddress(signerAddress(input.user), config),
    findHouseAddress(config),
  ]);
  return getClaimBetInstruction({ ...input, bet, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// refund_bet
// ---------------------------------------------------------------------------------------------------------

/** `refund_bet` data codec (no args). */
export function getRefundBetInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('refund_bet', generated.getRefundBetInstructionDataCodec());
}

/** Accounts of `refund_bet`. */
export interface RefundBetInput {
  /** Whoever sends the refund: the player, the settler or a keeper. */
  readonly caller: SignerInput;
  /** The house wallet. */
  readonly house: Address;
  readonly bet: Address;
  /** The bettor (`bet.user`), who gets the stake and fee back. */
  readonly user: Address;
}

/**
 * `refund_bet`: returns an open bet's stake and fee to its owner once its refund deadline (placement +
 * `BET_REFUND_DELAY_SECS`) has passed (RefundTooEarly before). Anyone may send it. For a bet made with
 * `create_bet` it captures the bet's slot hash from SlotHashes while it is there, so the bet's reveal still
 * rolls it and pays a win (prize − stake − fee).
 */
export function getRefundBetInstruction(input: RefundBetInput, config: ProgramConfig = {}): WagerInstruction {
  return build(
    generated.getRefundBetInstruction({ ...input, caller: asSigner(input.caller) }, config),
    input.caller,
  );
}

/** {@link getRefundBetInstruction} with the house wallet derived. */
export async function getRefundBetInstructionAsync(
  input: Omit<RefundBetInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getRefundBetInstruction({ ...input, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// init_referral and claim_referral
// ---------------------------------------------------------------------------------------------------------

/** Args of `init_referral`: the `referrer` whose vault to create. */
export type InitReferralInstructionData = FromGenerated<generated.InitReferralInstructionData>;

/** `init_referral` data codec. */
export function getInitReferralInstructionDataCodec(): Codec<
  InitReferralInstructionData,
  InitReferralInstructionData
> {
  return dataCodec('init_referral', generated.getInitReferralInstructionDataCodec());
}

/** Accounts and args of `init_referral`. */
export interface InitReferralInput {
  /** Pays the vault's rent: anyone. */
  readonly payer: SignerInput;
  /** The vault, `findReferralAddress(referrer)`. */
  readonly referral: Address;
  readonly referrer: Address;
}

/**
 * `init_referral`: creates a referrer's vault, where its shares of fees accrue until it claims them. Anyone
 * may pay for it; it does nothing when the vault exists, so it can ride along in any transaction.
 */
export function getInitReferralInstruction(
  input: InitReferralInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getInitReferralInstruction({ ...input, payer: asSigner(input.payer) }, config),
    input.payer,
  );
}

/** {@link getInitReferralInstruction} with the vault derived from `referrer`. */
export async function getInitReferralInstructionAsync(
  input: Omit<InitReferralInput, 'referral'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [referral] = await findReferralAddress(input.referrer, config);
  return getInitReferralInstruction({ ...input, referral }, config);
}

/** `claim_referral` data codec (no args). */
export function getClaimReferralInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('claim_referral', generated.getClaimReferralInstructionDataCodec());
}

/** Accounts of `claim_referral`. */
export interface ClaimReferralInput {
  /** The vault's referrer, who receives its balance. */
  readonly referrer: SignerInput;
  /** The vault, `findReferralAddress(referrer)`. */
  readonly referral: Address;
}

/** `claim_referral`: pays the referrer everything its vault holds above its rent-exempt minimum. */
export function getClaimReferralInstruction(
  input: ClaimReferralInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getClaimReferralInstruction({ ...input, referrer: asSigner(input.referrer) }, config),
    input.referrer,
  );
}

/** {@link getClaimReferralInstruction} with the vault derived from `referrer`. */
export async function getClaimReferralInstructionAsync(
  input: Omit<ClaimReferralInput, 'referral'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [referral] = await findReferralAddress(signerAddress(input.referrer), config);
  return getClaimReferralInstruction({ ...input, referral }, config);
}

// ---------------------------------------------------------------------------------------------------------
// create_market
// ---------------------------------------------------------------------------------------------------------

/**
 * Args of `create_market`: `endTime` and `cutoffTime` (unix seconds; now < cutoff ≤ end), and the
 * `referrer` paid 10% of the fee at resolution.
 */
export type CreateMarketInstructionData = FromGenerated<generated.CreateMarketInstructionData>;

/** What the `create_market` data codec encodes. */
export type CreateMarketInstructionDataArgs = Readonly<generated.CreateMarketInstructionDataArgs>;

/** `create_market` data codec. */
export function getCreateMarketInstructionDataCodec(): Codec<
  CreateMarketInstructionDataArgs,
  CreateMarketInstructionData
> {
  return dataCodec('create_market', generated.getCreateMarketInstructionDataCodec());
}

/** Accounts and args of `create_market`. */
export interface CreateMarketInput {
  /** Pays the rent of the market and its pool. */
  readonly authority: SignerInput;
  /** The house wallet (read for its authority). */
  readonly house: Address;
  /** A fresh keypair: the new Market account, which must sign its creation. */
  readonly market: SignerInput;
  /** The market's pool PDA, `["market_authority", market]`. */
  readonly marketAuthority: Address;
  readonly endTime: bigint | number;
  readonly cutoffTime: bigint | number;
  /** Omit (or null) for none. */
  readonly referrer?: Address | null;
}

/**
 * `create_market`: creates a yes/no market and its pool. Authority only.
 *
 * @example
 * ```ts
 * const market = await generateKeyPairSigner();
 * const ix = await getCreateMarketInstructionAsync({ authority, market, endTime, cutoffTime });
 * // both authority and market sign the transaction
 * ```
 */
export function getCreateMarketInstruction(
  input: CreateMarketInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getCreateMarketInstruction(
      {
        ...input,
        authority: asSigner(input.authority),
        market: asSigner(input.market),
        referrer: input.referrer ?? null,
      },
      config,
    ),
    input.authority,
    input.market,
  );
}

/** {@link getCreateMarketInstruction} with the house wallet and the market's pool derived. */
export async function getCreateMarketInstructionAsync(
  input: Omit<CreateMarketInput, 'house' | 'marketAuthority'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [[house], [marketAuthority]] = await Promise.all([
    findHouseAddress(config),
    findMarketAuthorityAddress(signerAddress(input.market), config),
  ]);
  return getCreateMarketInstruction({ ...input, house, marketAuthority }, config);
}

// ---------------------------------------------------------------------------------------------------------
// update_market
// ---------------------------------------------------------------------------------------------------------

/** Args of `update_market`: `endTime`, and `cutoffTime`, at most `endTime`. */
export type UpdateMarketInstructionData = FromGenerated<generated.UpdateMarketInstructionData>;

/** What the `update_market` data codec encodes. */
export type UpdateMarketInstructionDataArgs = Readonly<generated.UpdateMarketInstructionDataArgs>;

/** `update_market` data codec. */
export function getUpdateMarketInstructionDataCodec(): Codec<
  UpdateMarketInstructionDataArgs,
  UpdateMarketInstructionData
> {
  return dataCodec('update_market', generated.getUpdateMarketInstructionDataCodec());
}

/** Accounts and args of `update_market`. */
export interface UpdateMarketInput {
  readonly authority: SignerInput;
  /** The house wallet (read for its authority). */
  readonly house: Address;
  readonly market: Address;
  readonly endTime: bigint | number;
  readonly cutoffTime: bigint | number;
}

/**
 * `update_market`: moves a market's end and cutoff while its cutoff has not passed (MarketClosed after); the
 * new cutoff must be in the future and not after the end, and the end within `MARKET_MAX_LIFETIME_SECS` of
 * the start (InvalidMarket). Authority only.
 */
export function getUpdateMarketInstruction(
  input: UpdateMarketInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getUpdateMarketInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** {@link getUpdateMarketInstruction} with the house wallet derived. */
export async function getUpdateMarketInstructionAsync(
  input: Omit<UpdateMarketInput, 'house'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [house] = await findHouseAddress(config);
  return getUpdateMarketInstruction({ ...input, house }, config);
}

// ---------------------------------------------------------------------------------------------------------
// resolve_market
// ---------------------------------------------------------------------------------------------------------

/** Args of `resolve_market`. */
export type ResolveMarketInstructionData = FromGenerated<generated.ResolveMarketInstructionData>;

/** What the `resolve_market` data codec encodes. */
export type ResolveMarketInstructionDataArgs = Readonly<generated.ResolveMarketInstructionDataArgs>;

/** `resolve_market` data codec. */
export function getResolveMarketInstructionDataCodec(): Codec<
  ResolveMarketInstructionDataArgs,
  ResolveMarketInstructionData
> {
  return dataCodec('resolve_market', generated.getResolveMarketInstructionDataCodec());
}

/** Accounts and args of `resolve_market`. */
export interface ResolveMarketInput {
  readonly authority: SignerInput;
  /** The house wallet (read for its authority and treasury). */
  readonly house: Address;
  readonly market: Address;
  /** The market's pool (`market.marketAuthority`). */
  readonly marketAuthority: Address;
  /** The House's treasury, paid the fee. */
  readonly treasury: Address;
  /**
   * The vault of the market's `referrer` (`findReferralAddress(referrer)`), credited 10% of the fee; omit
   * (or null) exactly when the market has none.
   */
  readonly referralVault?: Address | null;
  readonly result: MarketResultInput;
}

/** `resolve_market`: resolves a market after its cutoff, paying the fee. Authority only. */
export function getResolveMarketInstruction(
  input: ResolveMarketInput,
  config: ProgramConfig = {},
): WagerInstruction {
  const { referralVault, ...rest } = input;
  return build(
    generated.getResolveMarketInstruction(
      {
        ...rest,
        authority: asSigner(input.authority),
        result: toMarketResult(input.result),
        ...optional('referralVault', referralVault),
      },
      config,
    ),
    input.authority,
  );
}

/**
 * {@link getResolveMarketInstruction} with the house wallet, the market's pool and the vault of the
 * market's `referrer` derived.
 */
export async function getResolveMarketInstructionAsync(
  input: Omit<ResolveMarketInput, 'house' | 'marketAuthority' | 'referralVault'> & {
    /** The market's `referrer`; omit (or null) exactly when it has none. */
    readonly referrer?: Address | null;
  },
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const { referrer, ...rest } = input;
  const [[house], [marketAuthority], referralVault] = await Promise.all([
    findHouseAddress(config),
    findMarketAuthorityAddress(input.market, config),
    referralVaultOf(referrer, config),
  ]);
  return getResolveMarketInstruction({ ...rest, house, marketAuthority, referralVault }, config);
}

// ---------------------------------------------------------------------------------------------------------
// expire_market
// ---------------------------------------------------------------------------------------------------------

/** `expire_market` data codec (no args). */
export function getExpireMarketInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('expire_market', generated.getExpireMarketInstructionDataCodec());
}

/** Accounts of `expire_market`. */
export interface ExpireMarketInput {
  readonly market: Address;
}

/**
 * `expire_market`: resolves a market as Invalid when the authority has not resolved it within
 * `MARKET_RESOLVE_GRACE_SECS` after its end (MarketNotOverdue before); every prediction then settles for a
 * refund. Anyone may send it.
 */
export function getExpireMarketInstruction(
  input: ExpireMarketInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(generated.getExpireMarketInstruction(input, config));
}

// ---------------------------------------------------------------------------------------------------------
// close_market
// ---------------------------------------------------------------------------------------------------------

/** `close_market` data codec (no args). */
export function getCloseMarketInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('close_market', generated.getCloseMarketInstructionDataCodec());
}

/** Accounts of `close_market`. */
export interface CloseMarketInput {
  /** The House's authority; receives the market record's rent. */
  readonly authority: SignerInput;
  /** The house wallet (read for its authority and treasury). */
  readonly house: Address;
  readonly market: Address;
  /** The market's pool (`market.marketAuthority`), closed into the treasury. */
  readonly marketAuthority: Address;
  /** The House's treasury. */
  readonly treasury: Address;
}

/**
 * `close_market`: closes a resolved market whose predictions are all settled. The pool's dust and rent go to
 * the treasury, the market record's rent to the authority. Authority only.
 */
export function getCloseMarketInstruction(
  input: CloseMarketInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getCloseMarketInstruction({ ...input, authority: asSigner(input.authority) }, config),
    input.authority,
  );
}

/** {@link getCloseMarketInstruction} with the house wallet and the market's pool derived. */
export async function getCloseMarketInstructionAsync(
  input: Omit<CloseMarketInput, 'house' | 'marketAuthority'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const [[house], [marketAuthority]] = await Promise.all([
    findHouseAddress(config),
    findMarketAuthorityAddress(input.market, config),
  ]);
  return getCloseMarketInstruction({ ...input, house, marketAuthority }, config);
}

// ---------------------------------------------------------------------------------------------------------
// create_prediction
// ---------------------------------------------------------------------------------------------------------

/**
 * Args of `create_prediction`: `amount` (lamports, at least `MIN_BET_LAMPORTS`) and `result`, the side:
 * Yes or No (Invalid is `InvalidPrediction`).
 */
export type CreatePredictionInstructionData = FromGenerated<generated.CreatePredictionInstructionData>;

/** What the `create_prediction` data codec encodes. */
export type CreatePredictionInstructionDataArgs = Readonly<generated.CreatePredictionInstructionDataArgs>;

/** `create_prediction` data codec. */
export function getCreatePredictionInstructionDataCodec(): Codec<
  CreatePredictionInstructionDataArgs,
  CreatePredictionInstructionData
> {
  return dataCodec('create_prediction', generated.getCreatePredictionInstructionDataCodec());
}

/** Accounts and args of `create_prediction` and `update_prediction`. */
export interface PredictionInput {
  readonly user: SignerInput;
  readonly market: Address;
  /** The market's pool, `["market_authority", market]`. */
  readonly marketAuthority: Address;
  /** The Prediction PDA of (`market`, `user`). */
  readonly prediction: Address;
  /** Lamports. */
  readonly amount: bigint | number;
}

/** Accounts and args of `create_prediction`. */
export interface CreatePredictionInput extends PredictionInput {
  /** `yes` or `no`. */
  readonly result: MarketResultInput;
}

async function derivePredictionAccounts(
  user: SignerInput,
  market: Address,
  config: ProgramConfig,
): Promise<{ readonly marketAuthority: Address; readonly prediction: Address }> {
  const [[marketAuthority], [prediction]] = await Promise.all([
    findMarketAuthorityAddress(market, config),
    findPredictionAddress(market, signerAddress(user), config),
  ]);
  return { marketAuthority, prediction };
}

/** `create_prediction`: predicts Yes or No with `amount` lamports, before the cutoff. */
export function getCreatePredictionInstruction(
  input: CreatePredictionInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getCreatePredictionInstruction(
      { ...input, user: asSigner(input.user), result: toMarketResult(input.result) },
      config,
    ),
    input.user,
  );
}

/** {@link getCreatePredictionInstruction} with the market's pool and the Prediction PDA derived. */
export async function getCreatePredictionInstructionAsync(
  input: Omit<CreatePredictionInput, 'marketAuthority' | 'prediction'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const derived = await derivePredictionAccounts(input.user, input.market, config);
  return getCreatePredictionInstruction({ ...input, ...derived }, config);
}

// ---------------------------------------------------------------------------------------------------------
// update_prediction
// ---------------------------------------------------------------------------------------------------------

/** Args of `update_prediction`: `amount`, lamports added, at least `MIN_BET_LAMPORTS`. */
export type UpdatePredictionInstructionData = FromGenerated<generated.UpdatePredictionInstructionData>;

/** What the `update_prediction` data codec encodes. */
export type UpdatePredictionInstructionDataArgs = Readonly<generated.UpdatePredictionInstructionDataArgs>;

/** `update_prediction` data codec. */
export function getUpdatePredictionInstructionDataCodec(): Codec<
  UpdatePredictionInstructionDataArgs,
  UpdatePredictionInstructionData
> {
  return dataCodec('update_prediction', generated.getUpdatePredictionInstructionDataCodec());
}

/** Accounts and args of `update_prediction`. */
export type UpdatePredictionInput = PredictionInput;

/** `update_prediction`: adds `amount` lamports to an existing prediction, on its side, before the cutoff. */
export function getUpdatePredictionInstruction(
  input: UpdatePredictionInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(
    generated.getUpdatePredictionInstruction({ ...input, user: asSigner(input.user) }, config),
    input.user,
  );
}

/** {@link getUpdatePredictionInstruction} with the market's pool and the Prediction PDA derived. */
export async function getUpdatePredictionInstructionAsync(
  input: Omit<UpdatePredictionInput, 'marketAuthority' | 'prediction'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const derived = await derivePredictionAccounts(input.user, input.market, config);
  return getUpdatePredictionInstruction({ ...input, ...derived }, config);
}

// ---------------------------------------------------------------------------------------------------------
// settle_prediction
// ---------------------------------------------------------------------------------------------------------

/** `settle_prediction` data codec (no args). */
export function getSettlePredictionInstructionDataCodec(): Codec<EmptyInstructionData, EmptyInstructionData> {
  return dataCodec('settle_prediction', generated.getSettlePredictionInstructionDataCodec());
}

/** Accounts of `settle_prediction`. Anyone may send it: `user` receives, it does not sign. */
export interface SettlePredictionInput {
  /** The Prediction PDA of (`market`, `user`). */
  readonly prediction: Address;
  readonly market: Address;
  /** The market's pool. */
  readonly marketAuthority: Address;
  /** The predictor (`prediction.user`), who receives the payout or refund. */
  readonly user: Address;
}

/** `settle_prediction`: pays (or refunds) a prediction of a resolved market to its owner. */
export function getSettlePredictionInstruction(
  input: SettlePredictionInput,
  config: ProgramConfig = {},
): WagerInstruction {
  return build(generated.getSettlePredictionInstruction(input, config));
}

/** {@link getSettlePredictionInstruction} with the Prediction PDA and the market's pool derived. */
export async function getSettlePredictionInstructionAsync(
  input: Omit<SettlePredictionInput, 'prediction' | 'marketAuthority'>,
  config: ProgramConfig = {},
): Promise<WagerInstruction> {
  const derived = await derivePredictionAccounts(input.user, input.market, config);
  return getSettlePredictionInstruction({ ...input, ...derived }, config);
}
