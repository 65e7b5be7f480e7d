import type { AccordClient } from '../client';
import type { BillingPeriod } from '../content/types';
import type { Database } from '../database.types';
import { pricingError } from './refusals';

type Args = Database['public']['Functions']['admin_save_pricing_plan']['Args'];
type Nullable = 'p_plan_id' | 'p_price' | 'p_included_verifications' | 'p_additional_verification_eur';
type SaveArgs = Omit<Args, Nullable> & { [K in Nullable]: Args[K] | null };

export interface PricingPlanDraft {
  /** Null adds a plan. */
  id: string | null;
  name: string;
  summary: string;
  /** Null: priced on request. */
  price: number | null;
  currency: string;
  billingPeriod: BillingPeriod;
  includedVerifications: number | null;
  additionalVerificationEur: number | null;
  support: string;
  features: string[];
  isFeatured: boolean;
}

/** Adds or changes a plan through admin_save_pricing_plan (which checks every field and records the change); returns its id. */
export async function savePricingPlan(client: AccordClient, draft: PricingPlanDraft): Promise<string> {
  const args: SaveArgs = {
    p_plan_id: draft.id,
    p_name: draft.name,
    p_summary: draft.summary,
    p_price: draft.price,
    p_currency: draft.currency,
    p_billing_period: draft.billingPeriod,
    p_included_verifications: draft.includedVerifications,
    p_additional_verification_eur: draft.additionalVerificationEur,
    p_support: draft.support,
    p_features: draft.features,
    p_is_featured: draft.isFeatured,
  };
  // The generated types cannot say that some arguments take null (a new plan, a price on request).
  const { data, error } = await client.rpc('admin_save_pricing_plan', args as unknown as Args);
  if (error) throw pricingError(error);
  return data;
}
