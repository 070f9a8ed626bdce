import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { documentTitle, matchAppRoute, NOT_FOUND_TITLE, SITE_NAME } from './route-paths.ts';

/** Where the page lives in the shell (`app-layout.tsx`). */
const MAIN_SELECTOR = '#main';

/**
 * Where focus goes on a new page: the page's main heading (`<h1>` inside the main region), or the main
 * region itself when the page has none. Either is made focusable by script only (`tabindex=-1`), so Tab
 * never stops on it.
 */
export function pageFocusTarget(root: ParentNode = document): HTMLElement | null {
  const main = root.querySelector<HTMLElement>(MAIN_SELECTOR);
  if (main === null) return null;
  return main.querySelector<HTMLElement>('h1') ?? main;
}

/**
 * The name a page in the DOM gives itself instead of its route's (`data-page-title`: the error page says
 * `Error` whatever path failed), or null.
 */
export function pageTitleOverride(root: ParentNode = document): string | null {
  return root.querySelector<HTMLElement>('[data-page-title]')?.dataset['pageTitle'] ?? null;
}

/** Whether focus is inside an open dialog, which a route change behind it must not take focus from. */
function focusInDialog(): boolean {
  const active = document.activeElement;
  return (
    active instanceof Element &&
    active.closest('[role="dialog"], [role="alertdialog"], dialog[open]') !== null
  );
}

/**
 * After each in-app navigation to another page (not on the first load, nor when only the query changes),
 * moves focus from the link that was clicked to the new page's main heading, and announces the page's name
 * to screen readers; on every page, sets the document title (`TailSpin · Arcade`, or the page's own
 * `data-page-title`).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const override = pageTitleOverride();
    document.title = override === null ? documentTitle(pathname) : `${override} · ${SITE_NAME}`;
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnouncement(override ?? matchAppRoute(pathname)?.title ?? NOT_FOUND_TITLE);
    if (focusInDialog()) return;
    const target = pageFocusTarget();
    if (target === null) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // A heading focused by script needs no ring: the skip link and real controls keep theirs.
    target.classList.add('focus:outline-none');
    // The router restores or resets the scroll position itself.
    target.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
