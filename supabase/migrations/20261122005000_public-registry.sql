-- The public site, part 1: the trust registry as an open, anonymous, read-only
-- API (docs/decisions/016-open-registry-api.md).
--
-- * Visitors and other systems read the registry only through the functions
--   below (PostgREST serves them at /rest/v1/rpc/<name>, by GET or POST). Each
--   returns rows of one public shape, public.registry_organization, built in one
--   place (private.registry_organizations); nothing about applications,
--   members, contacts or who created what can leak through a column someone
--   forgot.
-- * The organizations table is no longer readable by visitors at all, and a
--   signed-in person reads only their own organisation through it (system
--   administrators read all): anyone can sign up, so "signed in" is not a
--   reason to see more of other organisations than the public does.
-- * The registry lists every organisation that was ever approved, with its
--   current status (active, suspended, revoked): a verifier must be able to see
--   that a member was suspended or revoked, not merely that it is missing.
-- * Each entry carries its dated status history (status and effective date).
--   The reasons stay private: they may name an investigation or a dispute that
--   is not the public's business, and a status and its date are what a
--   verifier needs to decide.
-- * registry_status_on answers "was this organisation an active member on this
--   date?" from the dated history, so suspensions, revocations and
--   reinstatements answer correctly for past dates.
-- * System administrators suspend, revoke and reinstate with
--   change_registry_status, which keeps the dates and writes the audit trail.

-- ---------------------------------------------------------------------------
-- Visitors no longer read organizations directly
-- ---------------------------------------------------------------------------
drop policy "organizations: visitors read the registry" on public.organizations;
revoke select on table public.organizations from anon;

drop policy "organizations: registry, own organisation, or all as admin" on public.organizations;
create policy "organizations: own organisation, or all as admin"
  on public.organizations for select to authenticated
  using (
    id in (select private.member_organization_ids())
    -- The creator reads the row back from `insert … returning` before the
    -- membership trigger has run (RLS checks the returned row at insert time).
    or created_by = (select auth.uid())
    or (select private.is_system_admin())
  );
comment on policy "organizations: own organisation, or all as admin" on public.organizations is
  'Members read their own organisation at any status; system administrators read all. Everyone else, signed in or not, reads the registry through the registry_* functions, which return only public columns.';

-- Its only users were the two policies above.
revoke execute on function private.approved_organization_ids() from anon;
comment on function private.approved_organization_ids() is
  'Organisations whose application is approved. Kept for policies that may need it; the public registry is private.registry_organizations.';

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------
-- Accent-insensitive search ("Lumiere" finds "Lumière"). In `extensions`, as
-- Supabase keeps extensions, so its functions stay out of the public API.
create extension if not exists unaccent with schema extensions;

-- The host a website or address points at, as the registry compares them:
-- lower case, without scheme, user, port, path, query, a leading `www.` or a
-- trailing dot. 'HTTPS://WWW.Example.org:443/about?x' → 'example.org'.
create function private.website_domain(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(lower(btrim(p_value)), '^[a-z][a-z0-9+.-]*://', ''),
            '[/?#].*$', ''),
          '^[^@]*@', ''),
        ':[0-9]*$', ''),
      '^www\.|\.$', '', 'g'),
    '');
$$;
comment on function private.website_domain(text) is
  'Normalised host of a URL or bare domain (lower case; no scheme, user, port, path, www. or trailing dot), or null.';
revoke execute on function private.website_domain(text) from public;

-- Case- and accent-insensitive form of a name or a search term.
create function private.registry_fold(p_value text)
returns text
language sql
stable
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_value, '')));
$$;
comment on function private.registry_fold(text) is 'Lower case without accents, for registry name search.';
revoke execute on function private.registry_fold(text) from public;

-- ---------------------------------------------------------------------------
-- The public shape of a registry entry
-- ---------------------------------------------------------------------------
create type public.registry_organization as (
  id uuid,
  -- The name people know it by, and what the company register says.
  name text,
  legal_name text,
  registration_number text,
  -- ISO 3166-1 alpha-2.
  country text,
  website text,
  -- private.website_domain(website): what registry_by_domain matches.
  domain text,
  sector public.organization_sector,
  size public.organization_size,
  description text,
  -- Object in the public brand_assets bucket: <api>/storage/v1/object/public/brand_assets/<logo_path>.
  logo_path text,
  status public.registry_status,
  status_effective_from timestamptz,
  -- Start of the current membership: the latest approval not followed by a revocation.
  member_since timestamptz,
  -- [{"status": "active", "effective_from": "…"}, …], oldest first. No reasons.
  status_history jsonb
);
comment on type public.registry_organization is
  'One organisation as the public trust registry shows it. Returned by the registry_* functions; holds nothing private (no reasons, applications, members, contacts or creators).';

-- The one definition of what the public sees: every organisation with a
-- registry entry (approved at least once), whatever its status now.
create view private.registry_organizations as
select
  o.id,
  o.name,
  o.legal_name,
  o.registration_number,
  o.country,
  o.website,
  private.website_domain(o.website) as domain,
  o.sector,
  o.size,
  o.description,
  o.logo_path,
  r.status,
  r.effective_from as status_effective_from,
  h.member_since,
  h.status_history
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
  'The public trust registry, one row per organisation ever approved, in the shape of public.registry_organization. Not exposed: read through the public registry_* functions.';
