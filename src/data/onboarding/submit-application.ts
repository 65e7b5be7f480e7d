import type { AccordClient } from '../client';
import type { Json } from '../database.types';
import { DataError, toDataError } from '../errors';

/**
 * submit_application(payload): creates the organisation, the caller's admin
 * membership and the pending application in one transaction, and deletes the
 * draft. A payload the server refuses comes back as an ApplicationRefusedError
 * naming each bad field (`{ field: code }`, docs/decisions/014-onboarding-application-data.md).
 */
export class ApplicationRefusedError extends DataError {
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>, cause: unknown) {
    super('Some answers need attention before the application can be submitted.', { status: 400, code: 'invalid_application', cause });
    this.fields = fields;
  }
}

export const ALREADY_IN_ORGANIZATION_MESSAGE = 'This account already belongs to an organisation, so it cannot apply again.';

/** `requestId`: the same id again (a retry after a lost answer) returns the organisation the first submission created. */
export async function submitApplication(client: AccordClient, payload: Json, requestId?: string): Promise<{ organizationId: string }> {
  const { data, error } = await client.rpc('submit_application', { payload, ...(requestId ? { p_request_id: requestId } : {}) });
  if (error) {
    if (error.message === 'invalid_application') {
      let fields: Record<string, string> = {};
      try {
        fields = JSON.parse(error.details ?? '{}') as Record<string, string>;
      } catch {
        // A refusal without readable details still refuses; the generic message says so.
      }
      throw new ApplicationRefusedError(fields, error);
    }
    if (error.message === 'already_in_organization') {
      throw new DataError(ALREADY_IN_ORGANIZATION_MESSAGE, { code: 'already_in_organization', cause: error });
    }
    throw toDataError(error);
  }
  if (typeof data !== 'string') throw new DataError('The application was not created.');
  return { organizationId: data };
}
