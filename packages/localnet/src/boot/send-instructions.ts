/**
 * Sends instructions to a {@link LocalChain} as one real signed transaction, the way a client would: a v0
 * message with the chain's latest blockhash, signed by the kit signers riding on the instructions' metas,
 * then parsed, loaded and processed with signature checks.
 *
 * @module
 */

import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';

import type { LocalChain } from '../chain/local-chain.ts';
import type { TransactionRecord } from '../chain/transaction-index.ts';
import { parseTransaction } from '../wire/wire-transaction.ts';

/** A boot transaction that did not land, or landed with an error. */
export class BootTransactionError extends Error {
  override readonly name = 'BootTransactionError';
  /** The program logs, when the transaction landed and failed. */
  readonly logs: readonly string[];

  constructor(message: string, logs: readonly string[] = []) {
    super(logs.length > 0 ? `${message}\n${logs.join('\n')}` : message);
    this.logs = logs;
  }
}

/**
 * Signs `instructions` with `feePayer` (and every signer attached to their metas), sends them and returns
 * the landed record.
 *
 * @throws BootTransactionError when the transaction is dropped or fails.
 */
export async function sendInstructions(
  chain: LocalChain,
  feePayer: TransactionSigner,
  instructions: readonly Instruction[],
  what: string,
): Promise<TransactionRecord> {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const wire = Uint8Array.from(getTransactionEncoder().encode(signed));
  const outcome = chain.send(chain.load(parseTransaction(wire)), { verifySignatures: true });
  if (!outcome.landed) {
    throw new BootTransactionError(`${what}: the transaction was dropped (${JSON.stringify(outcome.err)})`);
  }
  if (outcome.record.err !== null) {
    throw new BootTransactionError(
      `${what}: the transaction failed (${JSON.stringify(outcome.record.err)})`,
      outcome.record.logs,
    );
  }
  return outcome.record;
}
