/**
 * The transaction sender (docs/transaction-sender.md): builds, sizes, prices, signs, sends and
 * confirms transactions the way the product needs, in browsers and in Node.
 *
 * `send`: build (v0 with optional lookup tables, or legacy after a 500 ms delay) → size check (before any
 * wallet prompt) → simulate for the compute-unit limit (×1.1, min 10,000, cap 1,400,000) → priority price
 * (estimate clamped to floor and fee cap) → sign with the kit signers in the message → send without
 * preflight, resend every 2 s, poll statuses (400 ms, then 1 s, then 2 s) → resolve at `confirmed` or fail
 * with a {@link TransactionSendError}. Once signed, only an explicit refusal of the transaction by the RPC
 * fails at once: after any other send error it may still land, so the sender keeps watching it. Why each
 * rule: `docs/transaction-sender.md`.
 *
 * @example
 * ```ts
 * const sender = createTransactionSender({ rpc, fallbackRpc, estimatePriorityFee });
 * try {
 *   const signature = await sender.send({ instructions, feePayer: walletSigner });
 * } catch (e) {
 *   if (e instanceof TransactionSendError) toast.error(e.message); // spec text, e.g. '… 6011 (BetTooLow)'
 * }
 * ```
 *
 * @module
 */

import {
  appendTransactionMessageInstructions,
  assertIsFullySignedTransaction,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionSize,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type AddressesByLookupTableAddress,
  type Blockhash,
  type Instruction,
  type PendingRpcRequest,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';

import {
  COMPUTE_UNIT_CAP,
  CONFIRMATION_TIMEOUT_MS,
  LEGACY_TX_BUILD_DELAY_MS,
  MAX_TRANSACTION_SIZE,
  PRIORITY_FEE_FLOOR_MICRO_LAMPORTS,
  RESEND_INTERVAL_MS,
  RPC_COMMITMENT,
} from '../constants.ts';
import { ERROR_MESSAGES } from '../messages.ts';
import { computeUnitLimitFromSimulation, computeUnitPrice } from './fee-math.ts';
import {
  programErrorName as sdkProgramErrorName,
  type ProgramErrorNameLookup,
} from './program-error-name.ts';
import {
  EXPIRED_MESSAGE,
  isTransactionRefusal,
  refusalLogs,
  TIMEOUT_MESSAGE,
  tooLargeMessage,
  toSendError,
  TransactionSendError,
} from './send-error.ts';

export { isTransactionRefusal, TransactionSendError, type TransactionSendErrorReason } from './send-error.ts';
export { createProgramErrorName, programErrorName } from './program-error-name.ts';

/** Time as the sender sees it; tests pass a fake one. */
export interface SenderClock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What a sender talks to. */
export interface TransactionSenderConfig {
  /** Primary RPC (@solana/kit 8). */
  readonly rpc: Rpc<SolanaRpcApi>;
  /** Used, per call, when a primary call throws (network/5xx). */
  readonly fallbackRpc?: Rpc<SolanaRpcApi> | null;
  /** Default: real time. */
  readonly clock?: SenderClock;
  /**
   * Priority fee estimate in micro-lamports per CU for a base64 wire tx (e.g. Helius
   * `getPriorityFeeEstimate` priorityLevel High via the RPC, or the server's /api/priority-fee);
   * null/throw → default fee.
   */
  readonly estimatePriorityFee?: (wireTransactionBase64: string) => Promise<bigint | null>;
  /** Program error names by program address and custom code. Default: {@link sdkProgramErrorName}. */
  readonly programErrorName?: (programAddress: string, code: number) => string | null;
  /**
   * Send failures that do not refuse the transaction, resend failures, fallbacks and failed estimates are
   * only logged. Default: `console.warn`.
   */
  readonly log?: (message: string, error?: unknown) => void;
}

/** Input of {@link TransactionSender.send}. */
export interface SendInput {
  readonly instructions: readonly Instruction[];
  /** Pays and signs; a wallet's `TransactionModifyingSigner` or a `TransactionPartialSigner`. */
  readonly feePayer: TransactionSigner;
  /** Default 0. */
  readonly version?: 0 | 'legacy';
  /** Only for version 0. */
  readonly addressLookupTables?: AddressesByLookupTableAddress;
  readonly signal?: AbortSignal;
  /**
   * A co-signer whose key is not in the message's signers (e.g. the local marketplace or swap desk that
   * holds a prize): it receives the transaction once the fee payer has signed and returns it with its own
   * signature. The message must come back byte for byte; it is then sent like any other.
   */
  readonly cosign?: (transaction: Transaction) => Promise<Transaction>;
}

/** Options of {@link TransactionSender.sendSigned}. */
export interface SendSignedOptions {
  readonly signal?: AbortSignal;
  /** The last block height at which the transaction's blockhash is valid; enables the 'expired' failure. */
  readonly lastValidBlockHeight?: bigint;
}

/** Sends and confirms transactions; every failure is a {@link TransactionSendError}. */
export interface TransactionSender {
  /**
   * Build → compute limit (simulate ×1.1, cap 1,400,000, min 10,000; fallbacks 200,000 default / 1,400,000
   * when simulation fails) → priority price (floor/cap from constants) → sign with the feePayer's kit signer
   * (TransactionModifyingSigner or TransactionPartialSigner) → refuse if > 1232 bytes → send without
   * preflight → resend every 2 s → confirm (confirmed), or fail when the blockhash expires or after 120 s.
   * version 0 (default, optional lookup tables) or 'legacy' (built after the spec's 500 ms delay).
   *
   * A failed first send fails at once (reason 'rejected') only when the RPC refused the transaction itself
   * ({@link isTransactionRefusal}); any other send error is logged and the transaction watched as usual,
   * since it may have reached the chain.
   *
   * A `SetComputeUnitLimit`/`SetComputeUnitPrice` among `instructions` is replaced by the sender's own.
   * Errors of the signer (e.g. the user rejecting in the wallet) are rethrown as they are.
   */
  send(input: SendInput): Promise<Signature>;
  /**
   * Sends an already signed transaction (e.g. a server-built tx the wallet has signed): no preflight, resend
   * every 2 s until confirmed or 120 s, or until its blockhash expires when lastValidBlockHeight is given.
   * Send errors are handled as in {@link TransactionSender.send}.
   */
  sendSigned(transaction: Transaction, options?: SendSignedOptions): Promise<Signature>;
}

/**
 * How long after the first send the status is polled every slot (400 ms): most transactions land within a
 * few slots, and noticing it a slot later rather than at the next resend is what the user feels.
 */
export const FAST_STATUS_POLL_WINDOW_MS = 2_000;

/** Until this long after the first send the status is polled every second; later, with each 2 s resend. */
export const STEADY_STATUS_POLL_WINDOW_MS = 10_000;

/**
 * How often the block height is compared with the blockhash's `lastValidBlockHeight` (first at the first
 * resend). A blockhash lives for about a minute, so noticing its expiry within 10 s is enough, and it keeps
 * a pending send well under 100 RPC requests a minute.
 */
export const EXPIRY_CHECK_INTERVAL_MS = 10_000;

/**
 * The wait before the next status poll, by the time since the first send: 400 ms (one slot) for the first
 * 2 s, 1 s until 10 s, then 2 s (with the resends). Not spec numbers: fast while a confirmation is likely,
 * cheap once the transaction is slow. A send that never confirms costs 74 requests in its first minute
 * and 66 in the next (polls, resends, expiry checks).
 */
export function statusPollIntervalMs(sinceFirstSendMs: number): number {
  if (sinceFirstSendMs < FAST_STATUS_POLL_WINDOW_MS) return 400;
  if (sinceFirstSendMs < STEADY_STATUS_POLL_WINDOW_MS) return 1_000;
  return RESEND_INTERVAL_MS;
}

/** Real time, for browsers and Node alike. */
export const realClock: SenderClock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason as Error);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
});

