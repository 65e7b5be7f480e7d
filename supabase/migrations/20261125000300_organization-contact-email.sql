-- Organisation details (/dashboard/organization-details, issue 13): the fields
-- an organisation's admins change at once, without a request.
--
-- 1. A public contact e-mail address, checked with the one e-mail rule
--    (private.email_problem, decision 029).
-- 2. The description's limit becomes the page's: 1,000 characters of plain text
--    (the table allowed 2,000). Existing longer descriptions stay readable; the
--    limit applies when a description is written.
-- Both are refused with one named error, invalid_organization_profile, whose
-- detail is {field: code} like invalid_change_request's, so the page names the
-- problem at its field with onboarding's words.

alter table public.organizations add column contact_email text;
comment on column public.organizations.contact_email is
  'Public contact e-mail address of the organisation, kept by its admins (/dashboard/organization-details); null when none. Checked by private.check_organization_profile() with private.email_problem().';

-- The admins' direct-effect columns: description, sector, size (decision 004's
-- grant), logo_path (onboarding's grant) and now contact_email. The update
-- policy "organizations: organisation admins and system admins edit" decides the row.
grant update (contact_email) on table public.organizations to authenticated;

create function private.check_organization_profile()
returns trigger
language plpgsql
-- Definer, like check_organization_website: the rule's functions in private are not the caller's to execute.
security definer
set search_path = ''
as $$
declare
  v_errors jsonb := '{}';
  v_problem text;
begin
  -- Only a value being written is checked: an old 2,000-character description
  -- does not block a change of sector.
  if new.description is not null
     and (tg_op = 'INSERT' or new.description is distinct from old.description)
     and char_length(new.description) > 1000 then
    v_errors := v_errors || '{"description": "too_long"}';
  end if;
  if new.contact_email is not null
     and (tg_op = 'INSERT' or new.contact_email is distinct from old.contact_email) then
    v_problem := private.email_problem(new.contact_email);
    if v_problem is not null then
      v_errors := v_errors || jsonb_build_object('contact_email', v_problem);
    else
      -- Stored as the rule checks it: without white space at either end.
      new.contact_email := private.email_trim(new.contact_email);
    end if;
  end if;
  if v_errors <> '{}' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_organization_profile',
      detail = v_errors::text,
      hint = 'detail is a JSON object of {field: code}: description too_long (over 1,000 characters); contact_email required | too_long | invalid (the one e-mail rule).';
  end if;
  return new;
end;
$$;
comment on function private.check_organization_profile() is
  'Before insert or update of description or contact_email on organizations: refuses a description over 1,000 characters and a contact e-mail the one e-mail rule refuses, with invalid_organization_profile and {field: code} in the detail.';
revoke execute on function private.check_organization_profile() from public;
create trigger organizations_check_profile
  before insert or update of description, contact_email on public.organizations
  for each row execute function private.check_organization_profile();
