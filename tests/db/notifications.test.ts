import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Notifications (20261127000200_notifications.sql, decision 046): written by
 * the database when the event happens, for exactly the right people; read,
 * marked and chosen by their recipient only.
 */

interface NotificationRow {
  id: number;
  user_id: string;
  organization_id: string | null;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

let sysAdmin: TestUser;

beforeAll(async () => {
  sysAdmin = await newUser('notif-sysadmin');
  await makeSystemAdmin(sysAdmin);
});

/** Every notification the database holds for these people, by recipient, read as the superuser. */
async function notificationsOf(...users: TestUser[]): Promise<Map<string, NotificationRow[]>> {
  const rows = await sql<NotificationRow>(
    'select * from public.notifications where user_id = any($1::uuid[]) order by created_at, id',
    [users.map((u) => u.id)],
  );
  return new Map(users.map((u) => [u.id, rows.filter((r) => r.user_id === u.id)]));
}

async function kindsOf(user: TestUser): Promise<string[]> {
  return (await notificationsOf(user)).get(user.id)!.map((n) => n.kind);
}

/** An organisation with an admin (its creator) and a member, plus another organisation with its own admin. */
async function twoOrganisations(label: string, status: 'pending' | 'approved' = 'pending') {
  const [admin, member, stranger] = await Promise.all([
    newUser(`${label}-admin`, { fullName: `${label} Admin` }),
    newUser(`${label}-member`, { fullName: `${label} Member` }),
    newUser(`${label}-stranger`),
  ]);
  const org = await createOrganization(admin, { status });
  await addMember(org, member);
  const otherOrg = await createOrganization(stranger, { status });
  return { admin, member, stranger, org, otherOrg };
}

describe('the application’s decision', () => {
  it('approval tells every member of the organisation once, and nobody else; the first publication is not told again', async () => {
    const { admin, member, stranger, org } = await twoOrganisations('approve');
    // Joining before the decision is told to the admin; start counting after it.
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id]]);
    expectOk(await sysAdmin.client.rpc('begin_application_review', { p_organization_id: org }));
    expectOk(await sysAdmin.client.rpc('approve_application', { p_organization_id: org }));

    const got = await notificationsOf(admin, member, stranger, sysAdmin);
    for (const user of [admin, member]) {
      expect(got.get(user.id)!.map((n) => [n.kind, n.link, n.organization_id])).toEqual([['application_decided', '/dashboard', org]]);
      expect(got.get(user.id)![0].title).toBe('Your application was approved');
    }
    expect(got.get(stranger.id)).toEqual([]);
    expect(got.get(sysAdmin.id)).toEqual([]);
  });

  it('rejection and a change request tell the members, with the reason and the request', async () => {
    const { admin, member, stranger, org, otherOrg } = await twoOrganisations('reject');
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id]]);
    expectOk(await sysAdmin.client.rpc('request_application_changes', { p_organization_id: org, p_message: 'Please add the registration proof.' }));
    expectOk(await sysAdmin.client.rpc('reject_application', { p_organization_id: otherOrg, p_reason: 'Not a legal entity.' }));

    const got = await notificationsOf(admin, member, stranger);
    for (const user of [admin, member]) {
      const [only, ...rest] = got.get(user.id)!;
      expect(rest).toEqual([]);
      expect(only).toMatchObject({ kind: 'application_changes_requested', link: '/application-pending', organization_id: org });
      expect(only.body).toContain('Please add the registration proof.');
    }
    const [rejected, ...more] = got.get(stranger.id)!;
    expect(more).toEqual([]);
    expect(rejected).toMatchObject({ kind: 'application_decided', title: 'Your application was not approved', organization_id: otherOrg });
    expect(rejected.body).toContain('Not a legal entity.');
  });
});

