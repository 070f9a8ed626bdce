/**
 * The price-update port on a real cluster: Hermes finds the update, the Pyth receiver posts it.
 *
 * 1. `GET {HERMES_URL}/v2/updates/price/{t}?ids[]=<feed id>&encoding=base64` with
 *    `Authorization: Bearer {HERMES_API_KEY}` answers the first update of the feed published at or after t
 *    (an accumulator update: a Wormhole VAA and the Merkle proof of the feed's price message). A 404 or an
 *    empty `binary.data` means it is not published yet; a 429, a 5xx, a timeout or a network error means
 *    ask again later. All of these are retried until the caller's wait is over; a 401 or 403 is not.
 * 2. The update is checked to be the one for t (`publish_time ≥ t > prev_publish_time`, its feed) before a
 *    lamport is spent: the tick would refuse any other with PythError.
 * 3. It is posted fully verified (`./pyth-receiver.ts`) in two transactions into a fresh price-update
 *    account; the consuming transaction (the tick, in the following transaction) ends with
 *    `reclaim_rent` and `close_encoded_vaa`, so the rent comes back to the payer.
 *
 * @module
 */

import type { Instruction, Rpc, Signature, SolanaRpcApi, TransactionSigner } from '@solana/kit';
import { z } from 'zod';

import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { FetchLike } from '../nft/upstream.ts';
import {
  DEFAULT_UPDATE_WAIT_MS,
  feedIdHex,
  isUpdateFor,
  pause,
  PriceUpdateError,
  type PostedPriceUpdate,
  type PriceUpdateRequest,
  type PriceUpdatesPort,
} from '../../ports/price-updates-port.ts';
import { buildReceiverPost, parseUpdateData } from './pyth-receiver.ts';

/** Pyth's public Hermes; `HERMES_URL` overrides it (another Hermes-compatible endpoint). */
export const DEFAULT_HERMES_URL = 'https://hermes.pyth.network';

/** One Hermes request gives up after this long (then it is asked again while the wait lasts). */
export const HERMES_REQUEST_TIMEOUT_MS = 5_000;

/** Options of {@link createHermesPriceUpdates}. */
export interface HermesPriceUpdatesOptions {
  /** Hermes' base URL, without a path; default {@link DEFAULT_HERMES_URL}. */
  readonly hermesUrl?: string | undefined;
  /** Sent as `Authorization: Bearer <key>`. */
  readonly apiKey: string;
  /** The cluster: the encoded VAA's rent, and the default sender. */
  readonly rpc: Rpc<SolanaRpcApi>;
  /** Default the global fetch; tests inject recorded responses. */
  readonly fetch?: FetchLike;
  /** Sends one transaction and waits for its confirmation; default the server's sender on `rpc`. */
  readonly send?: (payer: TransactionSigner, instructions: readonly Instruction[]) => Promise<Signature>;
  /** Default {@link HERMES_REQUEST_TIMEOUT_MS}. */
  readonly requestTimeoutMs?: number;
  /** Pause before asking again for an update not published yet; default 500 ms. */
  readonly retryMs?: number;
  /** Longest pause after a 429 or a failure (doubling from `retryMs`, or Hermes' `Retry-After`); default 5 s. */
  readonly maxBackoffMs?: number;
  /** The receiver's treasury shard; default random per post. */
  readonly treasuryId?: number;
  /** Where retries and failed clean-ups are reported; default nowhere. */
  readonly log?: (message: string, details?: Record<string, unknown>) => void;
}

/** Hermes' answer: `binary.data` holds accumulator updates in `encoding`; `parsed` is not relied on. */
const hermesResponse = z.looseObject({
  binary: z.looseObject({ encoding: z.string(), data: z.array(z.string()) }),
});

/**
 * The URL of the update of `feedHex` for `t`.
 *
 * @example hermesUpdateUrl('https://hermes.pyth.network', 1_700_000_000, 'ef0d…')
 *   // 'https://hermes.pyth.network/v2/updates/price/1700000000?ids%5B%5D=ef0d…&encoding=base64'
 */
