/**
 * The current time, re-read every `intervalMs`, so relative times ("5m ago") move on their own.
 *
 * @module
 */

import { useEffect, useState } from 'react';

/** Now in epoch milliseconds, refreshed every `intervalMs`. */
export function useNow(intervalMs = 15_000): number {
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
