/**
 * /onboarding walked along every path generated from the onboarding machine
 * (two models: signed in, and step 1 signed out). Each path opens the real
 * page (session provider, page, facade hook, machine) with the effects
 * replaced at the seam where the app provides them (src/actors/onboarding-actors),
 * does what a person does (types, chooses files, presses buttons, uses the
 * address bar), finishes effects as the path says, and checks after every step
 * what the person sees and that `?step=` agrees with the machine. The last
 * test fails if the passing paths leave any state or transition unvisited.
 *
 * Answering a change request (/application-pending) has its own small machine,
 * walked the same way at the end of this file.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

import type { ChangeRequestResponseContext } from '../../machines/change-request-response.machine.ts';
import { STEP_TITLES, type ApplicationValues } from '../../machines/onboarding-form.ts';
import type { OnboardingContext } from '../../machines/onboarding.machine.ts';
import { SessionProvider } from '../../src/session/session-context.tsx';
import { ChangeRequestForm } from '../../src/features/onboarding/change-request-form.tsx';
import OnboardingPage from '../../src/features/onboarding/onboarding-page.tsx';
import { TestProviders, renderAt } from '../../src/testing/render.tsx';
import { factsFor, signedInFacts } from '../../src/testing/session-facts.ts';
import { sessionLogicFor } from '../../src/testing/session.tsx';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { changeRequestResponseModel } from './change-request-response.model.ts';
import { FILES, FOLDER_ID, SAMPLE, onboardingModel, onboardingSignedOutModel } from './onboarding.model.ts';

const stand = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  const { createMachine } = await import('xstate');
  const autosave = { parent: null as null | { send: (event: { type: string; folderId: string }) => void }, changes: 0 };
  return {
    seam: createActorSeam(['sendSignupLink', 'loadDraft', 'uploadFile', 'submitApplication', 'sendResponse']),
    autosave,
    // The autosave has a model of its own (draft-autosave.model.test.ts); here it only
    // counts the changes it is sent, and reports a saved draft when the path says so.
    autosaveStandIn: createMachine({
      id: 'draftAutosave',
      context: ({ input }: { input: { parent: typeof autosave.parent } }) => {
        autosave.parent = input.parent;
        return { savedAt: null };
      },
      initial: 'clean',
      states: { clean: {} },
      on: {
        'draft.changed': {
          actions: () => {
            autosave.changes += 1;
          },
        },
      },
    }),
  };
});

vi.mock('../../src/actors/onboarding-actors', () => ({
  onboardingActors: () => {
    const { sendSignupLink, loadDraft, uploadFile, submitApplication } = stand.seam.actors;
    return { sendSignupLink, loadDraft, uploadFile, submitApplication, draftAutosave: stand.autosaveStandIn };
  },
}));
vi.mock('../../src/actors/change-request-actors', () => ({
  changeRequestActors: () => ({ sendResponse: stand.seam.actors.sendResponse }),
}));

const model = buildModel(onboardingModel);
const signedOutModel = buildModel(onboardingSignedOutModel);
const responseModel = buildModel(changeRequestResponseModel);

// What the page says, spelled out as a person reads it rather than imported.
const TEXT = {
  loading: 'Loading your application…',
  loadFailed: "We couldn't load your application",
  signedInAs: 'You are signed in as',
  legalNameRequired: 'Enter the organisation’s legal name.',
  phoneInvalid: 'Enter a phone number with at least 6 digits, for example +44 20 7946 0000.',
  proofRequired: 'Upload proof of registration (PDF, PNG or JPEG, up to 10 MB).',
  gifRefused: 'Upload a PDF, PNG or JPEG file.',
  consentRequired: 'Confirm that the information is accurate and that you accept the terms.',
  notSubmitted: 'Your application was not submitted',
  emailInvalid: 'Enter a valid e-mail address, for example name@organisation.org.',
  sendFailed: "We couldn't send the link",
  resendFailed: "We couldn't send a new link",
} as const;

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as OnboardingContext;

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

let router: ReturnType<typeof createMemoryRouter>;

function renderOnboarding(signedIn: boolean, at: string): UserEvent {
  const facts = signedIn
    ? { status: 'signedIn' as const, ...signedInFacts({ email: SAMPLE.email }) }
    : factsFor('signedOut');
  router = createMemoryRouter(
    [
      {
        path: '/onboarding',
        element: (
          <>
            <OnboardingPage />
            <Probe />
          </>
        ),
      },
      { path: '*', element: <Probe /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <TestProviders>
      <SessionProvider navigate={(to) => void router.navigate(to)} logic={sessionLogicFor(facts)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
  // No pause between keystrokes; file inputs take any file so the GIF reaches the machine's own check.
  return userEvent.setup({ delay: null, applyAccept: false });
}

const location = () => screen.getByTestId('location').textContent ?? '';
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const combo = (name: RegExp) => screen.getByRole('combobox', { name });

/** The form shows the machine's values and errors, and ?step= is the machine's step. */
function expectForm(snapshot: AnyMachineSnapshot) {
  const context = ctx(snapshot);
  expect(screen.getByRole('heading', { level: 2, name: new RegExp(STEP_TITLES[context.step]) })).toBeInTheDocument();
  expect(location()).toBe(`/onboarding?step=${context.step}`);
  const errors = Object.values(context.errors).filter((message) => message !== undefined);
  for (const message of errors) expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  if (context.failure === null) expect(screen.queryByText(TEXT.notSubmitted)).not.toBeInTheDocument();
}

