import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The member home's RPCs (20261125000400_member-home.sql, decision 034): its
 * summary and the organisation's own activity, for its members only.
 */

interface ActivityRow {
  id: number;
  occurred_at: string;
  action: string;
  details: Record<string, unknown>;
}

let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let sysAdmin: TestUser;
let org: string;
let otherOrg: string;

beforeAll(async () => {
  [admin, member, outsider, sysAdmin] = await Promise.all([
    newUser('home-admin'),
    newUser('home-member'),
    newUser('home-outsider'),
    newUser('home-sysadmin'),
  ]);
  await makeSystemAdmin(sysAdmin);
  org = await createOrganization(admin, { status: 'approved' });
  await addMember(org, member);
  otherOrg = await createOrganization(outsider, { status: 'approved' });
  expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: otherOrg, p_status: 'suspended', p_reason: 'Other secret' }));
  expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: org, p_status: 'suspended', p_reason: 'Private reason' }));
});

describe('organization_activity', () => {
  it('gives the organisation’s members its own entries, newest first, without the private reason', async () => {
    for (const user of [admin, member]) {
      const rows = expectOk(await user.client.rpc('organization_activity', { p_organization_id: org })) as ActivityRow[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0].action).toBe('registry.suspended');
      expect(JSON.stringify(rows)).not.toContain('Private reason');
      expect(JSON.stringify(rows)).not.toContain('Other secret');
      const ids = await sql<{ id: string }>('select id from public.network_activity where organization_id = $1', [org]);
      const own = new Set(ids.map((r) => Number(r.id)));
      for (const row of rows) expect(own.has(Number(row.id))).toBe(true);
    }
  });

  it('pages by keyset: the next page starts after the last row and never repeats one', async () => {
    const first = expectOk(await admin.client.rpc('organization_activity', { p_organization_id: org, p_limit: 1 })) as ActivityRow[];
    expect(first).toHaveLength(1);
    const next = expectOk(
      await admin.client.rpc('organization_activity', {
        p_organization_id: org,
        p_limit: 50,
        p_before_occurred_at: first[0].occurred_at,
        p_before_id: first[0].id,
      }),
    ) as ActivityRow[];
    expect(next.map((r) => r.id)).not.toContain(first[0].id);
  });

  describe('walked page by page with the cursor', () => {
    // Both organisations' entries interleaved in time, three of them at one instant (the id breaks the tie).
    beforeAll(async () => {
      for (let i = 0; i < 12; i += 1) {
        const at = new Date(Date.UTC(2026, 0, 1 + Math.min(i, 9)));
        for (const [target, reason] of [[org, `Walk reason ${i}`], [otherOrg, `Other walk ${i}`]] as const) {
          await sql(
            `insert into public.network_activity (occurred_at, actor_id, action, organization_id, details) values ($1, $2, 'organization.updated', $3, $4)`,
            [at, sysAdmin.id, target, { reason, step: i }],
          );
        }
      }
    });

    const page = async (user: TestUser, target: string, before?: ActivityRow) =>
      user.client.rpc('organization_activity', {
        p_organization_id: target,
        p_limit: 3,
        ...(before ? { p_before_occurred_at: before.occurred_at, p_before_id: before.id } : {}),
      });

    it('gives a plain member every own entry once, each page older than the last, and never another organisation’s', async () => {
      const walked: ActivityRow[] = [];
      let pages = 0;
      for (let last: ActivityRow | undefined; ; pages += 1) {
        const rows = expectOk(await page(member, org, last)) as ActivityRow[];
        if (last && rows.length > 0) {
          // Strictly older than the cursor, by (occurred_at, id).
          const [t0, t1] = [Date.parse(last.occurred_at), Date.parse(rows[0].occurred_at)];
          expect(t1 < t0 || (t1 === t0 && Number(rows[0].id) < Number(last.id))).toBe(true);
        }
        walked.push(...rows);
        if (rows.length < 3) break;
        last = rows.at(-1);
      }
      expect(pages).toBeGreaterThan(3);
      const own = await sql<{ id: string }>(
        'select id from public.network_activity where organization_id = $1 order by occurred_at desc, id desc',
        [org],
      );
      expect(walked.map((r) => Number(r.id))).toEqual(own.map((r) => Number(r.id)));
      expect(JSON.stringify(walked)).not.toMatch(/Other walk|Walk reason|Private reason|Other secret/);
      expect(walked.filter((r) => r.details.step !== undefined)).toHaveLength(12);
    });

    it('still refuses another organisation’s admin, a visitor and a member asking for the other organisation, with a cursor', async () => {
      const [cursor] = expectOk(await page(member, org)) as ActivityRow[];
      const fromOutsider = await page(outsider, org, cursor);
      expect(fromOutsider.error).toMatchObject({ code: '42501', message: 'not_organization_member' });
      expect(fromOutsider.data).toBeNull();
      const sideways = await page(member, otherOrg, cursor);
      expect(sideways.error).toMatchObject({ code: '42501', message: 'not_organization_member' });
      expect(sideways.data).toBeNull();
      const anon = await asAnon().rpc('organization_activity', { p_organization_id: org, p_before_occurred_at: cursor.occurred_at, p_before_id: cursor.id });
      expect(anon.error?.code).toBe('42501');
      expect(anon.data).toBeNull();
    });

    it('refuses half a cursor', async () => {
      const half = await member.client.rpc('organization_activity', { p_organization_id: org, p_before_id: 1 });
      expect(half.error).toMatchObject({ code: '22023', message: 'invalid_cursor' });
    });
  });

  it('refuses another organisation’s member and returns nothing', async () => {
    const tried = await outsider.client.rpc('organization_activity', { p_organization_id: org });
    expect(tried.error).toMatchObject({ code: '42501', message: 'not_organization_member' });
    expect(tried.data).toBeNull();
  });

  it('refuses visitors', async () => {
    const tried = await asAnon().rpc('organization_activity', { p_organization_id: org });
    expect(tried.error?.code).toBe('42501');
    expect(tried.data).toBeNull();
  });

  it('lets a system administrator read it (they read the whole trail anyway)', async () => {
    const rows = expectOk(await sysAdmin.client.rpc('organization_activity', { p_organization_id: org })) as ActivityRow[];
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('member_home', () => {
  it('summarises the organisation for its members, suspended since the change', async () => {
    const home = expectOk(await member.client.rpc('member_home', { p_organization_id: org })) as Record<string, unknown>;
    expect(home).toMatchObject({ registry_status: 'suspended', team_size: 2, pending_invitations: 0, has_logo: false });
    expect(home.member_since).toEqual(expect.any(String));
  });

  it('refuses another organisation’s member and visitors', async () => {
    const tried = await outsider.client.rpc('member_home', { p_organization_id: org });
    expect(tried.error).toMatchObject({ code: '42501', message: 'not_organization_member' });
    expect((await asAnon().rpc('member_home', { p_organization_id: org })).error?.code).toBe('42501');
  });
});
