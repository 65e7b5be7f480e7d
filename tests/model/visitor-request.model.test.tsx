/**
 * /investors/access walked along every path generated from the visitor-request
 * machine. Each step does what a person does (types, chooses, presses Request
 * access) or finishes the submission the way the path says; after each step
 * the page must show what that state means for the person: what they typed,
 * the message at each field, the alert, the pending button, the confirmation.
 * The last test fails if the paths that passed leave any state or transition
 * of the machine unvisited.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';

import type { VisitorRequestContext, VisitorRequestEvent } from '../../machines/visitor-request.machine.ts';
import InvestorAccessPage from '../../src/features/investor/investor-access-page.tsx';
import { renderAt } from '../../src/testing/render.tsx';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { visitorRequestModel } from './visitor-request.model.ts';

const seam = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  return createActorSeam(['submitRequest']);
});

// Only the effect is replaced, where the app provides it to the machine; jsdom
// has no backend. The real one runs in tests/e2e/visitor-forms.test.ts.
vi.mock('../../src/actors/visitor-request-actors', () => ({ visitorRequestActors: () => seam.actors }));

const model = buildModel(visitorRequestModel);

// What the page says, spelled out as a person reads it rather than imported.
const TEXT = {
  name: 'Enter your name.',
  emailMissing: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, for example name@organisation.org.',
  organization: 'Enter the name of your fund, firm or organisation.',
  kind: 'Choose the kind of investor you are.',
  failureTitle: 'Your request was not sent',
  rateLimited: {
    address: /several from this e-mail address in the last hour.*Everything you typed is still here\. Please try again in an hour, or write to us at hello@accord\.network/,
    network: /several from your internet connection in the last hour.*Everything you typed is still here\. Please try again in an hour, or write to us at hello@accord\.network/,
    everyone: /more than we can take in just now.*Everything you typed is still here\. Please try again later, or write to us at hello@accord\.network/,
  },
  kept: 'Everything you typed is still here: press “Request access” to try again.',
  received: 'Thank you. We have your request.',
} as const;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as VisitorRequestContext;

const field = {
  name: () => screen.getByRole('textbox', { name: 'Full name' }),
  email: () => screen.getByRole('textbox', { name: 'Work e-mail' }),
  organization: () => screen.getByRole('textbox', { name: 'Fund, firm or organisation' }),
  kind: () => screen.getByRole('combobox', { name: 'Kind of investor' }),
  message: () => screen.getByRole('textbox', { name: /Message/ }),
};
type FieldName = keyof typeof field;
const FIELDS = Object.keys(field) as FieldName[];

function renderPage(): UserEvent {
  renderAt(<InvestorAccessPage />, { at: '/investors/access' });
  return userEvent.setup({ delay: null });
}

/** Every field shows what was typed; a field with a problem says so, is marked invalid, and only then. */
function expectForm(context: VisitorRequestContext) {
  expect(screen.getByRole('heading', { level: 1, name: 'Request investor access' })).toBeInTheDocument();
  for (const name of FIELDS) {
    const element = field[name]();
    expect(element).toHaveValue(context.values[name]);
    const error = context.errors[name];
    if (error) {
      expect(element).toHaveAttribute('aria-invalid', 'true');
      expect(element).toHaveAccessibleDescription(expect.stringContaining(error));
    } else {
      expect(element).not.toHaveAttribute('aria-invalid');
    }
  }
  const messages = Object.values(context.errors);
  for (const message of messages) expect([TEXT.name, TEXT.emailMissing, TEXT.emailInvalid, TEXT.organization, TEXT.kind]).toContain(message);
  const failure = context.failure;
  if (failure === null) {
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  } else {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(TEXT.failureTitle);
    if (failure.kind === 'rateLimited') expect(alert).toHaveTextContent(TEXT.rateLimited[failure.scope]);
    else expect(alert).toHaveTextContent(`${failure.message} ${TEXT.kept}`);
  }
}

/** What a person sees in each state of the machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  editing: (snapshot) => {
    expectForm(contextOf(snapshot));
    expect(screen.getByRole('button', { name: 'Request access' })).toBeEnabled();
  },
  submitting: (snapshot) => {
    const context = contextOf(snapshot);
    expectForm(context);
    expect(screen.getByRole('button', { name: /Sending request/ })).toBeDisabled();
    // Sent trimmed, every field, the optional message empty.
    expect(seam.running('submitRequest')).toEqual({
      input: {
        form: 'investorAccess',
        values: {
          name: context.values.name?.trim(),
          email: context.values.email?.trim(),
          organization: context.values.organization?.trim(),
          kind: context.values.kind,
          message: '',
        },
      },
    });
  },
  submitted: (snapshot) => {
    const { email } = snapshot.output as { email: string };
    const heading = screen.getByRole('heading', { level: 2, name: TEXT.received });
    expect(heading).toHaveFocus();
    const confirmation = within(screen.getByRole('region', { name: TEXT.received }));
    expect(confirmation.getByText(email)).toBeInTheDocument();
    expect(confirmation.getByText(/reviews every request, usually within three business days/)).toBeInTheDocument();
    expect(confirmation.getByText(/that e-mail carries a sign-in link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request access' })).not.toBeInTheDocument();
  },
};

type Step = { event: { type: string } };

function executors(user: UserEvent) {
  const actorSteps = Object.fromEntries(
    model.actorEvents.map((actorEvent) => [
      actorEvent.event.type,
      async (step: Step) => {
        await act(async () => seam.settleAs({ ...actorEvent, event: step.event }));
      },
    ]),
  );
  return {
    'user.change': async (step: Step) => {
      const { values } = step.event as Extract<VisitorRequestEvent, { type: 'user.change' }>;
      for (const [name, value] of Object.entries(values)) {
        const element = field[name as FieldName]();
        if (name === 'kind') {
          await user.selectOptions(element, value);
        } else {
          await user.clear(element);
          await user.type(element, value);
        }
      }
    },
    'user.submit': async () => {
      await user.click(screen.getByRole('button', { name: 'Request access' }));
      // When Send finds problems, the person lands on the first one, wherever they were.
      const first = FIELDS.map((name) => field[name]()).find((element) => element.getAttribute('aria-invalid') === 'true');
      if (first) await waitFor(() => expect(first).toHaveFocus());
    },
    ...actorSteps,
  };
}

describe('the investor access request on /investors/access, along paths generated from the machine', () => {
  const passed: ModelPath[] = [];

  beforeEach(() => {
    seam.reset();
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const user = renderPage();
      const states = Object.fromEntries(
        Object.entries(screens).map(([key, check]) => [
          key,
          async (snapshot: AnyMachineSnapshot) => waitFor(() => check(snapshot)),
        ]),
      );
      await path.test({ states, events: executors(user) });
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    const report = model.coverage(passed);
    console.info(report.summary);
    expect(passed).toHaveLength(model.paths.length);
    expect(report.states.missed, 'states no passing path reached').toEqual([]);
    expect(report.transitions.missed, 'transitions no passing path took').toEqual([]);
    expect(report.staleExclusions, 'exclusions that turned out reachable').toEqual([]);
    expect(report.states.percent).toBe(100);
    expect(report.transitions.percent).toBe(100);
  });
});
