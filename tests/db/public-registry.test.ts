import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The trust registry as an open API (supabase/migrations/20261122005000_public-registry.sql):
 * visitors read only the registry_* functions, which return public columns and
 * the dated status history without reasons; registry_status_on answers for past
 * dates as the registry stood then; only system administrators suspend, revoke
 * and reinstate, and each change is dated, kept and audited.
 */

const PUBLIC_COLUMNS = [
  'id',
  'name',
  'legal_name',
  'registration_number',
  'country',
  'website',
  'domain',
  'sector',
  'size',
  'description',
  'logo_path',
  'status',
  'status_effective_from',
  'member_since',
  'status_history',
  'contact_email',
  'verification_schemas',
].sort();

interface Entry {
  id: string;
  name: string;
  legal_name: string | null;
  country: string | null;
  website: string | null;
  domain: string | null;
  sector: string | null;
  status: string;
  status_effective_from: string;
  member_since: string | null;
  status_history: { status: string; effective_from: string }[];
  contact_email: string | null;
}

interface StatusOn {
  organization_id: string;
  name: string;
  on_date: string;
  active: boolean;
  status: string | null;
  effective_from: string | null;
}

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
/** The UTC calendar day of an instant, as registry_status_on takes it. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** A unique word for this run, so searches find only this file's organisations. */
const tag = `Qz${randomUUID().slice(0, 6)}`;

interface OrgFacts {
  name: string;
  legalName?: string;
  sector?: string;
  country?: string;
  website?: string;
  status?: 'approved' | 'pending' | 'rejected';
}

/** An organisation that onboarded without an applicant account (as the seed does), approved unless told otherwise. */
async function organisation({ name, legalName, sector, country, website, status = 'approved' }: OrgFacts): Promise<string> {
  const [org] = await sql<{ id: string }>(
    `insert into public.organizations (name, legal_name, sector, country, website, created_by)
     values ($1, $2, $3::public.organization_sector, $4, $5, null) returning id`,
    [name, legalName ?? null, sector ?? null, country ?? null, website ?? null],
  );
  await sql(
    `insert into public.organization_applications (organization_id, status, decision_reason)
     values ($1, $2::public.application_status, case when $2::text = 'rejected' then 'Not eligible' end)`,
    [org.id, status],
  );
  return org.id;
}

/** Moves an organisation's approval into the past, as if it had been approved `days` ago. */
async function approvedDaysAgo(orgId: string, days: number): Promise<Date> {
  const at = daysAgo(days);
  await sql('update public.registry_entries set effective_from = $2 where organization_id = $1', [orgId, at]);
  await sql('update public.registry_status_changes set effective_from = $2, recorded_at = $2 where organization_id = $1', [orgId, at]);
  return at;
}

const search = async (args: Record<string, string> = {}) =>
  expectOk(await asAnon().rpc('registry_search', { p_query: tag, ...args })) as Entry[];
const byId = async (id: string) => expectOk(await asAnon().rpc('registry_by_id', { p_id: id })) as Entry[];
const statusOn = async (id: string, date?: Date) =>
  expectOk(await asAnon().rpc('registry_status_on', date ? { p_organization_id: id, p_date: utcDay(date) } : { p_organization_id: id })) as StatusOn[];

let admin: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [admin, outsider] = await Promise.all([newUser('registry-admin'), newUser('registry-outsider')]);
  await makeSystemAdmin(admin);
});