function expectValues(values: ApplicationValues, step: number) {
  if (step === 2) {
    expect(field(/Legal name/)).toHaveValue(values.legalName);
    expect(field(/Registration number/)).toHaveValue(values.registrationNumber);
    expect(combo(/Country of registration/)).toHaveValue(values.country);
    expect(combo(/Sector/)).toHaveValue(values.sector);
  }
  if (step === 3) {
    expect(field(/Contact person/)).toHaveValue(values.contactName);
    expect(field(/Phone/)).toHaveValue(values.contactPhone);
    expect(screen.getByRole('checkbox', { name: 'Healthcare' })).toHaveProperty('checked', values.useCases.includes('healthcare'));
  }
  if (step === 4) {
    if (values.proof) expect(screen.getByText(values.proof.name)).toBeInTheDocument();
    else expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  }
  if (step === 5) {
    expect(screen.getByRole('checkbox', { name: /I confirm/ })).toHaveProperty('checked', values.consent);
    if (values.legalName) expect(screen.getAllByText(values.legalName).length).toBeGreaterThan(0);
  }
}

const formScreen = (snapshot: AnyMachineSnapshot) => {
  expectForm(snapshot);
  expectValues(ctx(snapshot).values, ctx(snapshot).step);
};

/** What a person sees in each state of the onboarding machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  // Decided before the first render; nothing of its own is shown.
  starting: () => undefined,
  account: (snapshot) => {
    expect(screen.getByRole('heading', { level: 2, name: /Create your account/ })).toBeInTheDocument();
    // A visitor is on step 1, whatever the URL asked for.
    expect(location()).toBe('/onboarding?step=1');
    const failure = ctx(snapshot).failure;
    if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failure.message);
  },
  'account.enteringEmail': (snapshot) => {
    const context = ctx(snapshot);
    expect(field(/Work e-mail/)).toHaveValue(context.email);
    if (context.emailError) expect(field(/Work e-mail/)).toHaveAccessibleDescription(expect.stringContaining(context.emailError));
    else expect(field(/Work e-mail/)).not.toHaveAttribute('aria-invalid');
    if (context.failure) expect(screen.getByRole('alert')).toHaveTextContent(TEXT.sendFailed);
    expect(button('Send sign-up link')).toBeEnabled();
  },
  'account.sending': (snapshot) => {
    expect(stand.seam.running('sendSignupLink')).toEqual({ input: { email: ctx(snapshot).sentTo } });
    expect(screen.getAllByRole('button', { name: /Sending/ })[0]).toBeDisabled();
  },
  'account.linkSent': (snapshot) => {
    const context = ctx(snapshot);
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(context.sentTo ?? '')).toBeInTheDocument();
    if (context.failure) expect(screen.getByRole('alert')).toHaveTextContent(TEXT.resendFailed);
    expect(button('Resend link')).toBeEnabled();
  },
  loadingDraft: () => {
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.loading);
    expect(stand.seam.running('loadDraft')).toBeDefined();
  },
  draftUnavailable: (snapshot) => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(TEXT.loadFailed);
    expect(alert).toHaveTextContent(ctx(snapshot).failure?.message ?? '');
    expect(button('Try again')).toBeEnabled();
  },
  // Passed through by `always`: the step it lands on is checked instead.
  resolvingStep: () => undefined,
  editing: expectForm,
  'editing.step': expectForm,
  'editing.step.account': (snapshot) => {
    expectForm(snapshot);
    expect(screen.getByText(new RegExp(TEXT.signedInAs))).toHaveTextContent(SAMPLE.email);
    expect(button('Continue')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  },
  'editing.step.organisation': formScreen,
  'editing.step.contact': formScreen,
  'editing.step.documents': formScreen,
  'editing.step.documents.choosing': (snapshot) => {
    formScreen(snapshot);
    expect(button('Next')).toBeEnabled();
  },
  'editing.step.documents.uploading': (snapshot) => {
    expect(screen.getByRole('progressbar', { name: /Uploading proof of registration/ })).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    // The draft's earlier proof, if any, is named so the actor can remove it once the new one is stored.
    expect(stand.seam.running('uploadFile')).toEqual({
      input: { kind: 'proof', file: expect.objectContaining({ name: FILES.pdf.name }), folderId: expect.anything(), replaces: ctx(snapshot).values.proof?.path ?? null },
    });
  },
  'editing.step.review': formScreen,
  'editing.step.review.confirming': (snapshot) => {
    const failure = ctx(snapshot).failure;
    if (failure) {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(TEXT.notSubmitted);
      expect(alert).toHaveTextContent(failure.message);
    }
    expect(button('Submit application')).toBeEnabled();
  },
  'editing.step.review.submitting': () => {
    expect(button(/Submitting/)).toBeDisabled();
    expect(stand.seam.running('submitApplication')).toEqual({
      input: { payload: expect.objectContaining({ legal_name: SAMPLE.organisation.legalName, consent: true }) },
    });
  },
  submitted: () => {
    expect(location()).toBe('/application-submitted');
  },
};

type Step = { event: AnyEventObject };

/** The path's event with its data, as the model wrote it. */
const data = <T,>(step: Step) => step.event as unknown as T;

