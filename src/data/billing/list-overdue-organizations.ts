import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { billingKeys } from './keys';
import { billingError } from './refusals';

/** An organisation with an invoice 30 days or more past due, per currency (admin_overdue_organizations). */
export interface OverdueOrganization {
  organizationId: string;
  organizationName: string;
  currency: string;
  overdueMinor: number;
  invoiceCount: number;
  oldestDueDate: string;
}

export async function listOverdueOrganizations(client: AccordClient): Promise<OverdueOrganization[]> {
  const { data, error } = await client.rpc('admin_overdue_organizations');
  if (error) throw billingError(error);
  return data.map((row) => ({
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    currency: row.currency,
    overdueMinor: row.overdue_minor,
    invoiceCount: row.invoice_count,
    oldestDueDate: row.oldest_due_date,
  }));
}

export function useOverdueOrganizations(client: AccordClient = supabase) {
  return useSWR(billingKeys.overdue, () => listOverdueOrganizations(client));
}