describe('what visitors may read', () => {
  let approved: string;
  let pending: string;

  beforeAll(async () => {
    approved = await organisation({ name: `${tag} Visible Verifiers`, sector: 'legal', country: 'GB', website: 'https://visible.example' });
    pending = await organisation({ name: `${tag} Pending Partners`, status: 'pending' });
  });

  it('the tables behind the registry are closed to visitors: organisations, applications, members, history, audit', async () => {
    const anon = asAnon();
    expectDenied(await anon.from('organizations').select('id, name'));
    expectDenied(await anon.from('organizations').select('created_by').eq('id', approved));
    expectDenied(await anon.from('organization_applications').select('*'));
    expectDenied(await anon.from('organization_members').select('*'));
    expectDenied(await anon.from('application_events').select('*'));
    expectDenied(await anon.from('registry_status_changes').select('reason'));
    expectDenied(await anon.from('network_activity').select('*'));
  });

  it('every registry function returns exactly the public columns, never who created the organisation', async () => {
    const [entry] = await byId(approved);
    expect(Object.keys(entry).sort()).toEqual(PUBLIC_COLUMNS);
    const [found] = await search({ p_sector: 'legal' });
    expect(Object.keys(found).sort()).toEqual(PUBLIC_COLUMNS);
    const [onDomain] = expectOk(await asAnon().rpc('registry_by_domain', { p_domain: 'visible.example' })) as Entry[];
    expect(Object.keys(onDomain).sort()).toEqual(PUBLIC_COLUMNS);
    expect(Object.keys(entry.status_history[0]).sort()).toEqual(['effective_from', 'status']);
  });

  it('a pending organisation is in no answer', async () => {
    expect(await byId(pending)).toEqual([]);
    expect((await search()).map((e) => e.id)).not.toContain(pending);
    expect(await statusOn(pending)).toEqual([]);
  });

  it('the administrator-only function is refused to visitors', async () => {
    expectDenied(await asAnon().rpc('change_registry_status', { p_organization_id: approved, p_status: 'suspended', p_reason: 'x' }));
  });
});

describe('registry_search', () => {
  const ids: Record<string, string> = {};
  // Its own word, so the other blocks' organisations stay out of these lists.
  const t = `Rs${randomUUID().slice(0, 6)}`;
  const find = (args: Record<string, string> = {}) => search({ p_query: t, ...args });

  beforeAll(async () => {
    ids.clinique = await organisation({
      name: `${t} Clinique Médicale`,
      legalName: `${t} Clinique Médicale SARL`,
      sector: 'healthcare',
      country: 'FR',
    });
    ids.bank = await organisation({ name: `${t} bank`, legalName: `Banco ${t} S.A.`, sector: 'financial_services', country: 'ES' });
    ids.academy = await organisation({ name: `${t} Academy`, sector: 'education', country: 'GB' });
    ids.suspended = await organisation({ name: `${t} Suspended School`, sector: 'education', country: 'GB' });
    ids.rejected = await organisation({ name: `${t} Rejected Clinic`, sector: 'healthcare', country: 'FR', status: 'rejected' });
    expectOk(
      await admin.client.rpc('change_registry_status', { p_organization_id: ids.suspended, p_status: 'suspended', p_reason: 'Audit overdue' }),
    );
  });

  it('lists every approved organisation, whatever its status, sorted by name regardless of case and accents', async () => {
    const names = (await find()).map((e) => e.name);
    expect(names).toEqual([`${t} Academy`, `${t} bank`, `${t} Clinique Médicale`, `${t} Suspended School`]);
  });

  it('finds by part of the name or the legal name, ignoring case and accents', async () => {
    expect((await find({ p_query: `${t.toLowerCase()} CLINIQUE medicale` })).map((e) => e.id)).toEqual([ids.clinique]);
    expect((await find({ p_query: `banco ${t}` })).map((e) => e.id)).toEqual([ids.bank]);
    expect((await find({ p_query: `  ${t} acad  ` })).map((e) => e.id)).toEqual([ids.academy]);
  });

  it('takes wildcards literally', async () => {
    expect(await find({ p_query: `${t}%` })).toEqual([]);
    expect(await find({ p_query: `${t}_Academy` })).toEqual([]);
  });

  it('filters by sector, country (any case) and status', async () => {
    expect((await find({ p_sector: 'education' })).map((e) => e.id)).toEqual([ids.academy, ids.suspended]);
    expect((await find({ p_country: 'fr' })).map((e) => e.id)).toEqual([ids.clinique]);
    expect((await find({ p_status: 'suspended' })).map((e) => e.id)).toEqual([ids.suspended]);
    expect((await find({ p_status: 'active', p_sector: 'education', p_country: 'GB' })).map((e) => e.id)).toEqual([ids.academy]);
  });

  it('pages with limit and offset and counts every match', async () => {
    const page = await asAnon().rpc('registry_search', { p_query: t }, { count: 'exact' }).range(1, 2);
    expect(page.error).toBeNull();
    expect(page.count).toBe(4);
    expect((page.data as Entry[]).map((e) => e.name)).toEqual([`${t} bank`, `${t} Clinique Médicale`]);
  });

  it('refuses a sector or status that does not exist', async () => {
    expect((await asAnon().rpc('registry_search', { p_sector: 'astrology' })).error?.code).toBe('22P02');
    expect((await asAnon().rpc('registry_search', { p_status: 'pending' })).error?.code).toBe('22P02');
  });
});

