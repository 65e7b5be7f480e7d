/**
 * POST /functions/v1/open-investor-document
 *   { "versionId": "<uuid>", "action": "open" | "download" }
 *
 * An investor opens a document from the data room or the investor dashboard.
 * The database decides, AS THE CALLER (their JWT, through
 * open_investor_document): the document's level, the data-room grant, aal2
 * with a factor, the current NDA agreed. The same call records the open with
 * the caller's e-mail and time. Only then does the service role fetch the file:
 *
 * - a PDF comes back stamped on every page with that e-mail and time
 *   (./stamp.ts), as the response body: Content-Type application/pdf,
 *   Content-Disposition inline (open) or attachment (download), no-store;
 * - any other type (DOCX, XLSX, PNG) comes back as JSON
 *   { kind: "url", url, fileName, contentType, expiresIn: 60 }: a signed URL
 *   that stops working after 60 seconds.
 *
 * Refusals are JSON { error, message }: 400 invalid_request, 401
 * not_authenticated, 403 forbidden | nda_required | aal2_required, 404
 * document_not_found | file_missing, 405 method_not_allowed, 422
 * unstampable_pdf (never served unstamped), 500 internal.
 * Decision: docs/decisions/061-data-room.md.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

import { aal2Refusal, contentDisposition, corsHeaders, failure, json, preflight } from '../_shared/http.ts';
import { bearerToken, callerClient, tokenSubject } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { stampPdf, UnstampablePdfError } from './stamp.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'Send { "versionId": "<uuid>", "action": "open" | "download" }.';
/** How long a signed URL for a non-PDF file works. */
const SIGNED_URL_SECONDS = 60;

interface OpenedRow {
  document_id: string;
  version_id: string;
  title: string;
  storage_path: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  email: string;
  occurred_at: string;
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
}

/** The RPC's named refusals in words for the investor. */
function refusal(error: PostgrestErrorLike): Response {
  switch (error.message) {
    case 'investor_document_not_found':
      return failure(404, 'document_not_found', 'This document is not available to you. It may have been replaced or removed.');
    case 'nda_required':
      return failure(403, 'nda_required', 'Agree to the non-disclosure agreement before opening data-room documents.');
    case 'not_authenticated':
      return failure(401, 'not_authenticated', 'Sign in to open investor documents.');
    case 'invalid_action':
      return failure(400, 'invalid_request', USAGE);
  }
  const needsCode = aal2Refusal(error, 'open data-room documents');
  if (needsCode) return needsCode;
  if (error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', 'Your session has expired. Sign in again to open documents.');
  if (error.code === '42501') return failure(403, 'forbidden', 'Investor documents are for investors only.');
  console.error('open-investor-document RPC failed:', error);
  return failure(500, 'internal', 'The document could not be opened. Please try again.');
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);

  const jwt = bearerToken(req);
  if (!jwt || !tokenSubject(jwt)) return failure(401, 'not_authenticated', 'Sign in to open investor documents.');

  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const { versionId, action } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof versionId !== 'string' || !UUID.test(versionId) || (action !== 'open' && action !== 'download')) {
    return failure(400, 'invalid_request', USAGE);
  }

  const url = env('SUPABASE_URL');
  // The caller's own client: the decision and the record are theirs.
  const caller = callerClient(jwt);
  const { data, error } = await caller.rpc('open_investor_document', { p_version_id: versionId, p_action: action });
  if (error) return refusal(error);
  const row = (data as OpenedRow[] | null)?.[0];
  if (!row) return failure(404, 'document_not_found', 'This document is not available to you. It may have been replaced or removed.');

  const service = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  const bucket = service.storage.from('investor_documents');

  if (row.content_type !== 'application/pdf') {
    const { data: signed, error: signError } = await bucket.createSignedUrl(row.storage_path, SIGNED_URL_SECONDS, {
      download: action === 'download' ? row.file_name : false,
    });
    if (signError || !signed) {
      console.error('Signing', row.storage_path, 'failed:', signError);
      return failure(404, 'file_missing', 'The file could not be found. Ask the Accord team for a new copy.');
    }
    return json(
      { kind: 'url', url: signed.signedUrl, fileName: row.file_name, contentType: row.content_type, expiresIn: SIGNED_URL_SECONDS },
      200,
    );
  }

  const { data: file, error: downloadError } = await bucket.download(row.storage_path);
  if (downloadError || !file) {
    console.error('Downloading', row.storage_path, 'failed:', downloadError);
    return failure(404, 'file_missing', 'The file could not be found. Ask the Accord team for a new copy.');
  }
  let stamped: Uint8Array;
  try {
    // The recorded e-mail and time: the stamp and the access log say the same.
    stamped = await stampPdf(new Uint8Array(await file.arrayBuffer()), { email: row.email, at: new Date(row.occurred_at) });
  } catch (stampError) {
    if (!(stampError instanceof UnstampablePdfError)) throw stampError;
    console.error('Stamping', row.storage_path, 'failed:', stampError.cause);
    return failure(422, 'unstampable_pdf', 'This PDF could not be prepared for viewing. Ask the Accord team for a new copy.');
  }
  return new Response(stamped as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      ...corsHeaders,
      'Access-Control-Expose-Headers': 'Content-Disposition',
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(action === 'open' ? 'inline' : 'attachment', row.file_name),
      'Content-Length': String(stamped.byteLength),
      // A stamped copy names its reader: no cache keeps it for someone else.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('open-investor-document:', error);
    return failure(500, 'internal', 'The document could not be opened. Please try again.');
  }
});
