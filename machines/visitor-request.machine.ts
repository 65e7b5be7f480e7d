import { assign, fromPromise, setup } from 'xstate';

import {
  EMPTY_VALUES,
  errorsFromServer,
  fieldProblem,
  fieldMessage,
  trimmedValues,
  validateValues,
  type AnyValues,
  type FieldErrors,
  type VisitorForm,
} from './visitor-request-form';

/**
 * A visitor sends one of the public site's forms: the investor access request
 * or a Contact Us message. Problems found before sending, or named by the
 * server, show at their fields; a failed send shows why and keeps everything
 * typed, so sending again is one press. Once sent, the form is done and the
 * page says what happens next.
 */

export interface SubmitRequestInput {
  form: VisitorForm;
  values: AnyValues;
}

/**
 * What the submit actor may throw, as far as the machine cares: `fields` when
 * the server refused answers ({field: code}), `code` for the reason otherwise.
 */
export interface SubmitFailure {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

/**
 * Whose hourly limit was reached: this e-mail address's, the visitor's
 * internet connection's (an IPv4 address or IPv6 /64, perhaps shared with
 * others), or everyone's together (the form takes no more for now).
 */
export type RateLimitScope = 'address' | 'network' | 'everyone';

export type VisitorRequestFailure =
  /** A limit per hour was reached; what was typed stays, and sending later works. */
  | { kind: 'rateLimited'; scope: RateLimitScope }
  /** Anything else: not reached, or an unexpected answer. `message` says which. */
  | { kind: 'failed'; message: string };

export interface VisitorRequestContext {
  form: VisitorForm;
  values: AnyValues;
  errors: FieldErrors;
  failure: VisitorRequestFailure | null;
  /** Counts each time Send showed field problems, so the page can focus the first one every time. */
  rejections: number;
}

export type VisitorRequestEvent =
  /** Typing: the fields given change, the rest stay. */
  | { type: 'user.change'; values: AnyValues }
  | { type: 'user.submit' };

export interface VisitorRequestOutput {
  /** Where the answer will go. */
  email: string;
}

/** The data layer's codes for the limits (src/data/visitor-refusal.ts), by scope. */
export const RATE_LIMITED_CODES: Record<string, RateLimitScope> = {
  too_many_requests: 'address',
  too_many_requests_from_network: 'network',
  too_many_requests_overall: 'everyone',
};
export const UNKNOWN_FAILURE_MESSAGE = 'Something went wrong. Please try again.';
export const UNMAPPED_REFUSAL_MESSAGE = 'Some answers were not accepted. Check the form and send it again.';

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

function asFailure(error: unknown): SubmitFailure {
  return typeof error === 'object' && error !== null ? (error as SubmitFailure) : {};
}

function refusedFields(error: unknown): Record<string, string> | null {
  const { fields } = asFailure(error);
  return typeof fields === 'object' && fields !== null ? fields : null;
}

export const visitorRequestMachine = setup({
  types: {} as {
    context: VisitorRequestContext;
    events: VisitorRequestEvent;
    input: { form: VisitorForm };
    output: VisitorRequestOutput;
    tags: 'pending';
  },
  actors: {
    submitRequest: fromPromise<void, SubmitRequestInput>(async () => notProvided('submitRequest')),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateValues(context.form, context.values)).length === 0,
    /** Refused with at least one field this form shows; anything else is a form-level failure. */
    isFieldRefusal: ({ context }, params: { error: unknown }) => {
      const fields = refusedFields(params.error);
      return fields !== null && Object.keys(errorsFromServer(context.form, fields)).length > 0;
    },
  },
  actions: {
    setValues: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      const values = { ...context.values, ...event.values };
      // A field already marked keeps being checked as the person fixes it, so its
      // message never lies; unmarked fields wait for Send rather than scold mid-typing.
      const errors = { ...context.errors };
      for (const field of Object.keys(event.values)) {
        if (errors[field] === undefined) continue;
        const code = fieldProblem(context.form, field, values[field] ?? '');
        if (code) errors[field] = fieldMessage(context.form, field, code);
        else delete errors[field];
      }
      return { values, errors };
    }),
    rejectValues: assign(({ context }) => ({
      errors: validateValues(context.form, context.values),
      rejections: context.rejections + 1,
    })),
    applyRefusal: assign(({ context }, params: { error: unknown }) => ({
      errors: errorsFromServer(context.form, refusedFields(params.error) ?? {}),
      rejections: context.rejections + 1,
    })),
    // Sending again starts clean: the client's checks passed, and the server names anything still wrong.
    clearProblems: assign({ failure: null, errors: {} }),
    recordFailure: assign((_, params: { error: unknown }) => {
      const { code, message, fields } = asFailure(params.error);
      const scope = typeof code === 'string' && Object.hasOwn(RATE_LIMITED_CODES, code) ? RATE_LIMITED_CODES[code] : undefined;
      if (scope) return { failure: { kind: 'rateLimited', scope } as const };
      if (fields) return { failure: { kind: 'failed', message: UNMAPPED_REFUSAL_MESSAGE } as const };
      const text = typeof message === 'string' && message.trim() !== '' ? message : UNKNOWN_FAILURE_MESSAGE;
      return { failure: { kind: 'failed', message: text } as const };
    }),
  },
}).createMachine({
  id: 'visitorRequest',
  context: ({ input }) => ({
    form: input.form,
    values: { ...EMPTY_VALUES[input.form] },
    errors: {},
    failure: null,
    rejections: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.change': { actions: 'setValues' },
        'user.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'rejectValues' }],
      },
    },
    submitting: {
      tags: ['pending'],
      description: 'Fields stay as typed while the request is on its way; the button says it is sending.',
      entry: 'clearProblems',
      invoke: {
        src: 'submitRequest',
        input: ({ context }) => ({ form: context.form, values: trimmedValues(context.values) }),
        onDone: { target: 'submitted' },
        onError: [
          {
            guard: { type: 'isFieldRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'applyRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    submitted: {
      description: 'Stored for the back office; the page says what happens next.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ email: context.values.email?.trim() ?? '' }),
});
