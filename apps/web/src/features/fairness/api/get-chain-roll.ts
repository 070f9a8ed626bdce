/**
 * What the chain itself says about a bet, independent of the server: the odds its creating transaction
 * asked for (`create_bet_offchain`) and the roll its settle transaction used (`settle_bet_offchain`). Both
 * transactions are immutable, unlike the bet record, which the next bet overwrites.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import {
  getCreateBetOffchainInstructionDataCodec,
  getSettleBetOffchainInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { getBase58Encoder, signature as toSignature } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';

/** A transaction's top-level instructions with their program and account addresses resolved. */
interface ResolvedInstruction {
  readonly program: string;
  readonly accounts: readonly string[];
  readonly data: Uint8Array;
}

/** The shape of `getTransaction` with `encoding: 'json'` that this reads. */
interface JsonTransaction {
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
    readonly loadedAddresses?: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
  } | null;
}

const base58 = getBase58Encoder();

/** The top-level instructions of a landed, successful transaction; null when it is unknown or failed. */
async function instructionsOf(signature: string): Promise<ResolvedInstruction[] | null> {
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
  return message.instructions.map((instruction) => ({
    program: keys[instruction.programIdIndex] ?? '',
    accounts: instruction.accounts.map((index) => keys[index] ?? ''),
    data: new Uint8Array(base58.encode(instruction.data)),
  }));
}

/** The chain's own record of a bet. Null fields: the transaction is not (yet) on chain. */
export interface ChainRoll {
  /** The odds `create_bet_offchain` asked for. */
  readonly odds: number | null;
  /** The roll `settle_bet_offchain` used; null when there is no settle transaction. */
  readonly randomValue: number | null;
}

/** Reads the creating and (if any) settling transaction of the bet at `betAddress`. */
export async function getChainRoll(
  signature: string,
  betAddress: string,
  settleSignature: string | null,
): Promise<ChainRoll> {
  const wager = runtimeConfig().programs.wager;
  const find = (instructions: ResolvedInstruction[] | null, name: string, betIndex: number) =>
    instructions?.find(
      (ix) =>
        ix.program === wager &&
        identifyWagerInstruction(ix.data) === name &&
        ix.accounts[betIndex] === betAddress,
    );
  const [created, settled] = await Promise.all([
    instructionsOf(signature),
    settleSignature === null ? Promise.resolve(null) : instructionsOf(settleSignature),
  ]);
  const create = find(created, 'create_bet_offchain', 1);
  const settle = find(settled, 'settle_bet_offchain', 2);
  return {
    odds: create === undefined ? null : getCreateBetOffchainInstructionDataCodec().decode(create.data).odds,
    randomValue:
      settle === undefined
        ? null
        : getSettleBetOffchainInstructionDataCodec().decode(settle.data).randomValue,
  };
}

/** Query options of {@link getChainRoll}. Transactions never change, so a found answer stays fresh. */
export function chainRollQueryOptions(signature: string, betAddress: string, settleSignature: string | null) {
  return queryOptions({
    queryKey: ['fairness', 'chain', signature, betAddress, settleSignature] as const,
    queryFn: () => getChainRoll(signature, betAddress, settleSignature),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The chain's record of a bet, once the server named it. */
export function useChainRoll(
  input: { signature: string; betAddress: string; settleSignature: string | null } | null,
) {
  return useQuery({
    ...chainRollQueryOptions(input?.signature ?? '', input?.betAddress ?? '', input?.settleSignature ?? null),
    enabled: input !== null,
  });
}
