import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';

import type { SessionFacts } from '../../machines/access';
import { sessionMachine, type LoadedFacts, type SessionEvent, type SignOutResult } from '../../machines/session.machine';
import { toaster, ToastList } from '../components/toaster';
import { SessionProvider } from '../session/session-context';
import { TestProviders } from '../testing/render';
import { sessionLogicFor } from '../testing/session';
import { factsFor } from '../testing/session-facts';
import { DataError } from '../data/errors';
import { WRONG_CODE_MESSAGE } from '../data/mfa/mfa-errors';
import { proveSecondFactor } from '../data/mfa/prove-second-factor';
import { RouteGuard, CHECKING_ACCESS_LABEL } from './route-guard';
import type { RouteKind } from '../routes/routes';

function Where() {
  const location = useLocation();
  return <p>now at {`${location.pathname}${location.search}`}</p>;
}

// The data file is the seam: the challenge's one call to the auth server.
vi.mock('../data/mfa/prove-second-factor', () => ({ proveSecondFactor: vi.fn() }));

function renderGuarded(kind: RouteKind, at: string, logic: typeof sessionMachine, requiresAal2 = false) {
  const router = createMemoryRouter(
    [
      {
        path: at.split('?')[0],
        element: (
          <RouteGuard kind={kind} requiresAal2={requiresAal2}>
            <p>the protected page</p>
          </RouteGuard>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <StrictMode>
      <TestProviders>
        <SessionProvider logic={logic} navigate={(to) => void router.navigate(to)}>
          <RouterProvider router={router} />
          <ToastList />
        </SessionProvider>
      </TestProviders>
    </StrictMode>,
  );
  return router;
}

const withFacts = (facts: SessionFacts) => sessionLogicFor(facts);

afterEach(() => {
  act(() => toaster.remove());
});

describe('RouteGuard', () => {
  it('shows the page to someone allowed in', async () => {
    renderGuarded('member', '/dashboard', withFacts(factsFor('approvedMember')));
    expect(await screen.findByText('the protected page')).toBeInTheDocument();
  });

  it('announces that it is checking while the facts load, and shows nothing of the page', () => {
    const neverLoads = sessionMachine.provide({
      actors: {
        listenToAuth: fromCallback<EventObject>(({ sendBack }) => {
          sendBack({ type: 'auth.initialSession', user: { id: 'u1', email: 'a@b.example' } });
        }),
        loadFacts: fromPromise<LoadedFacts, { userId: string }>(() => new Promise(() => undefined)),
      },
    });
    renderGuarded('admin', '/admin/users', neverLoads);
    expect(screen.getByRole('status')).toHaveTextContent(CHECKING_ACCESS_LABEL);
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login remembering where they were, without a toast', async () => {
    renderGuarded('member', '/dashboard/settings?tab=2', withFacts({ status: 'signedOut' }));
    expect(await screen.findByText('now at /login?next=%2Fdashboard%2Fsettings%3Ftab%3D2')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Access Denied/ })).not.toBeInTheDocument();
  });

  it('refuses a non-admin on /admin/* once: one "Access Denied" toast, then /dashboard (even in StrictMode)', async () => {
    renderGuarded('admin', '/admin/dashboard', withFacts(factsFor('approvedMember')));
    expect(await screen.findByText('now at /dashboard')).toBeInTheDocument();
    expect(await screen.findAllByText('Access Denied')).toHaveLength(1);
    expect(screen.getByText("You don't have permission to access this area")).toBeInTheDocument();
  });

  it('sends a pending applicant to /application-pending with the Application Status toast', async () => {
    renderGuarded('member', '/dashboard', withFacts(factsFor('pending')));
    expect(await screen.findByText('now at /application-pending')).toBeInTheDocument();
    expect(await screen.findAllByText('Application Status')).toHaveLength(1);
    expect(screen.getByText('Your application is still under review')).toBeInTheDocument();
  });

  it('sends a person without an application to /onboarding with its toast', async () => {
    renderGuarded('member', '/dashboard', withFacts(factsFor('none')));
    expect(await screen.findByText('now at /onboarding')).toBeInTheDocument();
    expect(await screen.findByText('Please complete your onboarding process')).toBeInTheDocument();
  });

  it('says when the facts could not be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    let reachable = false;
    const flaky = sessionMachine.provide({
      actors: {
        listenToAuth: fromCallback<EventObject>(({ sendBack }) => {
          sendBack({ type: 'auth.initialSession', user: { id: 'u1', email: 'a@b.example' } });
        }),
        loadFacts: fromPromise<LoadedFacts, { userId: string }>(async () => {
          attempts += 1;
          if (!reachable) throw new Error("We couldn't reach Accord. Check your connection and try again.");
          return {
            profile: { id: 'u1', email: 'a@b.example', full_name: null },
            isSystemAdmin: false,
            isOrgAdmin: false,
            approvalStatus: 'approved',
            isStakeholder: false,
            investorLevel: null,
            assurance: { current: 'aal1', next: 'aal1' },
          };
        }),
      },
    });
    renderGuarded('member', '/dashboard', flaky);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your account");
    expect(alert).toHaveTextContent("We couldn't reach Accord. Check your connection and try again.");
    const failedAttempts = attempts;
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the protected page')).toBeInTheDocument();
    expect(attempts).toBe(failedAttempts + 1);
  });
});

