-- Onboarding, part 2: reviewing an application, its timeline, the audit trail
-- and publication in the trust registry (docs/decisions/014-onboarding-application-data.md).
--
-- * application_events is the application's timeline, read by the applicant's
--   organisation and by system administrators. Status changes are recorded by a
--   trigger on organization_applications, so every path (the review RPCs, the
--   seed, a fix made in SQL) leaves the same record; change requests and their
--   answers, which change no status, are recorded by their RPCs.
-- * network_activity is the back office's audit trail: one entry per event,
--   written in the same place, with who did it.
-- * Approval publishes the organisation to the registry (registry_entries, with
--   the date it took effect, and registry_status_changes, its dated history);
--   rejection never does. Re-opening an approved application revokes the entry.
-- * The review RPCs check that the caller is a system administrator (the
--   applicant answers change requests), allow only sensible transitions, and
--   return whom to e-mail, so the review-application Edge Function needs no
--   service role to find the applicant.

-- ---------------------------------------------------------------------------
-- network_activity: the back office's audit trail
-- ---------------------------------------------------------------------------
create table public.network_activity (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- Who acted (null for the database itself or SQL run by an operator). History: no FK (see part 1).
  actor_id uuid,
  -- Dot-namespaced, e.g. application.submitted, application.approved.
  action text not null check (action ~ '^[a-z_]+(\.[a-z_]+)+$'),
  -- What it was about. No FK either: the audit trail outlives a deleted organisation.
  organization_id uuid,
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object')
);
comment on table public.network_activity is
  'Append-only audit trail of what happened in the network and who did it (/admin/network-activity). Written only by security-definer functions; read only by system administrators.';

alter table public.network_activity enable row level security;
revoke all on table public.network_activity from anon, authenticated;
grant select on table public.network_activity to authenticated;

create policy "network_activity: system admins read"
  on public.network_activity for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "network_activity: system admins read" on public.network_activity is
  'The audit trail is back-office information. Nobody writes it directly: there is no insert, update or delete policy.';

-- ---------------------------------------------------------------------------
-- application_events: the application's timeline
-- ---------------------------------------------------------------------------
create type public.application_event_type as enum (
  'submitted',
  'under_review',
  'changes_requested',
  'changes_submitted',
  'approved',
  'rejected',
  'reopened'
);
comment on type public.application_event_type is
  'submitted; under_review (an administrator picked it up); changes_requested (message: what to change); changes_submitted (message: the applicant''s answer); approved; rejected (message: the reason); reopened (a decision withdrawn).';

create table public.application_events (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  id bigint generated always as identity,
  type public.application_event_type not null,
  -- The change request, the applicant's answer or the rejection reason.
  message text check (message is null or char_length(message) <= 4000),
  -- Who caused it (null when done in SQL). History: no FK.
  actor_id uuid,
  created_at timestamptz not null default now(),
  -- Led by organization_id so the key also serves the foreign key and the
  -- "timeline of one application" query.
  primary key (organization_id, id)
);
comment on table public.application_events is
  'Timeline of each application (/application-pending, /admin/applications). Written only by triggers and RPCs.';

alter table public.application_events enable row level security;
revoke all on table public.application_events from anon, authenticated;
grant select on table public.application_events to authenticated;

create policy "application_events: own organisation or all as admin"
  on public.application_events for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "application_events: own organisation or all as admin" on public.application_events is
  'Applicants follow their own application''s history, including change requests and reasons; nobody else but system administrators sees it. No write policies: events are facts recorded by the database.';

-- One event in the timeline and its audit entry, in the caller's name.
create function private.record_application_event(
  p_organization_id uuid,
  p_type public.application_event_type,
  p_message text default null,
  p_actor_id uuid default null
)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(p_actor_id, auth.uid());
  v_id bigint;
begin
  insert into public.application_events (organization_id, type, message, actor_id)
  values (p_organization_id, p_type, p_message, v_actor)
  returning id into v_id;
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (
    v_actor,
    'application.' || p_type::text,
    p_organization_id,
    jsonb_strip_nulls(jsonb_build_object(
      'organization_name', (select o.name from public.organizations o where o.id = p_organization_id),
      'message', p_message
    ))
  );
  return v_id;
end;
$$;
comment on function private.record_application_event(uuid, public.application_event_type, text, uuid) is
  'Appends to an application''s timeline and to the audit trail. Actor: the given one, else the caller.';
revoke execute on function private.record_application_event(uuid, public.application_event_type, text, uuid) from public;

