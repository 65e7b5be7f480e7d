import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Enums } from '../database.types';
import { DataError } from '../errors';
import { teamKeys } from './keys';

export type TeamRole = Enums<'organization_role'>;

/** The signed-in person's place in their organisation. */
export interface TeamMembership {
  organizationId: string;
  role: TeamRole;
}

/** The person's one membership (spec §7: at most one), or null when they belong to no organisation. */
export async function getTeamMembership(client: AccordClient, userId: string): Promise<TeamMembership | null> {
  const { data, error } = await client.from('organization_members').select('organization_id, role').eq('user_id', userId).maybeSingle();
  if (error) throw new DataError("We couldn't load your organisation. Check your connection and try again.", { code: error.code, cause: error });
  return data ? { organizationId: data.organization_id, role: data.role } : null;
}

/** Pass null while the user is unknown. */
export function useTeamMembership(userId: string | null, client: AccordClient = supabase) {
  return useSWR(userId === null ? null : teamKeys.membership(userId), ([, , id]) => getTeamMembership(client, id));
}
