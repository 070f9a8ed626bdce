/**
 * The server's JSON shapes the console reads (see `apps/server/src/routes/api/{admin,prophecy}` and
 * `health.ts`). Lamport amounts arrive as decimal strings and are turned into `bigint` where shown.
 *
 * @module
 */

/** A market result as the API takes and shows it. */
export type MarketResult = 'yes' | 'no' | 'invalid';

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

/** A market's metadata as the list shows it. */
export interface MarketMetadata {
  readonly name: string;
  readonly shortName: string;
  readonly yesOption: string;
  readonly noOption: string;
  readonly invalidOption: string;
  readonly category: string;
  readonly image: string | null;
  readonly rules?: string;
}

/** A market in `GET /api/prophecy/markets` (times in unix seconds, pools in lamports as strings). */
export interface MarketItem {
  readonly key: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly cutOffTime: number;
  readonly yesCount: number;
  readonly noCount: number;
  readonly totalCount: number;
  readonly yesPool: string;
  readonly noPool: string;
  readonly totalPool: string;
  readonly isSettled: boolean;
  readonly settledCount: number;
  readonly result: MarketResult | null;
  readonly marketMetadata: MarketMetadata;
}

/** A player's market request. */
export interface MarketRequest {
  readonly id: number;
  readonly requester: string;
  readonly requesterUsername: string | null;
  readonly marketMetadata: MarketMetadata & { readonly rules: string };
  /** Unix seconds. */
  readonly endTime: number;
  /** Unix seconds. */
  readonly cutoffTime: number;
  readonly referrer: string | null;
  readonly status: 'pending' | 'approving' | 'approved' | 'rejected';
  readonly reason: string | null;
  readonly market: string | null;
  readonly reviewedBy: string | null;
  /** Milliseconds since the epoch. */
  readonly reviewedAt: number | null;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/** The status of a background worker. */
export type WorkerStatus = 'starting' | 'leader' | 'standby' | 'failing' | 'stopped' | 'disabled';

/** One worker in `GET /api/health`. */
export interface WorkerHealth {
  readonly name: string;
  readonly status: WorkerStatus;
  /** Milliseconds since the epoch. */
  readonly lastRunAt: number | null;
  readonly lastSuccessAt: number | null;
  readonly lastError: string | null;
  readonly runs: number;
  readonly failures: number;
  readonly lagMs: number | null;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A connectivity check in `GET /api/health`. */
export interface HealthCheck {
  readonly ok: boolean;
  readonly latencyMs: number;
  readonly error?: string;
}

/** `GET /api/health` (200 when healthy, 503 otherwise, with the same body). */
export interface HealthResponse {
  readonly success: boolean;
  readonly cluster: string;
  readonly database: HealthCheck;
  readonly chain: HealthCheck;
  readonly workers: readonly WorkerHealth[];
}
