-- The network's figures kept up to date as the network changes, so reading
-- them costs the same at 100,000 organisations as at ten (docs/decisions/062-network-figures.md).
--
-- 20261129000400 computed every figure from the base tables on each call; at
-- the tenants bench's scale (100,000 organisations) that took seconds, because
-- "active members at the end of each week" walks every organisation's registry
-- history. Instead, triggers on the base tables keep:
-- * private.network_daily: per UTC day, new members, the change in the number
--   of active members, other registry status changes, onboarding starts,
--   submissions, approvals and rejections;
-- * private.network_decision_days: per UTC day of decision, how many decisions
--   took how many tenths of a day (for the median);
-- * private.network_counts: current active members per sector and per
--   country, and applications per status.
-- Each organisation's share of those is kept beside them (the *_effects and
-- active_member_facts tables); a change to an organisation takes its old share
-- out and puts its new one in, computed from the base tables, so the totals
-- never depend on the order changes arrive in (the seed back-dates history with
-- updates). private.rebuild_network_figures() recomputes everything from the
-- base tables: run by this migration, and after loads that bypass triggers.
--
-- network_summary() also gives active_members_previous (active members at the
-- end of previous_to) and pending_applications_previous (applications
-- submitted by then and not decided by then, as their decisions stand now), so
-- the dashboard can show a trend for every figure.
--
-- Definitions are those of 20261129000400, except "started", which can now be
-- counted as it happens:
-- * started: onboarding drafts begun in the period (application_drafts
--   inserted), whether later submitted, discarded or still open; plus
--   applications filed without a draft (by an administrator, or before this
--   migration, whose drafts are gone), counted when submitted.

-- ---------------------------------------------------------------------------
-- The totals
-- ---------------------------------------------------------------------------
create table private.network_daily (
  day date primary key,
  new_members integer not null default 0,
  active_delta integer not null default 0,
  status_changes integer not null default 0,
  started integer not null default 0,
  submitted integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  -- +1 when an application is submitted, −1 when it is decided (or on its
  -- submission day, if the recorded decision is older than the submission):
  -- applications pending at the end of a day are the sum up to it, never below zero.
  pending_delta integer not null default 0
);
comment on table private.network_daily is
  'Per UTC day: first publications, the net change in active members, other registry status changes, onboarding starts, submissions, approvals, rejections and the change in pending applications. Kept by triggers; read by network_summary/network_analytics.';

create table private.network_decision_days (
  day date not null,
  tenths integer not null,
  decisions integer not null default 0,
  primary key (day, tenths)
);
comment on table private.network_decision_days is
  'Per UTC day of decision: how many applications decided (approved or rejected, still so) took `tenths` tenths of a day from submission. For the median days to decision.';

create table private.network_counts (
  dimension text not null check (dimension in ('sector', 'country', 'application_status')),
  value text not null,
  n integer not null default 0,
  primary key (dimension, value)
);
comment on table private.network_counts is
  'Current counts: active members per sector and per country (''unknown'' where none given), applications per status.';

-- ---------------------------------------------------------------------------
-- Each organisation's share
-- ---------------------------------------------------------------------------
create table private.registry_org_effects (
  organization_id uuid not null,
  day date not null,
  new_members integer not null,
  active_delta integer not null,
  status_changes integer not null,
  primary key (organization_id, day)
);
comment on table private.registry_org_effects is
  'One organisation''s registry history''s share of network_daily, per day. No foreign key: it must outlive the organisation''s deletion long enough to be taken out of the totals.';

create table private.application_effects (
  organization_id uuid primary key,
  status public.application_status not null,
  started_day date,
  submitted_day date not null,
  decided_day date,
  tenths integer
);
comment on table private.application_effects is
  'One application''s share of network_daily, network_decision_days and the application_status counts.';

create table private.active_member_facts (
  organization_id uuid primary key,
  sector text not null,
  country text not null
);
comment on table private.active_member_facts is
  'The sector and country each active member counts under in network_counts.';

