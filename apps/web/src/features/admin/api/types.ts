/**
 * The market as the console reads it (see `apps/server/src/routes/api/prophecy`), from
 * `@arcade/sdk/api/prophecy`; the console names the SDK's other answers (`@arcade/sdk/api/admin`,
 * `@arcade/sdk/api/health`) directly. Lamport amounts arrive as decimal strings and are turned into
 * `bigint` where shown.
 *
 * @module
 */

import type { MarketListMetadata, ProphecyMarket } from '@arcade/sdk/api/prophecy';

/** A market's metadata as the list shows it; the answers about one market add its rules. */
export interface MarketMetadata extends MarketListMetadata {
  readonly rules?: string;
}

/** A market in `GET /api/prophecy/markets` (times in unix seconds, pools in lamports as strings). */
export type MarketItem = Omit<ProphecyMarket<MarketMetadata>, 'referrer'>;