-- ---------------------------------------------------------------------------
-- The trust registry: who is published, since when, and the dated history
-- ---------------------------------------------------------------------------
create type public.registry_status as enum ('active', 'suspended', 'revoked');
comment on type public.registry_status is
  'An organisation''s standing in the trust registry: active (approved, trusted), suspended, revoked.';

create table public.registry_entries (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  status public.registry_status not null,
  -- When the current status took effect.
  effective_from timestamptz not null,
  updated_at timestamptz not null default now()
);
comment on table public.registry_entries is
  'The current registry standing of every organisation ever approved. Public: a verifier must be able to check it. Written by the approval trigger (and later registry RPCs), never by clients.';

create trigger registry_entries_set_updated_at
  before update on public.registry_entries
  for each row execute function private.set_updated_at();

alter table public.registry_entries enable row level security;
revoke all on table public.registry_entries from anon, authenticated;
grant select on table public.registry_entries to anon, authenticated;

create policy "registry_entries: anyone reads"
  on public.registry_entries for select to anon, authenticated
  using (true);
comment on policy "registry_entries: anyone reads" on public.registry_entries is
  'The registry is public and holds only organisations that were approved; pending and rejected applicants never have an entry.';

create table public.registry_status_changes (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  id bigint generated always as identity,
  status public.registry_status not null,
  effective_from timestamptz not null,
  reason text check (reason is null or char_length(reason) <= 2000),
  -- Who changed it. History: no FK.
  recorded_by uuid,
  recorded_at timestamptz not null default now(),
  primary key (organization_id, id)
);
comment on table public.registry_status_changes is
  'Dated history of each organisation''s registry status (published, suspended, revoked), for the registry''s status history. Read by the organisation''s members and system administrators; the public registry issue decides what visitors see.';

alter table public.registry_status_changes enable row level security;
revoke all on table public.registry_status_changes from anon, authenticated;
grant select on table public.registry_status_changes to authenticated;

create policy "registry_status_changes: own organisation or all as admin"
  on public.registry_status_changes for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "registry_status_changes: own organisation or all as admin" on public.registry_status_changes is
  'Reasons for a suspension may be sensitive, so the history is not public (yet); the current status is, in registry_entries.';

