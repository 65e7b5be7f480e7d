import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { TeamRole } from './get-team-membership';
import { teamKeys } from './keys';
import { toTeamError } from './refusals';

/** One member of the team as organization_team() answers (admins first). */
export interface TeamMember {
  userId: string;
  /** Null until the person has given a name (an invitee who has just joined has none). */
  fullName: string | null;
  email: string;
  role: TeamRole;
  joinedAt: string;
}

/** The organisation's members; its members and system administrators may read it. */
export async function listTeam(client: AccordClient, organizationId: string): Promise<TeamMember[]> {
  const { data, error } = await client.rpc('organization_team', { p_organization_id: organizationId });
  if (error) throw toTeamError(error);
  return (data ?? []).map((row) => ({
    userId: row.user_id,
    // The generated type says string, but a profile without a name gives null.
    fullName: (row.full_name as string | null) ?? null,
    email: row.email,
    role: row.role,
    joinedAt: row.joined_at,
  }));
}

export function useTeam(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : teamKeys.members(organizationId), ([, , id]) => listTeam(client, id));
}
