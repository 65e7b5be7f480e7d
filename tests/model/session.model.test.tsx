/**
 * The session, walked along every path generated from its machine, through
 * what a person sees: the nav bar (Member Login, Member Dashboard, the account
 * menu and its Sign Out), a guarded member page, the toasts and where the app
 * goes. The auth client's announcements and the two effects (loading the
 * facts, signing out) are the only stand-ins; everything above them — the
 * provider, the machine, the guard, the nav bar — is the real code.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

import type { SessionContext, SessionEvent } from '../../machines/session.machine.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { RouteGuard } from '../../src/app/route-guard.tsx';
import { SessionProvider, useSession } from '../../src/session/session-context.tsx';
import { toaster, ToastList } from '../../src/components/toaster.tsx';
import { TestProviders } from '../../src/testing/render.tsx';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { ADA_NEW_EMAIL, PEOPLE, SAMPLE, sessionModel } from './session.model.ts';

const stand = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  const { fromCallback } = await import('xstate');
  const auth = { send: (() => undefined) as (event: { type: string }) => void };
  return {
    auth,
    seam: createActorSeam(['loadFacts', 'signOut']),
    // The auth client's onAuthStateChange, as the test's remote control.
    listenToAuth: fromCallback(({ sendBack }) => {
      auth.send = sendBack;
    }),
  };
});

// Only the effects are replaced, where the app provides them to the machine.
vi.mock('../../src/actors/session-actors', () => ({
  createSessionActors: () => ({ listenToAuth: stand.listenToAuth, ...stand.seam.actors }),
}));

const model = buildModel(sessionModel);

// What a person reads, spelled out rather than imported.
const TEXT = {
  checking: 'Checking your access…',
  memberPage: 'Member dashboard page',
  loadFailedTitle: "We couldn't load your account",
  reload: 'Reload my facts',
  toasts: {
    signedOut: ['Signed out', 'You have been successfully signed out.'],
    signOutError: ['Sign out error', 'There was a problem signing out. Please try again.'],
    signOutFailed: ['Sign out failed', 'An unexpected error occurred.'],
  },
} as const;

function Where({ label }: { label: string }) {
  const location = useLocation();
  return <p>{`${label} at ${location.pathname}${location.search}`}</p>;
}

/** Stands for a page that changed the person's facts (a tenant invitation accepted) and asks for them again. */
function ReloadFacts() {
  const { reloadFacts } = useSession();
  return (
    <button type="button" onClick={() => void reloadFacts()}>
      {TEXT.reload}
    </button>
  );
}

let router: ReturnType<typeof createMemoryRouter>;

