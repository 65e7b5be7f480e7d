import { describe, expect, it } from 'vitest';
import { sql } from '../support/users.ts';

/**
 * Handbook §6 as checks over the whole schema, so a later migration that
 * forgets a convention fails here rather than in production.
 */
describe('schema conventions', () => {
  it('every table in the exposed schema has row-level security and at least one policy', async () => {
    const rows = await sql<{ table_name: string; rls: boolean; policies: number }>(
      `select c.relname as table_name, c.relrowsecurity as rls,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => !r.rls || r.policies === 0)).toEqual([]);
  });

  it('every function in public and private pins search_path to empty', async () => {
    const rows = await sql<{ fn: string; config: string[] | null }>(
      `select p.oid::regprocedure::text as fn, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !(r.config ?? []).includes('search_path=""')).map((r) => r.fn)).toEqual([]);
  });

  it('visitors may execute only the functions meant for them', async () => {
    const rows = await sql<{ fn: string }>(
      `select p.oid::regprocedure::text as fn
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute')
        order by 1`,
    );
    // Extend deliberately: each entry is reachable by anyone with the anon key.
    expect(rows.map((r) => r.fn)).toEqual([
      'accept_admin_invitation(text)', // answers not_authenticated to visitors
      // PostgREST's pre-request runs as every API role; for a visitor it only finds no session claimed
      // (20261124000200_ended-sessions.sql).
      'private.check_request()',
      'private.ended_session_message(text)',
      'private.ended_session_reason()',
      // The open registry API (20261122005000_public-registry.sql): public columns only.
      'registry_by_domain(text)',
      'registry_by_id(uuid)',
      'registry_figures()',
      'registry_search(text,organization_sector,text,registry_status)',
      'registry_status_on(uuid,date)',
      // "Does it verify this schema on this date?" (20261128000500_verification-declaration-history.sql).
      'registry_verifies(uuid,uuid,timestamp with time zone)',
      'request_investor_access(text,text,text,text,text)', // /investors/access: submit only, validated, rate-limited
      'send_contact_message(text,text,text,text,text)', // Contact Us: submit only, validated, rate-limited
    ]);
  });

  it('the role-check RPCs and invitation RPCs exist with the signatures the app calls', async () => {
    const rows = await sql<{ signature: string }>(
      `select format('%s(%s) returns %s', p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid)) as signature
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef
        order by 1`,
    );
    expect(rows.map((r) => r.signature)).toEqual(expect.arrayContaining([
      'accept_admin_invitation(p_token text) returns jsonb',
      'check_user_org_approval_status(user_uuid uuid) returns text',
      'create_admin_invitation(p_email text) returns TABLE(invitation_id uuid, token text, expires_at timestamp with time zone)',
      'is_any_organization_admin(user_uuid uuid) returns boolean',
      'is_user_admin(user_uuid uuid) returns boolean',
    ]));
  });
});
