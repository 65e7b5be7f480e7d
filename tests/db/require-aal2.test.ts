import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { pdfBytes } from '../support/storage-files.ts';
import { asServiceRole, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * The back office and the data room need aal2 from anyone with a verified
 * second factor, and the database says so, not only the app's guards
 * (supabase/migrations/20261126000300_require-aal2.sql,
 * docs/decisions/043-aal2-in-the-database.md).
 *
 * Each person with a factor has two sessions: `aal2`, the one that verified
 * the code, and `aal1`, a later sign-in with the password alone, as an
 * attacker holding only the first factor would have. The aal1 session is
 * refused with 42501 aal2_required (RPCs) or sees and changes nothing
 * (tables, storage), and nothing changes; the aal2 session is let through.
 */

interface Person extends TestUser {
  aal1: SupabaseClient;
}

/** A user with a verified TOTP factor: `client` at aal2 (it verified), `aal1` a password-only sign-in after it. */
async function withFactor(label: string, arrange: (user: TestUser) => Promise<unknown> = async () => undefined): Promise<Person> {
  const user = await newUser(label);
  await arrange(user);
  await enrolVerifiedTotp(user.client);
  return { ...user, aal1: await signInAgain(user) };
}

async function aalOf(client: SupabaseClient): Promise<string | undefined> {
  const { data } = await client.auth.getSession();
  const payload = data.session?.access_token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aal?: string }).aal;
}

function expectAal2Required(result: { data: unknown; error: { code?: string; message: string } | null }): void {
  expect(result.error, 'expected the call to be refused for want of aal2').not.toBeNull();
  expect(result.error).toMatchObject({ code: '42501', message: 'aal2_required' });
  expect(result.data).toBeNull();
}

const config = stackConfig('test');

