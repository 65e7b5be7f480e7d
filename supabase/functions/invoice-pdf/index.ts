/**
 * POST /functions/v1/invoice-pdf   { "invoiceId": "<uuid>" }
 *
 * An invoice or credit note as a PDF. The database decides AS THE CALLER
 * (invoice_document: the organisation's administrators and system
 * administrators; drafts for system administrators only) and returns the
 * document. Then:
 *
 * - an issued document is rendered once (./render.ts), stored in the private
 *   `invoices` bucket at `{organizationId}/{invoiceId}.pdf`, its SHA-256
 *   recorded by record_invoice_pdf (service role), and from then on always
 *   served from that file: an issued document never changes. The answer is
 *   JSON { url, fileName, sha256, expiresIn: 60 }: a signed URL that stops
 *   working after 60 seconds;
 * - a draft is rendered on the fly and never stored: the answer is the PDF
 *   itself (Content-Type application/pdf, inline, no-store), marked
 *   "Draft — not a valid invoice".
 *
 * Refusals are JSON { error, message }: 400 invalid_request, 401
 * not_authenticated, 403 forbidden | aal2_required, 404 invoice_not_found |
 * file_missing, 405 method_not_allowed, 500 internal.
 * Decision: docs/decisions/071-invoice-documents.md.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

import { type InvoiceDocument, invoiceFileName, isDraft } from '../_shared/billing/invoice-document.ts';
import { bearerToken, callerClient, tokenSubject } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { aal2Refusal, contentDisposition, corsHeaders, failure, json, preflight } from '../_shared/http.ts';
import { loadInvoiceFonts } from './fonts.ts';
import { renderInvoicePdf } from './render.ts';
import { INVOICES_BUCKET, storedPdf } from './stored-pdf.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'Send { "invoiceId": "<uuid>" }.';
const SIGNED_URL_SECONDS = 60;

interface PostgrestErrorLike {
  code?: string;
  message?: string;
}

function refusal(error: PostgrestErrorLike): Response {
  switch (error.message) {
    case 'invoice_not_found':
      return failure(404, 'invoice_not_found', 'This invoice does not exist or is not yours to see.');
    case 'not_authenticated':
      return failure(401, 'not_authenticated', 'Sign in to download invoices.');
  }
  const needsCode = aal2Refusal(error, 'download invoices');
  if (needsCode) return needsCode;
  if (error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to download invoices.');
  if (error.code === '42501') return failure(403, 'forbidden', 'Only your organisation’s administrators can download its invoices.');
  console.error('invoice_document failed:', error);
  return failure(500, 'internal', 'The invoice could not be prepared. Please try again.');
}

function draftResponse(pdf: Uint8Array, fileName: string): Response {
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      ...corsHeaders,
      'Access-Control-Expose-Headers': 'Content-Disposition',
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('inline', fileName),
      'Content-Length': String(pdf.byteLength),
      // A draft changes until it is issued: nothing may keep a copy.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);

  const jwt = bearerToken(req);
  if (!jwt || !tokenSubject(jwt)) return failure(401, 'not_authenticated', 'Sign in to download invoices.');

  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const { invoiceId } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof invoiceId !== 'string' || !UUID.test(invoiceId)) return failure(400, 'invalid_request', USAGE);

  // The caller's own client: whether they may see this invoice is the database's decision.
  const { data, error } = await callerClient(jwt).rpc('invoice_document', { p_invoice_id: invoiceId });
  if (error) return refusal(error);
  const document = data as InvoiceDocument;
  const fileName = invoiceFileName(document);

  if (isDraft(document)) return draftResponse(await renderInvoicePdf(document, await loadInvoiceFonts()), fileName);

  const service = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  const stored = await storedPdf(service, document);
  const { data: signed, error: signError } = await service.storage
    .from(INVOICES_BUCKET)
    .createSignedUrl(stored.path, SIGNED_URL_SECONDS, { download: fileName });
  if (signError || !signed) {
    console.error('Signing', stored.path, 'failed:', signError);
    return failure(404, 'file_missing', 'The invoice file could not be found. Ask the Accord team for a copy.');
  }
  return json({ url: signed.signedUrl, fileName, sha256: stored.sha256, expiresIn: SIGNED_URL_SECONDS }, 200);
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('invoice-pdf:', error);
    return failure(500, 'internal', 'The invoice could not be prepared. Please try again.');
  }
});
