import { beforeAll, describe, expect, it } from 'vitest';
import { expectDenied, makeSystemAdmin } from '../support/db-fixtures.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * has_investor_level(required): the database's copy of the route guard's rule
 * (machines/access.ts hasInvestorLevel). Levels are ordered, data_room
 * includes lite, system administrators hold every level, and it only ever
 * answers about the caller.
 */
type Level = 'lite' | 'data_room';

let lite: TestUser;
let dataRoom: TestUser;
let nobody: TestUser;
let admin: TestUser;

async function grant(user: TestUser, level: Level) {
  await sql('insert into public.investor_access (user_id, level) values ($1, $2::public.investor_access_level)', [user.id, level]);
}

async function holds(user: TestUser, required: Level): Promise<boolean> {
  const { data, error } = await user.client.rpc('has_investor_level', { required });
  expect(error).toBeNull();
  return data as boolean;
}

beforeAll(async () => {
  [lite, dataRoom, nobody, admin] = await Promise.all([
    newUser('investor-lite'),
    newUser('investor-data-room'),
    newUser('no-investor'),
    newUser('admin'),
  ]);
  await Promise.all([grant(lite, 'lite'), grant(dataRoom, 'data_room'), makeSystemAdmin(admin)]);
});

// The same table as the guard's unit test: who may open which investor route.
const CASES: { who: () => TestUser; label: string; lite: boolean; data_room: boolean }[] = [
  { who: () => lite, label: 'a lite investor', lite: true, data_room: false },
  { who: () => dataRoom, label: 'a data-room investor', lite: true, data_room: true },
  { who: () => nobody, label: 'a person without investor access', lite: false, data_room: false },
  { who: () => admin, label: 'a system administrator', lite: true, data_room: true },
];

describe('has_investor_level', () => {
  describe.each(CASES)('$label', (c) => {
    it(`holds lite: ${c.lite}`, async () => {
      expect(await holds(c.who(), 'lite')).toBe(c.lite);
    });
    it(`holds data_room: ${c.data_room}`, async () => {
      expect(await holds(c.who(), 'data_room')).toBe(c.data_room);
    });
  });

  it('follows a change of level at once: lowering data_room to lite closes the data room', async () => {
    const investor = await newUser('investor-downgraded');
    await grant(investor, 'data_room');
    expect(await holds(investor, 'data_room')).toBe(true);
    await sql(`update public.investor_access set level = 'lite' where user_id = $1`, [investor.id]);
    expect(await holds(investor, 'data_room')).toBe(false);
    expect(await holds(investor, 'lite')).toBe(true);
    await sql('delete from public.investor_access where user_id = $1', [investor.id]);
    expect(await holds(investor, 'lite')).toBe(false);
  });

  it('refuses visitors instead of answering false', async () => {
    expectDenied(await asAnon().rpc('has_investor_level', { required: 'lite' }));
  });

  it('answers false for the service role, which is nobody (auth.uid() is null)', async () => {
    const { data, error } = await asServiceRole().rpc('has_investor_level', { required: 'lite' });
    expect(error).toBeNull();
    expect(data).toBe(false);
  });

  it('rejects a level that does not exist', async () => {
    const { error } = await lite.client.rpc('has_investor_level', { required: 'platinum' });
    expect(error?.code).toBe('22P02');
  });

  it('is security definer with an empty search_path, like every helper', async () => {
    const [fn] = await sql<{ definer: boolean; config: string[] }>(
      `select p.prosecdef as definer, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = 'has_investor_level'`,
    );
    expect(fn).toEqual({ definer: true, config: ['search_path=""'] });
  });
});
