/**
 * The feed/chat sidebar, downloaded when it first opens: the Game Feed, Live Chat and their socket.io
 * client are a large part of the app, and a phone starts with the sidebar closed.
 *
 * @module
 */

import { SIDEBAR_WIDTHS } from '@arcade/sdk/constants';
import { lazy, type CSSProperties, type ReactNode } from 'react';

import { useUiState } from '../../lib/store.ts';
import { LazyBoundary, LoadFailed } from './lazy-boundary.tsx';

const RightSidebar = lazy(() => import('./right-sidebar.tsx').then((m) => ({ default: m.RightSidebar })));

/** The column widths of `right-sidebar.tsx`, so the placeholder takes the same room (no layout shift). */
const WIDTH_VARS = {
  '--sidebar-lg': `${SIDEBAR_WIDTHS[0]}px`,
  '--sidebar-xl': `${SIDEBAR_WIDTHS[1]}px`,
  '--sidebar-2xl': `${SIDEBAR_WIDTHS[2]}px`,
} as CSSProperties;

/** Holds the sidebar's column (from lg) while its code downloads, or shows why it did not load. */
function Placeholder({ children }: { readonly children?: ReactNode }) {
  return (
    <aside
      aria-label="Feed and chat"
      aria-busy={children === undefined}
      style={WIDTH_VARS}
      className="hidden shrink-0 border-l border-edge bg-base/70 lg:sticky lg:top-(--shell-top) lg:block lg:h-[calc(100dvh-var(--shell-top))] lg:w-(--sidebar-lg) xl:w-(--sidebar-xl) 2xl:w-(--sidebar-2xl)"
    >
      {children}
    </aside>
  );
}

/** {@link RightSidebar}, loaded on its first opening. */
export function LazyRightSidebar() {
  const open = useUiState((s) => s.sidebarOpen);
  if (!open) return null;
  return (
    <LazyBoundary
      fallback={<Placeholder />}
      failed={(error) => (
        <Placeholder>
          <LoadFailed error={error} />
        </Placeholder>
      )}
    >
      <RightSidebar />
    </LazyBoundary>
  );
}
