import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ARTWORK } from './routes/data/preload-image.ts';
import { APP_ROUTES, documentTitle, HOME_HERO_IMAGE, matchAppRoute } from './route-paths.ts';
import { routes } from './router.tsx';

/** Every path the router matches besides its catch-all, as absolute patterns. */
function routerPaths(list: readonly RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    const own =
      route.index === true
        ? base || '/'
        : route.path === undefined
          ? base
          : `${base}/${route.path}`.replace('//', '/');
    const here =
      route.index === true || (route.path !== undefined && route.children === undefined) ? [own] : [];
    return [...here, ...routerPaths(route.children ?? [], own === '/' ? '' : own)];
  });
}

describe('the route list the server shares', () => {
  it('is exactly the routes the router has, besides its catch-all', () => {
    const inRouter = routerPaths(routes).filter((path) => !path.endsWith('*'));
    expect(inRouter.toSorted()).toEqual(
      Object.values(APP_ROUTES)
        .map((route) => route.path)
        .toSorted(),
    );
  });

  it('matches paths as the router does: case-insensitive, trailing slash ignored, static before parameter', () => {
    expect(matchAppRoute('/')).toBe(APP_ROUTES.home);
    expect(matchAppRoute('/TailSpin/')).toBe(APP_ROUTES.tailspin);
    expect(matchAppRoute('/prophecy/create')).toBe(APP_ROUTES.prophecyCreate);
    expect(matchAppRoute('/prophecy/9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(
      APP_ROUTES.prophecyMarket,
    );
    expect(matchAppRoute('/foresight/SOL')).toBe(APP_ROUTES.foresight);
    for (const path of ['/foresight', '/nope', '/tailspin/x', '/retail/a/b', '/history/x']) {
      expect(matchAppRoute(path), path).toBeNull();
    }
  });

  it('names each page in the document title', () => {
    expect(documentTitle('/')).toBe('Arcade');
    expect(documentTitle('/tailspin')).toBe('TailSpin · Arcade');
    expect(documentTitle('/fairness')).toBe('Provably fair · Arcade');
    expect(documentTitle('/prophecy/abc')).toBe('Prophecy market · Arcade');
    expect(documentTitle('/nope')).toBe('Page not found · Arcade');
  });

  it('preloads the hero the home page paints', () => {
    expect(HOME_HERO_IMAGE).toBe(ARTWORK.homeHero);
  });
});