describe('registry_by_id and registry_by_domain', () => {
  let org: string;

  beforeAll(async () => {
    org = await organisation({ name: `${tag} Domain Holdings`, website: `https://www.${tag.toLowerCase()}-holdings.example/about` });
  });

  it('by id: the entry, nothing for an unknown id, an error for a malformed one', async () => {
    expect(await byId(org)).toMatchObject([{ id: org, name: `${tag} Domain Holdings`, status: 'active', domain: `${tag.toLowerCase()}-holdings.example` }]);
    expect(await byId(randomUUID())).toEqual([]);
    expect((await asAnon().rpc('registry_by_id', { p_id: 'not-a-uuid' })).error?.code).toBe('22P02');
  });

  it('by domain: scheme, www., port, path and case do not matter; subdomains belong to the domain', async () => {
    const host = `${tag.toLowerCase()}-holdings.example`;
    for (const asked of [
      host,
      host.toUpperCase(),
      `https://www.${host}`,
      `HTTP://WWW.${host.toUpperCase()}:8443/contact?x=1#team`,
      `www.${host}.`,
      `verify.${host}`,
      `someone@${host}`,
    ]) {
      const rows = expectOk(await asAnon().rpc('registry_by_domain', { p_domain: asked })) as Entry[];
      expect(rows.map((r) => r.id), asked).toEqual([org]);
    }
  });

  it('by domain: a look-alike, a parent domain or nothing at all finds nothing', async () => {
    for (const asked of [`not${tag.toLowerCase()}-holdings.example`, 'example', '', '   ', `${tag.toLowerCase()}-holdings.example.evil`]) {
      expectNoRows(await asAnon().rpc('registry_by_domain', { p_domain: asked }));
    }
  });
});

