import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { networkDid } from '../../supabase/functions/_shared/trust/identity.ts';
import { verifyPasted } from '../../supabase/functions/_shared/trust/verify.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { callScheduledFunction } from '../../supabase/local/function-schedule.ts';
import { publishedKeys } from '../../scripts/lib/trust-well-known.ts';
import { withLongerExpiry } from '../support/credentials.ts';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Membership credentials (decision 081): an organisation's admin downloads an
 * SD-JWT VC; nobody else can. It verifies — with the SD-JWT library's verifier
 * against the published keys, and its issuer JWT with jose alone — as valid,
 * disclosing the registered facts; the status list follows the registry at the
 * next publishing run (suspended, reinstated, revoked); and a changed claim, a
 * swapped or unknown key, an expired credential and a stale trust list are each
 * refused with their reason.
 */
const config = stackConfig('test');
const jwks = publishedKeys({ VITE_SUPABASE_URL: config.apiUrl }, config.rootDir);
const issuer = networkDid(config.auth.siteUrl);
const fetchStatusList = async (uri: string) => (await fetch(`${uri}?t=${Date.now()}`)).text();
const verify = (credential: string, now?: number) => verifyPasted(credential, { jwks, issuer, fetchStatusList, now });

async function download(user: TestUser | null, organizationId: string): Promise<{ status: number; body: Record<string, string> }> {
  const token = user ? (await user.client.auth.getSession()).data.session!.access_token : config.keys.anonKey;
  const res = await fetch(`${config.apiUrl}/functions/v1/issue-membership-credential`, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** One publishing run, as the stack's schedule makes it every 15 s: the test drives it instead of waiting. */
async function publish(): Promise<void> {
  const answer = await callScheduledFunction(config, 'publish-trust-list');
  expect(answer.status, answer.body).toBe(200);
}

let admin: TestUser;
let member: TestUser;
let sysAdmin: TestUser;
let orgId: string;
let credential: string;

beforeAll(async () => {
  [admin, member, sysAdmin] = await Promise.all([newUser('credential-admin'), newUser('credential-member'), newUser('credential-sysadmin')]);
  await makeSystemAdmin(sysAdmin);
  orgId = await createOrganization(null, { status: 'approved', name: `Credential Holder ${Date.now()}` });
  await addMember(orgId, admin, 'admin');
  await addMember(orgId, member, 'member');
  await callScheduledFunction(config, 'publish-trust-list', { force: true });
});

describe('who downloads a credential', () => {
  it('a visitor and a plain member are refused; the admin gets an SD-JWT VC, recorded in the audit trail', async () => {
    expect((await download(null, orgId)).status).toBe(401);
    const refused = await download(member, orgId);
    expect(refused).toMatchObject({ status: 403, body: { error: 'forbidden' } });

    const answer = await download(admin, orgId);
    expect(answer.status).toBe(200);
    credential = answer.body.credential!;
    expect(credential.split('~').length).toBeGreaterThan(8);
    expect(answer.body.fileName).toMatch(/^accord-membership-credential-holder-\d+\.sd-jwt$/);

    const [issued] = await sql<{ actor_id: string; details: { status_index: number } }>(
      `select actor_id, details from public.network_activity where action = 'membership_credential.issued' and organization_id = $1`,
      [orgId],
    );
    expect(issued?.actor_id).toBe(admin.id);
    expect(typeof issued?.details.status_index).toBe('number');
  });
});

/** The open API's verify call, as a relying party makes it: the anon key, no session. */
async function verifyThroughApi(body: unknown, method = 'POST'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${config.apiUrl}/functions/v1/verify-credential`, {
    method,
    headers: { apikey: config.keys.anonKey, 'content-type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('verifying it through the open API', () => {
  it('answers valid with what it discloses, and a changed credential with why not', async () => {
    const answer = await verifyThroughApi({ credential });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        kind: 'credential',
        issued_by_accord: true,
        valid: true,
        reason: 'valid',
        message: 'Valid: issued by Accord, signature intact, not expired, and the member is in good standing.',
        kid: config.keys.trustSigningKey.kid,
        disclosed: { organization_id: orgId, name: expect.stringMatching(/^Credential Holder/), verified_schemas: [] },
      },
    });
    expect(Date.parse(answer.body.expires_at as string) - Date.parse(answer.body.issued_at as string)).toBe(90 * 86_400_000);

    const forged = withLongerExpiry(credential);
    expect(await verifyThroughApi({ credential: forged })).toMatchObject({
      status: 200,
      body: { valid: false, issued_by_accord: false, reason: 'signature', disclosed: {} },
    });
  });

  it('verifies the signed trust list too, and refuses what is no request', async () => {
    const list = await (await fetch(`${config.apiUrl}/storage/v1/object/public/trust/trust-list.jwt?t=${Date.now()}`)).text();
    const answer = await verifyThroughApi({ credential: list });
    expect(answer).toMatchObject({ status: 200, body: { kind: 'trust_list', valid: true, reason: 'valid', disclosed: { sequence: expect.any(Number) } } });
    expect(answer.body.disclosed).toMatchObject({ members: expect.any(Number) });

    expect(await verifyThroughApi({ credential: '' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await verifyThroughApi(null, 'GET')).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
  });
});

describe('verifying it', () => {
  it('is valid, issued by Accord, and discloses the registered facts', async () => {
    const verdict = await verify(credential);
    expect(verdict).toMatchObject({ kind: 'credential', issuedByAccord: true, valid: true, reason: 'valid' });
    expect(verdict.disclosed).toMatchObject({ organization_id: orgId, name: expect.stringMatching(/^Credential Holder/), verified_schemas: [] });
    expect(verdict.expiresAt! - verdict.issuedAt!).toBe(90 * 86_400);
  });

  it('its issuer JWT verifies with jose alone against the published JWKS', async () => {
    const { payload, protectedHeader } = await jwtVerify(credential.split('~')[0]!, createLocalJWKSet(jwks), { issuer, typ: 'dc+sd-jwt' });
    expect(protectedHeader.kid).toBe(config.keys.trustSigningKey.kid);
    expect(payload).toMatchObject({ vct: `${new URL(config.auth.siteUrl).origin}/credentials/membership`, status: { status_list: { idx: expect.any(Number) } } });
    // The facts are not in the signed payload in clear: only their digests.
    expect(JSON.stringify(payload)).not.toContain('Credential Holder');
  });

  it('follows the registry: suspended, reinstated, then revoked, each at the next publishing run', async () => {
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: orgId, p_status: 'suspended', p_reason: 'Credential test' }));
    await publish();
    expect(await verify(credential)).toMatchObject({ valid: false, issuedByAccord: true, reason: 'suspended' });
    // A suspended member cannot download a new one meanwhile.
    expect(await download(admin, orgId)).toMatchObject({ status: 409, body: { error: 'not_active_member' } });

    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: orgId, p_status: 'active', p_reason: null }));
    await publish();
    expect(await verify(credential)).toMatchObject({ valid: true, reason: 'valid' });

    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: orgId, p_status: 'revoked', p_reason: 'Credential test' }));
    await publish();
    expect(await verify(credential)).toMatchObject({ valid: false, reason: 'revoked' });
    expect(await verifyThroughApi({ credential })).toMatchObject({
      status: 200,
      body: { issued_by_accord: true, valid: false, reason: 'revoked', message: 'Not valid: the organisation’s membership has been revoked.' },
    });
  });
});

describe('what is refused, and why', () => {
  it('a changed claim in the signed part: the signature', async () => {
    const forged = withLongerExpiry(credential);
    expect(await verify(forged)).toMatchObject({ valid: false, issuedByAccord: false, reason: 'signature' });
  });

  it('a changed disclosure: it no longer matches a signed digest, so the claim is not disclosed', async () => {
    const [jwt, ...disclosures] = credential.split('~');
    const changed = disclosures.map((d) => {
      if (!d) return d;
      const [salt, name] = JSON.parse(Buffer.from(d, 'base64url').toString()) as [string, string, unknown];
      return name === 'name' ? Buffer.from(JSON.stringify([salt, name, 'Someone Else Ltd'])).toString('base64url') : d;
    });
    const verdict = await verify([jwt, ...changed].join('~'));
    expect(verdict.disclosed.name).not.toBe('Someone Else Ltd');
    expect(verdict.valid && verdict.disclosed.name === 'Someone Else Ltd').toBe(false);
  });

  it('a swapped key (the published kid, another key’s signature) and an unpublished key', async () => {
    const [jwt, ...disclosures] = credential.split('~');
    const { privateKey } = await generateKeyPair('ES256');
    const payload = JSON.parse(Buffer.from(jwt!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { kid } = decodeProtectedHeader(jwt!);
    const swapped = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'dc+sd-jwt' }).sign(privateKey);
    expect(await verify([swapped, ...disclosures].join('~'))).toMatchObject({ valid: false, reason: 'signature' });
    const unknown = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'not-ours', typ: 'dc+sd-jwt' }).sign(privateKey);
    expect(await verify([unknown, ...disclosures].join('~'))).toMatchObject({ valid: false, issuedByAccord: false, reason: 'unknown_key' });
  });

  it('an expired credential, and a trust list past its next update', async () => {
    const { expiresAt } = await verify(credential);
    expect(await verify(credential, expiresAt! + 1)).toMatchObject({ valid: false, reason: 'expired' });

    const list = await (await fetch(`${config.apiUrl}/storage/v1/object/public/trust/trust-list.jwt?t=${Date.now()}`)).text();
    const current = await verify(list);
    expect(current).toMatchObject({ kind: 'trust_list', valid: true, reason: 'valid' });
    expect(await verify(list, current.expiresAt! + 1)).toMatchObject({ kind: 'trust_list', valid: false, reason: 'stale' });
  });
});
