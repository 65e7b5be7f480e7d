import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';

import type { SessionFacts } from '../../machines/access';
import { sessionMachine, type LoadedFacts } from '../../machines/session.machine';
import { toaster, Toaster } from '../components/toaster';
import { SessionProvider } from '../session/session-context';
import { TestProviders } from '../testing/render';
import { sessionLogicFor } from '../testing/session';
import { factsFor } from '../testing/session-facts';
import { RouteGuard, CHECKING_ACCESS_LABEL } from './route-guard';
import type { RouteKind } from './routes';

function Where() {
  const location = useLocation();
  return <p>now at {`${location.pathname}${location.search}`}</p>;
}

function renderGuarded(kind: RouteKind, at: string, logic: typeof sessionMachine) {
  const router = createMemoryRouter(
    [
      { path: at.split('?')[0], element: <RouteGuard kind={kind}><p>the protected page</p></RouteGuard> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <StrictMode>
      <TestProviders>
        <SessionProvider logic={logic} navigate={(to) => void router.navigate(to)}>
          <RouterProvider router={router} />
          <Toaster />
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
