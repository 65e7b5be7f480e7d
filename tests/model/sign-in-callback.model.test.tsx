/**
 * /auth/callback walked along every path generated from its machine. Each path
 * opens the real page (provider, facade hook, machine) with the effects
 * replaced at the seam where the app provides them, finishes each effect as
 * the path says, and checks what the person sees: "Signing you in…" while it
 * works, then the page they land on and the toast the spec prescribes.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

import { EMPTY_URL } from '../../machines/sign-in-callback-link.ts';
import type { CallbackContext, CallbackOutput } from '../../machines/sign-in-callback.machine.ts';
import { FALLBACK_REDIRECT_MS } from '../../machines/timing.ts';
import { SessionProvider } from '../../src/session/session-context.tsx';
import { toaster, ToastList } from '../../src/components/toaster.tsx';
import AuthCallbackPage from '../../src/features/auth/auth-callback-page.tsx';
import { TestProviders } from '../../src/testing/render.tsx';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { heldInvitationToken, releaseInvitationToken } from '../../src/data/invitations/held-invitation-token.ts';
import {
  ADA,
  ADA_LINK,
  CHECKED_TOKENS,
  CODES,
  GRACE,
  ORG_ID,
  SAMPLE,
  signInCallbackModel,
  TENANT_TOKEN,
  WELL_FORMED_JWT,
} from './sign-in-callback.model.ts';

const stand = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  const { fromCallback, fromPromise } = await import('xstate');
  return {
    seam: createActorSeam([
      'readUrl',
      'identifyAccounts',
      'takeIdentityLink',
      'establishSession',
      'getCurrentSession',
      'waitForFacts',
      'acceptTenantInvitation',
      'reloadFacts',
      'signOut',
      'proveSecondFactor',
    ]),
    quietSession: {
      listenToAuth: fromCallback(() => undefined),
      loadFacts: fromPromise(() => new Promise<never>(() => undefined)),
      signOut: fromPromise(() => new Promise<never>(() => undefined)),
    },
  };
});

// The callback's effects are the seam; the session it waits on is represented by waitForFacts.
vi.mock('../../src/actors/sign-in-callback-actors', () => ({ createSignInCallbackActors: () => stand.seam.actors }));
vi.mock('../../src/actors/session-actors', () => ({ createSessionActors: () => stand.quietSession }));

const model = buildModel(signInCallbackModel);

// What the person reads, spelled out rather than imported.
const TEXT = {
  heading: 'Signing you in…',
  working: 'Checking your sign-in link…',
  question: 'This link is for another account',
  accounts: `You are signed in as ${GRACE.email}. This link would sign you in as ${ADA.email}.`,
  stay: `Stay signed in as ${GRACE.email}`,
  switch: `Continue as ${ADA.email}`,
  challenge: 'Enter your authentication code',
  code: '6-digit code',
  verify: 'Verify',
  cancelChallenge: 'Cancel and sign out',
  cancelled: ['Signed out', 'You cancelled signing in. Sign in again when you have your authenticator app to hand.'],
  linkQuestion: `Link ${ADA_LINK.providerLabel} to your Accord account?`,
  linkAccount: `${ADA_LINK.providerLabel} will be linked to the Accord account ${ADA.email}. After that, signing in with ${ADA_LINK.providerLabel} opens this account.`,
  link: `Link ${ADA_LINK.providerLabel}`,
  cancelLink: 'Cancel',
  nothingLinked: 'Nothing was linked',
  elsewhere:
    'This link was started in another browser, or while another account was signed in here. It works only where it was started, so nothing was linked to any account. To link a sign-in method, start again from your account settings.',
} as const;

function Arrived() {
  const location = useLocation();
  const invited = (location.state as { fromInvitation?: boolean } | null)?.fromInvitation === true;
  return <p>{`Arrived at ${location.pathname}${location.search}${invited ? ' from an invitation' : ''}`}</p>;
}

function renderCallback() {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '*', element: <Arrived /> },
    ],
    { initialEntries: ['/auth/callback'] },
  );
  render(
    <TestProviders>
      <SessionProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CallbackContext;

function expectWorking() {
  expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(TEXT.working);
  expect(screen.queryByText(/^Arrived at/)).not.toBeInTheDocument();
}

/** Working, with exactly this effect running. */
function running(name: Parameters<typeof stand.seam.running>[0], input: (context: CallbackContext) => unknown = () => undefined) {
  return (snapshot: AnyMachineSnapshot) => {
    expectWorking();
    expect(stand.seam.running(name)).toEqual({ input: input(contextOf(snapshot)) });
  };
}

