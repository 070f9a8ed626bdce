/**
 * Durable-nonce transactions: the one kind that may land with a blockhash older than 150 slots.
 *
 * @module
 */

import { bytesEqual, SYSTEM_PROGRAM_BYTES } from '../wire/program-ids.ts';
import type { AccountView } from './account-view.ts';
import { isWritable, type LoadedTransaction } from './loaded-transaction.ts';

/** Offsets in a nonce account: `Versions::Current(State::Initialized(Data { authority, durable_nonce, … }))`. */
const NONCE_VERSION_CURRENT = 1;
const NONCE_STATE_INITIALIZED = 1;
const NONCE_ACCOUNT_SIZE = 80;

/**
 * Whether the transaction's blockhash is the value stored in a nonce account that its first instruction
 * advances, with the nonce authority among its signers (Agave's `check_transaction_for_nonce`).
 */
export function isValidNonceTransaction(
  transaction: LoadedTransaction,
  account: (address: Uint8Array) => AccountView | null,
): boolean {
  const { message } = transaction.parsed;
  const first = message.instructions[0];
  if (!first || first.data.length < 4 || first.accounts.length < 1) return false;
  const program = message.staticKeys[first.programIdIndex];
  if (!program || !bytesEqual(program, SYSTEM_PROGRAM_BYTES)) return false;
  // SystemInstruction::AdvanceNonceAccount, a u32 tag of 4.
  if (first.data[0] !== 4 || first.data[1] !== 0 || first.data[2] !== 0 || first.data[3] !== 0) return false;
  const nonceIndex = first.accounts[0]!;
  if (!isWritable(transaction, nonceIndex)) return false;
  const nonce = account(transaction.accountKeys[nonceIndex]!);
  if (!nonce || !bytesEqual(nonce.owner, SYSTEM_PROGRAM_BYTES) || nonce.data.length < NONCE_ACCOUNT_SIZE) {
    return false;
  }
  if (nonce.data[0] !== NONCE_VERSION_CURRENT || nonce.data[4] !== NONCE_STATE_INITIALIZED) return false;
  if (!bytesEqual(nonce.data.subarray(40, 72), message.recentBlockhash)) return false;
  const authority = nonce.data.subarray(8, 40);
  const signers = message.header.numRequiredSignatures;
  return message.staticKeys.slice(0, signers).some((key) => bytesEqual(key, authority));
}
