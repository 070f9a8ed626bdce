import { SIDEBAR_WIDTHS } from '@arcade/sdk/constants';
import { useEffect, useId, type CSSProperties } from 'react';

import { LiveChat } from '../../features/chat/components/live-chat.tsx';
import { GameFeed } from '../../features/feed/components/game-feed.tsx';
import { ui, useUiState, type SidebarTab } from '../../lib/store.ts';
import { CloseIcon } from './nav-icons.tsx';

const TABS: readonly { readonly id: SidebarTab; readonly label: string }[] = [
  { id: 'feed', label: 'Game Feed' },
  { id: 'chat', label: 'Live Chat' },
];

/**
 * The sidebar's widths at lg / xl / 2xl (docs/reference/constants.md#display), as CSS variables the width
 * utilities read.
 */
const WIDTH_VARS = {
  '--sidebar-lg': `${SIDEBAR_WIDTHS[0]}px`,
  '--sidebar-xl': `${SIDEBAR_WIDTHS[1]}px`,
  '--sidebar-2xl': `${SIDEBAR_WIDTHS[2]}px`,
} as CSSProperties;

/** The query for "the sidebar is a drawer": below lg it overlays the page instead of taking a column. */
const DRAWER_QUERY = '(max-width: 1023.98px)';

/**
 * The toggleable right sidebar with the Game Feed and Live Chat tabs. From lg it is a column of
 * 300 / 350 / 400 px beside the page; below lg it slides over the page as a drawer with a backdrop, closed
 * by Escape or a tap outside.
 */
export function RightSidebar() {
  const open = useUiState((s) => s.sidebarOpen);
  const tab = useUiState((s) => s.sidebarTab);
  const baseId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && window.matchMedia(DRAWER_QUERY).matches) ui.setSidebarOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!open) return null;
  return (
    <>
      <div
        className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm animate-fade-in lg:hidden"
        aria-hidden="true"
        data-testid="sidebar-backdrop"
        onClick={() => {
          ui.setSidebarOpen(false);
        }}
      />
      <aside
        id="right-sidebar"
        aria-label="Feed and chat"
        style={WIDTH_VARS}
        className="fixed top-0 right-0 bottom-0 z-50 flex w-[min(var(--sidebar-2xl),calc(100vw-2.5rem))] flex-col border-l border-edge bg-base/95 shadow-2xl backdrop-blur-xl animate-fade-in lg:sticky lg:top-(--shell-top) lg:z-10 lg:h-[calc(100dvh-var(--shell-top))] lg:w-(--sidebar-lg) lg:shrink-0 lg:bg-base/70 lg:shadow-none xl:w-(--sidebar-xl) 2xl:w-(--sidebar-2xl)"
      >
        <div className="flex items-center gap-2 border-b border-edge p-2">
          <div role="tablist" aria-label="Sidebar" className="flex flex-1 gap-1 rounded-xl bg-void/60 p-1">
            {TABS.map((t) => {
              const selected = t.id === tab;
              return (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`${baseId}-tab-${t.id}`}
                  aria-selected={selected}
                  aria-controls={`${baseId}-panel`}
                  className={`h-9 flex-1 rounded-lg text-xs font-bold tracking-wide uppercase transition ${
                    selected
                      ? 'bg-panel-2 text-accent shadow-[inset_0_0_0_1px_rgb(200_241_53/0.25)]'
                      : 'text-ink-dim hover:text-ink'
                  }`}
                  onClick={() => {
                    ui.setSidebarTab(t.id);
                  }}
                >
                  {t.label}
                </button>
              );
            })}
          </div>
          <button
            type="button"
            aria-label="Close sidebar"
            className="grid size-9 place-items-center rounded-lg text-ink-dim transition hover:bg-white/5 hover:text-ink lg:hidden"
            onClick={() => {
              ui.setSidebarOpen(false);
            }}
          >
            <CloseIcon />
          </button>
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${tab}`}
          className="flex min-h-0 flex-1 flex-col"
        >
          {tab === 'feed' ? <GameFeed /> : <LiveChat />}
        </div>
      </aside>
    </>
  );
}
