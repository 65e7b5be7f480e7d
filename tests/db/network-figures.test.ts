import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { addMember, createOrganization, expectDenied, makeSystemAdmin, setApplicationStatus } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * network_summary() and network_analytics(from, to) (decision 062): exact
 * figures from known data, who may read them, and that reading them opens no
 * organisation's private data.
 *
 * The analytics are checked in 2001, a year nothing else in the test database
 * lives in, so every figure there is the fixtures' own. The summary is about
 * the current month, which the seed and other test files share: it is checked
 * by how much each figure moves when the fixtures are added.
 */
const config = stackConfig('test');

interface Summary {
  as_of: string;
  period: { current_from: string; previous_from: string; previous_to: string };
  active_members: number;
  active_members_previous: number;
  new_members: { current: number; previous: number };
  pending_applications: number;
  pending_applications_previous: number;
  registry_lookups: { current: number; previous: number; counted_since: string | null };
  status_changes: { current: number; previous: number };
}

interface Analytics {
  from: string;
  to: string;
  bucket: 'day' | 'week' | 'month';
  growth: { period_start: string; new_members: number; active_members: number }[];
  funnel: { started: number; submitted: number; approved: number; rejected: number; median_days_to_decision: number | null };
  sectors: { sector: string; members: number }[];
  countries: { country: string; members: number }[];
  lookups: { period_start: string; lookups: number }[];
  lookups_counted_since: string | null;
}

let stakeholder: TestUser;
let lite: TestUser;
let admin: TestUser;
let member: TestUser;
let nobody: TestUser;
let ended: TestUser;

async function summary(user: TestUser = stakeholder): Promise<Summary> {
  const { data, error } = await user.client.rpc('network_summary');
  expect(error).toBeNull();
  return data as Summary;
}

async function analytics(from: string, to: string, user: TestUser = stakeholder): Promise<Analytics> {
  const { data, error } = await user.client.rpc('network_analytics', { p_from: from, p_to: to });
  expect(error).toBeNull();
  return data as Analytics;
}

/** An approved organisation whose application and first publication are moved to the given times. */
async function approvedOrganization(submittedAt: string, decidedAt: string, facts: { sector?: string; country?: string } = {}): Promise<string> {
  // Country is a registered fact, fixed after creation: given at insert, as onboarding does.
  const [{ id }] = await sql<{ id: string }>(
    `insert into public.organizations (name, sector, country) values ($1, $2::public.organization_sector, $3) returning id`,
    [`Figures Organisation ${randomUUID().slice(0, 8)}`, facts.sector ?? null, facts.country ?? null],
  );
  await sql(`insert into public.organization_applications (organization_id, status) values ($1, 'pending')`, [id]);
  await setApplicationStatus(id, 'approved');
  await sql(`update public.organization_applications set submitted_at = $2, decided_at = $3 where organization_id = $1`, [id, submittedAt, decidedAt]);
  await sql(`update public.registry_status_changes set effective_from = $2, recorded_at = $2 where organization_id = $1`, [id, decidedAt]);
  await sql(`update public.registry_entries set effective_from = $2 where organization_id = $1`, [id, decidedAt]);
  return id;
}

/** A registry status change that took effect at `at` (the current status follows the latest change). */
async function changeStatus(organizationId: string, status: 'active' | 'suspended' | 'revoked', at: string): Promise<void> {
  await sql(
    `insert into public.registry_status_changes (organization_id, status, effective_from, reason, recorded_at)
     values ($1, $2::public.registry_status, $3, 'Test change', $3)`,
    [organizationId, status, at],
  );
  await sql(
    `update public.registry_entries r set status = latest.status, effective_from = latest.effective_from
       from (select status, effective_from from public.registry_status_changes where organization_id = $1
              order by effective_from desc, id desc limit 1) latest
      where r.organization_id = $1`,
    [organizationId],
  );
}

async function applicationAt(status: 'pending' | 'rejected', submittedAt: string, decidedAt?: string): Promise<string> {
  const id = await createOrganization(null, { status });
  await sql(`update public.organization_applications set submitted_at = $2, decided_at = coalesce($3, decided_at) where organization_id = $1`, [
    id,
    submittedAt,
    decidedAt ?? null,
  ]);
  return id;
}

