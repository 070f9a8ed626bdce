/**
 * While a game is still revealing a result (the TailSpin dial or the ReTail claw is landing), nothing else
 * on the page may announce it first: the unclaimed-winnings banner waits until the animation has landed.
 * A game calls {@link holdResultAnnouncements} when its animation starts and the returned release when it
 * lands (or unmounts); {@link useResultAnnouncementsHeld} is true while any hold is taken.
 *
 * @module
 */

import { useSyncExternalStore } from 'react';

let holds = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Takes a hold; the returned function releases it (once, however often it is called). */
export function holdResultAnnouncements(): () => void {
  holds += 1;
  emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function held(): boolean {
  return holds > 0;
}

/** Whether a result is being revealed somewhere on the page. */
export function useResultAnnouncementsHeld(): boolean {
  return useSyncExternalStore(subscribe, held, held);
}
