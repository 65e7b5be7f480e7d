import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { PLAN_COLUMNS, toPricingPlan, type PricingPlan } from '../content/types';
import { toDataError } from '../errors';
import { pricingKeys } from './keys';

/** A plan as the back office sees it: what /pricing shows, and whether it is shown. */
export interface AdminPricingPlan extends PricingPlan {
  isPublished: boolean;
  archivedAt: string | null;
  updatedAt: string;
}

/** Every plan, archived ones too, in the order /pricing shows them; system administrators only (the table's policy). */
export async function listAdminPricingPlans(client: AccordClient): Promise<AdminPricingPlan[]> {
  const { data, error } = await client
    .from('pricing_plans')
    .select(`${PLAN_COLUMNS},is_published,archived_at,updated_at`)
    .order('sort_order')
    .order('name')
    .order('id');
  if (error) throw toDataError(error);
  return data.map((row) => ({ ...toPricingPlan(row), isPublished: row.is_published, archivedAt: row.archived_at, updatedAt: row.updated_at }));
}

export function useAdminPricingPlans(client: AccordClient = supabase) {
  return useSWR(pricingKeys.adminPlans, () => listAdminPricingPlans(client));
}
