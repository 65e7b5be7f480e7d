import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { authClient } from '../support/auth-helpers.ts';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, asServiceRole, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * The account settings page's database side (decision 042): profiles.job_title,
 * which only its owner writes, and my_sessions(), the caller's own sign-in
 * sessions, with sign-out of the others checked against the auth service.
 */
describe('profiles.job_title', () => {
  let alice: TestUser;
  let bob: TestUser; // alice's colleague
  let admin: TestUser;

  beforeAll(async () => {
    [alice, bob, admin] = await Promise.all([newUser('alice', { fullName: 'Alice Archer' }), newUser('bob'), newUser('admin')]);
    const org = await createOrganization(alice);
    await addMember(org, bob);
    await makeSystemAdmin(admin);
  });

  const titleOf = async (id: string) => (await sql<{ job_title: string | null }>('select job_title from public.profiles where id = $1', [id]))[0].job_title;

  it('a person sets their own job title and name together, stored trimmed; blank is none', async () => {
    const rows = expectOk(
      await alice.client.from('profiles').update({ full_name: 'Alice Archer', job_title: '  Head of admissions \n' }).eq('id', alice.id).select('full_name, job_title'),
    );
    expect(rows).toEqual([{ full_name: 'Alice Archer', job_title: 'Head of admissions' }]);
    expectOk(await alice.client.from('profiles').update({ job_title: '   ' }).eq('id', alice.id).select());
    expect(await titleOf(alice.id)).toBeNull();
    expectOk(await alice.client.from('profiles').update({ job_title: 't'.repeat(200) }).eq('id', alice.id).select());
    expect(await titleOf(alice.id)).toBe('t'.repeat(200));
  });

  it('a title over 200 characters or of more than one line is refused at its field, and nothing changes', async () => {
    await sql('update public.profiles set job_title = $2 where id = $1', [bob.id, 'Bursar']);
    for (const [title, code] of [
      ['b'.repeat(201), 'too_long'],
      ['Bursar\nand caretaker', 'invalid'],
    ]) {
      const refused = await bob.client.from('profiles').update({ job_title: title }).eq('id', bob.id).select();
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({ code: '22023', message: 'invalid_profile' });
      expect(JSON.parse(refused.error?.details ?? 'null')).toEqual({ job_title: code });
    }
    expect(await titleOf(bob.id)).toBe('Bursar');
  });

  it('a colleague cannot set someone else’s job title (the row is not theirs to update)', async () => {
    expectNoRows(await alice.client.from('profiles').update({ job_title: 'Intern' }).eq('id', bob.id).select());
    expect(await titleOf(bob.id)).toBe('Bursar');
  });

  it('a system administrator, who may correct a name, may not change a job title, and nothing is recorded', async () => {
    const logged = () => sql('select count(*)::int as n from public.network_activity where actor_id = $1', [admin.id]);
    const before = await logged();
    const refused = await admin.client.from('profiles').update({ job_title: 'Intern' }).eq('id', bob.id).select();
    expect(refused.error).toMatchObject({ code: '42501', message: 'not_own_profile' });
    expect(await titleOf(bob.id)).toBe('Bursar');
    expect(await logged()).toEqual(before);
  });

  it('an administrator correcting a name is still recorded in the network activity, as before', async () => {
    const rows = expectOk(await admin.client.from('profiles').update({ full_name: 'Bob Baker' }).eq('id', bob.id).select('full_name, job_title'));
    expect(rows).toEqual([{ full_name: 'Bob Baker', job_title: 'Bursar' }]);
    const logged = await sql<{ action: string }>(
      `select action from public.network_activity where action = 'profile.updated' and actor_id = $1 order by occurred_at desc limit 1`,
      [admin.id],
    );
    expect(logged).toEqual([{ action: 'profile.updated' }]);
  });

  it('a visitor cannot set a job title', async () => {
    expectDenied(await asAnon().from('profiles').update({ job_title: 'x' }).eq('id', alice.id));
  });
});