-- ---------------------------------------------------------------------------
-- Moving one organisation's share
-- ---------------------------------------------------------------------------
create function private.add_network_daily(
  p_day date, p_new_members integer default 0, p_active_delta integer default 0, p_status_changes integer default 0,
  p_started integer default 0, p_submitted integer default 0, p_approved integer default 0, p_rejected integer default 0,
  p_pending_delta integer default 0
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.network_daily as d (day, new_members, active_delta, status_changes, started, submitted, approved, rejected, pending_delta)
  values (p_day, p_new_members, p_active_delta, p_status_changes, p_started, p_submitted, p_approved, p_rejected, p_pending_delta)
  on conflict (day) do update
    set new_members = d.new_members + excluded.new_members,
        active_delta = d.active_delta + excluded.active_delta,
        status_changes = d.status_changes + excluded.status_changes,
        started = d.started + excluded.started,
        submitted = d.submitted + excluded.submitted,
        approved = d.approved + excluded.approved,
        rejected = d.rejected + excluded.rejected,
        pending_delta = d.pending_delta + excluded.pending_delta;
$$;
comment on function private.add_network_daily(date, integer, integer, integer, integer, integer, integer, integer, integer) is
  'Adds (or with negative numbers takes out) one day''s figures.';
revoke execute on function private.add_network_daily(date, integer, integer, integer, integer, integer, integer, integer, integer) from public;

create function private.add_network_count(p_dimension text, p_value text, p_n integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.network_counts as c (dimension, value, n) values (p_dimension, p_value, p_n)
  on conflict (dimension, value) do update set n = c.n + excluded.n;
$$;
comment on function private.add_network_count(text, text, integer) is 'Adds p_n (negative to take out) to one current count.';
revoke execute on function private.add_network_count(text, text, integer) from public;

-- Each registry status change's UTC day, its effect on the number of active
-- members (+1 becoming active, −1 leaving it) and whether it is the
-- organisation's first publication, summed per organisation and day.
create view private.registry_change_effects with (security_barrier) as
select c.organization_id,
       (c.effective_from at time zone 'UTC')::date as day,
       count(*) filter (where c.status = 'active' and not c.was_active)::integer as new_members,
       coalesce(sum(case
         when c.status = 'active' and c.previous is distinct from 'active' then 1
         when c.status <> 'active' and c.previous = 'active' then -1
         else 0 end), 0)::integer as active_delta,
       count(*) filter (where not (c.status = 'active' and not c.was_active))::integer as status_changes
  from (
    select r.organization_id, r.effective_from, r.status,
           lag(r.status) over w as previous,
           coalesce(bool_or(r.status = 'active') over (w rows between unbounded preceding and 1 preceding), false) as was_active
      from public.registry_status_changes r
    window w as (partition by r.organization_id order by r.effective_from, r.id)
  ) c
 group by c.organization_id, (c.effective_from at time zone 'UTC')::date;
comment on view private.registry_change_effects is
  'Per organisation and UTC day: first publications, net change in active members, other status changes. Filter by organization_id to compute one organisation''s share.';

create function private.refresh_registry_effects(p_organization_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
begin
  -- Two changes to one organisation at once would both take out the same old share.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('network_figures:' || p_organization_id::text, 0));
  for r in delete from private.registry_org_effects e where e.organization_id = p_organization_id returning e.* loop
    perform private.add_network_daily(r.day, p_new_members => -r.new_members, p_active_delta => -r.active_delta, p_status_changes => -r.status_changes);
  end loop;
  for r in
    insert into private.registry_org_effects (organization_id, day, new_members, active_delta, status_changes)
    select e.organization_id, e.day, e.new_members, e.active_delta, e.status_changes
      from private.registry_change_effects e where e.organization_id = p_organization_id
    returning *
  loop
    perform private.add_network_daily(r.day, p_new_members => r.new_members, p_active_delta => r.active_delta, p_status_changes => r.status_changes);
  end loop;
end;
$$;
comment on function private.refresh_registry_effects(uuid) is
  'Replaces one organisation''s registry history''s share of network_daily with one computed from registry_status_changes.';
revoke execute on function private.refresh_registry_effects(uuid) from public;

create view private.application_effects_now with (security_barrier) as
select a.organization_id,
       a.status,
       -- Started with a draft: the draft's insert counted it already.
       case when s.organization_id is null then (a.submitted_at at time zone 'UTC')::date end as started_day,
       (a.submitted_at at time zone 'UTC')::date as submitted_day,
       case when a.status in ('approved', 'rejected') then (a.decided_at at time zone 'UTC')::date end as decided_day,
       case when a.status in ('approved', 'rejected')
            then round(extract(epoch from a.decided_at - a.submitted_at) / 8640)::integer end as tenths
  from public.organization_applications a
  left join private.onboarding_starts s on s.organization_id = a.organization_id;
comment on view private.application_effects_now is 'Each application''s share of the figures, from the base tables.';

create function private.apply_application_effect(r private.application_effects, p_sign integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_network_count('application_status', r.status::text, p_sign);
  if r.started_day is not null then
    perform private.add_network_daily(r.started_day, p_started => p_sign);
  end if;
  perform private.add_network_daily(r.submitted_day, p_submitted => p_sign, p_pending_delta => p_sign);
  if r.decided_day is not null then
    perform private.add_network_daily(r.decided_day,
      p_approved => case when r.status = 'approved' then p_sign else 0 end,
      p_rejected => case when r.status = 'rejected' then p_sign else 0 end);
    perform private.add_network_daily(greatest(r.decided_day, r.submitted_day), p_pending_delta => -p_sign);
    insert into private.network_decision_days as d (day, tenths, decisions) values (r.decided_day, r.tenths, p_sign)
    on conflict (day, tenths) do update set decisions = d.decisions + excluded.decisions;
  end if;
end;
$$;
comment on function private.apply_application_effect(private.application_effects, integer) is
  'Adds (p_sign 1) or takes out (-1) one application''s share of the totals.';
revoke execute on function private.apply_application_effect(private.application_effects, integer) from public;

create function private.refresh_application_effects(p_organization_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r private.application_effects;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('network_figures:' || p_organization_id::text, 1));
  for r in delete from private.application_effects e where e.organization_id = p_organization_id returning e.* loop
    perform private.apply_application_effect(r, -1);
  end loop;
  for r in
    insert into private.application_effects (organization_id, status, started_day, submitted_day, decided_day, tenths)
    select v.organization_id, v.status, v.started_day, v.submitted_day, v.decided_day, v.tenths
      from private.application_effects_now v where v.organization_id = p_organization_id
    returning *
  loop
    perform private.apply_application_effect(r, 1);
  end loop;
end;
$$;
comment on function private.refresh_application_effects(uuid) is
  'Replaces one application''s share of the totals with one computed from organization_applications.';
revoke execute on function private.refresh_application_effects(uuid) from public;

create view private.active_member_facts_now with (security_barrier) as
select r.organization_id, coalesce(o.sector::text, 'unknown') as sector, coalesce(o.country, 'unknown') as country
  from public.registry_entries r
  join public.organizations o on o.id = r.organization_id
 where r.status = 'active';
comment on view private.active_member_facts_now is 'The sector and country of every active member, from the base tables.';

create function private.refresh_member_facts(p_organization_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r private.active_member_facts;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('network_figures:' || p_organization_id::text, 2));
  for r in delete from private.active_member_facts f where f.organization_id = p_organization_id returning f.* loop
    perform private.add_network_count('sector', r.sector, -1);
    perform private.add_network_count('country', r.country, -1);
  end loop;
  for r in
    insert into private.active_member_facts (organization_id, sector, country)
    select v.organization_id, v.sector, v.country from private.active_member_facts_now v where v.organization_id = p_organization_id
    returning *
  loop
    perform private.add_network_count('sector', r.sector, 1);
    perform private.add_network_count('country', r.country, 1);
  end loop;
end;
$$;
comment on function private.refresh_member_facts(uuid) is
  'Replaces one organisation''s share of the sector and country counts (none unless it is an active member).';
revoke execute on function private.refresh_member_facts(uuid) from public;

-- ---------------------------------------------------------------------------
-- Triggers: every path that changes the base tables moves the totals
-- ---------------------------------------------------------------------------
create function private.track_network_figures()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := case when tg_op = 'DELETE' then old.organization_id else new.organization_id end;
begin
  if tg_table_name = 'registry_status_changes' then
    perform private.refresh_registry_effects(v_organization_id);
    if tg_op = 'UPDATE' and old.organization_id is distinct from new.organization_id then
      perform private.refresh_registry_effects(old.organization_id);
    end if;
  elsif tg_table_name in ('organization_applications', 'onboarding_starts') then
    perform private.refresh_application_effects(v_organization_id);
  elsif tg_table_name = 'registry_entries' then
    perform private.refresh_member_facts(v_organization_id);
  end if;
  return null;
end;
$$;
comment on function private.track_network_figures() is
  'After a change to registry_status_changes, organization_applications, onboarding_starts or registry_entries: recomputes that organisation''s share of the network figures.';
revoke execute on function private.track_network_figures() from public;

create trigger registry_status_changes_network_figures
  after insert or update or delete on public.registry_status_changes
  for each row execute function private.track_network_figures();
create trigger organization_applications_network_figures
  after insert or update or delete on public.organization_applications
  for each row execute function private.track_network_figures();
create trigger onboarding_starts_network_figures
  after insert or update or delete on private.onboarding_starts
  for each row execute function private.track_network_figures();
create trigger registry_entries_network_figures
  after insert or update of status or delete on public.registry_entries
  for each row execute function private.track_network_figures();

-- organizations has no organization_id column: its own trigger.
create function private.track_member_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_member_facts(new.id);
  return null;
end;
$$;
comment on function private.track_member_profile() is
  'After an organisation''s sector or country changes: moves it between the sector and country counts if it is an active member.';
revoke execute on function private.track_member_profile() from public;
create trigger organizations_network_figures
  after update of sector, country on public.organizations
  for each row when (old.sector is distinct from new.sector or old.country is distinct from new.country)
  execute function private.track_member_profile();

-- A draft begun is an onboarding started, whatever becomes of it.
create function private.count_onboarding_start()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_network_daily((new.created_at at time zone 'UTC')::date, p_started => 1);
  return null;
end;
$$;
comment on function private.count_onboarding_start() is 'After insert on application_drafts: one more onboarding started that day.';
revoke execute on function private.count_onboarding_start() from public;
create trigger application_drafts_count_start
  after insert on public.application_drafts
  for each row execute function private.count_onboarding_start();

-- ---------------------------------------------------------------------------
-- Rebuilding everything from the base tables
-- ---------------------------------------------------------------------------
create function private.rebuild_network_figures()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  lock table private.network_daily, private.network_decision_days, private.network_counts in exclusive mode;
  truncate private.network_daily, private.network_decision_days, private.network_counts,
           private.registry_org_effects, private.application_effects, private.active_member_facts;

  insert into private.registry_org_effects (organization_id, day, new_members, active_delta, status_changes)
  select e.organization_id, e.day, e.new_members, e.active_delta, e.status_changes from private.registry_change_effects e;
  insert into private.application_effects (organization_id, status, started_day, submitted_day, decided_day, tenths)
  select v.organization_id, v.status, v.started_day, v.submitted_day, v.decided_day, v.tenths from private.application_effects_now v;
  insert into private.active_member_facts (organization_id, sector, country)
  select v.organization_id, v.sector, v.country from private.active_member_facts_now v;

  insert into private.network_daily (day, new_members, active_delta, status_changes, started, submitted, approved, rejected, pending_delta)
  select u.day, sum(u.new_members), sum(u.active_delta), sum(u.status_changes), sum(u.started), sum(u.submitted), sum(u.approved), sum(u.rejected),
         sum(u.pending_delta)
    from (
      select e.day, e.new_members, e.active_delta, e.status_changes, 0 as started, 0 as submitted, 0 as approved, 0 as rejected, 0 as pending_delta
        from private.registry_org_effects e
      union all
      select a.started_day, 0, 0, 0, 1, 0, 0, 0, 0 from private.application_effects a where a.started_day is not null
      union all
      select a.submitted_day, 0, 0, 0, 0, 1, 0, 0, 1 from private.application_effects a
      union all
      select a.decided_day, 0, 0, 0, 0, 0, (a.status = 'approved')::integer, (a.status = 'rejected')::integer, 0
        from private.application_effects a where a.decided_day is not null
      union all
      select greatest(a.decided_day, a.submitted_day), 0, 0, 0, 0, 0, 0, 0, -1
        from private.application_effects a where a.decided_day is not null
      union all
      -- Drafts still open; those submitted or discarded before this was
      -- counted are gone (their applications count when submitted).
      select (d.created_at at time zone 'UTC')::date, 0, 0, 0, 1, 0, 0, 0, 0 from public.application_drafts d
    ) u
   group by u.day;
  insert into private.network_decision_days (day, tenths, decisions)
  select a.decided_day, a.tenths, count(*) from private.application_effects a where a.decided_day is not null group by 1, 2;
  insert into private.network_counts (dimension, value, n)
  select 'sector', f.sector, count(*) from private.active_member_facts f group by f.sector
  union all
  select 'country', f.country, count(*) from private.active_member_facts f group by f.country
  union all
  select 'application_status', a.status::text, count(*) from private.application_effects a group by a.status;
end;
$$;
comment on function private.rebuild_network_figures() is
  'Recomputes every network figure total from the base tables. Run by the migration that introduced them and after a load that bypassed triggers (the figures bench).';
revoke execute on function private.rebuild_network_figures() from public;

select private.rebuild_network_figures();

-- ---------------------------------------------------------------------------
-- The two functions, reading the totals
-- ---------------------------------------------------------------------------
create or replace function public.network_summary()
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

  with current_period as (
    select coalesce(sum(d.new_members), 0) as new_members, coalesce(sum(d.status_changes), 0) as status_changes
      from private.network_daily d where d.day between v_current_from and v_today
  ),
  previous_period as (
    select coalesce(sum(d.new_members), 0) as new_members, coalesce(sum(d.status_changes), 0) as status_changes
      from private.network_daily d where d.day between v_previous_from and v_previous_to
  )
  select pg_catalog.jsonb_build_object(
    'as_of', pg_catalog.now(),
    'period', pg_catalog.jsonb_build_object(
      'current_from', v_current_from, 'previous_from', v_previous_from, 'previous_to', v_previous_to),
    -- Every active member counts under exactly one sector ('unknown' included).
    'active_members', (select coalesce(sum(c.n), 0) from private.network_counts c where c.dimension = 'sector'),
    -- Active members at the end of previous_to (the dashboard's trend).
    'active_members_previous', (select coalesce(sum(d.active_delta), 0) from private.network_daily d where d.day <= v_previous_to),
    'new_members', pg_catalog.jsonb_build_object('current', cp.new_members, 'previous', pp.new_members),
    'pending_applications', (select coalesce(sum(c.n), 0) from private.network_counts c
                              where c.dimension = 'application_status' and c.value in ('pending', 'under_review')),
    -- Applications submitted by the end of previous_to and not decided by
    -- then, as their decisions stand now (a decision later withdrawn does not count).
    'pending_applications_previous', (select coalesce(sum(d.pending_delta), 0)
                                        from private.network_daily d where d.day <= v_previous_to),
    'registry_lookups', pg_catalog.jsonb_build_object(
      'current', private.registry_lookups_between(v_current_from, v_today),
      'previous', private.registry_lookups_between(v_previous_from, v_previous_to),
      'counted_since', (select s.counted_since from private.registry_lookup_state s)),
    'status_changes', pg_catalog.jsonb_build_object('current', cp.status_changes, 'previous', pp.status_changes)
  ) into v_result
  from current_period cp, previous_period pp;
  return v_result;
end;
$$;

comment on function public.network_summary() is
  'The network at a glance for stakeholders, lite+ investors and system administrators: active members (now, and at the end of previous_to), new members, pending applications (now, and at the end of previous_to), registry lookups and status changes, this UTC calendar month to date against the same days of the previous month (previous_to inclusive). Definitions in the migrations 20261129000400 and 20261129000410. Errors: 42501 not_allowed_figures.';

create or replace function public.network_analytics(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_bucket text;
  v_step interval;
  v_result jsonb;
begin
  perform private.require_figures_reader();
  if p_from is null or p_to is null or p_from > p_to or p_to > (p_from + interval '10 years')::date then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_period';
  end if;
  v_bucket := case when p_to - p_from + 1 <= 62 then 'day' when p_to - p_from + 1 <= 366 then 'week' else 'month' end;
  v_step := ('1 ' || v_bucket)::interval;

  with buckets as (
    -- Week buckets start on Monday (ISO); the first bucket starts at p_from.
    select greatest(b::date, p_from) as period_start
      from pg_catalog.generate_series(pg_catalog.date_trunc(v_bucket, p_from::timestamp), p_to::timestamp, v_step) b
  ),
  daily as (
    select greatest(pg_catalog.date_trunc(v_bucket, d.day::timestamp)::date, p_from) as period_start,
           sum(d.new_members) as new_members, sum(d.active_delta) as active_delta
      from private.network_daily d where d.day between p_from and p_to
     group by 1
  ),
  growth as (
    select b.period_start,
           coalesce(d.new_members, 0) as new_members,
           (select coalesce(sum(x.active_delta), 0) from private.network_daily x where x.day < p_from)
             + sum(coalesce(d.active_delta, 0)) over (order by b.period_start) as active_members
      from buckets b left join daily d on d.period_start = b.period_start
  ),
  lookups as (
    select greatest(pg_catalog.date_trunc(v_bucket, c.day::timestamp)::date, p_from) as period_start, sum(c.lookups) as lookups
      from private.registry_lookup_counts c where c.day between p_from and p_to
     group by 1
  ),
  funnel as (
    select coalesce(sum(d.started), 0) as started, coalesce(sum(d.submitted), 0) as submitted,
           coalesce(sum(d.approved), 0) as approved, coalesce(sum(d.rejected), 0) as rejected
      from private.network_daily d where d.day between p_from and p_to
  ),
  decisions as (
    select t.tenths, sum(t.decisions) as n from private.network_decision_days t
     where t.day between p_from and p_to group by t.tenths having sum(t.decisions) > 0
  ),
  ranked as (
    select d.tenths, sum(d.n) over (order by d.tenths) as upto, sum(d.n) over () as total from decisions d
  ),
  median as (
    -- The middle decision, or the mean of the two middle ones (percentile_cont(0.5)).
    select round(((select min(r.tenths) from ranked r where r.upto >= floor((r.total + 1) / 2.0))
                + (select min(r.tenths) from ranked r where r.upto >= ceil((r.total + 1) / 2.0))) / 20.0, 1) as days
  )
  select pg_catalog.jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'bucket', v_bucket,
    'growth', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                 'period_start', g.period_start, 'new_members', g.new_members, 'active_members', g.active_members)
                 order by g.period_start), '[]') from growth g),
    'funnel', (select pg_catalog.jsonb_build_object(
                 'started', f.started, 'submitted', f.submitted, 'approved', f.approved, 'rejected', f.rejected,
                 'median_days_to_decision', (select m.days from median m))
                 from funnel f),
    'sectors', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('sector', c.value, 'members', c.n)
                 order by c.n desc, c.value), '[]')
                  from private.network_counts c where c.dimension = 'sector' and c.n > 0),
    'countries', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('country', c.value, 'members', c.n)
                   order by c.n desc, c.value), '[]')
                    from private.network_counts c where c.dimension = 'country' and c.n > 0),
    'lookups', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('period_start', b.period_start, 'lookups', coalesce(l.lookups, 0))
                 order by b.period_start), '[]') from buckets b left join lookups l on l.period_start = b.period_start),
    'lookups_counted_since', (select s.counted_since from private.registry_lookup_state s)
  ) into v_result;
  return v_result;
end;
$$;

-- The live helper is no longer read.
drop function private.registry_status_effects();
