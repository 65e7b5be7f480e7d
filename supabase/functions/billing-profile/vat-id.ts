/**
 * The VAT-number format check of a billing profile (docs/decisions/071-invoice-documents.md):
 * jsvat's rules for the EU member states (and CH, GB, NO, …): the country
 * prefix, the length and shape, and the check digits where the country has
 * them. It catches typos; it does not ask VIES whether the number is
 * registered (a later step, if the network wants it).
 */
import { checkVAT, countries } from 'npm:jsvat@2.5.4';

/** As stored: upper case without spaces, dots or hyphens (save_billing_profile normalises the same way). */
export function normaliseVatId(value: string | null | undefined): string | null {
  const normalised = (value ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return normalised === '' ? null : normalised;
}

export type VatIdCheck = { valid: true; country: string } | { valid: false; message: string };

/** Whether a normalised VAT number is well formed, or the words for what is wrong. */
export function checkVatId(vatId: string): VatIdCheck {
  const result = checkVAT(vatId, countries);
  if (result.isValid) return { valid: true, country: result.country!.isoCode.short };
  if (!result.isSupportedCountry) {
    return {
      valid: false,
      message: 'A VAT number starts with its country’s two letters (EL for Greece), such as PL5260250274. Check the first two letters.',
    };
  }
  return {
    valid: false,
    message: `This is not a valid ${result.country?.name ?? ''} VAT number: check the digits against your VAT registration.`.replace('  ', ' '),
  };
}