/** Two sign-ins of one account, as two devices would have. */
async function twoDevices(label: string): Promise<{ id: string; first: SupabaseClient; second: SupabaseClient; secondRefreshToken: string }> {
  const email = uniqueEmail(label);
  const password = randomBytes(18).toString('base64url');
  const created = await asServiceRole().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw created.error ?? new Error('no user');
  const first = authClient();
  const second = authClient();
  expect((await first.auth.signInWithPassword({ email, password })).error).toBeNull();
  const signedIn = await second.auth.signInWithPassword({ email, password });
  expect(signedIn.error).toBeNull();
  return { id: created.data.user.id, first, second, secondRefreshToken: signedIn.data.session!.refresh_token };
}

type SessionRow = { id: string; user_agent: string | null; ip: string | null; created_at: string; last_active_at: string; is_current: boolean };

async function sessionIdOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const payload = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString()) as { session_id: string };
  return payload.session_id;
}

describe('my_sessions()', () => {
  it('lists the caller’s own sessions, the current one first and marked, and nobody else’s', async () => {
    const me = await twoDevices('sessions');
    const other = await twoDevices('someone-else');
    const rows = expectOk(await me.first.rpc('my_sessions')) as SessionRow[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: await sessionIdOf(me.first), is_current: true });
    expect(rows[1]).toMatchObject({ id: await sessionIdOf(me.second), is_current: false });
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['created_at', 'id', 'ip', 'is_current', 'last_active_at', 'user_agent']);
      expect(Date.parse(row.created_at)).not.toBeNaN();
      expect(Date.parse(row.last_active_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
    }
    // The same list from the other device marks that one instead.
    const fromSecond = expectOk(await me.second.rpc('my_sessions')) as SessionRow[];
    expect(fromSecond.filter((row) => row.is_current).map((row) => row.id)).toEqual([await sessionIdOf(me.second)]);
    // Another person's sessions never appear.
    const theirIds = new Set((await sql<{ id: string }>('select id::text from auth.sessions where user_id = $1', [other.id])).map((row) => row.id));
    expect(theirIds.size).toBe(2);
    expect(rows.some((row) => theirIds.has(row.id))).toBe(false);
  });

  it('does not list a session that is past its end (not_after)', async () => {
    const me = await twoDevices('ended');
    await sql(`update auth.sessions set not_after = now() - interval '1 minute' where id = $1`, [await sessionIdOf(me.second)]);
    const rows = expectOk(await me.first.rpc('my_sessions')) as SessionRow[];
    expect(rows.map((row) => row.id)).toEqual([await sessionIdOf(me.first)]);
  });

  it('refuses visitors', async () => {
    const refused = await asAnon().rpc('my_sessions');
    expect(refused.error?.code).toBe('42501');
    expect(refused.data).toBeNull();
  });

  it('after signing out of the other sessions, only this one is listed and the other’s refresh token no longer works', async () => {
    const me = await twoDevices('sign-out-others');
    const keep = await sessionIdOf(me.first);
    expect((await me.first.auth.signOut({ scope: 'others' })).error).toBeNull();
    const rows = expectOk(await me.first.rpc('my_sessions')) as SessionRow[];
    expect(rows.map((row) => row.id)).toEqual([keep]);
    // The other device's access token is refused by the Data API at once (decision 023), and its refresh token is dead.
    const refusedNow = await me.second.rpc('my_sessions');
    expect(refusedNow.error?.code).toBe('session_not_found');
    const refreshed = await authClient().auth.refreshSession({ refresh_token: me.secondRefreshToken });
    expect(refreshed.error).not.toBeNull();
    expect(refreshed.data.session).toBeNull();
    // This device is still signed in and can refresh.
    const { data } = await me.first.auth.getSession();
    expect((await authClient().auth.refreshSession({ refresh_token: data.session!.refresh_token })).error).toBeNull();
  });
});
