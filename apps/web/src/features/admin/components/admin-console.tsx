/**
 * The operator console, which only the admin wallets see (docs/reference/roles.md#admins). Its tabs read and
 * change the House, the games' paused flags, Prophecy markets and requests, the workers and blocked
 * wallets; the server checks the admin token on every call.
 *
 * @module
 */

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isAdminWallet } from '../../../config/runtime-config.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { ui, useUiState } from '../../../lib/store.ts';
import { BlockedTab } from './blocked-tab.tsx';
import { GamesTab } from './games-tab.tsx';
import { MarketsTab } from './markets-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { RequestsTab } from './requests-tab.tsx';
import { WorkersTab } from './workers-tab.tsx';

/** The console's tabs, in order. */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview', Panel: OverviewTab },
  { id: 'games', label: 'Games', Panel: GamesTab },
  { id: 'markets', label: 'Markets', Panel: MarketsTab },
  { id: 'requests', label: 'Requests', Panel: RequestsTab },
  { id: 'workers', label: 'Workers', Panel: WorkersTab },
  { id: 'blocked', label: 'Blocked wallets', Panel: BlockedTab },
] as const;

/** A tab id. */
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

const closeConsole = (): void => {
  ui.closeModal();
};

/** The operator console, in the `admin` modal. */
export function AdminConsole({ initialTab = 'overview' }: { readonly initialTab?: AdminTabId }) {
  const open = useUiState((s) => s.modal === 'admin');
  return (
    <Modal open={open} title={<ConsoleTitle />} onClose={closeConsole} size="xl">
      <ConsoleBody initialTab={initialTab} />
    </Modal>
  );
}

function ConsoleTitle() {
  return (
    <span className="flex items-center gap-2">
      <span
        className="size-2 rounded-full bg-accent-2 shadow-[0_0_12px_var(--color-accent-2)]"
        aria-hidden="true"
      />
      Operator console
    </span>
  );
}

function ConsoleBody({ initialTab }: { readonly initialTab: AdminTabId }) {
  const sessionState = useSession();
  const { session, status } = sessionState;
  const [signInError, setSignInError] = useState<string | null>(null);
  const isAdmin = isAdminWallet(session?.address ?? null);

  if (!isAdmin) {
    const signedInElsewhere = session !== null;
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <div className="grid size-14 place-items-center rounded-2xl border border-accent/30 bg-accent/10 text-accent">
          <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
            <path
              d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <p className="max-w-sm text-sm text-ink-dim">
          {signedInElsewhere
            ? 'This wallet is not an admin. Connect an admin wallet to use the console.'
            : 'Sign in with your admin wallet to use the console. Every action is checked by the server.'}
        </p>
        {!signedInElsewhere && (
          <Button
            pending={status === 'signing-in'}
            onClick={() => {
              setSignInError(null);
              sessionState.signIn().catch((error: unknown) => {
                setSignInError((error as Error).message);
              });
            }}
          >
            Sign in
          </Button>
        )}
        {signInError !== null && (
          <p role="alert" className="text-xs text-loss">
            {signInError}
          </p>
        )}
      </div>
    );
  }
  return <ConsoleTabs initialTab={initialTab} />;
}

function ConsoleTabs({ initialTab }: { readonly initialTab: AdminTabId }) {
  const [active, setActive] = useState<AdminTabId>(initialTab);
  const baseId = useId();
  const tabRefs = useRef(new Map<AdminTabId, HTMLButtonElement>());
  const current = ADMIN_TABS.find((tab) => tab.id === active) ?? ADMIN_TABS[0];

  // On a phone the tab strip scrolls sideways: keep the chosen tab in view.
  useEffect(() => {
    const tab = tabRefs.current.get(active);
    if (tab && 'scrollIntoView' in tab) tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = ADMIN_TABS.findIndex((tab) => tab.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = ADMIN_TABS[(index + step + ADMIN_TABS.length) % ADMIN_TABS.length];
    if (next === undefined) return;
    setActive(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Console sections"
        onKeyDown={onKeyDown}
        className="-mx-5 -mt-1 flex gap-1 overflow-x-auto border-b border-edge px-5 pb-px [scrollbar-width:none]"
      >
        {ADMIN_TABS.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-${tab.id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                setActive(tab.id);
              }}
              className={`relative shrink-0 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition ${
                selected ? 'text-accent' : 'text-ink-dim hover:text-ink'
              }`}
            >
              {tab.label}
              {selected && (
                <span
                  className="absolute inset-x-2 -bottom-px h-0.5 rounded-full bg-accent shadow-[0_0_10px_var(--color-accent)]"
                  aria-hidden="true"
                />
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${current.id}-panel`}
        aria-labelledby={`${baseId}-${current.id}-tab`}
        className="animate-fade-in"
      >
        <current.Panel />
      </div>
    </div>
  );
}
