import { NavLink } from 'react-router';

import { ui } from '../../lib/store.ts';
import { HelpIcon } from './nav-icons.tsx';
import { NAV_ROUTES } from './nav-items.tsx';

const TAB =
  'flex min-w-0 flex-1 flex-col items-center justify-center gap-1 text-[10px] font-semibold transition';

/** The phone tab bar (below md): the games and Help, thumb-reachable, above the safe area. */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-edge bg-void/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-lg md:hidden"
    >
      <ul className="flex h-16 items-stretch px-1">
        {NAV_ROUTES.map((route) => (
          <li key={route.to} className="flex min-w-0 flex-1">
            <NavLink
              to={route.to}
              end={route.end ?? false}
              className={({ isActive }) =>
                `${TAB} ${isActive ? 'text-accent [&_svg]:drop-shadow-[0_0_6px_var(--color-accent)]' : 'text-ink-faint hover:text-ink'}`
              }
            >
              {route.icon}
              <span className="max-w-full truncate">{route.short}</span>
            </NavLink>
          </li>
        ))}
        <li className="flex min-w-0 flex-1">
          <button
            type="button"
            className={`${TAB} text-ink-faint hover:text-ink`}
            onClick={() => {
              ui.openModal('faq');
            }}
          >
            <HelpIcon />
            <span>Help</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
