-- The public contact e-mail reaches the trust registry (issue 13,
-- /dashboard/organization-details; docs/decisions/036-registry-profile-fields.md).
--
-- Organisation admins keep description, sector, size, logo and, since
-- 20261125000300_organization-contact-email.sql, a public contact e-mail, all
-- taking effect at once and "shown on /trust-registry/{id} and in the open
-- API". The first four already were; the contact e-mail was stored but
-- returned by no registry function. So:
--
-- * public.registry_organization gains contact_email as its last attribute.
--   Added, not recreated: the type is the open API's public contract
--   (decision 016: add columns, never change them), and ALTER TYPE … ADD
--   ATTRIBUTE keeps every function that returns it, with its grants, owner and
--   comment, in place. No table stores the type, so no rewrite is needed.
-- * private.registry_organizations (the one definition of what the public
--   sees) returns it last, matching the type. It lists only organisations with
--   a registry entry (approved at least once), so a pending or rejected
--   applicant's address is never in an answer; an entry that is suspended or
--   revoked keeps it, like its description and logo.
-- * The functions that build registry_organization rows from the view are
--   replaced with the column added at the end, otherwise unchanged (security
--   definer, stable, search_path = '', same filters and order;
--   registry_by_domain still matches on the stored registry_domain).
--   CREATE OR REPLACE keeps their grants; the comments are restated.
--   registry_status_on (the registry as it stood on a date) returns its own
--   table shape and needs no change.

alter type public.registry_organization add attribute contact_email text;
comment on type public.registry_organization is
  'One organisation as the public trust registry shows it. Returned by the registry_* functions; holds nothing private (no reasons, applications, members or creators). contact_email is the public address the organisation''s admins chose to publish (null when none).';

-- As in 20261124000300_registered-facts.sql, with contact_email last.
create or replace view private.registry_organizations as
select
  o.id,
  o.name,
  o.legal_name,
  o.registration_number,
  o.country,
  o.website,
  o.registry_domain as domain,
  o.sector,
  o.size,
  o.description,
  o.logo_path,
  r.status,
  r.effective_from as status_effective_from,
  h.member_since,
  h.status_history,
  o.contact_email
from public.registry_entries r
join public.organizations o on o.id = r.organization_id
cross join lateral (
  select
    coalesce(
      jsonb_agg(jsonb_build_object('status', c.status, 'effective_from', c.effective_from) order by c.effective_from, c.id),
      '[]'::jsonb
    ) as status_history,
    -- A reinstatement after a suspension continues the membership; an approval
    -- after a revocation (a new application) starts a new one.
    max(c.effective_from) filter (where c.status = 'active' and c.previous is distinct from 'suspended') as member_since
  from (
    select s.id, s.status, s.effective_from,
           lag(s.status) over (order by s.effective_from, s.id) as previous
      from public.registry_status_changes s
     where s.organization_id = r.organization_id
  ) c
) h;
comment on view private.registry_organizations is
  'The public trust registry, one row per organisation ever approved, in the shape of public.registry_organization (contact_email last). Not exposed: read through the public registry_* functions.';

-- ---------------------------------------------------------------------------
-- The open API, with contact_email
-- ---------------------------------------------------------------------------
create or replace function public.registry_search(
  p_query text default null,
  p_sector public.organization_sector default null,
  p_country text default null,
  p_status public.registry_status default null
)
returns setof public.registry_organization
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email
    from private.registry_organizations r
   where (
           nullif(btrim(p_query), '') is null
           or strpos(private.registry_fold(r.name), private.registry_fold(btrim(p_query))) > 0
           or strpos(private.registry_fold(r.legal_name), private.registry_fold(btrim(p_query))) > 0
         )
     and (p_sector is null or r.sector = p_sector)
     and (nullif(btrim(p_country), '') is null or r.country = upper(btrim(p_country)))
     and (p_status is null or r.status = p_status)
   order by private.registry_fold(r.name), r.id;
$$;
comment on function public.registry_search(text, public.organization_sector, text, public.registry_status) is
  'Public. Organisations in the trust registry, by name (case- and accent-insensitive, name or legal name containing p_query), optionally only one sector, country (ISO alpha-2) or status; every status when p_status is null. Sorted by name. Paginate with PostgREST (Range header or limit/offset) and count with Prefer: count=exact.';

create or replace function public.registry_by_id(p_id uuid)
returns setof public.registry_organization
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email
    from private.registry_organizations r
   where r.id = p_id;
$$;
comment on function public.registry_by_id(uuid) is
  'Public. The organisation with this id as the registry shows it, or no row when it is not in the registry (never approved, or unknown: the two are indistinguishable).';

