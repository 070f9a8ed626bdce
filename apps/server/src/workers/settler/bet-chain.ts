/**
 * What the settler reads from and sends to the chain: the House, bet records, the reveal transactions
 * (batched as many as fit one transaction), seed-chain commits and resets, keeper refunds, and the
 * authority's pause for a lost-seed recovery. Every send goes through the server's sender
 * (`chain/send-transaction.ts`): simulated first, so a reveal the program would refuse is not sent.
 *
 * @module
 */

import {
  COMPUTE_UNIT_CAP,
  MAX_TRANSACTION_SIZE,
  PRIORITY_FEE_FLOOR_MICRO_LAMPORTS,
} from '@arcade/sdk/constants';
import { decodeBet, decodeHouse, type BetAccount, type HouseAccount } from '@arcade/sdk/wager/accounts';
import { hexToBytes } from '@arcade/sdk/wager/fairness';
import {
  getCommitSeedChainInstructionAsync,
  getRefundBetInstructionAsync,
  getResetSeedChainInstructionAsync,
  getRevealBetInstructionAsync,
  getUpdateHouseInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64Encoder,
  getTransactionSize,
  isSolanaError,
  pipe,
  SOLANA_ERROR__TRANSACTION__TOO_MANY_ACCOUNT_ADDRESSES,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';

import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { JsonTransaction } from '../indexer/decode-transaction.ts';

type ChainRpc = Rpc<SolanaRpcApi>;

/** The decoded House and its lamports. */
export async function readHouse(rpc: ChainRpc): Promise<HouseAccount> {
  const [house] = await findHouseAddress();
  const { value } = await rpc.getAccountInfo(house, { encoding: 'base64', commitment: 'confirmed' }).send();
  if (value === null) throw new Error(`The House account ${house} does not exist`);
  return decodeHouse(getBase64Encoder().encode(value.data[0]));
}

/** A bet record as it is now; null when there is none. */
export async function readBet(rpc: ChainRpc, bet: string): Promise<BetAccount | null> {
  const { value } = await rpc
    .getAccountInfo(address(bet), { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return value === null ? null : decodeBet(getBase64Encoder().encode(value.data[0]));
}

/** The newest ended slot (`confirmed`): SlotHashes lists it, so a bet of that slot or older can be revealed. */
export async function confirmedSlot(rpc: ChainRpc): Promise<bigint> {
  return rpc.getSlot({ commitment: 'confirmed' }).send();
}

/** The bet fields a reveal needs. */
export interface RevealTarget {
  readonly user: string;
  readonly referral: string | null;
}

/** `reveal_bet` of the bet of `bet.user` with `seed` (hex), the referral vault derived from its referral. */
export async function revealInstruction(bet: RevealTarget, seed: string): Promise<Instruction> {
  return getRevealBetInstructionAsync({
    user: address(bet.user),
    referral: bet.referral === null ? null : address(bet.referral),
    seed: hexToBytes(seed),
  });
}

// A blockhash only sizes the probe: its bytes are as long as any.
const PROBE_BLOCKHASH = '11111111111111111111111111111111' as Blockhash;

/**
 * The wire size of `instructions` paid by `feePayer`, with the compute-budget instructions the sender adds:
 * exactly the size the sender checks against {@link MAX_TRANSACTION_SIZE}.
 */
export function transactionSize(feePayer: KeyPairSigner, instructions: readonly Instruction[]): number {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: PROBE_BLOCKHASH, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => setTransactionMessageComputeUnitLimit(COMPUTE_UNIT_CAP, m),
    (m) => setTransactionMessageComputeUnitPrice(PRIORITY_FEE_FLOOR_MICRO_LAMPORTS, m),
  );
  try {
    return getTransactionSize(compileTransaction(message));
  } catch (error) {
    // More accounts than a transaction may name (64): it fits no transaction, whatever its bytes.
    if (isSolanaError(error, SOLANA_ERROR__TRANSACTION__TOO_MANY_ACCOUNT_ADDRESSES)) return Infinity;
    throw error;
  }
}

/**
 * How many of `instructions`, from the first, fit one transaction (at most `most`). Reveals must go in
 * order, so it is always a prefix.
 */
export function fittingPrefix(
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
  most = instructions.length,
): number {
  let count = Math.min(most, instructions.length);
  while (count > 1 && transactionSize(feePayer, instructions.slice(0, count)) > MAX_TRANSACTION_SIZE)
    count -= 1;
  return count;
}

/** Sends `instructions` signed and paid by `signer`; the signature once confirmed. */
export async function send(
  rpc: ChainRpc,
  signer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<Signature> {
  return sendAndConfirm(rpc, signer, instructions);
}

/** `commit_seed_chain(head, length)` by the settler. */
export async function sendCommit(
  rpc: ChainRpc,
  settler: KeyPairSigner,
  head: string,
  length: number,
): Promise<Signature> {
  return send(rpc, settler, [
    await getCommitSeedChainInstructionAsync({ settler, head: hexToBytes(head), length: BigInt(length) }),
  ]);
}

/** `reset_seed_chain(head, length)` by the settler. */
export async function sendReset(
  rpc: ChainRpc,
  settler: KeyPairSigner,
  head: string,
  length: number,
): Promise<Signature> {
  return send(rpc, settler, [
    await getResetSeedChainInstructionAsync({ settler, head: hexToBytes(head), length: BigInt(length) }),
  ]);
}

/** `refund_bet` of the bet of `user`, sent (and paid) by `caller`: anyone may, after the bet's deadline. */
export async function sendRefund(
  rpc: ChainRpc,
  caller: KeyPairSigner,
  bet: { readonly betAddress: string; readonly user: string },
): Promise<Signature> {
  return send(rpc, caller, [
    await getRefundBetInstructionAsync({ caller, bet: address(bet.betAddress), user: address(bet.user) }),
  ]);
}

/**
 * `update_house` by the authority setting `paused`, every other field kept as the House has it (the
 * instruction writes them all).
 */
export async function sendPause(
  rpc: ChainRpc,
  authority: KeyPairSigner,
  house: HouseAccount,
  paused: boolean,
): Promise<Signature> {
  return send(rpc, authority, [
    await getUpdateHouseInstructionAsync({
      authority,
      settler: house.settler,
      treasury: house.treasury,
      paused,
      offchainBets: house.offchainBets,
    }),
  ]);
}

/** A confirmed transaction in the indexer's shape; null while the RPC does not have it. */
export async function readTransaction(rpc: ChainRpc, sig: string): Promise<JsonTransaction | null> {
  return rpc
    .getTransaction(toSignature(sig), {
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    })
    .send();
}

/**
 * The successful transactions on a bet record after its creating transaction, oldest first: where the
 * reveal of the bet created by `creation` is (nothing but its reveal or a refund can touch an open bet,
 * and the record takes no new bet before the reveal).
 */
export async function transactionsAfter(rpc: ChainRpc, bet: string, creation: string): Promise<string[]> {
  const history = await rpc
    .getSignaturesForAddress(address(bet), {
      until: toSignature(creation),
      commitment: 'confirmed',
      limit: 1_000,
    })
    .send();
  return history
    .filter((entry) => entry.err === null)
    .map((entry) => entry.signature)
    .reverse();
}
