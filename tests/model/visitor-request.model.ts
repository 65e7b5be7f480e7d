/**
 * A visitor's form (machines/visitor-request.machine.ts) as a test model, on
 * the investor access request: the form filled in with a malformed e-mail and
 * then corrected, and the ways sending can end (stored; the server names a
 * field; too many from this address, from this internet connection, or from
 * everyone this hour; not reached). Walked through the real
 * page by visitor-request.model.test.tsx; printed by `npm run test:paths`.
 */
import type { AnyMachineSnapshot } from 'xstate';

import { isWellFormedEmail } from '../../machines/email.ts';
import { visitorRequestMachine, type VisitorRequestContext } from '../../machines/visitor-request.machine.ts';
import { defineModel } from '../support/model.ts';

export const REQUEST_SAMPLE = {
  name: 'Margit Lindqvist',
  malformedEmail: 'margit@nordkap',
  email: 'margit@nordkap-ventures.example',
  organization: 'Nordkap Ventures',
  kind: 'venture_capital',
  unreachable: "We couldn't reach Accord. Check your connection and try again.",
} as const;

/** What the data layer throws for each outcome (src/data/visitor-refusal.ts), as far as the machine reads it. */
export const REQUEST_FAILURES = {
  emailRefused: Object.assign(new Error('Some answers need attention before this can be sent.'), { code: 'invalid_input', fields: { email: 'invalid' } }),
  rateLimited: Object.assign(new Error('This address has sent as many as we accept in an hour. Please try again later.'), { code: 'too_many_requests' }),
  networkLimited: Object.assign(new Error('Your internet connection has sent as many as we accept in an hour. Please try again later.'), {
    code: 'too_many_requests_from_network',
  }),
  overallLimited: Object.assign(new Error('We are receiving more than we can take in just now. Please try again later.'), {
    code: 'too_many_requests_overall',
  }),
  unreachable: Object.assign(new Error(REQUEST_SAMPLE.unreachable), { status: 0 }),
} as const;

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as VisitorRequestContext;

function emailKind(email: string): 'empty' | 'malformed' | 'well-formed' {
  if (email.trim() === '') return 'empty';
  return isWellFormedEmail(email) ? 'well-formed' : 'malformed';
}

export const visitorRequestModel = defineModel({
  machine: visitorRequestMachine,
  input: { form: 'investorAccess' },
  events: [
    {
      event: {
        type: 'user.change',
        values: { name: REQUEST_SAMPLE.name, email: REQUEST_SAMPLE.malformedEmail, organization: REQUEST_SAMPLE.organization, kind: REQUEST_SAMPLE.kind },
      },
      label: `fills in name, organisation and kind, and the malformed e-mail “${REQUEST_SAMPLE.malformedEmail}”`,
      when: (snapshot) => ctx(snapshot).values.name === '',
    },
    {
      event: { type: 'user.change', values: { email: REQUEST_SAMPLE.email } },
      label: `corrects the e-mail to “${REQUEST_SAMPLE.email}”`,
      when: (snapshot) => emailKind(ctx(snapshot).values.email ?? '') === 'malformed',
    },
    { event: { type: 'user.submit' }, label: 'presses “Request access”' },
  ],
  actors: {
    submitRequest: {
      done: [{ output: undefined, label: 'the request is stored' }],
      error: [
        { error: REQUEST_FAILURES.emailRefused, label: 'the server finds the e-mail address invalid' },
        { error: REQUEST_FAILURES.rateLimited, label: 'the server refuses: too many from this address this hour' },
        { error: REQUEST_FAILURES.networkLimited, label: 'the server refuses: too many from this internet connection this hour' },
        { error: REQUEST_FAILURES.overallLimited, label: 'the server refuses: too many from everyone this hour' },
        { error: REQUEST_FAILURES.unreachable, label: 'the server cannot be reached' },
      ],
    },
  },
  // isValid reads the values (name filled, e-mail well formed); Send and the
  // server's answers change which messages show and which alert.
  facts: (snapshot) => {
    const context = ctx(snapshot);
    return {
      name: context.values.name !== '',
      email: emailKind(context.values.email ?? ''),
      errors: Object.keys(context.errors).sort().join(','),
      failure: context.failure ? (context.failure.kind === 'rateLimited' ? `rateLimited:${context.failure.scope}` : context.failure.kind) : null,
    };
  },
  describeState: (snapshot) => {
    if (snapshot.status === 'done') return 'the confirmation: a person reviews it, and the answer comes by e-mail';
    const context = ctx(snapshot);
    const filled = Object.entries(context.values).filter(([, value]) => value !== '');
    const parts = [filled.length === 0 ? 'the form, empty' : `the form with ${filled.map(([field, value]) => `${field} “${value}”`).join(', ')}`];
    for (const [field, message] of Object.entries(context.errors)) parts.push(`says “${message}” at ${field}`);
    if (context.failure?.kind === 'rateLimited') {
      const whose = { address: 'this address', network: 'this internet connection', everyone: 'everyone together' }[context.failure.scope];
      parts.push(`alert: too many from ${whose}, what was typed is kept, write to hello@accord.network`);
    }
    if (context.failure?.kind === 'failed') parts.push(`alert “${context.failure.message}”`);
    if (snapshot.hasTag('pending')) parts.push('the button says “Sending request…” and is disabled');
    return parts.join(', ');
  },
  // Every loop-free way to get the request stored.
  simplePaths: (snapshot) => snapshot.status === 'done',
});
