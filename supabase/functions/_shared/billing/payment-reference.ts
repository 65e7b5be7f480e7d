/**
 * How a member pays an invoice by bank transfer: the ISO 11649 structured
 * creditor reference ("RF…") and the EPC069-12 QR payload (a SEPA credit
 * transfer a banking app can scan). docs/decisions/071-invoice-documents.md.
 *
 * Pure and import-free, so the app (src/), the Edge Functions (Deno) and the
 * tests import this one file. The database computes the same reference in SQL
 * when an invoice is issued; the vectors in payment-reference.test.ts are the
 * ones its test must match.
 */

/** ISO 7064 MOD 97-10 over an alphanumeric string: letters count as 10 (A) … 35 (Z). */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** Upper case without spaces: how people type references and IBANs, and how they are compared. */
export function compact(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for reading aloud and printing: `RF18 5390 0754 7034`, `NL91 ABNA 0417 1643 00`. */
export function groupsOfFour(value: string): string {
  return compact(value).replace(/(.{4})(?=.)/g, '$1 ');
}

export const RF_BODY_MAX = 21;

/** The reference is not possible for this invoice number (nothing alphanumeric in it, or more than 21 characters of it). */
export class RfReferenceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RfReferenceError';
  }
}

/**
 * The creditor reference of an invoice: its number's letters and digits
 * (`ACC-2026-000042` → `ACC2026000042`), upper case, after `RF` and two check
 * digits (98 − the MOD 97 of body + "RF00"). The number is unique, so is the
 * reference; a bank statement line that carries it names its invoice.
 */
export function rfReference(invoiceNumber: string): string {
  const body = invoiceNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (body.length === 0 || body.length > RF_BODY_MAX) {
    throw new RfReferenceError(`An RF reference needs 1 to ${RF_BODY_MAX} letters and digits; "${invoiceNumber}" has ${body.length}.`);
  }
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** Whether `value` (spaces and case ignored) is a well-formed ISO 11649 reference whose check digits agree. */
export function isValidRfReference(value: string): boolean {
  const reference = compact(value);
  if (!/^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(reference)) return false;
  return mod97(reference.slice(4) + reference.slice(0, 4)) === 1;
}

/** Whether `value` (spaces and case ignored) looks like an IBAN whose check digits agree (ISO 13616: MOD 97 = 1). */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}[0-9]{2}[0-9A-Z]{11,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** A BIC: 4 bank letters, 2 country letters, 2 location characters, an optional 3-character branch. */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[0-9A-Z]{2}([0-9A-Z]{3})?$/.test(compact(value));
}

/** What the EPC QR code asks a banking app to pay. */
export interface EpcTransfer {
  bic: string | null;
  /** The beneficiary's name (the seller); at most 70 characters are sent. */
  name: string;
  iban: string;
  /** In euro cents: the EPC code is for euro transfers only. */
  amountMinor: number;
  currency: string;
  /** The ISO 11649 reference (structured remittance). */
  reference: string;
}

/** A transfer the EPC QR code cannot carry; the document then shows the bank details without a code. */
export class EpcPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EpcPayloadError';
  }
}

export const EPC_NAME_MAX = 70;
/** EPC069-12: 0.01 … 999,999,999.99 EUR. */
export const EPC_AMOUNT_MAX_MINOR = 99_999_999_999;
/** EPC069-12: the whole payload, in bytes of UTF-8. */
export const EPC_PAYLOAD_MAX_BYTES = 331;

/** Whether the transfer can be given as an EPC QR code at all (euro, a positive amount within the standard's range). */
export function epcPayable(currency: string, amountMinor: number): boolean {
  return currency === 'EUR' && Number.isSafeInteger(amountMinor) && amountMinor >= 1 && amountMinor <= EPC_AMOUNT_MAX_MINOR;
}

/**
 * The EPC069-12 payload (version 002, UTF-8, SEPA credit transfer), one field
 * a line: BCD / 002 / 1 / SCT / BIC / name / IBAN / EUR amount / purpose
 * (empty) / structured reference. The unstructured remittance and the note
 * after it are left out (the standard allows either the structured or the
 * unstructured remittance, never both, and trailing empty fields may go).
 */
export function epcQrPayload(transfer: EpcTransfer): string {
  if (!epcPayable(transfer.currency, transfer.amountMinor)) {
    throw new EpcPayloadError('The EPC QR code carries euro amounts from 0.01 to 999,999,999.99 only.');
  }
  const iban = compact(transfer.iban);
  if (!isValidIban(iban) || iban.length > 34) throw new EpcPayloadError('The IBAN is not valid.');
  const bic = transfer.bic ? compact(transfer.bic) : '';
  if (bic !== '' && !isValidBic(bic)) throw new EpcPayloadError('The BIC is not valid.');
  const reference = compact(transfer.reference);
  if (!isValidRfReference(reference)) throw new EpcPayloadError('The creditor reference is not a valid RF reference.');
  // Line breaks would shift every field after the name: a name is one line.
  const name = Array.from(transfer.name.replace(/\s+/g, ' ').trim()).slice(0, EPC_NAME_MAX).join('');
  if (name === '') throw new EpcPayloadError('The beneficiary needs a name.');
  const euros = Math.floor(transfer.amountMinor / 100);
  const cents = String(transfer.amountMinor % 100).padStart(2, '0');
  const payload = ['BCD', '002', '1', 'SCT', bic, name, iban, `EUR${euros}.${cents}`, '', reference].join('\n');
  if (new TextEncoder().encode(payload).length > EPC_PAYLOAD_MAX_BYTES) throw new EpcPayloadError('The payload is longer than 331 bytes.');
  return payload;
}