describe('the public contact e-mail (organisation details, decision 036)', () => {
  let owner: TestUser;
  let member: string;
  let pendingOwner: TestUser;
  let pending: string;
  let rejectedOwner: TestUser;
  let rejected: string;
  const host = `${tag.toLowerCase()}-contact.example`;
  const memberEmail = `hello@${host}`;
  const pendingEmail = `${tag.toLowerCase()}.pending@applicant.example`;
  const rejectedEmail = `${tag.toLowerCase()}.rejected@applicant.example`;

  beforeAll(async () => {
    [owner, pendingOwner, rejectedOwner] = await Promise.all([
      newUser('registry-contact-owner'),
      newUser('registry-contact-pending'),
      newUser('registry-contact-rejected'),
    ]);
    member = await organisation({ name: `${tag} Contact Collective`, sector: 'retail', website: `https://www.${host}/` });
    await addMember(member, owner, 'admin');
    pending = await createOrganization(pendingOwner, { status: 'pending', name: `${tag} Contact Pending` });
    rejected = await createOrganization(rejectedOwner, { status: 'rejected', name: `${tag} Contact Rejected` });
  });

  const answers = async (id: string) => ({
    byId: await byId(id),
    search: (await search()).filter((e) => e.id === id),
    byDomain: (expectOk(await asAnon().rpc('registry_by_domain', { p_domain: `verify.${host}` })) as Entry[]).filter((e) => e.id === id),
  });

  it('is null in every registry answer while the organisation has none', async () => {
    const { byId: [entry], search: [found], byDomain: [onDomain] } = await answers(member);
    expect([entry.contact_email, found.contact_email, onDomain.contact_email]).toEqual([null, null, null]);
  });

  it('set by the organisation’s admin on its details page, it is in every registry answer at once', async () => {
    expectOk(await owner.client.from('organizations').update({ contact_email: ` ${memberEmail} ` }).eq('id', member).select('id'));
    const { byId: [entry], search: [found], byDomain: [onDomain] } = await answers(member);
    expect([entry.contact_email, found.contact_email, onDomain.contact_email]).toEqual([memberEmail, memberEmail, memberEmail]);
    // Signed in makes no difference: the registry is one public answer.
    const [asOutsider] = expectOk(await outsider.client.rpc('registry_by_id', { p_id: member })) as Entry[];
    expect(asOutsider.contact_email).toBe(memberEmail);
  });

  it('a suspended member stays listed with its contact e-mail, and the change returns it', async () => {
    const entry = expectOk(
      await admin.client.rpc('change_registry_status', { p_organization_id: member, p_status: 'suspended', p_reason: 'Audit overdue.' }),
    ) as Entry;
    expect(entry).toMatchObject({ status: 'suspended', contact_email: memberEmail });
    expect((await byId(member))[0]).toMatchObject({ status: 'suspended', contact_email: memberEmail });
  });

  it('removing it removes it from the registry', async () => {
    expectOk(await owner.client.from('organizations').update({ contact_email: null }).eq('id', member).select('id'));
    expect((await byId(member))[0].contact_email).toBeNull();
  });

  it('a pending or rejected organisation’s contact e-mail is in no answer, even once its admin has set it', async () => {
    expectOk(await pendingOwner.client.from('organizations').update({ contact_email: pendingEmail }).eq('id', pending).select('id'));
    expectOk(await rejectedOwner.client.from('organizations').update({ contact_email: rejectedEmail }).eq('id', rejected).select('id'));
    // Stored, so the registry is what keeps it out.
    expect(await sql('select contact_email from public.organizations where id = any($1::uuid[]) order by contact_email', [[pending, rejected]])).toEqual([
      { contact_email: pendingEmail },
      { contact_email: rejectedEmail },
    ]);
    expect(await byId(pending)).toEqual([]);
    expect(await byId(rejected)).toEqual([]);
    const everything = JSON.stringify([
      await search(),
      expectOk(await asAnon().rpc('registry_search', {})),
      expectOk(await asAnon().rpc('registry_by_domain', { p_domain: 'applicant.example' })),
      expectOk(await asAnon().rpc('registry_status_on', { p_organization_id: pending })),
    ]);
    expect(everything).not.toContain(pendingEmail);
    expect(everything).not.toContain(rejectedEmail);
  });
});