describe('colleagues joining and leaving', () => {
  it('a new member is announced to the other members, not to themself nor to another organisation', async () => {
    const { admin, member, stranger, org } = await twoOrganisations('join');
    const newcomer = await newUser('join-newcomer', { fullName: 'Nora Newcomer' });
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id]]);
    await addMember(org, newcomer);

    const got = await notificationsOf(admin, member, stranger, newcomer);
    for (const user of [admin, member]) {
      expect(got.get(user.id)!.map((n) => [n.kind, n.link])).toEqual([['colleague_joined', '/dashboard/members']]);
      expect(got.get(user.id)![0].title).toContain('Nora Newcomer');
    }
    expect(got.get(newcomer.id)).toEqual([]);
    expect(got.get(stranger.id)).toEqual([]);
  });

  it('removal tells the remaining members but not the admin who removed, nor the person removed', async () => {
    const { admin, member, stranger, org } = await twoOrganisations('remove');
    const third = await newUser('remove-third');
    await addMember(org, third);
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id, third.id]]);
    expect((await admin.client.rpc('remove_organization_member', { p_organization_id: org, p_user_id: member.id })).error).toBeNull();

    const got = await notificationsOf(admin, member, third, stranger);
    expect(got.get(third.id)!.map((n) => n.kind)).toEqual(['colleague_left']);
    expect(got.get(third.id)![0].title).toContain('remove Member');
    expect(got.get(admin.id)).toEqual([]);
    expect(got.get(member.id)).toEqual([]);
    expect(got.get(stranger.id)).toEqual([]);
  });

  it('leaving tells the remaining members, not the person who left', async () => {
    const { admin, member, org } = await twoOrganisations('leave');
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id]]);
    expect((await member.client.rpc('leave_organization', { p_organization_id: org })).error).toBeNull();
    expect(await kindsOf(admin)).toEqual(['colleague_left']);
    expect(await kindsOf(member)).toEqual([]);
  });

  it('deleting the organisation tells nobody that its members left', async () => {
    const { admin, member, org } = await twoOrganisations('delete-org');
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id]]);
    await sql('delete from public.organizations where id = $1', [org]);
    expect(await kindsOf(admin)).toEqual([]);
    expect(await kindsOf(member)).toEqual([]);
  });
});

describe('an invitation accepted', () => {
  it('tells the inviter (and not as a colleague joining), the other members that a colleague joined, and nobody else', async () => {
    const { admin, member, stranger, org } = await twoOrganisations('invite', 'approved');
    const invitee = await newUser('invite-invitee');
    const sent = expectOk(
      await admin.client.rpc('create_tenant_invitation', { p_organization_id: org, p_email: invitee.email, p_role: 'member' }),
    ) as { token: string };
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id, stranger.id]]);
    const accepted = expectOk(await invitee.client.rpc('accept_tenant_invitation', { p_token: sent.token })) as { success: boolean };
    expect(accepted.success).toBe(true);

    const got = await notificationsOf(admin, member, stranger, invitee);
    expect(got.get(admin.id)!.map((n) => [n.kind, n.link])).toEqual([['invitation_accepted', '/dashboard/members']]);
    expect(got.get(admin.id)![0].title).toContain(invitee.email);
    expect(got.get(member.id)!.map((n) => n.kind)).toEqual(['colleague_joined']);
    expect(got.get(invitee.id)).toEqual([]);
    expect(got.get(stranger.id)).toEqual([]);
  });
});

describe('the registry status', () => {
  it('a suspension and a reinstatement tell every member, without the private reason; nobody else', async () => {
    const { admin, member, stranger, org } = await twoOrganisations('registry', 'approved');
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[admin.id, member.id, stranger.id]]);
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: org, p_status: 'suspended', p_reason: 'Secret breach' }));
    expectOk(await sysAdmin.client.rpc('change_registry_status', { p_organization_id: org, p_status: 'active' }));

    const got = await notificationsOf(admin, member, stranger, sysAdmin);
    for (const user of [admin, member]) {
      const rows = got.get(user.id)!;
      expect(rows.map((n) => n.kind)).toEqual(['registry_status_changed', 'registry_status_changed']);
      expect(rows[0].title).toContain('suspended');
      expect(rows[1].title).toContain('active');
      expect(JSON.stringify(rows)).not.toContain('Secret breach');
    }
    expect(got.get(stranger.id)).toEqual([]);
    expect(got.get(sysAdmin.id)).toEqual([]);
  });
});

