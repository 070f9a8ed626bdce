/**
 * `getPythPriceUpdate`: the local stand-in for Hermes' `GET /v2/updates/price/{t}` and the Pyth receiver's
 * `post_update`, so a crank in another process can tick Foresight with the one update for a planned time.
 *
 * Params: `[feed, t]`: `feed` is a feed id (64 hex digits, `0x` optional) or the address of a price
 * account a publisher writes; `t` the planned time (unix seconds, a JSON integer from 0 to 2^63 − 1).
 * Result: `{ address, publishTime, prevPublishTime, price }` (the account the update was written to, its
 * times, and its Pyth integer price, exponent −8), or `null` when the node has no such update (not yet
 * published, or older than the publisher's history). A feed no publisher on this node serves is -32602.
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import { pythPublishersOf, type PythPublisher } from '../../oracle/pyth-publisher.ts';
import { invalidParams, u64, type RpcHandler } from '../json-rpc.ts';
import { invalidType, pubkeyParam, required, stringParam, u64Param } from '../params.ts';

const FEED_ID_HEX = /^(?:0x)?([0-9a-fA-F]{64})$/;
const I64_MAX = 0x7fff_ffff_ffff_ffffn;

/** The publisher of `feed` (a feed id in hex or a price account address) on `chain`. */
function publisherOf(chain: LocalChain, feed: string): PythPublisher {
  const hex = FEED_ID_HEX.exec(feed)?.[1]?.toLowerCase();
  const address = hex === undefined ? pubkeyParam(feed).text : undefined;
  const publisher = pythPublishersOf(chain).find((candidate) =>
    hex === undefined ? candidate.address === address : candidate.feedIdHex === hex,
  );
  if (!publisher) throw invalidParams(`Invalid params: this node publishes no Pyth feed ${feed}.`);
  return publisher;
}

/** The Pyth methods of `chain`, served for the publishers following it. */
export function pythMethods(chain: LocalChain): Record<string, RpcHandler> {
  return {
    getPythPriceUpdate: (params) => {
      const feed = stringParam(
        required(params, 0, 'feed id or price account'),
        'a feed id (hex) or a price account address',
      );
      const raw = required(params, 1, 'planned time');
      const t = u64Param(raw, 'a unix time in seconds (i64, not negative)');
      if (t > I64_MAX) throw invalidType(raw, 'a unix time in seconds (i64, not negative)');
      const posted = publisherOf(chain, feed).postUpdateAt(chain, t);
      if (posted === null) return null;
      return {
        address: posted.address,
        publishTime: u64(posted.publishTime),
        prevPublishTime: u64(posted.prevPublishTime),
        price: u64(posted.price),
      };
    },
  };
}
