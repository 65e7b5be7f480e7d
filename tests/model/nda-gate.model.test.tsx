/**
 * /investor/data-room walked along every path generated from the NDA gate
 * machine. Each step finishes an effect the way the path says, or does what a
 * person does (press "I agree", "Try again", download a document that is
 * refused for want of the new agreement); after each step the page must show
 * what that state means, and nothing of the data room before the agreement.
 * The last test fails if the passing paths leave any state or transition of
 * the machine unvisited.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';

import type { NdaGateContext } from '../../machines/nda-gate.machine.ts';
import type { AccordClient } from '../../src/data/client.ts';
import DataRoomPage from '../../src/features/investor/data-room-page.tsx';
import { renderAt } from '../../src/testing/render.tsx';
import { expectFullCoverage } from '../support/model-coverage.ts';
import { buildModel, type ModelPath } from '../support/model.ts';
import { stateKey, stateNodesOf } from '../support/statechart.ts';
import { FAILURES, ndaGateModel } from './nda-gate.model.ts';

const seam = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../support/actor-seam.ts');
  return createActorSeam(['loadStatus', 'agree']);
});

// Only the gate's effects are replaced, where the app provides them to the
// machine; the real ones run in tests/db/data-room.test.ts and tests/e2e.
vi.mock('../../src/actors/nda-gate-actors', () => ({ createNdaGateActors: () => seam.actors }));

const model = buildModel(ndaGateModel);

const DOCUMENT_TITLE = 'Cap table 2026';

/**
 * The documents' reads answer one folder with one PDF; opening it is refused
 * as the function refuses when a new NDA was published (403 nda_required).
 */
function fakeClient(): AccordClient {
  const rows: Record<string, unknown[]> = {
    investor_folders: [{ id: 'f1', name: 'Financials', position: 0 }],
    investor_documents: [
      { id: 'd1', folder_id: 'f1', title: DOCUMENT_TITLE, description: 'Shareholders and options.', level: 'data_room', current_version_id: 'v1', updated_at: '2026-11-22T00:00:00Z' },
    ],
    investor_document_versions: [
      { id: 'v1', version: 3, file_name: 'cap-table.pdf', content_type: 'application/pdf', size_bytes: 5_000_000, uploaded_at: '2026-11-22T00:00:00Z' },
    ],
  };
  const from = (table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (a: unknown) => unknown, reject: (e: unknown) => unknown) => Promise.resolve({ data: rows[table], error: null }).then(resolve, reject),
    };
    return builder;
  };
  const refusal = { error: 'nda_required', message: 'Agree to the non-disclosure agreement before opening data-room documents.' };
  const invoke = async () => ({
    data: null,
    error: { name: 'FunctionsHttpError', context: { status: 403, json: async () => refusal } },
  });
  return { from, functions: { invoke } } as unknown as AccordClient;
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as NdaGateContext;
const agreeButton = () => screen.queryByRole('button', { name: /I agree to version/ });

/** Nothing of the data room before the agreement: no documents, not even their loading. */
function expectNoDocuments() {
  expect(screen.queryByText(DOCUMENT_TITLE)).not.toBeInTheDocument();
  expect(screen.queryByText('Loading documents…')).not.toBeInTheDocument();
}

function expectChangedNotice(snapshot: AnyMachineSnapshot) {
  const { notice, nda } = contextOf(snapshot);
  const told = screen.queryByText('The agreement has changed');
  if (notice === 'changed' || nda?.previouslyAgreedVersion) expect(told).toBeInTheDocument();
  else expect(told).not.toBeInTheDocument();
}

function expectAgreementText() {
  expect(screen.getByRole('heading', { level: 2, name: 'Non-disclosure agreement' })).toBeInTheDocument();
  const text = screen.getByRole('region', { name: 'Non-disclosure agreement, version 2' });
  expect(text).toHaveTextContent('You will keep everything in the data room confidential.');
  expect(screen.getByText(/Version 2, published 20 November 2026/)).toBeInTheDocument();
}

/** What a person sees in each state of the machine. */
const screens: Record<string, (snapshot: AnyMachineSnapshot) => void> = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the data room…');
    expect(seam.running('loadStatus')).toBeDefined();
    expect(agreeButton()).not.toBeInTheDocument();
    expectNoDocuments();
  },
  loadFailed: () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The data room could not be loaded');
    expect(alert).toHaveTextContent(FAILURES.load.message);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expectNoDocuments();
  },
  closed: () => {
    expect(screen.getByText('The data room is not open yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(agreeButton()).not.toBeInTheDocument();
    expectNoDocuments();
  },
  needsAgreement: (snapshot) => {
    expectAgreementText();
    expectChangedNotice(snapshot);
    expect(agreeButton()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expectNoDocuments();
  },
  agreeing: () => {
    expectAgreementText();
    expect(seam.running('agree')).toEqual({ input: { version: 2 } });
    expect(screen.getByRole('button', { name: /I agree to version 2|Recording your agreement/ })).toBeDisabled();
    expectNoDocuments();
  },
  agreeFailed: (snapshot) => {
    expectAgreementText();
    expectChangedNotice(snapshot);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your agreement was not recorded');
    expect(alert).toHaveTextContent(FAILURES.agree.message);
    expect(agreeButton()).toBeEnabled();
    expectNoDocuments();
  },
  open: () => {
    const confirmation = screen.getByText(/You agreed to version 2 of the non-disclosure agreement on 24 November 2026/);
    // After pressing "I agree" the button is gone; the focus lands on what happened.
    if (seam.calls('agree').length > 0) expect(confirmation).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Financials' })).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: DOCUMENT_TITLE });
    expect(within(item).getByText(/Version 3 · PDF · 4\.8 MB · updated 22 November 2026/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: `Open ${DOCUMENT_TITLE}` })).toBeInTheDocument();
    expect(agreeButton()).not.toBeInTheDocument();
  },
};

type Step = { event: { type: string } };

function executors() {
  const actorSteps = Object.fromEntries(
    model.actorEvents.map((actorEvent) => [
      actorEvent.event.type,
      async (step: Step) => {
        await act(async () => seam.settleAs({ ...actorEvent, event: step.event }));
      },
    ]),
  );
  return {
    ...actorSteps,
    'user.agree': async () => {
      await userEvent.click(agreeButton()!);
    },
    'user.retry': async () => {
      await userEvent.click(screen.getByRole('button', { name: /^(Try again|Check again)$/ }));
    },
    'nda.required': async () => {
      await userEvent.click(screen.getByRole('button', { name: `Download ${DOCUMENT_TITLE}` }));
    },
  };
}

beforeEach(() => seam.reset());

describe('the data room NDA gate, along paths generated from its machine', () => {
  const passed: ModelPath[] = [];

  it('has a screen check for every state of the machine', () => {
    expect(Object.keys(screens).sort()).toEqual(stateNodesOf(model.machine).map(stateKey).sort());
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      renderAt(<DataRoomPage client={fakeClient()} />);
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
