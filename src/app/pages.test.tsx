import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../data/client';
import { TestProviders } from '../testing/render';
import { appRoutes } from './router';
import { routes } from './routes';
import { SessionFactsProvider } from './session-context';

const signedOutClient = {
  auth: {
    getSession: async () => ({ data: { session: null }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
  },
} as unknown as AccordClient;

function renderApp(url: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  render(
    <TestProviders>
      <SessionFactsProvider client={signedOutClient}>
        <RouterProvider router={router} />
      </SessionFactsProvider>
    </TestProviders>,
  );
}

const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, 'example');

describe('every route of the table', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders a real page in the shell', async (_path, route) => {
    renderApp(concretePath(route.path));

    const main = screen.getByRole('main');
    const heading = await within(main).findByRole('heading', { level: 1 });
    expect(heading.textContent?.trim()).not.toBe('');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(main.textContent).not.toMatch(/coming soon|lorem ipsum|\bTODO\b|placeholder/i);

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe(`${route.title} — Accord`));
  });

  it('shows the 404 page inside the shell for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Page Not Found — Accord'));
  });

  it('offers a skip link to the main content', async () => {
    renderApp('/');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
