import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { decideAccess } from '../../machines/access';
import { SessionProvider } from '../session/session-context';
import { TestProviders } from '../testing/render';
import { sessionLogicFor } from '../testing/session';
import { factsFor, PERSON_KINDS } from '../testing/session-facts';
import { appRoutes } from './router';
import { routes, type AppRoute } from '../routes/routes';

const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, 'example');

/** Someone the guard lets in, so the test sees the page itself rather than a redirect. */
function personAllowedOn(route: AppRoute) {
  const path = concretePath(route.path);
  const person = PERSON_KINDS.find(
    (kind) => decideAccess(route.kind, factsFor(kind), { pathname: path, search: '' }).type === 'allow',
  );
  if (!person) throw new Error(`Nobody may open ${route.path}`);
  return factsFor(person);
}

function renderApp(url: string, route?: AppRoute) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const facts = route ? personAllowedOn(route) : ({ status: 'signedOut' } as const);
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(facts)} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
}

// Pages reach the backend through src/data; without a stack here, their queries fail
// quickly and the pages show their error states, which are pages all the same.
vi.mock('../data/client', () => ({
  configError: null,
  supabase: {
    // The callback page stays on "Signing you in…" for as long as the test looks at it.
    auth: { getSession: () => new Promise(() => undefined) },
    from: () => {
      const query = {
        select: () => query,
        eq: () => query,
        maybeSingle: async () => ({ data: null, error: null }),
        single: async () => ({ data: null, error: { message: 'no backend in this test', code: 'PGRST116' } }),
      };
      return query;
    },
  },
}));

describe('every route of the table', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders a real page in the shell', async (_path, route) => {
    renderApp(concretePath(route.path), route);

    // The router fetches the page's chunk (and, for most pages, the full theme
    // and the query defaults) before it renders the shell; under a loaded test
    // run the first imports of a file take a while (the configured ceiling: src/testing/wait-ceiling.ts).
    const main = await screen.findByRole('main');
    const heading = await within(main).findByRole('heading', { level: 1 });
    expect(heading.textContent?.trim()).not.toBe('');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(main.textContent).not.toMatch(/coming soon|lorem ipsum|\bTODO\b|placeholder/i);

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${route.title} — Accord`));
  });

  it('shows the 404 page inside the shell for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found — Accord'));
  });

  it('offers a skip link to the main content', async () => {
    renderApp('/');
    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  // Decision 032: in an area the side navigation is inside <main>, so the skip
  // link leads past it to the page itself (the browser test presses the keys).
  it.each([
    ['/dashboard/members', 'Member area'],
    ['/admin/tenants', 'Back office'],
  ])('on %s the skip link leads past the side navigation to the page', async (path, label) => {
    renderApp(path, routes.find((route) => route.path === path));
    const nav = await screen.findByRole('navigation', { name: label });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    await waitFor(() => expect(skip).toHaveAttribute('href', '#area-content'));
    const target = document.getElementById('area-content');
    expect(target).not.toBeNull();
    expect(target).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('main')).toContainElement(target);
    expect(target).not.toContainElement(nav);
    // After the navigation in document order, so the next Tab is past it.
    expect(nav.compareDocumentPosition(target!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(target!).getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
