import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, makeSystemAdmin } from '../support/db-fixtures.ts';
import { callAsSchedule } from '../support/edge-functions.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { neighbourOf, organisationWithData, type OrganisationWithData } from '../support/organisation-data-fixtures.ts';
import { pngBytes } from '../support/storage-files.ts';
import { asAnon, asServiceRole, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * ▶ Erase (issue 27 part 7, decision 076): typed name, a second administrator,
 * a 7-day cancellable grace period, then the scheduler's run; afterwards
 * nothing of the organisation is left but the legal hold and the tombstone,
 * and the ledger's replay erases a restored copy again. Real tokens through
 * PostgREST; the sweep called as the schedule calls it.
 */

const DAY = 86_400_000;

let first: TestUser;
let second: TestUser;
let org: OrganisationWithData;
let neighbour: OrganisationWithData;
let outsider: TestUser;

async function sweep(): Promise<{ erased: number; filesRemoved: number; archivesRemoved: number }> {
  const { status, body } = await callAsSchedule('organisation-data-sweep');
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { erased: number; filesRemoved: number; archivesRemoved: number };
}

async function runDue(at: number): Promise<number> {
  const [row] = await sql<{ n: number }>('select public.run_due_erasures($1) as n', [new Date(at).toISOString()]);
  return row.n;
}

/** Rows per exported table for an organisation, by the map's own conditions. */
async function rowsOf(organizationId: string, onErasure?: string[]): Promise<Record<string, number>> {
  const map = await sql<{ table_name: string; row_filter: string; on_erasure: string }>(
    `select table_name, row_filter, on_erasure from private.organisation_data_map where treatment = 'exported' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const m of map.filter((m) => !onErasure || onErasure.includes(m.on_erasure))) {
    const [row] = await sql<{ n: number }>(`select count(*)::int as n from ${m.table_name} t where ${m.row_filter}`, [organizationId]);
    counts[m.table_name] = row.n;
  }
  return counts;
}

async function storedFiles(organizationId: string): Promise<string[]> {
  const rows = await sql<{ f: string }>(`select bucket_id || '/' || name as f from storage.objects where name like $1 || '/%' order by 1`, [organizationId]);
  return rows.map((r) => r.f);
}

beforeAll(async () => {
  first = await newUser('erasure-first-admin');
  second = await newUser('erasure-second-admin');
  for (const admin of [first, second]) {
    await makeSystemAdmin(admin);
    await enrolVerifiedTotp(admin.client);
  }
  org = await organisationWithData(`Erasmus Verify ${Date.now()}`, 'erasure');
  neighbour = await neighbourOf(org.name);
  // A member who also holds a role of the network's (here an investor's) keeps their account.
  outsider = await newUser('erasure-member-investor');
  await addMember(org.id, outsider, 'member');
  await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite')`, [outsider.id]);
}, 180_000);

