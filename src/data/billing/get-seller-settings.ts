import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import type { Tables } from '../database.types';
import { billingKeys } from './keys';
import { billingError } from './refusals';

export interface SellerSettings {
  settings: Tables<'billing_seller_settings'>;
  vatRates: Tables<'billing_vat_rates'>[];
}

/** The network as the seller and its VAT rates by country (system administrators). */
export async function getSellerSettings(client: AccordClient): Promise<SellerSettings> {
  const [settings, rates] = await Promise.all([
    client.from('billing_seller_settings').select('*').single(),
    client.from('billing_vat_rates').select('*').order('country'),
  ]);
  if (settings.error) throw billingError(settings.error);
  if (rates.error) throw billingError(rates.error);
  return { settings: settings.data, vatRates: rates.data };
}

export function useSellerSettings(client: AccordClient = supabase) {
  return useSWR(billingKeys.seller, () => getSellerSettings(client));
}
