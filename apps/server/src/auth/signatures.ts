/**
 * Verifying what a wallet signed: a sign-in message (`signMessage` / `solana:signIn`), or, for Ledger
 * devices that cannot sign messages, a memo transaction carrying the message. The transaction is only
 * verified, never broadcast, and it must do nothing but carry the memo.
 *
 * @module
 */

import {
  address as toAddress,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  signatureBytes,
  verifySignature,
  type Address,
} from '@solana/kit';

/** The SPL Memo program, v2 and v1. */
export const MEMO_PROGRAM_ADDRESSES: readonly string[] = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
];
/** Wallets add compute-budget instructions on their own; they move nothing. */
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

/** Decodes a base58 (or, failing that, base64) 64-byte signature; `null` when it is neither. */
export function decodeSignature(text: string): Uint8Array | null {
  for (const decode of [
    (value: string) => getBase58Encoder().encode(value),
    (value: string) => getBase64Encoder().encode(value),
  ]) {
    try {
      const bytes = decode(text);
      if (bytes.length === 64) return Uint8Array.from(bytes);
    } catch {
      // try the next encoding
    }
  }
  return null;
}

/** Whether `signature` is `address`'s ed25519 signature of `message`. */
export async function verifyMessageSignature(
  address: Address,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  try {
    const key = await getPublicKeyFromAddress(address);
    return await verifySignature(key, signatureBytes(signature), message);
  } catch {
    return false;
  }
}

/**
 * The memo text of a transaction signed by `address` that carries only a memo (and compute-budget
 * instructions), or `null` when the transaction is malformed, not signed by `address` as fee payer, or does
 * anything else.
 *
 * @param wire the signed transaction, base64.
 */
export async function verifyMemoTransaction(address: Address, wire: string): Promise<string | null> {
  let transaction;
  let message;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch {
    return null;
  }
  const feePayer = message.staticAccounts[0];
  if (feePayer !== address) return null;
  const signature = transaction.signatures[address];
  if (!signature) return null;
  if (
    !(await verifyMessageSignature(
      address,
      Uint8Array.from(transaction.messageBytes),
      Uint8Array.from(signature),
    ))
  ) {
    return null;
  }
  // Ledger signs legacy and v0 messages; anything newer is refused rather than half-checked.
  if (message.version !== 'legacy' && message.version !== 0) return null;
  if ('addressTableLookups' in message && message.addressTableLookups.length > 0) return null;
  let memo: string | null = null;
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex];
    if (program === undefined) return null;
    if (program === toAddress(COMPUTE_BUDGET_PROGRAM)) continue;
    if (!MEMO_PROGRAM_ADDRESSES.includes(program) || memo !== null) return null;
    try {
      memo = new TextDecoder('utf-8', { fatal: true }).decode(
        Uint8Array.from(instruction.data ?? new Uint8Array()),
      );
    } catch {
      return null;
    }
  }
  return memo;
}
