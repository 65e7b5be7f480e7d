import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { NotFoundPage } from '../components/layout/not-found-page';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { PageSpinner } from '../components/page-spinner';
import { AppLayout, type RouteHandle } from './app-layout';
import { RouteGuard } from './route-guard';
import { routes, type AppRoute } from './routes';

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    // Each page is its own chunk, fetched by the router itself (route-level
    // lazy) rather than by React.lazy under Suspense: the fetch starts as soon
    // as a navigation does (on the first load, before the first render), and
    // the page appears when it is there. Under Suspense, React 19 holds back a
    // boundary's content for up to 300 ms after showing its fallback, which
    // every first visit to a page paid — the sign-in callback included
    // (docs/decisions/011-sign-in-callback.md).
    lazy: async () => {
      const { default: Page } = await route.page();
      return {
        element: (
          <RouteGuard kind={route.kind}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Fallback if the layout itself fails: the page replaces everything.
    errorElement: <RouteErrorPage />,
    // Shown on the first load until the first page's chunk has arrived.
    hydrateFallbackElement: <PageSpinner />,
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
