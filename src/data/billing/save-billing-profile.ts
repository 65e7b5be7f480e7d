import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import type { Tables } from '../database.types';
import { isMemberAccountKey, isOrganizationBillingKey } from './keys';
import { billingFunctionError } from './refusals';

/** The billing details form as typed; empty fields are sent as null. */
export interface BillingProfileDraft {
  billingName: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string;
  billingEmail: string;
  poReference: string;
}

export interface SavedBillingProfile {
  profile: Tables<'billing_profiles'>;
  vatIdChecked: boolean;
}

/**
 * Saves an organisation's billing details through the billing-profile Edge
 * Function, which checks the VAT number's format (422 vat_id_invalid with the
 * words for what is wrong) before the database saves as the caller.
 */
export async function saveBillingProfile(client: AccordClient, organizationId: string, draft: BillingProfileDraft): Promise<SavedBillingProfile> {
  const body: Record<string, string | null> = { organizationId };
  for (const [field, value] of Object.entries(draft)) body[field] = value.trim() === '' ? null : value.trim();
  const { data, error } = await client.functions.invoke<SavedBillingProfile>('billing-profile', { body });
  if (error) throw await billingFunctionError(error);
  if (!data || typeof data !== 'object' || !('profile' in data)) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}

/** What it changes: the member's billing page and the back office's panel of that organisation. */
export const saveBillingProfileChanges = [isMemberAccountKey, isOrganizationBillingKey];
