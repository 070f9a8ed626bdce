import type { SocketStatus } from '../../../lib/socket-client.ts';

/** Props of {@link ConnectionBanner}. */
export interface ConnectionBannerProps {
  readonly status: SocketStatus;
  readonly onRetry: () => void;
}

/**
 * The feed's connection state when it is not simply connected: a quiet "Reconnecting…" while retries
 * run, and "Connection lost" with a Retry button once they are exhausted.
 */
export function ConnectionBanner({ status, onRetry }: ConnectionBannerProps) {
  if (status === 'connected' || status === 'connecting') return null;
  if (status === 'reconnecting') {
    return (
      <p role="status" className="flex items-center gap-2 px-3 py-2 text-xs text-juice">
        <span className="size-1.5 animate-pulse rounded-full bg-juice" aria-hidden="true" />
        Reconnecting…
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="mx-3 my-2 flex items-center justify-between gap-3 rounded-xl border border-loss/40 bg-loss/10 px-3 py-2 text-xs text-loss"
    >
      <span>Connection lost</span>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-loss/50 px-2.5 py-1 font-semibold text-ink transition hover:bg-loss/20"
      >
        Retry
      </button>
    </div>
  );
}
