import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import type { TeamRole } from './get-team-membership';
import { teamKeys } from './keys';

/** An invitation still waiting to be accepted (neither used nor revoked; it may have expired). */
export interface PendingInvitation {
  id: string;
  email: string;
  role: TeamRole;
  invitedBy: string | null;
  lastSentAt: string;
  expiresAt: string;
  resendAvailableAt: string;
}

/** The organisation's open invitations, newest first; RLS lets its members read them. */
export async function listTenantInvitations(client: AccordClient, organizationId: string): Promise<PendingInvitation[]> {
  const { data, error } = await client
    .from('tenant_invitations')
    .select('id, email, role, invited_by, last_sent_at, expires_at, resend_available_at')
    .eq('organization_id', organizationId)
    .is('used_at', null)
    .is('revoked_at', null)
    .order('created_at', { ascending: false });
  if (error) throw toDataError(error);
  return (data ?? []).map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    lastSentAt: row.last_sent_at,
    expiresAt: row.expires_at,
    resendAvailableAt: row.resend_available_at,
  }));
}

export function useTenantInvitations(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : teamKeys.invitations(organizationId), ([, , id]) => listTenantInvitations(client, id));
}
