import { beforeAll, describe, expect, it } from 'vitest';
import { authClient, callbackUrl, uniqueEmail as authEmail } from '../support/auth-helpers.ts';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, uniqueEmail, type TestUser } from '../support/users.ts';

/** profiles: created and e-mail-synced by triggers on auth.users; own, peers' and (for admins) everyone's are readable. */
describe('profiles', () => {
  let alice: TestUser; // member of an organisation
  let bob: TestUser; // alice's colleague
  let carol: TestUser; // in another organisation
  let admin: TestUser;

  beforeAll(async () => {
    [alice, bob, carol, admin] = await Promise.all([
      newUser('alice', { fullName: 'Alice Archer' }),
      newUser('bob'),
      newUser('carol'),
      newUser('admin'),
    ]);
    const org = await createOrganization(alice);
    await addMember(org, bob);
    await createOrganization(carol);
    await makeSystemAdmin(admin);
  });

  describe('lifecycle (triggers on auth.users)', () => {
    it('is created with the account, with e-mail and full name from sign-up metadata', async () => {
      const [row] = await sql('select email, full_name from public.profiles where id = $1', [alice.id]);
      expect(row).toEqual({ email: alice.email, full_name: 'Alice Archer' });
    });

    it('follows an e-mail change on the account', async () => {
      const user = await newUser('changing');
      const next = uniqueEmail('changed');
      await sql('update auth.users set email = $2 where id = $1', [user.id, next]);
      const [row] = await sql('select email from public.profiles where id = $1', [user.id]);
      expect(row.email).toBe(next);
    });

    it('is deleted with the account', async () => {
      const user = await newUser('leaving');
      await sql('delete from auth.users where id = $1', [user.id]);
      expect(await sql('select 1 from public.profiles where id = $1', [user.id])).toHaveLength(0);
    });
  });

  describe('sign-up through the auth API: no name in the metadata can break it (issue 12, finding 7)', () => {
    const profileOf = async (email: string) =>
      (await sql<{ full_name: string | null }>('select p.full_name from public.profiles p join auth.users u on u.id = p.id where u.email = $1', [email]))[0];

    it('a 201-character name signs up without "Database error saving new user", and the profile stores no name rather than failing', async () => {
      const email = authEmail('long-name');
      const { error } = await authClient().auth.signInWithOtp({
        email,
        options: { emailRedirectTo: callbackUrl(), data: { full_name: 'x'.repeat(201) } },
      });
      expect(error).toBeNull();
      expect(await profileOf(email)).toEqual({ full_name: null });
    });

    it('a password sign-up with a name far too long, or with odd values, gets its account and profile too', async () => {
      for (const fullName of ['y'.repeat(100_000), { first: 'Ada', last: 'Lovelace' }, ['Ada'], 42, true, 'Ada\u0007Lovelace', 'Ada\nLovelace', ' \t\n ']) {
        const email = authEmail('odd-name');
        const { error } = await authClient().auth.signUp({ email, password: 'a-good-password', options: { data: { full_name: fullName } } });
        expect(error, JSON.stringify(fullName).slice(0, 40)).toBeNull();
        expect(await profileOf(email)).toEqual({ full_name: null });
      }
    });

    it('a valid name is kept, trimmed; 200 characters exactly is valid', async () => {
      for (const [typed, stored] of [
        ['  Ada Lovelace \n', 'Ada Lovelace'],
        ['n'.repeat(200), 'n'.repeat(200)],
        ['Zoë Ångström-Ōtsuka', 'Zoë Ångström-Ōtsuka'],
      ]) {
        const email = authEmail('good-name');
        expect((await authClient().auth.signUp({ email, password: 'a-good-password', options: { data: { full_name: typed } } })).error).toBeNull();
        expect(await profileOf(email)).toEqual({ full_name: stored });
      }
    });
  });

  describe('select', () => {
    it('a user reads their own profile (the session query: filter by id, single row)', async () => {
      const profile = expectOk(await alice.client.from('profiles').select('*').eq('id', alice.id).single());
      expect(profile).toMatchObject({ id: alice.id, email: alice.email, full_name: 'Alice Archer' });
    });

    it('a member reads their colleagues’ profiles', async () => {
      const rows = expectOk(await alice.client.from('profiles').select('id').in('id', [bob.id, carol.id]));
      expect(rows).toEqual([{ id: bob.id }]);
    });

    it('a user does not see people outside their organisation', async () => {
      expectNoRows(await carol.client.from('profiles').select('id').in('id', [alice.id, bob.id]));
    });

    it('a system administrator reads everyone', async () => {
      const rows = expectOk(await admin.client.from('profiles').select('id').in('id', [alice.id, bob.id, carol.id]));
      expect(rows).toHaveLength(3);
    });

    it('a visitor reads nothing', async () => {
      expectDenied(await asAnon().from('profiles').select('id').limit(1));
    });
  });

  describe('insert', () => {
    it('nobody inserts profiles over the API (the trigger does)', async () => {
      const row = { id: alice.id, email: 'x@example.com' };
      expectDenied(await alice.client.from('profiles').insert(row));
      expectDenied(await admin.client.from('profiles').insert(row));
      expectDenied(await asAnon().from('profiles').insert(row));
    });
  });

  describe('update', () => {
    it('a user edits their own full name, and updated_at moves', async () => {
      const [before] = await sql<{ updated_at: Date }>('select updated_at from public.profiles where id = $1', [bob.id]);
      const rows = expectOk(await bob.client.from('profiles').update({ full_name: 'Bob Baker' }).eq('id', bob.id).select());
      expect(rows).toMatchObject([{ full_name: 'Bob Baker' }]);
      const [after] = await sql<{ updated_at: Date }>('select updated_at from public.profiles where id = $1', [bob.id]);
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    });

    it('a name over 200 characters or with control characters is refused with a named error, not a raw constraint error', async () => {
      const [before] = await sql('select full_name from public.profiles where id = $1', [bob.id]);
      for (const [fullName, code] of [
        ['b'.repeat(201), 'too_long'],
        ['Bob\tBaker', 'invalid'],
      ]) {
        const refused = await bob.client.from('profiles').update({ full_name: fullName }).eq('id', bob.id).select();
        expect(refused.status).toBe(400);
        expect(refused.error).toMatchObject({ code: '22023', message: 'invalid_profile' });
        expect(JSON.parse(refused.error?.details ?? 'null')).toEqual({ full_name: code });
      }
      expect((await sql('select full_name from public.profiles where id = $1', [bob.id]))[0]).toEqual(before);
    });

    it('a name is stored trimmed, and a blank one as no name', async () => {
      expect(expectOk(await carol.client.from('profiles').update({ full_name: '  Carol Cooper \n' }).eq('id', carol.id).select('full_name'))).toEqual([
        { full_name: 'Carol Cooper' },
      ]);
      expect(expectOk(await carol.client.from('profiles').update({ full_name: '   ' }).eq('id', carol.id).select('full_name'))).toEqual([
        { full_name: null },
      ]);
    });

    it('a user cannot change their e-mail here (it mirrors the account)', async () => {
      expectDenied(await bob.client.from('profiles').update({ email: 'spoof@example.com' }).eq('id', bob.id));
    });

    it('a colleague cannot edit someone else’s name', async () => {
      expectNoRows(await alice.client.from('profiles').update({ full_name: 'Hacked' }).eq('id', bob.id).select());
      const [row] = await sql('select full_name from public.profiles where id = $1', [bob.id]);
      expect(row.full_name).not.toBe('Hacked');
    });

    it('a system administrator may correct anyone’s name', async () => {
      const rows = expectOk(await admin.client.from('profiles').update({ full_name: 'Carol Cooper' }).eq('id', carol.id).select());
      expect(rows).toMatchObject([{ id: carol.id, full_name: 'Carol Cooper' }]);
    });

    it('a visitor cannot update', async () => {
      expectDenied(await asAnon().from('profiles').update({ full_name: 'x' }).eq('id', alice.id));
    });
  });

  describe('delete', () => {
    it('nobody deletes profiles over the API (deleting the account does)', async () => {
      expectDenied(await alice.client.from('profiles').delete().eq('id', alice.id));
      expectDenied(await admin.client.from('profiles').delete().eq('id', carol.id));
      expectDenied(await asAnon().from('profiles').delete().eq('id', alice.id));
      expect(await sql('select 1 from public.profiles where id = any($1)', [[alice.id, carol.id]])).toHaveLength(2);
    });
  });
});
