/**
 * /admin/accept-invitation walked along every path generated from the
 * admin-invitation machine. Each step finishes an effect the way the path says
 * (or lets the 2-second delay pass, on fake timers); after each step the
 * screen must show what that state means: the spec's words, the buttons and
 * where they lead, and in the end where the page went. The last test fails if
 * the paths that passed leave any state or transition of the machine unvisited.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';

import type { AdminInvitationContext, AdminInvitationOutput } from '../../machines/admin-invitation.machine.ts';
import { INVITATION_SUCCESS_REDIRECT_MS } from '../../machines/timing.ts';
import AdminAcceptInvitationPage from '../../src/features/auth/admin-accept-invitation-page.tsx';
import {
  heldInvitationToken,
  holdInvitationToken,
  releaseInvitationToken,
} from '../../src/data/invitations/held-invitation-token.ts';
import { renderAt, TestProviders } from '../../src/testing/render.tsx';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { adminInvitationModel, adminInvitationNoTokenModel, NO_TOKEN_TRANSITION, SAMPLE_TOKEN } from './admin-invitation.model.ts';

const seam = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  return createActorSeam(['checkSession', 'acceptInvitation']);
});

// Only the effects are replaced, exactly where the app provides them to the
// machine; jsdom has no backend. The real ones are exercised in tests/e2e.
vi.mock('../../src/actors/admin-invitation-actors', () => ({ createAdminInvitationActors: () => seam.actors }));

const model = buildModel(adminInvitationModel);
const noTokenModel = buildModel(adminInvitationNoTokenModel);

// What the page says, spelled out as a person reads it rather than imported.
const TEXT = {
  failures: {
    noToken: 'Invalid invitation link. No token found.',
    notSignedIn: 'You must be logged in to accept this invitation.',
    invalidLink: 'Failed to process invitation. The link may be expired or invalid.',
    alreadyUsed: 'Failed to accept invitation. The link may be expired or already used.',
    emailMismatch:
      'This invitation was sent to a different e-mail address. Sign out, then sign in with the address the invitation was sent to.',
    unexpected: 'An unexpected error occurred while processing your invitation.',
  },
  alreadyAdmin: 'You are already a system administrator of the network!',
  nowAdmin: 'You are now a system administrator of the network.',
  onTheWay: 'Taking you to the admin dashboard…',
} as const;

const PAGE = `/admin/accept-invitation?token=${SAMPLE_TOKEN}`;
/** Where "Sign in to accept" leads: the member login, remembering the screen without its token (decision 027). */
const SIGN_IN_TO_ACCEPT = `/login?next=${encodeURIComponent('/admin/accept-invitation')}`;
/** How much real time a step may take between a screen appearing and the test moving the clock. */
const EARLY_MARGIN_MS = 500;
let leave = vi.fn<(output: AdminInvitationOutput) => void>();

