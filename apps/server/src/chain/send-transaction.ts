/**
 * Sends instructions the server signs (market creation and resolution, settlements, cranks) and waits
 * for confirmation, through the SDK's transaction sender (`@arcade/sdk/sender`, docs/transaction-sender.md):
 * compute limit from a simulation, priority fee with floor and cap, no preflight, resend every 2 s,
 * fallback RPC. This module only adapts it to the server's {@link ChainTransactionError}.
 *
 * @module
 */

import { PRIORITY_FEE_LEVEL } from '@arcade/sdk/constants';
import { createTransactionSender, TransactionSendError, type TransactionSender } from '@arcade/sdk/sender';
import {
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND,
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

  constructor(
    message: string,
    programErrorCode: number | null,
    logs: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
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

/** Options of {@link sendAndConfirm}. */
export interface SendOptions {
  /**
   * Give up after this long (the whole send, blockhash to confirmation); default 60 s. The sender's own
   * confirmation timeout (120 s, docs/reference/constants.md#client-timing) still applies, so longer values act as 120 s.
   */
  readonly timeoutMs?: number;
}

/** The default of {@link SendOptions.timeoutMs}. */
export const DEFAULT_SEND_TIMEOUT_MS = 60_000;

/** How the sender of one RPC is set up; see {@link configureChainSender}. */
export interface ChainSenderConfig {
  /** Tried, per call, when the primary RPC throws (`app.chain.rpcFallbackUrl`). */
  readonly fallbackRpc?: Rpc<SolanaRpcApi> | null;
  /** Where resend failures, fallbacks and failed fee estimates are reported; default `console.warn`. */
  readonly log?: (message: string, error?: unknown) => void;
  /**
   * The priority fee estimate (µL/CU) of a base64 wire transaction, e.g. the market-data port's Helius
   * call when the primary RPC is not Helius. Default: the RPC's own `getPriorityFeeEstimate`.
   */
  readonly estimatePriorityFee?: (wireTransactionBase64: string) => Promise<bigint | null>;
}

/** The Helius-shaped method the local chain (and Helius) answer; not part of kit's Solana API. */
interface PriorityFeeApi {
  getPriorityFeeEstimate(request: {
    readonly transaction: string;
    readonly options: { readonly transactionEncoding: 'Base64'; readonly priorityLevel: string };
  }): { readonly priorityFeeEstimate?: bigint | number };
}

const configs = new WeakMap<Rpc<SolanaRpcApi>, ChainSenderConfig>();
const senders = new WeakMap<Rpc<SolanaRpcApi>, TransactionSender>();

/**
 * Sets up the sender of `rpc` (fallback RPC, log, fee estimate). Call it where the chain context is
 * built; a sender already created for `rpc` is replaced.
 *
 * @example configureChainSender(context.rpc, { fallbackRpc: createSolanaRpc(context.rpcFallbackUrl) })
 */
export function configureChainSender(rpc: Rpc<SolanaRpcApi>, config: ChainSenderConfig): void {
  configs.set(rpc, config);
  senders.delete(rpc);
}

/**
 * The priority fee estimate (`High`) from the RPC's own `getPriorityFeeEstimate`, which the local chain
 * and Helius answer. An RPC without the method answers null from then on (the sender's default fee),
 * instead of a failed call and a warning on every send.
 */
function priorityFeeEstimator(rpc: Rpc<SolanaRpcApi>) {
  const feeRpc = rpc as unknown as Rpc<PriorityFeeApi>;
  let supported = true;
  return async (transaction: string): Promise<bigint | null> => {
    if (!supported) return null;
    try {
      const { priorityFeeEstimate } = await feeRpc
        .getPriorityFeeEstimate({
          transaction,
          options: { transactionEncoding: 'Base64', priorityLevel: PRIORITY_FEE_LEVEL },
        })
        .send();
      if (typeof priorityFeeEstimate === 'bigint') return priorityFeeEstimate;
      // Helius answers fractional micro-lamports; round up so the estimate is met.
      if (typeof priorityFeeEstimate === 'number' && Number.isFinite(priorityFeeEstimate)) {
        return BigInt(Math.ceil(Math.max(0, priorityFeeEstimate)));
      }
      return null;
    } catch (error) {
      if (isSolanaError(error, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND)) {
        supported = false;
        return null;
      }
      throw error;
    }
  };
}

/** The sender of `rpc`, created on first use. */
function senderFor(rpc: Rpc<SolanaRpcApi>): TransactionSender {
  let sender = senders.get(rpc);
  if (sender === undefined) {
    const config = configs.get(rpc) ?? {};
    sender = createTransactionSender({
      rpc,
      fallbackRpc: config.fallbackRpc ?? null,
      estimatePriorityFee: config.estimatePriorityFee ?? priorityFeeEstimator(rpc),
      ...(config.log === undefined ? {} : { log: config.log }),
    });
    senders.set(rpc, sender);
  }
  return sender;
}

/**
 * Builds a v0 transaction paid by `feePayer`, prices it (simulated compute limit, priority fee), signs it
 * with every signer on the instructions' metas, sends it and waits until it is confirmed. A transaction
 * that fails in the simulation is not sent: it is refused with the program's custom code and its logs.
 *
 * @throws ChainTransactionError when the transaction fails (in simulation or on chain), is too large, the
 * RPC is down, or it is not confirmed within `timeoutMs`. Errors of a signer are rethrown as they are.
 */
export async function sendAndConfirm(
  rpc: Rpc<SolanaRpcApi>,
  feePayer: TransactionSigner,
  instructions: readonly Instruction[],
  options: SendOptions = {},
): Promise<Signature> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await senderFor(rpc).send({ instructions, feePayer, signal });
  } catch (error) {
    if (error instanceof TransactionSendError) {
      const where = error.signature === null ? '' : ` (${error.signature})`;
      throw new ChainTransactionError(`${error.message}${where}`, error.customCode, error.logs, {
        cause: error,
      });
    }
    if (signal.aborted) {
      throw new ChainTransactionError(`transaction was not confirmed within ${timeoutMs} ms`, null, [], {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Waits until `signature`, sent by someone else (an airdrop the RPC sent), is confirmed. The local chain
 * confirms within a few slots.
 *
 * @throws Error when the transaction failed or is not confirmed within `timeoutMs` (default 30 s).
 */
export async function waitForConfirmation(
  rpc: Rpc<SolanaRpcApi>,
  signature: Signature,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`transaction ${signature} failed`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`transaction ${signature} was not confirmed`);
}
