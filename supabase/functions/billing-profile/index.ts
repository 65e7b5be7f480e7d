/**
 * POST /functions/v1/billing-profile
 *   { organizationId, billingName, addressLine1, addressLine2, postalCode,
 *     city, country, vatId, billingEmail, poReference }
 *
 * An organisation's administrator (or a system administrator) saves who the
 * organisation's invoices are addressed to. The VAT number is normalised and
 * its format checked here with jsvat (./vat-id.ts), because the database has
 * no such library: a bad one is refused (422 vat_id_invalid) before anything
 * is saved. Then the profile is saved AS THE CALLER (save_billing_profile
 * decides who may), and only then, with the service role, the check is
 * recorded (record_vat_id_check): reverse charge needs a checked number.
 *
 * Answers { profile (the billing_profiles row), vatIdChecked }; refusals are JSON { error, message }:
 * 400 invalid_request, 401 not_authenticated, 403 forbidden | aal2_required,
 * 404 organization_not_found, 405 method_not_allowed, 422 vat_id_invalid |
 * billing_email_invalid | billing_profile_invalid, 500 internal.
 * Decision: docs/decisions/071-invoice-documents.md.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';
import { signedInCaller } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { checkVatId, normaliseVatId } from './vat-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE =
  'Send { "organizationId": "<uuid>", "billingName", "addressLine1", "addressLine2", "postalCode", "city", "country", "vatId", "billingEmail", "poReference" } (texts or null).';
const FIELDS = ['billingName', 'addressLine1', 'addressLine2', 'postalCode', 'city', 'country', 'vatId', 'billingEmail', 'poReference'] as const;

interface PostgrestErrorLike {
  code?: string;
  message?: string;
  details?: string;
}

/** save_billing_profile's named refusals, in its own words where it has them. */
function refusal(error: PostgrestErrorLike): Response {
  switch (error.message) {
    case 'vat_id_invalid':
    case 'billing_email_invalid':
    case 'billing_profile_invalid':
      return failure(422, error.message, error.details ?? 'Check the billing details.');
    case 'organization_not_found':
      return failure(404, 'organization_not_found', 'This organisation does not exist.');
    case 'not_authenticated':
      return failure(401, 'not_authenticated', 'Sign in to change billing details.');
  }
  const needsCode = aal2Refusal(error, 'change billing details');
  if (needsCode) return needsCode;
  if (error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to change billing details.');
  if (error.code === '42501') return failure(403, 'forbidden', 'Only your organisation’s administrators can change its billing details.');
  console.error('save_billing_profile failed:', error);
  return failure(500, 'internal', 'The billing details could not be saved. Please try again.');
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);
  const signedIn = await signedInCaller(req, 'Sign in to change billing details.');
  if (signedIn instanceof Response) return signedIn;

  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const organizationId = body.organizationId;
  if (typeof organizationId !== 'string' || !UUID.test(organizationId)) return failure(400, 'invalid_request', USAGE);
  for (const field of FIELDS) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') return failure(400, 'invalid_request', USAGE);
  }
  const text = (field: (typeof FIELDS)[number]) => (body[field] as string | null | undefined) ?? null;

  const vatId = normaliseVatId(text('vatId'));
  if (vatId) {
    const check = checkVatId(vatId);
    if (!check.valid) return failure(422, 'vat_id_invalid', check.message);
  }

  const { data: profile, error } = await signedIn.caller.rpc('save_billing_profile', {
    p_organization_id: organizationId,
    p_billing_name: text('billingName'),
    p_address_line1: text('addressLine1'),
    p_address_line2: text('addressLine2'),
    p_postal_code: text('postalCode'),
    p_city: text('city'),
    p_country: text('country'),
    p_vat_id: vatId,
    p_billing_email: text('billingEmail'),
    p_po_reference: text('poReference'),
  });
  if (error) return refusal(error);

  let vatIdChecked = false;
  if (vatId) {
    // The caller may save; only the function may say the number was checked.
    const service = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
    const recorded = await service.rpc('record_vat_id_check', { p_organization_id: organizationId, p_vat_id: vatId, p_valid: true });
    if (recorded.error) {
      console.error('record_vat_id_check failed:', recorded.error);
      return failure(500, 'internal', 'The billing details were saved, but the VAT number check was not recorded. Save again.');
    }
    vatIdChecked = recorded.data === true;
  }
  // The profile as it now stands, the check included, read as the caller.
  const reread = await signedIn.caller.from('billing_profiles').select('*').eq('organization_id', organizationId).maybeSingle();
  return json({ profile: reread.data ?? profile, vatIdChecked });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('billing-profile:', error);
    return failure(500, 'internal', 'The billing details could not be saved. Please try again.');
  }
});
