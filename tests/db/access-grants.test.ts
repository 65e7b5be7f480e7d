import { beforeAll, describe, expect, it } from 'vitest';
import { expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * system_admins, investor_access, stakeholders: grants to a person. Holders
 * read their own; only system administrators grant, change and revoke.
 */
type GrantTable = 'system_admins' | 'investor_access' | 'stakeholders';

const GRANTS: { table: GrantTable; row: (userId: string) => Record<string, unknown> }[] = [
  { table: 'system_admins', row: (user_id) => ({ user_id }) },
  { table: 'investor_access', row: (user_id) => ({ user_id, level: 'lite' }) },
  { table: 'stakeholders', row: (user_id) => ({ user_id, affiliation: 'Test Board' }) },
];

let admin: TestUser;
let nobody: TestUser; // holds no grant

beforeAll(async () => {
  [admin, nobody] = await Promise.all([newUser('admin'), newUser('nobody')]);
  await makeSystemAdmin(admin);
});

/** A fresh holder of `table`'s grant (one per table: a system administrator would see everything). */
async function newHolder(table: GrantTable): Promise<TestUser> {
  const user = await newUser(`${table}-holder`);
  const row = GRANTS.find((g) => g.table === table)!.row(user.id);
  await sql(`insert into public.${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row).map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
  return user;
}

const holds = async (table: GrantTable, userId: string) =>
  (await sql(`select 1 from public.${table} where user_id = $1`, [userId])).length === 1;

describe.each(GRANTS)('$table', ({ table, row }) => {
  let holder: TestUser;
  beforeAll(async () => {
    holder = await newHolder(table);
  });

  describe('select', () => {
    it('the holder reads their own grant', async () => {
      const rows = expectOk(await holder.client.from(table).select('user_id').eq('user_id', holder.id));
      expect(rows).toEqual([{ user_id: holder.id }]);
    });

    it('others cannot see who holds it', async () => {
      expectNoRows(await nobody.client.from(table).select('user_id').eq('user_id', holder.id));
    });

    it('a system administrator lists every holder', async () => {
      const rows = expectOk(await admin.client.from(table).select('user_id').eq('user_id', holder.id));
      expect(rows).toHaveLength(1);
    });

    it('a visitor reads nothing', async () => {
      expectDenied(await asAnon().from(table).select('user_id').limit(1));
    });
  });

  describe('insert', () => {
    it('nobody grants it to themselves', async () => {
      expectDenied(await nobody.client.from(table).insert(row(nobody.id)));
      expect(await holds(table, nobody.id)).toBe(false);
    });

    it('a visitor cannot grant it', async () => {
      expectDenied(await asAnon().from(table).insert(row(nobody.id)));
    });

    it('a system administrator grants it, recorded in their name', async () => {
      const grantee = await newUser(`${table}-grantee`);
      const created = expectOk(await admin.client.from(table).insert(row(grantee.id)).select('user_id, granted_by').single());
      expect(created).toEqual({ user_id: grantee.id, granted_by: admin.id });
    });

    it('a system administrator cannot record the grant in someone else’s name', async () => {
      const grantee = await newUser(`${table}-forged`);
      expectDenied(await admin.client.from(table).insert({ ...row(grantee.id), granted_by: holder.id }));
    });
  });

  describe('delete', () => {
    it('the holder cannot revoke it themselves, nor can others', async () => {
      // system_admins is the exception: an administrator may step down (see below).
      if (table !== 'system_admins') expectNoRows(await holder.client.from(table).delete().eq('user_id', holder.id).select());
      expectNoRows(await nobody.client.from(table).delete().eq('user_id', holder.id).select());
      expectDenied(await asAnon().from(table).delete().eq('user_id', holder.id));
      expect(await holds(table, holder.id)).toBe(true);
    });

    it('a system administrator revokes it', async () => {
      const grantee = await newUser(`${table}-revoked`);
      expectOk(await admin.client.from(table).insert(row(grantee.id)).select());
      const rows = expectOk(await admin.client.from(table).delete().eq('user_id', grantee.id).select('user_id'));
      expect(rows).toEqual([{ user_id: grantee.id }]);
      expect(await holds(table, grantee.id)).toBe(false);
    });

    it('deleting the account removes the grant', async () => {
      const grantee = await newUser(`${table}-deleted`);
      expectOk(await admin.client.from(table).insert(row(grantee.id)).select());
      await sql('delete from auth.users where id = $1', [grantee.id]);
      expect(await holds(table, grantee.id)).toBe(false);
    });
  });
});

describe('system_admins update', () => {
  let holder: TestUser;
  beforeAll(async () => {
    holder = await newHolder('system_admins');
  });

  it('grants are immutable for everyone: revoke and grant again instead', async () => {
    expectDenied(await admin.client.from('system_admins').update({ granted_by: admin.id }).eq('user_id', holder.id));
    expectDenied(await holder.client.from('system_admins').update({ granted_by: holder.id }).eq('user_id', holder.id));
  });

  it('an administrator may step down', async () => {
    const leaving = await newUser('stepping-down');
    await makeSystemAdmin(leaving);
    const rows = expectOk(await leaving.client.from('system_admins').delete().eq('user_id', leaving.id).select('user_id'));
    expect(rows).toEqual([{ user_id: leaving.id }]);
  });
});

describe('investor_access update', () => {
  let holder: TestUser;
  beforeAll(async () => {
    holder = await newHolder('investor_access');
  });

  it('an investor cannot raise their own level', async () => {
    expectNoRows(await holder.client.from('investor_access').update({ level: 'data_room' }).eq('user_id', holder.id).select());
    const [row] = await sql('select level from public.investor_access where user_id = $1', [holder.id]);
    expect(row.level).toBe('lite');
  });

  it('a visitor cannot change levels', async () => {
    expectDenied(await asAnon().from('investor_access').update({ level: 'data_room' }).eq('user_id', holder.id));
  });

  it('a system administrator changes the level; granted_by and granted_at are re-stamped', async () => {
    const investor = await newUser('investor');
    await sql(`insert into public.investor_access (user_id, level, granted_at) values ($1, 'lite', now() - interval '30 days')`, [investor.id]);
    const updated = expectOk(
      await admin.client.from('investor_access').update({ level: 'data_room' }).eq('user_id', investor.id).select('level, granted_by, granted_at').single(),
    );
    expect(updated.level).toBe('data_room');
    expect(updated.granted_by).toBe(admin.id);
    expect(Math.abs(new Date(updated.granted_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('granted_by cannot be set by hand', async () => {
    expectDenied(await admin.client.from('investor_access').update({ granted_by: holder.id }).eq('user_id', holder.id));
  });
});

describe('stakeholders update', () => {
  let holder: TestUser;
  beforeAll(async () => {
    holder = await newHolder('stakeholders');
  });

  it('a stakeholder cannot relabel their own affiliation', async () => {
    expectNoRows(await holder.client.from('stakeholders').update({ affiliation: 'Self-appointed' }).eq('user_id', holder.id).select());
  });

  it('a visitor cannot edit stakeholders', async () => {
    expectDenied(await asAnon().from('stakeholders').update({ affiliation: 'x' }).eq('user_id', holder.id));
  });

  it('a system administrator edits the affiliation', async () => {
    const rows = expectOk(await admin.client.from('stakeholders').update({ affiliation: 'Regulator observer' }).eq('user_id', holder.id).select('affiliation'));
    expect(rows).toEqual([{ affiliation: 'Regulator observer' }]);
  });
});
