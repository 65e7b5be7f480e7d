import { beforeAll, describe, expect, it } from 'vitest';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { organisationWithData, type OrganisationWithData } from '../support/organisation-data-fixtures.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * A person's own personal data (GDPR art. 15 and 20; issue 27 part 7,
 * decision 076): export_my_personal_data answers the signed-in person
 * everything the network holds about them and nobody else's, without secrets.
 * Real tokens through PostgREST.
 */

interface PersonalData {
  person: string;
  exported_at: string;
  tables: Record<string, Record<string, unknown>[]>;
}

/** The column naming the person in each exported table (what every row must equal). */
const PERSON_COLUMN: Record<string, string[]> = {
  'public.profiles': ['id'],
  'public.conversation_messages': ['author_id'],
  'public.contact_messages': ['submitted_by'],
  'public.investor_access_requests': ['submitted_by'],
  'public.organization_applications': ['submitted_by'],
  'public.application_documents': ['submitted_by'],
  'public.network_activity': ['actor_id', 'subject_user_id'],
  'auth.users': ['id'],
};

let org: OrganisationWithData;
let outsider: TestUser;

async function exportOf(user: Pick<TestUser, 'client'>): Promise<PersonalData> {
  const { data, error } = await user.client.rpc('export_my_personal_data');
  expect(error).toBeNull();
  return data as unknown as PersonalData;
}

beforeAll(async () => {
  org = await organisationWithData(`Personal Data Verify ${Date.now()}`, 'personal-data');
  outsider = await newUser('personal-data-outsider');
}, 120_000);

describe('who may export what', () => {
  it('is security definer with search_path and timeouts, for signed-in people only', async () => {
    const [row] = await sql<{ prosecdef: boolean; proconfig: string[]; anon: boolean; authenticated: boolean; public: boolean }>(
      `select p.prosecdef, p.proconfig, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p where p.oid = 'public.export_my_personal_data()'::regprocedure`,
    );
    expect(row).toMatchObject({ prosecdef: true, anon: false, authenticated: true });
    expect(row.proconfig.sort()).toEqual(['lock_timeout=1s', 'search_path=""', 'statement_timeout=5s']);
    const [inner] = await sql<{ authenticated: boolean }>(
      `select has_function_privilege('authenticated', 'private.personal_data_rows(uuid)'::regprocedure, 'execute') as authenticated`,
    );
    expect(inner.authenticated).toBe(false);
  });

  it('refuses a visitor, and a person with a second factor at aal1', async () => {
    expect((await asAnon().rpc('export_my_personal_data')).error?.message).toMatch(/permission denied/);
    const guarded = await newUser('personal-data-factor');
    await enrolVerifiedTotp(guarded.client);
    const aal1 = await signInAgain(guarded);
    expect((await aal1.rpc('export_my_personal_data')).error?.message).toBe('aal2_required');
    // At aal2 the same person may.
    expect((await guarded.client.rpc('export_my_personal_data')).error).toBeNull();
  });

  it('every table naming a person by a foreign key to auth.users, user_id, author_id or submitted_by is exported', async () => {
    const found = await sql<{ t: string }>(`
      select distinct n.nspname || '.' || c.relname as t
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname in ('public', 'private')
         and (exists (select 1 from pg_constraint f where f.conrelid = c.oid and f.contype = 'f' and f.confrelid = 'auth.users'::regclass)
              or exists (select 1 from pg_attribute a where a.attrelid = c.oid and not a.attisdropped
                          and a.attname in ('user_id', 'author_id', 'submitted_by')))
       order by 1`);
    const exported = Object.keys((await exportOf(outsider)).tables);
    expect(found.map((r) => r.t).filter((t) => !exported.includes(t)), 'tables about a person the export leaves out').toEqual([]);
  });
});

describe('a person’s export', () => {
  let mine: PersonalData;

  beforeAll(async () => {
    mine = await exportOf(org.admin);
  });

  it('holds their profile, membership, the messages they wrote, their sessions and the activity about them', async () => {
    expect(mine.person).toBe(org.admin.id);
    expect(mine.tables['public.profiles']).toEqual([expect.objectContaining({ id: org.admin.id })]);
    expect(mine.tables['public.organization_members']).toEqual([
      expect.objectContaining({ organization_id: org.id, user_id: org.admin.id, role: 'admin', organization_name: org.name }),
    ]);
    expect(mine.tables['public.conversation_messages']).toEqual([expect.objectContaining({ body: 'Here is the extract.', author_id: org.admin.id })]);
    expect(mine.tables['public.network_activity']).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'test.note', actor_id: org.admin.id })]));
    expect(mine.tables['auth.sessions'].length).toBeGreaterThan(0);
    expect(mine.tables['auth.users']).toEqual([expect.objectContaining({ id: org.admin.id, email: org.admin.email })]);
  });

  it('counts equal the database’s, and every row is about them', async () => {
    const [counts] = await sql<{ sessions: number; activity: number; notifications: number }>(
      `select (select count(*)::int from auth.sessions where user_id = $1) as sessions,
              (select count(*)::int from public.network_activity where actor_id = $1 or subject_user_id = $1) as activity,
              (select count(*)::int from public.notifications where user_id = $1) as notifications`,
      [org.admin.id],
    );
    expect(mine.tables['auth.sessions']).toHaveLength(counts.sessions);
    // The export records itself after the rows were read.
    expect(mine.tables['public.network_activity']).toHaveLength(counts.activity - 1);
    expect(mine.tables['public.notifications']).toHaveLength(counts.notifications);
    for (const [table, rows] of Object.entries(mine.tables)) {
      const columns = PERSON_COLUMN[table] ?? (table.startsWith('auth.') ? [] : ['user_id']);
      for (const row of rows) {
        if (columns.length > 0) expect(columns.some((c) => row[c] === org.admin.id), `${table}: ${JSON.stringify(row)}`).toBe(true);
      }
    }
  });

  it('leaves out everything that signs in: password hash, tokens, factor secrets', async () => {
    const text = JSON.stringify(mine);
    for (const secret of ['encrypted_password', 'refresh_token', 'confirmation_token', 'recovery_token', '"secret"', 'identity_data']) {
      expect(text).not.toContain(secret);
    }
  });

  it('holds nobody else’s data: a colleague’s notification and nobody’s messages for an outsider', async () => {
    const colleague = await exportOf(org.member);
    expect(colleague.tables['public.notifications']).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'A reply', user_id: org.member.id })]));
    expect(colleague.tables['public.notifications'].every((n) => n.user_id === org.member.id)).toBe(true);
    expect(colleague.tables['public.conversation_messages']).toEqual([]);
    expect(mine.tables['public.notifications'].some((n) => n.user_id === org.member.id)).toBe(false);
    const theirs = await exportOf(outsider);
    expect(theirs.tables['public.organization_members']).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(org.admin.id);
  });

  it('is recorded in the activity log', async () => {
    const logged = await sql<{ n: number }>(
      `select count(*)::int as n from public.network_activity where action = 'account.personal_data_exported' and actor_id = $1 and subject_user_id = $1`,
      [org.admin.id],
    );
    expect(logged[0].n).toBe(1);
  });
});
