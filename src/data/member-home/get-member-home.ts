import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import type { RegistryStatus } from '../registry/types';
import { memberHomeKeys } from './keys';

export interface ChangeRequestSummary {
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  createdAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
}

/** What /dashboard shows about the organisation (member_home). */
export interface MemberHome {
  organizationId: string;
  name: string;
  /** Null until the organisation is approved into the registry. */
  registryStatus: RegistryStatus | null;
  registryEffectiveFrom: string | null;
  memberSince: string | null;
  hasLogo: boolean;
  hasWebsite: boolean;
  teamSize: number;
  pendingInvitations: number;
  /** Pending invitations that expire within 48 hours. */
  expiringInvitations: { email: string; expiresAt: string }[];
  /** When the longest-waiting pending invitation was (last) sent. */
  oldestPendingInvitation: string | null;
  changeRequest: ChangeRequestSummary | null;
}

interface Raw {
  organization_id: string;
  name: string;
  registry_status: RegistryStatus | null;
  registry_effective_from: string | null;
  member_since: string | null;
  has_logo: boolean;
  has_website: boolean;
  team_size: number;
  pending_invitations: number;
  expiring_invitations: { email: string; expires_at: string }[];
  oldest_pending_invitation: string | null;
  change_request: { status: ChangeRequestSummary['status']; created_at: string; decided_at: string | null; decision_reason: string | null } | null;
}

export async function getMemberHome(client: AccordClient, organizationId: string): Promise<MemberHome> {
  const { data, error } = await client.rpc('member_home', { p_organization_id: organizationId });
  if (error) throw toDataError(error);
  const raw = data as unknown as Raw | null;
  if (!raw) throw new DataError('The organisation’s summary came back empty.');
  return {
    organizationId: raw.organization_id,
    name: raw.name,
    registryStatus: raw.registry_status,
    registryEffectiveFrom: raw.registry_effective_from,
    memberSince: raw.member_since,
    hasLogo: raw.has_logo,
    hasWebsite: raw.has_website,
    teamSize: raw.team_size,
    pendingInvitations: raw.pending_invitations,
    expiringInvitations: raw.expiring_invitations.map((i) => ({ email: i.email, expiresAt: i.expires_at })),
    oldestPendingInvitation: raw.oldest_pending_invitation,
    changeRequest: raw.change_request && {
      status: raw.change_request.status,
      createdAt: raw.change_request.created_at,
      decidedAt: raw.change_request.decided_at,
      decisionReason: raw.change_request.decision_reason,
    },
  };
}

/** Pass null while the organisation is unknown. */
export function useMemberHome(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : memberHomeKeys.summary(organizationId), ([, , id]) => getMemberHome(client, id));
}
