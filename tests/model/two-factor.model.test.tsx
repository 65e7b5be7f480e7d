/**
 * The two-factor section of the account settings walked along every path
 * generated from the two-factor machine. Each step finishes an effect the way
 * the path says, or does what a person does (name the app, type a code, copy
 * the key, remove an authenticator, cancel); after each step the section must
 * show what that state means. The last test fails if the passing paths leave
 * any state or transition of the machine unvisited.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';

import type { RemovableFactor, TwoFactorContext } from '../../machines/two-factor.machine.ts';
import { toaster, ToastList } from '../../src/components/toaster.tsx';
import type { SecondFactor } from '../../src/data/mfa/list-factors.ts';
import { TwoFactorSection } from '../../src/features/account/two-factor-section.tsx';
import { SessionProvider } from '../../src/session/session-context.tsx';
import { renderAt } from '../../src/testing/render.tsx';
import { sessionLogicFor } from '../../src/testing/session.tsx';
import { signedInFacts } from '../../src/testing/session-facts.ts';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { ENROLLED, PHONE, TABLET, twoFactorModel } from './two-factor.model.ts';

const seam = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  return createActorSeam(['enrol', 'verify', 'remove']);
});
const server = vi.hoisted(() => ({ factors: [] as SecondFactor[], discarded: [] as unknown[] }));

// Only the machine's effects are replaced, where the app provides them; the
// real ones run against the auth stand-in in tests/e2e/account-security.
vi.mock('../../src/actors/two-factor-actors', () => ({
  createTwoFactorActors: () => ({
    ...seam.actors,
    discard: fromPromise(async ({ input }) => {
      server.discarded.push(input);
    }),
  }),
}));
vi.mock('../../src/data/mfa/list-factors', async () => {
  const { mfaKeys } = await import('../../src/data/mfa/keys.ts');
  return { useFactors: () => useSWR(mfaKeys.factors, async () => [...server.factors]) };
});

const model = buildModel(twoFactorModel);
let user: UserEvent;

const listed = (factor: RemovableFactor): SecondFactor => ({ ...factor, createdAt: '2026-11-02T09:00:00Z' });
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as TwoFactorContext;
const setUpHeading = () => screen.queryByRole('heading', { level: 3 });
const dialog = () => screen.queryByRole('dialog', { name: 'Remove this authenticator?' });
const alertDialog = () => screen.queryByRole('alertdialog', { name: 'Remove this authenticator?' });
const setupCodeField = () => screen.getByLabelText('6-digit code from the app');

function renderSection() {
  renderAt(
    <SessionProvider
      logic={sessionLogicFor({ status: 'signedIn', ...signedInFacts({ approval: 'approved', assurance: { current: 'aal1', next: 'aal2' } }) })}
      navigate={() => undefined}
    >
      <TwoFactorSection client={{} as never} />
      <ToastList />
    </SessionProvider>,
    { at: '/dashboard/settings' },
  );
}

function expectMessage(text: string | null) {
  if (text) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
}

/** What a person sees in each state of the machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  idle: () => {
    expect(setUpHeading()).not.toBeInTheDocument();
    expect(dialog()).not.toBeInTheDocument();
    expect(alertDialog()).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your authenticator apps' })).toBeInTheDocument();
  },
  settingUp: () => {
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).not.toBeInTheDocument();
  },
  'settingUp.naming': (snapshot) => {
    const { name, nameProblem, error } = contextOf(snapshot);
    expect(setUpHeading()).toHaveTextContent('Set up an authenticator app');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue(name);
    expectMessage(nameProblem);
    if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
    else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
  'settingUp.enrolling': (snapshot) => {
    expect(seam.running('enrol')).toEqual({ input: { name: contextOf(snapshot).name.trim() } });
    expect(screen.getByRole('button', { name: /Continue|Preparing…/ })).toBeDisabled();
  },
  'settingUp.scanning': (snapshot) => {
    const { code, codeProblem, error, copied } = contextOf(snapshot);
    expect(setUpHeading()).toHaveTextContent('Scan the code with your authenticator app');
    expect(screen.getByRole('img', { name: `QR code to add “${ENROLLED.name}” for Accord to your authenticator app` })).toHaveAttribute(
      'src',
      ENROLLED.qrCode,
    );
    expect(setupCodeField()).toHaveValue(code);
    const problem = codeProblem ?? error;
    if (problem) expect(setupCodeField()).toHaveAccessibleDescription(expect.stringContaining(problem));
    expect(screen.getByText(copied ? 'Copied to the clipboard.' : /^$/, { selector: '[role="status"]' })).toBeInTheDocument();
  },
  'settingUp.verifying': () => {
    expect(seam.running('verify')).toEqual({ input: { factorId: ENROLLED.id, code: '123456' } });
    expect(screen.getByRole('button', { name: /Turn on two-factor authentication|Checking…/ })).toBeDisabled();
  },
  removing: () => {
    expect(dialog() ?? alertDialog()).toBeInTheDocument();
  },
  'removing.confirming': (snapshot) => {
    const { removal, error } = contextOf(snapshot);
    const confirm = alertDialog()!;
    expect(confirm).toBeInTheDocument();
    expect(confirm).toHaveTextContent(removal!.status === 'verified' ? `“${removal!.name}” will no longer be asked for` : `The unfinished setup “${removal!.name}”`);
    if (error) expect(confirm).toHaveTextContent(error);
    expect(within(confirm).getByRole('button', { name: 'Keep it' })).toBeEnabled();
  },
  'removing.askingCode': (snapshot) => {
    const { removal, code, codeProblem, error } = contextOf(snapshot);
    const form = dialog()!;
    expect(form).toHaveTextContent(`enter the code “${removal!.name}” shows now`);
    const field = within(form).getByLabelText('6-digit code');
    expect(field).toHaveValue(code);
    const problem = codeProblem ?? error;
    if (problem) expect(field).toHaveAccessibleDescription(expect.stringContaining(problem));
  },
  'removing.working': (snapshot) => {
    const { removal, needsCode } = contextOf(snapshot);
    expect(seam.running('remove')).toEqual({ input: { factorId: removal!.id, code: needsCode ? '123456' : null } });
    expect(within((dialog() ?? alertDialog())!).getByRole('button', { name: /Remove|Removing…/ })).toBeDisabled();
  },
};

type Step = { event: AnyEventObject };

async function typeInto(field: HTMLElement, text: string) {
  await user.clear(field);
  if (text !== '') await user.type(field, text);
}

function executors() {
  const actorSteps = Object.fromEntries(
    model.actorEvents.map((actorEvent) => [
      actorEvent.event.type,
      async (step: Step) => {
        await act(async () => seam.settleAs({ ...actorEvent, event: step.event }));
      },
    ]),
  );
  const copy = async (works: boolean) => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    if (works) writeText.mockResolvedValueOnce(undefined);
    else writeText.mockRejectedValueOnce(new Error('Not allowed'));
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenLastCalledWith(ENROLLED.secret);
  };
  return {
    ...actorSteps,
    'user.setUp': async () => user.click(screen.getByRole('button', { name: 'Set up authenticator app' })),
    'user.name': async ({ event }: Step) => typeInto(screen.getByRole('textbox', { name: /Name/ }), event.name as string),
    'user.continue': async () => user.click(screen.getByRole('button', { name: 'Continue' })),
    'user.code': async ({ event }: Step) => {
      const form = dialog();
      await typeInto(form ? within(form).getByLabelText('6-digit code') : setupCodeField(), event.code as string);
    },
    'user.finish': async () => user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })),
    'user.cancel': async () => {
      const open = dialog() ?? alertDialog();
      await user.click(open ? within(open).getByRole('button', { name: /^(Keep it|Cancel)$/ }) : screen.getByRole('button', { name: 'Cancel' }));
    },
    'secret.copied': async () => copy(true),
    'secret.notCopied': async () => copy(false),
    'user.remove': async ({ event }: Step) => user.click(await screen.findByRole('button', { name: `Remove ${(event.factor as RemovableFactor).name}` })),
    'user.confirm': async () => user.click(within((dialog() ?? alertDialog())!).getByRole('button', { name: 'Remove' })),
  };
}

beforeEach(() => {
  seam.reset();
  server.discarded = [];
});
afterEach(() => {
  act(() => toaster.remove());
});

describe('two-factor setup and removal, along paths generated from the machine', () => {
  const passed: ModelPath[] = [];

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const removesPhone = path.steps.some(({ event }) => event.type === 'user.remove' && event.factor === PHONE);
      // A verified authenticator hides "Set up": only the paths that remove one list it.
      server.factors = removesPhone ? [listed(PHONE), listed(TABLET)] : [listed(TABLET)];
      user = userEvent.setup();
      renderSection();
      await screen.findByRole('list', { name: 'Your authenticator apps' });
      const states = Object.fromEntries(
        Object.entries(screens).map(([key, check]) => [key, async (snapshot: AnyMachineSnapshot) => waitFor(() => check(snapshot))]),
      );
      await path.test({ states, events: executors() });
      const cancelledScan = path.steps.some(
        ({ event }, index) => event.type === 'user.cancel' && path.steps[index - 1] && contextOf(path.steps[index - 1]!.state).pending,
      );
      if (cancelledScan) expect(server.discarded).toEqual([{ factorId: ENROLLED.id }]);
      passed.push(path);
    });
  }

  it('walks every state and every transition of the machine', () => {
    expectFullCoverage(model, passed);
  });
});
