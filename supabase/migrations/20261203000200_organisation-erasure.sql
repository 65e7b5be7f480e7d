-- Issue 27, part 7: erasing an organisation's data (GDPR art. 17) without
-- breaking the registry's history, and a ledger that erases it again after a
-- restore. Decision: docs/decisions/076-organisation-export-and-erasure.md.
--
-- The steps: a system administrator types the organisation's name
-- (admin_request_erasure); a SECOND, different administrator approves
-- (admin_approve_erasure), which starts a 7-day grace period any administrator
-- may end (admin_cancel_erasure); then the scheduler (public.run_due_erasures,
-- pg_cron on hosted, the stack's SQL schedule locally) erases what
-- private.organisation_data_map marks 'delete', ends the membership, keeps
-- issued invoices and their payments under legal hold, keeps the organisation's
-- registered facts and its registry entry as a tombstone (revoked, "Removed on
-- …"), pseudonymises the audit entries about it, and appends the erasure to
-- private.erasure_ledger. Stored files go through the Storage API (the
-- organisation-data-sweep Edge Function), which SQL cannot reach on hosted.
--
-- private.replay_erasure_ledger() applies every ledgered erasure again; the
-- restore drill calls it after a restore, so a restored backup never brings
-- erased data back. Erasing is idempotent: what is already erased is not
-- touched, and the replay counts only erasures that changed something.

-- ---------------------------------------------------------------------------
-- Where the tombstone is told apart
-- ---------------------------------------------------------------------------
alter table public.organizations add column erased_at timestamptz;
comment on column public.organizations.erased_at is
  'When the organisation''s data was erased (decision 076): the row is the registry''s tombstone, holding only its registered facts.';

-- The last administrator may go when the organisation is being erased.
create or replace function private.keep_an_organization_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return null;
  end if;
  -- The organisation itself is being deleted (the cascade) or erased, or the
  -- account is: nothing is left to administer, or nobody to keep (decision 030, 076).
  if not exists (select 1 from public.organizations o where o.id = old.organization_id and o.erased_at is null) then
    return null;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from auth.users u where u.id = old.user_id) then
    return null;
  end if;
  -- After the statement's rows: a multi-row change is judged by its end state.
  if not exists (
    select 1 from public.organization_members m
     where m.organization_id = old.organization_id and m.role = 'admin'
  ) then
    raise exception using
      errcode = 'P0001',
      message = 'last_admin',
      detail = 'An organisation must always have at least one admin, and this is its only one. Make another member an admin first.';
  end if;
  return null;
end;
$$;

-- ---------------------------------------------------------------------------
-- Requests and the ledger
-- ---------------------------------------------------------------------------
create table private.erasure_requests (
  id bigint generated always as identity primary key,
  organization_id uuid not null,
  organization_name text not null,
  requested_by uuid not null,
  requested_at timestamptz not null default now(),
  approved_by uuid,
  approved_at timestamptz,
  due_at timestamptz,
  cancelled_by uuid,
  cancelled_at timestamptz,
  executed_at timestamptz,
  constraint erasure_requests_second_administrator_check check (approved_by is distinct from requested_by),
  constraint erasure_requests_due_check check ((approved_at is null) = (due_at is null)),
  constraint erasure_requests_one_end_check check (cancelled_at is null or executed_at is null)
);
comment on table private.erasure_requests is
  'Erasure requests: typed by one system administrator, approved by another, due 7 days after approval unless cancelled (decision 076).';
-- One open request per organisation (unique, so it is never an unused index).
create unique index erasure_requests_open_key on private.erasure_requests (organization_id)
  where cancelled_at is null and executed_at is null;

create table private.erasure_ledger (
  id bigint generated always as identity primary key,
  organization_id uuid not null,
  request_id bigint,
  erased_at timestamptz not null,
  -- What the erasure removed, per table (rows) and how many stored files were then due to go.
  erased jsonb not null
);
comment on table private.erasure_ledger is
  'Append-only: every erasure of an organisation''s data, enough to apply it again after a restore (private.replay_erasure_ledger). Decision 076.';

create function private.refuse_ledger_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'object_not_in_prerequisite_state', message = 'erasure_ledger_append_only',
    detail = 'The erasure ledger is only ever appended to.';
end;
$$;
revoke execute on function private.refuse_ledger_change() from public;
create trigger erasure_ledger_append_only before update or delete on private.erasure_ledger
  for each row execute function private.refuse_ledger_change();
create trigger erasure_ledger_no_truncate before truncate on private.erasure_ledger
  for each statement execute function private.refuse_ledger_change();

insert into private.organisation_data_map (table_name, treatment, reason) values
  ('private.erasure_requests', 'network_own', 'The record that an erasure was asked for, approved or cancelled: the network''s accountability.'),
  ('private.erasure_ledger', 'network_own', 'The ledger of erasures, replayed after a restore: it must outlive the data.');

-- ---------------------------------------------------------------------------
-- Erasing
-- ---------------------------------------------------------------------------
-- Returns { table: rows changed } (only tables where something changed), so a
-- second run over an erased organisation returns {}.
create function private.erase_organisation(p_organization_id uuid, p_erased_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_map record;
  v_n bigint;
  v_done jsonb := '{}';
  v_members uuid[];
  v_removed text := format('Removed on %s at the organisation''s request.', to_char(p_erased_at at time zone 'UTC', 'FMDD FMMonth YYYY'));
  v_entry public.registry_entries;
begin
  -- The tombstone first: from here on the last administrator may go.
  update public.organizations o
     set erased_at = coalesce(o.erased_at, p_erased_at), description = v_removed, contact_email = null, logo_path = null, created_by = null
   where o.id = p_organization_id
     and (o.erased_at is null or o.contact_email is not null or o.logo_path is not null or o.created_by is not null);
  get diagnostics v_n = row_count;
  if v_n > 0 then v_done := v_done || jsonb_build_object('public.organizations', v_n); end if;

  -- The registry answers "revoked" from the day of erasure, with the history kept.
  select * into v_entry from public.registry_entries r where r.organization_id = p_organization_id for update;
  if found and v_entry.status <> 'revoked' then
    update public.registry_entries r set status = 'revoked', effective_from = greatest(p_erased_at, v_entry.effective_from)
     where r.organization_id = p_organization_id;
    insert into public.registry_status_changes (organization_id, status, effective_from, reason, recorded_by)
    values (p_organization_id, 'revoked', greatest(p_erased_at, v_entry.effective_from), v_removed, null);
    v_done := v_done || jsonb_build_object('public.registry_entries', 1);
  end if;

  -- The members' accounts go with it when they belong to no other organisation
  -- and hold no network role; the others keep their accounts and lose the membership.
  select coalesce(array_agg(m.user_id), '{}') into v_members from public.organization_members m
   where m.organization_id = p_organization_id
     and not exists (select 1 from public.organization_members o where o.user_id = m.user_id and o.organization_id <> p_organization_id)
     and not exists (select 1 from public.system_admins s where s.user_id = m.user_id)
     and not exists (select 1 from public.investor_access i where i.user_id = m.user_id)
     and not exists (select 1 from public.stakeholders s where s.user_id = m.user_id);

  -- Tables whose rows are found through another table's first, then the rest.
  for v_map in
    select m.table_name, m.row_filter from private.organisation_data_map m
     where m.on_erasure = 'delete' and m.table_name <> 'public.profiles'
     order by (m.row_filter like '%select%') desc, m.table_name
  loop
    execute format('delete from %s t where %s', v_map.table_name, v_map.row_filter) using p_organization_id;
    get diagnostics v_n = row_count;
    if v_n > 0 then v_done := v_done || jsonb_build_object(v_map.table_name, v_n); end if;
  end loop;

  delete from auth.users u where u.id = any (v_members);
  -- Removing members told the others (colleague_left): those go too.
  delete from public.notifications n where n.organization_id = p_organization_id;
  get diagnostics v_n = row_count;
  if v_n > 0 then v_done := v_done || jsonb_build_object('public.profiles', v_n); end if;

  -- Legal hold: issued invoices and their payments stay; drafts go; the membership ends.
  delete from public.invoices i where i.organization_id = p_organization_id and i.status = 'draft';
  get diagnostics v_n = row_count;
  if v_n > 0 then v_done := v_done || jsonb_build_object('public.invoices', v_n); end if;
  update public.memberships ms set status = 'ended' where ms.organization_id = p_organization_id and ms.status <> 'ended';
  get diagnostics v_n = row_count;
  if v_n > 0 then v_done := v_done || jsonb_build_object('public.memberships', v_n); end if;

  -- Audit entries about it: kept, but no longer naming it or anyone.
  update public.network_activity a
     set organization_id = null, actor_id = null, subject_user_id = null,
         details = jsonb_build_object('pseudonymised_on', (p_erased_at at time zone 'UTC')::date)
   where a.organization_id = p_organization_id;
  get diagnostics v_n = row_count;
  if v_n > 0 then v_done := v_done || jsonb_build_object('public.network_activity', v_n); end if;
  return v_done;
end;
$$;
comment on function private.erase_organisation(uuid, timestamptz) is
  'Erases an organisation''s data as decision 076 says (private.organisation_data_map), keeping the tombstone and the legal hold; idempotent. Returns the rows changed per table ({} when nothing was left).';
revoke execute on function private.erase_organisation(uuid, timestamptz) from public;

-- The scheduler's step: every approved, uncancelled request whose grace
-- period has ended by p_now. Returns how many organisations were erased.
create function public.run_due_erasures(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request private.erasure_requests;
  v_erased jsonb;
  v_count integer := 0;
begin
  for v_request in
    select * from private.erasure_requests r
     where r.approved_at is not null and r.cancelled_at is null and r.executed_at is null and r.due_at <= p_now
     order by r.due_at, r.id
     for update skip locked
  loop
    v_erased := private.erase_organisation(v_request.organization_id, p_now);
    insert into private.erasure_ledger (organization_id, request_id, erased_at, erased)
    values (v_request.organization_id, v_request.id, p_now, v_erased);
    update private.erasure_requests r set executed_at = p_now where r.id = v_request.id;
    insert into public.network_activity (actor_id, action, details)
    values (null, 'database.organisation_erased', jsonb_build_object('erasure_request', v_request.id));
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function public.run_due_erasures(timestamptz) is
  'Service role (the scheduler): erases every organisation whose approved erasure is due by p_now, appending each to the ledger. Decision 076.';
revoke execute on function public.run_due_erasures(timestamptz) from public, anon, authenticated;
grant execute on function public.run_due_erasures(timestamptz) to service_role;

-- After a restore: every ledgered erasure again. Returns how many changed
-- something (0 when the database already holds none of the erased data).
create function private.replay_erasure_ledger()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry private.erasure_ledger;
  v_count integer := 0;
begin
  for v_entry in select * from private.erasure_ledger l order by l.id loop
    if private.erase_organisation(v_entry.organization_id, v_entry.erased_at) <> '{}' then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;
comment on function private.replay_erasure_ledger() is
  'Applies every erasure in private.erasure_ledger again (after a restore) and returns how many changed something; idempotent. Stored files of erased organisations are then removed by the organisation-data-sweep. Decision 076.';
revoke execute on function private.replay_erasure_ledger() from public;

-- The stored files the sweep removes through the Storage API: everything under
-- an erased organisation's folder but its invoices (legal hold), and its export archives.
create function public.erased_organisation_files()
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name
    from storage.objects o
    join (select distinct l.organization_id from private.erasure_ledger l) e
      on o.name like e.organization_id::text || '/%'
   where o.bucket_id in ('application_documents', 'brand_assets', 'conversation_attachments', 'organisation_exports')
   order by o.bucket_id, o.name;
$$;
comment on function public.erased_organisation_files() is
  'Service role: stored files of erased organisations still present (not invoices: legal hold), for the sweep to remove. Decision 076.';
revoke execute on function public.erased_organisation_files() from public, anon, authenticated;
grant execute on function public.erased_organisation_files() to service_role;

-- ---------------------------------------------------------------------------
-- The administrators' actions
-- ---------------------------------------------------------------------------
create function public.admin_request_erasure(p_organization_id uuid, p_typed_name text)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_name text;
  v_id bigint;
begin
  perform private.require_database_admin('request an erasure');
  perform private.require_recent_second_factor('request an erasure');
  v_name := private.require_organisation(p_organization_id);
  if exists (select 1 from public.organizations o where o.id = p_organization_id and o.erased_at is not null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'already_erased',
      detail = 'This organisation''s data was already erased.';
  end if;
  if p_typed_name is distinct from v_name then
    raise exception using errcode = 'invalid_parameter_value', message = 'name_mismatch',
      detail = 'Type the organisation''s name exactly as shown to request its erasure.';
  end if;
  if exists (select 1 from private.erasure_requests r where r.organization_id = p_organization_id and r.cancelled_at is null and r.executed_at is null) then
    raise exception using errcode = 'unique_violation', message = 'erasure_already_requested',
      detail = 'An erasure of this organisation is already waiting.';
  end if;
  insert into private.erasure_requests (organization_id, organization_name, requested_by)
  values (p_organization_id, v_name, auth.uid()) returning id into v_id;
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (auth.uid(), 'database.organisation_erasure_requested', p_organization_id, jsonb_build_object('organization_name', v_name, 'erasure_request', v_id));
  return v_id;
end;
$$;
comment on function public.admin_request_erasure(uuid, text) is
  '▶ Asks for an organisation''s erasure; p_typed_name must equal its name. System administrators at aal2 with a recent code. Decision 076.';

create function private.open_erasure_request(p_request_id bigint)
returns private.erasure_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request private.erasure_requests;
begin
  select * into v_request from private.erasure_requests r where r.id = p_request_id for update;
  if not found or v_request.cancelled_at is not null or v_request.executed_at is not null then
    raise exception using errcode = 'no_data_found', message = 'erasure_request_not_open',
      detail = 'This erasure request was cancelled or carried out already, or does not exist.';
  end if;
  return v_request;
end;
$$;
revoke execute on function private.open_erasure_request(bigint) from public;

create function public.admin_approve_erasure(p_request_id bigint)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_request private.erasure_requests;
  v_due timestamptz := now() + interval '7 days';
begin
  perform private.require_database_admin('approve an erasure');
  perform private.require_recent_second_factor('approve an erasure');
  v_request := private.open_erasure_request(p_request_id);
  if v_request.approved_at is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'erasure_already_approved',
      detail = 'This erasure was approved already.';
  end if;
  if v_request.requested_by = auth.uid() then
    raise exception using errcode = 'insufficient_privilege', message = 'second_administrator_required',
      detail = 'Another system administrator must approve an erasure you requested.';
  end if;
  update private.erasure_requests r set approved_by = auth.uid(), approved_at = now(), due_at = v_due where r.id = p_request_id;
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (auth.uid(), 'database.organisation_erasure_approved', v_request.organization_id,
          jsonb_build_object('organization_name', v_request.organization_name, 'erasure_request', p_request_id, 'due_at', v_due));
  return v_due;
end;
$$;
comment on function public.admin_approve_erasure(bigint) is
  '▶ A second system administrator (not the requester) approves an erasure; it is carried out 7 days later unless cancelled. Returns when. Decision 076.';

create function public.admin_cancel_erasure(p_request_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_request private.erasure_requests;
begin
  perform private.require_database_admin('cancel an erasure');
  perform private.require_recent_second_factor('cancel an erasure');
  v_request := private.open_erasure_request(p_request_id);
  update private.erasure_requests r set cancelled_by = auth.uid(), cancelled_at = now() where r.id = p_request_id;
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (auth.uid(), 'database.organisation_erasure_cancelled', v_request.organization_id,
          jsonb_build_object('organization_name', v_request.organization_name, 'erasure_request', p_request_id));
end;
$$;
comment on function public.admin_cancel_erasure(bigint) is
  '▶ Cancels an erasure that has not been carried out. Decision 076.';

-- The page's list: open requests, and the last 20 carried out or cancelled.
create function public.admin_erasure_requests()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
begin
  perform private.require_database_admin('see erasure requests');
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', r.id, 'organization_id', r.organization_id, 'organization_name', r.organization_name,
             'requested_by', (select p.full_name from public.profiles p where p.id = r.requested_by),
             'requested_by_me', r.requested_by = auth.uid(), 'requested_at', r.requested_at,
             'approved_by', (select p.full_name from public.profiles p where p.id = r.approved_by), 'approved_at', r.approved_at,
             'due_at', r.due_at, 'cancelled_at', r.cancelled_at, 'executed_at', r.executed_at
           ) order by r.id desc), '[]')
      from (
        select * from private.erasure_requests q where q.cancelled_at is null and q.executed_at is null
        union all
        (select * from private.erasure_requests q where q.cancelled_at is not null or q.executed_at is not null order by q.id desc limit 20)
      ) r
  );
end;
$$;
comment on function public.admin_erasure_requests() is
  'Open erasure requests and the last 20 carried out or cancelled, for /admin/database. System administrators at aal2. Decision 076.';

revoke execute on function public.admin_request_erasure(uuid, text) from public, anon;
revoke execute on function public.admin_approve_erasure(bigint) from public, anon;
revoke execute on function public.admin_cancel_erasure(bigint) from public, anon;
revoke execute on function public.admin_erasure_requests() from public, anon;
grant execute on function public.admin_request_erasure(uuid, text) to authenticated;
grant execute on function public.admin_approve_erasure(bigint) to authenticated;
grant execute on function public.admin_cancel_erasure(bigint) to authenticated;
grant execute on function public.admin_erasure_requests() to authenticated;
