/**
 * The blockhash of every recent slot, and the age rules the validator applies to them.
 *
 * A transaction is processed only while its blockhash is at most {@link MAX_PROCESSING_AGE} slots old;
 * the validator keeps hashes longer ({@link MAX_RECENT_BLOCKHASHES}) to price messages with
 * `getFeeForMessage`. On this single node every slot has a block, so block height equals slot.
 *
 * @module
 */

/** How many slots a blockhash stays valid for processing (Agave's `MAX_PROCESSING_AGE`). */
export const MAX_PROCESSING_AGE = 150n;
/** How many slots the queue remembers a blockhash (Agave's `MAX_RECENT_BLOCKHASHES`). */
export const MAX_RECENT_BLOCKHASHES = 300n;

/** Recent blockhashes by slot. */
export class BlockhashQueue {
  readonly #slotOf = new Map<string, bigint>();
  readonly #order: { readonly hash: string; readonly slot: bigint }[] = [];

  /** Records the blockhash of `slot` and forgets hashes older than the queue keeps. */
  push(slot: bigint, hash: string): void {
    this.#slotOf.set(hash, slot);
    this.#order.push({ hash, slot });
    while (this.#order.length > 0 && slot - this.#order[0]!.slot >= MAX_RECENT_BLOCKHASHES) {
      this.#slotOf.delete(this.#order.shift()!.hash);
    }
  }

  /** The slot whose blockhash is `hash`, while the queue remembers it. */
  slotOf(hash: string): bigint | undefined {
    return this.#slotOf.get(hash);
  }

  /** Whether a transaction with this blockhash may be processed in `currentSlot`. */
  isValid(hash: string, currentSlot: bigint): boolean {
    const slot = this.#slotOf.get(hash);
    return slot !== undefined && currentSlot - slot <= MAX_PROCESSING_AGE;
  }

  /** The last block height at which a transaction with this blockhash can land. */
  lastValidBlockHeight(hash: string): bigint | undefined {
    const slot = this.#slotOf.get(hash);
    return slot === undefined ? undefined : slot + MAX_PROCESSING_AGE;
  }

  /** Every remembered blockhash with its slot, oldest first (for saving the chain). */
  entries(): { hash: string; slot: bigint }[] {
    return this.#order.map(({ hash, slot }) => ({ hash, slot }));
  }

  /** A queue holding `entries` (oldest first), as {@link entries} returned them. */
  static from(entries: readonly { readonly hash: string; readonly slot: bigint }[]): BlockhashQueue {
    const queue = new BlockhashQueue();
    for (const { hash, slot } of entries) queue.push(slot, hash);
    return queue;
  }

  /** The newest blockhash and its slot. */
  latest(): { readonly hash: string; readonly slot: bigint } {
    const last = this.#order.at(-1);
    if (!last) throw new Error('The blockhash queue is empty');
    return last;
  }
}
