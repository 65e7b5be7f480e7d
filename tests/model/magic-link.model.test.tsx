/**
 * The login page walked along every path generated from the magic-link
 * machine. Each step does what a person does (types, presses a button) or
 * finishes an effect the way the path says; after each step the screen must
 * show what that state means for the person. The last test fails if the paths
 * that passed leave any state or transition of the machine unvisited.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';

import type { MagicLinkContext, MagicLinkEvent } from '../../machines/magic-link.machine.ts';
import MemberLoginPage from '../../src/features/auth/member-login-page.tsx';
import { renderAt } from '../../src/testing/render.tsx';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { magicLinkModel } from './magic-link.model.ts';

const seam = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  return createActorSeam(['sendLink', 'verifyCode']);
});

// Only the effects are replaced, exactly where the app provides them to the
// machine; jsdom has no backend. The real one is exercised in tests/e2e.
vi.mock('../../src/actors/magic-link-actors', () => ({ magicLinkActors: seam.actors }));

const model = buildModel(magicLinkModel);

// What the page says, spelled out as a person reads it rather than imported.
const TEXT = {
  emailMissing: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, for example name@organisation.org.',
  codeInvalid: 'Enter the 6-digit code from the e-mail.',
  resent: 'We sent a new link. It replaces the previous one.',
  failureTitle: {
    send: "We couldn't send the link",
    resend: "We couldn't send a new link",
    verify: "That code didn't work",
  },
} as const;

function contextOf(snapshot: AnyMachineSnapshot): MagicLinkContext {
  return snapshot.context as MagicLinkContext;
}

function CallbackStandIn() {
  const location = useLocation();
  return <p>Callback page at {`${location.pathname}${location.search}`}</p>;
}

function renderLoginPage(): UserEvent {
  renderAt(<MemberLoginPage />, {
    at: '/login',
    routes: [{ path: '/auth/callback', element: <CallbackStandIn /> }],
  });
  // No pause between keystrokes: nothing on these screens reacts to typing speed.
  return userEvent.setup({ delay: null });
}

const emailField = () => screen.getByRole('textbox', { name: 'Work e-mail' });
const codeField = () => screen.getByRole('textbox', { name: '6-digit code' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

function expectFailure(failure: MagicLinkContext['failure']) {
  if (failure === null) {
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    return;
  }
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(TEXT.failureTitle[failure.kind]);
  expect(alert).toHaveTextContent(failure.message);
}

function expectEmailForm(context: MagicLinkContext) {
  expect(screen.getByRole('heading', { level: 1, name: 'Member login' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  const field = emailField();
  expect(field).toHaveValue(context.email);
  if (context.emailError === null) {
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(field).not.toHaveAccessibleDescription();
  } else {
    // The message is the one from the last press of the button: typing only
    // ever removes it (once the address is good), never rewrites it.
    expect([TEXT.emailMissing, TEXT.emailInvalid]).toContain(context.emailError);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(context.emailError);
    expect(field).toHaveFocus();
  }
  expectFailure(context.failure);
}

function expectCodeStep(context: MagicLinkContext) {
  expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Work e-mail' })).not.toBeInTheDocument();
  expect(screen.getByText(context.sentTo ?? '')).toBeInTheDocument();
  const field = codeField();
  expect(field).toHaveValue(context.code);
  if (context.codeError === null) {
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining(TEXT.codeInvalid));
  } else {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TEXT.codeInvalid));
  }
  if (context.resent && context.failure === null) expect(screen.getByRole('status')).toHaveTextContent(TEXT.resent);
  else expect(screen.queryByText(TEXT.resent)).not.toBeInTheDocument();
  expectFailure(context.failure);
}

/** What a person sees in each state of the machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  editing: (snapshot) => {
    expectEmailForm(contextOf(snapshot));
    expect(button('Send magic link')).toBeEnabled();
  },
  sending: (snapshot) => {
    const context = contextOf(snapshot);
    expectEmailForm(context);
    expect(button(/Sending link/)).toBeDisabled();
    expect(seam.running('sendLink')).toEqual({ input: { email: context.sentTo, type: undefined } });
  },
  awaitingCode: (snapshot) => {
    expectCodeStep(contextOf(snapshot));
    expect(button('Sign in with code')).toBeEnabled();
    expect(button('Resend link')).toBeEnabled();
    expect(button('Use a different e-mail')).toBeEnabled();
  },
  resending: (snapshot) => {
    const context = contextOf(snapshot);
    expectCodeStep(context);
    expect(button(/Sending…/)).toBeDisabled();
    expect(button('Sign in with code')).toBeDisabled();
    expect(button('Use a different e-mail')).toBeDisabled();
    expect(seam.running('sendLink')).toEqual({ input: { email: context.sentTo, type: undefined } });
  },
  verifying: (snapshot) => {
    const context = contextOf(snapshot);
    expectCodeStep(context);
    expect(button(/Signing in/)).toBeDisabled();
    expect(button('Resend link')).toBeDisabled();
    expect(button('Use a different e-mail')).toBeDisabled();
    expect(seam.running('verifyCode')).toEqual({ input: { email: context.sentTo, code: context.code } });
  },
  verified: (snapshot) => {
    // The machine's output says where to go; the page must actually go there.
    const { to } = snapshot.output as { to: string };
    expect(screen.getByText(`Callback page at ${to}`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Member login' })).not.toBeInTheDocument();
  },
};

type Step = { event: { type: string } };

/** The path's event with its data, typed as the machine declares it. */
function eventOf<TType extends MagicLinkEvent['type']>(step: Step) {
  return step.event as Extract<MagicLinkEvent, { type: TType }>;
}

/** How a person causes each event, and how the seam finishes each effect. */
function executors(user: UserEvent) {
  const replaceText = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.type(field, text);
  };
  const actorSteps = Object.fromEntries(
    model.actorEvents.map((actorEvent) => [
      actorEvent.event.type,
      // Outside act() React would warn that the effect's result updated the page unobserved.
      async (step: Step) => {
        await act(async () => seam.settleAs({ ...actorEvent, event: step.event }));
      },
    ]),
  );
  return {
    'user.changeEmail': async (step: Step) =>
      replaceText(emailField(), eventOf<'user.changeEmail'>(step).email),
    'user.submitEmail': async () => user.click(button('Send magic link')),
    'user.changeCode': async (step: Step) =>
      replaceText(codeField(), eventOf<'user.changeCode'>(step).code),
    'user.submitCode': async () => user.click(button('Sign in with code')),
    'user.resendLink': async () => user.click(button('Resend link')),
    'user.editEmail': async () => user.click(button('Use a different e-mail')),
    ...actorSteps,
  };
}

describe('magic-link sign-in on /login, along paths generated from the machine', () => {
  const passed: ModelPath[] = [];

  beforeEach(() => {
    seam.reset();
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const user = renderLoginPage();
      const states = Object.fromEntries(
        Object.entries(screens).map(([key, check]) => [
          key,
          // Screens change after effects settle and re-renders land: wait for the view
          // to match, generously, since the component tier shares two cores with the others.
          async (snapshot: AnyMachineSnapshot) => waitFor(() => check(snapshot)),
        ]),
      );
      await path.test({ states, events: executors(user) });
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(model, passed);
  });
});
