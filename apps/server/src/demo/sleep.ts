/**
 * Waiting that Ctrl-C cuts short: the demo's seeder and bots spend most of their time here, so stopping
 * them must not wait for a timer.
 *
 * @module
 */

/**
 * Resolves after `ms`, or at once when `signal` aborts (already aborted: immediately). Never rejects.
 *
 * @example await sleep(30_000, controller.signal) // returns early on controller.abort()
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true || ms <= 0) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
