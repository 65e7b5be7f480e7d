import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

export interface RecurringRevenue {
  currency: string;
  mrrMinor: number;
  arrMinor: number;
}

export interface Receivables {
  currency: string;
  outstandingMinor: number;
  overdueMinor: number;
  ageing: { d0_30: number; d31_60: number; d61_90: number; d90_plus: number };
}

/** admin_billing_overview's figures, as the database computed them. */
export interface BillingOverview {
  today: string;
  recurring: RecurringRevenue[];
  receivables: Receivables[];
  overdueOrganizations: number;
  upcomingRenewals: number;
  drafts: number;
}

export async function getBillingOverview(client: AccordClient): Promise<BillingOverview> {
  const { data, error } = await client.rpc('admin_billing_overview');
  if (error) throw billingError(error);
  return data as unknown as BillingOverview;
}

export function useBillingOverview(client: AccordClient = supabase) {
  return useSWR(billingKeys.overview, () => getBillingOverview(client));
}
