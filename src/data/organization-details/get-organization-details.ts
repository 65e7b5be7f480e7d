import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Tables } from '../database.types';
import { DataError } from '../errors';
import { organizationDetailsKeys } from './keys';

export type OrganizationRow = Tables<'organizations'>;
export type ChangeRequest = Tables<'organization_change_requests'>;

export interface OrganizationDetails {
  organization: OrganizationRow;
  /** The request for registered facts waiting for a system administrator, if any (at most one, decision 024). */
  pendingChange: ChangeRequest | null;
}

const LOAD_FAILED = "We couldn't load your organisation's details. Check your connection and try again.";

/** The organisation (RLS: its members read it at any status) and its pending change request. */
export async function getOrganizationDetails(client: AccordClient, organizationId: string): Promise<OrganizationDetails> {
  const [organization, pending] = await Promise.all([
    client.from('organizations').select('*').eq('id', organizationId).single(),
    client.from('organization_change_requests').select('*').eq('organization_id', organizationId).eq('status', 'pending').maybeSingle(),
  ]);
  if (organization.error) throw new DataError(LOAD_FAILED, { code: organization.error.code, cause: organization.error });
  if (pending.error) throw new DataError(LOAD_FAILED, { code: pending.error.code, cause: pending.error });
  return { organization: organization.data, pendingChange: pending.data };
}

/** Pass null while the organisation is unknown. */
export function useOrganizationDetails(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId === null ? null : organizationDetailsKeys.detail(organizationId), ([, id]) =>
    getOrganizationDetails(client, id),
  );
}
