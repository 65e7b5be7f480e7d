-- Issue 17: investor access granted from requests, with an expiry and the last
-- visit; stakeholders invited by the back office
-- (docs/decisions/059-investor-and-stakeholder-access.md).
--
-- * investor_access gains expires_at (null = no expiry) and last_seen_at. An
--   expired grant holds no level: has_investor_level() ignores it, and so does
--   the own-row read the app's guards use (the RLS policy), so the database's
--   clock decides, never the browser's.
-- * The back office decides through security-definer RPCs that go through
--   private.require_system_admin() and record their own network_activity
--   entry in the same transaction. The generic audit triggers of
--   20261125000200 stay for writes made any other way (an operator's SQL,
--   the direct table writes the policies of 20261122000100 still allow), and
--   are quiet when these RPCs tell them (the flag only a function can set),
--   so one act is told once.
-- * An account is needed before a grant (investor_access.user_id references
--   auth.users). The grant RPCs answer P0002 account_needed when the address
--   has none, AFTER checking the caller and the input, so the grant-access
--   Edge Function creates an account only for a grant the database already
--   accepted, then calls again.

-- ---------------------------------------------------------------------------
-- investor_access: expiry and last visit
-- ---------------------------------------------------------------------------
alter table public.investor_access
  add column expires_at timestamptz,
  add column last_seen_at timestamptz;
comment on column public.investor_access.expires_at is
  'When the grant ends; null = no expiry. From then on the grant holds no level (has_investor_level, the own-row read). Set through the back-office RPCs.';
comment on column public.investor_access.last_seen_at is
  'The investor''s last visit to /investor/* (record_investor_visit, at most once a minute). Not an act of the back office: not audited.';

-- The one place the app's guards read: a person sees their own grant only
-- while it holds. Administrators still see every grant, expired or not.
drop policy "investor_access: read own or all as admin" on public.investor_access;
create policy "investor_access: read own live grant or all as admin"
  on public.investor_access for select to authenticated
  using (
    (user_id = (select auth.uid()) and (expires_at is null or expires_at > now()))
    or (select private.is_system_admin())
  );
comment on policy "investor_access: read own live grant or all as admin" on public.investor_access is
  'The investor guard reads the caller''s own level, and an expired grant reads as none (the database''s clock, not the browser''s); the back office (/admin/investors) lists all.';

-- As in 20261126000300_require-aal2.sql (data_room needs aal2 from anyone with
-- a verified factor; system administrators hold every level), except that an
-- expired grant holds no level.
create or replace function public.has_investor_level(required public.investor_access_level)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (required < 'data_room' or private.aal_satisfied())
    and (
      private.is_system_admin()
      or exists (
        select 1
        from public.investor_access ia
        where ia.user_id = (select auth.uid())
          and ia.level >= required
          and (ia.expires_at is null or ia.expires_at > now())
      )
    );
$$;
comment on function public.has_investor_level(public.investor_access_level) is
  'Does the caller hold at least `required`? data_room includes lite; system administrators hold every level; an expired grant (expires_at passed) holds none. data_room also needs an aal2 session from anyone with a verified factor. Answers only about the caller (auth.uid()). The data room''s tables, buckets and RPCs check has_investor_level(''data_room'').';

-- ---------------------------------------------------------------------------
-- investor_access_requests: the reason for a decline
-- ---------------------------------------------------------------------------
alter table public.investor_access_requests
  add column decline_reason text check (decline_reason is null or char_length(decline_reason) between 1 and 2000);
comment on column public.investor_access_requests.decline_reason is
  'Why the request was declined, as e-mailed to the requester (decline_investor_request). Null unless declined.';

-- ---------------------------------------------------------------------------
-- The audit triggers, quiet when the RPCs below record the act themselves
-- ---------------------------------------------------------------------------
-- Same arguments as in 20261125000200. investor_access's update trigger names
-- its columns, so a visit (last_seen_at) is no "investor access changed".
drop trigger investor_access_audit on public.investor_access;
create trigger investor_access_audit
  after insert or update of level, expires_at, granted_by, granted_at, user_id or delete on public.investor_access
  for each row
  when (coalesce(current_setting('accord.activity_recorded_by', true), '') <> 'access_rpc')
  execute function private.audit_privileged_change('investor_access', '', 'user_id', 'granted', 'changed', 'revoked');
