import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

export interface BillablePlan {
  id: string;
  name: string;
  price: number | null;
  currency: string;
  billingPeriod: string;
}

/** The plans an organisation can be moved to: not archived, in /pricing's order. */
export async function listBillablePlans(client: AccordClient): Promise<BillablePlan[]> {
  const { data, error } = await client
    .from('pricing_plans')
    .select('id, name, price, currency, billing_period')
    .is('archived_at', null)
    .order('sort_order')
    .order('name');
  if (error) throw billingError(error);
  return data.map((plan) => ({ id: plan.id, name: plan.name, price: plan.price, currency: plan.currency, billingPeriod: plan.billing_period }));
}

export function useBillablePlans(client: AccordClient = supabase) {
  return useSWR(billingKeys.plans, () => listBillablePlans(client));
}