describe('registry_status_on: the registry as it stood on a date', () => {
  let org: string;
  let approvedAt: Date;
  const suspendedAt = daysAgo(60);
  const reinstatedAt = daysAgo(40);
  const revokedAt = daysAgo(10);

  beforeAll(async () => {
    org = await organisation({ name: `${tag} Timeline Travel`, sector: 'travel', country: 'IT' });
    approvedAt = await approvedDaysAgo(org, 100);
    for (const [status, reason, at] of [
      ['suspended', 'Liveness checks skipped at two branches', suspendedAt],
      ['active', null, reinstatedAt],
      ['revoked', 'Repeated breaches after reinstatement', revokedAt],
    ] as const) {
      expectOk(
        await admin.client.rpc('change_registry_status', {
          p_organization_id: org,
          p_status: status,
          ...(reason ? { p_reason: reason } : {}),
          p_effective_from: at.toISOString(),
        }),
      );
    }
  });

  it('before its first approval it was not a member', async () => {
    expect(await statusOn(org, new Date(approvedAt.getTime() - DAY))).toEqual([
      { organization_id: org, name: `${tag} Timeline Travel`, on_date: utcDay(new Date(approvedAt.getTime() - DAY)), active: false, status: null, effective_from: null },
    ]);
  });

  it('each later date answers with the status then in force and the date it took effect', async () => {
    const cases: [Date, boolean, string, Date][] = [
      [daysAgo(80), true, 'active', approvedAt],
      [daysAgo(50), false, 'suspended', suspendedAt],
      [daysAgo(30), true, 'active', reinstatedAt],
      [daysAgo(5), false, 'revoked', revokedAt],
    ];
    for (const [date, active, status, since] of cases) {
      const [answer] = await statusOn(org, date);
      expect({ active: answer.active, status: answer.status }, utcDay(date)).toEqual({ active, status });
      expect(new Date(answer.effective_from ?? 0).getTime()).toBe(since.getTime());
    }
  });

  it('a date is read as the end of that day (UTC): the day of a change answers with the change', async () => {
    expect((await statusOn(org, suspendedAt))[0].status).toBe('suspended');
    expect((await statusOn(org, new Date(suspendedAt.getTime() - DAY)))[0].status).toBe('active');
  });

  it('without a date it answers for now', async () => {
    expect(await statusOn(org)).toMatchObject([{ active: false, status: 'revoked', on_date: utcDay(new Date()) }]);
  });

  it('an unknown organisation has no answer', async () => {
    expect(await statusOn(randomUUID(), daysAgo(1))).toEqual([]);
  });

  it('the profile shows the dated history without reasons, and membership since the approval', async () => {
    const [entry] = await byId(org);
    expect(entry.status_history.map((h) => [h.status, new Date(h.effective_from).getTime()])).toEqual([
      ['active', approvedAt.getTime()],
      ['suspended', suspendedAt.getTime()],
      ['active', reinstatedAt.getTime()],
      ['revoked', revokedAt.getTime()],
    ]);
    expect(new Date(entry.member_since ?? 0).getTime()).toBe(approvedAt.getTime());
    const everything = JSON.stringify([entry, await statusOn(org, daysAgo(50)), await search({ p_status: 'revoked' })]);
    expect(everything).not.toContain('Liveness checks');
    expect(everything).not.toContain('Repeated breaches');
  });
});

