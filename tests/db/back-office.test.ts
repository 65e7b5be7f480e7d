import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The back office's tenants and activity log
 * (supabase/migrations/20261125000200_back-office-queries.sql,
 * docs/decisions/031-back-office-queries-at-scale.md): who may call each RPC,
 * that filters and keyset paging return the right rows with no duplicate or
 * gap, the CSV export, and that the privileged writes that left no trace
 * before are now in network_activity.
 */

// Folded names start with the tag, so a search for it finds only this file's organisations.
const tag = `zq${randomUUID().slice(0, 6)}`;

interface Tenant {
  id: string;
  name: string;
  country: string | null;
  sector: string | null;
  status: string;
  member_count: number;
  pending_change_request: boolean;
  created_at: string;
}

interface Activity {
  id: number;
  occurred_at: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  organization_id: string | null;
  organization_name: string | null;
  subject_user_id: string | null;
  subject_email: string | null;
  details: Record<string, unknown>;
}

let admin: TestUser;
let orgAdmin: TestUser;
let plainMember: TestUser;
let memberOrgId: string;

beforeAll(async () => {
  admin = await newUser('back-office-admin', { fullName: 'Back Office Admin' });
  await makeSystemAdmin(admin);
  orgAdmin = await newUser('back-office-org-admin');
  plainMember = await newUser('back-office-member');
  memberOrgId = await createOrganization(orgAdmin, { status: 'approved', name: `${tag} Members Org` });
  await addMember(memberOrgId, plainMember);
});

const allOf = (names: Tenant[]) => names.map((t) => t.name);

describe('who may call the back-office RPCs', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['admin_list_tenants', { p_search: tag }],
    ['admin_network_activity', {}],
    ['admin_network_activity_export', {}],
  ];

  it.each(calls)('%s: a system administrator may', async (fn, args) => {
    expectOk(await admin.client.rpc(fn, args));
  });

  it.each(calls)('%s: an organisation admin, a plain member and a visitor may not', async (fn, args) => {
    for (const client of [orgAdmin.client, plainMember.client, asAnon()]) {
      const result = await client.rpc(fn, args);
      expect(result.data).toBeNull();
      expect(result.error?.code).toBe('42501');
    }
  });

  it('admin_tenant_detail: only a system administrator sees an organisation, even its own admin does not', async () => {
    expectOk(await admin.client.rpc('admin_tenant_detail', { p_organization_id: memberOrgId }));
    for (const client of [orgAdmin.client, plainMember.client, asAnon()]) {
      const result = await client.rpc('admin_tenant_detail', { p_organization_id: memberOrgId });
      expect(result.data).toBeNull();
      expect(result.error?.code).toBe('42501');
    }
  });
});

