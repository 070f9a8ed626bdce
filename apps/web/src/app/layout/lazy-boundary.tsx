/**
 * What the shell's lazily loaded parts (dialogs, the sidebar, the winnings banner) share: a Suspense with
 * an error boundary, so a chunk that fails to download (offline, a deploy replaced it) shows its own
 * small error instead of taking the whole page to the error page.
 *
 * @module
 */

import { UI_TEXT } from '@arcade/sdk/messages';
import { Component, Suspense, type ReactNode } from 'react';

import { Button } from '../../components/ui/button.tsx';

/** Props of {@link LazyBoundary}. */
export interface LazyBoundaryProps {
  readonly children: ReactNode;
  /** Shown while the chunk downloads. */
  readonly fallback: ReactNode;
  /** Shown when it failed; `null` shows nothing. */
  readonly failed: (error: Error) => ReactNode;
}

class ChunkErrorBoundary extends Component<
  { readonly children: ReactNode; readonly failed: (error: Error) => ReactNode },
  { readonly error: Error | null }
> {
  override state: { readonly error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part of the page failed to load', error);
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : this.props.failed(this.state.error);
  }
}

/** Suspense for a `React.lazy` part of the shell, with its own error state. */
export function LazyBoundary({ children, fallback, failed }: LazyBoundaryProps) {
  return (
    <ChunkErrorBoundary failed={failed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * The error of a part that did not load: the generic error text (unless a dialog title already says it),
 * the cause, and a refresh.
 */
export function LoadFailed({ error, heading = true }: { readonly error: Error; readonly heading?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
      {heading && <p className="font-display font-bold text-ink">{UI_TEXT.errorPage}</p>}
      <p className="text-sm text-loss">{error.message}</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          location.reload();
        }}
      >
        Refresh
      </Button>
    </div>
  );
}