describe('who may ask, approve and cancel', () => {
  const FUNCTIONS = ['admin_request_erasure', 'admin_approve_erasure', 'admin_cancel_erasure', 'admin_erasure_requests'];

  it('the functions are security definer with search_path and timeouts, for authenticated alone; the scheduler\'s are the service role\'s', async () => {
    const rows = await sql<{ proname: string; prosecdef: boolean; proconfig: string[]; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p.proname, p.prosecdef, p.proconfig, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service
         from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = any($1)`,
      [[...FUNCTIONS, 'run_due_erasures', 'erased_organisation_files']],
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.prosecdef, row.proname).toBe(true);
      expect(row.anon, row.proname).toBe(false);
      if (FUNCTIONS.includes(row.proname)) {
        expect(row.authenticated, row.proname).toBe(true);
        expect(row.proconfig.sort(), row.proname).toEqual(['lock_timeout=1s', 'search_path=""', 'statement_timeout=5s']);
      } else {
        expect(row, row.proname).toMatchObject({ authenticated: false, service: true });
      }
    }
    const [replay] = await sql<{ p: string | null }>(`select to_regprocedure('private.replay_erasure_ledger()')::text as p`);
    expect(replay.p).toBe('private.replay_erasure_ledger()');
  });

  it('refuses a visitor, the organisation\'s own administrator, and an administrator at aal1', async () => {
    expect((await asAnon().rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name })).error?.message).toMatch(/permission denied/);
    const own = await org.admin.client.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name });
    expect(own.error?.message).toMatch(/^Only system administrators may /);
    const aal1 = await signInAgain(first);
    expect((await aal1.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name })).error?.message).toBe('aal2_required');
    expect((await first.client.rpc('run_due_erasures', {})).error?.code).toBe('42501');
  });

  it('wants the name typed exactly', async () => {
    const wrong = await first.client.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name.toUpperCase() });
    expect(wrong.error).toMatchObject({ code: '22023', message: 'name_mismatch' });
    const neighbourName = await first.client.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: neighbour.name });
    expect(neighbourName.error?.message).toBe('name_mismatch');
  });

  it('a cancelled erasure is never carried out', async () => {
    const spared = await createOrganization(null, { status: 'approved', name: `Spared ${Date.now()}` });
    const requested = await first.client.rpc('admin_request_erasure', { p_organization_id: spared, p_typed_name: (await sql<{ name: string }>('select name from public.organizations where id = $1', [spared]))[0].name });
    expect(requested.error).toBeNull();
    expect((await second.client.rpc('admin_approve_erasure', { p_request_id: requested.data })).error).toBeNull();
    expect((await first.client.rpc('admin_cancel_erasure', { p_request_id: requested.data })).error).toBeNull();
    await runDue(Date.now() + 8 * DAY);
    const [row] = await sql<{ erased_at: string | null }>('select erased_at from public.organizations where id = $1', [spared]);
    expect(row.erased_at).toBeNull();
    expect((await first.client.rpc('admin_cancel_erasure', { p_request_id: requested.data })).error?.message).toBe('erasure_request_not_open');
  });
});

describe('an erasure, from request to the ledger', () => {
  let requestId: number;
  let neighbourBefore: Record<string, number>;
  let neighbourFiles: string[];

  beforeAll(async () => {
    neighbourBefore = await rowsOf(neighbour.id);
    neighbourFiles = await storedFiles(neighbour.id);
  });

  it('is requested by one administrator and must be approved by another', async () => {
    const requested = await first.client.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name });
    expect(requested.error).toBeNull();
    requestId = requested.data as number;
    expect((await second.client.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name })).error?.message).toBe('erasure_already_requested');
    const self = await first.client.rpc('admin_approve_erasure', { p_request_id: requestId });
    expect(self.error).toMatchObject({ code: '42501', message: 'second_administrator_required' });
    const listed = await second.client.rpc('admin_erasure_requests');
    expect(listed.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: requestId, organization_name: org.name, approved_at: null, requested_by_me: false })]));
    const approved = await second.client.rpc('admin_approve_erasure', { p_request_id: requestId });
    expect(approved.error).toBeNull();
    const due = new Date(approved.data as string).getTime();
    expect(due - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(due - Date.now()).toBeLessThanOrEqual(7 * DAY);
  });

  it('waits out the grace period, then erases everything but the legal hold and the tombstone', async () => {
    expect(await runDue(Date.now() + 6 * DAY)).toBe(0);
    expect((await rowsOf(org.id))['public.conversations']).toBe(1);
    expect(await runDue(Date.now() + 7 * DAY + 60_000)).toBe(1);

    const left = await rowsOf(org.id, ['delete', 'pseudonymise']);
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    // Legal hold: the issued invoice and its lines; the draft is gone.
    const invoices = await sql<{ id: string; status: string }>('select id, status from public.invoices where organization_id = $1', [org.id]);
    expect(invoices).toEqual([{ id: org.issuedInvoiceId, status: 'issued' }]);
    // The members who belonged only here are gone with their accounts; the other keeps theirs.
    const accounts = await sql<{ id: string }>('select id from auth.users where id = any($1)', [[org.admin.id, org.member.id, outsider.id]]);
    expect(accounts.map((a) => a.id)).toEqual([outsider.id]);
    // Audit entries are kept without naming the organisation or anyone.
    const pseudonymised = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where details ? 'pseudonymised_on' and actor_id is null and organization_id is null`);
    expect(pseudonymised[0].n).toBeGreaterThan(0);
    const named = await sql<{ n: number }>(`select count(*)::int as n from public.network_activity where details::text like '%' || $1 || '%'`, [org.admin.email]);
    expect(named[0].n).toBe(0);
  });

  it('leaves the registry a tombstone: revoked, "Removed on …", by id and by domain', async () => {
    const byId = await asAnon().rpc('registry_by_id', { p_id: org.id });
    expect(byId.error).toBeNull();
    const entry = (Array.isArray(byId.data) ? byId.data[0] : byId.data) as { name: string; status: string; description: string; contact_email: string | null; logo_path: string | null };
    expect(entry).toMatchObject({ name: org.name, status: 'revoked', contact_email: null, logo_path: null });
    expect(entry.description).toMatch(/^Removed on \d{1,2} [A-Z][a-z]+ \d{4} at the organisation's request\.$/);
    const byDomain = await asAnon().rpc('registry_by_domain', { p_domain: org.domain });
    expect((byDomain.data as { id: string; status: string }[]).map((r) => [r.id, r.status])).toEqual([[org.id, 'revoked']]);
  });

  it('removes the stored files through the sweep, keeping the invoice PDF', async () => {
    const swept = await sweep();
    expect(swept.filesRemoved).toBeGreaterThanOrEqual(3);
    const invoicePath = org.files.find((f) => f.bucket === 'invoices')!.path;
    expect(await storedFiles(org.id)).toEqual([`invoices/${invoicePath}`]);
  });

  it('leaves the neighbour with the similar name as it was', async () => {
    expect(await rowsOf(neighbour.id)).toEqual(neighbourBefore);
    expect(await storedFiles(neighbour.id)).toEqual(neighbourFiles);
    const [row] = await sql<{ erased_at: string | null; contact_email: string | null }>('select erased_at, contact_email from public.organizations where id = $1', [neighbour.id]);
    expect(row.erased_at).toBeNull();
    expect(row.contact_email).not.toBeNull();
  });

  it('is in the ledger, which is only ever appended to', async () => {
    const ledger = await sql<{ id: number; request_id: number; erased: Record<string, number> }>('select id, request_id, erased from private.erasure_ledger where organization_id = $1', [org.id]);
    expect(ledger).toHaveLength(1);
    expect(Number(ledger[0].request_id)).toBe(requestId);
    expect(ledger[0].erased['public.conversations']).toBe(1);
    await expect(sql('update private.erasure_ledger set erased = $2 where id = $1', [ledger[0].id, {}])).rejects.toThrow(/erasure_ledger_append_only/);
    await expect(sql('delete from private.erasure_ledger where id = $1', [ledger[0].id])).rejects.toThrow(/erasure_ledger_append_only/);
  });

  it('erases again what a restore brings back, once, when the ledger is replayed', async () => {
    // A restore of an older backup, simulated: the organisation's rows and a file back.
    const back = await newUser('erasure-restored-member');
    await sql(`update public.organizations set contact_email = 'restored@example.com', logo_path = $2 where id = $1`, [org.id, `${org.id}/logo.png`]);
    await addMember(org.id, back, 'admin');
    await sql(`insert into public.conversations (organization_id, subject, created_by) values ($1, 'Restored', $2)`, [org.id, back.id]);
    await sql(`insert into public.network_activity (actor_id, action, organization_id, details) values ($1, 'test.restored', $2, '{}')`, [back.id, org.id]);
    const uploaded = await asServiceRole().storage.from('brand_assets').upload(`${org.id}/logo.png`, pngBytes(90), { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    expect(Object.values(await rowsOf(org.id, ['delete', 'pseudonymise'])).some((n) => n > 0)).toBe(true);

    const [replayed] = await sql<{ n: number }>('select private.replay_erasure_ledger() as n');
    expect(replayed.n).toBe(1);
    expect(Object.entries(await rowsOf(org.id, ['delete', 'pseudonymise'])).filter(([, n]) => n > 0)).toEqual([]);
    const [tombstone] = await sql<{ contact_email: string | null }>('select contact_email from public.organizations where id = $1', [org.id]);
    expect(tombstone.contact_email).toBeNull();
    await sweep();
    expect((await storedFiles(org.id)).filter((f) => !f.startsWith('invoices/'))).toEqual([]);

    // Nothing left to erase: the replay changes nothing.
    const [again] = await sql<{ n: number }>('select private.replay_erasure_ledger() as n');
    expect(again.n).toBe(0);
  });
});

describe('an erased organisation', () => {
  it('cannot be requested again', async () => {
    const result = await first.client.rpc('admin_request_erasure', { p_organization_id: org.id, p_typed_name: org.name });
    expect(result.error?.message).toBe('already_erased');
  });
});
