import { createBrowserRouter, matchPath, matchRoutes, type RouteObject } from 'react-router-dom';

import { NotFoundPage } from '../components/layout/not-found-page';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { PageSpinner } from '../components/page-spinner';
import { AppLayout, type RouteHandle } from './app-layout';
import { loadFullSystem } from '../theme/chakra-system';
import { pageLoaders } from './page-loaders';
import { requiresAal2, routes, type AppRoute, type Area, type RoutePath } from '../routes/routes';

/**
 * The code a page needs besides the first load, fetched in parallel with its
 * own chunk: the full Chakra system and the data query defaults — except for
 * lean pages (the home page), which render with the first load alone, and
 * the defaults for pages that read no data through SWR (`noQueries`) — and
 * the access guard for routes that are not public (a visitor's public pages
 * never download it; for them the answer is always "allow"). The prerenderer
 * reads it too, to have a prerendered page fetch all of it at once.
 */
export function pageCode(route: AppRoute) {
  return {
    page: loadPageModule(route),
    defaults: route.lean || route.noQueries ? null : import('../data/query-defaults'),
    guard: route.kind === 'public' ? null : import('./route-guard'),
    system: route.lean ? null : loadFullSystem(),
    area: areaOf(route) ? import('./area-layout') : null,
  };
}

/**
 * The area whose shell (side navigation) a route's page sits in: a member or
 * back-office route with an `areaNav` item in the route table. Others, such
 * as /application-pending, have the public header alone (decision 032).
 */
export function areaOf(route: AppRoute): Area | null {
  if (!route.areaNav) return null;
  return route.kind === 'member' || route.kind === 'admin' ? route.kind : null;
}

/** A route's page chunk (page-loaders.ts holds one loader per route of the table). */
function loadPageModule(route: AppRoute) {
  return pageLoaders[route.path as RoutePath]();
}

async function loadPage(route: AppRoute) {
  const code = pageCode(route);
  const [{ default: Page }, defaults, guard, , shell] = await Promise.all([
    code.page,
    code.defaults,
    code.guard,
    code.system,
    code.area,
  ]);
  let element = <Page />;
  // Inside the guard: the area's navigation shows only once the guard lets the person in.
  const area = areaOf(route);
  if (shell && area) element = <shell.AreaLayout area={area}>{element}</shell.AreaLayout>;
  if (guard) {
    element = (
      <guard.RouteGuard kind={route.kind} requiresAal2={requiresAal2(route)}>
        {element}
      </guard.RouteGuard>
    );
  }
  if (defaults) element = <defaults.QueryDefaults>{element}</defaults.QueryDefaults>;
  return element;
}

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
    lazy: async () => ({ element: await loadPage(route) }),
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

/**
 * `prerendered`: the page on screen came as HTML (scripts/prerender.ts). The
 * router then treats it as server-rendered, as react-router means it to:
 * starting up, it leaves the scroll position alone (a reader may have
 * scrolled, or tapped a link lower down, while the app was loading; the
 * router would otherwise scroll to the top under them) and still restores a
 * position saved for a reload.
 */
export function createAppRouter({ prerendered = false }: { prerendered?: boolean } = {}) {
  return createBrowserRouter(appRoutes, prerendered ? { hydrationData: {} } : undefined);
}

/**
 * Resolves the lazy routes matching `pathname` in place, as the router would
 * on its first navigation. Hydrating a prerendered page needs them before the
 * router exists: a router created with unresolved matches renders its loading
 * fallback first, which is not the markup on the page.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * The first page's data, asked for as soon as the page's own chunk has run
 * rather than once the Chakra system, the router and the first render are
 * ready: a shared search link's results travel while the app starts. Only for
 * the address the app opens with; later navigations start theirs on render.
 */
export async function preloadPageData(url: URL): Promise<void> {
  const route = routes.find((candidate) => matchPath(candidate.path, url.pathname) !== null);
  if (!route) return;
  try {
    (await loadPageModule(route)).preloadData?.(url);
  } catch {
    // The router loads the page itself and shows its error; a preload has nothing to add.
  }
}
