/**
 * POST /functions/v1/organisation-export   { "organizationId": "<uuid>", "as": "network" | "organisation" }
 *
 * Everything the network holds about one organisation (GDPR art. 20) as a zip:
 * per table `tables/<schema.table>.json` and `.csv`, the stored files under
 * `files/<bucket>/<path>`, and `manifest.json` with each table's row count and
 * each entry's SHA-256. The database decides AS THE CALLER what may be
 * exported: `as: "network"` calls admin_export_organisation (system
 * administrators at aal2 with a code from the last 10 minutes),
 * `as: "organisation"` export_my_organisation (the organisation's own
 * administrators). Both record the export in network_activity.
 *
 * The archive is stored in the private `organisation_exports` bucket at
 * `<organizationId>/<timestamp>.zip` and answered as
 * { url, fileName, sha256, expiresIn: 900, manifest }: a signed URL that stops
 * working after 15 minutes; the scheduled sweep (organisation-data-sweep)
 * deletes archives after 7 days.
 *
 * Refusals are JSON { error, message }: 400 invalid_request, 401
 * not_authenticated, 403 forbidden | aal2_required |
 * second_factor_setup_required | recent_second_factor_required, 404
 * organization_not_found, 405 method_not_allowed, 500 internal.
 * Decision: docs/decisions/076-organisation-export-and-erasure.md.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { strToU8, zipSync } from 'npm:fflate@0.8.3';
// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from 'npm:papaparse@5.7.1';

import { bearerToken, callerClient, tokenSubject } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { aal2Refusal, failure, json, preflight } from '../_shared/http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'Send { "organizationId": "<uuid>", "as": "network" | "organisation" }.';
const BUCKET = 'organisation_exports';
const SIGNED_URL_SECONDS = 15 * 60;

type Row = Record<string, unknown>;

interface Export {
  organization: { id: string; name: string };
  exported_at: string;
  tables: Record<string, Row[]>;
  files: { bucket: string; path: string; size: number }[];
}

export interface Manifest {
  organization: { id: string; name: string };
  exportedAt: string;
  tables: { table: string; rows: number; json: string; csv: string }[];
  files: { bucket: string; path: string; entry: string; bytes: number; sha256: string }[];
  sha256: Record<string, string>;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A cell as a spreadsheet shows it: objects and arrays as their JSON. */
function csvCell(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

function tableCsv(rows: Row[]): string {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return Papa.unparse({ fields, data: rows.map((row) => fields.map((field) => csvCell(row[field]))) });
}

function refusal(error: { code?: string; message?: string; details?: string }): Response {
  if (error.message === 'organization_not_found') return failure(404, 'organization_not_found', 'This organisation does not exist.');
  if (error.message === 'not_authenticated' || error.code?.startsWith('PGRST30')) {
    return failure(401, 'not_authenticated', 'Sign in to export an organisation’s data.');
  }
  const needsCode = aal2Refusal(error, 'export an organisation’s data');
  if (needsCode) return needsCode;
  if (error.code === '42501' && (error.message === 'second_factor_setup_required' || error.message === 'recent_second_factor_required')) {
    return failure(403, error.message, error.details ?? 'Enter the code from your authenticator app first.');
  }
  if (error.code === '42501') return failure(403, 'forbidden', error.message ?? 'You may not export this organisation’s data.');
  console.error('export failed:', error);
  return failure(500, 'internal', 'The export could not be prepared. Please try again.');
}

async function archive(service: SupabaseClient, data: Export): Promise<{ zip: Uint8Array; manifest: Manifest }> {
  const entries: Record<string, Uint8Array> = {};
  const manifest: Manifest = {
    organization: data.organization,
    exportedAt: data.exported_at,
    tables: [],
    files: [],
    sha256: {},
  };
  const add = async (name: string, bytes: Uint8Array) => {
    entries[name] = bytes;
    manifest.sha256[name] = await sha256Hex(bytes);
  };
  for (const [table, rows] of Object.entries(data.tables)) {
    const jsonName = `tables/${table}.json`;
    const csvName = `tables/${table}.csv`;
    await add(jsonName, strToU8(JSON.stringify(rows, null, 2)));
    await add(csvName, strToU8(tableCsv(rows)));
    manifest.tables.push({ table, rows: rows.length, json: jsonName, csv: csvName });
  }
  for (const file of data.files) {
    const { data: blob, error } = await service.storage.from(file.bucket).download(file.path);
    if (error || !blob) throw new Error(`Reading ${file.bucket}/${file.path} failed: ${error?.message}`);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const entry = `files/${file.bucket}/${file.path}`;
    await add(entry, bytes);
    manifest.files.push({ bucket: file.bucket, path: file.path, entry, bytes: bytes.byteLength, sha256: manifest.sha256[entry] });
  }
  entries['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  // Files are mostly PDFs and images, already compressed: a light level is as small and faster.
  return { zip: zipSync(entries, { level: 1 }), manifest };
}

function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'organisation';
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', USAGE);

  const jwt = bearerToken(req);
  if (!jwt || !tokenSubject(jwt)) return failure(401, 'not_authenticated', 'Sign in to export an organisation’s data.');

  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return failure(400, 'invalid_request', USAGE);
  }
  const { organizationId, as } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof organizationId !== 'string' || !UUID.test(organizationId) || (as !== 'network' && as !== 'organisation')) {
    return failure(400, 'invalid_request', USAGE);
  }

  // The caller's own client: whether they may export is the database's decision.
  const rpc = as === 'network' ? 'admin_export_organisation' : 'export_my_organisation';
  const { data, error } = await callerClient(jwt).rpc(rpc, { p_organization_id: organizationId });
  if (error) return refusal(error);

  const service = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  const { zip, manifest } = await archive(service, data as Export);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const path = `${organizationId}/${stamp}.zip`;
  const fileName = `${safeName(manifest.organization.name)}-export-${stamp.slice(0, 10)}.zip`;
  const upload = await service.storage.from(BUCKET).upload(path, zip, { contentType: 'application/zip', upsert: false });
  if (upload.error) throw new Error(`Storing ${path} failed: ${upload.error.message}`);
  const { data: signed, error: signError } = await service.storage.from(BUCKET).createSignedUrl(path, SIGNED_URL_SECONDS, { download: fileName });
  if (signError || !signed) throw new Error(`Signing ${path} failed: ${signError?.message}`);
  return json({ url: signed.signedUrl, fileName, path, sha256: await sha256Hex(zip), expiresIn: SIGNED_URL_SECONDS, manifest }, 200);
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('organisation-export:', error);
    return failure(500, 'internal', 'The export could not be prepared. Please try again.');
  }
});
