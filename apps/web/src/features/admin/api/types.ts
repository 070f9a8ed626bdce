/**
 * The server's JSON shapes the console reads (see `apps/server/src/routes/api/{admin,prophecy}`); the
 * Prophecy ones come from `@arcade/sdk/api/prophecy`, the health report from `@arcade/sdk/api/health`.
 * Lamport amounts arrive as decimal strings and are turned into `bigint` where shown.
 *
 * @module
 */

import type {
  MarketListMetadata,
  MarketRequestView,
  MarketResultLabel,
  ProphecyMarket,
} from '@arcade/sdk/api/prophecy';

/** A market result as the API takes and shows it. */
export type MarketResult = MarketResultLabel;

/** `GET /api/admin/house`. */
export interface HouseResponse {
  readonly house: {
    readonly address: string;
    readonly balance: string;
    readonly rent: string;
    readonly outstanding: string;
    readonly freeBalance: string;
    readonly paused: boolean;
    readonly authority: string;
    readonly settler: string;
    readonly treasury: string;
  };
  readonly foresight: {
    readonly config: string;
    readonly disabled: boolean;
    readonly authority: string;
    readonly eventSigner: string;
    readonly treasury: string;
    readonly liveEvent: number;
    readonly lockedEvent: number;
    readonly timelock: number;
  };
}

/** A blocked wallet. */
export interface BlockedWallet {
  readonly address: string;
  readonly reason: string;
  readonly blockedBy: string;
  /** Unix seconds. */
  readonly blockedAt: number;
}

/** A market's metadata as the list shows it; the answers about one market add its rules. */
export interface MarketMetadata extends MarketListMetadata {
  readonly rules?: string;
}

/** A market in `GET /api/prophecy/markets` (times in unix seconds, pools in lamports as strings). */
export type MarketItem = Omit<ProphecyMarket<MarketMetadata>, 'referrer'>;

/** A player's market request. */
export type MarketRequest = MarketRequestView;
