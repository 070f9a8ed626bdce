/**
 * One watcher per address shared by every caller (one subscription however many components watch the same
 * account), opened on the first acquire and closed when the last caller releases it.
 *
 * @module
 */

import type { Address } from '@solana/kit';

/** What a shared watcher needs: opening and closing its subscription. */
export interface Openable {
  open(): void;
  close(): void;
}

/** `acquire(address)` for watchers made by `make`: the watcher and its release (once, however often called). */
export function sharedWatchers<W extends Openable>(
  make: (address: Address) => W,
): (address: Address) => { watcher: W; release: () => void } {
  const shared = new Map<Address, { watcher: W; users: number }>();
  return (address) => {
    let entry = shared.get(address);
    if (entry === undefined) {
      entry = { watcher: make(address), users: 0 };
      shared.set(address, entry);
      entry.watcher.open();
    }
    entry.users += 1;
    const held = entry;
    let released = false;
    return {
      watcher: held.watcher,
      release: () => {
        if (released) return;
        released = true;
        held.users -= 1;
        if (held.users === 0) {
          held.watcher.close();
          if (shared.get(address) === held) shared.delete(address);
        }
      },
    };
  };
}
