/**
 * POST /functions/v1/publish-trust-list   { "force"?: true }   (service role only)
 *
 * Publishes the signed trust list (decision 081) when it is due: asks
 * trust_list_draft() AS THE CALLER (only service_role may execute it, so the
 * database decides who may publish), signs the members with the network's
 * key (the NETWORK_SIGNING_KEY secret, decision 080) as a compact JWS,
 * uploads it to the public `trust` bucket at the one stable address, with a
 * minute of caching, and records it (record_trust_list_issue, which writes
 * network_activity trust_list.issued). With it, the status list of membership
 * credentials (status_list_draft: each credential's organisation's status now)
 * is signed and published beside it, so a suspension reaches both in the same
 * run. `force` publishes even when the last
 * list is current (a key rotation: the new key signs at once).
 *
 * Who runs it: locally the stack every 15 s (supabase/local/trust-list-schedule.ts),
 * on hosted a pg_cron job through pg_net every minute; both send the service role key.
 *
 * Answers (JSON): 200 { published: false } when the list is current, or
 * { published: true, sequence, members, bytes, kid, timings } (milliseconds
 * spent reading, signing, on the status list, uploading and recording); 401 not_authenticated,
 * 403 forbidden, 405 method_not_allowed, 500 internal.
 */
import { CompactSign, importJWK, SignJWT } from 'jose';

import { bearerToken, callerClient } from '../_shared/caller.ts';
import { env } from '../_shared/env.ts';
import { failure, json, preflight } from '../_shared/http.ts';
import { networkDid, STATUS_LIST_OBJECT, statusListUrl, TRUST_BUCKET, TRUST_LIST_OBJECT } from '../_shared/trust/identity.ts';
import { STATUS_LIST_TTL, type StatusListDraft, statusListToken } from '../_shared/trust/status-list.ts';
import { TRUST_LIST_MAX_AGE, trustListHeader, trustListPayload, type TrustListDraft } from '../_shared/trust/trust-list.ts';

const ONLY_THE_SCHEDULE = 'Only the schedule may publish the trust list.';

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request.');
  const jwt = bearerToken(req);
  if (!jwt) return failure(401, 'not_authenticated', ONLY_THE_SCHEDULE);
  const force = ((await req.json().catch(() => ({}))) as { force?: unknown }).force === true;

  // Where a run's time goes, in its answer: the bench reports it against the ten-second goal (decision 081).
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string) => {
    timings[name] = Math.round(performance.now() - started - Object.values(timings).reduce((a, b) => a + b, 0));
  };
  const caller = callerClient(jwt);
  const { data, error } = await caller.rpc('trust_list_draft', { p_force: force });
  if (error) {
    if (error.code === '42501') return failure(403, 'forbidden', ONLY_THE_SCHEDULE);
    if (error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', ONLY_THE_SCHEDULE);
    console.error('trust_list_draft failed:', error);
    return failure(500, 'internal', 'The registry could not be read.');
  }
  if (!data) return json({ published: false });
  const draft = data as TrustListDraft;
  lap('read');

  const signingKey = JSON.parse(env('NETWORK_SIGNING_KEY')) as Record<string, unknown> & { kid: string };
  const issuer = networkDid(env('SITE_URL'));
  const bytes = new TextEncoder().encode(trustListPayload(draft, issuer));
  const jws = await new CompactSign(bytes).setProtectedHeader(trustListHeader(signingKey.kid)).sign(await importJWK(signingKey, 'ES256'));
  lap('sign');

  const statusDraft = await caller.rpc('status_list_draft');
  if (statusDraft.error) {
    console.error('status_list_draft failed:', statusDraft.error);
    return failure(500, 'internal', 'The status list could not be read.');
  }
  const publicUrl = Deno.env.get('PUBLIC_SUPABASE_URL') ?? env('SUPABASE_URL');
  const statusToken = statusListToken(statusDraft.data as StatusListDraft, issuer, statusListUrl(publicUrl), signingKey.kid);
  const statusJwt = await new SignJWT(statusToken.payload)
    .setProtectedHeader(statusToken.header)
    .sign(await importJWK(signingKey, 'ES256'));
  const statusUpload = await caller.storage
    .from(TRUST_BUCKET)
    .upload(STATUS_LIST_OBJECT, new TextEncoder().encode(statusJwt), {
      upsert: true,
      contentType: 'application/statuslist+jwt',
      cacheControl: String(STATUS_LIST_TTL),
    });
  if (statusUpload.error) {
    console.error('status list upload failed:', statusUpload.error);
    return failure(500, 'internal', 'The status list could not be published.');
  }
  lap('status_list');

  // Bytes, not a Blob: supabase-js sends a Blob as a multipart form, which Storage must then take apart.
  const body = new TextEncoder().encode(jws);
  const upload = await caller.storage
    .from(TRUST_BUCKET)
    .upload(TRUST_LIST_OBJECT, body, { upsert: true, contentType: 'application/jwt', cacheControl: String(TRUST_LIST_MAX_AGE) });
  if (upload.error) {
    console.error('trust list upload failed:', upload.error);
    return failure(500, 'internal', 'The trust list could not be published.');
  }
  lap('upload');
  const recorded = await caller.rpc('record_trust_list_issue', {
    p_sequence: draft.sequence,
    p_registry_version: draft.registry_version,
    p_issued_at: draft.iat,
    p_next_update: draft.next_update,
    p_kid: signingKey.kid,
    p_members: draft.member_count,
    p_bytes: jws.length,
  });
  // Another run published the same sequence first: what it uploaded is the same registry. Its record is
  // refused by the sequence check, or, when both checked before either committed, by the primary key.
  if (recorded.error && recorded.error.code !== '23505') {
    console.error('record_trust_list_issue failed:', recorded.error);
    return failure(500, 'internal', 'The trust list was published but not recorded.');
  }
  lap('record');
  return json({ published: true, sequence: draft.sequence, members: draft.member_count, bytes: jws.length, kid: signingKey.kid, timings });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('publish-trust-list failed:', error);
    return failure(500, 'internal', 'The trust list could not be published.');
  }
});
