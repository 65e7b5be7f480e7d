-- The network's figures for stakeholders and investors (issue 17,
-- docs/decisions/062-network-figures.md): network_summary() for the dashboards
-- and network_analytics(from, to) for the analytics page, both computed from
-- the real tables, and registry lookups counted from now on.
--
-- Definitions (every date is a UTC calendar day; a period's dates are inclusive):
-- * active member: an organisation currently listed 'active' in the trust
--   registry (public.registry_entries.status). Suspended and revoked
--   organisations are not active members; pending applicants never are.
-- * new member: an organisation whose FIRST 'active' registry status change
--   (public.registry_status_changes) took effect in the period. A suspension
--   lifted later is a status change, not a new member.
-- * active members at a date (growth): organisations whose latest registry
--   status change taking effect before the end of that date is 'active'.
-- * status change: a registry status change taking effect in the period other
--   than an organisation's first publication (suspensions, reinstatements,
--   revocations), so it does not count new members twice.
-- * pending application: an application currently 'pending' or
--   'under_review' (submitted, not decided).
-- * funnel, over applications:
--   - started: onboarding begun in the period. A draft's start is kept when it
--     is submitted (private.onboarding_starts); open drafts count by their
--     created_at; applications without a draft (created by an administrator,
--     or submitted before starts were recorded) count as started when submitted.
--   - submitted: applications submitted in the period (submitted_at).
--   - approved / rejected: applications whose current status is approved /
--     rejected, decided in the period (decided_at). A decision withdrawn later
--     no longer counts.
--   - median_days_to_decision: median of decided_at − submitted_at in days
--     (one decimal) over the applications approved or rejected in the period;
--     null when none.
-- * sectors / countries: current active members by sector / country;
--   'unknown' where the organisation gave none.
-- * registry lookup: one call of registry_search, registry_by_id,
--   registry_by_domain, registry_status_on or registry_verifies made through
--   the Data API (PostgREST), as pg_stat_statements counts it. See the last part.
--
-- Who may read them: system administrators, stakeholders, and investors at lite
-- or above whose grant has not expired (public.has_investor_level('lite')).
-- Everyone else gets 42501 not_allowed_figures. The functions return only
-- aggregates; the callers gain no read access to any table.

-- ---------------------------------------------------------------------------
-- Onboarding starts: when each submitted application's draft was begun
-- ---------------------------------------------------------------------------
-- submit_application() deletes the draft in the same transaction that creates
-- the application, so without this the funnel's "started" would lose every
-- start once it is submitted.
create table private.onboarding_starts (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  started_at timestamptz not null
);
comment on table private.onboarding_starts is
  'When the draft behind each submitted application was begun (application_drafts.created_at, kept at submission). For the onboarding funnel''s "started".';

create function private.record_onboarding_start()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The draft still exists here: submit_application() inserts the
  -- organisation (whose trigger files this application) before deleting it.
  insert into private.onboarding_starts (organization_id, started_at)
  select new.organization_id, d.created_at
    from public.application_drafts d
   where d.organization_id = new.organization_id
  on conflict (organization_id) do nothing;
  return null;
end;
$$;
comment on function private.record_onboarding_start() is
  'After insert on organization_applications: keeps the submitted draft''s start for the onboarding funnel.';
revoke execute on function private.record_onboarding_start() from public;

create trigger organization_applications_record_start
  after insert on public.organization_applications
  for each row execute function private.record_onboarding_start();

-- ---------------------------------------------------------------------------
-- Registry lookups, counted from now on
-- ---------------------------------------------------------------------------
-- The open API's documented calls are GETs, which PostgREST runs in READ ONLY
-- transactions: the registry functions cannot count themselves (no insert, no
-- nextval). pg_stat_statements, which hosted Supabase preloads and the local
-- stack loads too, counts every statement's calls in shared memory. A
-- snapshot, run every minute (pg_cron on hosted, the local stack's scheduler
-- locally), adds each PostgREST statement's calls since the previous snapshot
-- into a daily count. What it cannot count is in the decision record.
create extension if not exists pg_stat_statements with schema extensions;

create table private.registry_lookup_counts (
  day date not null,
  function_name text not null,
  lookups bigint not null check (lookups >= 0),
  primary key (day, function_name)
);
comment on table private.registry_lookup_counts is
  'Registry lookups through the Data API per UTC day (of the snapshot that saw them) and function. Written only by private.snapshot_registry_lookups().';