/** How a person causes each event, and how the seam finishes each effect. */
function executors(user: UserEvent, actorEvents: typeof model.actorEvents) {
  const replaceText = async (element: HTMLElement, text: string) => {
    await user.clear(element);
    if (text !== '') await user.type(element, text);
  };
  const fill = async (values: Partial<ApplicationValues>) => {
    if (values.legalName !== undefined) await replaceText(field(/Legal name/), values.legalName);
    if (values.tradingName !== undefined) await replaceText(field(/Trading name/), values.tradingName);
    if (values.registrationNumber !== undefined) await replaceText(field(/Registration number/), values.registrationNumber);
    if (values.country !== undefined) await user.selectOptions(combo(/Country of registration/), values.country);
    if (values.website !== undefined) await replaceText(field(/Website/), values.website);
    if (values.sector !== undefined) await user.selectOptions(combo(/Sector/), values.sector);
    if (values.size !== undefined) await user.selectOptions(combo(/Size/), values.size);
    if (values.contactName !== undefined) await replaceText(field(/Contact person/), values.contactName);
    if (values.contactPhone !== undefined) await replaceText(field(/Phone/), values.contactPhone);
    for (const useCase of values.useCases ?? []) {
      const label = { education: 'Education', healthcare: 'Healthcare', online_registration: 'Online registration', cross_border_verification: 'Cross-border verification' }[useCase];
      const box = screen.getByRole('checkbox', { name: label });
      if (!(box as HTMLInputElement).checked) await user.click(box);
    }
    if (values.expectedMonthlyVerifications !== undefined) await replaceText(field(/Expected verifications/), values.expectedMonthlyVerifications);
  };
  const actorSteps = Object.fromEntries(
    actorEvents.map((actorEvent) => [
      actorEvent.event.type,
      async (step: Step) => {
        await act(async () => stand.seam.settleAs({ ...actorEvent, event: step.event }));
      },
    ]),
  );
  return {
    'user.changeEmail': async (step: Step) => replaceText(field(/Work e-mail/), data<{ email: string }>(step).email),
    'user.sendLink': async () => user.click(button('Send sign-up link')),
    'user.resendLink': async () => user.click(button('Resend link')),
    'user.editEmail': async () => user.click(button('Use a different e-mail')),
    'user.change': async (step: Step) => fill(data<{ values: Partial<ApplicationValues> }>(step).values),
    'user.chooseFile': async (step: Step) => {
      const chosen = data<{ file: { name: string; type: string; size: number } }>(step).file;
      const file = new File(['x'.repeat(chosen.size)], chosen.name, { type: chosen.type });
      await user.upload(screen.getByLabelText(/Proof of registration/), file);
    },
    'user.removeFile': async () => user.click(button(/^Remove/)),
    'user.toggleConsent': async () => user.click(screen.getByRole('checkbox', { name: /I confirm/ })),
    'user.next': async () => user.click(screen.queryByRole('button', { name: 'Continue' }) ?? button('Next')),
    'user.back': async () => user.click(button('Back')),
    'user.submit': async () => user.click(button('Submit application')),
    'user.retry': async () => user.click(button('Try again')),
    'user.editSection': async (step: Step) => {
      const name = { 2: 'Edit organisation', 3: 'Edit contact and use', 4: 'Edit documents' }[data<{ step: 2 | 3 | 4 }>(step).step];
      await user.click(button(name));
    },
    // The address bar: the browser's Back/Forward or a pasted URL.
    'url.stepRequested': async (step: Step) => {
      await act(async () => router.navigate(`/onboarding?step=${data<{ step: number }>(step).step}`));
    },
    'draft.saved': async (step: Step) => {
      await act(async () => stand.autosave.parent?.send(data<{ type: string; folderId: string }>(step)));
    },
    ...actorSteps,
  };
}

