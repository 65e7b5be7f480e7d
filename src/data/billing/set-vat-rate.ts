import type { AccordClient } from '../client';
import { isSellerKey } from './keys';
import { billingError } from './refusals';

/** Sets a country's standard VAT rate in basis points (2100 = 21 %); invoices already issued keep theirs. */
export async function setVatRate(client: AccordClient, country: string, rateBp: number): Promise<void> {
  const { error } = await client.rpc('admin_set_vat_rate', { p_country: country.toUpperCase(), p_rate_bp: rateBp });
  if (error) throw billingError(error);
}

export const setVatRateChanges = [isSellerKey];
