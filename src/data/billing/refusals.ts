import { DataError, toDataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';

/**
 * The billing RPCs' and functions' named errors (supabase/migrations/20261202000200_billing.sql,
 * supabase/functions/billing-profile, invoice-pdf) in plain words.
 */
const REFUSALS: Record<string, string> = {
  not_organization_admin: 'Only your organisation’s admins can see or change this.',
  not_organization_member: 'You are not a member of this organisation.',
  forbidden: 'You are not allowed to do this.',
  invoice_not_found: 'This invoice no longer exists. Refresh the list.',
  invoice_not_draft: 'This invoice has already been issued.',
  invoice_without_lines: 'A draft without lines cannot be issued.',
  invoice_not_issued: 'Only an issued invoice can be sent.',
  invoice_not_creditable: 'This invoice cannot be credited: only an issued invoice with an amount left can.',
  credit_reason_required: 'Say why the credit note is issued: it is printed on it.',
  credit_reason_too_long: 'Keep the reason to 500 characters.',
  credit_amount_invalid: 'The amount must be above zero, in the invoice’s currency.',
  credit_exceeds_remaining: 'The credit note would be more than what the invoice still holds.',
  seller_settings_incomplete: 'Fill in the seller’s legal name, address, VAT number, IBAN and BIC first (Seller settings on /admin/billing).',
  seller_settings_invalid: 'Some seller settings are not valid. Check the fields and try again.',
  vat_rate_missing: 'There is no VAT rate for the seller’s country yet. Set it under Seller settings.',
  vat_rate_invalid: 'A VAT rate is between 0 and 100 %, with at most two decimals.',
  country_invalid: 'Choose a country.',
  vat_id_invalid: 'This VAT number is not valid. Check the country prefix and the digits.',
  billing_email_invalid: 'Enter an e-mail address such as accounts@example.org.',
  billing_profile_invalid: 'Some billing details are too long or not valid. Check the fields and try again.',
  organization_not_found: 'This organisation no longer exists.',
  membership_not_found: 'This organisation has no membership.',
  membership_exists: 'This organisation already has a membership.',
  plan_not_found: 'This plan no longer exists. Refresh the page.',
  plan_not_priced: 'This plan is priced on request, so it cannot be invoiced.',
  plan_change_preview_stale: 'The amounts changed since you saw the preview. Look at the new preview and confirm again.',
  plan_changed_today: 'The plan was already changed today. Try again tomorrow.',
  next_period_issued: 'The next period is already invoiced; apply the change now instead.',
  effective_invalid: 'Choose when the change takes effect.',
  idempotency_key_required: 'The payment could not be recorded. Please try again.',
  payment_amount_invalid: 'The amount must be above zero.',
  currency_invalid: 'The currency is a three-letter code, such as EUR.',
  received_on_required: 'Say when the money arrived.',
  payment_method_invalid: 'Choose how the money came.',
  allocations_invalid: 'The payment could not be divided over the invoices. Check the amounts.',
  allocation_invoice_invalid: 'The invoice is not an open invoice of this organisation in this currency.',
  allocation_currency_mismatch: 'The invoice is in another currency than the payment.',
  allocation_amount_invalid: 'The amounts on the invoices add up to more than the payment, or more than an invoice owes.',
  statement_sha256_invalid: 'The file could not be read. Choose it again.',
  statement_format_invalid: 'A statement is camt.053 XML or CSV.',
  statement_file_name_invalid: 'The file needs a name.',
  statement_lines_invalid: 'Some lines of the statement could not be read.',
  statement_not_found: 'This statement no longer exists.',
  statement_line_not_found: 'This statement line no longer exists.',
  statement_line_confirmed: 'This line is already recorded as a payment.',
  cursor_incomplete: 'The page could not be found. Start from the first page.',
  file_missing: 'The PDF could not be found. Please try again.',
};

function codeOf(error: unknown): string | undefined {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** A billing RPC's error as the sentence the pages show. */
export function billingError(error: unknown): DataError {
  const code = codeOf(error);
  const refusal = code ? REFUSALS[code] : undefined;
  return refusal ? new DataError(refusal, { code, cause: error }) : toDataError(error);
}

interface FunctionsErrorLike {
  name?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

/** An Edge Function's refusal `{ error, message }` (billing-profile, invoice-pdf) as a DataError with its code. */
export async function billingFunctionError(error: unknown): Promise<DataError> {
  const failure = error as FunctionsErrorLike;
  if (failure?.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = failure?.context?.status;
  if (failure?.name === 'FunctionsHttpError' && failure.context?.json) {
    const body = (await failure.context.json().catch(() => null)) as { error?: unknown; message?: unknown; msg?: unknown } | null;
    const code = typeof body?.error === 'string' ? body.error : undefined;
    const message = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : undefined;
    // The function's own sentence first (a VAT number's problem names the country); ours when it sent none.
    const words = (code && code !== 'internal' && message) || (code ? REFUSALS[code] : undefined) || message || UNEXPECTED_MESSAGE;
    return new DataError(words, { status, code, cause: error });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}
