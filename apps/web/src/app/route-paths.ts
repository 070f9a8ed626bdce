/**
 * The web app's routes, one list for the two sides that must agree on them: the router builds its routes
 * from these paths (`router.tsx`), and the server answers a navigation to any other path with the app's
 * HTML and a 404 status (`apps/server/src/plugins/web-app.ts`). Each route also has the document title the
 * app sets on entry, and the images the server tells the browser to preload with the page.
 *
 * Plain TypeScript with no imports: the server (Node) loads this file as it is.
 *
 * @module
 */

/** The site's name: the last part of every document title. */
export const SITE_NAME = 'Arcade';

/** A resource the server asks the browser to preload with a route's HTML (an HTTP `Link` header). */
export interface RoutePreload {
  readonly href: string;
  readonly as: 'image';
}

/** One route of the app. */
export interface AppRoute {
  /** React Router's pattern: `/prophecy/:market`. */
  readonly path: string;
  /** The page's name in the document title and the screen-reader announcement, e.g. `TailSpin`. */
  readonly title: string;
  /** What the page paints first, for the server to preload with its HTML. */
  readonly preload?: readonly RoutePreload[];
}

/** The landing page's largest paint. */
export const HOME_HERO_IMAGE = '/images/home-hero.svg';

/** Every route (docs/reference/routes.md#routes), by name. The catch-all is not one of them. */
export const APP_ROUTES = {
  home: { path: '/', title: 'Home', preload: [{ href: HOME_HERO_IMAGE, as: 'image' }] },
  tailspin: { path: '/tailspin', title: 'TailSpin' },
  foresight: { path: '/foresight/:symbol', title: 'Foresight' },
  retail: { path: '/retail', title: 'ReTail' },
  retailCollection: { path: '/retail/:slug', title: 'ReTail collection' },
  prophecy: { path: '/prophecy', title: 'Prophecy' },
  prophecyCreate: { path: '/prophecy/create', title: 'Create a market' },
  prophecyRequest: { path: '/prophecy/request', title: 'Request a market' },
  prophecyMarket: { path: '/prophecy/:market', title: 'Prophecy market' },
  history: { path: '/history', title: 'History' },
  fairness: { path: '/fairness', title: 'Provably fair' },
} as const satisfies Record<string, AppRoute>;

/** The catch-all's title. */
export const NOT_FOUND_TITLE = 'Page not found';

/** A route's pattern as its router `path`, relative to the layout at `/`: `/retail/:slug` → `retail/:slug`. */
export function childPath(route: AppRoute): string {
  return route.path.replace(/^\//, '');
}

/** The decoded, trimmed segments of a path: `/Retail/juice-critters/` → `['Retail', 'juice-critters']`. */
function segments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** Whether `pathname` matches `pattern` as React Router matches it: case-insensitive, trailing slash ignored. */
export function matchesPath(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  if (want.length !== got.length) return false;
  return want.every((segment, index) =>
    segment.startsWith(':') ? true : segment.toLowerCase() === got[index]?.toLowerCase(),
  );
}

/**
 * The route `pathname` (decoded, without query) shows, or null for the catch-all's not-found page. A static
 * path wins over a parameter (`/prophecy/create` is the create page, not a market), as in the router.
 */
export function matchAppRoute(pathname: string): AppRoute | null {
  const all: readonly AppRoute[] = Object.values(APP_ROUTES);
  return (
    all.find((route) => !route.path.includes(':') && matchesPath(route.path, pathname)) ??
    all.find((route) => matchesPath(route.path, pathname)) ??
    null
  );
}

/** The document title of `pathname`: `TailSpin · Arcade`, the site's name alone at home. */
export function documentTitle(pathname: string): string {
  const route = matchAppRoute(pathname);
  if (route === APP_ROUTES.home) return SITE_NAME;
  return `${route?.title ?? NOT_FOUND_TITLE} · ${SITE_NAME}`;
}