export function hermesUpdateUrl(base: string, t: number, feedHex: string): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/v2/updates/price/${t}`);
  url.searchParams.append('ids[]', feedHex);
  url.searchParams.append('encoding', 'base64');
  return url.toString();
}

/** One ask's outcome. */
type Attempt =
  | { readonly kind: 'found'; readonly data: Buffer }
  | { readonly kind: 'not-yet' }
  | { readonly kind: 'retry'; readonly reason: string; readonly afterMs: number | null };

/** `Retry-After` in milliseconds (delta-seconds form), or null. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim()) * 1000;
}

/**
 * The Hermes adapter.
 *
 * @example createHermesPriceUpdates({ hermesUrl: env.HERMES_URL, apiKey: env.HERMES_API_KEY, rpc: chain.rpc })
 */
export function createHermesPriceUpdates(options: HermesPriceUpdatesOptions): PriceUpdatesPort {
  const base = options.hermesUrl ?? DEFAULT_HERMES_URL;
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? HERMES_REQUEST_TIMEOUT_MS;
  const retryMs = options.retryMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const log = options.log ?? (() => undefined);
  const send =
    options.send ??
    ((payer: TransactionSigner, instructions: readonly Instruction[]) =>
      sendAndConfirm(options.rpc, payer, instructions));
  const rentExemption = (size: number) => options.rpc.getMinimumBalanceForRentExemption(BigInt(size)).send();

  async function ask(url: string, signal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : `network error: ${String(error)}`;
      return { kind: 'retry', reason, afterMs: null };
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new PriceUpdateError('unauthorized', `Hermes refused HERMES_API_KEY (HTTP ${response.status})`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'not-yet' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'retry', reason: `HTTP ${response.status}`, afterMs: retryAfterMs(response) };
    }
    let body: z.output<typeof hermesResponse>;
    try {
      body = hermesResponse.parse(await response.json());
    } catch {
      return { kind: 'retry', reason: 'an answer that is not Hermes JSON', afterMs: null };
    }
    const first = body.binary.data[0];
    if (first === undefined || first === '') return { kind: 'not-yet' };
    if (body.binary.encoding !== 'base64') {
      return { kind: 'retry', reason: `encoding ${body.binary.encoding}`, afterMs: null };
    }
    return { kind: 'found', data: Buffer.from(first, 'base64') };
  }

  /** The accumulator update for t, asking until it is there or `deadline` (ms) passes. */
  async function find(
    request: PriceUpdateRequest,
    feedHex: string,
    deadline: number,
  ): Promise<Buffer | null> {
    const url = hermesUpdateUrl(base, request.t, feedHex);
    let backoff = retryMs;
    for (;;) {
      const attempt = await ask(url, request.signal);
      if (attempt.kind === 'found') return attempt.data;
      let waitMs = retryMs;
      if (attempt.kind === 'retry') {
        waitMs = Math.min(maxBackoffMs, attempt.afterMs ?? backoff);
        backoff = Math.min(maxBackoffMs, backoff * 2);
        log('Hermes: asking again for the price update', { t: request.t, reason: attempt.reason, waitMs });
      }
      const left = deadline - Date.now();
      if (left <= 0 || request.signal?.aborted === true) return null;
      await pause(Math.min(waitMs, left), request.signal);
    }
  }

  return {
    async postUpdateAt(request: PriceUpdateRequest): Promise<PostedPriceUpdate | null> {
      const feedHex = feedIdHex(request.feedId);
      const data = await find(request, feedHex, Date.now() + (request.waitMs ?? DEFAULT_UPDATE_WAIT_MS));
      if (data === null) return null;
      let parsed;
      try {
        parsed = parseUpdateData(data);
      } catch (error) {
        throw new PriceUpdateError('mismatch', 'Hermes answered bytes that are not a price update', {
          cause: error,
        });
      }
      const update = parsed.updates.find((candidate) => candidate.feedIdHex === feedHex);
      if (update === undefined) {
        throw new PriceUpdateError('mismatch', `Hermes answered no update of the feed ${feedHex}`);
      }
      if (!isUpdateFor(update, request.t)) {
        throw new PriceUpdateError(
          'mismatch',
          `Hermes answered the update published at ${update.publishTime} (previous ${update.prevPublishTime}), not the one for ${request.t}`,
        );
      }
      const post = await buildReceiverPost({
        vaa: parsed.vaa,
        update: update.merkle,
        payer: request.payer,
        rentExemption,
        ...(options.treasuryId === undefined ? {} : { treasuryId: options.treasuryId }),
      });
      let sent = 0;
      try {
        for (const instructions of post.postTransactions) {
          await send(request.payer, instructions);
          sent += 1;
        }
      } catch (error) {
        // The encoded VAA holds ~0.008 SOL of rent: take it back if its account may exist.
        if (sent > 0) {
          await send(request.payer, post.closeEncodedVaa).catch((closeError: unknown) => {
            log('Hermes: could not close the encoded VAA of a failed post', { error: String(closeError) });
          });
        }
        throw new PriceUpdateError('post-failed', `posting the price update for ${request.t} failed`, {
          cause: error,
        });
      }
      return {
        address: post.priceUpdate,
        t: request.t,
        publishTime: update.publishTime,
        prevPublishTime: update.prevPublishTime,
        price: update.price,
        closeInstructions: post.closeInstructions,
      };
    },

    async close(update: PostedPriceUpdate, payer: TransactionSigner): Promise<void> {
      if (update.closeInstructions.length === 0) return;
      try {
        await send(payer, update.closeInstructions);
      } catch (error) {
        log('Hermes: could not close a posted price update', {
          address: update.address,
          error: String(error),
        });
      }
    },
  };
}
