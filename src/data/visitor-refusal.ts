import { DataError, toDataError } from './errors';

/**
 * How the public site's submit-only RPCs say no (request_investor_access,
 * send_contact_message; docs/decisions/018-visitor-requests-and-contact.md):
 * a named refusal whose detail is {field: code}, or one of three hourly limits
 * (HTTP 429; docs/decisions/026-public-form-limits.md).
 */

/** The server refused some answers: `fields` names each, in the caller's field names, with its code. */
export class FormRefusedError extends DataError {
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>, cause: unknown) {
    super('Some answers need attention before this can be sent.', { status: 400, code: 'invalid_input', cause });
    this.fields = fields;
  }
}

/** The limits, by the name the server gives each refusal (SQLSTATE PT429). */
export const TOO_MANY_REQUESTS_CODE = 'too_many_requests';
export const TOO_MANY_FROM_NETWORK_CODE = 'too_many_requests_from_network';
export const TOO_MANY_OVERALL_CODE = 'too_many_requests_overall';

const LIMIT_MESSAGES: Record<string, string> = {
  [TOO_MANY_REQUESTS_CODE]: 'This address has sent as many as we accept in an hour. Please try again later.',
  [TOO_MANY_FROM_NETWORK_CODE]: 'Your internet connection has sent as many as we accept in an hour. Please try again later.',
  [TOO_MANY_OVERALL_CODE]: 'We are receiving more than we can take in just now. Please try again later.',
};
export const TOO_MANY_REQUESTS_MESSAGE = LIMIT_MESSAGES[TOO_MANY_REQUESTS_CODE];

/**
 * The error a visitor's submission threw, in the caller's terms. `refusal` is
 * the RPC's refusal name; `fieldNames` maps the server's field names to the
 * caller's (a field left out is kept under the server's name).
 */
export function visitorRequestError(error: unknown, refusal: string, fieldNames: Record<string, string>): Error {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  const data = toDataError(error);
  if (data.message === refusal) {
    let parsed: unknown = {};
    try {
      parsed = JSON.parse(data.details ?? '{}');
    } catch {
      // A refusal without readable details still refuses; the form says so generally.
    }
    const fields: Record<string, string> = {};
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [field, code] of Object.entries(parsed)) {
        if (typeof code === 'string') fields[fieldNames[field] ?? field] = code;
      }
    }
    return new FormRefusedError(fields, data);
  }
  if (Object.hasOwn(LIMIT_MESSAGES, data.message)) {
    return new DataError(LIMIT_MESSAGES[data.message], { status: 429, code: data.message, cause: data });
  }
  // A 429 without one of our names (a platform limit in front of the API)
  // says nothing about this person: the general "try again later".
  if (data.status === 429) {
    return new DataError(LIMIT_MESSAGES[TOO_MANY_OVERALL_CODE], { status: 429, code: TOO_MANY_OVERALL_CODE, cause: data });
  }
  return data;
}
