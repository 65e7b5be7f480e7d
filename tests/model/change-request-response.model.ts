/**
 * Answering a change request (machines/change-request-response.machine.ts) as a
 * test model: the answer typed or left empty, a replacement document that is
 * acceptable or not, and what sending may answer. Walked through the real form
 * by onboarding.model.test.tsx; printed by `npm run test:paths`.
 */
import type { AnyMachineSnapshot } from 'xstate';

import {
  changeRequestResponseMachine,
  type ChangeRequestResponseContext,
} from '../../machines/change-request-response.machine.ts';
import { defineModel } from '../support/model.ts';

export const RESPONSE_SAMPLE = {
  answer: 'Uploaded the 2026 certificate.',
  pdf: { name: 'certificate-2026.pdf', type: 'application/pdf', size: 2048 },
  gif: { name: 'certificate.gif', type: 'image/gif', size: 2048 },
  refusal: 'This request has already been answered. Reload the page to see the latest status.',
} as const;

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ChangeRequestResponseContext;

export const changeRequestResponseModel = defineModel({
  machine: changeRequestResponseMachine,
  input: { organizationId: '0b0e0000-0000-4000-8000-00000000f01d' },
  events: [
    {
      event: { type: 'user.changeResponse', response: RESPONSE_SAMPLE.answer },
      label: `types “${RESPONSE_SAMPLE.answer}”`,
      when: (s) => ctx(s).response === '',
    },
    { event: { type: 'user.chooseFile', file: RESPONSE_SAMPLE.pdf }, label: 'chooses a PDF', when: (s) => ctx(s).file === null },
    { event: { type: 'user.chooseFile', file: RESPONSE_SAMPLE.gif }, label: 'chooses a GIF', when: (s) => ctx(s).file === null },
    { event: { type: 'user.removeFile' }, label: 'removes the chosen file', when: (s) => ctx(s).file !== null },
    { event: { type: 'user.send' }, label: 'presses “Send answer”' },
  ],
  actors: {
    sendResponse: {
      done: [{ output: undefined, label: 'the answer is recorded' }],
      error: [{ error: new Error(RESPONSE_SAMPLE.refusal), label: 'the server refuses (already answered)' }],
    },
  },
  facts: (snapshot) => ({ response: ctx(snapshot).response !== '', file: ctx(snapshot).file !== null }),
  describeState: (snapshot) => {
    const context = ctx(snapshot);
    const parts = [context.response ? `answer “${context.response}”` : 'answer empty'];
    if (context.file) parts.push(`file ${context.file.name}`);
    if (context.responseError) parts.push(`says “${context.responseError}”`);
    if (context.fileError) parts.push(`says “${context.fileError}”`);
    if (context.failure) parts.push(`alert “${context.failure}”`);
    if (snapshot.matches('sending')) parts.push('sending');
    if (snapshot.status === 'done') return 'answered: the timeline refreshes';
    return parts.join(', ');
  },
  simplePaths: (snapshot) => snapshot.status === 'done',
});