create function private.set_registry_status(p_organization_id uuid, p_status public.registry_status, p_reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.registry_entries as r (organization_id, status, effective_from)
  values (p_organization_id, p_status, now())
  on conflict (organization_id) do update
    set status = excluded.status, effective_from = excluded.effective_from
    where r.status is distinct from excluded.status;
  if found then
    insert into public.registry_status_changes (organization_id, status, effective_from, reason, recorded_by)
    values (p_organization_id, p_status, now(), p_reason, auth.uid());
    insert into public.network_activity (actor_id, action, organization_id, details)
    values (auth.uid(), 'registry.' || p_status::text, p_organization_id, jsonb_strip_nulls(jsonb_build_object('reason', p_reason)));
  end if;
end;
$$;
comment on function private.set_registry_status(uuid, public.registry_status, text) is
  'Sets an organisation''s registry status from now on, with a history row and an audit entry; nothing when unchanged.';
revoke execute on function private.set_registry_status(uuid, public.registry_status, text) from public;

-- ---------------------------------------------------------------------------
-- Status changes are recorded, and approval publishes, whoever makes them
-- ---------------------------------------------------------------------------
create function private.track_application_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.record_application_event(new.organization_id, 'submitted', null, coalesce(new.submitted_by, auth.uid()));
    if new.status <> 'pending' then
      perform private.record_application_event(new.organization_id, new.status::text::public.application_event_type,
        case when new.status = 'rejected' then new.decision_reason end);
    end if;
  elsif new.status is distinct from old.status then
    perform private.record_application_event(
      new.organization_id,
      case when new.status = 'pending' then 'reopened' else new.status::text end::public.application_event_type,
      case when new.status = 'rejected' then new.decision_reason end
    );
  end if;

  if new.status = 'approved' and (tg_op = 'INSERT' or old.status is distinct from 'approved') then
    perform private.set_registry_status(new.organization_id, 'active', null);
  elsif tg_op = 'UPDATE' and old.status = 'approved' and new.status <> 'approved' then
    -- A withdrawn approval must not leave the organisation trusted.
    perform private.set_registry_status(new.organization_id, 'revoked', 'Approval withdrawn');
  end if;
  return null;
end;
$$;
comment on function private.track_application_status() is
  'After insert or status update on organization_applications: timeline + audit entry; approval publishes to the registry, withdrawing it revokes the entry.';
revoke execute on function private.track_application_status() from public;

create trigger organization_applications_track_status
  after insert or update of status on public.organization_applications
  for each row execute function private.track_application_status();

-- Applications that exist already (a hosted project) get their history started.
insert into public.application_events (organization_id, type, actor_id, created_at)
select a.organization_id, 'submitted', a.submitted_by, a.submitted_at from public.organization_applications a;
insert into public.application_events (organization_id, type, message, actor_id, created_at)
select a.organization_id, a.status::text::public.application_event_type, a.decision_reason, a.decided_by, a.decided_at
  from public.organization_applications a where a.status in ('approved', 'rejected');
insert into public.registry_entries (organization_id, status, effective_from)
select a.organization_id, 'active', a.decided_at from public.organization_applications a where a.status = 'approved';
insert into public.registry_status_changes (organization_id, status, effective_from, recorded_by, recorded_at)
select a.organization_id, 'active', a.decided_at, a.decided_by, a.decided_at
  from public.organization_applications a where a.status = 'approved';

-- ---------------------------------------------------------------------------
-- The review RPCs
-- ---------------------------------------------------------------------------
-- The application, locked for the decision, or application_not_found.
create function private.lock_application(p_organization_id uuid)
returns public.organization_applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_application public.organization_applications;
begin
  select * into v_application from public.organization_applications a
   where a.organization_id = p_organization_id
   for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'application_not_found',
      detail = 'No application exists for this organisation.';
  end if;
  return v_application;
end;
$$;
revoke execute on function private.lock_application(uuid) from public;

create function private.assert_undecided(p_application public.organization_applications)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_application.status in ('approved', 'rejected') then
    raise exception using errcode = 'P0001', message = 'application_already_decided',
      detail = format('This application was already %s.', p_application.status);
  end if;
end;
$$;
revoke execute on function private.assert_undecided(public.organization_applications) from public;

-- A required text of at most p_max characters, trimmed; p_code names the error.
create function private.required_text(p_value text, p_code text, p_max integer)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_value is null or btrim(p_value) = '' then
    raise exception using errcode = 'invalid_parameter_value', message = p_code;
  end if;
  if char_length(btrim(p_value)) > p_max then
    raise exception using errcode = 'invalid_parameter_value', message = p_code || '_too_long',
      detail = format('At most %s characters.', p_max);
  end if;
  return btrim(p_value);
end;
$$;
revoke execute on function private.required_text(text, text, integer) from public;

-- What the review function needs to tell the applicant: who, about what.
create function private.review_result(p_organization_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization_id', o.id,
    'organization_name', o.name,
    'status', a.status,
    'decided_at', a.decided_at,
    'decision_reason', a.decision_reason,
    'changes_requested_at', a.changes_requested_at,
    'registry_effective_from', (select r.effective_from from public.registry_entries r
                                 where r.organization_id = o.id and r.status = 'active'),
    -- The organisation's admins (the applicant first), by their sign-in address.
    'recipients', coalesce((
      select jsonb_agg(u.email order by (u.id = a.submitted_by) desc, u.email)
        from public.organization_members m
        join auth.users u on u.id = m.user_id
       where m.organization_id = o.id and m.role = 'admin' and u.email is not null
    ), '[]'::jsonb)
  )
  from public.organizations o
  join public.organization_applications a on a.organization_id = o.id
  where o.id = p_organization_id;
$$;
revoke execute on function private.review_result(uuid) from public;

-- begin_application_review: an administrator picks up a pending application.
create function public.begin_application_review(p_organization_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_application public.organization_applications;
begin
  perform private.require_system_admin('review applications');
  v_application := private.lock_application(p_organization_id);
  -- Idempotent: opening it again, or opening a decided one, changes nothing.
  if v_application.status = 'pending' then
    update public.organization_applications a set status = 'under_review' where a.organization_id = p_organization_id;
  end if;
  return private.review_result(p_organization_id);
end;
$$;
comment on function public.begin_application_review(uuid) is
  'System administrators only. Moves a pending application to under_review (timeline and audit by trigger); no change otherwise. Returns the review result object.';
revoke execute on function public.begin_application_review(uuid) from public, anon;
grant execute on function public.begin_application_review(uuid) to authenticated;

create function public.approve_application(p_organization_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_application public.organization_applications;
begin
  perform private.require_system_admin('approve applications');
  v_application := private.lock_application(p_organization_id);
  perform private.assert_undecided(v_application);
  -- The trigger stamps decided_by/at, records the event and publishes to the registry.
  update public.organization_applications a
     set status = 'approved', decision_reason = null, changes_requested_at = null
   where a.organization_id = p_organization_id;
  return private.review_result(p_organization_id);
end;
$$;
comment on function public.approve_application(uuid) is
  'System administrators only. Approves a pending or under-review application: stamps who and when, records it in the timeline and the audit trail, and publishes the organisation to the trust registry from now. Errors: 42501; P0001 application_not_found, application_already_decided. Returns {organization_id, organization_name, status, decided_at, registry_effective_from, recipients, …}.';
revoke execute on function public.approve_application(uuid) from public, anon;
grant execute on function public.approve_application(uuid) to authenticated;

create function public.reject_application(p_organization_id uuid, p_reason text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_application public.organization_applications;
  v_reason text;
begin
  perform private.require_system_admin('reject applications');
  v_reason := private.required_text(p_reason, 'reason_required', 2000);
  v_application := private.lock_application(p_organization_id);
  perform private.assert_undecided(v_application);
  update public.organization_applications a
     set status = 'rejected', decision_reason = v_reason, changes_requested_at = null
   where a.organization_id = p_organization_id;
  return private.review_result(p_organization_id);
end;
$$;
comment on function public.reject_application(uuid, text) is
  'System administrators only. Rejects a pending or under-review application with a reason the applicant is shown; never publishes. Errors: 42501; 22023 reason_required, reason_required_too_long; P0001 application_not_found, application_already_decided.';
revoke execute on function public.reject_application(uuid, text) from public, anon;
grant execute on function public.reject_application(uuid, text) to authenticated;

create function public.request_application_changes(p_organization_id uuid, p_message text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_application public.organization_applications;
  v_message text;
begin
  perform private.require_system_admin('request changes to applications');
  v_message := private.required_text(p_message, 'message_required', 4000);
  v_application := private.lock_application(p_organization_id);
  perform private.assert_undecided(v_application);
  -- Asking for changes means someone is reviewing it.
  update public.organization_applications a
     set status = 'under_review', changes_requested_at = now()
   where a.organization_id = p_organization_id;
  perform private.record_application_event(p_organization_id, 'changes_requested', v_message);
  return private.review_result(p_organization_id);
end;
$$;
comment on function public.request_application_changes(uuid, text) is
  'System administrators only. Asks the applicant to change or add something (the message is shown to them); the application stays under review until they answer. Errors: 42501; 22023 message_required, message_required_too_long; P0001 application_not_found, application_already_decided.';
revoke execute on function public.request_application_changes(uuid, text) from public, anon;
grant execute on function public.request_application_changes(uuid, text) to authenticated;

create function public.respond_to_change_request(
  p_organization_id uuid,
  p_response text,
  p_document_path text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_application public.organization_applications;
  v_response text;
begin
  if not exists (
    select 1 from public.organization_members m
     where m.organization_id = p_organization_id and m.user_id = auth.uid()
  ) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_a_member',
      detail = 'Only the organisation''s members answer its change requests.';
  end if;
  v_response := private.required_text(p_response, 'response_required', 4000);
  v_application := private.lock_application(p_organization_id);
  if v_application.changes_requested_at is null or v_application.status not in ('pending', 'under_review') then
    raise exception using errcode = 'P0001', message = 'no_open_change_request',
      detail = 'There is no change request waiting for an answer.';
  end if;
  -- A replacement proof of registration, already uploaded to the organisation's folder.
  if nullif(p_document_path, '') is not null and (
    p_document_path not like p_organization_id::text || '/%'
    or not exists (select 1 from storage.objects o where o.bucket_id = 'application_documents' and o.name = p_document_path)
  ) then
    raise exception using errcode = 'invalid_parameter_value', message = 'document_missing',
      detail = 'Upload the document to the organisation''s folder first.';
  end if;

  update public.organization_applications a
     set changes_requested_at = null,
         registration_document_path = coalesce(nullif(p_document_path, ''), a.registration_document_path)
   where a.organization_id = p_organization_id;
  perform private.record_application_event(
    p_organization_id,
    'changes_submitted',
    v_response || case when nullif(p_document_path, '') is not null then E'\n\n(A new proof of registration was uploaded.)' else '' end
  );
  return jsonb_build_object('organization_id', p_organization_id, 'status', v_application.status);
end;
$$;
comment on function public.respond_to_change_request(uuid, text, text) is
  'The applicant''s organisation answers an open change request, optionally replacing the proof of registration (already uploaded to `<organization id>/…`). Errors: 42501 not_a_member; 22023 response_required, response_required_too_long, document_missing; P0001 application_not_found, no_open_change_request.';
revoke execute on function public.respond_to_change_request(uuid, text, text) from public, anon;
grant execute on function public.respond_to_change_request(uuid, text, text) to authenticated;