describe('admin_list_tenants', () => {
  // name → [status, sector, country, registration number, website]. Not NL: tests/db/api-guide.test.ts counts the seed's active Dutch members.
  const specs: [string, string | null, string, string, string, string][] = [
    ['Alpha', 'approved', 'education', 'MT', 'AA1', 'alpha'],
    ['Bravo', 'approved', 'healthcare', 'BE', 'BB1', 'bravo'],
    ['Charlie', 'pending', 'education', 'MT', 'CC1', 'charlie'],
    ['Delta', 'under_review', 'legal', 'DE', 'DD1', 'delta'],
    ['Echo', 'rejected', 'education', 'FR', 'EE1', 'echo'],
    ['Foxtrot', 'approved', 'education', 'MT', 'FF1', 'foxtrot'],
    ['Golf', null, 'retail', 'MT', 'GG1', 'golf'],
    ['Hôtel', 'approved', 'travel', 'FR', 'HH1', 'hotel'],
    ['India', 'pending', 'education', 'MT', 'II1', 'india'],
    ['Juliett', 'approved', 'education', 'MT', 'JJ1', 'juliett'],
    ['Kilo', 'approved', 'legal', 'LU', 'KK1', 'kilo'],
  ];
  const ids = new Map<string, string>();
  const search = async (args: Record<string, unknown>) =>
    expectOk(await admin.client.rpc('admin_list_tenants', { p_search: tag, ...args })) as Tenant[];

  beforeAll(async () => {
    for (const [label, status, sector, country, number, site] of specs) {
      const id = await createOrganization(null, { status: status as 'approved' | null, name: `${tag} ${label}` });
      ids.set(label, id);
      // Registered facts are locked: the fixture says why, as an operator would (recorded in the trail).
      await sql(
        `begin; set local accord.registered_facts_change = 'operator: test fixture';
         update public.organizations set sector = '${sector}', country = '${country}',
                registration_number = '${tag.toUpperCase()}${number}', website = 'https://www.${site}-${tag}.example'
          where id = '${id}';
         commit;`,
      );
    }
    // Foxtrot is suspended, Kilo revoked.
    await sql(`update public.registry_entries set status = 'suspended' where organization_id = $1`, [ids.get('Foxtrot')]);
    await sql(`update public.registry_entries set status = 'revoked' where organization_id = $1`, [ids.get('Kilo')]);
  });

  it('searches the start of the name (accents and case ignored), the registration number and the domain', async () => {
    const all = await search({});
    expect(allOf(all)).toEqual([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`, `${tag} Delta`, `${tag} Echo`, `${tag} Foxtrot`,
      `${tag} Golf`, `${tag} Hôtel`, `${tag} India`, `${tag} Juliett`, `${tag} Kilo`, `${tag} Members Org`]);
    expect(allOf(await search({ p_search: `${tag.toUpperCase()} HOTEL` }))).toEqual([`${tag} Hôtel`]);
    expect(allOf(await search({ p_search: `${tag}DD` }))).toEqual([`${tag} Delta`]);
    expect(allOf(await search({ p_search: `https://WWW.kilo-${tag}.example/about` }))).toEqual([`${tag} Kilo`]);
    expect(allOf(await search({ p_search: `echo-${tag}` }))).toEqual([`${tag} Echo`]);
    // LIKE's wildcards are literal.
    expect(await search({ p_search: `${tag}%` })).toEqual([]);
    expect(await search({ p_search: `${tag.slice(0, 3)}_` })).toEqual([]);
  });

  it('filters by status (registry, else application), sector and country, and combines them', async () => {
    const names = async (args: Record<string, unknown>) => allOf(await search(args)).map((n) => n.slice(tag.length + 1));
    expect(await names({ p_status: 'active' })).toEqual(['Alpha', 'Bravo', 'Hôtel', 'Juliett', 'Members Org']);
    expect(await names({ p_status: 'suspended' })).toEqual(['Foxtrot']);
    expect(await names({ p_status: 'revoked' })).toEqual(['Kilo']);
    expect(await names({ p_status: 'pending' })).toEqual(['Charlie', 'India']);
    expect(await names({ p_status: 'under_review' })).toEqual(['Delta']);
    expect(await names({ p_status: 'rejected' })).toEqual(['Echo']);
    expect(await names({ p_status: 'none' })).toEqual(['Golf']);
    expect(await names({ p_sector: 'education', p_country: 'mt' })).toEqual(['Alpha', 'Charlie', 'Foxtrot', 'India', 'Juliett']);
    expect(await names({ p_sector: 'education', p_country: 'MT', p_status: 'active' })).toEqual(['Alpha', 'Juliett']);
  });

  it('returns what the list shows: status, member count, a pending change request, created', async () => {
    await sql(
      `insert into public.organization_change_requests (organization_id, previous_values, proposed_values, reason)
       values ($1, '{"name": "x"}', '{"name": "y"}', 'rename')`,
      [memberOrgId],
    );
    const [row] = await search({ p_search: `${tag} members` });
    expect(row).toMatchObject({ id: memberOrgId, status: 'active', member_count: 2, pending_change_request: true });
    expect(new Date(row.created_at).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    const [golf] = await search({ p_search: `${tag} golf` });
    expect(golf).toMatchObject({ status: 'none', member_count: 0, pending_change_request: false, country: 'MT', sector: 'retail' });
  });

  it.each(['name', 'created_desc', 'created_asc'])('pages by keyset sorted by %s with no duplicate or gap', async (sort) => {
    const whole = await search({ p_sort: sort, p_limit: 200 });
    expect(whole).toHaveLength(12);
    const paged: Tenant[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Tenant[] = await search({ p_sort: sort, p_limit: 5, p_after: after });
      paged.push(...page);
      if (page.length < 5) break;
      after = page.at(-1)!.id;
    }
    expect(paged.map((t) => t.id)).toEqual(whole.map((t) => t.id));
    expect(new Set(paged.map((t) => t.id)).size).toBe(12);
    if (sort !== 'name') {
      const times = whole.map((t) => new Date(t.created_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => (sort === 'created_desc' ? b - a : a - b)));
    }
  });

  it('names bad sorts, statuses and cursors', async () => {
    for (const [args, message] of [
      [{ p_sort: 'size' }, 'invalid_sort'],
      [{ p_status: 'approved' }, 'invalid_status'],
      [{ p_after: randomUUID() }, 'cursor_not_found'],
    ] as const) {
      const result = await admin.client.rpc('admin_list_tenants', args);
      expect(result.error?.code).toBe('22023');
      expect(result.error?.message).toBe(message);
    }
  });
});

describe('the indexes behind the list', () => {
  it('can be computed by everyone who writes an organisation (its admins, server code)', async () => {
    // A non-HOT update recomputes every index expression as the writer.
    const [grants] = await sql<{ authenticated: boolean; service_role: boolean; anon: boolean }>(
      `select has_function_privilege('authenticated', 'private.search_fold(text)', 'execute') as authenticated,
              has_function_privilege('service_role', 'private.search_fold(text)', 'execute') as service_role,
              has_function_privilege('anon', 'private.search_fold(text)', 'execute') as anon`,
    );
    expect(grants).toEqual({ authenticated: true, service_role: true, anon: false });
    const rows = expectOk(
      await orgAdmin.client.from('organizations').update({ description: 'x'.repeat(900) }).eq('id', memberOrgId).select('description'),
    );
    expect(rows).toHaveLength(1);
  });
});

describe('admin_tenant_detail', () => {
  it('holds the profile, members, application and registry history, change requests and the open invitations', async () => {
    const invitee = `${tag}.pending-invitee@db-tests.accord.test`;
    expectOk(await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: memberOrgId, p_email: invitee, p_role: 'member' }));
    const revokedInvitee = `${tag}.revoked-invitee@db-tests.accord.test`;
    expectOk(await orgAdmin.client.rpc('create_tenant_invitation', { p_organization_id: memberOrgId, p_email: revokedInvitee, p_role: 'admin' }));
    await sql('update public.tenant_invitations set revoked_at = now(), revoked_by = $2 where email = $1', [revokedInvitee, orgAdmin.id]);
    const detail = expectOk(await admin.client.rpc('admin_tenant_detail', { p_organization_id: memberOrgId })) as Record<string, unknown> & {
      organization: { id: string; name: string };
      members: { user_id: string; email: string; role: string }[];
      application_history: { type: string }[];
      registry_history: { status: string }[];
      change_requests: { status: string; reason: string }[];
    };
    expect(detail.organization).toMatchObject({ id: memberOrgId, name: `${tag} Members Org` });
    expect(detail.status).toBe('active');
    expect(detail.registry).toMatchObject({ status: 'active' });
    expect(detail.members.map((m) => [m.email, m.role])).toEqual([
      [orgAdmin.email, 'admin'],
      [plainMember.email, 'member'],
    ]);
    expect(detail.application_history.map((e) => e.type)).toEqual(['submitted', 'approved']);
    expect(detail.registry_history.map((e) => e.status)).toEqual(['active']);
    expect(detail.change_requests.map((c) => [c.status, c.reason])).toEqual([['pending', 'rename']]);
    expect(detail.pending_invitations).toEqual([
      {
        id: expect.any(String),
        email: invitee,
        role: 'member',
        invited_by: orgAdmin.id,
        invited_by_email: orgAdmin.email,
        expires_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
  });

  it('names an unknown organisation', async () => {
    const result = await admin.client.rpc('admin_tenant_detail', { p_organization_id: randomUUID() });
    expect(result.error?.message).toBe('organization_not_found');
  });
});

describe('admin_network_activity', () => {
  // An organisation of the trail only (no row), so the filters see exactly these entries.
  const orgId = randomUUID();
  const actions = ['registry.suspended', 'registry.reinstated', 'organization.updated', 'registry.suspended', 'application.approved',
    'registry.revoked', 'organization.updated'];
  const base = Date.parse('2026-03-01T00:00:00Z');
  const list = async (args: Record<string, unknown>) =>
    expectOk(await admin.client.rpc('admin_network_activity', { p_organization_id: orgId, ...args })) as Activity[];

  beforeAll(async () => {
    // Two entries share a timestamp: the id breaks the tie in the keyset.
    for (const [i, action] of actions.entries()) {
      await sql(
        `insert into public.network_activity (occurred_at, actor_id, action, organization_id, details)
         values ($1, $2, $3, $4, $5)`,
        [
          new Date(base + Math.min(i, 5) * 86_400_000),
          i % 2 === 0 ? admin.id : null,
          action,
          orgId,
          { organization_name: i === 6 ? '=HYPERLINK("https://evil.example","x")' : `${tag} Gone`, reason: i === 0 ? 'Audit, "overdue"\nsee the report' : null },
        ],
      );
    }
  });

  it('lists newest first with the actor\'s e-mail and name and the organisation\'s name', async () => {
    const rows = await list({});
    expect(rows.map((r) => r.action)).toEqual([...actions].reverse());
    expect(rows.at(-1)).toMatchObject({ actor_id: admin.id, actor_email: admin.email, organization_name: `${tag} Gone` });
    const times = rows.map((r) => Date.parse(r.occurred_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by action, namespace, actor and date range', async () => {
    expect((await list({ p_action: 'registry.suspended' })).map((r) => r.action)).toEqual(['registry.suspended', 'registry.suspended']);
    expect((await list({ p_action: 'registry' })).map((r) => r.action)).toEqual(['registry.revoked', 'registry.suspended', 'registry.reinstated', 'registry.suspended']);
    expect((await list({ p_actor_id: admin.id })).every((r) => r.actor_id === admin.id)).toBe(true);
    expect(await list({ p_actor_id: admin.id })).toHaveLength(4);
    const ranged = await list({ p_from: new Date(base + 86_400_000).toISOString(), p_to: new Date(base + 3 * 86_400_000).toISOString() });
    expect(ranged.map((r) => r.action)).toEqual(['organization.updated', 'registry.reinstated']);
    const bad = await admin.client.rpc('admin_network_activity', { p_action: "x' or 1=1 --" });
    expect(bad.error?.message).toBe('invalid_action');
  });

  it('pages by keyset on (occurred_at, id) with no duplicate or gap, ties included', async () => {
    const whole = await list({});
    const paged: Activity[] = [];
    let cursor: { p_before_occurred_at: string; p_before_id: number } | Record<string, never> = {};
    for (;;) {
      const page = await list({ ...cursor, p_limit: 2 });
      paged.push(...page);
      if (page.length < 2) break;
      cursor = { p_before_occurred_at: page.at(-1)!.occurred_at, p_before_id: page.at(-1)!.id };
    }
    expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    const half = await admin.client.rpc('admin_network_activity', { p_before_id: 1 });
    expect(half.error?.message).toBe('invalid_cursor');
  });

  it('steps back newer by keyset from any row, newest first, meeting the older pages exactly, ties included', async () => {
    const whole = await list({});
    // From the oldest row upwards, two at a time: each page is the two just above the cursor.
    const pages: Activity[][] = [];
    let cursor = whole.at(-1)!;
    for (;;) {
      const page = await list({ p_after_occurred_at: cursor.occurred_at, p_after_id: cursor.id, p_limit: 2 });
      if (page.length === 0) break;
      pages.push(page);
      const times = page.map((r) => Date.parse(r.occurred_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      cursor = page[0]!;
    }
    expect(pages.reverse().flat().map((r) => r.id)).toEqual(whole.slice(0, -1).map((r) => r.id));
    // Older then Newer comes back to the same page.
    const second = await list({ p_before_occurred_at: whole[1]!.occurred_at, p_before_id: whole[1]!.id, p_limit: 2 });
    const back = await list({ p_after_occurred_at: second[0]!.occurred_at, p_after_id: second[0]!.id, p_limit: 2 });
    expect(back.map((r) => r.id)).toEqual(whole.slice(0, 2).map((r) => r.id));
    // The filters hold on the way back too.
    const suspended = await list({ p_action: 'registry.suspended', p_after_occurred_at: whole.at(-1)!.occurred_at, p_after_id: whole.at(-1)!.id });
    expect(suspended.map((r) => r.action)).toEqual(['registry.suspended']);
  });

  it('refuses half a newer cursor, both directions at once, and anyone but a system administrator', async () => {
    const [row] = await list({ p_limit: 1 });
    expect((await admin.client.rpc('admin_network_activity', { p_after_id: 1 })).error?.message).toBe('invalid_cursor');
    const both = await admin.client.rpc('admin_network_activity', {
      p_before_occurred_at: row!.occurred_at, p_before_id: row!.id, p_after_occurred_at: row!.occurred_at, p_after_id: row!.id,
    });
    expect(both.error?.message).toBe('invalid_cursor');
    const args = { p_organization_id: orgId, p_after_occurred_at: '2000-01-01T00:00:00Z', p_after_id: 0 };
    const asMember = await orgAdmin.client.rpc('admin_network_activity', args);
    expect(asMember.error?.code).toBe('42501');
    expect(asMember.data).toBeNull();
    const anon = await asAnon().rpc('admin_network_activity', args);
    expect(anon.error?.code).toBe('42501');
    expect(anon.data).toBeNull();
  });

  it('exports the filtered rows as CSV, cells a spreadsheet would run as a formula neutralised', async () => {
    const result = await admin.client
      .rpc('admin_network_activity_export', { p_organization_id: orgId, p_action: 'organization' })
      .csv();
    expect(result.error).toBeNull();
    const csv = result.data as unknown as string;
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('id,occurred_at,action,actor_email,actor_name,organization_id,organization_name,subject_email,reason,details');
    expect(lines).toHaveLength(3);
    // PostgREST quotes a cell holding a space, comma or quote, and doubles its quotes.
    expect(lines[1]).toContain(`,organization.updated,${admin.email},"Back Office Admin",${orgId},"'=HYPERLINK(""https://evil.example"",""x"")",`);
    expect(lines[1]).not.toMatch(/,"?=HYPERLINK/);
    expect(lines[2]).toContain(`,organization.updated,${admin.email},"Back Office Admin",${orgId},"${tag} Gone",`);

    const reasons = await admin.client.rpc('admin_network_activity_export', { p_organization_id: orgId, p_action: 'registry.suspended' }).csv();
    // One line per row: the reason's line break is a space in its cell (the details keep it, JSON-escaped).
    expect(reasons.data as unknown as string).toContain('"Audit, ""overdue"" see the report"');
    expect((reasons.data as unknown as string).trim().split('\n')).toHaveLength(3);
  });
});

describe('privileged writes that left no trace are in network_activity', () => {
  const trail = async (action: string, subject: string) =>
    sql<{ actor_id: string | null; organization_id: string | null; subject_user_id: string | null; details: Record<string, unknown> }>(
      'select actor_id, organization_id, subject_user_id, details from public.network_activity where action = $1 and (subject_user_id = $2 or organization_id = $2) order by id',
      [action, subject],
    );

  it('granting and revoking a system administrator', async () => {
    const grantee = await newUser('back-office-grantee');
    expectOk(await admin.client.from('system_admins').insert({ user_id: grantee.id }).select());
    expect(await trail('system_admin.granted', grantee.id)).toMatchObject([{ actor_id: admin.id, subject_user_id: grantee.id, details: { subject_email: grantee.email } }]);
    expectOk(await admin.client.from('system_admins').delete().eq('user_id', grantee.id).select());
    expect(await trail('system_admin.revoked', grantee.id)).toMatchObject([{ actor_id: admin.id }]);
  });

  it("changing an investor's level, with the old and new values", async () => {
    const investor = await newUser('back-office-investor');
    expectOk(await admin.client.from('investor_access').insert({ user_id: investor.id, level: 'lite' }).select());
    expectOk(await admin.client.from('investor_access').update({ level: 'data_room' }).eq('user_id', investor.id).select());
    const [changed] = await trail('investor_access.changed', investor.id);
    expect(changed).toMatchObject({ actor_id: admin.id, details: { changes: { level: { from: 'lite', to: 'data_room' } } } });
  });

  it('adding, re-roling and removing a member, and deleting an organisation', async () => {
    const orgId = await createOrganization(null, { status: 'pending', name: `${tag} Deleted Org` });
    const person = await newUser('back-office-person');
    // An organisation always keeps an admin (20261125000100), so someone else holds the role while person comes and goes.
    const keeper = await newUser('back-office-keeper');
    expectOk(await admin.client.from('organization_members').insert({ organization_id: orgId, user_id: keeper.id, role: 'admin' }).select());
    expectOk(await admin.client.from('organization_members').insert({ organization_id: orgId, user_id: person.id }).select());
    expectOk(await admin.client.from('organization_members').update({ role: 'admin' }).eq('user_id', person.id).select());
    expectOk(await admin.client.from('organization_members').delete().eq('user_id', person.id).select());
    expect(await trail('organization_member.added', person.id)).toMatchObject([{ actor_id: admin.id, organization_id: orgId }]);
    expect(await trail('organization_member.role_changed', person.id)).toMatchObject([
      { details: { changes: { role: { from: 'member', to: 'admin' } }, organization_name: `${tag} Deleted Org` } },
    ]);
    expect(await trail('organization_member.removed', person.id)).toHaveLength(1);
    expectOk(await admin.client.from('organizations').delete().eq('id', orgId).select());
    expect(await trail('organization.deleted', orgId)).toMatchObject([{ actor_id: admin.id, details: { organization_name: `${tag} Deleted Org` } }]);
  });

  it("an administrator editing someone else's name (but not a person editing their own)", async () => {
    const person = await newUser('back-office-renamed');
    expectOk(await person.client.from('profiles').update({ full_name: 'Own Choice' }).eq('id', person.id).select());
    expect(await trail('profile.updated', person.id)).toEqual([]);
    expectOk(await admin.client.from('profiles').update({ full_name: 'Admin Choice' }).eq('id', person.id).select());
    expect(await trail('profile.updated', person.id)).toMatchObject([
      { actor_id: admin.id, details: { changes: { full_name: { from: 'Own Choice', to: 'Admin Choice' } } } },
    ]);
  });

  it('sending and revoking an admin invitation, without its token hash', async () => {
    const email = `${tag}.invitee@db-tests.accord.test`;
    expectOk(await admin.client.rpc('create_admin_invitation', { p_email: email }));
    const rows = await sql<{ action: string; details: Record<string, unknown> }>(
      `select action, details from public.network_activity where action like 'admin_invitation.%' and details -> 'record' ->> 'email' = $1 order by id`,
      [email],
    );
    expect(rows.map((r) => r.action)).toContain('admin_invitation.sent');
    expect(JSON.stringify(rows)).not.toContain('token_hash');
    // The invitation itself exists once, and the trail names it by its id.
    const [invitation] = await sql<{ id: string }>('select id from public.admin_invitations where email = $1', [email]);
    expect(rows.find((r) => r.action === 'admin_invitation.sent')?.details).toMatchObject({ record: { id: invitation.id } });
  });

  it('the creator joining at onboarding is the application, not a second entry', async () => {
    expect(await trail('organization_member.added', orgAdmin.id)).toEqual([]);
  });
});

describe('suspending and reinstating, as the back office sees it', () => {
  it('a backdated suspension with its reason is in the list, the detail, the registry for that date and the trail', async () => {
    const orgId = await createOrganization(null, { status: 'approved', name: `${tag} Suspended Org` });
    // Approved two days ago, so a suspension may start yesterday.
    await sql(`update public.registry_entries set effective_from = now() - interval '2 days' where organization_id = $1`, [orgId]);
    await sql(`update public.registry_status_changes set effective_from = now() - interval '2 days' where organization_id = $1`, [orgId]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expectOk(
      await admin.client.rpc('change_registry_status', {
        p_organization_id: orgId,
        p_status: 'suspended',
        p_reason: 'Annual assessment overdue',
        p_effective_from: yesterday,
      }),
    );

    const [listed] = expectOk(await admin.client.rpc('admin_list_tenants', { p_search: `${tag} suspended`, p_status: 'suspended' })) as Tenant[];
    expect(listed).toMatchObject({ id: orgId, status: 'suspended' });
    const detail = expectOk(await admin.client.rpc('admin_tenant_detail', { p_organization_id: orgId })) as {
      registry_history: { status: string; reason: string | null; recorded_by_email: string | null }[];
    };
    expect(detail.registry_history.at(-1)).toMatchObject({ status: 'suspended', reason: 'Annual assessment overdue', recorded_by_email: admin.email });
    const [onYesterday] = expectOk(
      await asAnon().rpc('registry_status_on', { p_organization_id: orgId, p_date: yesterday.slice(0, 10) }),
    ) as { status: string }[];
    expect(onYesterday.status).toBe('suspended');

    const [entry] = expectOk(await admin.client.rpc('admin_network_activity', { p_organization_id: orgId, p_action: 'registry.suspended' })) as Activity[];
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      organization_name: `${tag} Suspended Org`,
      details: { reason: 'Annual assessment overdue', previous_status: 'active' },
    });
    expect(Date.parse(String(entry.details.effective_from))).toBe(Date.parse(yesterday));
  });
});
