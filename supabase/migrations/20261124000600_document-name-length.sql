-- Issue 12, finding 7: submit_application answered a document or logo name
-- over 300 characters (the most organization_applications and organizations
-- hold) with the raw check-constraint error. The payload check now names it
-- ({"registration_document_path": "invalid"}, {"logo_path": "invalid"}), which
-- the onboarding form shows at the field. The rest of the function is as
-- 20261124000300_registered-facts.sql left it.

create or replace function private.application_payload_errors(p jsonb, p_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  errors jsonb := private.application_payload_base_errors(p, p_organization_id);
  v_problem text;
  v_conflict record;
begin
  if errors ? 'payload' then
    return errors;
  end if;
  -- The application stores at most 300 characters of an object's name; a
  -- longer one (only a hand-made request can send it) is named here rather
  -- than failing on the table's check constraint.
  if char_length(coalesce(p ->> 'registration_document_path', '')) > 300 then
    errors := errors || '{"registration_document_path": "invalid"}';
  end if;
  if char_length(coalesce(p ->> 'logo_path', '')) > 300 then
    errors := errors || '{"logo_path": "invalid"}';
  end if;
  if not errors ? 'website' then
    v_problem := private.website_problem(nullif(btrim(p ->> 'website'), ''));
    if v_problem is not null then
      errors := errors || jsonb_build_object('website', v_problem);
    end if;
  end if;

  -- A registry member's name, legal name or domain. An empty name becomes the
  -- legal name, which is compared anyway.
  for v_conflict in
    select distinct c.field
      from private.registry_conflicts(
        p_organization_id,
        case when not errors ? 'name' then nullif(btrim(p ->> 'name'), '') end,
        case when not errors ? 'legal_name' then btrim(p ->> 'legal_name') end,
        case when not errors ? 'website' then nullif(btrim(p ->> 'website'), '') end
      ) c
  loop
    errors := errors || jsonb_build_object(v_conflict.field, 'taken');
  end loop;
  return errors;
end;
$$;
comment on function private.application_payload_errors(jsonb, uuid) is
  'Every invalid field of an onboarding payload as {field: code} (required, too_long, invalid, missing, taken, and for the website public_suffix; invalid for a document or logo name over 300 characters); {} when it is valid. taken: the registration number is in the network, or the name, legal name or website''s domain is a registry member''s.';
revoke execute on function private.application_payload_errors(jsonb, uuid) from public;
