-- Issue 27, part 1: what /admin/database reads, and the two checks in front of it
-- (docs/decisions/075-database-page.md).
--
-- Every figure on the page comes from a fixed security-definer function here:
-- no parameter is SQL text (none takes a parameter at all but the actions' ids),
-- search_path is empty, and each carries its own statement_timeout (5 s) and
-- lock_timeout (1 s) in proconfig. Execute is revoked from public and anon and
-- granted to authenticated; the first thing each does is
-- private.require_database_admin(), which wants a system administrator whose
-- token is aal2 (stricter than the rest of the back office, which lets an
-- administrator without any factor through: decision 043). Actions (reset
-- statistics, run advisors, …) also call private.require_recent_second_factor():
-- a second factor verified in the last 10 minutes, read from the token's amr.
--
-- Nothing here returns query text that could carry a secret: statements come
-- from pg_stat_statements (literals already replaced by $n), with comments and
-- any literal left stripped, and utility statements (ALTER ROLE … PASSWORD …)
-- left out; pg_stat_activity is reported by duration, state and query id only.
--
-- The functions run as postgres: locally a superuser; on hosted a member of
-- pg_read_all_stats/pg_monitor, which is what reading other sessions and
-- pg_stat_statements needs.

-- ---------------------------------------------------------------------------
-- The checks
-- ---------------------------------------------------------------------------
create function private.require_database_admin(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Members, investors, stakeholders: "Only system administrators may …";
  -- an administrator at aal1 with a factor: aal2_required (decision 043).
  perform private.require_system_admin(p_action);
  if coalesce(auth.jwt() ->> 'aal', '') = 'aal2' then
    return;
  end if;
  -- Only an administrator without any verified factor gets here: the rest of
  -- the back office lets them in, the database page does not.
  raise exception using
    errcode = 'insufficient_privilege',
    message = 'second_factor_setup_required',
    detail = format('Set up a second factor in your account settings, then enter its code to %s.', p_action),
    hint = 'The database page needs an aal2 session: enrol a TOTP factor (auth.mfa.enroll) and verify it.';
end;
$$;
comment on function private.require_database_admin(text) is
  'Raises 42501 unless the caller is a system administrator with an aal2 token: aal2_required (a factor, not used this session), second_factor_setup_required (no factor), else "Only system administrators may …". For /admin/database (decision 075).';
revoke execute on function private.require_database_admin(text) from public;

-- GoTrue signs amr as [{method, timestamp}], one entry per way the session was
-- authenticated, the timestamp being when that method was last used in it
-- (a second verification of the factor in the same session moves it).
-- 'totp' is the one second factor offered here; GoTrue names the others
-- 'mfa/phone' and 'mfa/webauthn'.
create function private.require_recent_second_factor(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_amr jsonb := auth.jwt() -> 'amr';
begin
  if jsonb_typeof(v_amr) = 'array' and exists (
    select 1
    from jsonb_array_elements(v_amr) e
    where e ->> 'method' in ('totp', 'mfa/phone', 'mfa/webauthn')
      and jsonb_typeof(e -> 'timestamp') = 'number'
      and (e ->> 'timestamp')::numeric >= extract(epoch from now()) - 600
  ) then
    return;
  end if;
  raise exception using
    errcode = 'insufficient_privilege',
    message = 'recent_second_factor_required',
    detail = format('Enter the code from your authenticator app again to %s.', p_action),
    hint = 'Verify the second factor again (auth.mfa.challenge and verify); the token''s amr must show it within the last 10 minutes.';
end;
$$;
comment on function private.require_recent_second_factor(text) is
  'Raises 42501 recent_second_factor_required unless the token''s amr shows a second factor (totp, mfa/phone, mfa/webauthn) verified in the last 10 minutes. For the actions of /admin/database (decision 075).';
revoke execute on function private.require_recent_second_factor(text) from public;

-- The one way an action of the page is recorded.
create function private.database_activity(p_action text, p_details jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(), p_action, coalesce(p_details, '{}'));
$$;
comment on function private.database_activity(text, jsonb) is
  'Records an action of /admin/database in network_activity (no organisation: it is about the network''s database).';
revoke execute on function private.database_activity(text, jsonb) from public;

-- ---------------------------------------------------------------------------
-- Health
-- ---------------------------------------------------------------------------
-- One jsonb: the figures, and a finding per problem with its check (the app
-- words it), severity (critical, warning) and the subject. Thresholds:
-- connections 75 % / 90 % of what non-superusers may open; running or idle in
-- a transaction ≥ 60 s (warning; ≥ 10 min critical); any blocked query;
-- transaction-ID age 500 M / 1 000 M (wraparound stops writes near 2 100 M);
-- sequences 75 % / 90 % of their maximum; every invalid index and unvalidated
-- constraint; cache hit rate below 99 % once 10 000 blocks were read; tables
-- whose dead rows are over autovacuum's threshold (50 + 20 % of live rows)
-- and at least 1 000.
create function public.admin_database_health()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_max integer;
  v_used integer;
  v_long jsonb;
  v_idle jsonb;
  v_blocked jsonb;
  v_xid_age bigint;
  v_sequences jsonb;
  v_invalid_indexes jsonb;
  v_invalid_constraints jsonb;
  v_hit numeric;
  v_blocks bigint;
  v_vacuum jsonb;
  v_findings jsonb := '[]';
begin
  perform private.require_database_admin('read the database''s health');

  v_max := current_setting('max_connections')::integer
    - current_setting('superuser_reserved_connections')::integer
    - coalesce(nullif(current_setting('reserved_connections', true), '')::integer, 0);
  select count(*) into v_used from pg_catalog.pg_stat_activity where backend_type = 'client backend';

  select coalesce(jsonb_agg(jsonb_build_object(
           'pid', a.pid, 'seconds', round(extract(epoch from now() - a.query_start)),
           'role', a.usename, 'application', nullif(a.application_name, ''),
           'wait', nullif(concat_ws(':', a.wait_event_type, a.wait_event), ''), 'query_id', a.query_id::text
         ) order by a.query_start), '[]')
    into v_long
    from pg_catalog.pg_stat_activity a
   where a.state = 'active' and a.backend_type = 'client backend' and a.pid <> pg_catalog.pg_backend_pid()
     and a.query_start <= now() - interval '60 seconds';

  select coalesce(jsonb_agg(jsonb_build_object(
           'pid', a.pid, 'seconds', round(extract(epoch from now() - a.state_change)),
           'role', a.usename, 'application', nullif(a.application_name, '')
         ) order by a.state_change), '[]')
    into v_idle
    from pg_catalog.pg_stat_activity a
   where a.state in ('idle in transaction', 'idle in transaction (aborted)')
     and a.state_change <= now() - interval '60 seconds';

  select coalesce(jsonb_agg(jsonb_build_object(
           'pid', b.pid, 'blocked_by', b.blockers, 'seconds', round(extract(epoch from now() - b.query_start)), 'role', b.usename
         ) order by b.query_start), '[]')
    into v_blocked
    from (
      select a.pid, a.query_start, a.usename, pg_catalog.pg_blocking_pids(a.pid) as blockers
      from pg_catalog.pg_stat_activity a
      where a.wait_event_type = 'Lock'
    ) b
   where cardinality(b.blockers) > 0;

  select pg_catalog.age(d.datfrozenxid) into v_xid_age
    from pg_catalog.pg_database d where d.datname = pg_catalog.current_database();

  select coalesce(jsonb_agg(jsonb_build_object(
           'sequence', s.schemaname || '.' || s.sequencename, 'type', s.data_type::text,
           'last_value', s.last_value, 'max_value', s.max_value,
           'used', round(s.last_value::numeric / s.max_value, 4)
         ) order by s.last_value::numeric / s.max_value desc), '[]')
    into v_sequences
    from pg_catalog.pg_sequences s
   where s.last_value is not null and s.max_value > 0 and s.increment_by > 0
     and s.last_value::numeric / s.max_value >= 0.75;

  select coalesce(jsonb_agg(jsonb_build_object(
           'index', n.nspname || '.' || c.relname, 'table', tn.nspname || '.' || t.relname
         ) order by n.nspname, c.relname), '[]')
    into v_invalid_indexes
    from pg_catalog.pg_index i
    join pg_catalog.pg_class c on c.oid = i.indexrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_class t on t.oid = i.indrelid
    join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
   where not i.indisvalid;

  select coalesce(jsonb_agg(jsonb_build_object(
           'constraint', co.conname, 'table', n.nspname || '.' || t.relname
         ) order by n.nspname, t.relname, co.conname), '[]')
    into v_invalid_constraints
    from pg_catalog.pg_constraint co
    join pg_catalog.pg_class t on t.oid = co.conrelid
    join pg_catalog.pg_namespace n on n.oid = t.relnamespace
   where not co.convalidated;

  select sum(d.blks_hit) / nullif(sum(d.blks_hit) + sum(d.blks_read), 0), sum(d.blks_hit) + sum(d.blks_read)
    into v_hit, v_blocks
    from pg_catalog.pg_stat_database d where d.datname = pg_catalog.current_database();

  select coalesce(jsonb_agg(jsonb_build_object(
           'table', s.schemaname || '.' || s.relname, 'dead_rows', s.n_dead_tup, 'live_rows', s.n_live_tup,
           'last_vacuum', greatest(s.last_vacuum, s.last_autovacuum)
         ) order by s.n_dead_tup desc), '[]')
    into v_vacuum
    from pg_catalog.pg_stat_all_tables s
   where s.schemaname not in ('pg_catalog', 'information_schema') and s.schemaname not like 'pg\_toast%'
     and s.n_dead_tup >= 1000
     and s.n_dead_tup > 50 + 0.2 * s.n_live_tup;

  -- The findings, most severe first as the app lists them.
  if v_used >= 0.75 * v_max then
    v_findings := v_findings || jsonb_build_object('check', 'connections',
      'severity', case when v_used >= 0.9 * v_max then 'critical' else 'warning' end,
      'subject', format('%s of %s', v_used, v_max));
  end if;
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'long_running',
      'severity', case when (x ->> 'seconds')::numeric >= 600 then 'critical' else 'warning' end,
      'subject', format('process %s', x ->> 'pid'), 'seconds', x -> 'seconds')) from jsonb_array_elements(v_long) x), '[]');
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'idle_in_transaction',
      'severity', case when (x ->> 'seconds')::numeric >= 600 then 'critical' else 'warning' end,
      'subject', format('process %s', x ->> 'pid'), 'seconds', x -> 'seconds')) from jsonb_array_elements(v_idle) x), '[]');
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'blocked',
      'severity', 'warning', 'subject', format('process %s', x ->> 'pid'), 'seconds', x -> 'seconds')) from jsonb_array_elements(v_blocked) x), '[]');
  if v_xid_age >= 500000000 then
    v_findings := v_findings || jsonb_build_object('check', 'xid_age',
      'severity', case when v_xid_age >= 1000000000 then 'critical' else 'warning' end, 'subject', v_xid_age::text);
  end if;
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'sequence',
      'severity', case when (x ->> 'used')::numeric >= 0.9 then 'critical' else 'warning' end,
      'subject', x ->> 'sequence')) from jsonb_array_elements(v_sequences) x), '[]');
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'invalid_index',
      'severity', 'warning', 'subject', x ->> 'index')) from jsonb_array_elements(v_invalid_indexes) x), '[]');
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'invalid_constraint',
      'severity', 'warning', 'subject', format('%s on %s', x ->> 'constraint', x ->> 'table'))) from jsonb_array_elements(v_invalid_constraints) x), '[]');
  if v_blocks >= 10000 and v_hit < 0.99 then
    v_findings := v_findings || jsonb_build_object('check', 'cache_hit_rate',
      'severity', case when v_hit < 0.95 then 'critical' else 'warning' end, 'subject', round(v_hit * 100, 2)::text || ' %');
  end if;
  v_findings := v_findings || coalesce((select jsonb_agg(jsonb_build_object('check', 'needs_vacuum',
      'severity', 'warning', 'subject', x ->> 'table')) from jsonb_array_elements(v_vacuum) x), '[]');

  return jsonb_build_object(
    'checked_at', now(),
    'connections', jsonb_build_object('used', v_used, 'max', v_max),
    'long_running', v_long,
    'idle_in_transaction', v_idle,
    'blocked', v_blocked,
    'xid_age', v_xid_age,
    'sequences', v_sequences,
    'invalid_indexes', v_invalid_indexes,
    'invalid_constraints', v_invalid_constraints,
    'cache_hit_rate', round(v_hit, 4),
    'needs_vacuum', v_vacuum,
    'findings', (
      select coalesce(jsonb_agg(f order by case f ->> 'severity' when 'critical' then 0 else 1 end), '[]')
      from jsonb_array_elements(v_findings) f
    )
  );
