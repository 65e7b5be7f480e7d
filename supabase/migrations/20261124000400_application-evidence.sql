-- Issue 12, findings 4 and 5: application documents are immutable once
-- submitted, and submitting an application is the only way to create an
-- organisation (docs/decisions/025-immutable-evidence-and-one-way-to-apply.md).
--
-- Finding 4, swapping evidence. The storage policies of 20261122004000 let any
-- member replace (upsert), move or remove the organisation's documents at any
-- status, approved included, without a trace. From here:
-- * The applicant uploads, replaces and removes files in their draft's reserved
--   folder until they submit (unchanged).
-- * After submission nobody updates, moves or removes an object in an
--   organisation's application_documents folder: not its members, not its
--   admins, not system administrators. Members may add a NEW object only while
--   a change request is open; a plain upload never overwrites (409) and an
--   upsert needs UPDATE, which nobody has there.
-- * Every submitted document is recorded in public.application_documents:
--   Submit records the first proof of registration, an answer to a change
--   request with a new document supersedes it (the earlier one stays, readable).
--   A trigger on storage.objects refuses any change to a recorded object, whoever
--   makes it, because hosted Storage writes the row as its own superuser after
--   checking the policies (an upload's completion, a signed upload URL made
--   while the draft existed, move and copy): without it, an upload started
--   before Submit could still overwrite the proof after it.
-- * respond_to_change_request no longer appends "(A new proof of registration
--   was uploaded.)" to the applicant's answer, which pushed a 4,000-character
--   answer over the timeline's limit (a raw check-constraint error); the
--   document is in the history instead, linked to the answer's event.
--
-- Finding 5, bypassing the application. A signed-in person could insert into
-- organizations directly (any id, themselves as creator) and become its admin
-- with a pending application, skipping submit_application's validation, the
-- document and consent; with a chosen id, even someone else's reserved folder.
-- The insert privilege and policy are gone: submit_application (security
-- definer) is the only way in; system administrators will create tenants
-- through an RPC.
--
-- Applies unchanged to hosted Supabase (migrations run as `postgres`, which has
-- all privileges on storage.objects, TRIGGER included, but does not own it): no
-- COMMENT ON POLICY or ON TRIGGER on storage.objects (see 20261122003000).

-- ---------------------------------------------------------------------------
-- Finding 5: no direct insert into organizations
-- ---------------------------------------------------------------------------
drop policy "organizations: applicants create in their own name" on public.organizations;
revoke insert on table public.organizations from anon, authenticated;
comment on table public.organizations is
  'Organisations in the network, created only by submit_application (onboarding); no API role may insert. Approved ones are public through the registry_* functions; others are visible to their members and system administrators.';

-- ---------------------------------------------------------------------------
-- application_documents: the history of every submitted document
-- ---------------------------------------------------------------------------
create type public.application_document_kind as enum ('proof_of_registration');
comment on type public.application_document_kind is
  'What a submitted application document is. proof_of_registration: the company register''s certificate (organization_applications.registration_document_path points at the current one).';