async function draftBegunAt(createdAt: string): Promise<void> {
  const person = await newUser('drafter');
  await sql(`insert into public.application_drafts (user_id, created_at) values ($1, $2)`, [person.id, createdAt]);
}

async function registryGet(path: string): Promise<void> {
  const res = await fetch(`${config.apiUrl}/rest/v1/rpc/${path}`, {
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${config.keys.anonKey}` },
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

beforeAll(async () => {
  [stakeholder, lite, admin, member, nobody, ended] = await Promise.all([
    newUser('stakeholder'),
    newUser('investor-lite'),
    newUser('admin'),
    newUser('member'),
    newUser('nobody'),
    newUser('investor-ended'),
  ]);
  await sql(`insert into public.stakeholders (user_id, affiliation) values ($1, 'Test Council')`, [stakeholder.id]);
  await sql(`insert into public.investor_access (user_id, level) values ($1, 'lite'), ($2, 'lite')`, [lite.id, ended.id]);
  await makeSystemAdmin(admin);
  const org = await createOrganization(member, { status: 'approved' });
  void org;
  // A grant that has ended: expired where grants can expire (decision 059), else revoked.
  const [{ expiry }] = await sql<{ expiry: boolean }>(
    `select exists (select 1 from information_schema.columns
                     where table_schema = 'public' and table_name = 'investor_access' and column_name = 'expires_at') as expiry`,
  );
  if (expiry) await sql(`update public.investor_access set expires_at = now() - interval '1 minute' where user_id = $1`, [ended.id]);
  else await sql(`delete from public.investor_access where user_id = $1`, [ended.id]);
});

describe('who may read the figures', () => {
  it('a stakeholder, a lite investor and a system administrator read both', async () => {
    for (const user of [stakeholder, lite, admin]) {
      const s = await summary(user);
      expect(s.active_members).toBeGreaterThan(0);
      const a = await analytics('2026-01-01', '2026-01-31', user);
      expect(a.bucket).toBe('day');
    }
  });

  it('a member, a signed-in person with no grant, an investor whose grant has ended and a visitor are refused with not_allowed_figures', async () => {
    for (const client of [member.client, nobody.client, ended.client]) {
      for (const result of [await client.rpc('network_summary'), await client.rpc('network_analytics', { p_from: '2026-01-01', p_to: '2026-01-31' })]) {
        expectDenied(result);
        expect(result.error?.message).toBe('not_allowed_figures');
        expect(result.data).toBeNull();
      }
    }
    // Visitors may not even execute them.
    expectDenied(await asAnon().rpc('network_summary'));
    expectDenied(await asAnon().rpc('network_analytics', { p_from: '2026-01-01', p_to: '2026-01-31' }));
  });

  it('refuses a period that ends before it starts, is missing an end, or spans more than ten years (invalid_period)', async () => {
    for (const args of [
      { p_from: '2026-02-01', p_to: '2026-01-31' },
      { p_from: '2001-01-01', p_to: '2011-01-02' },
      { p_from: '2001-01-01', p_to: null },
    ]) {
      const { data, error } = await stakeholder.client.rpc('network_analytics', args);
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe('invalid_period');
      expect(data).toBeNull();
    }
    // Exactly ten years is allowed, by month.
    expect((await analytics('2001-01-01', '2011-01-01')).bucket).toBe('month');
  });
});

describe('network_analytics from known data (March 2001)', () => {
  let legalBefore: number;
  let sectorsBefore: Analytics['sectors'];

  beforeAll(async () => {
    sectorsBefore = (await analytics('2001-03-01', '2001-03-31')).sectors;
    legalBefore = sectorsBefore.find((s) => s.sector === 'legal')?.members ?? 0;
    // A: submitted 1 March, approved 5 March (4 days), still active; in country ZZ (a code no one else uses).
    await approvedOrganization('2001-03-01T10:00:00Z', '2001-03-05T10:00:00Z', { sector: 'legal', country: 'ZZ' });
    // B: submitted 2 March, approved 12 March (10 days), suspended 20 March.
    const b = await approvedOrganization('2001-03-02T00:00:00Z', '2001-03-12T00:00:00Z', { sector: 'legal', country: 'ZZ' });
    await changeStatus(b, 'suspended', '2001-03-20T09:00:00Z');
    // C: submitted 3 March, rejected 4 March at noon (1.5 days).
    await applicationAt('rejected', '2001-03-03T00:00:00Z', '2001-03-04T12:00:00Z');
    // D: submitted 10 March, still pending.
    await applicationAt('pending', '2001-03-10T00:00:00Z');
    // E: its draft was begun in February (that month's start), submitted 15 March.
    // (Its draft's insert counted the start; submitting keeps the start beside the application.)
    await draftBegunAt('2001-02-20T00:00:00Z');
    const e = await applicationAt('pending', '2001-03-15T00:00:00Z');
    await sql(`insert into private.onboarding_starts (organization_id, started_at) values ($1, '2001-02-20T00:00:00Z')`, [e]);
    // A draft begun on 7 March and never submitted.
    await draftBegunAt('2001-03-07T08:00:00Z');
    // Registry lookups counted on two days.
    await sql(`insert into private.registry_lookup_counts (day, function_name, lookups) values
                 ('2001-03-05', 'registry_search', 12), ('2001-03-05', 'registry_by_id', 3), ('2001-03-20', 'registry_verifies', 5)
               on conflict (day, function_name) do update set lookups = excluded.lookups`);
  });

  it('counts the funnel and the median days to decision', async () => {
    const a = await analytics('2001-03-01', '2001-03-31');
    expect(a).toMatchObject({ from: '2001-03-01', to: '2001-03-31', bucket: 'day' });
    // Started: A, B, C, D (no draft: when submitted) and the open draft; E started in February.
    // Median of 4, 10 and 1.5 days.
    expect(a.funnel).toEqual({ started: 5, submitted: 5, approved: 2, rejected: 1, median_days_to_decision: 4 });
    const feb = await analytics('2001-02-01', '2001-02-28');
    // E's draft, begun in February.
    expect(feb.funnel).toEqual({ started: 1, submitted: 0, approved: 0, rejected: 0, median_days_to_decision: null });
    // Only C and A decided on 4 and 5 March: the mean of the two middle ones (1.5 and 4), to one decimal.
    expect((await analytics('2001-03-04', '2001-03-05')).funnel.median_days_to_decision).toBe(2.8);
  });

  it('gives growth by day: new members on the day of their first publication, active members at each day\'s end', async () => {
    const a = await analytics('2001-03-01', '2001-03-31');
    expect(a.growth).toHaveLength(31);
    const day = (d: number) => a.growth[d - 1];
    expect(day(1)).toEqual({ period_start: '2001-03-01', new_members: 0, active_members: 0 });
    expect(day(5)).toEqual({ period_start: '2001-03-05', new_members: 1, active_members: 1 });
    expect(day(11)).toMatchObject({ active_members: 1 });
    expect(day(12)).toEqual({ period_start: '2001-03-12', new_members: 1, active_members: 2 });
    // B's suspension is a status change, not a lost member's return later.
    expect(day(20)).toEqual({ period_start: '2001-03-20', new_members: 0, active_members: 1 });
    expect(day(31)).toMatchObject({ active_members: 1 });
    expect(a.lookups.find((l) => l.period_start === '2001-03-05')?.lookups).toBe(15);
    expect(a.lookups.find((l) => l.period_start === '2001-03-20')?.lookups).toBe(5);
    expect(a.lookups.reduce((n, l) => n + l.lookups, 0)).toBe(20);
  });

  it('buckets by week over a longer period and by month over more than a year, starting at the period\'s first day', async () => {
    const weeks = await analytics('2001-02-15', '2001-05-31');
    expect(weeks.bucket).toBe('week');
    // 15 February 2001 was a Thursday; the next weeks start on Mondays.
    expect(weeks.growth.slice(0, 3).map((g) => g.period_start)).toEqual(['2001-02-15', '2001-02-19', '2001-02-26']);
    expect(weeks.growth.reduce((n, g) => n + g.new_members, 0)).toBe(2);
    expect(weeks.growth.find((g) => g.period_start === '2001-03-19')).toEqual({ period_start: '2001-03-19', new_members: 0, active_members: 1 });
    expect(weeks.lookups.find((l) => l.period_start === '2001-03-05')?.lookups).toBe(15);

    const months = await analytics('2000-07-01', '2001-12-31');
    expect(months.bucket).toBe('month');
    expect(months.growth).toHaveLength(18);
    expect(months.growth.find((g) => g.period_start === '2001-03-01')).toEqual({ period_start: '2001-03-01', new_members: 2, active_members: 1 });
    expect(months.growth.at(-1)).toEqual({ period_start: '2001-12-01', new_members: 0, active_members: 1 });
    expect(months.lookups.find((l) => l.period_start === '2001-03-01')?.lookups).toBe(20);
    expect(months.funnel).toMatchObject({ started: 6, submitted: 5, approved: 2, rejected: 1 });
  });

  it('counts current active members by sector and country, suspended ones not', async () => {
    const a = await analytics('2001-03-01', '2001-03-31');
    expect(a.countries.find((c) => c.country === 'ZZ')).toEqual({ country: 'ZZ', members: 1 });
    expect(a.sectors.find((s) => s.sector === 'legal')?.members).toBe(legalBefore + 1);
    const total = (list: { members: number }[]) => list.reduce((n, s) => n + s.members, 0);
    expect(total(a.sectors)).toBe(total(sectorsBefore) + 1);
    expect(total(a.countries)).toBe(total(a.sectors));
    expect(total(a.sectors)).toBe((await summary()).active_members);
  });

  it('keeps the totals equal to a recomputation from the base tables', async () => {
    const before = await analytics('2001-01-01', '2001-12-31');
    const summaryBefore = await summary();
    await sql('select private.rebuild_network_figures()');
    expect(await analytics('2001-01-01', '2001-12-31')).toEqual(before);
    expect({ ...(await summary()), as_of: null }).toEqual({ ...summaryBefore, as_of: null });
  });
});

describe('network_summary from known data (this month against the same days of the last)', () => {
  it('moves each figure by what the fixtures add, in the current and the previous period', async () => {
    const before = await summary();
    const { period } = before;
    const today = new Date().toISOString().slice(0, 10);
    expect(period.current_from).toBe(`${today.slice(0, 8)}01`);
    const previousStart = `${period.previous_from}T06:00:00Z`;

    // P: approved now: a new member this month.
    await createOrganization(null, { status: 'approved' });
    // Q: pending.
    await createOrganization(null, { status: 'pending' });
    // R: first published on the previous period's first day, suspended now.
    const r = await approvedOrganization(`${period.previous_from}T00:00:00Z`, previousStart);
    await changeStatus(r, 'suspended', new Date().toISOString());
    // S: first published and suspended on the previous period's first day.
    const s = await approvedOrganization(`${period.previous_from}T00:00:00Z`, previousStart);
    await changeStatus(s, 'suspended', `${period.previous_from}T07:00:00Z`);
    // T: submitted on the previous period's first day, still pending.
    await applicationAt('pending', `${period.previous_from}T01:00:00Z`);
    // U: a decision recorded as older than its submission (the seed's history has such rows):
    // pending at neither time, and no count goes below zero.
    await applicationAt('rejected', new Date().toISOString(), `${period.previous_from}T08:00:00Z`);
    // Lookups: seven through the API this month, four counted in the previous period.
    await sql('select private.snapshot_registry_lookups()');
    const lookupsBefore = (await summary()).registry_lookups;
    for (let i = 0; i < 7; i++) await registryGet(`registry_search?p_query=summary-${randomUUID().slice(0, 6)}`);
    await sql('select private.snapshot_registry_lookups()');
    await sql(
      `insert into private.registry_lookup_counts (day, function_name, lookups) values ($1, 'registry_by_domain', 4)
       on conflict (day, function_name) do update set lookups = private.registry_lookup_counts.lookups + 4`,
      [period.previous_from],
    );

    const after = await summary();
    expect(after.period).toEqual(period);
    expect(after.active_members - before.active_members).toBe(1);
    expect(after.new_members.current - before.new_members.current).toBe(1);
    expect(after.new_members.previous - before.new_members.previous).toBe(2);
    // At the end of the previous period R was active, S already suspended.
    expect(after.active_members_previous - before.active_members_previous).toBe(1);
    expect(after.pending_applications - before.pending_applications).toBe(2);
    expect(after.pending_applications_previous - before.pending_applications_previous).toBe(1);
    expect(after.pending_applications_previous).toBeGreaterThanOrEqual(0);
    expect(after.active_members_previous).toBeGreaterThanOrEqual(0);
    expect(after.status_changes.current - before.status_changes.current).toBe(1);
    expect(after.status_changes.previous - before.status_changes.previous).toBe(1);
    expect(after.registry_lookups.current - lookupsBefore.current).toBe(7);
    expect(after.registry_lookups.previous - lookupsBefore.previous).toBe(4);
    expect(after.registry_lookups.counted_since).not.toBeNull();
  });

  it('compares with the same number of days of the previous month', async () => {
    const { period } = await summary();
    const today = new Date().toISOString().slice(0, 10);
    const daysIn = (iso: string) => Math.round((Date.parse(iso) - Date.parse(`${iso.slice(0, 8)}01`)) / 86_400_000);
    const elapsed = daysIn(today);
    const previousMonthDays = new Date(Date.UTC(Number(period.previous_from.slice(0, 4)), Number(period.previous_from.slice(5, 7)), 0)).getUTCDate();
    expect(daysIn(period.previous_to)).toBe(Math.min(elapsed, previousMonthDays - 1));
  });
});

describe('reading the figures opens no organisation\'s private data', () => {
  let pendingOrg: string;
  let approvedOrg: string;
  let applicant: TestUser;

  beforeAll(async () => {
    applicant = await newUser('applicant');
    pendingOrg = await createOrganization(applicant, { status: 'pending' });
    approvedOrg = await createOrganization(null, { status: 'approved' });
    const colleague = await newUser('colleague');
    await addMember(approvedOrg, colleague);
    await sql(`insert into public.application_drafts (user_id) values ((select id from auth.users where email = $1))`, [
      (await newUser('draft-owner')).email,
    ]);
    await sql(
      `insert into public.organization_change_requests (organization_id, previous_values, proposed_values, reason)
       values ($1, '{"name": "x"}', '{"name": "y"}', 'Renamed')`,
      [approvedOrg],
    );
  });

  it('stakeholders and lite investors read no applications, members, timelines, drafts, change requests, history or documents', async () => {
    for (const user of [stakeholder, lite]) {
      const c = user.client;
      const reads = [
        await c.from('organizations').select('id').eq('id', pendingOrg),
        await c.from('organization_applications').select('*').in('organization_id', [pendingOrg, approvedOrg]),
        await c.from('organization_members').select('*').in('organization_id', [pendingOrg, approvedOrg]),
        await c.from('application_events').select('*').in('organization_id', [pendingOrg, approvedOrg]),
        await c.from('registry_status_changes').select('*').eq('organization_id', approvedOrg),
        await c.from('application_documents').select('*'),
        await c.from('application_drafts').select('*'),
        await c.from('organization_change_requests').select('*').eq('organization_id', approvedOrg),
        await c.from('network_activity').select('*').limit(5),
        await c.from('profiles').select('*').eq('id', applicant.id),
      ];
      for (const read of reads) {
        // Filtered to nothing, or refused outright.
        if (read.error) expect(read.error.code).toBe('42501');
        else expect(read.data).toEqual([]);
      }
      const files = await c.storage.from('application_documents').list(pendingOrg);
      expect(files.data ?? []).toEqual([]);
      // The totals' tables live in the private schema, which the API does not serve.
      const totals = await c.schema('private' as 'public').from('network_daily').select('*');
      expect(totals.error).not.toBeNull();
      expect(totals.data).toBeNull();
    }
  });
});