end;
$$;
comment on function public.admin_database_health() is
  'The database''s health for /admin/database: connections, long-running and idle-in-transaction sessions, blocked queries, transaction-ID age, sequences near their maximum, invalid indexes and constraints, cache hit rate, tables needing vacuum, and a finding per problem. System administrators at aal2 only (decision 075).';

-- ---------------------------------------------------------------------------
-- Query performance
-- ---------------------------------------------------------------------------
-- Whether a pg_stat_statements entry is a plain query (select, insert,
-- update, delete, with, values, merge, table), after any leading comments.
-- Utility statements are stored with their literals (ALTER ROLE … PASSWORD
-- 'x'), so they are never shown. One anchored expression: cheap enough to run
-- on every entry (thousands), where the cleaning below runs only on the 40
-- shown.
create function private.is_plain_query(p_query text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- The first 300 characters decide, so the cost per entry is bounded; a
  -- statement behind longer leading comments counts as not plain (hidden).
  select left(p_query, 300) ~* '^(\s|/\*([^*]|\*+[^*/])*\*+/|--[^\n]*(\n|$))*\(*\s*(select|insert|update|delete|with|values|merge|table)\M';
$$;
comment on function private.is_plain_query(text) is
  'True when a pg_stat_statements query is a plain query (not a utility statement, which keeps its literals), after leading comments.';
revoke execute on function private.is_plain_query(text) from public;

-- The text of an entry as the page may show it: comments out, any literal
-- that normalisation left (string, dollar-quoted, number) replaced by ?,
-- whitespace collapsed. Null for anything that is not a plain query.
create function private.shown_statement(p_query text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when private.is_plain_query(p_query) then left(btrim(regexp_replace(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(p_query, '/\*.*?\*/', ' ', 'g'),
          '--[^\n]*', ' ', 'g'),
        '\$\$.*?\$\$', '?', 'g'),
      '''(?:[^'']|'''')*''', '?', 'g'),
    '(?<![$[:alnum:]_.])[0-9]+(\.[0-9]+)?\M', '?', 'g'),
  '\s+', ' ', 'g')), 2000) end;
