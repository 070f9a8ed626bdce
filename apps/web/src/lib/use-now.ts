/**
 * One clock for everything that shows time moving: countdowns (a round's lock, a market's cutoff, the Juice
 * claim timer) and relative times ("5m ago") in the feeds.
 *
 * @module
 */

import { useEffect, useState } from 'react';

/**
 * `Date.now()` in epoch milliseconds, re-read every `intervalMs` while the component is mounted. A countdown and
 * the phase it decides (open until the cutoff, then closed) read the same value, so both change on the same tick.
 */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
