import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { publicRpc } from '../public-api';
import { visitorRequestError } from '../visitor-refusal';

export interface InvestorAccessRequest {
  name: string;
  email: string;
  organization: string;
  /** One of public.investor_kind: angel, venture_capital, corporate, family_office, public_funder, other. */
  kind: string;
  /** Optional: empty means none. */
  message: string;
}

/** The RPC's field names → ours, for FormRefusedError.fields. */
const FIELD_NAMES = { name: 'name', email: 'email', organization: 'organization', investor_kind: 'kind', message: 'message' };

/**
 * request_investor_access(): stores the request for the back office, as an
 * anonymous visitor through the fetch-based public API (no supabase-js on a
 * visitor's page), whether or not the person is signed in. The sender cannot
 * read it back; only its id is returned.
 *
 * Throws FormRefusedError naming bad fields (`kind`, not `investor_kind`), a
 * DataError (status 429) with code `too_many_requests` after 3 requests from
 * one address in an hour, `too_many_requests_from_network` after 5 from one
 * client network, `too_many_requests_overall` after 60 from everyone, or a
 * DataError saying why it failed otherwise.
 */
export async function requestInvestorAccess(request: InvestorAccessRequest, options: { signal?: AbortSignal } = {}): Promise<{ id: string }> {
  let id: unknown;
  try {
    ({ value: id } = await publicRpc(
      'request_investor_access',
      {
        p_name: request.name,
        p_email: request.email,
        p_organization: request.organization,
        p_investor_kind: request.kind,
        // Left out rather than sent empty: the server's default (no message) applies.
        p_message: request.message.trim() === '' ? undefined : request.message,
      },
      { signal: options.signal },
    ));
  } catch (error) {
    throw visitorRequestError(error, 'invalid_investor_access_request', FIELD_NAMES);
  }
  if (typeof id !== 'string') throw new DataError(UNEXPECTED_MESSAGE);
  return { id };
}