function StandIn({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}${location.search}`}</p>;
}

/** The page's own address, shown beside it, so each screen check can see the token is not in it. */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function renderPage(at: string) {
  renderAt(
    <>
      <AdminAcceptInvitationPage leave={leave} />
      <Address />
    </>,
    {
    at,
    routes: [
      { path: '/login', element: <StandIn name="Member login" /> },
      { path: '/accord-login', element: <StandIn name="Admin login" /> },
      { path: '/', element: <StandIn name="Home" /> },
    ],
    },
  );
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AdminInvitationContext;
const heading = () => screen.getByRole('heading', { level: 1 });
const liveRegion = () => screen.getByRole('status');
const link = (name: string) => screen.getByRole('link', { name });

function expectNoErrorButtons() {
  expect(screen.queryByRole('link', { name: 'Go to Admin Login' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Go to Home' })).not.toBeInTheDocument();
}

/** What a person sees in each state of the machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  processing: () => {
    expect(heading()).toHaveTextContent('Accepting your invitation…');
    expect(liveRegion()).toHaveTextContent('Checking your invitation link…');
    expectNoErrorButtons();
    expect(leave).not.toHaveBeenCalled();
  },
  'processing.checkingSession': () => {
    expect(seam.running('checkSession')).toBeDefined();
    expect(seam.calls('acceptInvitation')).toEqual([]);
  },
  'processing.accepting': () => {
    expect(seam.running('acceptInvitation')).toEqual({ input: { token: SAMPLE_TOKEN } });
  },
  success: () => {
    expect(heading()).toHaveTextContent('Welcome to the back office');
    expect(liveRegion()).toHaveTextContent(TEXT.nowAdmin);
    expect(liveRegion()).toHaveTextContent(TEXT.onTheWay);
    expectNoErrorButtons();
    // Not yet: the spec gives the person 2 seconds to read it.
    expect(leave).not.toHaveBeenCalled();
  },
  alreadyAdmin: () => {
    expect(heading()).toHaveTextContent("You're already an administrator");
    expect(liveRegion()).toHaveTextContent(TEXT.alreadyAdmin);
    expect(liveRegion()).toHaveTextContent(TEXT.onTheWay);
    expectNoErrorButtons();
    expect(leave).not.toHaveBeenCalled();
  },
  error: (snapshot) => {
    const { failure } = contextOf(snapshot);
    expect(heading()).toHaveTextContent("We couldn't accept this invitation");
    expect(liveRegion()).toHaveTextContent(TEXT.failures[failure!]);
    expect(link('Go to Admin Login')).toHaveAttribute('href', '/accord-login');
    expect(link('Go to Home')).toHaveAttribute('href', '/');
    if (failure === 'notSignedIn') {
      // Signing in brings them back to this very link (the remembered location).
      expect(link('Sign in to accept')).toHaveAttribute('href', SIGN_IN_TO_ACCEPT);
    } else {
      expect(screen.queryByRole('link', { name: 'Sign in to accept' })).not.toBeInTheDocument();
    }
    expect(leave).not.toHaveBeenCalled();
  },
  redirecting: (snapshot) => {
    // The machine's output says where to go; the page must hand exactly that over, once.
    const output = snapshot.output as AdminInvitationOutput;
    expect(output).toEqual({ to: '/admin/dashboard', reloadSession: contextOf(snapshot).outcome === 'accepted' });
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(output);
  },
};

type Step = { event: { type: string } };

/** How each effect is finished, and how the delay passes. */
function executors() {
  const actorSteps = Object.fromEntries(
    [...model.actorEvents, ...noTokenModel.actorEvents].map((actorEvent) => [
      actorEvent.event.type,
      // Outside act() React would warn that the effect's result updated the page unobserved.
      async (step: Step) => {
        await act(async () => seam.settleAs({ ...actorEvent, event: step.event }));
      },
    ]),
  );
  const delaySteps = Object.fromEntries(
    model.delayEvents.map(({ event }) => [
      event.type,
      async () => {
        // The clock also follows real time (see beforeEach), which has moved a
        // little since the screen appeared: well before the spec's 2000 ms
        // nothing happens, and by 2000 ms the page has left.
        await act(async () => vi.advanceTimersByTimeAsync(INVITATION_SUCCESS_REDIRECT_MS - EARLY_MARGIN_MS));
        expect(leave).not.toHaveBeenCalled();
        await act(async () => vi.advanceTimersByTimeAsync(EARLY_MARGIN_MS));
      },
    ]),
  );
  return { ...actorSteps, ...delaySteps };
}

async function walk(path: ModelPath, at: string) {
  renderPage(at);
  const states = Object.fromEntries(
    Object.entries(screens).map(([key, check]) => [
      key,
      async (snapshot: AnyMachineSnapshot) =>
        waitFor(() => {
          check(snapshot);
          // From the first screen on, the token is no longer in the address (decision 027).
          if (screen.queryByTestId('address')) expect(screen.getByTestId('address')).toHaveTextContent(/^\/admin\/accept-invitation$/);
        }),
    ]),
  );
  await path.test({ states, events: executors() });
}

beforeEach(() => {
  seam.reset();
  releaseInvitationToken();
  leave = vi.fn();
  // The machine's delay runs on a clock the test moves. It also follows real
  // time, because Testing Library waits on setTimeout(0) between steps; the
  // screens are checked within milliseconds, far inside the 2 s.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the admin invitation screen, along paths generated from the machine', () => {
  const passed: ModelPath[] = [];
  const passedWithoutToken: ModelPath[] = [];

  it('waits the spec’s 2000 ms before leaving (the named delay)', () => {
    expect(model.machine.implementations.delays.successRedirect).toBe(2000);
    expect(INVITATION_SUCCESS_REDIRECT_MS).toBe(2000);
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      await walk(path, PAGE);
      passed.push(path);
    });
  }

  for (const path of noTokenModel.paths) {
    it(`without a token: ${path.description}`, async () => {
      await walk(path, '/admin/accept-invitation');
      // Nothing is asked of the server for a link that cannot be an invitation.
      expect(seam.calls('checkSession')).toEqual([]);
      expect(seam.calls('acceptInvitation')).toEqual([]);
      passedWithoutToken.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    const report = model.coverage(passed);
    const withoutToken = noTokenModel.coverage(passedWithoutToken);
    const allTransitions = report.transitions.total + report.transitions.excluded.length;
    const takenByBoth = new Set([...report.transitions.covered, ...withoutToken.transitions.covered]).size;
    console.info(
      `${report.summary}\nWith the no-token model: ${report.paths + withoutToken.paths} paths take ${takenByBoth} of ${allTransitions} transitions.`,
    );
    expect(passed).toHaveLength(model.paths.length);
    expect(report.states.missed, 'states no passing path reached').toEqual([]);
    expect(report.transitions.missed, 'transitions no passing path took').toEqual([]);
    expect(report.staleExclusions, 'exclusions that turned out reachable').toEqual([]);
    // The one transition the first model leaves out is the one the second takes.
    expect(report.transitions.excluded.map(({ key }) => key)).toEqual([NO_TOKEN_TRANSITION]);
    expect(withoutToken.transitions.covered).toContain(NO_TOKEN_TRANSITION);
    expect(takenByBoth).toBe(allTransitions);
  });
});

describe('the invitation token: read once, then held by the app and out of every address (decision 027)', () => {
  function renderWithRouter(at: string) {
    const router = createMemoryRouter(
      [
        { path: '/admin/accept-invitation', element: <AdminAcceptInvitationPage leave={leave} /> },
        { path: '/login', element: <StandIn name="Member login" /> },
      ],
      { initialEntries: [at] },
    );
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    return router;
  }

  it('takes the token out of the address by replacing the history entry, and holds it', async () => {
    const router = renderWithRouter(PAGE);
    await waitFor(() => expect(seam.running('checkSession')).toBeDefined());
    expect(router.state.location.pathname).toBe('/admin/accept-invitation');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(heldInvitationToken()).toBe(SAMPLE_TOKEN);
  });

  it('reads a token carried in the fragment too', async () => {
    const router = renderWithRouter(`/admin/accept-invitation#token=${SAMPLE_TOKEN}`);
    await act(async () => seam.settle('checkSession', { output: true }));
    await waitFor(() => expect(seam.running('acceptInvitation')).toEqual({ input: { token: SAMPLE_TOKEN } }));
    expect(router.state.location.hash).toBe('');
  });

  it('keeps the token while the invitee signs in, and accepts with it when they come back to the bare screen', async () => {
    renderWithRouter(PAGE);
    await act(async () => seam.settle('checkSession', { output: false }));
    await waitFor(() => expect(link('Sign in to accept')).toHaveAttribute('href', SIGN_IN_TO_ACCEPT));
    expect(heldInvitationToken()).toBe(SAMPLE_TOKEN);
  });

  it('uses the held token on the screen without one in the address (after the sign-in round trip)', async () => {
    holdInvitationToken(SAMPLE_TOKEN);
    renderPage('/admin/accept-invitation');
    await act(async () => seam.settle('checkSession', { output: true }));
    await waitFor(() => expect(seam.running('acceptInvitation')).toEqual({ input: { token: SAMPLE_TOKEN } }));
  });

  it.each([
    ['accepted', { success: true, error: null, message: 'ok' }],
    ['already an administrator', { success: false, error: 'already_admin', message: TEXT.alreadyAdmin }],
    ['already used', { success: false, error: 'already_used', message: 'used' }],
    ['for another address', { success: false, error: 'email_mismatch', message: 'mismatch' }],
  ])('forgets the token once the invitation is settled: %s', async (_outcome, answer) => {
    renderPage(PAGE);
    await act(async () => seam.settle('checkSession', { output: true }));
    await act(async () => seam.settle('acceptInvitation', { output: answer }));
    await waitFor(() => expect(heldInvitationToken()).toBeNull());
  });

  it('keeps it after an unexpected failure, for another try', async () => {
    renderPage(PAGE);
    await act(async () => seam.settle('checkSession', { output: true }));
    await act(async () => seam.settle('acceptInvitation', { error: new Error('Failed to fetch') }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(TEXT.failures.unexpected));
    expect(heldInvitationToken()).toBe(SAMPLE_TOKEN);
  });
});