/** An Edge Function as supabase-js calls it, with the session's own token, keeping the status of a refusal. */
async function callFunction(client: SupabaseClient, name: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const token = (await client.auth.getSession()).data.session?.access_token ?? '';
  const res = await fetch(`${config.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const grantLevel = (user: Pick<TestUser, 'id'>, level: 'lite' | 'data_room') =>
  sql('insert into public.investor_access (user_id, level) values ($1, $2)', [user.id, level]);

const tag = `aal${randomUUID().slice(0, 6)}`;
let admin: Person;
let adminWithoutFactor: TestUser;
let investor: Person;
let member: Person;
let memberOrg: string;
let pendingOrg: string;
let changeRequestId: string;
let bystander: TestUser;
let proofPath: string;

beforeAll(async () => {
  admin = await withFactor('aal-admin', makeSystemAdmin);
  adminWithoutFactor = await newUser('aal-admin-no-factor');
  await makeSystemAdmin(adminWithoutFactor);
  investor = await withFactor('aal-investor', (user) => grantLevel(user, 'data_room'));
  bystander = await newUser('aal-bystander');

  memberOrg = await createOrganization(null, { status: 'approved', name: `${tag} Member Org` });
  member = await withFactor('aal-member', (user) => addMember(memberOrg, user, 'admin'));
  pendingOrg = await createOrganization(null, { status: 'pending', name: `${tag} Pending Org` });
  proofPath = `${pendingOrg}/proof-${tag}.pdf`;
  expectOk(await asServiceRole().storage.from('application_documents').upload(proofPath, pdfBytes(), { contentType: 'application/pdf' }));

  const request = expectOk(
    await member.client.rpc('request_organization_change', {
      p_organization_id: memberOrg,
      p_changes: { name: `${tag} Member Org Renamed` },
      p_reason: 'We renamed ourselves.',
    }),
  ) as { id: string };
  changeRequestId = request.id;
});

describe('the sessions under test', () => {
  it('the verifying session is at aal2, the later password sign-in at aal1', async () => {
    for (const person of [admin, investor, member]) {
      expect(await aalOf(person.client)).toBe('aal2');
      expect(await aalOf(person.aal1)).toBe('aal1');
    }
  });
});

describe('a system administrator with a factor, at aal1', () => {
  const reads: [string, () => Record<string, unknown>][] = [
    ['admin_list_tenants', () => ({ p_search: tag })],
    ['admin_tenant_detail', () => ({ p_organization_id: memberOrg })],
    ['admin_network_activity', () => ({})],
    ['admin_network_activity_export', () => ({})],
    ['admin_list_users', () => ({})],
    ['admin_list_invitations', () => ({})],
    ['admin_dashboard_counts', () => ({})],
  ];

  it.each(reads)('%s is refused with aal2_required', async (fn, args) => {
    expectAal2Required(await admin.aal1.rpc(fn, args()));
  });

  it('cannot change a registry status, decide a change request or review an application, and nothing changes', async () => {
    const before = await sql(
      `select (select status::text from public.registry_entries where organization_id = $1) as registry,
              (select status::text from public.organization_change_requests where id = $2) as request,
              (select status::text from public.organization_applications where organization_id = $3) as application,
              (select count(*)::int from public.network_activity where organization_id in ($1, $3)) as activity`,
      [memberOrg, changeRequestId, pendingOrg],
    );
    expectAal2Required(
      await admin.aal1.rpc('change_registry_status', { p_organization_id: memberOrg, p_status: 'suspended', p_reason: 'Not at aal1' }),
    );
    expectAal2Required(await admin.aal1.rpc('approve_organization_change', { p_request_id: changeRequestId }));
    expectAal2Required(await admin.aal1.rpc('decline_organization_change', { p_request_id: changeRequestId, p_reason: 'Not at aal1' }));
    expectAal2Required(await admin.aal1.rpc('begin_application_review', { p_organization_id: pendingOrg }));
    expectAal2Required(await admin.aal1.rpc('approve_application', { p_organization_id: pendingOrg }));
    expectAal2Required(await admin.aal1.rpc('reject_application', { p_organization_id: pendingOrg, p_reason: 'Not at aal1' }));
    expect(
      await sql(
        `select (select status::text from public.registry_entries where organization_id = $1) as registry,
                (select status::text from public.organization_change_requests where id = $2) as request,
                (select status::text from public.organization_applications where organization_id = $3) as application,
                (select count(*)::int from public.network_activity where organization_id in ($1, $3)) as activity`,
        [memberOrg, changeRequestId, pendingOrg],
      ),
    ).toEqual(before);
  });

  it('cannot invite an administrator or ask about another account', async () => {
    const email = `aal-invitee.${randomUUID().slice(0, 8)}@db-tests.accord.test`;
    expectAal2Required(await admin.aal1.rpc('create_admin_invitation', { p_email: email }));
    expect(await sql('select 1 from public.admin_invitations where email = $1', [email])).toEqual([]);
    expectAal2Required(await admin.aal1.rpc('is_user_admin', { user_uuid: bystander.id }));
  });

  it('reads none of the back office’s tables', async () => {
    for (const table of ['network_activity', 'admin_invitations', 'contact_messages', 'investor_access_requests']) {
      expectNoRows(await admin.aal1.from(table).select('*').limit(5));
    }
    expectNoRows(await admin.aal1.from('system_admins').select('user_id').neq('user_id', admin.id));
    expectNoRows(await admin.aal1.from('organization_applications').select('organization_id').eq('organization_id', pendingOrg));
    expectNoRows(await admin.aal1.from('profiles').select('id').eq('id', bystander.id));
  });

  it('writes nothing: no new administrator, no investor level, no published content', async () => {
    expectDenied(await admin.aal1.from('system_admins').insert({ user_id: bystander.id, granted_by: admin.id }));
    expectDenied(await admin.aal1.from('investor_access').insert({ user_id: bystander.id, level: 'data_room', granted_by: admin.id }));
    expectNoRows(await admin.aal1.from('investor_access').update({ level: 'lite' }).eq('user_id', investor.id).select());
    expectDenied(
      await admin.aal1
        .from('updates')
        .insert({ slug: `aal-${tag}`, title: 'Not at aal1', summary: 'No.', body: 'No.', category: 'network', is_published: true }),
    );
    expectAal2Required(
      await admin.aal1.rpc('admin_save_update', {
        p_id: null, p_slug: `aal-rpc-${tag}`, p_title: 'Not at aal1', p_summary: 'No.', p_body: 'No.', p_category: 'network', p_published_at: null,
      }),
    );
    expect(await sql('select 1 from public.updates where slug = $1', [`aal-rpc-${tag}`])).toEqual([]);
    expect(await sql('select 1 from public.system_admins where user_id = $1', [bystander.id])).toEqual([]);
    expect(await sql('select level::text from public.investor_access where user_id = $1', [investor.id])).toEqual([{ level: 'data_room' }]);
    expect(await sql('select 1 from public.investor_access where user_id = $1', [bystander.id])).toEqual([]);
    expect(await sql('select 1 from public.updates where slug = $1', [`aal-${tag}`])).toEqual([]);
  });

  it('cannot open an applicant’s documents', async () => {
    const docs = admin.aal1.storage.from('application_documents');
    expect((await docs.download(proofPath)).data).toBeNull();
    expect((await docs.createSignedUrl(proofPath, 60)).data).toBeNull();
  });

  it('the Edge Functions that act for the back office pass aal2_required on, and act not', async () => {
    const email = `aal-fn-invitee.${randomUUID().slice(0, 8)}@db-tests.accord.test`;
    const invited = await callFunction(admin.aal1, 'invite-admin', { email });
    expect(invited).toEqual({ status: 403, body: { error: 'aal2_required', message: expect.stringMatching(/authenticator app/) } });
    expect(await sql('select 1 from public.admin_invitations where email = $1', [email])).toEqual([]);
    const reviewed = await callFunction(admin.aal1, 'review-application', { organizationId: pendingOrg, action: 'reject', reason: 'Not at aal1' });
    expect(reviewed).toEqual({ status: 403, body: { error: 'aal2_required', message: expect.stringMatching(/authenticator app/) } });
    expect(await sql('select status::text from public.organization_applications where organization_id = $1', [pendingOrg])).toEqual([
      { status: 'pending' },
    ]);
  });

  it('still learns who they are, so the app can ask for the code', async () => {
    expect(expectOk(await admin.aal1.rpc('is_user_admin', { user_uuid: admin.id }))).toBe(true);
    expect(expectOk(await admin.aal1.from('system_admins').select('user_id').eq('user_id', admin.id))).toEqual([{ user_id: admin.id }]);
    expect(expectOk(await admin.aal1.from('profiles').select('id').eq('id', admin.id))).toEqual([{ id: admin.id }]);
  });
});

describe('the same system administrator at aal2', () => {
  it('reads the back office', async () => {
    expectOk(await admin.client.rpc('admin_list_tenants', { p_search: tag }));
    expectOk(await admin.client.rpc('admin_tenant_detail', { p_organization_id: memberOrg }));
    expectOk(await admin.client.rpc('admin_network_activity', {}));
    expect(expectOk(await admin.client.rpc('is_user_admin', { user_uuid: bystander.id }))).toBe(false);
    expect(expectOk(await admin.client.from('organization_applications').select('organization_id').eq('organization_id', pendingOrg))).toHaveLength(1);
    expect((await admin.client.storage.from('application_documents').download(proofPath)).error).toBeNull();
  });

  it('acts: decides the change request, reviews the application, invites an administrator', async () => {
    expectOk(await admin.client.rpc('decline_organization_change', { p_request_id: changeRequestId, p_reason: 'Declined at aal2' }));
    expectOk(await admin.client.rpc('begin_application_review', { p_organization_id: pendingOrg }));
    expectOk(await admin.client.rpc('create_admin_invitation', { p_email: `aal-invitee.${randomUUID().slice(0, 8)}@db-tests.accord.test` }));
    expect(await sql('select status::text from public.organization_change_requests where id = $1', [changeRequestId])).toEqual([
      { status: 'declined' },
    ]);
    expect(await sql('select status::text from public.organization_applications where organization_id = $1', [pendingOrg])).toEqual([
      { status: 'under_review' },
    ]);
  });
});

describe('the data room', () => {
  const holds = async (client: SupabaseClient, required: 'lite' | 'data_room') => expectOk(await client.rpc('has_investor_level', { required }));

  it('a data-room investor with a factor is shut out of the data room at aal1 but keeps the dashboard', async () => {
    expect(await holds(investor.aal1, 'data_room')).toBe(false);
    expect(await holds(investor.aal1, 'lite')).toBe(true);
    // Their own level stays readable, so the app knows to ask for the code.
    expect(expectOk(await investor.aal1.from('investor_access').select('level').eq('user_id', investor.id))).toEqual([{ level: 'data_room' }]);
  });

  it('the same investor at aal2 holds the data room', async () => {
    expect(await holds(investor.client, 'data_room')).toBe(true);
  });

  it('a system administrator holds no investor level at aal1, every level at aal2', async () => {
    expect(await holds(admin.aal1, 'data_room')).toBe(false);
    expect(await holds(admin.aal1, 'lite')).toBe(false);
    expect(await holds(admin.client, 'data_room')).toBe(true);
  });
});

describe('people the rule leaves alone', () => {
  it('a system administrator without a factor works at aal1', async () => {
    expect(await aalOf(adminWithoutFactor.client)).toBe('aal1');
    expectOk(await adminWithoutFactor.client.rpc('admin_list_tenants', { p_search: tag }));
    expectOk(await adminWithoutFactor.client.rpc('admin_network_activity', {}));
    expect(expectOk(await adminWithoutFactor.client.rpc('has_investor_level', { required: 'data_room' }))).toBe(true);
    expect(expectOk(await adminWithoutFactor.client.from('network_activity').select('id').limit(1))).toHaveLength(1);
  });

  it('a factor enrolled but never verified does not count', async () => {
    const enrolling = await newUser('aal-admin-unverified');
    await makeSystemAdmin(enrolling);
    const enrolled = await enrolling.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Not yet verified' });
    expect(enrolled.error).toBeNull();
    expectOk(await enrolling.client.rpc('admin_list_tenants', { p_search: tag }));
  });

  it('an organisation’s admin with a factor uses their organisation at aal1', async () => {
    expect(await aalOf(member.aal1)).toBe('aal1');
    expectOk(await member.aal1.rpc('member_home', { p_organization_id: memberOrg }));
    expectOk(await member.aal1.rpc('organization_team', { p_organization_id: memberOrg }));
    expect(expectOk(await member.aal1.from('organizations').select('id').eq('id', memberOrg))).toHaveLength(1);
    expect(expectOk(await member.aal1.from('profiles').select('id').eq('id', member.id))).toHaveLength(1);
    const saved = expectOk(await member.aal1.from('organizations').update({ description: 'Edited at aal1' }).eq('id', memberOrg).select('id'));
    expect(saved).toHaveLength(1);
  });
});
