/**
 * What the chain itself says about a bet, independent of the server, from its two immutable transactions
 * (the bet record is reused by the next bet):
 *
 * - the creating one: `create_bet` (odds, the player's seed, and the slot it landed in, whose hash is part
 *   of the roll), or the spec's `create_bet_offchain` (odds only: the settler chooses that roll);
 * - the settling one: `reveal_bet`, whose argument is the revealed seed and whose log line
 *   (`Reveal sequence=<n> roll=<r> slot=<s> slot_hash=<hex>`, read with the SDK's `parseRevealLogs`) is the
 *   roll the program computed and what it computed it from; or, for an off-chain bet, `settle_bet_offchain`
 *   and the roll the settler passed.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { bytesToHex, parseRevealLogs } from '@arcade/sdk/wager/fairness';
import {
  getCreateBetInstructionDataCodec,
  getCreateBetOffchainInstructionDataCodec,
  getRevealBetInstructionDataCodec,
  getSettleBetOffchainInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { address as toAddress, getBase58Encoder, signature as toSignature } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';

/** A transaction's top-level instructions with their program and account addresses resolved. */
interface ResolvedInstruction {
  readonly program: string;
  readonly accounts: readonly string[];
  readonly data: Uint8Array;
}

/** A landed, successful transaction as this reads it. */
interface LandedTransaction {
  readonly slot: number;
  readonly instructions: readonly ResolvedInstruction[];
  readonly logs: readonly string[];
}

/** The shape of `getTransaction` with `encoding: 'json'` that this reads. */
interface JsonTransaction {
  /** kit's RPC answers integers as bigint. */
  readonly slot: bigint | number;
  readonly transaction: {
    readonly message: {
      readonly accountKeys: readonly string[];
      readonly instructions: readonly {
        readonly programIdIndex: number;
        readonly accounts: readonly number[];
        readonly data: string;
      }[];
    };
  };
  readonly meta: {
    readonly err: unknown;
    readonly logMessages?: readonly string[] | null;
    readonly loadedAddresses?: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
  } | null;
}

const base58 = getBase58Encoder();

/** Positions of the bet record among each instruction's accounts (the SDK builders' order). */
const BET_ACCOUNT_INDEX = {
  create_bet: 1,
  create_bet_offchain: 1,
  reveal_bet: 1,
  settle_bet_offchain: 2,
} as const;

/** A landed, successful transaction; null when it is unknown or failed. */
async function landed(signature: string): Promise<LandedTransaction | null> {
  const response = (await getRpc()
    .getTransaction(toSignature(signature), {
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
      commitment: RPC_COMMITMENT,
    })
    .send()) as unknown as JsonTransaction | null;
  if (response === null || response.meta === null || response.meta.err !== null) return null;
  const { message } = response.transaction;
  const keys = [
    ...message.accountKeys,
    ...(response.meta.loadedAddresses?.writable ?? []),
    ...(response.meta.loadedAddresses?.readonly ?? []),
  ];
  return {
    slot: Number(response.slot),
    logs: response.meta.logMessages ?? [],
    instructions: message.instructions.map((instruction) => ({
      program: keys[instruction.programIdIndex] ?? '',
      accounts: instruction.accounts.map((index) => keys[index] ?? ''),
      data: new Uint8Array(base58.encode(instruction.data)),
    })),
  };
}

function nameOf(data: Uint8Array): string | null {
  try {
    return identifyWagerInstruction(data);
  } catch {
    return null;
  }
}

/**
 * What the reveal transaction says about the bet. Sequences and slots are numbers, as the server's JSON
 * gives them (both stay far below 2^53), so the answer can key a query.
 */
export type ChainReveal =
  | {
      readonly outcome: 'settled';
      readonly sequence: number;
      /** The roll the program computed. */
      readonly roll: number;
      /** The slot whose hash it used, and that hash (lowercase hex), as it logged them. */
      readonly slot: number;
      readonly slotHash: string;
      /** `reveal_bet`'s argument (lowercase hex). */
      readonly seed: string;
      /**
       * The bet had been refunded before this reveal, and its refund captured the slot hash the roll used
       * (the line ends ` refunded=earlier`): a win was paid the rest of the prize, a loss nothing more.
       */
      readonly afterRefund: boolean;
    }
  | {
      readonly outcome: 'refunded';
      readonly sequence: number;
      readonly seed: string;
      /**
       * `earlier`: refunded before this reveal, too late to capture its slot hash; `expired`: still open, but
       * its slot had left SlotHashes, so this reveal refunded it.
       */
      readonly reason: 'earlier' | 'expired';
    };