revoke all on table private.registry_organizations from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- The public API: anonymous, read-only
-- ---------------------------------------------------------------------------
create function public.registry_search(
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
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history
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
revoke execute on function public.registry_search(text, public.organization_sector, text, public.registry_status) from public;
grant execute on function public.registry_search(text, public.organization_sector, text, public.registry_status) to anon, authenticated;

create function public.registry_by_id(p_id uuid)
returns setof public.registry_organization
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history
    from private.registry_organizations r
   where r.id = p_id;
$$;
comment on function public.registry_by_id(uuid) is
  'Public. The organisation with this id as the registry shows it, or no row when it is not in the registry (never approved, or unknown: the two are indistinguishable).';
revoke execute on function public.registry_by_id(uuid) from public;
grant execute on function public.registry_by_id(uuid) to anon, authenticated;

create function public.registry_by_domain(p_domain text)
returns setof public.registry_organization
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history
    from private.registry_organizations r
    cross join (select private.website_domain(p_domain) as host) d
   where r.domain is not null
     and d.host is not null
     -- The organisation's own domain, or a subdomain of it (which it controls).
     and (d.host = r.domain or right(d.host, char_length(r.domain) + 1) = '.' || r.domain)
   order by private.registry_fold(r.name), r.id;
$$;
comment on function public.registry_by_domain(text) is
  'Public. Organisations whose website is on this domain or a parent of it. Accepts a bare domain or a URL; scheme, www., port, path and case are ignored.';
revoke execute on function public.registry_by_domain(text) from public;
grant execute on function public.registry_by_domain(text) to anon, authenticated;

create function public.registry_status_on(p_organization_id uuid, p_date date default null)
returns table (
  organization_id uuid,
  name text,
  on_date date,
  active boolean,
  status public.registry_status,
  effective_from timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  -- A date means the end of that day (UTC): the status the registry held when
  -- the day closed. No date means now.
  with asked as (
    select case when p_date is null then now() else (p_date + 1)::timestamp at time zone 'UTC' end as cutoff,
           coalesce(p_date, (now() at time zone 'UTC')::date) as on_date
  )
  select r.id, r.name, a.on_date, coalesce(c.status = 'active', false), c.status, c.effective_from
    from private.registry_organizations r
    cross join asked a
    left join lateral (
      select s.status, s.effective_from
        from public.registry_status_changes s
       where s.organization_id = r.id and s.effective_from < a.cutoff
       order by s.effective_from desc, s.id desc
       limit 1
    ) c on true
   where r.id = p_organization_id;
$$;
comment on function public.registry_status_on(uuid, date) is
  'Public. Was this organisation an active member on p_date (UTC, as the day closed; now when null)? One row: active, and the status in force then with the date it took effect (both null before its first approval). No row when the organisation is not in the registry.';
revoke execute on function public.registry_status_on(uuid, date) from public;
grant execute on function public.registry_status_on(uuid, date) to anon, authenticated;

create type public.registry_summary as (
  -- Organisations whose status is active now.
  members integer,
  -- Distinct sectors and countries among them.
  sectors integer,
  countries integer
);
comment on type public.registry_summary is 'The registry in three figures, for the home page.';

create function public.registry_figures()
returns public.registry_summary
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer, count(distinct o.sector)::integer, count(distinct o.country)::integer
    from public.registry_entries e
    join public.organizations o on o.id = e.organization_id
   where e.status = 'active';
$$;
comment on function public.registry_figures() is
  'Public. Active members now, and the number of distinct sectors and countries among them.';
revoke execute on function public.registry_figures() from public;
grant execute on function public.registry_figures() to anon, authenticated;

-- ---------------------------------------------------------------------------
-- System administrators suspend, revoke and reinstate
-- ---------------------------------------------------------------------------
create function public.change_registry_status(
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
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history
    into v_result
    from private.registry_organizations r
   where r.id = p_organization_id;
  return v_result;
end;
$$;
comment on function public.change_registry_status(uuid, public.registry_status, text, timestamptz) is
  'System administrators only. Suspends (suspended), revokes (revoked) or reinstates (active, from suspended) an organisation in the registry from p_effective_from (default now; not in the future, not before the current status), with a dated history row and an audit entry (registry.suspended, registry.revoked, registry.reinstated). A reason is required to suspend or revoke; it is never shown publicly. Revoked is final here: a new application brings the organisation back. Errors: 42501; 22023 status_required, reason_required, reason_required_too_long, effective_date_in_future, effective_date_before_current; P0001 not_in_registry, registry_revoked, status_unchanged. Returns the public entry.';
revoke execute on function public.change_registry_status(uuid, public.registry_status, text, timestamptz) from public, anon;
grant execute on function public.change_registry_status(uuid, public.registry_status, text, timestamptz) to authenticated;
