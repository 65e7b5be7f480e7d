import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Tables } from '../database.types';
import { billingError } from './refusals';
import { billingKeys } from './keys';
import { toInvoiceSummary, toParty, type InvoiceParty, type InvoiceSummary } from './types';

/** The current period of the membership, with the price snapshotted when it started. */
export interface MemberPeriod {
  planName: string;
  unitAmountMinor: number;
  currency: string;
  billingPeriod: 'month' | 'year';
  periodStart: string;
  periodEnd: string;
}

/** An issued invoice with what the member needs to pay it. */
export interface MemberInvoice extends InvoiceSummary {
  rfReference: string | null;
  seller: InvoiceParty | null;
}

/** What an organisation's admin sees on /dashboard/billing (RLS: its admins read these). */
export interface MemberAccount {
  period: MemberPeriod | null;
  nextPlanName: string | null;
  profile: Tables<'billing_profiles'> | null;
  invoices: MemberInvoice[];
}

/** The organisation's billing for its admins, with the amounts and balances as the database keeps them. */
export async function getMemberAccount(client: AccordClient, organizationId: string, today: string): Promise<MemberAccount> {
  const [membership, invoices, profile] = await Promise.all([
    client.from('memberships').select('plan_id, status, current_period_start, next_plan_id').eq('organization_id', organizationId).maybeSingle(),
    client
      .from('invoices')
      .select('*')
      .eq('organization_id', organizationId)
      .eq('status', 'issued')
      .order('issue_date', { ascending: false })
      .order('number', { ascending: false })
      .limit(200),
    client.from('billing_profiles').select('*').eq('organization_id', organizationId).maybeSingle(),
  ]);
  if (membership.error) throw billingError(membership.error);
  if (invoices.error) throw billingError(invoices.error);
  if (profile.error) throw billingError(profile.error);
  let period: MemberPeriod | null = null;
  let nextPlanName: string | null = null;
  if (membership.data) {
    const [current, next] = await Promise.all([
      client
        .from('membership_periods')
        .select('plan_name, unit_amount_minor, currency, billing_period, period_start, period_end')
        .eq('organization_id', organizationId)
        .eq('period_start', membership.data.current_period_start)
        .maybeSingle(),
      membership.data.next_plan_id
        ? client.from('pricing_plans').select('name').eq('id', membership.data.next_plan_id).maybeSingle()
        : Promise.resolve({ data: null, error: null }),
    ]);
    if (current.error) throw billingError(current.error);
    if (current.data) {
      period = {
        planName: current.data.plan_name,
        unitAmountMinor: current.data.unit_amount_minor,
        currency: current.data.currency,
        billingPeriod: current.data.billing_period as 'month' | 'year',
        periodStart: current.data.period_start,
        periodEnd: current.data.period_end,
      };
    }
    nextPlanName = next.data?.name ?? null;
  }
  const rows = invoices.data.map((row) => ({
    ...toInvoiceSummary(row, toParty(row.buyer)?.name ?? '', today),
    rfReference: row.rf_reference,
    seller: toParty(row.seller),
  }));
  return { period, nextPlanName, profile: profile.data, invoices: rows };
}

/** Pass null while the organisation is unknown or the reader is not its admin. */
export function useMemberAccount(organizationId: string | null, today: string, client: AccordClient = supabase) {
  return useSWR(organizationId ? billingKeys.memberAccount(organizationId) : null, ([, , id]) => getMemberAccount(client, id, today));
}
