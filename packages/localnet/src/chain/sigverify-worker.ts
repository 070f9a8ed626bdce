/**
 * The sigverify stage's worker thread: checks transaction signatures with LiteSVM's own verifier, on a
 * LiteSVM instance that holds no chain state.
 *
 * LiteSVM verifies signatures right after sanitizing a transaction and before it loads any account, so a
 * simulation here answers "are the signatures valid?": `SignatureFailure` means no; an error that only
 * arises later (the fee payer, which this empty SVM never has, is missing) means yes; anything raised
 * before verification (a sanitize or lookup error) leaves the question open, and the chain verifies that
 * transaction itself.
 *
 * @module
 */

import { parentPort } from 'node:worker_threads';

import { LiteSVM } from 'litesvm';
import { Account, FailedTransactionMetadata } from 'litesvm/dist/internal.js';

import { svmBinding } from './svm-binding.ts';
import type { SigverifyRequest, SigverifyResponse, Verdict } from './sigverify-stage.ts';

/** `TransactionErrorFieldless` indexes (see ../wire/transaction-error.ts). */
const SIGNATURE_FAILURE = 11;
/** Errors LiteSVM can only reach after it verified the signatures. */
const AFTER_VERIFICATION = new Set([
  2, // AccountNotFound: the fee payer
  3, // ProgramAccountNotFound
  4, // InsufficientFundsForFee
  5, // InvalidAccountForFee
  12, // InvalidProgramForExecution
]);

const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n).withSigverify(true);
const binding = svmBinding(svm);

function verdictOf(result: ReturnType<typeof binding.simulateLegacyTransaction>): Verdict {
  if (!(result instanceof FailedTransactionMetadata)) return 'valid';
  const error = result.err();
  if (typeof error !== 'number') return 'valid'; // instruction errors come after verification
  const code: number = error;
  if (code === SIGNATURE_FAILURE) return 'invalid';
  return AFTER_VERIFICATION.has(code) ? 'valid' : 'unknown';
}

parentPort?.on('message', (request: SigverifyRequest) => {
  const verdicts = request.items.map((item): Verdict => {
    try {
      for (const table of item.tables) {
        binding.setAccount(table.address, new Account(table.lamports, table.data, table.owner, false, 0n));
      }
      return verdictOf(
        item.legacy
          ? binding.simulateLegacyTransaction(item.bytes)
          : binding.simulateVersionedTransaction(item.bytes),
      );
    } catch {
      return 'unknown';
    }
  });
  const response: SigverifyResponse = { id: request.id, verdicts };
  parentPort?.postMessage(response);
});