$$;
comment on function private.shown_statement(text) is
  'A pg_stat_statements query as /admin/database shows it: comments and leftover literals removed; null for utility statements, which keep their literals (passwords).';
revoke execute on function private.shown_statement(text) from public;

create function public.admin_database_queries()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_result jsonb;
begin
  perform private.require_database_admin('read the query statistics');
  if to_regclass('extensions.pg_stat_statements') is null then
    return jsonb_build_object('available', false);
  end if;

  with entries as materialized (
    select s.queryid::text as query_id, s.query, private.is_plain_query(s.query) as plain,
           s.calls, s.rows, s.total_exec_time, s.mean_exec_time,
           s.shared_blks_hit, s.shared_blks_read
    from extensions.pg_stat_statements(true) s
    where s.dbid = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
      and s.toplevel
  ), by_total as (
    select * from entries where plain order by total_exec_time desc limit 20
  ), by_mean as (
    select * from entries where plain order by mean_exec_time desc limit 20
  ), shown as (
    -- Cleaned only here: at most 40 entries, not every one.
    select distinct on (t.query_id) t.query_id, t.total_exec_time, t.mean_exec_time, jsonb_build_object(
      'query_id', t.query_id, 'query', private.shown_statement(t.query), 'calls', t.calls, 'rows', t.rows,
      'total_ms', round(t.total_exec_time::numeric, 2), 'mean_ms', round(t.mean_exec_time::numeric, 3),
      'hit_ratio', round(t.shared_blks_hit::numeric / nullif(t.shared_blks_hit + t.shared_blks_read, 0), 4)
    ) as entry
    from (select * from by_total union all select * from by_mean) t
  )
  select jsonb_build_object(
    'available', true,
    'stats_reset', (select i.stats_reset from extensions.pg_stat_statements_info i),
    'evicted', (select i.dealloc from extensions.pg_stat_statements_info i),
    'entries', (select count(*) from entries),
    'hidden', (select count(*) from entries where not plain),
    'by_total', coalesce((select jsonb_agg(s.entry order by s.total_exec_time desc)
                          from shown s where s.query_id in (select query_id from by_total)), '[]'),
    'by_mean', coalesce((select jsonb_agg(s.entry order by s.mean_exec_time desc)
                         from shown s where s.query_id in (select query_id from by_mean)), '[]')
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.admin_database_queries() is
  'The top 20 statements by total and by mean execution time from pg_stat_statements (calls, rows, mean, hit ratio; text without literals or comments; utility statements left out), when statistics were last reset and how many entries were evicted. System administrators at aal2 only (decision 075).';

create function public.admin_reset_query_statistics()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
begin
  perform private.require_database_admin('reset the query statistics');
  perform private.require_recent_second_factor('reset the query statistics');
  perform extensions.pg_stat_statements_reset();
  perform private.database_activity('database.query_statistics_reset', '{}');
  -- The snapshot of registry lookups (decision 062) sees the newer stats_reset
  -- and counts every entry from zero, so no lookup is lost or counted twice.
  return jsonb_build_object('reset_at', now());
end;
$$;
comment on function public.admin_reset_query_statistics() is
  'Resets pg_stat_statements and records database.query_statistics_reset. System administrators at aal2 with a second factor in the last 10 minutes (decision 075).';

-- ---------------------------------------------------------------------------
-- Space and indexes
-- ---------------------------------------------------------------------------
-- Sizes for every user table; the index lints only for the schemas we own
-- (public, private): auth and storage are Supabase's to index.
create function public.admin_database_space()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_result jsonb;
begin
  perform private.require_database_admin('read the database''s space and indexes');

  with tables as (
    select c.oid, n.nspname || '.' || c.relname as name, greatest(c.reltuples, 0)::bigint as rows,
           pg_catalog.pg_table_size(c.oid) as table_bytes, pg_catalog.pg_indexes_size(c.oid) as index_bytes
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'm', 'p')
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'
  ), own_indexes as (
    select i.indexrelid, i.indrelid, i.indkey, i.indclass, i.indexprs, i.indpred, i.indisunique, i.indisprimary,
           n.nspname || '.' || ic.relname as name, n.nspname || '.' || tc.relname as table_name,
           pg_catalog.pg_relation_size(i.indexrelid) as bytes
    from pg_catalog.pg_index i
    join pg_catalog.pg_class ic on ic.oid = i.indexrelid
    join pg_catalog.pg_class tc on tc.oid = i.indrelid
    join pg_catalog.pg_namespace n on n.oid = tc.relnamespace
    where n.nspname in ('public', 'private')
  )
  select jsonb_build_object(
    'database_bytes', pg_catalog.pg_database_size(pg_catalog.current_database()),
    'stats_since', (select d.stats_reset from pg_catalog.pg_stat_database d where d.datname = pg_catalog.current_database()),
    'tables', coalesce((select jsonb_agg(jsonb_build_object('table', t.name, 'rows', t.rows,
                 'table_bytes', t.table_bytes, 'index_bytes', t.index_bytes) order by t.table_bytes + t.index_bytes desc)
               from (select * from tables order by table_bytes + index_bytes desc limit 25) t), '[]'),
    'table_count', (select count(*) from tables),
    'unused_indexes', coalesce((select jsonb_agg(jsonb_build_object('index', o.name, 'table', o.table_name, 'bytes', o.bytes)
                 order by o.bytes desc)
               from own_indexes o
               join pg_catalog.pg_stat_all_indexes s on s.indexrelid = o.indexrelid
               where s.idx_scan = 0 and not o.indisunique and not o.indisprimary), '[]'),
    'duplicate_indexes', coalesce((select jsonb_agg(jsonb_build_object('table', d.table_name, 'indexes', d.names, 'bytes', d.bytes)
                 order by d.table_name)
               from (select min(o.table_name) as table_name, jsonb_agg(o.name order by o.name) as names, sum(o.bytes) as bytes
                     from own_indexes o
                     group by o.indrelid, o.indkey::text, o.indclass::text, coalesce(o.indexprs::text, ''), coalesce(o.indpred::text, '')
                     having count(*) > 1) d), '[]'),
    'unindexed_foreign_keys', coalesce((select jsonb_agg(jsonb_build_object('constraint', co.conname,
                 'table', n.nspname || '.' || t.relname,
                 'columns', (select jsonb_agg(a.attname order by k.ord) from unnest(co.conkey) with ordinality k(attnum, ord)
                             join pg_catalog.pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.attnum))
                 order by n.nspname, t.relname, co.conname)
               from pg_catalog.pg_constraint co
               join pg_catalog.pg_class t on t.oid = co.conrelid
               join pg_catalog.pg_namespace n on n.oid = t.relnamespace
               where co.contype = 'f' and n.nspname in ('public', 'private')
                 and not exists (
                   select 1 from pg_catalog.pg_index i
                   where i.indrelid = co.conrelid
                     and (i.indkey::smallint[])[0:cardinality(co.conkey) - 1] @> co.conkey
                     and (i.indkey::smallint[])[0:cardinality(co.conkey) - 1] <@ co.conkey
                 )), '[]')
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.admin_database_space() is
  'The database''s size, the 25 largest tables with their index sizes, and the index lints for public and private: unused (no scan since statistics began, not unique), duplicate, and foreign keys without an index. System administrators at aal2 only (decision 075).';

-- ---------------------------------------------------------------------------
-- Schema: applied migrations, extensions, RLS coverage
-- ---------------------------------------------------------------------------
-- The migrations the build expects are compared in the app (it embeds the
-- names of supabase/migrations' files); this says which were applied, as the
-- Supabase CLI (and the local stack) records them. Exposed tables are those
-- of the API's schemas (config.toml [api] schemas: public).
create function public.admin_database_schema()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_migrations jsonb;
begin
  perform private.require_database_admin('read the database''s schema');
  if to_regclass('supabase_migrations.schema_migrations') is not null then
    execute 'select coalesce(jsonb_agg(jsonb_build_object(''version'', version, ''name'', name) order by version), ''[]'')
             from supabase_migrations.schema_migrations'
      into v_migrations;
  end if;
  return jsonb_build_object(
    'applied_migrations', v_migrations,
    'extensions', coalesce((select jsonb_agg(jsonb_build_object('name', e.extname, 'version', e.extversion,
                   'schema', n.nspname, 'default_version', a.default_version) order by e.extname)
                 from pg_catalog.pg_extension e
                 join pg_catalog.pg_namespace n on n.oid = e.extnamespace
                 left join pg_catalog.pg_available_extensions a on a.name = e.extname), '[]'),
    'tables', coalesce((select jsonb_agg(jsonb_build_object('table', n.nspname || '.' || c.relname,
                   'rls', c.relrowsecurity,
                   'policies', (select count(*) from pg_catalog.pg_policy p where p.polrelid = c.oid))
                 order by c.relname)
               from pg_catalog.pg_class c
               join pg_catalog.pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'public' and c.relkind in ('r', 'p')), '[]')
  );
end;
$$;
comment on function public.admin_database_schema() is
  'Applied migrations (supabase_migrations.schema_migrations; null where that table is missing), installed extensions with their default versions, and RLS coverage (RLS on, number of policies) of every table in the exposed schema. System administrators at aal2 only (decision 075).';

-- ---------------------------------------------------------------------------
-- Who may call them
-- ---------------------------------------------------------------------------
revoke execute on function public.admin_database_health() from public, anon;
revoke execute on function public.admin_database_queries() from public, anon;
revoke execute on function public.admin_reset_query_statistics() from public, anon;
revoke execute on function public.admin_database_space() from public, anon;
revoke execute on function public.admin_database_schema() from public, anon;
grant execute on function public.admin_database_health() to authenticated;
grant execute on function public.admin_database_queries() to authenticated;
grant execute on function public.admin_reset_query_statistics() to authenticated;
grant execute on function public.admin_database_space() to authenticated;
grant execute on function public.admin_database_schema() to authenticated;
