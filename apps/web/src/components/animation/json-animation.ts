/**
 * The games' animations are data: `/bet.json` (TailSpin's spin) and `/claw.json` (ReTail's claw) describe
 * keyframes that the game's component draws as SVG. This module loads such a file once per page life and
 * drives a timeline with requestAnimationFrame; each game owns its file's shape and its parser.
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/** The query of a static animation file, parsed (and so validated) by `parse`. */
export function animationQueryOptions<T>(url: string, parse: (raw: unknown) => T) {
  return queryOptions({
    queryKey: ['animation', url] as const,
    queryFn: async ({ signal }): Promise<T> => {
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
      return parse(await response.json());
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 2,
  });
}

/** Loads an animation file; `data` is undefined while it loads or if it failed (draw a still frame then). */
export function useAnimationData<T>(url: string, parse: (raw: unknown) => T): T | undefined {
  return useQuery(animationQueryOptions(url, parse)).data;
}

/** Whether the user asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Elapsed milliseconds of a timeline that runs while `playing` is true and restarts from 0 each time it
 * turns true. It stops at `durationMs` unless `loop`; with reduced motion it jumps straight to the end.
 */
export function useTimeline(playing: boolean, durationMs: number, loop = false): number {
  const [elapsed, setElapsed] = useState(0);
  const frame = useRef(0);
  useEffect(() => {
    if (!playing) return;
    if (prefersReducedMotion() || durationMs <= 0) {
      const id = requestAnimationFrame(() => {
        setElapsed(loop ? 0 : durationMs);
      });
      return () => {
        cancelAnimationFrame(id);
      };
    }
    const start = performance.now();
    const tick = (now: number) => {
      const t = now - start;
      if (!loop && t >= durationMs) {
        setElapsed(durationMs);
        return;
      }
      setElapsed(loop ? t % durationMs : t);
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame.current);
    };
  }, [playing, durationMs, loop]);
  return playing ? elapsed : 0;
}

/** Linear interpolation between keyframes `[timeMs, value][]` (sorted by time), clamped at both ends. */
export function interpolate(keyframes: readonly (readonly [number, number])[], timeMs: number): number {
  const first = keyframes[0];
  if (first === undefined) return 0;
  if (timeMs <= first[0]) return first[1];
  for (let i = 1; i < keyframes.length; i++) {
    const [t1, v1] = keyframes[i]!;
    if (timeMs <= t1) {
      const [t0, v0] = keyframes[i - 1]!;
      const span = t1 - t0;
      return span <= 0 ? v1 : v0 + ((v1 - v0) * (timeMs - t0)) / span;
    }
  }
  return keyframes[keyframes.length - 1]![1];
}