-- The calls each pg_stat_statements entry had at the previous snapshot.
create table private.registry_lookup_statements (
  userid oid not null,
  dbid oid not null,
  queryid bigint not null,
  function_name text not null,
  calls bigint not null,
  primary key (userid, dbid, queryid)
);
comment on table private.registry_lookup_statements is
  'Calls of each counted pg_stat_statements entry at the last snapshot, so the next one adds only the difference.';

create table private.registry_lookup_state (
  id boolean primary key default true check (id),
  -- When counting began: the first snapshot that could read pg_stat_statements.
  counted_since timestamptz,
  last_snapshot_at timestamptz,
  -- pg_stat_statements_info.stats_reset at the last snapshot: a later value
  -- means everything was reset, so every entry's calls are new.
  stats_reset timestamptz
);
comment on table private.registry_lookup_state is
  'One row: since when registry lookups are counted and what the last snapshot saw.';
insert into private.registry_lookup_state (id) values (true);

create function private.snapshot_registry_lookups()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_state private.registry_lookup_state;
  v_reset timestamptz;
  v_added bigint := 0;
begin
  -- One snapshot at a time (the schedule and a test may overlap).
  select * into v_state from private.registry_lookup_state where id for update;

  begin
    select i.stats_reset into v_reset from extensions.pg_stat_statements_info i;
    create temporary table registry_lookup_now on commit drop as
    select s.userid, s.dbid, s.queryid, s.calls,
           -- PostgREST always schema-qualifies and quotes the function it calls.
           substring(s.query from '"public"\."(registry_search|registry_by_id|registry_by_domain|registry_status_on|registry_verifies)"\(') as function_name
      from extensions.pg_stat_statements(true) s
     where s.toplevel
       and s.dbid = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
       and s.userid in (select r.oid from pg_catalog.pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role'))
       and s.query ~ '"public"\."(registry_search|registry_by_id|registry_by_domain|registry_status_on|registry_verifies)"\(';
  exception when object_not_in_prerequisite_state or undefined_table or undefined_function then
    -- pg_stat_statements is not loaded (shared_preload_libraries): nothing to count.
    return 0;
  end;

  if v_state.counted_since is not null then
    with delta as (
      select n.function_name,
             case
               -- New since the last snapshot, or everything was reset, or the
               -- entry was evicted and came back with fewer calls: all its calls are new.
               when p.calls is null or v_reset is distinct from v_state.stats_reset or n.calls < p.calls then n.calls
               else n.calls - p.calls
             end as calls
        from pg_temp.registry_lookup_now n
        left join private.registry_lookup_statements p
          on p.userid = n.userid and p.dbid = n.dbid and p.queryid = n.queryid
    ),
    per_function as (
      select d.function_name, sum(d.calls)::bigint as calls from delta d group by d.function_name having sum(d.calls) > 0
    ),
    added as (
      insert into private.registry_lookup_counts as c (day, function_name, lookups)
      select (pg_catalog.now() at time zone 'UTC')::date, f.function_name, f.calls from per_function f
      on conflict (day, function_name) do update set lookups = c.lookups + excluded.lookups
      returning 1
    )
    select coalesce(sum(f.calls), 0) + 0 * (select count(*) from added) into v_added from per_function f;
  end if;

  -- Remember this snapshot's calls; forget entries pg_stat_statements evicted.
  delete from private.registry_lookup_statements;
  insert into private.registry_lookup_statements (userid, dbid, queryid, function_name, calls)
  select n.userid, n.dbid, n.queryid, n.function_name, n.calls from pg_temp.registry_lookup_now n;

  update private.registry_lookup_state
     set counted_since = coalesce(counted_since, pg_catalog.now()),
         last_snapshot_at = pg_catalog.now(),
         stats_reset = v_reset
   where id;
  drop table pg_temp.registry_lookup_now;
  return v_added;
end;
$$;
comment on function private.snapshot_registry_lookups() is
  'Adds the Data API''s registry function calls since the previous snapshot (pg_stat_statements) to today''s counts; the first snapshot only takes the baseline and starts counted_since. Run every minute by pg_cron (hosted) or the local stack. Returns the lookups added.';
revoke execute on function private.snapshot_registry_lookups() from public;

-- The baseline now, where pg_stat_statements is loaded: nothing before this
-- migration is counted.
select private.snapshot_registry_lookups();

-- Hosted: the minute's schedule, where pg_cron is enabled (Database →
-- Extensions). Without it, the decision record gives the one statement to run.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('snapshot-registry-lookups', '* * * * *', 'select private.snapshot_registry_lookups()');
  end if;
end;
$$;

