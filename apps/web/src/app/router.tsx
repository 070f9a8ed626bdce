import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { LoadingLogo } from '../components/loading-logo.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';
// Home is the landing page: bundled with the entry so its first paint waits for no second download.
import * as home from './routes/home.tsx';

/**
 * The routes of spec §2. Each page but home is its own chunk, loaded with its data (`loader`) while the loading
 * logo shows; a failing loader or render lands on the error page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: LoadingLogo,
    children: [
      {
        ErrorBoundary: ErrorPage,
        children: [
          { index: true, ...home },
          { path: 'tailspin', lazy: () => import('./routes/tailspin.tsx') },
          { path: 'foresight/:symbol', lazy: () => import('./routes/foresight.tsx') },
          { path: 'retail', lazy: () => import('./routes/retail.tsx') },
          { path: 'retail/:slug', lazy: () => import('./routes/retail-collection.tsx') },
          { path: 'prophecy', lazy: () => import('./routes/prophecy-list.tsx') },
          { path: 'prophecy/create', lazy: () => import('./routes/prophecy-create.tsx') },
          { path: 'prophecy/request', lazy: () => import('./routes/prophecy-request.tsx') },
          { path: 'prophecy/:market', lazy: () => import('./routes/prophecy-market.tsx') },
          { path: 'history', lazy: () => import('./routes/history.tsx') },
          { path: 'fairness', lazy: () => import('./routes/fairness.tsx') },
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