/** The challenge screen: its heading, one labelled numeric field, Verify and the way out; nothing else. */
function expectChallenge() {
  expect(screen.getByRole('heading', { level: 1, name: TEXT.challenge })).toBeInTheDocument();
  const field = screen.getByLabelText(TEXT.code);
  expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  expect(screen.queryByRole('heading', { name: TEXT.heading })).not.toBeInTheDocument();
  expect(screen.queryByText(/^Arrived at/)).not.toBeInTheDocument();
  return field;
}

/** The machine's output, carried out: the destination, invitation state and toast as the person sees them. */
function arrived(snapshot: AnyMachineSnapshot) {
  const output = snapshot.output as CallbackOutput;
  const invited = output.state?.fromInvitation ? ' from an invitation' : '';
  expect(screen.getByText(`Arrived at ${output.to}${invited}`)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: TEXT.heading })).not.toBeInTheDocument();
  if (output.toast) {
    expect(screen.getByText(output.toast.title)).toBeInTheDocument();
    expect(screen.getByText(output.toast.description)).toBeInTheDocument();
  }
}

/** A state the machine only passes through (eventless): paths never rest in it. */
function passesThrough(key: string) {
  return () => {
    throw new Error(`${key} decides at once; no path should stop in it`);
  };
}

/** What a person sees in each state of the machine, with the spec's destinations spelled out for the finals. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  readingUrl: running('readUrl'),
  classifyingLink: passesThrough('classifyingLink'),
  forwardingInvitation: passesThrough('forwardingInvitation'),
  checkingAccounts: running('identifyAccounts', (context) => context.credentials),
  confirmingAccountSwitch: () => {
    const heading = screen.getByRole('heading', { level: 1, name: TEXT.question });
    expect(screen.getByText(TEXT.accounts)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.stay })).toBeEnabled();
    expect(screen.getByRole('button', { name: TEXT.switch })).toBeEnabled();
    // The question takes the focus, so keyboard and screen-reader users start at it.
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('heading', { name: TEXT.heading })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Arrived at/)).not.toBeInTheDocument();
    // Nothing has been adopted while the person is asked.
    expect(stand.seam.running('establishSession')).toBeUndefined();
  },
  checkingIdentityLink: running('takeIdentityLink', () => ({ provider: 'keycloak', code: 'f3a1c0de' })),
  confirmingIdentityLink: () => {
    const heading = screen.getByRole('heading', { level: 1, name: TEXT.linkQuestion });
    // The account is named before anything happens, and the question is described by it for screen readers.
    expect(screen.getByText(TEXT.linkAccount)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: TEXT.linkQuestion })).toHaveAccessibleDescription(TEXT.linkAccount);
    expect(screen.getByRole('button', { name: TEXT.link })).toBeEnabled();
    expect(screen.getByRole('button', { name: TEXT.cancelLink })).toBeEnabled();
    expect(heading).toHaveFocus();
    expect(screen.queryByText(/^Arrived at/)).not.toBeInTheDocument();
    // The code is not exchanged, so nothing is linked, while the person is asked.
    expect(stand.seam.running('establishSession')).toBeUndefined();
  },
  identityLinked: (snapshot) => {
    // Back where the link was started, if this person may be there (an administrator may not be on a member's page).
    const admin = contextOf(snapshot).facts?.isSystemAdmin;
    expect(snapshot.output).toEqual({
      to: admin ? '/admin/applications' : '/dashboard/settings',
      toast: { type: 'success', title: 'Sign-in method linked', description: `You can now sign in to ${ADA.email} with ${ADA_LINK.providerLabel}.` },
    });
    // Linked by exchanging the code in this browser, after the person said yes.
    expect(stand.seam.calls('establishSession')).toEqual([{ kind: 'code', code: 'f3a1c0de' }]);
    arrived(snapshot);
  },
  linkCancelled: (snapshot) => {
    expect(snapshot.output).toEqual({
      to: '/dashboard/settings',
      toast: { type: 'info', title: TEXT.nothingLinked, description: `${ADA_LINK.providerLabel} was not linked to ${ADA.email}.` },
    });
    expect(stand.seam.calls('establishSession')).toEqual([]);
    arrived(snapshot);
  },
  linkFailed: (snapshot) => {
    expect(snapshot.output).toEqual({
      to: '/dashboard/settings',
      toast: { type: 'error', title: TEXT.nothingLinked, description: SAMPLE.rejectedSession },
    });
    arrived(snapshot);
  },
  linkStartedElsewhere: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/', toast: { type: 'warning', title: TEXT.nothingLinked, description: TEXT.elsewhere } });
    // Nobody's code is exchanged in a browser that did not start the link.
    expect(stand.seam.calls('establishSession')).toEqual([]);
    arrived(snapshot);
  },
  followingLink: passesThrough('followingLink'),
  adoptingInvitationSession: running('establishSession', (context) => context.credentials),
  establishingSession: running('establishSession', (context) => context.credentials),
  checkingSession: running('getCurrentSession'),
  awaitingFacts: running('waitForFacts', (context) => ({ userId: context.user!.id })),
  checkingAssurance: passesThrough('checkingAssurance'),
  challengingSecondFactor: () => {
    expectChallenge();
    // Nothing is done on the person's behalf until the code is proved.
    expect(stand.seam.calls('acceptTenantInvitation')).toEqual([]);
  },
  'challengingSecondFactor.awaitingCode': (snapshot) => {
    const field = expectChallenge();
    expect(screen.getByRole('button', { name: TEXT.verify })).toBeEnabled();
    expect(screen.getByRole('button', { name: TEXT.cancelChallenge })).toBeEnabled();
    const refused = contextOf(snapshot).codeError;
    if (refused) {
      // The refusal is said at the field, and the focus stays there for the next code.
      expect(screen.getByText(refused)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(refused));
    }
    expect(field).toHaveFocus();
  },
  'challengingSecondFactor.verifyingCode': () => {
    expectChallenge();
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: TEXT.cancelChallenge })).toBeDisabled();
    expect(stand.seam.running('proveSecondFactor')).toEqual({ input: { code: CODES.right } });
  },
  reloadingAssurance: running('reloadFacts'),
  cancellingChallenge: () => {
    expectChallenge();
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: TEXT.verify })).toBeDisabled();
    expect(stand.seam.running('signOut')).toEqual({ input: undefined });
  },
  challengeCancelled: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/login', toast: { type: 'info', title: TEXT.cancelled[0], description: TEXT.cancelled[1] } });
    arrived(snapshot);
  },
  routing: passesThrough('routing'),
  checkingInvitation: passesThrough('checkingInvitation'),
  acceptingInvitation: running('acceptTenantInvitation', () => ({ token: TENANT_TOKEN, orgId: ORG_ID })),
  reloadingFacts: running('reloadFacts'),
  checkingAdmin: passesThrough('checkingAdmin'),
  refusingNonAdmin: running('signOut'),
  invitationForwarded: (snapshot) => {
    // The token is held by the app for the invitation screen, never put in an address (decision 027).
    expect(snapshot.output).toEqual({ to: '/admin/accept-invitation', invitationToken: 'inv-123' });
    expect(heldInvitationToken()).toBe('inv-123');
    arrived(snapshot);
  },
  noToken: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/login', toast: { type: 'error', title: 'Authentication Error', description: 'No token found' } });
    arrived(snapshot);
  },
  invalidToken: (snapshot) => {
    expect((snapshot.output as CallbackOutput).toast?.description).toBe('Invalid token structure');
    arrived(snapshot);
  },
  unexpected: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/login', toast: { type: 'error', title: 'Authentication Error', description: 'Unexpected issue' } });
    arrived(snapshot);
  },
  authFailed: (snapshot) => {
    const output = snapshot.output as CallbackOutput;
    expect(output).toMatchObject({ to: '/login', toast: { title: 'Authentication Failed' } });
    // The library's message when it rejected the session, the server's when it refused the link.
    expect([SAMPLE.rejectedSession, SAMPLE.linkRefusal]).toContain(output.toast!.description);
    arrived(snapshot);
  },
  invitationExpired: (snapshot) => {
    // An expired sign-in link leaves them signed out (/login); an expired invitation, signed in, where they belong.
    const known = contextOf(snapshot).facts;
    const to = known === null ? '/login' : known.isSystemAdmin ? '/admin/applications' : '/dashboard';
    expect(snapshot.output).toMatchObject({ to, toast: { title: 'Invitation Failed' } });
    expect((snapshot.output as CallbackOutput).toast!.description).toMatch(/contact the system administrator/);
    arrived(snapshot);
  },
  invitationInvalid: (snapshot) => {
    expect((snapshot.output as CallbackOutput).toast).toMatchObject({
      title: 'Invitation Error',
      description: 'This invitation link appears to be invalid. Please contact your administrator for a new invitation.',
    });
    arrived(snapshot);
  },
  invitationFailed: (snapshot) => {
    expect((snapshot.output as CallbackOutput).toast).toMatchObject({
      title: 'Invitation Failed',
      description: 'Unable to process your tenant invitation.',
    });
    arrived(snapshot);
  },
  invitationAccepted: (snapshot) => {
    expect(snapshot.output).toMatchObject({ to: '/dashboard', state: { fromInvitation: true }, toast: { type: 'success' } });
    // The session was asked to reload first, whether or not that worked.
    expect(stand.seam.calls('reloadFacts')).toHaveLength(1);
    arrived(snapshot);
  },
  adminSignedIn: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/admin/applications' });
    arrived(snapshot);
  },
  adminOnly: (snapshot) => {
    expect(snapshot.output).toEqual({
      to: '/login',
      toast: { type: 'error', title: 'Access Denied', description: 'This login link is for administrators only.' },
    });
    arrived(snapshot);
  },
  keptAccount: (snapshot) => {
    // Grace stays Grace: her facts decide where she goes, and she is told she is still herself.
    expect(contextOf(snapshot).user).toEqual(GRACE);
    expect((snapshot.output as CallbackOutput).toast).toEqual({
      type: 'info',
      title: 'Still signed in',
      description: `You are still signed in as ${GRACE.email}.`,
    });
    expect(stand.seam.calls('establishSession')).toEqual([]);
    arrived(snapshot);
  },
  signupOnboarding: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/onboarding?step=1' });
    arrived(snapshot);
  },
  routed: (snapshot) => {
    const admin = contextOf(snapshot).facts?.isSystemAdmin;
    expect(snapshot.output).toEqual({ to: admin ? '/admin/applications' : '/dashboard' });
    arrived(snapshot);
  },
  timedOut: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/dashboard' });
    arrived(snapshot);
  },
};

/** How each event happens: an effect finishes as the path says, or the fallback's time passes. */
function executors() {
  const events: Record<string, (step: { event: AnyEventObject }) => Promise<void>> = {};
  for (const actorEvent of model.actorEvents) {
    events[actorEvent.event.type] = async (step) => {
      await act(async () => stand.seam.settleAs({ ...actorEvent, event: step.event }));
    };
  }
  events['user.switchAccount'] = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.switch })));
  };
  events['user.keepAccount'] = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.stay })));
  };
  events['user.submitCode'] = async (step) => {
    const code = String(step.event.code);
    await act(async () => fireEvent.change(screen.getByLabelText(TEXT.code), { target: { value: code } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.verify })));
  };
  events['user.cancelChallenge'] = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.cancelChallenge })));
  };
  events['user.confirmLink'] = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.link })));
  };
  events['user.cancelLink'] = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.cancelLink })));
  };
  for (const { event } of model.delayEvents) {
    events[event.type] = async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(FALLBACK_REDIRECT_MS);
      });
    };
  }
  return events;
}