-- ---------------------------------------------------------------------------
-- Who may read the figures
-- ---------------------------------------------------------------------------
create function private.require_figures_reader()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (
    private.is_system_admin()
    or exists (select 1 from public.stakeholders s where s.user_id = (select auth.uid()))
    or public.has_investor_level('lite')
  ) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_allowed_figures';
  end if;
end;
$$;
comment on function private.require_figures_reader() is
  'Raises 42501 not_allowed_figures unless the caller is a system administrator, a stakeholder or an investor at lite or above (unexpired, via has_investor_level).';
revoke execute on function private.require_figures_reader() from public;
grant execute on function private.require_figures_reader() to authenticated;

-- ---------------------------------------------------------------------------
-- Building blocks (private: no access check of their own)
-- ---------------------------------------------------------------------------
-- Every registry status change with its effect on the count of active members
-- (+1 becoming active, −1 leaving active, 0 otherwise) and whether it is the
-- organisation's first publication.
create function private.registry_status_effects()
returns table (organization_id uuid, day date, active_delta integer, first_activation boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select c.organization_id,
         (c.effective_from at time zone 'UTC')::date,
         case
           when c.status = 'active' and c.previous is distinct from 'active' then 1
           when c.status <> 'active' and c.previous = 'active' then -1
           else 0
         end,
         c.status = 'active' and not c.was_active
    from (
      select r.organization_id, r.effective_from, r.status,
             lag(r.status) over w as previous,
             coalesce(bool_or(r.status = 'active') over (w rows between unbounded preceding and 1 preceding), false) as was_active
        from public.registry_status_changes r
      window w as (partition by r.organization_id order by r.effective_from, r.id)
    ) c;
$$;
comment on function private.registry_status_effects() is
  'Each registry status change''s UTC day, its effect on the number of active members and whether it is the organisation''s first publication.';
revoke execute on function private.registry_status_effects() from public;

create function private.registry_lookups_between(p_from date, p_to date)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(c.lookups), 0)::bigint
    from private.registry_lookup_counts c
   where c.day between p_from and p_to;
$$;
comment on function private.registry_lookups_between(date, date) is 'Registry lookups counted on the UTC days from p_from to p_to inclusive.';
revoke execute on function private.registry_lookups_between(date, date) from public;

-- ---------------------------------------------------------------------------
-- network_summary(): the dashboards' figures
-- ---------------------------------------------------------------------------
create function public.network_summary()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := (pg_catalog.now() at time zone 'UTC')::date;
  v_current_from date := pg_catalog.date_trunc('month', v_today)::date;
  v_previous_from date := (v_current_from - interval '1 month')::date;
  -- The same number of days into the previous month, within that month.
  v_previous_to date := least(v_previous_from + (v_today - v_current_from), v_current_from - 1);
  v_result jsonb;
