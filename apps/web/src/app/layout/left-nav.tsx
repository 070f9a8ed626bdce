import { NavLink } from 'react-router';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { ui } from '../../lib/store.ts';
import { CommunityIcon, ExternalIcon, HelpIcon } from './nav-icons.tsx';
import { ACCOUNT_ROUTES, NAV_ROUTES, type NavRoute } from './nav-items.tsx';

const ITEM =
  'group relative flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition lg:justify-start justify-center';

function itemClass(active: boolean): string {
  return `${ITEM} ${
    active
      ? 'bg-accent/12 text-accent shadow-[inset_0_0_0_1px_rgb(200_241_53/0.25)]'
      : 'text-ink-dim hover:bg-white/5 hover:text-ink'
  }`;
}

function NavList({ routes }: { readonly routes: readonly NavRoute[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {routes.map((route) => (
        <li key={route.to}>
          <NavLink
            to={route.to}
            end={route.end ?? false}
            title={route.label}
            className={({ isActive }) => itemClass(isActive)}
          >
            {({ isActive }) => (
              <>
                {isActive && (
                  <span
                    className="absolute top-2 bottom-2 left-0 w-[3px] rounded-full bg-accent shadow-[0_0_10px_var(--color-accent)]"
                    aria-hidden="true"
                  />
                )}
                {route.icon}
                <span className="sr-only lg:not-sr-only">{route.label}</span>
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The left navigation: the games, then the player's History and the Provably fair checker (which
 * span the games), Help (the FAQ modal) and the community chat. A labelled column
 * from lg, an icon rail from md (labels become tooltips), hidden on phones, where {@link BottomNav} takes
 * over.
 */
export function LeftNav() {
  const { communityChatUrl } = runtimeConfig();
  return (
    <nav
      aria-label="Main"
      className="sticky top-(--shell-top) hidden h-[calc(100dvh-var(--shell-top))] w-[76px] shrink-0 flex-col border-r border-edge/70 bg-base/60 px-3 py-4 backdrop-blur md:flex lg:w-[228px]"
    >
      <p className="mb-2 hidden px-3 text-[10px] font-bold tracking-[0.25em] text-ink-faint uppercase lg:block">
        Games
      </p>
      <NavList routes={NAV_ROUTES} />
      <p className="mt-5 mb-2 hidden px-3 text-[10px] font-bold tracking-[0.25em] text-ink-faint uppercase lg:block">
        You
      </p>
      <div className="my-3 border-t border-edge/70 lg:hidden" aria-hidden="true" />
      <NavList routes={ACCOUNT_ROUTES} />
      <div className="mt-auto flex flex-col gap-1 border-t border-edge/70 pt-3">
        <button
          type="button"
          title="Help"
          className={itemClass(false)}
          onClick={() => {
            ui.openModal('faq');
          }}
        >
          <HelpIcon />
          <span className="sr-only lg:not-sr-only">Help</span>
        </button>
        <a
          href={communityChatUrl}
          target="_blank"
          rel="noreferrer noopener"
          title="Community chat (opens in a new tab)"
          className={itemClass(false)}
        >
          <CommunityIcon />
          <span className="sr-only lg:not-sr-only lg:flex-1">Community</span>
          <span className="hidden lg:inline">
            <ExternalIcon />
          </span>
        </a>
      </div>
    </nav>
  );
}
