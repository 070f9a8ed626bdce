/**
 * The age gate, mounted once the page has painted. A fresh visitor's first screen is otherwise the page
 * and the gate's full-screen blurred backdrop in one frame, which on a phone holds back the page's
 * largest paint by a few hundred milliseconds. The gate still comes up before anyone can play.
 *
 * @module
 */

import { useEffect, useState } from 'react';

import { AgeGateModal } from '../../features/age-gate/components/age-gate-modal.tsx';
import { useUiState } from '../../lib/store.ts';

/** Longest wait for an idle moment before the gate shows anyway. */
const MAX_DELAY_MS = 1500;

/** Runs `run` when the main thread is next idle (after the pending paint), or after {@link MAX_DELAY_MS}. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: MAX_DELAY_MS });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  // Safari has no requestIdleCallback: the next frame has painted by the following task.
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** {@link AgeGateModal}, shown after the first paint to visitors who have not confirmed yet. */
export function DeferredAgeGate() {
  const confirmed = useUiState((s) => s.ageCheck);
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    if (confirmed || painted) return;
    return whenIdle(() => {
      setPainted(true);
    });
  }, [confirmed, painted]);

  return painted ? <AgeGateModal /> : null;
}
