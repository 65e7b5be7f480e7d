/**
 * POST /functions/v1/verify-credential   { "credential": "<SD-JWT VC or trust list>" }
 *
 * The open API's verify call (issue 30, decision 081): a relying party that
 * cannot run an SD-JWT verifier itself sends a membership credential (as the
 * holder presented it, disclosures and all) or the signed trust list, and gets
 * the verify page's answer: issued by Accord or not, valid or not, one reason,
 * and what it discloses. Open like the registry API: the project's anon key as
 * `apikey`, no session (verify_jwt = false in config.toml).
 *
 * The keys are the published ones (`ACCORD_TRUST_JWKS`, the same JWKS the
 * build publishes at /.well-known/jwks.json, decision 080), or the signing
 * key's public half when it is not set; the status list is read only from the
 * network's own address, so a credential cannot make this function fetch
 * anything else.
 *
 * Answers (JSON): 200 { kind, issued_by_accord, valid, reason, message,
 * disclosed, issued_at, expires_at, kid }, whatever the verdict; 400
 * invalid_request, 405 method_not_allowed, 500 internal.
 */
import { env } from '../_shared/env.ts';
import { failure, json, preflight } from '../_shared/http.ts';
import { type Jwks, networkDid, parseJwks, publicJwkOf, statusListUrl } from '../_shared/trust/identity.ts';
import { VERDICT_MESSAGES, verifyPasted } from '../_shared/trust/verify.ts';

/** A credential with every disclosure is a few kilobytes; a trust list of 100,000 members tens of megabytes (decision 081). */
const MAX_BYTES = 64 * 1024 * 1024;

function publishedKeys(): Jwks {
  const published = Deno.env.get('ACCORD_TRUST_JWKS');
  if (published) return parseJwks(published);
  return { keys: [publicJwkOf(JSON.parse(env('NETWORK_SIGNING_KEY')) as Record<string, unknown>)] };
}

const iso = (seconds: number | undefined) => (seconds === undefined ? null : new Date(seconds * 1000).toISOString());

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request.');
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BYTES) return failure(400, 'invalid_request', 'That is larger than anything Accord issues.');
  const { credential } = (await req.json().catch(() => ({}))) as { credential?: unknown };
  if (typeof credential !== 'string' || credential.trim() === '') {
    return failure(400, 'invalid_request', 'Send { "credential": "<membership credential or trust list>" }.');
  }

  // Where relying parties fetch the status list, and the loopback address this function reads it at.
  const publicStatusList = statusListUrl(Deno.env.get('PUBLIC_SUPABASE_URL') ?? env('SUPABASE_URL'));
  const internalStatusList = statusListUrl(env('SUPABASE_URL'));
  const verdict = await verifyPasted(credential, {
    jwks: publishedKeys(),
    issuer: networkDid(env('SITE_URL')),
    fetchStatusList: async (uri) => {
      if (uri !== publicStatusList) throw new Error(`not the network's status list: ${uri}`);
      const res = await fetch(internalStatusList, { headers: { 'cache-control': 'no-cache' } });
      if (!res.ok) throw new Error(`status list ${res.status}`);
      return res.text();
    },
  });
  return json({
    kind: verdict.kind,
    issued_by_accord: verdict.issuedByAccord,
    valid: verdict.valid,
    reason: verdict.reason,
    message: VERDICT_MESSAGES[verdict.reason],
    disclosed: verdict.disclosed,
    issued_at: iso(verdict.issuedAt),
    expires_at: iso(verdict.expiresAt),
    kid: verdict.kid ?? null,
  });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('verify-credential failed:', error);
    return failure(500, 'internal', 'The check could not be made. Please try again.');
  }
});