begin
  perform private.require_figures_reader();

  with effects as (
    select e.* from private.registry_status_effects() e
     where e.day between v_previous_from and v_today
  )
  select pg_catalog.jsonb_build_object(
    'as_of', pg_catalog.now(),
    'period', pg_catalog.jsonb_build_object(
      'current_from', v_current_from, 'previous_from', v_previous_from, 'previous_to', v_previous_to),
    'active_members', (select count(*) from public.registry_entries r where r.status = 'active'),
    'new_members', pg_catalog.jsonb_build_object(
      'current', (select count(*) from effects e where e.first_activation and e.day >= v_current_from),
      'previous', (select count(*) from effects e where e.first_activation and e.day between v_previous_from and v_previous_to)),
    'pending_applications', (select count(*) from public.organization_applications a where a.status in ('pending', 'under_review')),
    'registry_lookups', pg_catalog.jsonb_build_object(
      'current', private.registry_lookups_between(v_current_from, v_today),
      'previous', private.registry_lookups_between(v_previous_from, v_previous_to),
      'counted_since', (select s.counted_since from private.registry_lookup_state s)),
    'status_changes', pg_catalog.jsonb_build_object(
      'current', (select count(*) from effects e where not e.first_activation and e.day >= v_current_from),
      'previous', (select count(*) from effects e where not e.first_activation and e.day between v_previous_from and v_previous_to))
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.network_summary() is
  'The network at a glance for stakeholders, lite+ investors and system administrators: active members, new members, pending applications, registry lookups and status changes, this UTC calendar month to date against the same days of the previous month (previous_to inclusive). Definitions in the migration 20261129000400_network-figures.sql. Errors: 42501 not_allowed_figures.';
revoke execute on function public.network_summary() from public, anon;
grant execute on function public.network_summary() to authenticated;

-- ---------------------------------------------------------------------------
-- network_analytics(from, to): the analytics page's series
-- ---------------------------------------------------------------------------
create function public.network_analytics(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_bucket text;
  v_start timestamptz;
  v_end timestamptz;
  v_result jsonb;
begin
  perform private.require_figures_reader();
  if p_from is null or p_to is null or p_from > p_to or p_to > (p_from + interval '10 years')::date then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_period';
  end if;
  v_bucket := case when p_to - p_from + 1 <= 62 then 'day' when p_to - p_from + 1 <= 366 then 'week' else 'month' end;
  v_start := p_from::timestamp at time zone 'UTC';
  v_end := (p_to + 1)::timestamp at time zone 'UTC';

  with buckets as (
    -- Week buckets start on Monday (ISO); the first bucket starts at p_from.
    select greatest(b::date, p_from) as period_start,
           least((b + ('1 ' || v_bucket)::interval)::date, p_to + 1) as period_end
      from pg_catalog.generate_series(pg_catalog.date_trunc(v_bucket, p_from::timestamp), p_to::timestamp, ('1 ' || v_bucket)::interval) b
  ),
  effects as (
    select e.* from private.registry_status_effects() e where e.day <= p_to
  ),
  growth as (
    select b.period_start,
           (select count(*) from effects e where e.first_activation and e.day >= b.period_start and e.day < b.period_end) as new_members,
           (select coalesce(sum(e.active_delta), 0) from effects e where e.day < b.period_end) as active_members
      from buckets b
  ),
  decided as (
    select a.status, extract(epoch from a.decided_at - a.submitted_at) / 86400 as days
      from public.organization_applications a
     where a.status in ('approved', 'rejected') and a.decided_at >= v_start and a.decided_at < v_end
  ),
  lookups as (
    select b.period_start,
           (select coalesce(sum(c.lookups), 0) from private.registry_lookup_counts c
             where c.day >= b.period_start and c.day < b.period_end) as lookups
      from buckets b
  ),
  active as (
    select o.sector::text as sector, o.country
      from public.registry_entries r
      join public.organizations o on o.id = r.organization_id
     where r.status = 'active'
  )
  select pg_catalog.jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'bucket', v_bucket,
    'growth', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                 'period_start', g.period_start, 'new_members', g.new_members, 'active_members', g.active_members)
                 order by g.period_start), '[]') from growth g),
    'funnel', pg_catalog.jsonb_build_object(
      'started', (
        (select count(*) from public.application_drafts d where d.created_at >= v_start and d.created_at < v_end)
        + (select count(*) from public.organization_applications a
             left join private.onboarding_starts s on s.organization_id = a.organization_id
            where coalesce(s.started_at, a.submitted_at) >= v_start and coalesce(s.started_at, a.submitted_at) < v_end)),
      'submitted', (select count(*) from public.organization_applications a where a.submitted_at >= v_start and a.submitted_at < v_end),
      'approved', (select count(*) from decided d where d.status = 'approved'),
      'rejected', (select count(*) from decided d where d.status = 'rejected'),
      'median_days_to_decision', (select round((percentile_cont(0.5) within group (order by d.days))::numeric, 1) from decided d)),
    'sectors', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('sector', s.sector, 'members', s.members)
                 order by s.members desc, s.sector), '[]')
                  from (select coalesce(a.sector, 'unknown') as sector, count(*) as members from active a group by 1) s),
    'countries', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('country', c.country, 'members', c.members)
                   order by c.members desc, c.country), '[]')
                    from (select coalesce(a.country, 'unknown') as country, count(*) as members from active a group by 1) c),
    'lookups', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('period_start', l.period_start, 'lookups', l.lookups)
                 order by l.period_start), '[]') from lookups l),
    'lookups_counted_since', (select s.counted_since from private.registry_lookup_state s)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.network_analytics(date, date) is
  'The analytics page''s figures from p_from to p_to (UTC days, inclusive) for stakeholders, lite+ investors and system administrators: growth (new members per bucket, active members at its end), the onboarding funnel, current active members by sector and country, registry lookups per bucket. Buckets: day up to 62 days, week (from Monday) up to a year, else month. Definitions in the migration 20261129000400_network-figures.sql. Errors: 42501 not_allowed_figures, 22023 invalid_period (missing, from after to, or over 10 years).';
revoke execute on function public.network_analytics(date, date) from public, anon;
grant execute on function public.network_analytics(date, date) to authenticated;