-- As in 20261124000300_registered-facts.sql: r.domain is the stored
-- organizations.registry_domain, and a public suffix finds nothing.
create or replace function public.registry_by_domain(p_domain text)
returns setof public.registry_organization
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email
    from private.registry_organizations r
    cross join (select private.website_domain(p_domain) as host) d
   where r.domain is not null
     and d.host is not null
     and private.registrable_domain(d.host) is not null
     -- The organisation's own domain, or a subdomain of it (which it controls).
     and (d.host = r.domain or right(d.host, char_length(r.domain) + 1) = '.' || r.domain)
   order by private.registry_fold(r.name), r.id;
$$;
comment on function public.registry_by_domain(text) is
  'Public. Organisations whose website is on this domain or a parent of it. Accepts a bare domain or a URL; scheme, www., port, path and case are ignored. A public suffix or a single label (com, co.uk, github.io, localhost) finds nothing, and no member is found by a stored domain that is one.';

-- ---------------------------------------------------------------------------
-- The back office's status change returns the same public entry
-- ---------------------------------------------------------------------------
-- As in 20261122005000_public-registry.sql; only the final select changes.
create or replace function public.change_registry_status(
  p_organization_id uuid,
  p_status public.registry_status,
  p_reason text default null,
  p_effective_from timestamptz default null
)
returns public.registry_organization
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_entry public.registry_entries;
  v_reason text;
  v_effective timestamptz := coalesce(p_effective_from, now());
  v_result public.registry_organization;
begin
  perform private.require_system_admin('change an organisation''s registry status');
  if p_status is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'status_required';
  end if;

  select * into v_entry from public.registry_entries r where r.organization_id = p_organization_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_in_registry',
      detail = 'Only organisations that were approved have a registry status.';
  end if;
  if v_entry.status = 'revoked' then
    raise exception using errcode = 'P0001', message = 'registry_revoked',
      detail = 'A revoked organisation returns only through a new, approved application.';
  end if;
  if v_entry.status = p_status then
    raise exception using errcode = 'P0001', message = 'status_unchanged',
      detail = format('The organisation is already %s.', p_status);
  end if;

  -- Suspending and revoking are public acts against a member: they need a reason (kept private).
  if p_status in ('suspended', 'revoked') then
    v_reason := private.required_text(p_reason, 'reason_required', 2000);
  else
    v_reason := nullif(btrim(coalesce(p_reason, '')), '');
    if char_length(v_reason) > 2000 then
      raise exception using errcode = 'invalid_parameter_value', message = 'reason_required_too_long',
        detail = 'At most 2000 characters.';
    end if;
  end if;

  -- Backdating is allowed (a suspension from the day a breach was found), but
  -- not before the current status or into the future: history stays in order
  -- and the current status is always the latest one.
  if v_effective > now() then
    raise exception using errcode = 'invalid_parameter_value', message = 'effective_date_in_future';
  end if;
  if v_effective < v_entry.effective_from then
    raise exception using errcode = 'invalid_parameter_value', message = 'effective_date_before_current',
      detail = format('The current status took effect on %s.', v_entry.effective_from);
  end if;

  update public.registry_entries r
     set status = p_status, effective_from = v_effective
   where r.organization_id = p_organization_id;
  insert into public.registry_status_changes (organization_id, status, effective_from, reason, recorded_by)
  values (p_organization_id, p_status, v_effective, v_reason, auth.uid());
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (
    auth.uid(),
    'registry.' || case when p_status = 'active' then 'reinstated' else p_status::text end,
    p_organization_id,
    jsonb_strip_nulls(jsonb_build_object(
      'organization_name', (select o.name from public.organizations o where o.id = p_organization_id),
      'previous_status', v_entry.status,
      'effective_from', v_effective,
      'reason', v_reason
    ))
  );

  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email
    into v_result
    from private.registry_organizations r
   where r.id = p_organization_id;
  return v_result;
end;
$$;
comment on function public.change_registry_status(uuid, public.registry_status, text, timestamptz) is
  'System administrators only. Suspends (suspended), revokes (revoked) or reinstates (active, from suspended) an organisation in the registry from p_effective_from (default now; not in the future, not before the current status), with a dated history row and an audit entry (registry.suspended, registry.revoked, registry.reinstated). A reason is required to suspend or revoke; it is never shown publicly. Revoked is final here: a new application brings the organisation back. Errors: 42501; 22023 status_required, reason_required, reason_required_too_long, effective_date_in_future, effective_date_before_current; P0001 not_in_registry, registry_revoked, status_unchanged. Returns the public entry.';
