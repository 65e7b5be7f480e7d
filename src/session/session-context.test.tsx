// Runs isolated: after some files in a shared worker, signing out did not reach the login route (decisions 074, 085).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { AppLayout } from '../app/app-layout';
import { RouteGuard } from '../app/route-guard';
import { ToastList } from '../components/toaster';
import { createFakeSupabase, type FakePerson } from '../testing/fake-supabase';
import { TestProviders } from '../testing/render';
import { SessionProvider, useSessionFacts } from './session-context';

const member: FakePerson = {
  id: 'u-member',
  email: 'member@school.example',
  facts: { approvalStatus: 'approved', isOrgAdmin: true },
};
const admin: FakePerson = { id: 'u-admin', email: 'root@accord.example', facts: { isSystemAdmin: true } };

function Facts() {
  const facts = useSessionFacts();
  return <output aria-label="facts">{JSON.stringify(facts)}</output>;
}

const memberPages = ['/dashboard', '/dashboard/settings', '/dashboard/help', '/dashboard/members'];

function renderShell(fake: ReturnType<typeof createFakeSupabase>, at = '/') {
  const routes: RouteObject[] = [
    {
      element: <AppLayout />,
      children: [
        { path: '/', element: <Facts /> },
        { path: '/login', element: <p>login page</p> },
        ...memberPages.map((path) => ({
          path,
          element: (
            <RouteGuard kind="member">
              <p>member page {path}</p>
            </RouteGuard>
          ),
        })),
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <TestProviders>
      <SessionProvider client={fake.client} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
  return router;
}

const facts = () => JSON.parse(screen.getByRole('status', { name: 'facts' }).textContent ?? 'null') as { status: string };

describe('SessionProvider with the real actors', () => {
  it('reports a visitor as signed out and offers Member Login', async () => {
    renderShell(createFakeSupabase());
    await waitFor(() => expect(facts()).toEqual({ status: 'signedOut' }));
    expect(screen.getAllByRole('link', { name: 'Member Login' })[0]).toHaveAttribute('href', '/login');
  });

  it('loads the profile and every fact for a stored session, with the nav bar to match', async () => {
    const fake = createFakeSupabase({ people: [member], signedIn: member });
    renderShell(fake);
    await waitFor(() => expect(facts()).toMatchObject({ status: 'signedIn', approval: 'approved', isOrgAdmin: true }));
    expect(fake.requests.sort()).toEqual([
      'investor_access?maybeSingle',
      'profiles?single',
      'rpc/check_user_org_approval_status',
      'rpc/is_any_organization_admin',
      'rpc/is_user_admin',
      'stakeholders?maybeSingle',
    ]);
    expect(screen.getByRole('link', { name: 'Member Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('labels the dashboard button Admin Dashboard for a system admin', async () => {
    const fake = createFakeSupabase({ people: [admin] });
    renderShell(fake);
    await waitFor(() => expect(facts()).toEqual({ status: 'signedOut' }));
    act(() => fake.signIn(admin));
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('asks the server nothing more while a member moves between member pages', async () => {
    const fake = createFakeSupabase({ people: [member], signedIn: member });
    const router = renderShell(fake, '/dashboard');
    expect(await screen.findByText('member page /dashboard')).toBeInTheDocument();
    const before = [...fake.requests];
    expect(fake.rpcRequests()).toHaveLength(3);
    for (const path of [...memberPages.slice(1), '/dashboard']) {
      await act(() => router.navigate(path));
      expect(await screen.findByText(`member page ${path}`)).toBeInTheDocument();
    }
    // A repeated SIGNED_IN for the same person (tab refocus) changes nothing either.
    act(() => fake.signIn(member));
    expect(fake.requests).toEqual(before);
  });

  it('signs out from the account menu: "Signed out", /login, Member Login again', async () => {
    const user = userEvent.setup();
    const fake = createFakeSupabase({ people: [member], signedIn: member });
    const router = renderShell(fake, '/dashboard');
    await screen.findByText('member page /dashboard');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(member.email)).toBeVisible();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('login page')).toBeInTheDocument();
    // Plain /login, not /login?next=/dashboard: the guard's redirect must not win.
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login'));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully signed out.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Member Login' }).length).toBeGreaterThan(0);
  });
});
