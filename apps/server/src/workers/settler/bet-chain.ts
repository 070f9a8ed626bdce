/**
 * What the settler reads from and sends to the chain for one bet: the transaction that closed it (if any),
 * and its settle and refund transactions.
 *
 * The bet record is one account per user, reused bet after bet, so its current state may belong to a newer
 * bet than the one a database row describes. The settler therefore never trusts the account alone: it
 * looks at the record's history after the row's creating transaction, where the first successful
 * `settle_bet_offchain` or `refund_bet` is what closed that bet (nothing else can touch an open bet).
 *
 * @module
 */

import {
  getSettleBetOffchainInstructionAsync,
  getSettleBetOffchainInstructionDataCodec,
  getRefundBetInstructionAsync,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import {
  address,
  getBase58Encoder,
  signature as toSignature,
  type Address,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';

import { sendAndConfirm } from '../../chain/send-transaction.ts';

/** The transaction that closed a bet. */
export type ClosingTransaction =
  | {
      readonly kind: 'settle';
      readonly signature: string;
      readonly randomValue: number;
      /** Lamports the referral received in it (0 without a referral, or when its share stayed as dust). */
      readonly referralFee: bigint;
    }
  | { readonly kind: 'refund'; readonly signature: string };

/** The bet fields these calls need. */
export interface ChainBet {
  readonly signature: string;
  readonly betAddress: string;
  readonly user: string;
  readonly referral: string | null;
}

const base58 = getBase58Encoder();

/**
 * The transaction that closed the bet created by `bet.signature`, or null while it is open on chain.
 */
export async function findClosingTransaction(
  rpc: Rpc<SolanaRpcApi>,
  bet: ChainBet,
): Promise<ClosingTransaction | null> {
  const history = await rpc
    .getSignaturesForAddress(address(bet.betAddress), {
      until: toSignature(bet.signature),
      commitment: 'confirmed',
      limit: 1_000,
    })
    .send();
  // Newest first: the oldest successful one after the creation is what closed it.
  for (const entry of [...history].reverse()) {
    if (entry.err !== null) continue;
    const closing = await readClosingTransaction(rpc, entry.signature, bet);
    if (closing !== null) return closing;
  }
  return null;
}

/** The settle or refund of `bet` in transaction `sig`, or null when it holds neither. */
export async function readClosingTransaction(
  rpc: Rpc<SolanaRpcApi>,
  sig: Signature,
  bet: ChainBet,
): Promise<ClosingTransaction | null> {
  const tx = await rpc
    .getTransaction(sig, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
    .send();
  if (tx === null || tx.meta === null || tx.meta.err !== null) return null;
  const keys: Address[] = [
    ...tx.transaction.message.accountKeys,
    ...tx.meta.loadedAddresses.writable,
    ...tx.meta.loadedAddresses.readonly,
  ];
  for (const instruction of tx.transaction.message.instructions) {
    if (keys[instruction.programIdIndex] !== WAGER_PROGRAM_ADDRESS) continue;
    // Both instructions take (settler, house, bet, …): the bet is the third account.
    const betIndex = instruction.accounts[2];
    if (betIndex === undefined || keys[betIndex] !== bet.betAddress) continue;
    const data = base58.encode(instruction.data);
    const name = identifyWagerInstruction(data);
    if (name === 'refund_bet') return { kind: 'refund', signature: sig };
    if (name === 'settle_bet_offchain') {
      const { randomValue } = getSettleBetOffchainInstructionDataCodec().decode(data);
      return {
        kind: 'settle',
        signature: sig,
        randomValue,
        referralFee: referralFee(keys, tx.meta, bet.referral),
      };
    }
  }
  return null;
}

function referralFee(
  keys: readonly Address[],
  meta: { readonly preBalances: readonly bigint[]; readonly postBalances: readonly bigint[] },
  referral: string | null,
): bigint {
  if (referral === null) return 0n;
  const index = keys.indexOf(address(referral));
  if (index < 0) return 0n;
  const gain = (meta.postBalances[index] ?? 0n) - (meta.preBalances[index] ?? 0n);
  return gain > 0n ? gain : 0n;
}

/** Sends `settle_bet_offchain` with `randomValue`, signed and paid by the settler; the signature once confirmed. */
export async function sendSettle(
  rpc: Rpc<SolanaRpcApi>,
  settler: KeyPairSigner,
  bet: ChainBet,
  randomValue: number,
): Promise<Signature> {
  const instruction = await getSettleBetOffchainInstructionAsync({
    settler,
    bet: address(bet.betAddress),
    referrer: bet.referral === null ? null : address(bet.referral),
    randomValue,
  });
  return sendAndConfirm(rpc, settler, [instruction]);
}

/** Sends `refund_bet`, signed and paid by the settler; the signature once confirmed. */
export async function sendRefund(
  rpc: Rpc<SolanaRpcApi>,
  settler: KeyPairSigner,
  bet: ChainBet,
): Promise<Signature> {
  const instruction = await getRefundBetInstructionAsync({
    settler,
    bet: address(bet.betAddress),
    user: address(bet.user),
  });
  return sendAndConfirm(rpc, settler, [instruction]);
}
