import { assign, fromPromise, setup } from 'xstate';

import { fileProblem } from './onboarding-form';

/**
 * An applicant answers a reviewer's change request on /application-pending:
 * a written answer (required) and, optionally, a replacement proof of
 * registration. Sending uploads the file first, then records the answer; a
 * failure keeps both so the applicant can send again.
 */

export const RESPONSE_REQUIRED_MESSAGE = 'Write an answer to the reviewer’s request.';
export const RESPONSE_TOO_LONG_MESSAGE = 'The answer must be 4,000 characters or fewer.';
export const UNKNOWN_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/** A file the person chose (the browser's File in the app; machines have no DOM types). */
export interface ChosenDocument {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export interface ChangeRequestResponseContext {
  organizationId: string;
  response: string;
  responseError: string | null;
  file: ChosenDocument | null;
  fileError: string | null;
  failure: string | null;
}

export type ChangeRequestResponseEvent =
  | { type: 'user.changeResponse'; response: string }
  | { type: 'user.chooseFile'; file: ChosenDocument }
  | { type: 'user.removeFile' }
  | { type: 'user.send' };

export interface SendResponseInput {
  organizationId: string;
  response: string;
  file: ChosenDocument | null;
}

function responseProblem(response: string): string | null {
  if (response.trim() === '') return RESPONSE_REQUIRED_MESSAGE;
  if (response.trim().length > 4000) return RESPONSE_TOO_LONG_MESSAGE;
  return null;
}

function messageOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : null;
  return typeof message === 'string' && message.trim() !== '' ? message : UNKNOWN_FAILURE_MESSAGE;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

export const changeRequestResponseMachine = setup({
  types: {} as {
    context: ChangeRequestResponseContext;
    events: ChangeRequestResponseEvent;
    input: { organizationId: string };
    tags: 'pending';
  },
  actors: {
    sendResponse: fromPromise<void, SendResponseInput>(async () => notProvided('sendResponse')),
  },
  guards: {
    isResponseValid: ({ context }) => responseProblem(context.response) === null,
    isFileAcceptable: ({ event }) => event.type === 'user.chooseFile' && fileProblem('proof', event.file) === null,
  },
  actions: {
    setResponse: assign(({ context, event }) => {
      if (event.type !== 'user.changeResponse') return {};
      // A message goes once the answer is fixed; a new one waits for Send.
      const fixed = context.responseError !== null && responseProblem(event.response) === null;
      return { response: event.response, responseError: fixed ? null : context.responseError };
    }),
    rejectResponse: assign({ responseError: ({ context }) => responseProblem(context.response) }),
    setFile: assign(({ event }) => (event.type === 'user.chooseFile' ? { file: event.file, fileError: null } : {})),
    rejectFile: assign(({ event }) => (event.type === 'user.chooseFile' ? { fileError: fileProblem('proof', event.file) } : {})),
    removeFile: assign({ file: null, fileError: null }),
    clearFailure: assign({ failure: null }),
    recordFailure: assign((_, params: { error: unknown }) => ({ failure: messageOf(params.error) })),
  },
}).createMachine({
  id: 'changeRequestResponse',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    response: '',
    responseError: null,
    file: null,
    fileError: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.changeResponse': { actions: 'setResponse' },
        'user.chooseFile': [{ guard: 'isFileAcceptable', actions: 'setFile' }, { actions: 'rejectFile' }],
        'user.removeFile': { actions: 'removeFile' },
        'user.send': [{ guard: 'isResponseValid', target: 'sending' }, { actions: 'rejectResponse' }],
      },
    },
    sending: {
      tags: ['pending'],
      entry: 'clearFailure',
      invoke: {
        src: 'sendResponse',
        input: ({ context }) => ({ organizationId: context.organizationId, response: context.response.trim(), file: context.file }),
        onDone: { target: 'answered' },
        onError: { target: 'editing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    answered: {
      description: 'The answer is recorded; the timeline shows it and the reviewer takes it from there.',
      type: 'final',
    },
  },
});
