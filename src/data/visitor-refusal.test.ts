import { describe, expect, it } from 'vitest';

import { DataError } from './errors';
import {
  FormRefusedError,
  TOO_MANY_FROM_NETWORK_CODE,
  TOO_MANY_OVERALL_CODE,
  TOO_MANY_REQUESTS_CODE,
  visitorRequestError,
} from './visitor-refusal';

/** How the submit-only RPCs' refusals (as public-api.ts throws them) reach the forms. */
describe('visitorRequestError', () => {
  const fields = { investor_kind: 'kind', organization: 'organization' };

  it('turns a named refusal into the fields it names, in the caller’s field names', () => {
    const refusal = new DataError('invalid_investor_access_request', {
      status: 400,
      code: '22023',
      details: '{"investor_kind": "invalid", "organization": "too_long", "email": "required"}',
    });
    const error = visitorRequestError(refusal, 'invalid_investor_access_request', fields);
    expect(error).toBeInstanceOf(FormRefusedError);
    expect((error as FormRefusedError).fields).toEqual({ kind: 'invalid', organization: 'too_long', email: 'required' });
  });

  it('still refuses, with no fields, when the details cannot be read', () => {
    const error = visitorRequestError(new DataError('invalid_contact_message', { details: 'not json' }), 'invalid_contact_message', {});
    expect(error).toBeInstanceOf(FormRefusedError);
    expect((error as FormRefusedError).fields).toEqual({});
  });

  it('names the hourly limit with its own code and a sentence a person can read', () => {
    const error = visitorRequestError(new DataError('too_many_requests', { status: 429, code: 'PT429' }), 'invalid_contact_message', {});
    expect(error).toMatchObject({ code: TOO_MANY_REQUESTS_CODE, status: 429 });
    expect(error.message).toMatch(/try again later/);
  });

  it('names the limit per network and the ceiling for everyone apart, each with its own sentence', () => {
    const network = visitorRequestError(new DataError('too_many_requests_from_network', { status: 429, code: 'PT429' }), 'invalid_contact_message', {});
    expect(network).toMatchObject({ code: TOO_MANY_FROM_NETWORK_CODE, status: 429 });
    expect(network.message).toMatch(/internet connection .* try again later/);
    const overall = visitorRequestError(new DataError('too_many_requests_overall', { status: 429, code: 'PT429' }), 'invalid_contact_message', {});
    expect(overall).toMatchObject({ code: TOO_MANY_OVERALL_CODE, status: 429 });
    expect(overall.message).toMatch(/more than we can take in just now/);
  });

  it('treats a 429 it cannot name as the general "try again later", not as this address’s fault', () => {
    const error = visitorRequestError(new DataError('Too Many Requests', { status: 429 }), 'invalid_contact_message', {});
    expect(error).toMatchObject({ code: TOO_MANY_OVERALL_CODE, status: 429 });
  });

  it('passes anything else on as it came, and an aborted request as an abort', () => {
    const unreachable = new DataError("We couldn't reach Accord. Check your connection and try again.", { status: 0 });
    expect(visitorRequestError(unreachable, 'invalid_contact_message', {})).toBe(unreachable);
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(visitorRequestError(abort, 'invalid_contact_message', {})).toBe(abort);
  });
});