/** The chain's own record of a bet. Null fields: the transaction (or that part of it) is not on chain. */
export interface ChainRoll {
  /** How the bet was made: `create_bet` (the program's roll) or `create_bet_offchain` (the settler's). */
  readonly kind: 'create_bet' | 'create_bet_offchain' | null;
  /** The odds the creating transaction asked for. */
  readonly odds: number | null;
  /** The prize the creating transaction asked for, lamports as decimal text (a query key holds no bigint). */
  readonly listingPrice: string | null;
  /** `create_bet`'s player seed (lowercase hex). */
  readonly playerSeed: string | null;
  /** The slot the creating transaction landed in. */
  readonly slot: number | null;
  /** What `reveal_bet` logged for this bet. */
  readonly reveal: ChainReveal | null;
  /** The roll `settle_bet_offchain` passed (an off-chain bet). */
  readonly offChainRoll: number | null;
}

/**
 * Reads the creating and (if any) settling transaction of the bet at `betAddress`. `sequence` (the
 * server's) picks the bet's line when one reveal transaction revealed several bets; without it the line
 * of the bet's own `reveal_bet` instruction is taken by its order.
 */
export async function getChainRoll(
  signature: string,
  betAddress: string,
  settleSignature: string | null,
  sequence: number | null = null,
): Promise<ChainRoll> {
  const wager = runtimeConfig().programs.wager;
  const [created, settled] = await Promise.all([
    landed(signature),
    settleSignature === null ? Promise.resolve(null) : landed(settleSignature),
  ]);
  const ofBet = (ix: ResolvedInstruction, name: keyof typeof BET_ACCOUNT_INDEX) =>
    ix.program === wager && nameOf(ix.data) === name && ix.accounts[BET_ACCOUNT_INDEX[name]] === betAddress;

  const create = created?.instructions.find((ix) => ofBet(ix, 'create_bet'));
  const createOffchain = created?.instructions.find((ix) => ofBet(ix, 'create_bet_offchain'));
  const createData = create === undefined ? null : getCreateBetInstructionDataCodec().decode(create.data);
  const offchainData =
    createOffchain === undefined
      ? null
      : getCreateBetOffchainInstructionDataCodec().decode(createOffchain.data);

  let reveal: ChainReveal | null = null;
  let offChainRoll: number | null = null;
  if (settled !== null) {
    const reveals = settled.instructions.filter(
      (ix) => ix.program === wager && nameOf(ix.data) === 'reveal_bet',
    );
    const ours = reveals.findIndex((ix) => ix.accounts[BET_ACCOUNT_INDEX.reveal_bet] === betAddress);
    if (ours !== -1) {
      const lines = parseRevealLogs(settled.logs, { programAddress: toAddress(wager) });
      // Each reveal_bet logs one line, in instruction order.
      const line =
        (sequence === null ? undefined : lines.find((l) => l.sequence === BigInt(sequence))) ?? lines[ours];
      const seed = bytesToHex(getRevealBetInstructionDataCodec().decode(reveals[ours]!.data).seed);
      if (line?.kind === 'settled') {
        reveal = {
          outcome: 'settled',
          sequence: Number(line.sequence),
          roll: line.roll,
          slot: Number(line.slot),
          slotHash: bytesToHex(line.slotHash),
          seed,
          afterRefund: line.afterRefund,
        };
      } else if (line?.kind === 'refunded') {
        reveal = { outcome: 'refunded', sequence: Number(line.sequence), seed, reason: line.reason };
      }
    }
    const settle = settled.instructions.find((ix) => ofBet(ix, 'settle_bet_offchain'));
    if (settle !== undefined) {
      offChainRoll = getSettleBetOffchainInstructionDataCodec().decode(settle.data).randomValue;
    }
  }

  return {
    kind: createData !== null ? 'create_bet' : offchainData !== null ? 'create_bet_offchain' : null,
    odds: createData?.odds ?? offchainData?.odds ?? null,
    listingPrice: (createData?.listingPrice ?? offchainData?.listingPrice ?? null)?.toString() ?? null,
    playerSeed: createData === null ? null : bytesToHex(createData.playerSeed),
    slot: created === null || (createData === null && offchainData === null) ? null : created.slot,
    reveal,
    offChainRoll,
  };
}

/** Query options of {@link getChainRoll}. Transactions never change, so a found answer stays fresh. */
export function chainRollQueryOptions(
  signature: string,
  betAddress: string,
  settleSignature: string | null,
  sequence: number | null,
) {
  return queryOptions({
    queryKey: ['fairness', 'chain', signature, betAddress, settleSignature, sequence] as const,
    queryFn: () => getChainRoll(signature, betAddress, settleSignature, sequence),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The chain's record of a bet, once the server named it. */
export function useChainRoll(
  input: {
    signature: string;
    betAddress: string;
    settleSignature: string | null;
    sequence: number | null;
  } | null,
) {
  return useQuery({
    ...chainRollQueryOptions(
      input?.signature ?? '',
      input?.betAddress ?? '',
      input?.settleSignature ?? null,
      input?.sequence ?? null,
    ),
    enabled: input !== null,
  });
}
