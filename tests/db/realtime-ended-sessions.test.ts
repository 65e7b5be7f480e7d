import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The part of decision 065 that hosted Supabase runs too: Realtime decides
 * whether a subscriber receives a change of a published table by reading the
 * row under the subscriber's role and stored JWT claims (realtime.apply_rls).
 * Each published table has a restrictive policy that hides every row from a
 * token whose session has ended, so hosted Realtime stops delivering at once
 * even though it never asks the auth service about sessions.
 *
 * The question is asked here as apply_rls asks it: a transaction on a
 * superuser connection that switches to the subscriber's role and claims,
 * selects the row by primary key, and rolls back.
 */

/** Tables the Realtime contract test (tests/auth/realtime.test.ts) adds to the publication of the test database only. */
const CONTRACT_TEST_TABLES = new Set(['organization_members', 'pricing_plans']);

const tokenClaims = async (user: TestUser) => {
  const { data } = await user.client.auth.getSession();
  return JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
};

/** Whether a subscriber with these claims would be sent the change of `table`'s row `id`. */
async function visibleAsRealtimeAsks(claims: Record<string, unknown>, table: string, id: string | number): Promise<boolean> {
  const client = new pg.Client({ connectionString: stackConfig('test').dbUrl });
  await client.connect();
  try {
    await client.query('begin read only');
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [claims.role, JSON.stringify(claims)]);
    const { rows } = await client.query<{ visible: boolean }>(`select exists(select 1 from public.${table} where id = $1) as visible`, [id]);
    return rows[0].visible;
  } finally {
    await client.query('rollback');
    await client.end();
  }
}

let reader: TestUser;
let notificationId: number;

beforeAll(async () => {
  reader = await newUser('realtime-policy');
  [{ id: notificationId }] = await sql<{ id: number }>(
    `insert into public.notifications (user_id, kind, title, body, link) values ($1, 'network_reply', 'A new message', 'Body', '/dashboard/messages') returning id`,
    [reader.id],
  );
});

describe('published tables and ended sessions', () => {
  it('every table in the supabase_realtime publication hides its rows from a token whose session has ended', async () => {
    const tables = await sql<{ tablename: string }>(
      "select tablename from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename",
    );
    const published = tables.map((t) => t.tablename).filter((t) => !CONTRACT_TEST_TABLES.has(t));
    expect(published.length).toBeGreaterThan(0);
    const guarded = await sql<{ tablename: string }>(
      `select tablename from pg_catalog.pg_policies
        where schemaname = 'public' and permissive = 'RESTRICTIVE' and cmd in ('SELECT', 'ALL')
          and 'authenticated' = any(roles) and qual like '%ended_session_reason()%'`,
    );
    const withPolicy = new Set(guarded.map((g) => g.tablename));
    expect(published.filter((t) => !withPolicy.has(t))).toEqual([]);
  });

  it('a notification is visible to its reader’s live session and hidden once the session ends', async () => {
    const claims = await tokenClaims(reader);
    expect(await visibleAsRealtimeAsks(claims, 'notifications', notificationId)).toBe(true);
    await sql('delete from auth.sessions where id = $1', [claims.session_id]);
    expect(await visibleAsRealtimeAsks(claims, 'notifications', notificationId)).toBe(false);
  });

  it('a session past its not_after sees nothing, though its token has not expired', async () => {
    const other = await newUser('realtime-policy-not-after');
    const [{ id }] = await sql<{ id: number }>(
      `insert into public.notifications (user_id, kind, title, body, link) values ($1, 'network_reply', 'Another', 'Body', '/dashboard/messages') returning id`,
      [other.id],
    );
    const claims = await tokenClaims(other);
    await sql(`update auth.sessions set not_after = now() - interval '1 second' where id = $1`, [claims.session_id]);
    expect(await visibleAsRealtimeAsks(claims, 'notifications', id)).toBe(false);
  });
});
