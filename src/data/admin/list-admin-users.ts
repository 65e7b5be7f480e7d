import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Enums } from '../database.types';
import { toDataError } from '../errors';
import { adminKeys } from './keys';

/** One account as the back office lists it (admin_list_users). */
export interface AdminUser {
  id: string;
  email: string | null;
  fullName: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  isSystemAdmin: boolean;
  organization: {
    id: string;
    name: string;
    role: Enums<'organization_role'>;
    applicationStatus: Enums<'application_status'> | null;
  } | null;
  investorLevel: Enums<'investor_access_level'> | null;
  isStakeholder: boolean;
}

type Row = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Every account with its roles; system administrators only (others get a 403 as a DataError). */
export async function listAdminUsers(client: AccordClient): Promise<AdminUser[]> {
  const { data, error } = await client.rpc('admin_list_users');
  if (error) throw toDataError(error);
  // The generated types cannot see which columns of a set-returning function may be null.
  return ((data ?? []) as Row[]).map((row) => ({
    id: String(row.id),
    email: text(row.email),
    fullName: text(row.full_name),
    createdAt: String(row.created_at),
    lastSignInAt: text(row.last_sign_in_at),
    isSystemAdmin: row.is_system_admin === true,
    organization:
      row.organization_id && row.organization_name
        ? {
            id: String(row.organization_id),
            name: String(row.organization_name),
            role: row.organization_role as Enums<'organization_role'>,
            applicationStatus: (row.application_status ?? null) as Enums<'application_status'> | null,
          }
        : null,
    investorLevel: (row.investor_level ?? null) as Enums<'investor_access_level'> | null,
    isStakeholder: row.is_stakeholder === true,
  }));
}

export function useAdminUsers(client: AccordClient = supabase) {
  return useSWR(adminKeys.users, () => listAdminUsers(client));
}
