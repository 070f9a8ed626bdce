/**
 * Sends instructions the server signs (market creation and resolution, settlements, cranks) and waits
 * for confirmation.
 *
 * @module
 */

import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  pipe,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionSigner,
} from '@solana/kit';

/** A transaction the chain refused or that failed on chain. */
export class ChainTransactionError extends Error {
  override readonly name = 'ChainTransactionError';
  /** The custom program error code, when an instruction failed with one. */
  readonly programErrorCode: number | null;
  readonly logs: readonly string[];

  constructor(message: string, programErrorCode: number | null, logs: readonly string[] = []) {
    super(message);
    this.programErrorCode = programErrorCode;
    this.logs = logs;
  }
}

/** The custom error code inside a transaction error (`{ InstructionError: [i, { Custom: n }] }`). */
export function customErrorCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('InstructionError' in error)) return null;
  const detail = (error as { InstructionError: [number, unknown] }).InstructionError[1];
  if (typeof detail === 'object' && detail !== null && 'Custom' in detail) {
    return Number((detail as { Custom: number | bigint }).Custom);
  }
  return null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Options of {@link sendAndConfirm}. */
export interface SendOptions {
  /** Give up after this long; default 60 s. */
  readonly timeoutMs?: number;
}

/**
 * Builds a v0 transaction paid by `feePayer`, signs it with every signer on the instructions' metas,
 * sends it (with preflight, so a failing instruction is refused with its logs) and waits until it is
 * confirmed.
 *
 * @throws ChainTransactionError when the transaction fails or is not confirmed before its blockhash expires.
 */
export async function sendAndConfirm(
  rpc: Rpc<SolanaRpcApi>,
  feePayer: TransactionSigner,
  instructions: readonly Instruction[],
  options: SendOptions = {},
): Promise<Signature> {
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  const signature = getSignatureFromTransaction(transaction);
  const wire = getBase64EncodedWireTransaction(transaction);
  try {
    await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
  } catch (error) {
    if (isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) {
      const cause = error.cause;
      const code = isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM) ? cause.context.code : null;
      throw new ChainTransactionError(
        `transaction refused: ${error.message}`,
        code,
        error.context.logs ?? [],
      );
    }
    throw error;
  }
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status) {
      if (status.err) {
        throw new ChainTransactionError(`transaction ${signature} failed`, customErrorCode(status.err));
      }
      if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') {
        return signature;
      }
    } else {
      const height = await rpc.getBlockHeight({ commitment: 'confirmed' }).send();
      if (height > blockhash.lastValidBlockHeight) break;
    }
    await sleep(250);
  }
  throw new ChainTransactionError(`transaction ${signature} was not confirmed`, null);
}
