import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, asServiceRole, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/**
 * admin_invitations, create_admin_invitation() and accept_admin_invitation():
 * tokens are random, stored only as SHA-256, bound to an address, single use,
 * revocable and time-limited. Result codes: docs/decisions/002-admin-invitation-result-codes.md.
 */
interface Created {
  invitation_id: string;
  token: string;
  expires_at: string;
}
interface AcceptResult {
  success: boolean;
  message: string;
  error: string | null;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

let inviter: TestUser; // system administrator

beforeAll(async () => {
  inviter = await newUser('inviter');
  await makeSystemAdmin(inviter);
});

async function invite(email: string): Promise<Created> {
  const { data, error } = await inviter.client.rpc('create_admin_invitation', { p_email: email });
  expect(error).toBeNull();
  return (data as Created[])[0];
}

async function accept(user: TestUser | null, token: string): Promise<AcceptResult> {
  const client = user?.client ?? asAnon();
  const { data, error } = await client.rpc('accept_admin_invitation', { p_token: token });
  expect(error).toBeNull();
  return data as AcceptResult;
}

const isAdmin = async (userId: string) => (await sql('select 1 from public.system_admins where user_id = $1', [userId])).length === 1;

describe('create_admin_invitation', () => {
  it('a system administrator gets a 256-bit token once, valid for 7 days', async () => {
    const created = await invite(uniqueEmail('invitee'));
    expect(created.token).toMatch(/^[0-9a-f]{64}$/);
    const days = (new Date(created.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('stores the SHA-256 of the token and never the token itself', async () => {
    const created = await invite(uniqueEmail('hashed'));
    const [row] = await sql('select token_hash, invited_by from public.admin_invitations where id = $1', [created.invitation_id]);
    expect(row).toEqual({ token_hash: sha256(created.token), invited_by: inviter.id });

    // Every row of every table in the database, as text: the token is nowhere.
    const tables = await sql<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const hits = await sql(`select 1 from ${name} t where strpos(t::text, $1) > 0 limit 1`, [created.token]);
      expect(hits, `token found in ${name}`).toHaveLength(0);
    }
  });

  it('a new invitation for the same address revokes the previous one', async () => {
    const email = uniqueEmail('reinvited');
    const first = await invite(email);
    const second = await invite(email.toUpperCase());
    const rows = await sql<{ id: string; revoked: boolean }>(
      'select id, revoked_at is not null as revoked from public.admin_invitations where id = any($1) order by created_at',
      [[first.invitation_id, second.invitation_id]],
    );
    expect(rows).toEqual([
      { id: first.invitation_id, revoked: true },
      { id: second.invitation_id, revoked: false },
    ]);
  });

  it('refuses an invalid e-mail address', async () => {
    const { error } = await inviter.client.rpc('create_admin_invitation', { p_email: 'not-an-address' });
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('invalid_email');
  });

  it('is refused to signed-in people who are not system administrators', async () => {
    const user = await newUser('not-admin');
    const { error } = await user.client.rpc('create_admin_invitation', { p_email: uniqueEmail('x') });
    expect(error?.code).toBe('42501');
  });

  it('is refused to visitors', async () => {
    const { error } = await asAnon().rpc('create_admin_invitation', { p_email: uniqueEmail('x') });
    expect(error?.code).toBe('42501');
  });
});

describe('accept_admin_invitation', () => {
  it('success: the invited, signed-in person becomes a system administrator; the invitation is used up', async () => {
    const invitee = await newUser('invitee');
    const { invitation_id, token } = await invite(invitee.email);
    expect(await accept(invitee, token)).toEqual({
      success: true,
      error: null,
      message: 'Invitation accepted. You are now a system administrator.',
    });
    expect(await isAdmin(invitee.id)).toBe(true);
    const [grant] = await sql('select granted_by from public.system_admins where user_id = $1', [invitee.id]);
    expect(grant.granted_by).toBe(inviter.id);
    const [row] = await sql<{ used_by: string; used: boolean }>(
      'select used_by, used_at is not null as used from public.admin_invitations where id = $1',
      [invitation_id],
    );
    expect(row).toEqual({ used_by: invitee.id, used: true });
    // The new administrator's own check now says so.
    expect((await invitee.client.rpc('is_user_admin', { user_uuid: invitee.id })).data).toBe(true);
  });

  it('matches the address case-insensitively', async () => {
    const invitee = await newUser('shouty');
    const { token } = await invite(invitee.email.toUpperCase());
    expect((await accept(invitee, token)).success).toBe(true);
  });

  it('already_admin: an administrator following a link is told so and the link is left alone', async () => {
    const admin = await newUser('already');
    // Invited first: inviting someone who is already an administrator is refused.
    const { invitation_id, token } = await invite(admin.email);
    await makeSystemAdmin(admin);
    expect(await accept(admin, token)).toMatchObject({ success: false, error: 'already_admin' });
    const [row] = await sql('select used_at from public.admin_invitations where id = $1', [invitation_id]);
    expect(row.used_at).toBeNull();
  });

  it('email_mismatch: a signed-in person with another address cannot use it, and it stays usable', async () => {
    const [invitee, other] = await Promise.all([newUser('right-person'), newUser('wrong-person')]);
    const { token } = await invite(invitee.email);
    expect(await accept(other, token)).toMatchObject({ success: false, error: 'email_mismatch' });
    expect(await isAdmin(other.id)).toBe(false);
    expect((await accept(invitee, token)).success).toBe(true);
  });

  it('expired: an invitation past its expiry is refused', async () => {
    const invitee = await newUser('late');
    const { invitation_id, token } = await invite(invitee.email);
    await sql(
      `update public.admin_invitations set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = $1`,
      [invitation_id],
    );
    expect(await accept(invitee, token)).toMatchObject({ success: false, error: 'expired' });
    expect(await isAdmin(invitee.id)).toBe(false);
  });

  it('already_used: the second use fails, even by the same person after losing the role', async () => {
    const invitee = await newUser('twice');
    const { token } = await invite(invitee.email);
    expect((await accept(invitee, token)).success).toBe(true);
    await sql('delete from public.system_admins where user_id = $1', [invitee.id]);
    expect(await accept(invitee, token)).toMatchObject({ success: false, error: 'already_used' });
    expect(await isAdmin(invitee.id)).toBe(false);
  });

  it('single use holds under concurrency: of simultaneous accepts exactly one succeeds', async () => {
    const invitee = await newUser('racer');
    const { token } = await invite(invitee.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => accept(invitee, token)));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.success)) expect(['already_admin', 'already_used']).toContain(r.error);
  });

  it('revoked: a revoked invitation is refused', async () => {
    const invitee = await newUser('revoked');
    const { invitation_id, token } = await invite(invitee.email);
    expectOk(await inviter.client.from('admin_invitations').update({ revoked_at: new Date().toISOString() }).eq('id', invitation_id).select());
    expect(await accept(invitee, token)).toMatchObject({ success: false, error: 'revoked' });
  });

  it('invalid_token: an unknown or empty token is refused', async () => {
    const user = await newUser('guesser');
    expect(await accept(user, 'f'.repeat(64))).toMatchObject({ success: false, error: 'invalid_token' });
    expect(await accept(user, '')).toMatchObject({ success: false, error: 'invalid_token' });
    // The stored hash is not a token: presenting it does not work either.
    const invitee = await newUser('hash-presenter');
    const { token } = await invite(invitee.email);
    expect(await accept(invitee, sha256(token))).toMatchObject({ success: false, error: 'invalid_token' });
  });

  it('not_authenticated: a visitor is told to sign in, and the invitation is untouched', async () => {
    const email = uniqueEmail('visitor');
    const { invitation_id, token } = await invite(email);
    expect(await accept(null, token)).toEqual({
      success: false,
      error: 'not_authenticated',
      message: 'You must be logged in to accept this invitation.',
    });
    const [row] = await sql('select used_at from public.admin_invitations where id = $1', [invitation_id]);
    expect(row.used_at).toBeNull();
  });

  it('the service role is not a person and cannot accept either', async () => {
    const { token } = await invite(uniqueEmail('service'));
    const { data } = await asServiceRole().rpc('accept_admin_invitation', { p_token: token });
    expect(data).toMatchObject({ success: false, error: 'not_authenticated' });
  });
});

describe('admin_invitations table', () => {
  let invitationId: string;
  let user: TestUser;

  beforeAll(async () => {
    user = await newUser('snoop');
    invitationId = (await invite(uniqueEmail('listed'))).invitation_id;
  });

  it('select: system administrators list invitations; others and visitors do not', async () => {
    const rows = expectOk(await inviter.client.from('admin_invitations').select('id, email, expires_at').eq('id', invitationId));
    expect(rows).toHaveLength(1);
    expectNoRows(await user.client.from('admin_invitations').select('id'));
    expectDenied(await asAnon().from('admin_invitations').select('id').limit(1));
  });

  it('insert: system administrators may insert in their own name only; others may not', async () => {
    const row = { email: uniqueEmail('direct'), token_hash: sha256(`direct-${Date.now()}`), expires_at: new Date(Date.now() + 86_400_000).toISOString() };
    expectDenied(await user.client.from('admin_invitations').insert(row));
    expectDenied(await asAnon().from('admin_invitations').insert(row));
    expectDenied(await inviter.client.from('admin_invitations').insert({ ...row, invited_by: user.id }));
    const created = expectOk(await inviter.client.from('admin_invitations').insert(row).select('invited_by').single());
    expect(created.invited_by).toBe(inviter.id);
  });

  it('update: only system administrators revoke, and revoking is the only edit', async () => {
    const revokedAt = new Date().toISOString();
    expectNoRows(await user.client.from('admin_invitations').update({ revoked_at: revokedAt }).eq('id', invitationId).select());
    expectDenied(await asAnon().from('admin_invitations').update({ revoked_at: revokedAt }).eq('id', invitationId));
    for (const change of [{ email: uniqueEmail('swapped') }, { token_hash: sha256('known') }, { expires_at: revokedAt }, { used_at: revokedAt }]) {
      expectDenied(await inviter.client.from('admin_invitations').update(change).eq('id', invitationId));
    }
    const rows = expectOk(await inviter.client.from('admin_invitations').update({ revoked_at: revokedAt }).eq('id', invitationId).select('id'));
    expect(rows).toEqual([{ id: invitationId }]);
  });

  it('delete: only system administrators', async () => {
    expectNoRows(await user.client.from('admin_invitations').delete().eq('id', invitationId).select());
    expectDenied(await asAnon().from('admin_invitations').delete().eq('id', invitationId));
    const rows = expectOk(await inviter.client.from('admin_invitations').delete().eq('id', invitationId).select('id'));
    expect(rows).toEqual([{ id: invitationId }]);
  });
});
