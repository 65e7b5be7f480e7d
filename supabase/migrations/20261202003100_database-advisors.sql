-- Issue 27, part 2: the Supabase advisors' findings on /admin/database
-- (docs/decisions/075-database-page.md).
--
-- The lints are splinter's, as `npm run db:advisors` runs them (the Supabase
-- CLI's `db advisors`): SQL the CLI ships and runs against the database. The
-- database cannot start the CLI, so a run is a row here: the page asks for one
-- (▶ run now, at most once a minute), a nightly one is asked for by the
-- runner itself, and the runner (locally the stack's advisor schedule,
-- supabase/local/advisor-schedule.ts; on hosted a scheduled CI job with the
-- same CLI against the project) claims it, runs the lints and records the
-- findings through private.record_advisor_run(). The page reads the latest
-- finished run. An acknowledgement (with a reason) is kept per finding's
-- cache_key, splinter's stable name for it, so it survives later runs.
--
-- The tables live in private, which the Data API does not expose and the API
-- roles hold no privilege on (as the other private tables, without RLS: with
-- RLS and no policy splinter would report rls_enabled_no_policy).

create table private.database_advisor_runs (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  -- Null: the nightly run.
  requested_by uuid,
  started_at timestamptz,
  finished_at timestamptz,
  status text not null default 'requested' check (status in ('requested', 'running', 'done', 'failed')),
  error text check (error is null or char_length(error) <= 2000)
);
comment on table private.database_advisor_runs is
  'Each run of the Supabase advisors (splinter lints): asked for by the page or the nightly schedule, claimed and recorded by the runner (decision 075).';
create index database_advisor_runs_status_idx on private.database_advisor_runs (status, requested_at);

create table private.database_advisor_findings (
  run_id bigint not null references private.database_advisor_runs (id) on delete cascade,
  cache_key text not null,
  name text not null,
  title text not null,
  level text not null check (level in ('ERROR', 'WARN', 'INFO')),
  categories text[] not null default '{}',
  detail text not null,
  remediation text,
  primary key (run_id, cache_key)
);
comment on table private.database_advisor_findings is
  'The findings of one advisors run, as splinter reports them (cache_key is its stable name for a finding).';

create table private.database_advisor_acknowledgements (
  cache_key text primary key,
  reason text not null check (char_length(btrim(reason)) between 3 and 500),
  acknowledged_by uuid,
  acknowledged_at timestamptz not null default now()
);
comment on table private.database_advisor_acknowledgements is
  'A finding an administrator has looked at and accepted, with why; kept across runs by the finding''s cache_key.';

-- ---------------------------------------------------------------------------
-- The page
-- ---------------------------------------------------------------------------
create function public.admin_database_advisors()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_last private.database_advisor_runs;
  v_done private.database_advisor_runs;
begin
  perform private.require_database_admin('read the advisors'' findings');
  select * into v_last from private.database_advisor_runs order by id desc limit 1;
  select * into v_done from private.database_advisor_runs where status = 'done' order by id desc limit 1;
  return jsonb_build_object(
    'last_run', case when v_last.id is not null then jsonb_build_object(
      'id', v_last.id, 'status', v_last.status, 'requested_at', v_last.requested_at,
      'finished_at', v_last.finished_at, 'error', v_last.error) end,
    'findings_run', case when v_done.id is not null then jsonb_build_object(
      'id', v_done.id, 'finished_at', v_done.finished_at) end,
    'findings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'cache_key', f.cache_key, 'name', f.name, 'title', f.title, 'level', f.level,
        'categories', to_jsonb(f.categories), 'detail', f.detail, 'remediation', f.remediation,
        'acknowledged', case when a.cache_key is not null then jsonb_build_object(
          'reason', a.reason, 'at', a.acknowledged_at,
          'by', (select p.full_name from public.profiles p where p.id = a.acknowledged_by)) end
      ) order by a.cache_key is not null, case f.level when 'ERROR' then 0 when 'WARN' then 1 else 2 end, f.cache_key)
      from private.database_advisor_findings f
      left join private.database_advisor_acknowledgements a on a.cache_key = f.cache_key
      where f.run_id = v_done.id
    ), '[]')
  );
end;
$$;
comment on function public.admin_database_advisors() is
  'The latest advisors run and the findings of the latest finished one, each with its acknowledgement. System administrators at aal2 only (decision 075).';

create function public.admin_request_advisor_run()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_id bigint;
begin
  perform private.require_database_admin('run the advisors');
  perform private.require_recent_second_factor('run the advisors');
  -- One request at a time decides "at most once a minute" (of the page's
  -- requests: the nightly run does not make an administrator wait).
  lock table private.database_advisor_runs in share row exclusive mode;
  if exists (
    select 1 from private.database_advisor_runs
    where requested_by is not null and requested_at > now() - interval '1 minute'
  ) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'advisor_run_too_soon',
      detail = 'The advisors ran less than a minute ago. Try again in a minute.';
  end if;
  insert into private.database_advisor_runs (requested_by) values (auth.uid()) returning id into v_id;
  perform private.database_activity('database.advisors_requested', jsonb_build_object('run_id', v_id));
  return jsonb_build_object('run_id', v_id);
