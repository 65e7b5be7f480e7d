import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { createLocalJWKSet, decodeProtectedHeader, errors, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';

import { networkDid, trustListUrl } from '../../supabase/functions/_shared/trust/identity.ts';
import { readMember, type TrustListClaims, type TrustListMember } from '../../supabase/functions/_shared/trust/trust-list.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { callScheduledFunction } from '../../supabase/local/function-schedule.ts';
import { publishedKeys } from '../../scripts/lib/trust-well-known.ts';
import { LOCAL_BASE_URL } from '../../src/features/public/api-guide-examples.ts';
import { LOCAL_APP_ORIGIN, TRUST_LIST_SNIPPETS } from '../../src/features/public/trust-list-examples.ts';
import { createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The signed trust list (decision 081), checked as a relying party would:
 * fetched without an API key from its one public address and verified with
 * `jose` against the keys the build publishes at /.well-known/jwks.json, not
 * with anything from the publishing path. Only the schedule (the service role)
 * publishes; a suspension reaches the published list at the next run; a
 * tampered, re-keyed or stale list is refused, each for its own reason.
 */
const config = stackConfig('test');
const jwks = createLocalJWKSet(publishedKeys({ VITE_SUPABASE_URL: config.apiUrl }, config.rootDir));
const issuer = networkDid(config.auth.siteUrl);

async function fetchList(): Promise<{ res: Response; jws: string }> {
  // Past any cache between here and Storage: the test reads what is stored now.
  const res = await fetch(`${trustListUrl(config.apiUrl)}?t=${Date.now()}`);
  return { res, jws: await res.text() };
}

async function verified(jws: string, currentDate?: Date): Promise<TrustListClaims> {
  const { payload, protectedHeader } = await jwtVerify(jws, jwks, { issuer, typ: 'trust-list+jwt', algorithms: ['ES256'], currentDate });
  expect(protectedHeader.kid).toBe(config.keys.trustSigningKey.kid);
  return payload as unknown as TrustListClaims;
}

/** One run as the schedule makes it (the stack also runs it every 15 s): the test drives it instead of waiting. */
async function publish(force = false): Promise<Record<string, unknown>> {
  const answer = await callScheduledFunction(config, 'publish-trust-list', force ? { force } : {});
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

const entryOf = (claims: TrustListClaims, id: string) => claims.members.find((m) => m[claims.member_fields.indexOf('id')] === id);
/** The member read by the list's own field names, as a relying party reads it. */
const memberOf = (claims: TrustListClaims, id: string): TrustListMember | undefined => {
  const entry = entryOf(claims, id);
  return entry && readMember(claims, entry);
};

let sysAdmin: TestUser;
let orgId: string;

beforeAll(async () => {
  sysAdmin = await newUser('trust-list-admin');
  await makeSystemAdmin(sysAdmin);
  orgId = await createOrganization(null, { status: 'approved', name: `Trust List Member ${Date.now()}` });
  // Registered facts change only through an approved change request; its setting stands in for one here.
  await sql(
    `begin; set local accord.registered_facts_change = 'test';
     update public.organizations set legal_name = 'Trust List Member SARL', registration_number = 'TL-42', country = 'FR' where id = '${orgId}';
     commit;`,
  );
});

describe('who publishes', () => {
  it('a visitor and a signed-in person are refused, by the function and by the database', async () => {
    const session = (await sysAdmin.client.auth.getSession()).data.session!;
    for (const token of [config.keys.anonKey, session.access_token]) {
      const res = await fetch(`${config.apiUrl}/functions/v1/publish-trust-list`, {
        method: 'POST',
        headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    }
    for (const client of [asAnon(), sysAdmin.client]) {
      const draft = await client.rpc('trust_list_draft', { p_force: true });
      expect(draft.error?.code).toBe('42501');
      const record = await client.rpc('record_trust_list_issue', {
        p_sequence: 1, p_registry_version: 0, p_issued_at: 1, p_next_update: 2, p_kid: 'x', p_members: 0, p_bytes: 1,
      });
      expect(record.error?.code).toBe('42501');
    }
  });
});

describe('the published list', () => {
  it('is served without an API key, cached a minute, and verifies with jose against the published JWKS', async () => {
    const answer = await publish(true);
    expect(answer).toMatchObject({ published: true, kid: config.keys.trustSigningKey.kid });

    const { res, jws } = await fetchList();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/jwt');
    expect(res.headers.get('cache-control')).toBe('max-age=60');

    const claims = await verified(jws);
    expect(claims.sequence).toBeGreaterThanOrEqual(answer.sequence as number);
    expect(claims.exp).toBe(claims.next_update);
    expect(claims.next_update - claims.iat).toBe(24 * 3600);
    expect(memberOf(claims, orgId)).toMatchObject({
      legal_name: 'Trust List Member SARL',
      registration_number: 'TL-42',
      country: 'FR',
      status: 'active',
      verified_schemas: [],
    });
    // The same history and membership dates as the registry API gives (the draft computes them set-based).
    const [entry] = expectOk(await asAnon().rpc('registry_by_id', { p_id: orgId })) as { member_since: string; status_history: unknown[] }[];
    // To the second: the list's times are epoch seconds, as its iat and exp are.
    expect(Date.parse(memberOf(claims, orgId)!.member_since!)).toBe(Math.floor(Date.parse(entry!.member_since) / 1000) * 1000);
    expect(memberOf(claims, orgId)!.status_history.length).toBe(entry!.status_history.length);
    // Reasons stay private, as in the registry API (decision 016).
    expect(jws).not.toContain('Trust list test reason');

    const [audit] = await sql<{ details: { sequence: number; kid: string; members: number } }>(
      `select details from public.network_activity where action = 'trust_list.issued' and (details->>'sequence')::bigint = $1`,
      [answer.sequence],
    );
    expect(audit?.details).toMatchObject({ kid: config.keys.trustSigningKey.kid, members: answer.members });
  });

  it('names each member’s verified schemas by reference to the list’s schemas, spelt out in full there', async () => {
    const expected = await sql<{ organization_id: string; id: string; name: string; version: string; assurance_level: string; status: string }>(
      `select d.organization_id, s.id, s.name, s.version, s.assurance_level::text, s.status::text
         from public.organization_verification_schemas d
         join public.verification_schemas s on s.id = d.schema_id
        where s.status <> 'draft' and d.organization_id::text like '5eed%'
        order by d.organization_id, lower(s.name), s.version, s.id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const claims = await verified((await fetchList()).jws);
    // The schemas as the registry had them when this list was drafted: the seed's, which no test changes.
    for (const organizationId of new Set(expected.map((row) => row.organization_id))) {
      const listed = memberOf(claims, organizationId)?.verified_schemas;
      expect(listed).toEqual(expected.filter((row) => row.organization_id === organizationId).map(({ organization_id: _, ...schema }) => schema));
    }
  });

  it('is not signed again while it is current: the draft is empty right after an issue at the same registry version', async () => {
    // One repeatable-read transaction, so other files' registry changes cannot make the list due meanwhile.
    const client = new pg.Client({ connectionString: config.dbUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read');
      await client.query('set local role service_role');
      const { rows } = await client.query<{ draft: { sequence: number; registry_version: number; iat: number; next_update: number } }>(
        'select public.trust_list_draft(true) as draft',
      );
      const d = rows[0]!.draft;
      await client.query('select public.record_trust_list_issue($1, $2, $3, $4, $5, 0, 1)', [d.sequence, d.registry_version, d.iat, d.next_update, 'test-kid']);
      expect((await client.query('select public.trust_list_draft() as draft')).rows[0].draft).toBeNull();
      // The same sequence cannot be recorded twice.
      await expect(
        client.query('select public.record_trust_list_issue($1, $2, $3, $4, $5, 0, 1)', [d.sequence, d.registry_version, d.iat, d.next_update, 'test-kid']),
      ).rejects.toThrow('trust_list_sequence_taken');
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });

  it('shows a suspension at the next run, under a higher sequence number', async () => {
    const before = await verified((await fetchList()).jws);
    expectOk(
      await sysAdmin.client.rpc('change_registry_status', { p_organization_id: orgId, p_status: 'suspended', p_reason: 'Trust list test reason' }),
    );
    const started = Date.now();
    // The stack's own schedule may have published it first; either way one run leaves it published.
    await publish();
    const after = await verified((await fetchList()).jws);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(memberOf(after, orgId)).toMatchObject({ status: 'suspended' });
    expect(memberOf(after, orgId)!.status_history.map((h) => h.status)).toEqual(['active', 'suspended']);
    expect(JSON.stringify(after)).not.toContain('Trust list test reason');
  });
});

describe('what a relying party refuses', () => {
  it('a list past its next-update time', async () => {
    const { jws } = await fetchList();
    const claims = await verified(jws);
    await expect(verified(jws, new Date((claims.next_update + 1) * 1000))).rejects.toThrow(errors.JWTExpired);
  });

  it('a changed claim: the signature no longer matches', async () => {
    const { jws } = await fetchList();
    const [header, payload, signature] = jws.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as TrustListClaims;
    entryOf(claims, orgId)![claims.member_fields.indexOf('status')] = claims.statuses.indexOf('active');
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await expect(verified(forged)).rejects.toThrow(errors.JWSSignatureVerificationFailed);
  });

  it('a swapped key: the kid names a published key, the signature is another key’s', async () => {
    const { jws } = await fetchList();
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const { kid } = decodeProtectedHeader(jws);
    const claims = await verified(jws);
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'ES256', kid, typ: 'trust-list+jwt' }).sign(privateKey);
    await expect(verified(forged)).rejects.toThrow(errors.JWSSignatureVerificationFailed);
    // And a key the network never published is not found at all.
    const unknown = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'ES256', kid: 'not-ours', typ: 'trust-list+jwt' }).sign(privateKey);
    await expect(verified(unknown)).rejects.toThrow(errors.JWKSNoMatchingKey);
  });
});

describe('the API guide', () => {
  it('its Node snippet, run as printed against this stack, verifies the list and prints its sequence and member count', async () => {
    const keys = JSON.stringify(publishedKeys({ VITE_SUPABASE_URL: config.apiUrl }, config.rootDir));
    // The app's origin serves /.well-known/jwks.json; this stands in for it (the db tier runs no app).
    const origin = createServer((req, res) => {
      res.writeHead(req.url === '/.well-known/jwks.json' ? 200 : 404, { 'content-type': 'application/json' }).end(keys);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const dir = join(config.dataDir, 'snippets');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'verify-trust-list.mjs');
    try {
      const code = TRUST_LIST_SNIPPETS.find((s) => s.id === 'verify-node')!.code
        .replaceAll(LOCAL_APP_ORIGIN, `http://127.0.0.1:${(origin.address() as AddressInfo).port}`)
        .replaceAll(LOCAL_BASE_URL, config.apiUrl);
      writeFileSync(file, code);
      // Inside the checkout, so its `import 'jose'` resolves from node_modules as a project's would.
      const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: config.rootDir });
      const [sequence, members] = stdout.trim().split(' ').map(Number);
      // The schedule (and other files' changes) may publish again meanwhile: the snippet saw a list no newer than now's.
      const claims = await verified((await fetchList()).jws);
      expect(sequence).toBeGreaterThanOrEqual(1);
      expect(sequence).toBeLessThanOrEqual(claims.sequence);
      expect(members).toBeGreaterThan(0);
    } finally {
      rmSync(file, { force: true });
      origin.close();
    }
  });
});
