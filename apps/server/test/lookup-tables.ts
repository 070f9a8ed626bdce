/**
 * Test support for address lookup tables on the local chain: reading the static accounts and lookups a
 * wire transaction was compiled with, and creating a table of the tester's own.
 *
 * @module
 */

import {
  createLookupTableInstruction,
  extendLookupTableInstruction,
} from '@arcade/localnet/lookup-table-instructions';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Base64EncodedWireTransaction,
  type GetLatestBlockhashApi,
  type GetSlotApi,
  type KeyPairSigner,
  type Rpc,
} from '@solana/kit';

/** The static accounts and address-table lookups of a base64 wire transaction's message. */
export function compiledOf(wire: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  return {
    staticAccounts: message.staticAccounts,
    lookups: 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [],
  };
}

/**
 * A lookup table of `owner`'s holding `addresses`, created and extended in one transaction (paid for by
 * `owner`) that `send` sends and waits for; returns the table's address.
 */
export async function ownTable(
  rpc: Rpc<GetSlotApi & GetLatestBlockhashApi>,
  send: (wire: Base64EncodedWireTransaction) => Promise<void>,
  owner: KeyPairSigner,
  addresses: readonly Address[],
): Promise<Address> {
  const recentSlot = await rpc.getSlot({ commitment: 'finalized' }).send();
  const { table, instruction } = await createLookupTableInstruction(owner, owner, recentSlot);
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(owner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [instruction, extendLookupTableInstruction(table, owner, owner, addresses)],
          m,
        ),
    ),
  );
  await send(getBase64EncodedWireTransaction(signed));
  return table;
}
