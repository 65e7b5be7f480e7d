import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';

import { takePrerenderedDescription } from '../components/page-meta';
import { selectSystemForPrerender } from '../theme/chakra-system';
import { Providers } from './providers';
import { appRoutes, pageCode } from './router';
import { routes } from '../routes/routes';

/**
 * The build's server side (run by scripts/prerender.ts through Vite, never
 * shipped): renders a public page to HTML as an anonymous visitor first sees
 * it — the same tree main.tsx hydrates, so React adopts the markup instead of
 * redrawing it (docs/decisions/019-prerendered-public-pages.md).
 */

export interface PrerenderedPage {
  path: string;
  /** The markup that goes inside #root, Chakra's styles included. */
  html: string;
  /** The document title, as app-layout.tsx sets it in the browser. */
  title: string;
  /** The page's meta description, or null when it keeps the site's. */
  description: string | null;
  /** The modules the page loads beyond the first load (router.tsx's pageCode), as the prerenderer's Vite loaded them. */
  modules: unknown[];
}

export const prerenderedPaths: readonly string[] = routes.filter((route) => route.prerender).map((route) => route.path);

export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const route = routes.find((candidate) => candidate.path === path && candidate.prerender);
  if (!route) throw new Error(`${path} is not a prerendered route (routes.ts marks them with prerender: true).`);
  await selectSystemForPrerender(!route.lean);

  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, 'http://accord.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect (${context.status}); it cannot be prerendered.`);
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw new Error(`${path} failed to render`, { cause: error });
  }
  const router = createStaticRouter(handler.dataRoutes, context);

  takePrerenderedDescription();
  // A part that throws on the server would be sent as its fallback and drawn
  // only in the browser: the page would not be what it claims to be.
  const failures: unknown[] = [];
  // prerender (unlike renderToString) waits for lazy parts under Suspense (the home page's
  // figures), so the HTML holds them rather than their fallbacks.
  const { prelude } = await prerender(
    <StrictMode>
      <Providers navigate={() => undefined}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    {
      onError: (error) => void failures.push(error),
      // React moves large Suspense content to the end of the HTML, revealed
      // later by an inline script, so a streamed shell paints sooner. A
      // prerendered page is sent whole: that would only delay its first paint.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  if (failures.length > 0) throw new Error(`${path} did not render on the server`, { cause: failures[0] });
  const html = await new Response(prelude).text();
  const description = takePrerenderedDescription();
  const modules = await Promise.all(Object.values(pageCode(route)).filter((module) => module !== null));
  return { path, html, title: `${route.title} — Accord`, description, modules };
}