describe('the admin invitation screen, around the machine', () => {
  it('moves focus to the new heading when the outcome is known, for keyboard and screen-reader users', async () => {
    renderPage(PAGE);
    await act(async () => seam.settle('checkSession', { output: false }));
    await waitFor(() => expect(heading()).toHaveTextContent("We couldn't accept this invitation"));
    expect(heading()).toHaveFocus();
  });

  it('the error screen’s buttons lead to the admin login and home', async () => {
    renderPage('/admin/accept-invitation?token=');
    await waitFor(() => expect(liveRegion()).toHaveTextContent(TEXT.failures.noToken));
    await act(async () => link('Go to Admin Login').click());
    expect(await screen.findByText('Admin login at /accord-login')).toBeInTheDocument();
  });

  it('without a `leave` override, already_admin navigates inside the app after 2 s', async () => {
    renderAt(<AdminAcceptInvitationPage />, {
      at: PAGE,
      routes: [{ path: '/admin/dashboard', element: <StandIn name="Dashboard" /> }],
    });
    await act(async () => seam.settle('checkSession', { output: true }));
    await act(async () =>
      seam.settle('acceptInvitation', { output: { success: false, error: 'already_admin', message: TEXT.alreadyAdmin } }),
    );
    await waitFor(() => expect(liveRegion()).toHaveTextContent(TEXT.alreadyAdmin));
    await act(async () => vi.advanceTimersByTimeAsync(INVITATION_SUCCESS_REDIRECT_MS));
    expect(await screen.findByText('Dashboard at /admin/dashboard')).toBeInTheDocument();
    expect(within(document.body).queryByRole('heading', { name: "You're already an administrator" })).not.toBeInTheDocument();
  });
});
