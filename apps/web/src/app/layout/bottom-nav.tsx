import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { playSound, unlockAudio } from '../../lib/sound.ts';
import { ui, useUiState } from '../../lib/store.ts';
import { CommunityIcon, ExternalIcon, HelpIcon, MoreIcon, SidebarIcon, SoundIcon } from './nav-icons.tsx';
import { ACCOUNT_ROUTES, NAV_ROUTES } from './nav-items.tsx';

const TAB =
  'flex min-w-0 flex-1 flex-col items-center justify-center gap-1 text-[10px] font-semibold transition';

const MENU_ITEM =
  'flex h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-sm font-semibold text-ink transition hover:bg-white/6 focus-visible:bg-white/8 focus-visible:outline-none';

/**
 * The phone tab bar (below md): the games, thumb-reachable above the safe area, and "More" with what the
 * header has no room for on a phone: Help, the feed and chat, sound, the player's History, the Provably
 * fair checker and the community chat.
 */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-edge bg-void pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="flex h-16 items-stretch px-1">
        {NAV_ROUTES.map((route) => (
          <li key={route.to} className="flex min-w-0 flex-1">
            <NavLink
              to={route.to}
              end={route.end ?? false}
              className={({ isActive }) =>
                `${TAB} ${isActive ? 'text-accent [&_svg]:drop-shadow-[0_0_6px_var(--color-accent)]' : 'text-ink-dim hover:text-ink'}`
              }
            >
              {route.icon}
              <span className="max-w-full truncate">{route.short}</span>
            </NavLink>
          </li>
        ))}
        <li className="flex min-w-0 flex-1">
          <MoreMenu />
        </li>
      </ul>
    </nav>
  );
}

/** The "More" tab and its menu, which opens upwards from the tab bar. */
function MoreMenu() {
  const [open, setOpen] = useState(false);
  const soundOff = useUiState((s) => s.soundOff);
  const sidebarOpen = useUiState((s) => s.sidebarOpen);
  const { communityChatUrl } = runtimeConfig();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  // Menu keys (WAI-ARIA menu pattern): arrows move, Home/End jump, Escape closes back to the tab.
  const onMenuKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])].filter(
      // Skips the items a breakpoint hides.
      (item) => getComputedStyle(item).display !== 'none',
    );
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? items[(at + 1) % items.length]
        : event.key === 'ArrowUp'
          ? items[(at - 1 + items.length) % items.length]
          : event.key === 'Home'
            ? items[0]
            : event.key === 'End'
              ? items[items.length - 1]
              : undefined;
    if (next !== undefined) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div ref={root} className="flex min-w-0 flex-1">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={`${TAB} ${open ? 'text-accent' : 'text-ink-dim hover:text-ink'}`}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <MoreIcon />
        <span>More</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="More"
          onKeyDown={onMenuKey}
          className="absolute right-2 bottom-full mb-2 w-60 rounded-2xl border border-edge bg-panel p-1.5 shadow-[0_-12px_48px_-12px_rgb(0_0_0/0.8)] animate-pop-in"
        >
          <button
            type="button"
            role="menuitem"
            className={MENU_ITEM}
            onClick={() => {
              close(false);
              ui.openModal('faq');
            }}
          >
            <HelpIcon />
            Help &amp; FAQ
          </button>
          {/* From sm the header has its own feed/chat toggle. */}
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={sidebarOpen}
            className={`${MENU_ITEM} sm:hidden`}
            onClick={() => {
              close(false);
              ui.toggleSidebar();
            }}
          >
            <SidebarIcon />
            <span className="flex-1">Feed &amp; chat</span>
            <Switch on={sidebarOpen} />
          </button>
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={!soundOff}
            className={MENU_ITEM}
            onClick={() => {
              // Turning sound on is the user gesture that may start audio; the tick confirms it works.
              unlockAudio();
              ui.setSoundOff(!soundOff);
              if (soundOff) playSound('tick');
            }}
          >
            <SoundIcon on={!soundOff} />
            <span className="flex-1">Sound</span>
            <Switch on={!soundOff} />
          </button>
          {ACCOUNT_ROUTES.map((route) => (
            <Link
              key={route.to}
              role="menuitem"
              to={route.to}
              className={MENU_ITEM}
              onClick={() => {
                close(false);
              }}
            >
              {route.icon}
              {route.label}
            </Link>
          ))}
          <a
            role="menuitem"
            href={communityChatUrl}
            target="_blank"
            rel="noreferrer noopener"
            className={MENU_ITEM}
            onClick={() => {
              close(false);
            }}
          >
            <CommunityIcon />
            <span className="flex-1">Community chat</span>
            <span className="text-ink-faint">
              <ExternalIcon />
            </span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      )}
    </div>
  );
}

/** A small on/off pill; the item's aria-checked carries the state for assistive tech. */
function Switch({ on }: { readonly on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`relative h-5 w-9 shrink-0 rounded-full border transition ${
        on ? 'border-accent/60 bg-accent/25' : 'border-edge bg-white/5'
      }`}
    >
      <span
        className={`absolute top-0.5 size-3.5 rounded-full transition-all ${
          on ? 'left-[18px] bg-accent shadow-[0_0_8px_var(--color-accent)]' : 'left-0.5 bg-ink-faint'
        }`}
      />
    </span>
  );
}
