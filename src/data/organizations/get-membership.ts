import type { AccordClient } from '../client';
import { DataError } from '../errors';

export const MEMBER_LOOKUP_FAILED = 'Member lookup failed';

export interface Membership {
  organizationId: string;
}

/**
 * The organisation the user belongs to, or null (spec §7: select organization_id
 * from organization_members, filter by user_id, at most one row; an account
 * belongs to at most one organisation).
 */
export async function getMembership(client: AccordClient, userId: string): Promise<Membership | null> {
  const { data, error } = await client
    .from('organization_members')
    .select('organization_id')
    .eq('user_id', userId)
    .maybeSingle();
  // The spec names the failure; the server's reason stays available as the cause.
  if (error) throw new DataError(MEMBER_LOOKUP_FAILED, { code: error.code, cause: error });
  return data ? { organizationId: data.organization_id } : null;
}
