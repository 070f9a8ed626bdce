import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { LoadingLogo } from '../components/loading-logo.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteFocus } from './route-focus.tsx';
import { APP_ROUTES, childPath } from './route-paths.ts';
import { ErrorPage } from './routes/error-page.tsx';
// Home is the landing page: bundled with the entry so its first paint waits for no second download.
import * as home from './routes/home.tsx';

/** The shell, and after each navigation focus on the new page, its title and its announcement. */
function AppShell() {
  return (
    <>
      <AppLayout />
      <RouteFocus />
    </>
  );
}

/**
 * The routes of docs/reference/routes.md#routes, at the paths of `route-paths.ts` (which the server also
 * reads, to answer any other path with a 404). Each page but home is its own chunk, loaded with its data
 * (`loader`) while the loading logo shows; a failing loader or render lands on the error page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    ErrorBoundary: ErrorPage,
    HydrateFallback: LoadingLogo,
    children: [
      {
        ErrorBoundary: ErrorPage,
        children: [
          { index: true, ...home },
          { path: childPath(APP_ROUTES.tailspin), lazy: () => import('./routes/tailspin.tsx') },
          { path: childPath(APP_ROUTES.foresight), lazy: () => import('./routes/foresight.tsx') },
          { path: childPath(APP_ROUTES.retail), lazy: () => import('./routes/retail.tsx') },
          {
            path: childPath(APP_ROUTES.retailCollection),
            lazy: () => import('./routes/retail-collection.tsx'),
          },
          { path: childPath(APP_ROUTES.prophecy), lazy: () => import('./routes/prophecy-list.tsx') },
          { path: childPath(APP_ROUTES.prophecyCreate), lazy: () => import('./routes/prophecy-create.tsx') },
          {
            path: childPath(APP_ROUTES.prophecyRequest),
            lazy: () => import('./routes/prophecy-request.tsx'),
          },
          { path: childPath(APP_ROUTES.prophecyMarket), lazy: () => import('./routes/prophecy-market.tsx') },
          { path: childPath(APP_ROUTES.history), lazy: () => import('./routes/history.tsx') },
          { path: childPath(APP_ROUTES.fairness), lazy: () => import('./routes/fairness.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

/** The app's router. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
