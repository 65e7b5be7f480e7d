import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SessionProvider } from '../../session/session-context';
import { toaster, Toaster } from '../../components/toaster';
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
        <Toaster />
      </SessionProvider>
    </TestProviders>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, seen };
}

afterEach(() => {
  act(() => toaster.remove());
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
