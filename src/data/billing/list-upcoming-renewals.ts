import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

export interface UpcomingRenewal {
  organizationId: string;
  organizationName: string;
  /** The first day of the next period. */
  renewsOn: string;
  planName: string;
  nextPlanName: string | null;
}

/** Active memberships whose period ends within `days` of `today`, soonest first (system administrators read memberships). */
export async function listUpcomingRenewals(client: AccordClient, today: string, days = 30): Promise<UpcomingRenewal[]> {
  const until = new Date(`${today}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + days);
  const { data, error } = await client
    .from('memberships')
    .select('organization_id, current_period_end, organizations(name), plan:pricing_plans!memberships_plan_id_fkey(name), next:pricing_plans!memberships_next_plan_id_fkey(name)')
    .eq('status', 'active')
    .gte('current_period_end', today)
    .lt('current_period_end', until.toISOString().slice(0, 10))
    .order('current_period_end')
    .limit(100);
  if (error) throw billingError(error);
  return data.map((row) => ({
    organizationId: row.organization_id,
    organizationName: row.organizations?.name ?? '',
    renewsOn: row.current_period_end,
    planName: row.plan?.name ?? '',
    nextPlanName: row.next?.name ?? null,
  }));
}

/** Pass null until the overview has said what billing's today is. */
export function useUpcomingRenewals(today: string | null, client: AccordClient = supabase) {
  return useSWR(today ? [...billingKeys.renewals, today] : null, ([, , day]) => listUpcomingRenewals(client, day));
}
