import type { AccordClient } from '../client';
import { pricingError } from './refusals';

/** Archives a plan (hidden from /pricing, kept with its prices) or shows it again. Doing it twice is harmless. */
export async function setPricingPlanArchived(client: AccordClient, { id, archived }: { id: string; archived: boolean }): Promise<void> {
  const { error } = await client.rpc('admin_set_pricing_plan_archived', { p_plan_id: id, p_archived: archived });
  if (error) throw pricingError(error);
}
