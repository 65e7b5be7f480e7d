import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { NotFoundPage } from '../components/layout/not-found-page';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { AppLayout, type RouteHandle } from './app-layout';
import { RouteGuard } from './route-guard';
import { routes, type AppRoute } from './routes';

function toRouteObject(route: AppRoute): RouteObject {
  // One lazy component per route: its page is a separate chunk, fetched on first visit.
  const Page = lazy(route.page);
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    element: (
      <RouteGuard kind={route.kind}>
        <Page />
      </RouteGuard>
    ),
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Fallback if the layout itself fails: the page replaces everything.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A failing page renders its error inside the layout, keeping nav and footer.
        errorElement: <RouteErrorPage />,
        children: [
          ...routes.map(toRouteObject),
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
