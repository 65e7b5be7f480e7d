-- Issue 28: an application submitted again is the same application.
--
-- Onboarding's Submit sends a request id, made when the applicant presses
-- Submit and kept for every retry of the same answers. When the answer to a
-- submission that committed is lost (the API restarted, the connection
-- dropped), the retry used to hear "This account already belongs to an
-- organisation" and the applicant believed their application had failed. Now
-- the same id returns the organisation that submission created. A submission
-- without an id behaves as before.

alter table public.organization_applications add column submission_request_id uuid;
comment on column public.organization_applications.submission_request_id is
  'The id onboarding sent with the submission that created this application: submit_application with the same id, by the same applicant, returns this organisation instead of refusing. Null when submitted without one.';
create unique index organization_applications_submission_request_key
  on public.organization_applications (submission_request_id) where submission_request_id is not null;

create function private.organization_submitted_by_request(p_request_id uuid)
returns uuid
language sql
volatile
security definer
set search_path = ''
as $$
  select a.organization_id
    from public.organization_applications a
    join public.organizations o on o.id = a.organization_id
   where p_request_id is not null and a.submission_request_id = p_request_id and o.created_by = auth.uid();
$$;
comment on function private.organization_submitted_by_request(uuid) is
  'For submit_application: the organisation the caller''s submission with this request id created, or null. Volatile, so each call sees what committed before it.';
revoke execute on function private.organization_submitted_by_request(uuid) from public;

drop function public.submit_application(jsonb);

create function public.submit_application(payload jsonb, p_request_id uuid default null)
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
    -- The same submission again (a retry after its answer was lost): the
    -- organisation it created, rather than "already in an organisation".
    v_org_id := private.organization_submitted_by_request(p_request_id);
    if v_org_id is not null then
      return v_org_id;
    end if;
    raise exception using errcode = 'unique_violation', message = 'already_in_organization',
      detail = 'This account already belongs to an organisation; each account belongs to at most one.';
  end if;

  -- The id the documents were uploaded under. Without a draft nothing can have
  -- been uploaded, so a fresh id makes the document check fail with "missing".
  select d.organization_id into v_org_id
    from public.application_drafts d where d.user_id = v_user_id
    for update;
  -- A twin still running when this one began has committed by now (it held
  -- the draft's lock, and deleted the draft): its organisation, not a refusal.
  if v_org_id is null and private.organization_submitted_by_request(p_request_id) is not null then
    return private.organization_submitted_by_request(p_request_id);
  end if;
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
         consent_at = now(),
         submission_request_id = p_request_id
   where a.organization_id = v_org_id;

  delete from public.application_drafts d where d.user_id = v_user_id;
  return v_org_id;
end;
$$;
comment on function public.submit_application(jsonb, uuid) is
  'Onboarding''s Submit: validates the payload, then in one transaction creates the organisation (with the id the caller''s draft reserved), the caller''s admin membership, the pending application with its details (its trigger records the submission in the timeline and the audit trail), and deletes the draft. p_request_id: onboarding''s id for this submission; the same id again from the same applicant returns the organisation it created. Errors: 42501 not_authenticated, 23505 already_in_organization, 22023 invalid_application (detail: {field: code}). See docs/decisions/014-onboarding-application-data.md.';
revoke execute on function public.submit_application(jsonb, uuid) from public, anon;
grant execute on function public.submit_application(jsonb, uuid) to authenticated;
