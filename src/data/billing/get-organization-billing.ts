import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Tables } from '../database.types';
import { billingKeys } from './keys';
import { billingError } from './refusals';
import { toInvoiceSummary, type InvoiceSummary } from './types';

/** One organisation's billing as the back office sees it. */
export interface OrganizationBilling {
  organizationId: string;
  organizationName: string;
  membership: Tables<'memberships'> | null;
  /** The current period's snapshot (plan name and price when it started). */
  period: Tables<'membership_periods'> | null;
  nextPlanName: string | null;
  profile: Tables<'billing_profiles'> | null;
  /** Issued invoices with something still to pay, oldest first: what a payment settles. */
  openInvoices: InvoiceSummary[];
}

export async function getOrganizationBilling(client: AccordClient, organizationId: string, today: string): Promise<OrganizationBilling> {
  const [organization, membership, profile, open] = await Promise.all([
    client.from('organizations').select('id, name').eq('id', organizationId).maybeSingle(),
    client.from('memberships').select('*').eq('organization_id', organizationId).maybeSingle(),
    client.from('billing_profiles').select('*').eq('organization_id', organizationId).maybeSingle(),
    client
      .from('invoices')
      .select('*')
      .eq('organization_id', organizationId)
      .eq('status', 'issued')
      .eq('kind', 'invoice')
      .gt('balance_minor', 0)
      .order('due_date')
      .limit(100),
  ]);
  for (const answer of [organization, membership, profile, open]) if (answer.error) throw billingError(answer.error);
  const name = organization.data?.name ?? '';
  let period: Tables<'membership_periods'> | null = null;
  let nextPlanName: string | null = null;
  if (membership.data) {
    const [current, next] = await Promise.all([
      client.from('membership_periods').select('*').eq('organization_id', organizationId).eq('period_start', membership.data.current_period_start).maybeSingle(),
      membership.data.next_plan_id
        ? client.from('pricing_plans').select('name').eq('id', membership.data.next_plan_id).maybeSingle()
        : Promise.resolve({ data: null, error: null }),
    ]);
    if (current.error) throw billingError(current.error);
    period = current.data;
    nextPlanName = next.data?.name ?? null;
  }
  return {
    organizationId,
    organizationName: name,
    membership: membership.data,
    period,
    nextPlanName,
    profile: profile.data,
    openInvoices: (open.data ?? []).map((row) => toInvoiceSummary(row, name, today)),
  };
}

/** Pass null while no organisation is chosen. */
export function useOrganizationBilling(organizationId: string | null, today: string, client: AccordClient = supabase) {
  return useSWR(organizationId ? billingKeys.organization(organizationId) : null, ([, , id]) => getOrganizationBilling(client, id, today));
}