function renderApp(): UserEvent {
  router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          {
            path: '/dashboard',
            element: (
              <RouteGuard kind="member">
                <p>{TEXT.memberPage}</p>
              </RouteGuard>
            ),
          },
          { path: '/login', element: <Where label="Login page" /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <TestProviders>
      <SessionProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <ReloadFacts />
        <ToastList />
      </SessionProvider>
    </TestProviders>,
  );
  return userEvent.setup();
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as SessionContext;
const here = () => router.state.location.pathname;
const nav = () => screen.getByRole('banner');
const initialOf = (context: SessionContext) => context.user!.email.charAt(0).toUpperCase();

function expectNavSignedOut() {
  expect(within(nav()).getAllByRole('link', { name: 'Member Login' })[0]).toHaveAttribute('href', '/login');
  expect(within(nav()).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
}

function expectNavWaiting() {
  expect(within(nav()).queryByRole('link', { name: 'Member Login' })).not.toBeInTheDocument();
  expect(within(nav()).queryByRole('link', { name: /Dashboard/ })).not.toBeInTheDocument();
}

function expectNavSignedIn(context: SessionContext) {
  expect(within(nav()).getByRole('link', { name: 'Member Dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(within(nav()).queryByRole('link', { name: 'Member Login' })).not.toBeInTheDocument();
  expect(within(nav()).getByRole('button', { name: 'Account menu' })).toHaveTextContent(initialOf(context));
}

/** The page's own status (the layout has another, the reachability banner's, empty while all is well). */
const pageStatus = () => within(screen.getByRole('main')).getByRole('status');

/** What a person sees in each state of the machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  starting: () => {
    expectNavWaiting();
    expect(pageStatus()).toHaveTextContent(TEXT.checking);
  },
  signedOut: () => {
    expectNavSignedOut();
    // Either the guard sent them from the member page (remembering it), or they signed out.
    expect(here()).toBe('/login');
    expect(screen.getByText(/^Login page at \/login(\?next=%2Fdashboard)?$/)).toBeInTheDocument();
  },
  loading: (snapshot) => {
    expectNavWaiting();
    if (here() === '/dashboard') expect(pageStatus()).toHaveTextContent(TEXT.checking);
    expect(stand.seam.running('loadFacts')).toEqual({ input: { userId: contextOf(snapshot).user!.id } });
  },
  loadFailed: (snapshot) => {
    const context = contextOf(snapshot);
    expectNavSignedIn(context);
    if (here() === '/dashboard') {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(TEXT.loadFailedTitle);
      expect(alert).toHaveTextContent(SAMPLE.loadFailure);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText(TEXT.memberPage)).not.toBeInTheDocument();
    }
  },
  signedIn: (snapshot) => {
    expectNavSignedIn(contextOf(snapshot));
    if (here() === '/dashboard') expect(screen.getByText(TEXT.memberPage)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
  reloading: (snapshot) => {
    // The old facts stay: the nav and the page do not fall back to “Checking your access…”.
    expectNavSignedIn(contextOf(snapshot));
    if (here() === '/dashboard') expect(screen.getByText(TEXT.memberPage)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.checking)).not.toBeInTheDocument();
    expect(stand.seam.running('loadFacts')).toEqual({ input: { userId: contextOf(snapshot).user!.id } });
  },
  signingOut: (snapshot) => {
    // Still signed in until the auth service answers.
    expect(within(nav()).getByRole('button', { name: 'Account menu' })).toHaveTextContent(initialOf(contextOf(snapshot)));
    expect(stand.seam.running('signOut')).toEqual({ input: undefined });
  },
};

async function expectToast([title, description]: readonly [string, string]) {
  const toast = (await screen.findByText(title)).closest('[role="status"], [role="alert"]') ?? document.body;
  expect(within(toast as HTMLElement).getByText(description)).toBeInTheDocument();
  // One toast at a time keeps the next step's screen unambiguous.
  act(() => toaster.remove());
}

async function openAccountMenu(user: UserEvent) {
  // The menu's code loads on demand; until then a disabled stand-in holds its place.
  await waitFor(() => expect(within(nav()).getByRole('button', { name: 'Account menu' })).toBeEnabled());
  await user.click(within(nav()).getByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

/** How each event happens: the auth client announces it, the person clicks, or an effect finishes. */
function executors(user: UserEvent) {
  const announce = async (step: { event: AnyEventObject }) => {
    act(() => stand.auth.send(step.event as SessionEvent));
  };
  return {
    'auth.initialSession': announce,
    'auth.signedIn': announce,
    'auth.tokenRefreshed': announce,
    'auth.mfaVerified': announce,
    'auth.signedOut': announce,
    'auth.userUpdated': async (step: { event: AnyEventObject }) => {
      await announce(step);
      const menu = await openAccountMenu(user);
      expect(within(menu).getByText(ADA_NEW_EMAIL)).toBeVisible();
      // Escape reaches the menu once it has taken focus (a frame after opening).
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    },
    'user.signOut': async () => {
      const menu = await openAccountMenu(user);
      const item = within(menu).getByRole('menuitem', { name: 'Sign Out' });
      // By keyboard, as a keyboard user would: once the open menu has taken focus,
      // arrow to the item and press Enter. (The menu moves focus a frame after opening.)
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await waitFor(async () => {
        if (!item.hasAttribute('data-highlighted')) await user.keyboard('{ArrowDown}');
        expect(item).toHaveAttribute('data-highlighted');
      });
      await user.keyboard('{Enter}');
    },
    'facts.reload': async () => {
      await user.click(screen.getByRole('button', { name: TEXT.reload }));
    },
    'user.retry': async () => {
      // The nav's dashboard button leads to the page that explains the failure.
      if (here() !== '/dashboard') await user.click(within(nav()).getByRole('link', { name: 'Member Dashboard' }));
      await user.click(await screen.findByRole('button', { name: 'Try again' }));
    },
  };
}

// The app loads the session machine lazily (session-context.tsx). Loading it
// once up front — after the mocks above are in place — keeps the first path
// from racing the import: auth events sent before it mounts would be lost.
await (await import('../../src/session/session-context.tsx')).preloadSessionRuntime(true);

describe('the session in the nav bar and on a member page, along paths generated from the machine', () => {
  const passed: ModelPath[] = [];

  beforeEach(() => {
    stand.seam.reset();
  });
  afterEach(() => {
    act(() => toaster.remove());
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  it('uses two people the nav bar tells apart by their initial', () => {
    expect(PEOPLE.ada.email.charAt(0)).not.toBe(PEOPLE.grace.email.charAt(0));
  });

  it('offers the sign-out outcomes the spec names', () => {
    expect(model.actorEvents.map((event) => event.label)).toEqual(
      expect.arrayContaining(['the session ends', 'the auth service refuses to sign out', 'signing out crashes']),
    );
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const user = renderApp();
      const states = Object.fromEntries(
        Object.entries(screens).map(([key, check]) => [key, async (snapshot: AnyMachineSnapshot) => waitFor(() => check(snapshot))]),
      );
      const signOutSteps = Object.fromEntries(
        model.actorEvents
          .filter((actorEvent) => actorEvent.src === 'signOut')
          .map((actorEvent) => [actorEvent.event.type, actorEvent]),
      );
      const base = executors(user);
      const events: Record<string, (step: { event: AnyEventObject }) => Promise<void>> = { ...base };
      for (const actorEvent of model.actorEvents) {
        if (actorEvent.src === 'loadFacts') {
          events[actorEvent.event.type] = async (step) => {
            await act(async () => stand.seam.settleAs({ ...actorEvent, event: step.event }));
          };
        }
      }
      for (const type of Object.keys(signOutSteps)) {
        events[type] = async (step) => {
          const kind = type.startsWith('xstate.error') ? 'error' : 'done';
          const outcome = kind === 'error' ? null : (step.event.output as { ok: boolean });
          // Like supabase-js: the client announces SIGNED_OUT before signOut resolves.
          if (outcome?.ok) act(() => stand.auth.send({ type: 'auth.signedOut' }));
          await act(async () => stand.seam.settleAs({ ...signOutSteps[type]!, event: step.event }));
          if (kind === 'error') await expectToast(TEXT.toasts.signOutFailed);
          else if (outcome?.ok) {
            // Plain /login: an explicit sign-out remembers nothing for the next person.
            await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login'));
            await expectToast(TEXT.toasts.signedOut);
          } else await expectToast(TEXT.toasts.signOutError);
        };
      }
      await path.test({ states, events });
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(model, passed);
  });
});
