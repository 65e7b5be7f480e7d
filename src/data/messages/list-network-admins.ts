import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { toDataError } from '../errors';
import { messageKeys } from './keys';

/** Someone a conversation can be assigned to (a row of system_admins). */
export interface NetworkAdmin {
  id: string;
  name: string;
}

/**
 * The network's administrators, by name (their e-mail when they gave none).
 * System administrators read every grant and every profile; two reads, since
 * system_admins and profiles are joined only through auth.users.
 */
export async function listNetworkAdmins(client: AccordClient): Promise<NetworkAdmin[]> {
  const grants = await client.from('system_admins').select('user_id');
  if (grants.error) throw toDataError(grants.error);
  const ids = grants.data.map((row) => row.user_id);
  if (ids.length === 0) return [];
  const profiles = await client.from('profiles').select('id, full_name, email').in('id', ids);
  if (profiles.error) throw toDataError(profiles.error);
  const byId = new Map(profiles.data.map((p) => [p.id, p.full_name?.trim() || p.email || 'An administrator']));
  return ids
    .map((id) => ({ id, name: byId.get(id) ?? 'An administrator' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

export function useNetworkAdmins(enabled: boolean, client: AccordClient = supabase) {
  return useSWR(enabled ? messageKeys.networkAdmins : null, () => listNetworkAdmins(client));
}
