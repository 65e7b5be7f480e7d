import { assign, fromPromise, setup } from 'xstate';

/**
 * The data room's NDA gate (/investor/data-room, docs/decisions/061-data-room.md):
 * nothing of the data room shows until the investor has agreed to the current
 * version of its non-disclosure agreement.
 *
 * loading → needsAgreement (the text and its version) → agreeing → open.
 * Already agreed: loading → open. No NDA published: closed (the database keeps
 * data-room documents unreachable then). The agreement names the version read;
 * if a newer one was published meanwhile the database refuses it as stale and
 * the gate loads the new text (notice "changed"). A document refused for want
 * of the NDA while the room is open (a version published during the visit)
 * sends the gate back the same way. Failures to load or to agree stay on
 * screen with a retry.
 */

/** investor_nda_status's answer, as the data layer gives it. */
export interface NdaGateStatus {
  version: number;
  body: string;
  publishedAt: string;
  agreedAt: string | null;
  previouslyAgreedVersion: number | null;
}

export interface NdaGateContext {
  nda: NdaGateStatus | null;
  /** Why the gate is back: the agreement changed while reading it or while the room was open. */
  notice: 'changed' | null;
  /** The last failure's sentence (loading or agreeing), for the screen. */
  error: string | null;
}

export type NdaGateEvent = { type: 'user.agree' } | { type: 'user.retry' } | { type: 'nda.required' };

/** The database's code for an agreement to a version that is no longer current. */
export const STALE_NDA_CODE = 'nda_version_stale';
const FALLBACK_ERROR = 'Something went wrong. Please try again.';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : FALLBACK_ERROR;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

export const ndaGateMachine = setup({
  types: {} as {
    context: NdaGateContext;
    events: NdaGateEvent;
    tags: 'busy';
  },
  actors: {
    /** The current NDA for the caller, or null when none is published. */
    loadStatus: fromPromise<NdaGateStatus | null>(async () => notProvided('loadStatus')),
    /** Records the agreement to `version`; answers when it was recorded. */
    agree: fromPromise<string, { version: number }>(async () => notProvided('agree')),
  },
  guards: {
    isUnpublished: (_, params: { status: NdaGateStatus | null }) => params.status === null,
    isAgreed: (_, params: { status: NdaGateStatus | null }) => params.status?.agreedAt != null,
    isStale: (_, params: { error: unknown }) => (params.error as { code?: unknown } | null)?.code === STALE_NDA_CODE,
  },
  actions: {
    keepStatus: assign((_, params: { status: NdaGateStatus | null }) => ({ nda: params.status, error: null })),
    keepAgreement: assign(({ context }, params: { agreedAt: string }) => ({
      nda: context.nda ? { ...context.nda, agreedAt: params.agreedAt } : null,
      notice: null,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    noteChanged: assign({ notice: 'changed' as const, error: null }),
  },
}).createMachine({
  id: 'ndaGate',
  context: { nda: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isUnpublished', params: ({ event }) => ({ status: event.output }) },
            target: 'closed',
            actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: { type: 'isAgreed', params: ({ event }) => ({ status: event.output }) },
            target: 'open',
            actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'needsAgreement', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The agreement could not be loaded: the reason and "Try again".',
      on: { 'user.retry': 'loading' },
    },
    closed: {
      description: 'No NDA is published yet, so the data room is closed; "Check again".',
      on: { 'user.retry': 'loading' },
    },
    needsAgreement: {
      description: 'The NDA text with its version and "I agree"; nothing of the data room is shown.',
      on: { 'user.agree': 'agreeing' },
    },
    agreeing: {
      tags: ['busy'],
      invoke: {
        id: 'agree',
        src: 'agree',
        input: ({ context }) => ({ version: context.nda!.version }),
        onDone: { target: 'open', actions: { type: 'keepAgreement', params: ({ event }) => ({ agreedAt: event.output }) } },
        onError: [
          {
            description: 'A newer version was published while they read: load it instead of agreeing to what they have not seen.',
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'noteChanged',
          },
          { target: 'agreeFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    agreeFailed: {
      description: 'The text stays, with the reason the agreement was not recorded and "I agree" to try again.',
      on: { 'user.agree': 'agreeing' },
    },
    open: {
      description: 'Agreed to the current version: the folders and documents.',
      on: { 'nda.required': { target: 'loading', actions: 'noteChanged' } },
    },
  },
});
