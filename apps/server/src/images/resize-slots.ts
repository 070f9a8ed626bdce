/**
 * How many resizes one instance runs at once: a few run, a bounded number wait their turn in order, and
 * past that the request is refused with 503 at once (the client retries after a second) rather than
 * piling up memory and latency.
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { serviceUnavailable } from '../http/errors.ts';

/** The 503's message when every slot and queue place is taken. */
export const IMAGE_BUSY = API_ERROR_MESSAGES[ApiErrorCode.IMAGE_SERVICE_BUSY];

/** Seconds the 503's `Retry-After` asks for. */
export const IMAGE_BUSY_RETRY_AFTER_SECONDS = 1;

/** Limits of {@link ResizeSlots}. */
export interface ResizeSlotsOptions {
  /** Tasks running at once. */
  readonly concurrency: number;
  /** Tasks waiting for a slot; one more is refused. */
  readonly queue: number;
}

/** A counting semaphore with a bounded queue. */
export class ResizeSlots {
  readonly #options: ResizeSlotsOptions;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(options: ResizeSlotsOptions) {
    this.#options = options;
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `task` in a slot, after waiting for one if need be.
   *
   * @throws HttpError 503 {@link IMAGE_BUSY} when every slot is busy and the queue is full (`task` not run).
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#options.concurrency) {
      if (this.#waiting.length >= this.#options.queue)
        throw serviceUnavailable(ApiErrorCode.IMAGE_SERVICE_BUSY);
      // The slot is handed over by the task that frees it: #running stays counted.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next === undefined) this.#running -= 1;
      else next();
    }
  }
}