describe('change_registry_status', () => {
  let orgAdmin: TestUser;
  let org: string;

  beforeAll(async () => {
    orgAdmin = await newUser('registry-org-admin');
    org = await organisation({ name: `${tag} Status Services` });
    await addMember(org, orgAdmin, 'admin');
  });

  const change = (client: TestUser['client'], args: Record<string, string>) =>
    client.rpc('change_registry_status', { p_organization_id: org, ...args });
  const activity = () =>
    sql<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
      `select action, actor_id, details from public.network_activity where organization_id = $1 and action like 'registry.%' order by id`,
      [org],
    );

  it('nobody but a system administrator changes a status, not even the organisation’s own admin', async () => {
    for (const user of [orgAdmin, outsider]) {
      const refused = await change(user.client, { p_status: 'suspended', p_reason: 'Trying' });
      expectDenied(refused);
    }
    expectDenied(await orgAdmin.client.from('registry_entries').update({ status: 'revoked' }).eq('organization_id', org));
    expect((await byId(org))[0].status).toBe('active');
  });

  it('suspending and revoking need a reason', async () => {
    for (const status of ['suspended', 'revoked']) {
      for (const reason of [undefined, '', '   ']) {
        const result = await change(admin.client, { p_status: status, ...(reason === undefined ? {} : { p_reason: reason }) });
        expect(result.error?.code).toBe('22023');
        expect(result.error?.message).toBe('reason_required');
      }
    }
    expect((await change(admin.client, { p_status: 'suspended', p_reason: 'x'.repeat(2001) })).error?.message).toBe('reason_required_too_long');
  });

  it('refuses dates in the future and before the current status', async () => {
    const future = await change(admin.client, { p_status: 'suspended', p_reason: 'Audit', p_effective_from: new Date(Date.now() + DAY).toISOString() });
    expect(future.error?.message).toBe('effective_date_in_future');
    const before = await change(admin.client, { p_status: 'suspended', p_reason: 'Audit', p_effective_from: daysAgo(365).toISOString() });
    expect(before.error?.message).toBe('effective_date_before_current');
  });

  it('suspends from now, returns the public entry, keeps the reason private and audits it in the administrator’s name', async () => {
    const before = (expectOk(await asAnon().rpc('registry_figures')) as { members: number }).members;
    const entry = expectOk(await change(admin.client, { p_status: 'suspended', p_reason: '  Annual assessment overdue.  ' })) as Entry;
    expect(entry).toMatchObject({ id: org, status: 'suspended' });
    expect(Math.abs(new Date(entry.status_effective_from).getTime() - Date.now())).toBeLessThan(60_000);
    expect(Object.keys(entry).sort()).toEqual(PUBLIC_COLUMNS);
    expect((expectOk(await asAnon().rpc('registry_figures')) as { members: number }).members).toBe(before - 1);

    // The organisation's members read the reason in the history; visitors never do.
    const own = expectOk(await orgAdmin.client.from('registry_status_changes').select('status, reason, recorded_by').eq('organization_id', org).order('id'));
    expect(own).toEqual([
      { status: 'active', reason: null, recorded_by: null },
      { status: 'suspended', reason: 'Annual assessment overdue.', recorded_by: admin.id },
    ]);
    expect(JSON.stringify(await byId(org))).not.toContain('Annual assessment');

    expect((await activity()).at(-1)).toMatchObject({
      action: 'registry.suspended',
      actor_id: admin.id,
      details: { reason: 'Annual assessment overdue.', previous_status: 'active', organization_name: `${tag} Status Services` },
    });
  });

  it('the same status again is refused', async () => {
    expect((await change(admin.client, { p_status: 'suspended', p_reason: 'Again' })).error?.message).toBe('status_unchanged');
  });

  it('reinstates without a reason, audited as a reinstatement; membership continues', async () => {
    const entry = expectOk(await change(admin.client, { p_status: 'active' })) as Entry;
    expect(entry.status).toBe('active');
    expect(entry.status_history.map((h) => h.status)).toEqual(['active', 'suspended', 'active']);
    expect(entry.member_since).toBe(entry.status_history[0].effective_from);
    expect((await activity()).at(-1)).toMatchObject({ action: 'registry.reinstated', actor_id: admin.id, details: { previous_status: 'suspended' } });
  });

  it('revokes with a reason; revoked is final here', async () => {
    expect((expectOk(await change(admin.client, { p_status: 'revoked', p_reason: 'Membership terms breached.' })) as Entry).status).toBe('revoked');
    expect((await activity()).at(-1)).toMatchObject({ action: 'registry.revoked', actor_id: admin.id });
    const again = await change(admin.client, { p_status: 'active' });
    expect(again.error?.code).toBe('P0001');
    expect(again.error?.message).toBe('registry_revoked');
    expect((await byId(org))[0].status).toBe('revoked');
  });

  it('an organisation that was never approved has no registry status to change', async () => {
    const pending = await createOrganization(null, { name: `${tag} Never Approved` });
    const result = await admin.client.rpc('change_registry_status', { p_organization_id: pending, p_status: 'suspended', p_reason: 'x' });
    expect(result.error?.message).toBe('not_in_registry');
    expect(await sql('select 1 from public.registry_entries where organization_id = $1', [pending])).toEqual([]);
  });
});

describe('registry_figures', () => {
  it('counts active members now and the distinct sectors and countries among them', async () => {
    const [expected] = await sql<{ members: number; sectors: number; countries: number }>(
      `select count(*)::int as members, count(distinct o.sector)::int as sectors, count(distinct o.country)::int as countries
         from public.registry_entries e join public.organizations o on o.id = e.organization_id
        where e.status = 'active'`,
    );
    const figures = expectOk(await asAnon().rpc('registry_figures'));
    expect(figures).toEqual(expected);
    // The seed alone has eight active members in six sectors and six countries.
    expect(expected.members).toBeGreaterThanOrEqual(8);
  });
});
