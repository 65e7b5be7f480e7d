import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * The approval status of the user's organisation (spec §4): null when there is
 * no application, else pending, under_review, approved or rejected.
 */
export async function checkApprovalStatus(client: AccordClient, userId: string): Promise<string | null> {
  const { data, error } = await client.rpc('check_user_org_approval_status', { user_uuid: userId });
  if (error) throw toDataError(error);
  // The generated type says string, but the function returns SQL null for "no application".
  return (data as string | null) ?? null;
}
