/**
 * The live feed's items (docs/reference/api.md#the-activity-socket), as the server's indexer publishes them
 * and the `/activity` socket sends them to the web app: `new_bet`, `new_prediction` and `new_marketbet`, and the latest 50 as
 * `feed` on connect. One definition for both ends of the socket.
 *
 * Amounts are lamports as decimal strings; timestamps are unix milliseconds.
 *
 * @module
 */

/** A TailSpin or ReTail bet (spec: amount, odds, type, metadata, tokenPrice, user, userId, timestamp). */
export interface BetFeedItem {
  readonly kind: 'bet';
  /** The indexer's row id: stable, increasing, for de-duplication and ordering. */
  readonly id: string;
  readonly signature: string;
  /** Stake, lamports. */
  readonly amount: string;
  readonly odds: number;
  /** `sol`, `token` or `nft`. */
  readonly type: 'sol' | 'token' | 'nft';
  /** What the bet is for: the prize mint and listing price (and, for NFTs, the name and image when known). */
  readonly metadata: {
    readonly mint: string;
    readonly listingPrice: string;
    readonly name?: string;
    readonly image?: string;
  };
  /** The prize token's price in SOL (1 for SOL prizes), for display. */
  readonly tokenPrice: number;
  /** The player's username, or null when unset. */
  readonly user: string | null;
  /** The player's wallet address. */
  readonly userId: string;
  readonly timestamp: number;
  /** Once settled: `Win` or `Loss`; null while open. */
  readonly result: 'Win' | 'Loss' | null;
}

/** A Foresight bet (spec: prediction, amount, won, config, event). */
export interface PredictionFeedItem {
  readonly kind: 'prediction';
  readonly id: string;
  readonly signature: string;
  readonly prediction: 'up' | 'down';
  readonly amount: string;
  /** Null until the round settles. */
  readonly won: boolean | null;
  readonly config: string;
  readonly event: string;
  readonly user: string | null;
  readonly userId: string;
  readonly timestamp: number;
}

/** A Prophecy prediction (spec: market, result, amount). */
export interface MarketBetFeedItem {
  readonly kind: 'marketbet';
  readonly id: string;
  readonly signature: string;
  readonly market: string;
  readonly result: 'yes' | 'no';
  readonly amount: string;
  readonly user: string | null;
  readonly userId: string;
  readonly timestamp: number;
}

/** Any feed item. */
export type FeedItem = BetFeedItem | PredictionFeedItem | MarketBetFeedItem;

/** The socket event name of each kind. */
export const FEED_EVENT_OF: Readonly<
  Record<FeedItem['kind'], 'new_bet' | 'new_prediction' | 'new_marketbet'>
> = {
  bet: 'new_bet',
  prediction: 'new_prediction',
  marketbet: 'new_marketbet',
};
