import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { holdIdentityLink, releaseIdentityLink } from '../../data/account/held-identity-link';
import { SessionProvider } from '../../session/session-context';
import { toaster, ToastList } from '../../components/toaster';
import { createFakeSupabase, type FakePerson } from '../../testing/fake-supabase';
import { TestProviders } from '../../testing/render';

const fake = vi.hoisted(() => ({ current: null as unknown }));
// The page uses the app's one client; here it is the fake auth server of each test.
vi.mock('../../data/client', () => ({
  configError: null,
  get supabase() {
    return fake.current;
  },
  // Only asked for when a link's tokens meet a session already held; no test here does both.
  createSessionInspector: () => {
    throw new Error('not used by these tests');
  },
}));

const { default: AuthCallbackPage } = await import('./auth-callback-page');

const member: FakePerson = { id: 'u-member', email: 'member@school.example', facts: { approvalStatus: 'approved' } };

function Where() {
  const location = useLocation();
  return <p>now at {`${location.pathname}${location.search}${location.hash}`}</p>;
}

function renderCallback(at: string, server: ReturnType<typeof createFakeSupabase>, { strict = true } = {}) {
  fake.current = server.client;
  const seen: string[] = [];
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  router.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}${state.location.hash}`));
  const app = (
    <TestProviders>
      <SessionProvider client={server.client} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, seen };
}

afterEach(() => {
  act(() => toaster.remove());
  releaseIdentityLink();
});

describe('AuthCallbackPage', () => {
  it('says it is signing the person in while it works', () => {
    renderCallback('/auth/callback?code=pending-code', createFakeSupabase());
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in link…');
  });

  it('exchanges a PKCE code exactly once under StrictMode, then goes where the facts say', async () => {
    const server = createFakeSupabase({ people: [member], codes: { 'code-once': member } });
    renderCallback('/auth/callback?code=code-once', server);
    expect(await screen.findByText('now at /dashboard')).toBeInTheDocument();
    expect(server.requests.filter((r) => r === 'auth/token?grant_type=pkce')).toHaveLength(1);
  });

  it('removes the code from the address bar before anything else happens', async () => {
    const server = createFakeSupabase({ people: [member], codes: { 'code-hidden': member } });
    const { seen } = renderCallback('/auth/callback?code=code-hidden&next=%2Fdashboard%2Fsettings', server);
    expect(await screen.findByText('now at /dashboard/settings')).toBeInTheDocument();
    expect(seen).toEqual(['/auth/callback', '/dashboard/settings']);
  });

  it('removes fragment tokens at once, and reports malformed ones on /login', async () => {
    const { seen } = renderCallback('/auth/callback#access_token=garbage&refresh_token=x', createFakeSupabase());
    expect(await screen.findByText('now at /login')).toBeInTheDocument();
    expect(seen[0]).toBe('/auth/callback');
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid token structure')).toBeInTheDocument();
  });

  it('"Authentication Failed" with the library\'s message for a spent code', async () => {
    renderCallback('/auth/callback?code=spent-code', createFakeSupabase());
    expect(await screen.findByText('now at /login')).toBeInTheDocument();
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(screen.getByText('invalid flow state, no valid flow state found')).toBeInTheDocument();
  });

  it('uses a session already held (the 6-digit code path), reusing the session facts without asking again', async () => {
    const server = createFakeSupabase({ people: [member], signedIn: member });
    // Without StrictMode, whose development-only remount restarts the session's load.
    renderCallback('/auth/callback', server, { strict: false });
    expect(await screen.findByText('now at /dashboard')).toBeInTheDocument();
    // The session machine's one load of the facts; the callback asked for none of its own.
    expect(server.rpcRequests().sort()).toEqual([
      'rpc/check_user_org_approval_status',
      'rpc/is_any_organization_admin',
      'rpc/is_user_admin',
    ]);
  });
});

describe('a provider’s return from linking an identity (decision 067)', () => {
  const NORTHWIND = 'Northwind sign-in';
  const startedHere = (person: FakePerson = member) =>
    holdIdentityLink({ provider: 'keycloak', providerLabel: NORTHWIND, userId: person.id, email: person.email, returnTo: '/dashboard/settings' });
  const exchanges = (server: ReturnType<typeof createFakeSupabase>) => server.requests.filter((r) => r === 'auth/token?grant_type=pkce');

  it('names the account and links nothing until “Link”, which the keyboard reaches from the question', async () => {
    startedHere();
    const server = createFakeSupabase({ people: [member], signedIn: member, codes: { 'link-yes': member } });
    const { seen } = renderCallback('/auth/callback?link=keycloak&code=link-yes', server);
    const heading = await screen.findByRole('heading', { level: 1, name: `Link ${NORTHWIND} to your Accord account?` });
    expect(heading).toHaveFocus();
    expect(screen.getByText(`${NORTHWIND} will be linked to the Accord account ${member.email}. After that, signing in with ${NORTHWIND} opens this account.`)).toBeInTheDocument();
    expect(seen[0]).toBe('/auth/callback');
    expect(exchanges(server)).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.tab();
    expect(screen.getByRole('button', { name: `Link ${NORTHWIND}` })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('now at /dashboard/settings')).toBeInTheDocument();
    expect(await screen.findByText('Sign-in method linked')).toBeInTheDocument();
    expect(screen.getByText(`You can now sign in to ${member.email} with ${NORTHWIND}.`)).toBeInTheDocument();
    // One exchange, under StrictMode too: that exchange is the link.
    expect(exchanges(server)).toHaveLength(1);
  });

  it('“Cancel” never exchanges the code, and goes back to the settings', async () => {
    startedHere();
    const server = createFakeSupabase({ people: [member], signedIn: member, codes: { 'link-no': member } });
    renderCallback('/auth/callback?link=keycloak&code=link-no', server);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('now at /dashboard/settings')).toBeInTheDocument();
    expect(await screen.findByText('Nothing was linked')).toBeInTheDocument();
    expect(screen.getByText(`${NORTHWIND} was not linked to ${member.email}.`)).toBeInTheDocument();
    expect(exchanges(server)).toEqual([]);
  });

  it('a link opened in a browser that did not start it says so and exchanges nothing', async () => {
    const server = createFakeSupabase({ people: [member], signedIn: member, codes: { 'link-sent': member } });
    renderCallback('/auth/callback?link=keycloak&code=link-sent', server);
    expect(await screen.findByText('now at /')).toBeInTheDocument();
    expect(await screen.findByText('Nothing was linked')).toBeInTheDocument();
    expect(screen.getByText(/^This link was started in another browser/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Link / })).toBeNull();
    expect(exchanges(server)).toEqual([]);
  });

  it('nor does one started here while another account was signed in', async () => {
    startedHere({ id: 'u-other', email: 'other@school.example' });
    const server = createFakeSupabase({ people: [member], signedIn: member, codes: { 'link-other': member } });
    renderCallback('/auth/callback?link=keycloak&code=link-other', server);
    expect(await screen.findByText('now at /')).toBeInTheDocument();
    expect(exchanges(server)).toEqual([]);
  });
});
