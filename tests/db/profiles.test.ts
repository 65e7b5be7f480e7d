import { beforeAll, describe, expect, it } from 'vitest';
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