drop trigger stakeholders_audit on public.stakeholders;
create trigger stakeholders_audit
  after insert or update or delete on public.stakeholders
  for each row
  when (coalesce(current_setting('accord.activity_recorded_by', true), '') <> 'access_rpc')
  execute function private.audit_privileged_change('stakeholder', '', 'user_id', 'granted', 'updated', 'revoked');
drop trigger investor_access_requests_audit on public.investor_access_requests;
create trigger investor_access_requests_audit
  after update or delete on public.investor_access_requests
  for each row
  when (coalesce(current_setting('accord.activity_recorded_by', true), '') <> 'access_rpc')
  execute function private.audit_privileged_change('investor_request', '', 'submitted_by', '', 'updated', 'deleted');

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------
-- The account an address belongs to, compared as the auth service compares
-- addresses (lower case). Deleted accounts are nobody.
create function private.account_for_email(p_email text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u
   where lower(u.email) = lower(btrim(p_email)) and u.deleted_at is null
   order by u.created_at
   limit 1;
$$;
comment on function private.account_for_email(text) is
  'The live account with this e-mail address (case-insensitive), or null. For the grant RPCs.';
revoke execute on function private.account_for_email(text) from public;

-- A future expiry or none; the message is the code, the detail the sentence.
create function private.check_access_expiry(p_expires_at timestamptz)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_expires_at is not null and p_expires_at <= now() then
    raise exception using errcode = 'invalid_parameter_value', message = 'expiry_in_past',
      detail = 'Choose an expiry date in the future, or none.';
  end if;
end;
$$;
comment on function private.check_access_expiry(timestamptz) is
  'Raises 22023 expiry_in_past unless p_expires_at is null or in the future.';
revoke execute on function private.check_access_expiry(timestamptz) from public;

create function private.raise_account_needed(p_email text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  raise exception using errcode = 'no_data_found', message = 'account_needed',
    detail = format('%s has no Accord account yet.', p_email),
    -- The address itself, for the grant-access Edge Function, which creates
    -- the account and calls again.
    hint = p_email;
end;
$$;
comment on function private.raise_account_needed(text) is
  'Raises P0002 account_needed (hint: the address): the grant is allowed but the address has no account yet.';
revoke execute on function private.raise_account_needed(text) from public;

-- One entry of the trail, and the flag that keeps the audit triggers quiet for
-- the write it describes (cleared again by the caller after the write).
create function private.record_access_activity(p_action text, p_subject uuid, p_details jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.network_activity (actor_id, action, subject_user_id, details)
  values (
    auth.uid(),
    p_action,
    p_subject,
    jsonb_strip_nulls(p_details || jsonb_build_object(
      'subject_email', (select p.email from public.profiles p where p.id = p_subject)
    ))
  );
$$;
comment on function private.record_access_activity(text, uuid, jsonb) is
  'Writes one network_activity entry for an investor or stakeholder grant (actor = caller, subject = the person, details + their e-mail).';
revoke execute on function private.record_access_activity(text, uuid, jsonb) from public;

-- ---------------------------------------------------------------------------
-- Deciding requests
-- ---------------------------------------------------------------------------
create function public.grant_investor_access_from_request(
  p_request_id uuid,
  p_level public.investor_access_level,
  p_expires_at timestamptz default null
)
returns table (user_id uuid, email text, name text, level public.investor_access_level, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_request public.investor_access_requests%rowtype;
  v_user uuid;
begin
  perform private.require_system_admin('grant investor access');
  if p_level is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'level_required',
      detail = 'Choose lite or data room.';
  end if;
  perform private.check_access_expiry(p_expires_at);

  select * into v_request from public.investor_access_requests r where r.id = p_request_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'request_not_found',
      detail = 'This request no longer exists.';
  end if;
  if v_request.status <> 'new' then
    raise exception using errcode = 'invalid_parameter_value', message = 'request_already_decided',
      detail = format('This request was already %s.', v_request.status);
  end if;

  v_user := private.account_for_email(v_request.email::text);
  if v_user is null then
    perform private.raise_account_needed(v_request.email::text);
  end if;

  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  insert into public.investor_access as ia (user_id, level, granted_by, granted_at, expires_at)
  values (v_user, p_level, auth.uid(), now(), p_expires_at)
  on conflict (user_id) do update
    set level = excluded.level, granted_by = excluded.granted_by, granted_at = excluded.granted_at,
        expires_at = excluded.expires_at;
  update public.investor_access_requests r set status = 'approved', decline_reason = null where r.id = p_request_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);

  perform private.record_access_activity('investor_access.granted', v_user, jsonb_build_object(
    'request_id', p_request_id, 'level', p_level, 'expires_at', p_expires_at,
    'name', v_request.name, 'organization', v_request.organization
  ));

  return query select v_user, v_request.email::text, v_request.name, p_level, p_expires_at;
end;
$$;
comment on function public.grant_investor_access_from_request(uuid, public.investor_access_level, timestamptz) is
  'System administrators only (aal2 when they have a factor). Grants the requester the level (lite or data_room) until p_expires_at (null = no expiry; else in the future), marks the request approved and records investor_access.granted, in one transaction. A grant the person already had (expired or not) is replaced. Errors: 42501; 22023 level_required, expiry_in_past, request_already_decided; P0002 request_not_found, account_needed (the address has no account: the grant-access Edge Function creates it and calls again).';
revoke execute on function public.grant_investor_access_from_request(uuid, public.investor_access_level, timestamptz) from public, anon;
grant execute on function public.grant_investor_access_from_request(uuid, public.investor_access_level, timestamptz) to authenticated;

create function public.decline_investor_request(p_request_id uuid, p_reason text)
returns table (request_id uuid, email text, name text, reason text, requested_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_reason text := btrim(coalesce(p_reason, ''));
  v_request public.investor_access_requests%rowtype;
begin
  perform private.require_system_admin('decline investor requests');
  if v_reason = '' then
    raise exception using errcode = 'invalid_parameter_value', message = 'reason_required',
      detail = 'Write the reason the requester will read.';
  end if;
  if char_length(v_reason) > 2000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'reason_too_long',
      detail = 'A reason can be at most 2,000 characters.';
  end if;

  select * into v_request from public.investor_access_requests r where r.id = p_request_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'request_not_found',
      detail = 'This request no longer exists.';
  end if;
  if v_request.status <> 'new' then
    raise exception using errcode = 'invalid_parameter_value', message = 'request_already_decided',
      detail = format('This request was already %s.', v_request.status);
  end if;

  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  update public.investor_access_requests r set status = 'declined', decline_reason = v_reason where r.id = p_request_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);

  insert into public.network_activity (actor_id, action, subject_user_id, details)
  values (auth.uid(), 'investor_request.declined', v_request.submitted_by, jsonb_build_object(
    'request_id', p_request_id, 'name', v_request.name, 'email', v_request.email::text,
    'organization', v_request.organization, 'reason', v_reason
  ));

  return query select p_request_id, v_request.email::text, v_request.name, v_reason, v_request.created_at;
end;
$$;
comment on function public.decline_investor_request(uuid, text) is
  'System administrators only (aal2 when they have a factor). Declines a new request with a reason (stored, 1..2000 characters) and records investor_request.declined, in one transaction; returns what the e-mail to the requester needs (the grant-access Edge Function sends it). Errors: 42501; 22023 reason_required, reason_too_long, request_already_decided; P0002 request_not_found.';
revoke execute on function public.decline_investor_request(uuid, text) from public, anon;
grant execute on function public.decline_investor_request(uuid, text) to authenticated;

-- ---------------------------------------------------------------------------
-- Changing a grant
-- ---------------------------------------------------------------------------
create function private.locked_investor_grant(p_user_id uuid)
returns public.investor_access
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_grant public.investor_access%rowtype;
begin
  select * into v_grant from public.investor_access ia where ia.user_id = p_user_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'investor_not_found',
      detail = 'This person has no investor access (any more).';
  end if;
  return v_grant;
end;
$$;
comment on function private.locked_investor_grant(uuid) is
  'The investor''s grant, locked for the change; raises P0002 investor_not_found when there is none.';
revoke execute on function private.locked_investor_grant(uuid) from public;

create function public.set_investor_level(p_user_id uuid, p_level public.investor_access_level)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_grant public.investor_access%rowtype;
begin
  perform private.require_system_admin('change investor access');
  if p_level is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'level_required',
      detail = 'Choose lite or data room.';
  end if;
  v_grant := private.locked_investor_grant(p_user_id);
  if v_grant.level = p_level then
    return;
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  update public.investor_access ia set level = p_level where ia.user_id = p_user_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  perform private.record_access_activity('investor_access.level_changed', p_user_id,
    jsonb_build_object('from', v_grant.level, 'to', p_level));
end;
$$;
comment on function public.set_investor_level(uuid, public.investor_access_level) is
  'System administrators only (aal2 when they have a factor). Changes an investor''s level (re-stamping granted_by/at) and records investor_access.level_changed; the same level again changes and records nothing. Errors: 42501; 22023 level_required; P0002 investor_not_found.';
revoke execute on function public.set_investor_level(uuid, public.investor_access_level) from public, anon;
grant execute on function public.set_investor_level(uuid, public.investor_access_level) to authenticated;

create function public.set_investor_access_expiry(p_user_id uuid, p_expires_at timestamptz)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_grant public.investor_access%rowtype;
begin
  perform private.require_system_admin('change investor access');
  perform private.check_access_expiry(p_expires_at);
  v_grant := private.locked_investor_grant(p_user_id);
  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  update public.investor_access ia set expires_at = p_expires_at where ia.user_id = p_user_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  perform private.record_access_activity('investor_access.expiry_changed', p_user_id,
    jsonb_build_object('from', v_grant.expires_at, 'to', p_expires_at, 'level', v_grant.level));
end;
$$;
comment on function public.set_investor_access_expiry(uuid, timestamptz) is
  'System administrators only (aal2 when they have a factor). Sets, extends or clears (null) when an investor''s access ends; a new expiry must be in the future (an expired grant comes back to life this way). Records investor_access.expiry_changed. Errors: 42501; 22023 expiry_in_past; P0002 investor_not_found.';
revoke execute on function public.set_investor_access_expiry(uuid, timestamptz) from public, anon;
grant execute on function public.set_investor_access_expiry(uuid, timestamptz) to authenticated;

create function public.revoke_investor_access(p_user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_grant public.investor_access%rowtype;
begin
  perform private.require_system_admin('revoke investor access');
  v_grant := private.locked_investor_grant(p_user_id);
  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  delete from public.investor_access ia where ia.user_id = p_user_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  perform private.record_access_activity('investor_access.revoked', p_user_id,
    jsonb_build_object('level', v_grant.level, 'expires_at', v_grant.expires_at, 'granted_at', v_grant.granted_at));
end;
$$;
comment on function public.revoke_investor_access(uuid) is
  'System administrators only (aal2 when they have a factor). Withdraws an investor''s access and records investor_access.revoked. Errors: 42501; P0002 investor_not_found.';
revoke execute on function public.revoke_investor_access(uuid) from public, anon;
grant execute on function public.revoke_investor_access(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- The investor's visit
-- ---------------------------------------------------------------------------
create function public.record_investor_visit()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  -- At most one write a minute per person: a page that mounts twice, or an
  -- investor moving between their pages, does not rewrite the row each time.
  update public.investor_access ia
     set last_seen_at = now()
   where ia.user_id = (select auth.uid())
     and (ia.expires_at is null or ia.expires_at > now())
     and (ia.last_seen_at is null or ia.last_seen_at < now() - interval '1 minute');
$$;
comment on function public.record_investor_visit() is
  'The investor area calls it when it opens: stamps the caller''s own live grant''s last_seen_at (at most once a minute). Does nothing for anyone without a live grant. Not an act of the back office: no network_activity.';
revoke execute on function public.record_investor_visit() from public, anon;
grant execute on function public.record_investor_visit() to authenticated;

-- ---------------------------------------------------------------------------
-- Stakeholders
-- ---------------------------------------------------------------------------
create function private.check_affiliation(p_affiliation text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_affiliation text := nullif(btrim(coalesce(p_affiliation, '')), '');
begin
  if char_length(v_affiliation) > 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'affiliation_too_long',
      detail = 'An affiliation can be at most 200 characters.';
  end if;
  return v_affiliation;
end;
$$;
comment on function private.check_affiliation(text) is
  'The affiliation trimmed (empty = null); raises 22023 affiliation_too_long over 200 characters.';
revoke execute on function private.check_affiliation(text) from public;

create function public.invite_stakeholder(p_email text, p_affiliation text default null)
returns table (user_id uuid, email text, affiliation text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_email text := private.email_trim(p_email);
  v_affiliation text;
  v_user uuid;
begin
  perform private.require_system_admin('invite stakeholders');
  if private.email_problem(p_email) is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_email',
      detail = 'Enter a valid e-mail address.';
  end if;
  v_affiliation := private.check_affiliation(p_affiliation);
  v_user := private.account_for_email(v_email);
  if v_user is null then
    perform private.raise_account_needed(v_email);
  end if;
  if exists (select 1 from public.stakeholders s where s.user_id = v_user) then
    raise exception using errcode = 'unique_violation', message = 'already_stakeholder',
      detail = format('%s is already a stakeholder.', v_email);
  end if;

  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  insert into public.stakeholders (user_id, affiliation, granted_by) values (v_user, v_affiliation, auth.uid());
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  perform private.record_access_activity('stakeholder.invited', v_user, jsonb_build_object('affiliation', v_affiliation));

  return query select v_user, v_email, v_affiliation;
end;
$$;
comment on function public.invite_stakeholder(text, text) is
  'System administrators only (aal2 when they have a factor). Makes the account with this address a stakeholder with an affiliation (optional, 200 characters) and records stakeholder.invited. Errors: 42501; 22023 invalid_email, affiliation_too_long; 23505 already_stakeholder; P0002 account_needed (the grant-access Edge Function creates the account and calls again).';
revoke execute on function public.invite_stakeholder(text, text) from public, anon;
grant execute on function public.invite_stakeholder(text, text) to authenticated;

create function public.set_stakeholder_affiliation(p_user_id uuid, p_affiliation text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_affiliation text;
  v_old text;
begin
  perform private.require_system_admin('change stakeholders');
  v_affiliation := private.check_affiliation(p_affiliation);
  select s.affiliation into v_old from public.stakeholders s where s.user_id = p_user_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'stakeholder_not_found',
      detail = 'This person is not a stakeholder (any more).';
  end if;
  if v_old is not distinct from v_affiliation then
    return;
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  update public.stakeholders s set affiliation = v_affiliation where s.user_id = p_user_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  perform private.record_access_activity('stakeholder.affiliation_changed', p_user_id,
    jsonb_build_object('from', v_old, 'to', v_affiliation));
end;
$$;
comment on function public.set_stakeholder_affiliation(uuid, text) is
  'System administrators only (aal2 when they have a factor). Changes a stakeholder''s affiliation (empty = none) and records stakeholder.affiliation_changed; the same value changes and records nothing. Errors: 42501; 22023 affiliation_too_long; P0002 stakeholder_not_found.';
revoke execute on function public.set_stakeholder_affiliation(uuid, text) from public, anon;
grant execute on function public.set_stakeholder_affiliation(uuid, text) to authenticated;

create function public.revoke_stakeholder(p_user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_affiliation text;
begin
  perform private.require_system_admin('revoke stakeholders');
  select s.affiliation into v_affiliation from public.stakeholders s where s.user_id = p_user_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'stakeholder_not_found',
      detail = 'This person is not a stakeholder (any more).';
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'access_rpc', true);
  delete from public.stakeholders s where s.user_id = p_user_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  perform private.record_access_activity('stakeholder.revoked', p_user_id, jsonb_build_object('affiliation', v_affiliation));
end;
$$;
comment on function public.revoke_stakeholder(uuid) is
  'System administrators only (aal2 when they have a factor). Withdraws stakeholder access and records stakeholder.revoked. Errors: 42501; P0002 stakeholder_not_found.';
revoke execute on function public.revoke_stakeholder(uuid) from public, anon;
grant execute on function public.revoke_stakeholder(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- The back office's lists
-- ---------------------------------------------------------------------------
create function public.admin_investor_requests(
  p_status public.investor_request_status default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  name text,
  email text,
  organization text,
  investor_kind public.investor_kind,
  message text,
  status public.investor_request_status,
  decline_reason text,
  decided_by_email text,
  decided_at timestamptz,
  created_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('read investor requests');
  return query
    select r.id, r.name, r.email::text, r.organization, r.investor_kind, r.message, r.status,
           r.decline_reason, d.email, r.decided_at, r.created_at, count(*) over ()
      from public.investor_access_requests r
      left join public.profiles d on d.id = r.decided_by
     where p_status is null or r.status = p_status
     order by r.created_at desc, r.id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;
comment on function public.admin_investor_requests(public.investor_request_status, integer, integer) is
  'System administrators only. Investor access requests newest first, optionally of one status, a page at a time (limit 1..100), each row with the total of matches (total_count) and who decided.';
revoke execute on function public.admin_investor_requests(public.investor_request_status, integer, integer) from public, anon;
grant execute on function public.admin_investor_requests(public.investor_request_status, integer, integer) to authenticated;

create function public.admin_investors(p_limit integer default 20, p_offset integer default 0)
returns table (
  user_id uuid,
  email text,
  full_name text,
  level public.investor_access_level,
  granted_by_email text,
  granted_at timestamptz,
  expires_at timestamptz,
  expired boolean,
  last_seen_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('list investors');
  return query
    select ia.user_id, p.email, p.full_name, ia.level, g.email, ia.granted_at, ia.expires_at,
           coalesce(ia.expires_at <= now(), false), ia.last_seen_at, count(*) over ()
      from public.investor_access ia
      left join public.profiles p on p.id = ia.user_id
      left join public.profiles g on g.id = ia.granted_by
     order by ia.granted_at desc, ia.user_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;
comment on function public.admin_investors(integer, integer) is
  'System administrators only. Every investor grant, newest first, a page at a time (limit 1..100): the person, level, who granted it and when, expiry (expired = it has passed, by the database''s clock), last visit, and the total (total_count).';
revoke execute on function public.admin_investors(integer, integer) from public, anon;
grant execute on function public.admin_investors(integer, integer) to authenticated;

create function public.admin_stakeholders(p_limit integer default 20, p_offset integer default 0)
returns table (
  user_id uuid,
  email text,
  full_name text,
  affiliation text,
  granted_by_email text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('list stakeholders');
  return query
    select s.user_id, p.email, p.full_name, s.affiliation, g.email, s.created_at, u.last_sign_in_at, count(*) over ()
      from public.stakeholders s
      join auth.users u on u.id = s.user_id
      left join public.profiles p on p.id = s.user_id
      left join public.profiles g on g.id = s.granted_by
     order by s.created_at desc, s.user_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;
comment on function public.admin_stakeholders(integer, integer) is
  'System administrators only. Every stakeholder, newest first, a page at a time (limit 1..100): the person, affiliation, who invited them and when, last sign-in, and the total (total_count).';
revoke execute on function public.admin_stakeholders(integer, integer) from public, anon;
grant execute on function public.admin_stakeholders(integer, integer) to authenticated;
