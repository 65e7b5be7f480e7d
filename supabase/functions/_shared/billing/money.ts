/**
 * THE way a billing amount is printed, on the invoice PDF and in the app:
 * integer minor units of an ISO 4217 currency, always with two decimals (every
 * currency Accord bills in has two: docs/decisions/071-invoice-documents.md).
 * Integer arithmetic only, so 0.1 + 0.2 never shows; no Intl, so a PDF renders
 * the same bytes whatever ICU the runtime carries. Import-free: the app and
 * the Edge Functions import this one file.
 */

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$' };

/** "€1,452.00", "-£90.50", "CHF 1,200.00" for 145200, -9050, 120000. */
export function formatMinor(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = `${whole}.${String(abs % 100).padStart(2, '0')}`;
  const symbol = SYMBOLS[currency];
  return symbol ? `${sign}${symbol}${amount}` : `${sign}${currency} ${amount}`;
}

/** "21 %", "5.5 %", "0 %" for a VAT rate in basis points. */
export function formatRateBp(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const fraction = String(rateBp % 100).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} %`;
}
