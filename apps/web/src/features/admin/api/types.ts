/**
 * The server's JSON shapes the console reads (see `apps/server/src/routes/api/{admin,prophecy}`); the
 * house and blocked wallets come from `@arcade/sdk/api/admin`, the Prophecy ones from
 * `@arcade/sdk/api/prophecy`, the health report from `@arcade/sdk/api/health`.
 * Lamport amounts arrive as decimal strings and are turned into `bigint` where shown.
 *
 * @module
 */

import type { AdminHouse, BlockedWallets } from '@arcade/sdk/api/admin';
import type {
  MarketListMetadata,
  MarketRequestView,
  MarketResultLabel,
  ProphecyMarket,
} from '@arcade/sdk/api/prophecy';

/** A market result as the API takes and shows it. */
export type MarketResult = MarketResultLabel;

/** `GET /api/admin/house`: the House and the Foresight config as the chain holds them. */
export type HouseResponse = AdminHouse;

/** A blocked wallet: why, by whom and when (unix seconds). */
export type BlockedWallet = BlockedWallets['blocked'][number];

/** A market's metadata as the list shows it; the answers about one market add its rules. */
export interface MarketMetadata extends MarketListMetadata {
  readonly rules?: string;
}

/** A market in `GET /api/prophecy/markets` (times in unix seconds, pools in lamports as strings). */
export type MarketItem = Omit<ProphecyMarket<MarketMetadata>, 'referrer'>;

/** A player's market request. */
export type MarketRequest = MarketRequestView;