const SEND_CONFIG = Object.freeze({ encoding: 'base64', skipPreflight: true, maxRetries: 0n } as const);

/** Creates a sender over a primary (and optional fallback) RPC. */
export function createTransactionSender(config: TransactionSenderConfig): TransactionSender {
  const clock = config.clock ?? realClock;
  const log =
    config.log ??
    ((message: string, error?: unknown) => {
      console.warn(message, error);
    });
  const errorName: ProgramErrorNameLookup = config.programErrorName ?? sdkProgramErrorName;

  /** One RPC call: the primary, then (when it throws) the fallback. Aborts are never retried. */
  async function call<T>(
    what: string,
    request: (rpc: Rpc<SolanaRpcApi>) => PendingRpcRequest<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const options = signal === undefined ? undefined : { abortSignal: signal };
    try {
      return await request(config.rpc).send(options);
    } catch (primaryError) {
      signal?.throwIfAborted();
      const fallback = config.fallbackRpc;
      if (fallback == null) throw primaryError;
      log(`${what} failed on the primary RPC; trying the fallback`, primaryError);
      return await request(fallback).send(options);
    }
  }

  /** Like {@link call}, but a failure on every endpoint is the spec's 'Unknown RPC error'. */
  async function callOrFail<T>(
    what: string,
    request: (rpc: Rpc<SolanaRpcApi>) => PendingRpcRequest<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    try {
      return await call(what, request, signal);
    } catch (error) {
      signal?.throwIfAborted();
      throw new TransactionSendError(ERROR_MESSAGES.unknownRpcError, { reason: 'rpc', cause: error });
    }
  }

  function assertSize(transaction: Transaction, signature: Signature | null): void {
    const size = getTransactionSize(transaction);
    if (size > MAX_TRANSACTION_SIZE) {
      throw new TransactionSendError(tooLargeMessage(size), { reason: 'too-large', signature });
    }
  }

  /** The compute-unit limit from a simulation; a failure that is the transaction's own is thrown. */
  async function estimateComputeUnitLimit(
    probe: Transaction,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const wire = getBase64EncodedWireTransaction(probe);
    let simulation;
    try {
      simulation = await call(
        'simulateTransaction',
        (rpc) =>
          rpc.simulateTransaction(wire, {
            encoding: 'base64',
            commitment: RPC_COMMITMENT,
            replaceRecentBlockhash: true,
            sigVerify: false,
          }),
        signal,
      );
    } catch (error) {
      signal?.throwIfAborted();
      log(`Compute-unit estimate failed; using ${COMPUTE_UNIT_CAP} units`, error);
      return COMPUTE_UNIT_CAP;
    }
    const { err, logs, unitsConsumed } = simulation.value;
    if (err !== null) {
      // The simulation ran and the transaction failed in it: sending would only burn the fee.
      throw toSendError(err, { reason: 'simulation', transaction: probe, programErrorName: errorName, logs });
    }
    return computeUnitLimitFromSimulation(unitsConsumed);
  }

  async function estimatePrice(probe: Transaction, signal: AbortSignal | undefined): Promise<bigint | null> {
    const estimator = config.estimatePriorityFee;
    if (estimator === undefined) return null;
    try {
      return await estimator(getBase64EncodedWireTransaction(probe));
    } catch (error) {
      signal?.throwIfAborted();
      log('Priority fee estimate failed; using the default fee', error);
      return null;
    }
  }

  async function status(signature: Signature, signal: AbortSignal | undefined) {
    try {
      const { value } = await call(
        'getSignatureStatuses',
        (rpc) => rpc.getSignatureStatuses([signature]),
        signal,
      );
      return value[0] ?? null;
    } catch (error) {
      signal?.throwIfAborted();
      log('getSignatureStatuses failed', error);
      return null;
    }
  }

  /**
   * The first send, on the primary and (when it throws) the fallback. Returns the refusal when every
   * endpoint asked refused the transaction itself ({@link isTransactionRefusal}), else null: one took it,
   * or its fate is unknown (a network error, a 429 or 5xx, a timeout: the request may have reached a node
   * that forwarded it, and the transaction may land).
   */
  async function firstSend(
    wire: ReturnType<typeof getBase64EncodedWireTransaction>,
    signal: AbortSignal | undefined,
  ): Promise<{ readonly refusal: unknown } | null> {
    const options = signal === undefined ? undefined : { abortSignal: signal };
    const endpoints = config.fallbackRpc == null ? [config.rpc] : [config.rpc, config.fallbackRpc];
    let refusal: { readonly refusal: unknown } | null = null;
    let mayHaveLanded = false;
    for (const [i, rpc] of endpoints.entries()) {
      try {
        await rpc.sendTransaction(wire, SEND_CONFIG).send(options);
        return null;
      } catch (error) {
        signal?.throwIfAborted();
        if (isTransactionRefusal(error)) refusal ??= { refusal: error };
        else mayHaveLanded = true;
        if (i + 1 < endpoints.length) {
          log('sendTransaction failed on the primary RPC; trying the fallback', error);
        } else if (mayHaveLanded) {
          log('Sending the transaction failed; it may still land, so it is resent and watched', error);
        }
      }
    }
    return mayHaveLanded ? null : refusal;
  }

  async function blockHeightPast(
    lastValidBlockHeight: bigint,
    signal: AbortSignal | undefined,
  ): Promise<boolean> {
    try {
      const height = await call(
        'getBlockHeight',
        (rpc) => rpc.getBlockHeight({ commitment: RPC_COMMITMENT }),
        signal,
      );
      return height > lastValidBlockHeight;
    } catch (error) {
      signal?.throwIfAborted();
      log('getBlockHeight failed', error);
      return false;
    }
  }

  async function landAndConfirm(
    transaction: Transaction,
    lastValidBlockHeight: bigint | null,
    signal: AbortSignal | undefined,
  ): Promise<Signature> {
    const signature = getSignatureFromTransaction(transaction);
    const wire = getBase64EncodedWireTransaction(transaction);
    const decode = (error: unknown, reason: 'failed') =>
      toSendError(error, { reason, transaction, programErrorName: errorName, signature });
    const start = clock.now();
    const deadline = start + CONFIRMATION_TIMEOUT_MS;

    const refused = await firstSend(wire, signal);
    if (refused !== null) {
      // No node took it: it can never land, and the user may safely try again.
      throw toSendError(refused.refusal, {
        reason: 'rejected',
        transaction,
        programErrorName: errorName,
        signature,
        logs: refusalLogs(refused.refusal),
      });
    }
    let nextResend = start + RESEND_INTERVAL_MS;
    let nextExpiryCheck = start + RESEND_INTERVAL_MS;

    for (;;) {
      signal?.throwIfAborted();
      const current = await status(signature, signal);
      if (current !== null) {
        if (current.err !== null) throw decode(current.err, 'failed');
        if (current.confirmationStatus === 'confirmed' || current.confirmationStatus === 'finalized') {
          return signature;
        }
      }
      const now = clock.now();
      if (now >= deadline) throw new TransactionSendError(TIMEOUT_MESSAGE, { reason: 'timeout', signature });
      if (now >= nextResend) {
        const checkExpiry = lastValidBlockHeight !== null && now >= nextExpiryCheck;
        if (checkExpiry) nextExpiryCheck = now + EXPIRY_CHECK_INTERVAL_MS;
        if (checkExpiry && (await blockHeightPast(lastValidBlockHeight, signal))) {
          // It may have landed in the last valid block, after the status above was read.
          const last = await status(signature, signal);
          if (last?.err != null) throw decode(last.err, 'failed');
          if (last?.confirmationStatus === 'confirmed' || last?.confirmationStatus === 'finalized') {
            return signature;
          }
          throw new TransactionSendError(EXPIRED_MESSAGE, { reason: 'expired', signature });
        }
        try {
          await call('sendTransaction (resend)', (rpc) => rpc.sendTransaction(wire, SEND_CONFIG), signal);
        } catch (error) {
          signal?.throwIfAborted();
          log('Resending the transaction failed', error);
        }
        // Stay on the 2 s grid: a slow call skips a beat instead of bunching resends together.
        while (nextResend <= clock.now()) nextResend += RESEND_INTERVAL_MS;
      }
      const later = clock.now();
      await clock.sleep(
        Math.max(0, Math.min(statusPollIntervalMs(later - start), nextResend - later, deadline - later)),
        signal,
      );
    }
  }

  return {
    async send(input) {
      const { signal } = input;
      signal?.throwIfAborted();
      if (input.version === 'legacy') {
        if (input.addressLookupTables !== undefined) {
          throw new TypeError('Address lookup tables need a version 0 transaction');
        }
        await clock.sleep(LEGACY_TX_BUILD_DELAY_MS, signal);
      }
      // The blockhash, the simulation and the fee estimate go out together: the simulation replaces the
      // blockhash and the estimator reads the accounts, so both take a probe with a placeholder blockhash
      // (the same size) while the real one is fetched.
      const blockhash = callOrFail(
        'getLatestBlockhash',
        (rpc) => rpc.getLatestBlockhash({ commitment: RPC_COMMITMENT }),
        signal,
      );
      // Awaited below; a simulation that fails first must not leave its rejection unhandled.
      blockhash.catch(() => undefined);
      // The compute-budget instructions have fixed-size data, so the probe is exactly the final size.
      // Unsigned, its signatures are encoded as 64 zero bytes each: the size is the signed size.
      const simulationProbe = compileTransaction(
        setTransactionMessageComputeUnitPrice(
          PRIORITY_FEE_FLOOR_MICRO_LAMPORTS,
          setTransactionMessageComputeUnitLimit(COMPUTE_UNIT_CAP, buildMessage(input, PLACEHOLDER_LIFETIME)),
        ),
      );
      assertSize(simulationProbe, null);
      const [{ value: latest }, limit, estimate] = await Promise.all([
        blockhash,
        estimateComputeUnitLimit(simulationProbe, signal),
        estimatePrice(simulationProbe, signal),
      ]);
      const message = buildMessage(input, latest);
      const price = computeUnitPrice(estimate, limit);
      const final = setTransactionMessageComputeUnitPrice(
        price,
        setTransactionMessageComputeUnitLimit(limit, message),
      );
      assertSize(compileTransaction(final), null);
      signal?.throwIfAborted();
      const signOptions = signal === undefined ? undefined : { abortSignal: signal };
      const signed =
        input.cosign === undefined
          ? await signTransactionMessageWithSigners(final, signOptions)
          : await cosigned(
              await partiallySignTransactionMessageWithSigners(final, signOptions),
              input.cosign,
            );
      // A wallet may have modified the transaction (added instructions, its own fee).
      assertSize(signed, getSignatureFromTransaction(signed));
      // Expiry is only known for our blockhash: a wallet that swapped it leaves the 120 s timeout in charge.
      const lastValidBlockHeight =
        blockhashOf(signed) === latest.blockhash ? latest.lastValidBlockHeight : null;
      return landAndConfirm(signed, lastValidBlockHeight, signal);
    },

    async sendSigned(transaction, options = {}) {
      const { signal } = options;
      signal?.throwIfAborted();
      assertSize(transaction, getSignatureFromTransaction(transaction));
      return landAndConfirm(transaction, options.lastValidBlockHeight ?? null, signal);
    },
  };
}