create table public.application_documents (
  id bigint generated always as identity,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind public.application_document_kind not null,
  -- The object in the private application_documents bucket. Recorded once: a
  -- replacement is always a new object.
  object_path text not null
    constraint application_documents_object_path_key unique
    constraint application_documents_object_path_check
    check (object_path like organization_id::text || '/%' and char_length(object_path) <= 300),
  -- What Storage held when it was submitted, so the record says which bytes were meant.
  byte_size bigint,
  content_type text,
  etag text,
  object_version text,
  -- Who uploaded the file (the object's owner) and who put it forward. History: no FK.
  uploaded_by uuid,
  submitted_by uuid,
  submitted_at timestamptz not null default now(),
  -- The timeline entry it came with: the submission, or the answer to a change request.
  event_id bigint not null,
  -- Set when a later document of the same kind replaced it; the object itself stays.
  superseded_at timestamptz,
  constraint application_documents_event_fkey
    foreign key (organization_id, event_id) references public.application_events (organization_id, id) on delete cascade,
  -- Led by organization_id and event_id so the key also serves both foreign
  -- keys, an organisation's history and the timeline's embedded documents
  -- (id alone is unique; as application_events' key does for its own).
  constraint application_documents_pkey primary key (organization_id, event_id, id)
);
comment on table public.application_documents is
  'Every document an organisation submitted with its application, oldest first: the first proof of registration at Submit, each replacement sent with an answer to a change request. Superseded ones stay (and stay readable in storage). Written only by the database; read by the organisation''s members and system administrators.';
comment on column public.application_documents.object_path is 'Object name in the private application_documents bucket (`<organization id>/…`); immutable in storage once recorded here.';
comment on column public.application_documents.etag is 'The object''s ETag when it was submitted, as Storage recorded it.';
comment on column public.application_documents.object_version is 'storage.objects.version when it was submitted.';
comment on column public.application_documents.uploaded_by is 'The account that uploaded the object (its owner in storage), when known.';
comment on column public.application_documents.submitted_by is 'The account that submitted the application or answered the change request with it.';
comment on column public.application_documents.event_id is 'The application_events entry it came with (submitted or changes_submitted).';
comment on column public.application_documents.superseded_at is 'When a later document of the same kind replaced it; null for the current one.';

-- One current document of each kind per organisation.
create unique index application_documents_current_key
  on public.application_documents (organization_id, kind) where superseded_at is null;

alter table public.application_documents enable row level security;
revoke all on table public.application_documents from anon, authenticated;
grant select on table public.application_documents to authenticated;

create policy "application_documents: own organisation or all as admin"
  on public.application_documents for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "application_documents: own organisation or all as admin" on public.application_documents is
  'The applicant''s organisation follows what it submitted; reviewers see every version. No write policies: the history is recorded by the database.';

-- Recorded whenever an application's proof of registration is set or changed,
-- whatever sets it (submit_application, respond_to_change_request, an operator's
-- SQL), with the latest timeline entry of the application as its event: the
-- callers record their event first. Refuses a document already on record.
create function private.track_application_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_path text := new.registration_document_path;
  v_previous text;
  v_owner text;
  v_metadata jsonb;
  v_version text;
begin
  if v_path is null or (tg_op = 'UPDATE' and v_path is not distinct from old.registration_document_path) then
    return null;
  end if;
  if exists (select 1 from public.application_documents d where d.object_path = v_path) then
    raise exception using errcode = 'invalid_parameter_value', message = 'document_already_submitted',
      detail = 'This document was already submitted with the application. Upload the new document under a new name.';
  end if;

  select o.owner_id, o.metadata, o.version into v_owner, v_metadata, v_version
    from storage.objects o where o.bucket_id = 'application_documents' and o.name = v_path;

  update public.application_documents d
     set superseded_at = now()
   where d.organization_id = new.organization_id and d.kind = 'proof_of_registration' and d.superseded_at is null
  returning d.object_path into v_previous;

  insert into public.application_documents
    (organization_id, kind, object_path, byte_size, content_type, etag, object_version, uploaded_by, submitted_by, event_id)
  values (
    new.organization_id,
    'proof_of_registration',
    v_path,
    (v_metadata ->> 'size')::bigint,
    v_metadata ->> 'mimetype',
    v_metadata ->> 'eTag',
    v_version,
    case when v_owner ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_owner::uuid end,
    auth.uid(),
    (select max(e.id) from public.application_events e where e.organization_id = new.organization_id)
  );

  insert into public.network_activity (actor_id, action, organization_id, details)
  values (
    auth.uid(),
    'application.document_submitted',
    new.organization_id,
    jsonb_strip_nulls(jsonb_build_object(
      'organization_name', (select o.name from public.organizations o where o.id = new.organization_id),
      'kind', 'proof_of_registration',
      'object_path', v_path,
      'supersedes', v_previous
    ))
  );
  return null;
end;
$$;
comment on function private.track_application_document() is
  'After insert or update of registration_document_path on organization_applications: records the document in application_documents (superseding the current one) and in the audit trail; refuses a document already recorded (22023 document_already_submitted).';
revoke execute on function private.track_application_document() from public;

-- Named to fire after organization_applications_track_status (triggers fire in
-- name order), so an application inserted with a document already has its
-- "submitted" event to point at.
create trigger organization_applications_track_submitted_document
  after insert or update of registration_document_path on public.organization_applications
  for each row execute function private.track_application_document();

-- Applications that exist already (a hosted project): their current proof,
-- with the submission it came with.
insert into public.application_documents
  (organization_id, kind, object_path, byte_size, content_type, etag, object_version, uploaded_by, submitted_by, submitted_at, event_id)
select
  a.organization_id,
  'proof_of_registration',
  a.registration_document_path,
  (o.metadata ->> 'size')::bigint,
  o.metadata ->> 'mimetype',
  o.metadata ->> 'eTag',
  o.version,
  case when o.owner_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then o.owner_id::uuid end,
  a.submitted_by,
  a.submitted_at,
  -- Every application has its 'submitted' entry (recorded by trigger since the
  -- table exists); the earliest entry otherwise.
  coalesce(
    (select min(e.id) from public.application_events e where e.organization_id = a.organization_id and e.type = 'submitted'),
    (select min(e.id) from public.application_events e where e.organization_id = a.organization_id)
  )
from public.organization_applications a
left join storage.objects o on o.bucket_id = 'application_documents' and o.name = a.registration_document_path
where a.registration_document_path is not null;

-- ---------------------------------------------------------------------------
-- Storage: recorded documents never change, whoever asks
-- ---------------------------------------------------------------------------
create function private.protect_submitted_application_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.application_documents d where d.object_path = old.name) then
    raise exception using errcode = 'insufficient_privilege', message = 'application_document_immutable',
      detail = 'A submitted application document cannot be replaced, moved or removed. Send a new document with the answer to a change request.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.protect_submitted_application_document() is
  'Before update or delete on storage.objects (trigger protect_submitted_application_documents): refuses any change to an object recorded in application_documents, for every role including the service role and Storage''s own, with 42501 application_document_immutable (Storage answers 403 with that message). Deleting the organisation removes its history and so lifts the protection, for erasure.';
revoke execute on function private.protect_submitted_application_document() from public;

-- (No COMMENT ON TRIGGER: that needs ownership of storage.objects; see the function's comment.)
create trigger protect_submitted_application_documents
  before update or delete on storage.objects
  for each row
  when (old.bucket_id = 'application_documents')
  execute function private.protect_submitted_application_document();

-- ---------------------------------------------------------------------------
-- Storage policies for application_documents (brand_assets unchanged)
-- ---------------------------------------------------------------------------
-- The organisations whose application awaits the caller's answer to a change
-- request: the only time a member adds a document after Submit.
create function private.change_request_organization_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.organization_id
    from public.organization_applications a
    join public.organization_members m on m.organization_id = a.organization_id
   where m.user_id = auth.uid()
     and a.changes_requested_at is not null
     and a.status in ('pending', 'under_review');
$$;
comment on function private.change_request_organization_ids() is
  'Organisations of the caller with an open change request. For the storage INSERT policy: members add a new document only then.';
revoke execute on function private.change_request_organization_ids() from public;
grant execute on function private.change_request_organization_ids() to authenticated, service_role;

-- The SELECT policy of 20261122004000 stays: members, the applicant before
-- submitting and system administrators read.
drop policy "storage.objects: members add documents, organisation admins add logos" on storage.objects;
drop policy "storage.objects: members replace documents, organisation admins replace logos" on storage.objects;
drop policy "storage.objects: members remove documents, organisation admins remove logos" on storage.objects;

-- Adding: documents to the caller's draft folder before Submit, or to their
-- organisation's folder while a change request is open (under a new name: a
-- plain upload onto an existing object is 409, an upsert needs UPDATE); logos
-- by organisation admins and to the draft folder, as before.
create policy "storage.objects: add drafts, change-request answers, logos"
  on storage.objects for insert to authenticated
  with check (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.change_request_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  );

-- Replacing (upsert, update) or moving: documents only in the caller's draft
-- folder, never after Submit; logos as before. USING: where it is; WITH CHECK:
-- where it goes.
create policy "storage.objects: replace drafts and logos"
  on storage.objects for update to authenticated
  using (
    (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  )
  with check (
    (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  );

-- Removing: the applicant's wrong upload before Submit; logos by organisation admins.
create policy "storage.objects: remove drafts and logos"
  on storage.objects for delete to authenticated
  using (
    (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  );

-- ---------------------------------------------------------------------------
-- respond_to_change_request: the answer as written, the document in the history
-- ---------------------------------------------------------------------------
create or replace function public.respond_to_change_request(
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
  v_document text := nullif(p_document_path, '');
begin
  if not exists (
    select 1 from public.organization_members m
     where m.organization_id = p_organization_id and m.user_id = auth.uid()
  ) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_a_member',
      detail = 'Only the organisation''s members answer its change requests.';
  end if;
  -- The answer is stored as written (trimmed), so its limit is the timeline's.
  v_response := private.required_text(p_response, 'response_required', 4000);
  if char_length(v_document) > 300 then
    raise exception using errcode = 'invalid_parameter_value', message = 'document_path_too_long',
      detail = 'A document name has at most 300 characters.';
  end if;
  v_application := private.lock_application(p_organization_id);
  if v_application.changes_requested_at is null or v_application.status not in ('pending', 'under_review') then
    raise exception using errcode = 'P0001', message = 'no_open_change_request',
      detail = 'There is no change request waiting for an answer.';
  end if;
  if v_document is not null then
    -- A new proof of registration, already uploaded to the organisation's folder.
    if v_document not like p_organization_id::text || '/%'
       or not exists (select 1 from storage.objects o where o.bucket_id = 'application_documents' and o.name = v_document) then
      raise exception using errcode = 'invalid_parameter_value', message = 'document_missing',
        detail = 'Upload the document to the organisation''s folder first.';
    end if;
    if exists (select 1 from public.application_documents d where d.object_path = v_document) then
      raise exception using errcode = 'invalid_parameter_value', message = 'document_already_submitted',
        detail = 'This document was already submitted with the application. Upload the new document under a new name.';
    end if;
  end if;

  -- The answer first, so the document recorded by the trigger below belongs to it.
  perform private.record_application_event(p_organization_id, 'changes_submitted', v_response);
  update public.organization_applications a
     set changes_requested_at = null,
         registration_document_path = coalesce(v_document, a.registration_document_path)
   where a.organization_id = p_organization_id;
  return jsonb_strip_nulls(jsonb_build_object(
    'organization_id', p_organization_id,
    'status', v_application.status,
    'document_path', v_document
  ));
end;
$$;
comment on function public.respond_to_change_request(uuid, text, text) is
  'The applicant''s organisation answers an open change request, optionally with a new proof of registration (a new object already uploaded to `<organization id>/…`), which supersedes the current one in application_documents. The answer is recorded as written. Errors: 42501 not_a_member; 22023 response_required, response_required_too_long, document_path_too_long, document_missing, document_already_submitted; P0001 application_not_found, no_open_change_request.';
