/**
 * What the animation tests share: animation frames driven by hand, `prefers-reduced-motion` set either way,
 * and a probe of whether result announcements are held (`lib/result-hold.ts`).
 *
 * @module
 */

import { act } from '@testing-library/react';
import { vi } from 'vitest';

import { useResultAnnouncementsHeld } from '../lib/result-hold.ts';

/** What the rest of the page sees: whether announcements of a result must wait. */
export function Held() {
  return <output data-testid="held">{useResultAnnouncementsHeld() ? 'held' : 'free'}</output>;
}

/**
 * Animation frames driven by hand: `advance(ms)` runs frames 16 ms apart. With `clock`, `performance.now()`
 * follows the frames' time too.
 */
export function fakeFrames({ clock = false }: { clock?: boolean } = {}) {
  let now = 1_000;
  let next = 0;
  const queue = new Map<number, FrameRequestCallback>();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    next += 1;
    queue.set(next, callback);
    return next;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    queue.delete(id);
  });
  if (clock) vi.spyOn(performance, 'now').mockImplementation(() => now);
  return {
    advance(ms: number) {
      for (let t = 0; t < ms; t += 16) {
        now += 16;
        const due = [...queue.values()];
        queue.clear();
        act(() => {
          for (const callback of due) callback(now);
        });
      }
    },
  };
}

/** `matchMedia` answering `prefers-reduced-motion: reduce` with `reduce`. */
export function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