// The app loads the session machine lazily (session-context.tsx). Loading it
// once up front — after the mocks above are in place — keeps the first path
// from racing the import: auth events sent before it mounts would be lost.
await (await import('../../src/session/session-context.tsx')).preloadSessionRuntime(true);

describe('/auth/callback along paths generated from the sign-in callback machine', () => {
  const passed: ModelPath[] = [];

  beforeEach(() => {
    stand.seam.reset();
    releaseInvitationToken();
    // Fake timers so the 5 s fallback can be jumped. Testing Library drives
    // them through the `jest` global it looks for; vitest's timers stand in.
    vi.useFakeTimers();
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    act(() => toaster.remove());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  it(`waits ${FALLBACK_REDIRECT_MS} ms before the fallback, not a moment less`, async () => {
    renderCallback();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_REDIRECT_MS - 1);
    });
    expectWorking();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await waitFor(() => expect(screen.getByText('Arrived at /dashboard')).toBeInTheDocument());
  });

  it('leaves the question to the person: the fallback does not answer it for them, however long they take', async () => {
    renderCallback();
    const tokens = { kind: 'tokens', accessToken: WELL_FORMED_JWT, refreshToken: 'r1' };
    await act(async () => stand.seam.settle('readUrl', { output: { ...EMPTY_URL, credentials: tokens } }));
    await act(async () => stand.seam.settle('identifyAccounts', { output: { current: GRACE, link: ADA, credentials: CHECKED_TOKENS } }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: TEXT.question })).toHaveFocus());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_REDIRECT_MS * 4);
    });
    expect(screen.getByRole('heading', { level: 1, name: TEXT.question })).toBeInTheDocument();
    expect(screen.queryByText(/^Arrived at/)).not.toBeInTheDocument();
    // Answered, the callback carries on with the checked session, not the link's original tokens.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.switch })));
    await waitFor(() => expect(stand.seam.running('establishSession')).toEqual({ input: CHECKED_TOKENS }));
    expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toHaveFocus();
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      renderCallback();
      const states = Object.fromEntries(
        Object.entries(screens).map(([key, check]) => [key, async (snapshot: AnyMachineSnapshot) => waitFor(() => check(snapshot))]),
      );
      await path.test({ states, events: executors() });
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(model, passed);
  });
});
