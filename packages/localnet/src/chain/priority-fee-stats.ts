/**
 * Compute-unit prices of recent transactions, for `getRecentPrioritizationFees` and the Helius-style
 * `getPriorityFeeEstimate`.
 *
 * Like Agave's prioritization fee cache it keeps the last {@link MAX_FEE_SLOTS} slots, each with the
 * lowest price any transaction paid and the lowest price paid by transactions that write-locked each
 * account.
 *
 * @module
 */

/** Slots of history kept (Agave's `MAX_NUM_RECENT_BLOCKS`). */
export const MAX_FEE_SLOTS = 150;

interface SlotFees {
  readonly slot: bigint;
  /** Every landed transaction's price, for percentiles. */
  readonly prices: bigint[];
  /** Lowest price among transactions that write-locked the account. */
  readonly accountMin: Map<string, bigint>;
  blockMin: bigint | null;
}

/** Helius priority levels and the percentile each stands for. */
export const PRIORITY_LEVELS = {
  min: 0,
  low: 25,
  medium: 50,
  high: 75,
  veryHigh: 95,
  unsafeMax: 100,
} as const;

/** A Helius priority level name in its option casing (`'High'`) or its result casing (`'high'`). */
export type PriorityLevel = keyof typeof PRIORITY_LEVELS;

/** One slot of {@link PriorityFeeStats} as plain data, for saving the chain. */
export interface SlotFeesData {
  readonly slot: bigint;
  readonly prices: readonly bigint[];
  readonly accountMin: readonly (readonly [string, bigint])[];
  readonly blockMin: bigint | null;
}

/** The price history of recent slots. */
export class PriorityFeeStats {
  readonly #slots: SlotFees[] = [];

  /** The recorded slots, oldest first, as plain data. */
  export(): SlotFeesData[] {
    return this.#slots.map((entry) => ({
      slot: entry.slot,
      prices: [...entry.prices],
      accountMin: [...entry.accountMin],
      blockMin: entry.blockMin,
    }));
  }

  /** Stats holding the slots {@link export} returned. */
  static from(slots: readonly SlotFeesData[]): PriorityFeeStats {
    const stats = new PriorityFeeStats();
    for (const entry of slots.slice(-MAX_FEE_SLOTS)) {
      stats.#slots.push({
        slot: entry.slot,
        prices: [...entry.prices],
        accountMin: new Map(entry.accountMin),
        blockMin: entry.blockMin,
      });
    }
    return stats;
  }

  /** Starts the record of a new slot (and forgets the oldest beyond the window). */
  openSlot(slot: bigint): void {
    this.#slots.push({ slot, prices: [], accountMin: new Map(), blockMin: null });
    if (this.#slots.length > MAX_FEE_SLOTS) this.#slots.shift();
  }

  /** Records a landed transaction's unit price and the accounts it write-locked. */
  record(unitPrice: bigint, writableAccounts: readonly string[]): void {
    const current = this.#slots.at(-1);
    if (!current) return;
    current.prices.push(unitPrice);
    if (current.blockMin === null || unitPrice < current.blockMin) current.blockMin = unitPrice;
    for (const account of writableAccounts) {
      const previous = current.accountMin.get(account);
      if (previous === undefined || unitPrice < previous) current.accountMin.set(account, unitPrice);
    }
  }

  /**
   * Agave's per-slot fee: the block's lowest price, raised to the lowest price paid to write-lock each
   * of `accounts` where that is higher. Oldest slot first.
   */
  recentFees(accounts: readonly string[]): { slot: bigint; prioritizationFee: bigint }[] {
    return this.#slots.map((entry) => {
      let fee = entry.blockMin ?? 0n;
      for (const account of accounts) {
        const accountFee = entry.accountMin.get(account);
        if (accountFee !== undefined && accountFee > fee) fee = accountFee;
      }
      return { slot: entry.slot, prioritizationFee: fee };
    });
  }

  /**
   * Each level's percentile of the prices paid over the last `lookbackSlots` slots, counting a slot
   * without transactions as one zero (Helius's `evaluateEmptySlotAsZero`, its default).
   */
  estimate(lookbackSlots: number): Record<PriorityLevel, number> {
    const prices: bigint[] = [];
    for (const entry of this.#slots.slice(-lookbackSlots)) {
      if (entry.prices.length === 0) prices.push(0n);
      else prices.push(...entry.prices);
    }
    prices.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const levels = {} as Record<PriorityLevel, number>;
    for (const [level, percentile] of Object.entries(PRIORITY_LEVELS) as [PriorityLevel, number][]) {
      levels[level] = prices.length === 0 ? 0 : Number(prices[nearestRank(prices.length, percentile)]);
    }
    return levels;
  }
}

/** Nearest-rank percentile index into a sorted list of `length` values. */
function nearestRank(length: number, percentile: number): number {
  const rank = Math.ceil((percentile / 100) * length);
  return Math.min(Math.max(rank - 1, 0), length - 1);
}
