import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

export interface BillingOrganization {
  id: string;
  name: string;
}

/** Every organisation by name, for the back office's choice of one (system administrators read them all). */
export async function listBillingOrganizations(client: AccordClient): Promise<BillingOrganization[]> {
  const { data, error } = await client.from('organizations').select('id, name').order('name').limit(1000);
  if (error) throw billingError(error);
  return data;
}

export function useBillingOrganizations(client: AccordClient = supabase) {
  return useSWR(billingKeys.organizations, () => listBillingOrganizations(client));
}
