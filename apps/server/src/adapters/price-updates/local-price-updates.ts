/**
 * The price-update port on the local chain: its JSON-RPC `getPythPriceUpdate [feed, t]` (docs/localnet.md,
 * "Pyth"), which writes the one update for t from the Pyth publisher's history to an account of its own and
 * answers `{ address, publishTime, prevPublishTime, price }`, or null while the update does not exist (not
 * published yet, or older than the history). Kit's typed RPC has no such method, so this is a plain
 * JSON-RPC POST to the chain's URL, the embedded chain's included.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { z } from 'zod';

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

/** Options of {@link createLocalPriceUpdates}. */
export interface LocalPriceUpdatesOptions {
  /** The local chain's JSON-RPC URL (`app.chain.rpcUrl`). */
  readonly rpcUrl: string;
  /** Time between two asks while the update is not there; default 250 ms (a slot is 400 ms). */
  readonly retryMs?: number;
  readonly fetch?: FetchLike;
}

const integer = z.number().int().nonnegative();
const answer = z.union([
  z.object({
    result: z
      .object({
        address: z.string(),
        publishTime: integer,
        prevPublishTime: integer,
        // The JSON integer may pass 2^53 in principle; Pyth's SOL/USD at −8 never does.
        price: z.number().int(),
      })
      .nullable(),
  }),
  z.object({ error: z.object({ code: z.number(), message: z.string() }) }),
]);

/**
 * The local adapter.
 *
 * @example createLocalPriceUpdates({ rpcUrl: app.chain.rpcUrl })
 */
export function createLocalPriceUpdates(options: LocalPriceUpdatesOptions): PriceUpdatesPort {
  const fetchImpl = options.fetch ?? fetch;
  const retryMs = options.retryMs ?? 250;
  let id = 0;

  /** One `getPythPriceUpdate`; null when the node has no such update (yet). */
  async function ask(feed: string, t: number, signal?: AbortSignal): Promise<z.output<typeof answer>> {
    id += 1;
    const response = await fetchImpl(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'getPythPriceUpdate', params: [feed, t] }),
      ...(signal === undefined ? {} : { signal }),
    });
    if (!response.ok) throw new Error(`getPythPriceUpdate: HTTP ${response.status}`);
    return answer.parse(await response.json());
  }

  return {
    async postUpdateAt(request: PriceUpdateRequest): Promise<PostedPriceUpdate | null> {
      const feed = feedIdHex(request.feedId);
      const deadline = Date.now() + (request.waitMs ?? DEFAULT_UPDATE_WAIT_MS);
      for (;;) {
        const reply = await ask(feed, request.t, request.signal);
        if ('error' in reply) {
          // A feed this node does not publish, or a malformed t: asking again cannot help.
          throw new PriceUpdateError('mismatch', `getPythPriceUpdate: ${reply.error.message}`);
        }
        const found = reply.result;
        if (found !== null) {
          const update = { publishTime: found.publishTime, prevPublishTime: found.prevPublishTime };
          if (!isUpdateFor(update, request.t)) {
            throw new PriceUpdateError(
              'mismatch',
              `getPythPriceUpdate answered an update not for ${request.t}`,
            );
          }
          return {
            address: found.address as Address,
            t: request.t,
            ...update,
            price: BigInt(found.price),
            closeInstructions: [],
          };
        }
        if (Date.now() >= deadline || request.signal?.aborted === true) return null;
        await pause(retryMs, request.signal);
      }
    },
    // The publisher closes what it posted once it leaves its history window.
    close: () => Promise.resolve(),
  };
}