describe('nobody writes, forges or reads another’s notifications', () => {
  let owner: TestUser;
  let other: TestUser;
  let ownId: number;

  beforeAll(async () => {
    const made = await twoOrganisations('attack');
    owner = made.admin;
    other = made.stranger;
    await sql('delete from public.notifications where user_id = any($1::uuid[])', [[owner.id, other.id]]);
    await addMember(made.org, await newUser('attack-joiner'));
    [{ id: ownId }] = await sql<{ id: number }>('select id from public.notifications where user_id = $1', [owner.id]);
  });

  const forged = (userId: string) => ({ user_id: userId, kind: 'application_decided', title: 'Approved', body: 'Forged', link: '/dashboard' });

  it('a direct insert is refused, for oneself and for someone else, and nothing is written', async () => {
    expectDenied(await other.client.from('notifications').insert(forged(other.id)));
    expectDenied(await other.client.from('notifications').insert(forged(owner.id)));
    expectDenied(await asAnon().from('notifications').insert(forged(owner.id)));
    expect(await sql('select 1 from public.notifications where body = $1', ['Forged'])).toEqual([]);
  });

  it('nobody updates or deletes a notification directly, not even their own', async () => {
    expectDenied(await other.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', ownId));
    expectDenied(await owner.client.from('notifications').update({ title: 'Changed' }).eq('id', ownId));
    expectDenied(await owner.client.from('notifications').delete().eq('id', ownId));
    const [row] = await sql<NotificationRow>('select * from public.notifications where id = $1', [ownId]);
    expect(row).toMatchObject({ read_at: null, kind: 'colleague_joined' });
  });

  it('marking another’s notification read is refused as not found, and it stays unread', async () => {
    const { error } = await other.client.rpc('mark_notification_read', { p_id: ownId });
    expect(error?.message).toBe('notification_not_found');
    expect((await asAnon().rpc('mark_notification_read', { p_id: ownId })).error).not.toBeNull();
    expect((await asAnon().rpc('mark_all_notifications_read')).error).not.toBeNull();
    const [row] = await sql<NotificationRow>('select read_at from public.notifications where id = $1', [ownId]);
    expect(row.read_at).toBeNull();
  });

  it('another person reads none of them, by table, list or count; visitors read nothing', async () => {
    expectNoRows(await other.client.from('notifications').select('*').eq('id', ownId));
    const listed = expectOk(await other.client.rpc('my_notifications', {})) as NotificationRow[];
    expect(listed.filter((n) => n.user_id !== other.id)).toEqual([]);
    expect(expectOk(await other.client.rpc('unread_notification_count'))).toBe(0);
    expect((await asAnon().from('notifications').select('*')).error?.code).toBe('42501');
    expect((await asAnon().rpc('my_notifications', {})).error).not.toBeNull();
  });
});

describe('reading and marking one’s own', () => {
  let person: TestUser;

  beforeAll(async () => {
    person = await newUser('reader');
    const org = await createOrganization(person);
    // Twelve at one instant and three earlier: the id breaks the tie.
    await sql(
      `insert into public.notifications (user_id, organization_id, kind, title, body, link, created_at)
       select $1, $2, 'colleague_joined', 'Joined ' || g, '', '/dashboard/members',
              case when g <= 3 then timestamptz '2026-01-01' + g * interval '1 hour' else timestamptz '2026-02-01' end
         from generate_series(1, 15) g`,
      [person.id, org],
    );
  });

  it('pages newest first by keyset without repeating or skipping one', async () => {
    const seen: NotificationRow[] = [];
    let before: NotificationRow | undefined;
    for (let page = 0; page < 10; page += 1) {
      const rows = expectOk(
        await person.client.rpc('my_notifications', {
          p_limit: 4,
          ...(before ? { p_before_created_at: before.created_at, p_before_id: before.id } : {}),
        }),
      ) as NotificationRow[];
      if (rows.length === 0) break;
      seen.push(...rows);
      before = rows.at(-1);
    }
    const all = await sql<{ id: string }>('select id from public.notifications where user_id = $1 order by created_at desc, id desc', [person.id]);
    expect(seen.map((n) => Number(n.id))).toEqual(all.map((r) => Number(r.id)));
  });

  it('marks one read (twice is no change), then all; the count and the sections follow', async () => {
    expect(expectOk(await person.client.rpc('unread_notification_count'))).toBe(15);
    const [first] = expectOk(await person.client.rpc('my_notifications', { p_limit: 1 })) as NotificationRow[];
    expect((await person.client.rpc('mark_notification_read', { p_id: first.id })).error).toBeNull();
    const [{ read_at: readAt }] = await sql<{ read_at: Date }>('select read_at from public.notifications where id = $1', [first.id]);
    expect(readAt).not.toBeNull();
    expect((await person.client.rpc('mark_notification_read', { p_id: first.id })).error).toBeNull();
    const [{ read_at: again }] = await sql<{ read_at: Date }>('select read_at from public.notifications where id = $1', [first.id]);
    expect(again).toEqual(readAt);
    expect(expectOk(await person.client.rpc('unread_notification_count'))).toBe(14);

    const unread = expectOk(await person.client.rpc('my_notifications', { p_unread: true, p_limit: 100 })) as NotificationRow[];
    const read = expectOk(await person.client.rpc('my_notifications', { p_unread: false, p_limit: 100 })) as NotificationRow[];
    expect(unread.map((n) => n.id)).not.toContain(first.id);
    expect(unread).toHaveLength(14);
    expect(read.map((n) => n.id)).toEqual([first.id]);

    expect(expectOk(await person.client.rpc('mark_all_notifications_read'))).toBe(14);
    expect(await person.client.rpc('unread_notification_count')).toMatchObject({ data: 0, error: null });
    expect(expectOk(await person.client.rpc('my_notifications', { p_unread: true }))).toEqual([]);
  });
});

describe('e-mail preferences', () => {
  it('each person sets and reads only their own; the choice decides whether the e-mail is queued', async () => {
    const { admin, member, stranger, org } = await twoOrganisations('prefs');
    const defaults = expectOk(await member.client.rpc('my_notification_preferences')) as { kind: string; email: boolean; is_default: boolean }[];
    expect(defaults.find((p) => p.kind === 'colleague_joined')).toEqual({ kind: 'colleague_joined', email: false, is_default: true });
    expect(defaults.find((p) => p.kind === 'registry_status_changed')).toEqual({ kind: 'registry_status_changed', email: true, is_default: true });

    expect((await member.client.rpc('set_notification_preference', { p_kind: 'colleague_joined', p_email: true })).error).toBeNull();
    expect((await admin.client.rpc('set_notification_preference', { p_kind: 'colleague_joined', p_email: false })).error).toBeNull();
    const mine = expectOk(await member.client.rpc('my_notification_preferences')) as { kind: string; email: boolean; is_default: boolean }[];
    expect(mine.find((p) => p.kind === 'colleague_joined')).toEqual({ kind: 'colleague_joined', email: true, is_default: false });

    // Attacks: writing or reading someone else's choice.
    expectDenied(await stranger.client.from('notification_preferences').insert({ user_id: member.id, kind: 'colleague_joined', email: false }));
    expectDenied(await stranger.client.from('notification_preferences').update({ email: false }).eq('user_id', member.id));
    expectNoRows(await stranger.client.from('notification_preferences').select('*').eq('user_id', member.id));
    expect((await asAnon().rpc('set_notification_preference', { p_kind: 'colleague_joined', p_email: true })).error).not.toBeNull();
    const [stored] = await sql<{ email: boolean }>('select email from public.notification_preferences where user_id = $1 and kind = $2', [member.id, 'colleague_joined']);
    expect(stored.email).toBe(true);

    const newcomer = await newUser('prefs-newcomer');
    await addMember(org, newcomer);
    const queued = await sql<{ user_id: string }>(
      `select n.user_id from private.notification_emails e join public.notifications n on n.id = e.notification_id
        where n.kind = 'colleague_joined' and n.organization_id = $1`,
      [org],
    );
    expect(queued.map((r) => r.user_id)).toEqual([member.id]);
  });
});
