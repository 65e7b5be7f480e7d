import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { billingFunctionError } from '../billing/refusals';

export interface MembershipCredential {
  /** The SD-JWT VC, compact: the issuer-signed JWT and its disclosures, joined by `~`. */
  credential: string;
  fileName: string;
  expiresAt: string;
}

/**
 * The organisation's membership credential, issued by the
 * issue-membership-credential Edge Function, which asks the database as the
 * caller (decision 081). Its refusals carry the function's own sentence.
 */
export async function downloadMembershipCredential(client: AccordClient, organizationId: string): Promise<MembershipCredential> {
  const { data, error } = await client.functions.invoke<MembershipCredential>('issue-membership-credential', { body: { organizationId } });
  if (error) throw await billingFunctionError(error);
  if (!data || typeof data.credential !== 'string' || typeof data.fileName !== 'string') throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}
