import type { AccordClient } from '../client';
import { isSellerKey } from './keys';
import { billingError } from './refusals';

/** The seller settings form as typed; empty texts are sent as null. */
export interface SellerSettingsDraft {
  legalName: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string;
  iban: string;
  bic: string;
  email: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  paymentTermsDays: number;
  renewalLeadDays: number;
  renewalGraceDays: number;
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** Saves the seller (admin_save_seller_settings checks every field and records what changed). */
export async function saveSellerSettings(client: AccordClient, draft: SellerSettingsDraft): Promise<void> {
  const args = {
    p_legal_name: text(draft.legalName),
    p_address_line1: text(draft.addressLine1),
    p_address_line2: text(draft.addressLine2),
    p_postal_code: text(draft.postalCode),
    p_city: text(draft.city),
    p_country: text(draft.country),
    p_vat_id: text(draft.vatId)?.replace(/[\s.-]/g, '').toUpperCase() ?? null,
    p_iban: text(draft.iban)?.replace(/\s/g, '').toUpperCase() ?? null,
    p_bic: text(draft.bic)?.replace(/\s/g, '').toUpperCase() ?? null,
    p_email: text(draft.email),
    p_invoice_prefix: draft.invoicePrefix.trim().toUpperCase(),
    p_credit_note_prefix: draft.creditNotePrefix.trim().toUpperCase(),
    p_payment_terms_days: draft.paymentTermsDays,
    p_renewal_lead_days: draft.renewalLeadDays,
    p_renewal_grace_days: draft.renewalGraceDays,
  };
  // The generated types cannot say that the texts may be null (an unfilled field).
  const { error } = await client.rpc('admin_save_seller_settings', args as unknown as Parameters<typeof client.rpc<'admin_save_seller_settings'>>[1]);
  if (error) throw billingError(error);
}

export const saveSellerSettingsChanges = [isSellerKey];
