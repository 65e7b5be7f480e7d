import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { adminKeys } from './keys';

export type AdminInvitationStatus = 'open' | 'used' | 'revoked' | 'expired';

/** One administrator invitation as the back office lists it (admin_list_invitations). */
export interface AdminInvitation {
  id: string;
  email: string;
  status: AdminInvitationStatus;
  invitedByEmail: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedByEmail: string | null;
  revokedAt: string | null;
}

const STATUSES: readonly AdminInvitationStatus[] = ['open', 'used', 'revoked', 'expired'];
type Row = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Every invitation, open ones first; system administrators only. */
export async function listAdminInvitations(client: AccordClient): Promise<AdminInvitation[]> {
  const { data, error } = await client.rpc('admin_list_invitations');
  if (error) throw toDataError(error);
  return ((data ?? []) as Row[]).map((row) => ({
    id: String(row.id),
    email: String(row.email),
    status: STATUSES.includes(row.status as AdminInvitationStatus) ? (row.status as AdminInvitationStatus) : 'expired',
    invitedByEmail: text(row.invited_by_email),
    createdAt: String(row.created_at),
    expiresAt: String(row.expires_at),
    usedAt: text(row.used_at),
    usedByEmail: text(row.used_by_email),
    revokedAt: text(row.revoked_at),
  }));
}

export function useAdminInvitations(client: AccordClient = supabase) {
  return useSWR(adminKeys.invitations, () => listAdminInvitations(client));
}