/** The lifetime of the probe that is simulated and priced while the real blockhash is fetched. */
const PLACEHOLDER_LIFETIME = Object.freeze({
  blockhash: '11111111111111111111111111111111' as Blockhash,
  lastValidBlockHeight: 0n,
});

/** Lets `cosign` add its signature; refuses a changed message or a signature still missing. */
async function cosigned(
  partial: Transaction,
  cosign: (transaction: Transaction) => Promise<Transaction>,
): Promise<Transaction> {
  const result = await cosign(partial);
  if (!sameBytes(result.messageBytes, partial.messageBytes)) {
    throw new TypeError('The co-signer changed the transaction');
  }
  const signatures: Readonly<Record<string, Uint8Array | null>> = result.signatures;
  for (const [signer, signature] of Object.entries(partial.signatures)) {
    const kept = signatures[signer];
    if (signature !== null && (kept == null || !sameBytes(kept, signature))) {
      throw new TypeError('The co-signer dropped a signature');
    }
  }
  assertIsFullySignedTransaction(result);
  return result;
}

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function blockhashOf(transaction: Transaction): string | null {
  try {
    return getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken;
  } catch {
    return null;
  }
}

function buildMessage(
  input: SendInput,
  lifetime: { readonly blockhash: Blockhash; readonly lastValidBlockHeight: bigint },
) {
  if (input.version === 'legacy') {
    return pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(input.feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(input.instructions, m),
    );
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(input.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(input.instructions, m),
  );
  return input.addressLookupTables === undefined
    ? message
    : compressTransactionMessageUsingAddressLookupTables(message, input.addressLookupTables);
}
