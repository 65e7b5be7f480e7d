import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingError } from './refusals';
import { billingKeys } from './keys';

/** What every member of an organisation may know of its billing (billing_standing): no amounts. */
export interface BillingStanding {
  hasMembership: boolean;
  planName: string | null;
  status: 'active' | 'ended' | null;
  /** YYYY-MM-DD, the first day of the next period; null unless active. */
  nextRenewal: string | null;
  inGoodStanding: boolean;
  overdue: boolean;
}

export async function getBillingStanding(client: AccordClient, organizationId: string): Promise<BillingStanding> {
  const { data, error } = await client.rpc('billing_standing', { p_organization_id: organizationId });
  if (error) throw billingError(error);
  const answer = (data ?? {}) as Record<string, unknown>;
  return {
    hasMembership: answer.has_membership === true,
    planName: typeof answer.plan_name === 'string' ? answer.plan_name : null,
    status: answer.status === 'active' || answer.status === 'ended' ? answer.status : null,
    nextRenewal: typeof answer.next_renewal === 'string' ? answer.next_renewal : null,
    inGoodStanding: answer.in_good_standing !== false,
    overdue: answer.overdue === true,
  };
}

/** Pass null while the organisation is unknown. */
export function useBillingStanding(organizationId: string | null, client: AccordClient = supabase) {
  return useSWR(organizationId ? billingKeys.standing(organizationId) : null, ([, , id]) => getBillingStanding(client, id));
}
