import { createLocalJWKSet, jwtVerify } from 'jose';
import type pg from 'pg';

import { networkDid, trustListUrl } from '../supabase/functions/_shared/trust/identity.ts';
import type { TrustListClaims } from '../supabase/functions/_shared/trust/trust-list.ts';
import { callScheduledFunction } from '../supabase/local/function-schedule.ts';
import { startBenchStack } from './bench-back-office.ts';
import { publishedKeys } from './lib/trust-well-known.ts';

/**
 * `npm run bench -- --trust-list` (decision 081): the signed trust list of
 * 100,000 members, through the real path — trust_list_draft in Postgres, the
 * publish-trust-list Edge Function signing in Deno and uploading to Storage —
 * and then how long a suspension takes to reach the published list with the
 * stack's own schedule running (nothing called by hand). Goals: published in
 * ≤ 10 s, ≤ 20 MB; a status change visible ≤ 60 s. Plus jose's verification
 * of the whole list in Node, for the record.
 */
const MEMBERS = 100_000;
const GOAL_PUBLISH_MS = 10_000;
const GOAL_BYTES = 20 * 1024 * 1024;
const GOAL_VISIBLE_MS = 60_000;

async function load(db: pg.Client): Promise<string> {
  await db.query('set session_replication_role = replica');
  await db.query(`
    create temporary table bench_orgs as
    select i, (md5('trust' || i))::uuid as id, now() - make_interval(secs => (${MEMBERS} - i) * 600) as approved_at
      from generate_series(1, ${MEMBERS}) as i`);
  await db.query(`
    insert into public.organizations (id, name, legal_name, registration_number, country, website, registry_domain, sector)
    select id, 'Member ' || i, 'Member ' || i || ' Ltd', 'REG' || lpad(i::text, 8, '0'),
           (array['NL','BE','DE','FR','LU','GB','IE','ES','IT','PT'])[1 + (i * 7) % 10],
           'https://www.member' || i || '.example', 'member' || i || '.example', (enum_range(null::public.organization_sector))[1]
      from bench_orgs`);
  await db.query(`
    insert into public.organization_applications (organization_id, status, submitted_at, decided_at)
    select id, 'approved', approved_at - interval '2 days', approved_at from bench_orgs`);
  await db.query(`insert into public.registry_entries (organization_id, status, effective_from) select id, 'active', approved_at from bench_orgs`);
  await db.query(`
    insert into public.registry_status_changes (organization_id, status, effective_from, recorded_at)
    select id, 'active', approved_at, approved_at from bench_orgs`);
  await db.query('set session_replication_role = origin');
  // The triggers were off for the load: count it as one change.
  await db.query('update private.trust_list_state set registry_version = registry_version + 1');
  return (await db.query<{ id: string }>(`select id from bench_orgs where i = ${MEMBERS / 2}`)).rows[0]!.id;
}

export async function trustListBench(): Promise<boolean> {
  const { config, stack, db } = await startBenchStack('trust-list');
  try {
    const t0 = performance.now();
    const suspendee = await load(db);
    console.log(`  loaded ${MEMBERS} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const t1 = performance.now();
    const answer = await callScheduledFunction(config, 'publish-trust-list', { force: true });
    const publishMs = performance.now() - t1;
    if (answer.status !== 200) throw new Error(`publish-trust-list answered ${answer.status} ${answer.body}`);
    const { bytes, members } = JSON.parse(answer.body) as { bytes: number; members: number };

    const jwks = createLocalJWKSet(publishedKeys({ VITE_SUPABASE_URL: config.apiUrl }, config.rootDir));
    const jws = await (await fetch(trustListUrl(config.apiUrl))).text();
    const t2 = performance.now();
    const { payload } = await jwtVerify(jws, jwks, { issuer: networkDid(config.auth.siteUrl), typ: 'trust-list+jwt' });
    const verifyMs = performance.now() - t2;
    const fast = publishMs <= GOAL_PUBLISH_MS;
    const small = bytes <= GOAL_BYTES;
    console.log(`  ${members} members read, signed, uploaded and recorded in ${(publishMs / 1000).toFixed(2)} s  goal ≤ ${GOAL_PUBLISH_MS / 1000} s  ${fast ? 'ok' : 'OVER'}`);
    console.log(`  ${(bytes / 1024 / 1024).toFixed(1)} MB  goal ≤ ${GOAL_BYTES / 1024 / 1024} MB  ${small ? 'ok' : 'OVER'}`);
    console.log(`  verified with jose in Node in ${verifyMs.toFixed(0)} ms (${(payload as unknown as TrustListClaims).members.length} members)`);

    // A suspension, then the stack's own schedule: how long until a relying party fetching the list sees it.
    const t3 = performance.now();
    await db.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', false)`);
    await db.query(`update public.registry_entries set status = 'suspended', effective_from = now() where organization_id = $1`, [suspendee]);
    let visibleMs = Number.POSITIVE_INFINITY;
    while (performance.now() - t3 < GOAL_VISIBLE_MS * 2) {
      const text = await (await fetch(`${trustListUrl(config.apiUrl)}?t=${Date.now()}`)).text();
      const claims = JSON.parse(Buffer.from(text.split('.')[1]!, 'base64url').toString()) as TrustListClaims;
      if (claims.members.find((m) => m.id === suspendee)?.status === 'suspended') {
        visibleMs = performance.now() - t3;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const soon = visibleMs <= GOAL_VISIBLE_MS;
    console.log(`  a suspension visible in the published list after ${(visibleMs / 1000).toFixed(1)} s  goal ≤ ${GOAL_VISIBLE_MS / 1000} s  ${soon ? 'ok' : 'OVER'}`);
    return fast && small && soon;
  } finally {
    await db.end();
    await stack.stop();
  }
}