end;
$$;
comment on function public.admin_request_advisor_run() is
  'Asks the runner for an advisors run now (22023 advisor_run_too_soon within a minute of the last request). System administrators at aal2 with a recent second factor (decision 075).';

create function public.admin_acknowledge_advisor_finding(p_cache_key text, p_reason text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
begin
  perform private.require_database_admin('acknowledge an advisors finding');
  perform private.require_recent_second_factor('acknowledge an advisors finding');
  if char_length(btrim(coalesce(p_reason, ''))) not between 3 and 500 then
    raise exception using errcode = 'invalid_parameter_value', message = 'reason_required',
      detail = 'Say in 3 to 500 characters why this finding is accepted.';
  end if;
  -- An id, not text run as SQL: only a finding some run reported can be acknowledged.
  if not exists (select 1 from private.database_advisor_findings where cache_key = p_cache_key) then
    raise exception using errcode = 'invalid_parameter_value', message = 'finding_not_found';
  end if;
  insert into private.database_advisor_acknowledgements (cache_key, reason, acknowledged_by)
  values (p_cache_key, btrim(p_reason), auth.uid())
  on conflict (cache_key) do update
    set reason = excluded.reason, acknowledged_by = excluded.acknowledged_by, acknowledged_at = now();
  perform private.database_activity('database.advisor_acknowledged',
    jsonb_build_object('cache_key', p_cache_key, 'reason', btrim(p_reason)));
  return jsonb_build_object('cache_key', p_cache_key);
end;
$$;
comment on function public.admin_acknowledge_advisor_finding(text, text) is
  'Acknowledges a reported advisors finding (by its cache_key) with a reason. System administrators at aal2 with a recent second factor (decision 075).';

revoke execute on function public.admin_database_advisors() from public, anon;
revoke execute on function public.admin_request_advisor_run() from public, anon;
revoke execute on function public.admin_acknowledge_advisor_finding(text, text) from public, anon;
grant execute on function public.admin_database_advisors() to authenticated;
grant execute on function public.admin_request_advisor_run() to authenticated;
grant execute on function public.admin_acknowledge_advisor_finding(text, text) to authenticated;

-- ---------------------------------------------------------------------------
-- The runner's side (the database owner only)
-- ---------------------------------------------------------------------------
-- The run to do now, marked running: the oldest request, or a nightly one when
-- no run has finished in the last 24 hours. Null when there is nothing to do.
create function private.claim_advisor_run()
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  -- A runner that died leaves a run 'running': after 10 minutes it failed.
  update private.database_advisor_runs
     set status = 'failed', finished_at = now(), error = 'The runner stopped before it finished.'
   where status = 'running' and started_at < now() - interval '10 minutes';
  select id into v_id from private.database_advisor_runs
   where status = 'requested' order by requested_at limit 1 for update skip locked;
  if v_id is null and not exists (
    select 1 from private.database_advisor_runs
    where status in ('requested', 'running') or (status = 'done' and finished_at > now() - interval '24 hours')
  ) then
    insert into private.database_advisor_runs (requested_by) values (null) returning id into v_id;
  end if;
  if v_id is not null then
    update private.database_advisor_runs set status = 'running', started_at = now() where id = v_id;
  end if;
  return v_id;
end;
$$;
comment on function private.claim_advisor_run() is
  'For the advisors runner: marks the oldest requested run (or a new nightly one when none finished in 24 hours) running and returns its id; null when there is nothing to do.';
revoke execute on function private.claim_advisor_run() from public;

-- p_findings: splinter's findings, the `results` of `supabase db advisors --output-format json`
-- (which names the key cacheKey; splinter's own SQL says cache_key).
create function private.record_advisor_run(p_run_id bigint, p_findings jsonb, p_error text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if p_error is not null then
    update private.database_advisor_runs set status = 'failed', finished_at = now(), error = left(p_error, 2000)
     where id = p_run_id;
    return;
  end if;
  insert into private.database_advisor_findings (run_id, cache_key, name, title, level, categories, detail, remediation)
  select p_run_id, coalesce(f ->> 'cache_key', f ->> 'cacheKey'), f ->> 'name', f ->> 'title', f ->> 'level',
         coalesce(array(select jsonb_array_elements_text(f -> 'categories')), '{}'), f ->> 'detail', f ->> 'remediation'
  from jsonb_array_elements(coalesce(p_findings, '[]')) f
  on conflict do nothing;
  update private.database_advisor_runs set status = 'done', finished_at = now() where id = p_run_id;
end;
$$;
comment on function private.record_advisor_run(bigint, jsonb, text) is
  'For the advisors runner: stores a run''s findings (splinter''s JSON) and marks it done, or failed with p_error.';
revoke execute on function private.record_advisor_run(bigint, jsonb, text) from public;