describe('RouteGuard on a page that needs aal2 (decision 041)', () => {
  const admin = (current: 'aal1' | 'aal2', next: 'aal1' | 'aal2'): LoadedFacts => ({
    profile: { id: 'u1', email: 'root@accord.example', full_name: null },
    isSystemAdmin: true,
    isOrgAdmin: false,
    approvalStatus: null,
    isStakeholder: false,
    investorLevel: null,
    assurance: { current, next },
  });

  /** A session whose auth client the test drives, and whose level the test sets. */
  function driven(start: LoadedFacts) {
    const auth = { send: (_: SessionEvent) => undefined as void, loaded: start };
    const logic = sessionMachine.provide({
      actors: {
        listenToAuth: fromCallback<EventObject>(({ sendBack }) => {
          auth.send = sendBack;
          sendBack({ type: 'auth.initialSession', user: { id: 'u1', email: 'root@accord.example' } });
        }),
        loadFacts: fromPromise<LoadedFacts, { userId: string }>(async () => auth.loaded),
        signOut: fromPromise<SignOutResult>(async () => ({ ok: true })),
      },
    });
    return { auth, logic };
  }

  afterEach(() => vi.mocked(proveSecondFactor).mockReset());

  it('asks an administrator with a verified factor at aal1 for the code in place: no redirect, no page', async () => {
    const { logic } = driven(admin('aal1', 'aal2'));
    const router = renderGuarded('admin', '/admin/users', logic, true);
    const field = await screen.findByLabelText('6-digit code');
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your authentication code' })).toBeInTheDocument();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveFocus();
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('says a wrong code is wrong and keeps the focus in the field; a right one shows the page once the session is aal2', async () => {
    const user = userEvent.setup();
    const { auth, logic } = driven(admin('aal1', 'aal2'));
    vi.mocked(proveSecondFactor).mockRejectedValueOnce(new DataError(WRONG_CODE_MESSAGE, { code: 'mfa_verification_failed' }));
    renderGuarded('admin', '/admin/users', logic, true);
    const field = await screen.findByLabelText('6-digit code');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG_CODE_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(WRONG_CODE_MESSAGE));
    expect(screen.queryByText('the protected page')).not.toBeInTheDocument();

    // The right code: supabase-js upgrades the session and says MFA_CHALLENGE_VERIFIED.
    vi.mocked(proveSecondFactor).mockImplementationOnce(async () => {
      auth.loaded = admin('aal2', 'aal2');
      auth.send({ type: 'auth.mfaVerified', user: { id: 'u1', email: 'root@accord.example' } });
    });
    // The refused code is selected, so the next one replaces it.
    expect([field as HTMLInputElement].map((input) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toEqual(['000000']);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('the protected page')).toBeInTheDocument();
    expect(vi.mocked(proveSecondFactor).mock.calls.map(([, code]) => code)).toEqual(['000000', '123456']);
  });

  it('refuses anything but six digits without asking the server', async () => {
    const user = userEvent.setup();
    renderGuarded('admin', '/admin/users', driven(admin('aal1', 'aal2')).logic, true);
    const field = await screen.findByLabelText('6-digit code');
    await user.type(field, '12a4');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the six digits your authenticator app shows, without spaces.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(proveSecondFactor).not.toHaveBeenCalled();
  });

  it('"Cancel and sign out" signs out and goes to the login page', async () => {
    const user = userEvent.setup();
    renderGuarded('admin', '/admin/users', driven(admin('aal1', 'aal2')).logic, true);
    await user.click(await screen.findByRole('button', { name: 'Cancel and sign out' }));
    expect(await screen.findByText('now at /login')).toBeInTheDocument();
  });

  it('lets in an administrator at aal2, and one without a verified factor, without asking', async () => {
    for (const facts of [admin('aal2', 'aal2'), admin('aal1', 'aal1')]) {
      renderGuarded('admin', '/admin/users', driven(facts).logic, true);
      expect(await screen.findByText('the protected page')).toBeInTheDocument();
      expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('does not ask on a page that does not need aal2', async () => {
    renderGuarded('admin', '/admin/users', driven(admin('aal1', 'aal2')).logic, false);
    expect(await screen.findByText('the protected page')).toBeInTheDocument();
  });
});
