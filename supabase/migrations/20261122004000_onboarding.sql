-- Onboarding, part 1: what an applicant tells us, their draft, and submitting it.
--
-- The choices are recorded in docs/decisions/014-onboarding-application-data.md:
-- * Facts the trust registry shows (names, registration, country, website,
--   sector, size, logo) live on `organizations`, which visitors read once the
--   organisation is approved. Facts only the network needs (contact person and
--   phone, use cases, expected volume, the proof-of-registration document,
--   consent) live on `organization_applications`, which only the organisation's
--   members and system administrators read.
-- * A draft per person (`application_drafts`) holds the form as they type it,
--   server-side so it follows them to another device. It also *reserves* the
--   organisation's id: documents are uploaded to `<reserved id>/…` before the
--   organisation exists (storage policies below), and submit_application()
--   creates the organisation with exactly that id, so no file is ever moved.
-- * submit_application(payload) validates, creates the organisation (whose
--   trigger adds the admin membership and the pending application), fills in the
--   application's details and deletes the draft, in one transaction.
-- * The review (timeline, audit trail, registry, administrators' decisions) is
--   the next migration, 20261122004100_application-review.sql.

-- ---------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------
create type public.application_use_case as enum (
  'education',
  'healthcare',
  'online_registration',
  'cross_border_verification'
);
comment on type public.application_use_case is
  'What the applicant wants to verify identities and documents for; the four use-case pages of the public site.';

-- ---------------------------------------------------------------------------
-- organizations: the logo (public, shown in the registry)
-- ---------------------------------------------------------------------------
alter table public.organizations
  add column logo_path text
    -- An object of the public brand_assets bucket, inside the organisation's own folder.
    constraint organizations_logo_path_check
    check (logo_path is null or (logo_path like id::text || '/%' and char_length(logo_path) <= 300));
comment on column public.organizations.logo_path is
  'Object name in the public brand_assets bucket (`<organization id>/<file>`), or null. The registry shows it through its public URL.';
-- Organisation admins replace their logo from the dashboard, like the other public facts.
grant update (logo_path) on table public.organizations to authenticated;

-- ---------------------------------------------------------------------------
-- organization_applications: the private facts of the application
-- ---------------------------------------------------------------------------
alter table public.organization_applications
  add column contact_name text
    constraint organization_applications_contact_name_check
    check (contact_name is null or char_length(btrim(contact_name)) between 1 and 200),
  add column contact_phone text
    constraint organization_applications_contact_phone_check
    check (contact_phone is null or contact_phone ~ '^\+?[0-9][0-9 ()-]{5,24}$'),
  add column use_cases public.application_use_case[] not null default '{}',
  add column expected_monthly_verifications integer
    constraint organization_applications_expected_volume_check
    check (expected_monthly_verifications is null or expected_monthly_verifications between 1 and 100000000),
  -- An object of the private application_documents bucket, in the organisation's folder.
  add column registration_document_path text
    constraint organization_applications_document_path_check
    check (registration_document_path is null
           or (registration_document_path like organization_id::text || '/%' and char_length(registration_document_path) <= 300)),
  -- When the applicant ticked the consent box on the review step (the server's clock).
  add column consent_at timestamptz,
  -- Set while an administrator waits for the applicant to answer a change
  -- request; cleared by the answer or by the decision.
  add column changes_requested_at timestamptz;
comment on column public.organization_applications.contact_name is 'Who the network talks to about the application. Private to members and system administrators.';
comment on column public.organization_applications.contact_phone is 'The contact person''s phone, as typed (digits, spaces, brackets, dashes, optional leading +).';
comment on column public.organization_applications.use_cases is 'Which of the network''s use cases the organisation applies for.';
comment on column public.organization_applications.expected_monthly_verifications is 'The applicant''s estimate of verifications per month.';
comment on column public.organization_applications.registration_document_path is
  'Proof of registration: object name in the private application_documents bucket. Reviewers open it through a short-lived signed URL.';
comment on column public.organization_applications.consent_at is 'When the applicant accepted the terms and confirmed the information is accurate.';
comment on column public.organization_applications.changes_requested_at is
  'Non-null while a change request awaits the applicant''s answer (respond_to_change_request).';

-- ---------------------------------------------------------------------------
-- application_drafts
-- ---------------------------------------------------------------------------
create table public.application_drafts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- The id the organisation will have. Chosen by the database, never by the
  -- client (no insert/update privilege on it), so nobody can claim another
  -- organisation's storage folder through a draft.
  organization_id uuid not null default gen_random_uuid()
    constraint application_drafts_organization_id_key unique,
  -- The form as the applicant left it. Its shape is the app's business; the
  -- database only keeps it, bounded so a draft cannot grow without limit.
  payload jsonb not null default '{}'
    constraint application_drafts_payload_check
    check (jsonb_typeof(payload) = 'object' and octet_length(payload::text) <= 65536),
  current_step smallint not null default 1
    constraint application_drafts_current_step_check check (current_step between 1 and 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.application_drafts is
  'One onboarding draft per person, saved as they type and restored on any device; reserves the organisation id their documents are uploaded under. Deleted by submit_application().';

create trigger application_drafts_set_updated_at
  before update on public.application_drafts
  for each row execute function private.set_updated_at();

alter table public.application_drafts enable row level security;
revoke all on table public.application_drafts from anon, authenticated;
grant select, delete on table public.application_drafts to authenticated;
grant insert (user_id, payload, current_step) on table public.application_drafts to authenticated;
-- user_id too, because an upsert (insert … on conflict do update) sets every
-- column it sends; the policies keep it the caller's own id.
grant update (user_id, payload, current_step) on table public.application_drafts to authenticated;

create policy "application_drafts: owner reads"
  on public.application_drafts for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "application_drafts: owner reads" on public.application_drafts is
  'A draft is private to the person writing it: not their future colleagues, not system administrators (nothing has been submitted yet).';

create policy "application_drafts: owner creates"
  on public.application_drafts for insert to authenticated
  with check (
    user_id = (select auth.uid())
    -- Someone who already belongs to an organisation has nothing to apply for.
    -- This also stops a save that was still on its way when Submit succeeded
    -- from bringing the deleted draft back.
    and not exists (select 1 from private.member_organization_ids())
  );
comment on policy "application_drafts: owner creates" on public.application_drafts is
  'Each person starts only their own draft, and only while they belong to no organisation.';

create policy "application_drafts: owner saves"
  on public.application_drafts for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy "application_drafts: owner saves" on public.application_drafts is
  'Saving as they go; only payload and current_step change (user_id must stay the caller''s, organization_id is not writable).';

create policy "application_drafts: owner discards"
  on public.application_drafts for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy "application_drafts: owner discards" on public.application_drafts is
  'An applicant may throw their draft away and start again.';

-- The organisation ids the caller has reserved (at most one): their storage folder before submitting.
create function private.draft_organization_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select d.organization_id from public.application_drafts d where d.user_id = auth.uid();
$$;
comment on function private.draft_organization_ids() is
  'The organisation id reserved by the caller''s draft. For storage policies: the applicant uploads documents there before the organisation exists.';
revoke execute on function private.draft_organization_ids() from public;
grant execute on function private.draft_organization_ids() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Storage: the applicant's reserved folder (policies of 20261122003000, widened)
-- ---------------------------------------------------------------------------
-- Same rules as before, plus: the person holding a draft may read, upload,
-- replace and remove files in the folder of the organisation id their draft
-- reserved, in both buckets (they will be that organisation's admin). After
-- submit the draft is gone and membership takes over the same folder.
-- (Hosted Supabase does not let migrations comment on these policies; see 20261122003000.)
drop policy "storage.objects: own organisation's files, all as system admin" on storage.objects;
drop policy "storage.objects: members add documents, organisation admins add logos" on storage.objects;
drop policy "storage.objects: members replace documents, organisation admins replace logos" on storage.objects;
drop policy "storage.objects: members remove documents, organisation admins remove logos" on storage.objects;

-- Members, the applicant before submitting, and the back office read.
create policy "storage.objects: own organisation's files, all as system admin"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('application_documents', 'brand_assets')
    and (
      (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id)
      or (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id)
      or (select private.is_system_admin())
    )
  );

-- Members add documents, organisation admins add logos; the applicant adds both to their reserved folder.
create policy "storage.objects: members add documents, organisation admins add logos"
  on storage.objects for insert to authenticated
  with check (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  );

-- Replace or move within the same folders (USING: where it is; WITH CHECK: where it goes).
create policy "storage.objects: members replace documents, organisation admins replace logos"
  on storage.objects for update to authenticated
  using (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  )
  with check (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  );

-- Remove: members their documents, organisation admins their logo, the applicant a wrong upload.
create policy "storage.objects: members remove documents, organisation admins remove logos"
  on storage.objects for delete to authenticated
  using (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
  );

-- ---------------------------------------------------------------------------
-- submit_application(payload) → organisation id
-- ---------------------------------------------------------------------------
-- Validation collects every bad field so the form can show all of them at once.
-- The field names are the payload's keys; the codes are what the UI maps to words.
create function private.application_payload_errors(p jsonb, p_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  errors jsonb := '{}';
  v text;
  n numeric;
  use_case jsonb;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return jsonb_build_object('payload', 'invalid');
  end if;

  v := btrim(coalesce(p ->> 'legal_name', ''));
  if v = '' then errors := errors || '{"legal_name": "required"}';
  elsif char_length(v) > 300 then errors := errors || '{"legal_name": "too_long"}';
  end if;

  v := btrim(coalesce(p ->> 'name', ''));
  if char_length(v) > 200 then errors := errors || '{"name": "too_long"}'; end if;

  v := btrim(coalesce(p ->> 'registration_number', ''));
  if v = '' then errors := errors || '{"registration_number": "required"}';
  elsif char_length(v) > 64 then errors := errors || '{"registration_number": "too_long"}';
  end if;

  v := coalesce(p ->> 'country', '');
  if v = '' then errors := errors || '{"country": "required"}';
  elsif v !~ '^[A-Z]{2}$' then errors := errors || '{"country": "invalid"}';
  end if;

  v := btrim(coalesce(p ->> 'website', ''));
  if v <> '' and (v !~* '^https?://[^\s/]+\.[^\s]+$' or char_length(v) > 300) then
    errors := errors || '{"website": "invalid"}';
  end if;

  v := coalesce(p ->> 'sector', '');
  if v = '' then errors := errors || '{"sector": "required"}';
  elsif not (v = any (enum_range(null::public.organization_sector)::text[])) then errors := errors || '{"sector": "invalid"}';
  end if;

  v := coalesce(p ->> 'size', '');
  if v = '' then errors := errors || '{"size": "required"}';
  elsif not (v = any (enum_range(null::public.organization_size)::text[])) then errors := errors || '{"size": "invalid"}';
  end if;

  v := btrim(coalesce(p ->> 'contact_name', ''));
  if v = '' then errors := errors || '{"contact_name": "required"}';
  elsif char_length(v) > 200 then errors := errors || '{"contact_name": "too_long"}';
  end if;

  v := btrim(coalesce(p ->> 'contact_phone', ''));
  if v = '' then errors := errors || '{"contact_phone": "required"}';
  elsif v !~ '^\+?[0-9][0-9 ()-]{5,24}$' or char_length(regexp_replace(v, '\D', '', 'g')) < 6 then
    errors := errors || '{"contact_phone": "invalid"}';
  end if;

  if jsonb_typeof(p -> 'use_cases') is distinct from 'array' or jsonb_array_length(p -> 'use_cases') = 0 then
    errors := errors || '{"use_cases": "required"}';
  else
    for use_case in select * from jsonb_array_elements(p -> 'use_cases') loop
      if jsonb_typeof(use_case) <> 'string'
         or not ((use_case #>> '{}') = any (enum_range(null::public.application_use_case)::text[])) then
        errors := errors || '{"use_cases": "invalid"}';
      end if;
    end loop;
  end if;

  if p -> 'expected_monthly_verifications' is null or jsonb_typeof(p -> 'expected_monthly_verifications') = 'null' then
    errors := errors || '{"expected_monthly_verifications": "required"}';
  elsif jsonb_typeof(p -> 'expected_monthly_verifications') <> 'number' then
    errors := errors || '{"expected_monthly_verifications": "invalid"}';
  else
    n := (p ->> 'expected_monthly_verifications')::numeric;
    if n <> trunc(n) or n < 1 or n > 100000000 then
      errors := errors || '{"expected_monthly_verifications": "invalid"}';
    end if;
  end if;

  -- Documents must already be uploaded, into the folder the draft reserved.
  v := coalesce(p ->> 'registration_document_path', '');
  if v = '' then
    errors := errors || '{"registration_document_path": "required"}';
  elsif v not like p_organization_id::text || '/%' or not exists (
    select 1 from storage.objects o where o.bucket_id = 'application_documents' and o.name = v
  ) then
    errors := errors || '{"registration_document_path": "missing"}';
  end if;

  v := coalesce(p ->> 'logo_path', '');
  if v <> '' and (v not like p_organization_id::text || '/%' or not exists (
    select 1 from storage.objects o where o.bucket_id = 'brand_assets' and o.name = v
  )) then
    errors := errors || '{"logo_path": "missing"}';
  end if;

  if (p -> 'consent') is distinct from 'true'::jsonb then
    errors := errors || '{"consent": "required"}';
  end if;

  -- Only worth asking when the two fields are themselves fine.
  if not (errors ? 'registration_number' or errors ? 'country') and exists (
    select 1 from public.organizations o
    where o.country = p ->> 'country' and o.registration_number = btrim(p ->> 'registration_number')
  ) then
    errors := errors || '{"registration_number": "taken"}';
  end if;

  return errors;
end;
$$;
comment on function private.application_payload_errors(jsonb, uuid) is
  'Every invalid field of an onboarding payload as {field: code} (required, too_long, invalid, missing, taken); {} when it is valid.';
revoke execute on function private.application_payload_errors(jsonb, uuid) from public;

create function private.raise_invalid_application(p_errors jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'invalid_parameter_value',
    message = 'invalid_application',
    detail = p_errors::text,
    hint = 'detail is a JSON object of {field: code}; fix those fields and submit again.';
end;
$$;
revoke execute on function private.raise_invalid_application(jsonb) from public;

create function public.submit_application(payload jsonb)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_org_id uuid;
  v_errors jsonb;
  v_constraint text;
  v_use_cases public.application_use_case[];
begin
  if v_user_id is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated',
      detail = 'Sign in to submit an application.';
  end if;
  if exists (select 1 from public.organization_members m where m.user_id = v_user_id) then
    raise exception using errcode = 'unique_violation', message = 'already_in_organization',
      detail = 'This account already belongs to an organisation; each account belongs to at most one.';
  end if;

  -- The id the documents were uploaded under. Without a draft nothing can have
  -- been uploaded, so a fresh id makes the document check fail with "missing".
  select d.organization_id into v_org_id
    from public.application_drafts d where d.user_id = v_user_id
    for update;
  v_org_id := coalesce(v_org_id, gen_random_uuid());

  v_errors := private.application_payload_errors(payload, v_org_id);
  if v_errors <> '{}' then
    perform private.raise_invalid_application(v_errors);
  end if;

  select coalesce(array_agg(distinct u::public.application_use_case), '{}')
    into v_use_cases
    from jsonb_array_elements_text(payload -> 'use_cases') as u;

  begin
    -- The trigger organizations_handle_new makes the caller admin and files the
    -- pending application, whose own trigger (20261122004100) starts the
    -- timeline and the audit trail.
    insert into public.organizations
      (id, name, legal_name, registration_number, country, website, sector, size, logo_path, created_by)
    values (
      v_org_id,
      coalesce(nullif(btrim(payload ->> 'name'), ''), btrim(payload ->> 'legal_name')),
      btrim(payload ->> 'legal_name'),
      btrim(payload ->> 'registration_number'),
      payload ->> 'country',
      nullif(btrim(payload ->> 'website'), ''),
      (payload ->> 'sector')::public.organization_sector,
      (payload ->> 'size')::public.organization_size,
      nullif(payload ->> 'logo_path', ''),
      v_user_id
    );
  exception when unique_violation then
    -- Two applicants racing for the same registration: the loser hears it at the field.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'organizations_country_registration_number_key' then
      perform private.raise_invalid_application('{"registration_number": "taken"}');
    end if;
    raise;
  end;

  update public.organization_applications a
     set contact_name = btrim(payload ->> 'contact_name'),
         contact_phone = btrim(payload ->> 'contact_phone'),
         use_cases = v_use_cases,
         expected_monthly_verifications = (payload ->> 'expected_monthly_verifications')::integer,
         registration_document_path = payload ->> 'registration_document_path',
         consent_at = now()
   where a.organization_id = v_org_id;

  delete from public.application_drafts d where d.user_id = v_user_id;
  return v_org_id;
end;
$$;
comment on function public.submit_application(jsonb) is
  'Onboarding''s Submit: validates the payload, then in one transaction creates the organisation (with the id the caller''s draft reserved), the caller''s admin membership, the pending application with its details (its trigger records the submission in the timeline and the audit trail), and deletes the draft. Errors: 42501 not_authenticated, 23505 already_in_organization, 22023 invalid_application (detail: {field: code}). See docs/decisions/014-onboarding-application-data.md.';
revoke execute on function public.submit_application(jsonb) from public, anon;
grant execute on function public.submit_application(jsonb) to authenticated;