describe('onboarding on /onboarding, along paths generated from the machine', () => {
  const passed: ModelPath[] = [];
  const passedSignedOut: ModelPath[] = [];

  beforeEach(() => {
    stand.seam.reset();
    stand.autosave.parent = null;
    stand.autosave.changes = 0;
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  const withChecks = () =>
    Object.fromEntries(
      Object.entries(screens).map(([key, check]) => [key, async (snapshot: AnyMachineSnapshot) => waitFor(() => check(snapshot))]),
    );

  for (const path of model.paths) {
    it(`signed in: ${path.description}`, async () => {
      const user = renderOnboarding(true, '/onboarding');
      await path.test({ states: withChecks(), events: executors(user, model.actorEvents) });
      passed.push(path);
    });
  }

  for (const path of signedOutModel.paths) {
    it(`signed out: ${path.description}`, async () => {
      const user = renderOnboarding(false, '/onboarding?step=3');
      await path.test({ states: withChecks(), events: executors(user, signedOutModel.actorEvents) });
      passedSignedOut.push(path);
    });
  }

  it('tells the autosave about every change it makes', async () => {
    const user = renderOnboarding(true, '/onboarding?step=2');
    await waitFor(() => expect(stand.seam.running('loadDraft')).toBeDefined());
    await act(async () => stand.seam.settle('loadDraft', { output: null }));
    await waitFor(() => expect(field(/Legal name/)).toBeInTheDocument());
    const before = stand.autosave.changes;
    await user.type(field(/Legal name/), 'Ab');
    expect(stand.autosave.changes).toBe(before + 2);
  });

  it('walks every state and every transition of the machine (both models together)', () => {
    const report = model.coverage(passed);
    const signedOut = signedOutModel.coverage(passedSignedOut);
    console.info(report.summary);
    console.info(signedOut.summary);
    expect(passed).toHaveLength(model.paths.length);
    expect(passedSignedOut).toHaveLength(signedOutModel.paths.length);
    // What the signed-in model leaves out (step 1 signed out) the signed-out model must reach, and vice versa.
    expect(report.states.missed, 'states no passing path reached').toEqual([]);
    expect(report.transitions.missed, 'transitions no passing path took').toEqual([]);
    expect(report.staleExclusions).toEqual([]);
    const excludedStates = report.states.excluded.map((e) => e.key).filter((key) => key !== 'starting');
    expect(excludedStates.filter((key) => !signedOut.states.covered.includes(key)), 'left to the signed-out model but not reached there').toEqual([]);
    const excludedTransitions = report.transitions.excluded.map((e) => e.key);
    expect(excludedTransitions.filter((key) => !signedOut.transitions.covered.includes(key))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// Answering a change request on /application-pending
// ---------------------------------------------------------------------------
const responseScreens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  editing: (snapshot) => {
    const context = snapshot.context as ChangeRequestResponseContext;
    const answer = screen.getByRole('textbox', { name: 'Your answer' });
    expect(answer).toHaveValue(context.response);
    if (context.responseError) expect(answer).toHaveAccessibleDescription(context.responseError);
    else expect(answer).not.toHaveAttribute('aria-invalid');
    if (context.file) expect(screen.getByText(context.file.name)).toBeInTheDocument();
    if (context.fileError) expect(screen.getByText(context.fileError)).toBeInTheDocument();
    if (context.failure) expect(screen.getByRole('alert')).toHaveTextContent(context.failure);
    else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(button('Send answer')).toBeEnabled();
  },
  sending: (snapshot) => {
    const context = snapshot.context as ChangeRequestResponseContext;
    expect(button(/Sending/)).toBeDisabled();
    expect(stand.seam.running('sendResponse')).toEqual({
      input: { organizationId: FOLDER_ID, response: context.response.trim(), file: context.file ? expect.objectContaining({ name: context.file.name }) : null },
    });
  },
  answered: () => {
    expect(answeredCalls).toBeGreaterThan(0);
  },
};

let answeredCalls = 0;

describe('answering a change request, along paths generated from its machine', () => {
  const passed: ModelPath[] = [];
  beforeEach(() => {
    stand.seam.reset();
    answeredCalls = 0;
  });

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(responseScreens).sort()).toEqual(stateNodesOf(responseModel.machine).map(stateKey).sort());
  });

  for (const path of responseModel.paths) {
    it(path.description, async () => {
      renderAt(<ChangeRequestForm organizationId={FOLDER_ID} onAnswered={() => (answeredCalls += 1)} />, { at: '/application-pending' });
      const user = userEvent.setup({ delay: null, applyAccept: false });
      const form = () => within(screen.getByRole('form', { name: 'Answer the change request' }));
      await path.test({
        states: Object.fromEntries(
          Object.entries(responseScreens).map(([key, check]) => [key, async (s: AnyMachineSnapshot) => waitFor(() => check(s))]),
        ),
        events: {
          'user.changeResponse': async (step: Step) => {
            const answer = form().getByRole('textbox', { name: 'Your answer' });
            await user.clear(answer);
            const text = data<{ response: string }>(step).response;
            if (text !== '') await user.type(answer, text);
          },
          'user.chooseFile': async (step: Step) => {
            const chosen = data<{ file: { name: string; type: string; size: number } }>(step).file;
            await user.upload(form().getByLabelText(/New proof of registration/), new File(['x'.repeat(chosen.size)], chosen.name, { type: chosen.type }));
          },
          'user.removeFile': async () => user.click(form().getByRole('button', { name: /^Remove/ })),
          'user.send': async () => user.click(form().getByRole('button', { name: 'Send answer' })),
          ...Object.fromEntries(
            responseModel.actorEvents.map((actorEvent) => [
              actorEvent.event.type,
              async (step: Step) => {
                await act(async () => stand.seam.settleAs({ ...actorEvent, event: step.event }));
              },
            ]),
          ),
        },
      });
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(responseModel, passed);
  });
});
