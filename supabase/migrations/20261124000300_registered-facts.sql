-- Registered facts change only through a request a system administrator
-- approves; the registry never vouches for a public suffix
-- (issue 12, finding 2; docs/decisions/024-registered-facts-and-public-suffixes.md).
--
-- The attack: an approved organisation's admin PATCHed its name to another
-- member's ("Grachtenbank") and its website to a public suffix (https://com./,
-- https://co.uk) through the REST API, and registry_by_domain('anybank.com')
-- then answered with it as an active member. Nothing reviewed it and nothing
-- recorded it. So:
--
-- * Registered facts are what the registry answers on: name, legal name,
--   registration number, country and website (and the domain derived from it).
--   No API role updates them directly any more (column grants revoked), and a
--   trigger refuses any change to them that the approval of a change request
--   (or an operator who says why) has not authorised, whoever runs it.
-- * organization_change_requests holds what an organisation's admin asks to
--   change and why; system administrators approve (applied in the same
--   transaction, validated again) or decline it. One open request per
--   organisation. Every step and every change to an organisation's row is
--   written to network_activity by the database itself.
-- * Websites on a public suffix (co.uk, github.io) or a single label
--   (localhost) are refused on every path, using the Public Suffix List that
--   20261124000290_public-suffix-list.sql loads, and the registry does not use
--   such a domain even if an older row holds one.
-- * A second organisation with a registry member's name, legal name or domain
--   is refused: at onboarding, in a change request and at approval.

-- ---------------------------------------------------------------------------
-- The Public Suffix List's algorithm
-- ---------------------------------------------------------------------------
-- https://publicsuffix.org/list/ "Formal algorithm": of the rules that match,
-- an exception rule (!www.ck) prevails and loses its left-most label;
-- otherwise the rule with the most labels prevails, a wildcard (*.ck) matching
-- any one label in its place; when nothing matches, the rule is "*" (the last
-- label). Both sections count: a private suffix such as github.io hands out
-- names to anyone, exactly what must not identify a member.
create function private.public_suffix(p_host text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_labels text[];
  v_n integer;
  v_longest integer;
  v_exception integer;
  v_k integer;
begin
  if p_host is null or p_host = '' then
    return null;
  end if;
  v_labels := string_to_array(lower(p_host), '.');
  -- a..b, .b, b. are not host names.
  if '' = any (v_labels) then
    return null;
  end if;
  v_n := cardinality(v_labels);

  -- One index scan over the host's suffixes (b.c, c for a.b.c). A normal or
  -- exception rule matches with its own labels; a wildcard rule *.c, found as
  -- c, matches one label more when the host has it. (The registry calls this
  -- for every member it lists, so it is kept to a single query.)
  select max(m.labels) filter (where m.kind = 'exception'),
         max(m.labels + case when m.kind = 'wildcard' then 1 else 0 end) filter (where m.kind <> 'exception')
    into v_exception, v_longest
    from (
      select r.kind, cardinality(string_to_array(r.suffix, '.')) as labels
        from private.public_suffix_rules r
       where r.suffix = any (array(
               select array_to_string(v_labels[k : v_n], '.') from generate_series(1, v_n) as k))
    ) m
   where m.kind <> 'wildcard' or m.labels < v_n;

  v_k := case when v_exception is not null then v_exception - 1 else greatest(coalesce(v_longest, 1), 1) end;
  return array_to_string(v_labels[v_n - v_k + 1 : v_n], '.');
end;
$$;
comment on function private.public_suffix(text) is
  'The public suffix of a host name (lower case) by the Public Suffix List''s algorithm over private.public_suffix_rules, ICANN and private sections: co.uk for bbc.co.uk, github.io for octocat.github.io, the last label when no rule matches. Null for an empty label. Agrees with tldts (tests/db/public-suffixes.test.ts).';
revoke execute on function private.public_suffix(text) from public;

create function private.registrable_domain(p_host text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_suffix text := private.public_suffix(p_host);
  v_labels text[];
  v_n integer;
  v_k integer;
begin
  if v_suffix is null then
    return null;
  end if;
  v_labels := string_to_array(lower(p_host), '.');
  v_n := cardinality(v_labels);
  v_k := cardinality(string_to_array(v_suffix, '.'));
  -- A public suffix itself (including any single label) has no registrable domain.
  if v_n <= v_k then
    return null;
  end if;
  return array_to_string(v_labels[v_n - v_k : v_n], '.');
end;
$$;
comment on function private.registrable_domain(text) is
  'The registrable domain of a host (its public suffix and one more label: bbc.co.uk for news.bbc.co.uk), or null when the host is a public suffix, a single label or not a host name.';
revoke execute on function private.registrable_domain(text) from public;

-- Why a website cannot identify an organisation, or null when it can. The
-- shape (https?://host.tld…) is the organizations check constraint's job.
create function private.website_problem(p_website text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_host text;
begin
  if p_website is null or btrim(p_website) = '' then
    return null;
  end if;
  v_host := private.website_domain(p_website);
  -- Empty labels, IP literals (a numeric last label, brackets, colons) are not domain names.
  if v_host is null or v_host ~ '(^\.|\.\.|\.$)' or strpos(v_host, ':') > 0 or strpos(v_host, '[') > 0
     or v_host ~ '(^|\.)[0-9]+$' then
    return 'invalid';
  end if;
  if private.registrable_domain(v_host) is null then
    return 'public_suffix';
  end if;
  return null;
end;
$$;
comment on function private.website_problem(text) is
  'invalid (the host is not a domain name), public_suffix (the domain is a public suffix or a single label: anyone may have a name under it), or null (fine, or no website).';
revoke execute on function private.website_problem(text) from public;

-- The domain the registry answers on: the website's domain, unless it cannot
-- identify anyone (a row stored before the check, or after the list grew).
create function private.registry_domain(p_website text)
returns text
language sql
stable
set search_path = ''
as $$
  select case when private.website_problem(p_website) is null then private.website_domain(p_website) end;
$$;
comment on function private.registry_domain(text) is
  'private.website_domain(website) when the website can identify an organisation (private.website_problem is null), else null. Stored as organizations.registry_domain.';
revoke execute on function private.registry_domain(text) from public;

-- Stored, because the registry lists every member with its domain and matches
-- lookups against all of them: deciding it takes a look-up in the list, too
-- slow to repeat for each member on each request (≈ 0.1 ms each). The
-- database keeps it (trigger below, nobody may write it); a refreshed list
-- recomputes it (scripts/generate-public-suffix-list.ts adds the update).
alter table public.organizations add column registry_domain text;
comment on column public.organizations.registry_domain is
  'The domain the trust registry answers on: the website''s host in lower case without www., or null when there is no website or its domain is a public suffix or a single label. Kept by the database from website and the public-suffix list.';
-- Organisations stored before this migration; a public suffix among them gets null.
update public.organizations o set registry_domain = private.registry_domain(o.website) where o.website is not null;

-- ---------------------------------------------------------------------------
-- Names and domains already in the registry
-- ---------------------------------------------------------------------------
-- "Grachtenbank", "GRACHTENBANK", "Grachten-Bank" and "Grächtenbank" are one
-- name to a person reading the registry. Punctuation and spaces go only when
-- something is left (a name of symbols keeps its fold).
create function private.registry_name_key(p_name text)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(regexp_replace(private.registry_fold(btrim(p_name)), '[[:space:][:punct:]]+', '', 'g'), ''),
    private.registry_fold(btrim(p_name))
  );
$$;
comment on function private.registry_name_key(text) is
  'A name as the registry compares names: case, accents, spaces and punctuation ignored.';
revoke execute on function private.registry_name_key(text) from public;

-- Which registry members (any status: a revoked member is still listed) other
-- than p_organization_id already have this name or legal name (either as
-- either), or a domain that contains or is contained in this website's.
-- Null arguments are not compared.
create function private.registry_conflicts(p_organization_id uuid, p_name text, p_legal_name text, p_website text)
returns table (field text, member_id uuid, member_name text)
language sql
stable
security definer
set search_path = ''
as $$
  with asked as (
    select 'name' as field, private.registry_name_key(p_name) as key
     where nullif(btrim(p_name), '') is not null
    union all
    select 'legal_name', private.registry_name_key(p_legal_name)
     where nullif(btrim(p_legal_name), '') is not null
  ), members as materialized (
    -- Each member's keys once (≈ 25 µs each), not once per comparison.
    select o.id, o.name, o.registry_domain as host,
           private.registry_name_key(o.name) as name_key,
           case when o.legal_name is not null then private.registry_name_key(o.legal_name) end as legal_name_key
      from public.registry_entries e
      join public.organizations o on o.id = e.organization_id
     where o.id is distinct from p_organization_id
  ), wanted as materialized (
    -- Once, not once per member it is compared with.
    select private.registry_domain(p_website) as host
  )
  select a.field, m.id, m.name
    from asked a
    join members m on a.key = m.name_key or a.key = m.legal_name_key
  union all
  select 'website', m.id, m.name
    from wanted w
    join members m
      on w.host is not null and m.host is not null
     and (w.host = m.host
          or right(w.host, char_length(m.host) + 1) = '.' || m.host
          or right(m.host, char_length(w.host) + 1) = '.' || w.host);
$$;
comment on function private.registry_conflicts(uuid, text, text, text) is
  'Registry members (other than p_organization_id) whose name or legal name folds equal to p_name or p_legal_name (field name / legal_name), or whose domain equals, contains or lies within p_website''s (field website).';
revoke execute on function private.registry_conflicts(uuid, text, text, text) from public;

-- ---------------------------------------------------------------------------
-- organizations: registered facts are no longer the client's to write
-- ---------------------------------------------------------------------------
-- Organisation admins keep description, sector, size and logo_path (the
-- dashboard's organisation details); the registered facts go through
-- request_organization_change. System administrators too: their approval of a
-- request is the change.
revoke update (name, legal_name, registration_number, country, website) on table public.organizations from authenticated;

-- The grants cover the API's signed-in users. The service role, security-definer
-- code and operators' SQL are stopped here unless the transaction says which
-- authority allows the change: approve_organization_change sets
-- `accord.registered_facts_change` to `change_request:<id>`; an operator may set
-- it to `operator: <why>`. Clients cannot set it (PostgREST exposes no way to),
-- and network_activity records it with the change.
create function private.guard_registered_facts()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.name, new.legal_name, new.registration_number, new.country, new.website)
       is distinct from (old.name, old.legal_name, old.registration_number, old.country, old.website)
     and coalesce(current_setting('accord.registered_facts_change', true), '') = '' then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'registered_facts_locked',
      detail = 'An organisation''s name, legal name, registration number, country and website change only through a change request that a system administrator approves (request_organization_change).',
      hint = 'Operators: set local accord.registered_facts_change = ''operator: <why>'' in the same transaction; it is recorded in network_activity.';
  end if;
  return new;
end;
$$;
comment on function private.guard_registered_facts() is
  'Before update on organizations: refuses a change to a registered fact unless accord.registered_facts_change names the authority (a change request''s approval, or an operator''s reason).';
revoke execute on function private.guard_registered_facts() from public;
create trigger organizations_guard_registered_facts
  before update on public.organizations
  for each row execute function private.guard_registered_facts();

-- No path stores a website on a public suffix: not onboarding, not a change
-- request, not the back office, not an operator's override.
create function private.check_organization_website()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_problem text;
begin
  -- Whatever a writer sent for it, the registry's domain follows the website.
  new.registry_domain := private.registry_domain(new.website);
  if new.website is null or (tg_op = 'UPDATE' and new.website is not distinct from old.website)
     -- A malformed address is the check constraint's to refuse, with its own name.
     or new.website !~* '^https?://[^\s/]+\.[^\s]+$' then
    return new;
  end if;
  v_problem := private.website_problem(new.website);
  if v_problem = 'public_suffix' then
    raise exception using
      errcode = 'check_violation',
      message = 'website_public_suffix',
      detail = format('%s is a public suffix or a single label: anyone can have a name under it, so it cannot identify an organisation.',
                      private.website_domain(new.website));
  elsif v_problem = 'invalid' then
    raise exception using
      errcode = 'check_violation',
      message = 'website_invalid',
      detail = 'The website''s host must be a domain name, not an IP address.';
  end if;
  return new;
end;
$$;
comment on function private.check_organization_website() is
  'Before insert or update of website or registry_domain on organizations: sets registry_domain from the website, and refuses a new website whose domain is a public suffix or a single label (website_public_suffix) or not a domain name (website_invalid).';
revoke execute on function private.check_organization_website() from public;
create trigger organizations_check_website
  before insert or update of website, registry_domain on public.organizations
  for each row execute function private.check_organization_website();

-- Every change to an organisation's row is in the audit trail with its old and
-- new values, written by the database in the same transaction, whoever made it.
create function private.log_organization_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := to_jsonb(old) - 'updated_at';
  v_changes jsonb;
  v_authority text := nullif(current_setting('accord.registered_facts_change', true), '');
begin
  select jsonb_object_agg(n.key, jsonb_build_object('from', v_old -> n.key, 'to', n.value))
    into v_changes
    from jsonb_each(to_jsonb(new) - 'updated_at') as n
   where n.value is distinct from v_old -> n.key;
  if v_changes is null then
    return null;
  end if;
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (
    auth.uid(),
    'organization.updated',
    new.id,
    jsonb_build_object('organization_name', new.name, 'changes', v_changes)
      || case when v_authority is not null then jsonb_build_object('authorised_by', v_authority) else '{}'::jsonb end
  );
  return null;
end;
$$;
comment on function private.log_organization_update() is
  'After update on organizations: one network_activity entry organization.updated with {organization_name, changes: {column: {from, to}}, authorised_by?}; nothing when no value changed.';
revoke execute on function private.log_organization_update() from public;
create trigger organizations_log_update
  after update on public.organizations
  for each row execute function private.log_organization_update();

comment on policy "organizations: organisation admins and system admins edit" on public.organizations is
  'Organisation details (/dashboard/organization-details): description, sector, size and logo are kept up to date by the organisation''s admins (column grants); registered facts change only through request_organization_change. Every change is in network_activity.';

-- ---------------------------------------------------------------------------
-- organization_change_requests
-- ---------------------------------------------------------------------------
create type public.organization_change_status as enum ('pending', 'approved', 'declined', 'withdrawn');
comment on type public.organization_change_status is
  'pending: waiting for a system administrator; approved: applied; declined: refused with a reason; withdrawn: the organisation took it back.';

create table public.organization_change_requests (
  -- What the RPCs are called with.
  id uuid not null default gen_random_uuid() constraint organization_change_requests_id_key unique,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- Who asked. History, not a relationship (no FK; see 20261122000100).
  requested_by uuid,
  -- The registered facts that change: their values when asked, and the values
  -- asked for (only the keys that differ). The previous values let approval
  -- refuse a request whose facts changed under it.
  previous_values jsonb not null
    constraint organization_change_requests_previous_values_check check (jsonb_typeof(previous_values) = 'object'),
  proposed_values jsonb not null
    constraint organization_change_requests_proposed_values_check
    check (jsonb_typeof(proposed_values) = 'object' and proposed_values <> '{}'::jsonb),
  reason text not null
    constraint organization_change_requests_reason_check check (char_length(btrim(reason)) between 1 and 2000),
  status public.organization_change_status not null default 'pending',
  -- Who approved, declined or withdrew it, and when. History: no FK.
  decided_by uuid,
  decided_at timestamptz,
  decision_reason text
    constraint organization_change_requests_decision_reason_check
    check (decision_reason is null or char_length(decision_reason) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint organization_change_requests_decided_check check ((status = 'pending') = (decided_at is null)),
  -- An organisation turned down is owed a reason.
  constraint organization_change_requests_declined_reason_check check (status <> 'declined' or decision_reason is not null),
  -- Led by organization_id so the key also serves the foreign key and "this
  -- organisation's requests" (as application_events does).
  primary key (organization_id, id)
);
comment on table public.organization_change_requests is
  'Requests to change an organisation''s registered facts (name, legal name, registration number, country, website). Filed by its admins, decided by system administrators, written only through the *_organization_change RPCs.';

-- One open request per organisation, so an approver never weighs two at once.
create unique index organization_change_requests_open_key
  on public.organization_change_requests (organization_id) where status = 'pending';

create trigger organization_change_requests_set_updated_at
  before update on public.organization_change_requests
  for each row execute function private.set_updated_at();

alter table public.organization_change_requests enable row level security;
revoke all on table public.organization_change_requests from anon, authenticated;
grant select on table public.organization_change_requests to authenticated;

create policy "organization_change_requests: own organisation or all as admin"
  on public.organization_change_requests for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "organization_change_requests: own organisation or all as admin" on public.organization_change_requests is
  'Members follow their organisation''s requests; system administrators review all. No write policies: the RPCs are the only way in.';

-- ---------------------------------------------------------------------------
-- Validating registered facts (onboarding's rules, and the registry's)
-- ---------------------------------------------------------------------------
create function private.registered_facts(p_organization public.organizations)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', p_organization.name,
    'legal_name', p_organization.legal_name,
    'registration_number', p_organization.registration_number,
    'country', p_organization.country,
    'website', p_organization.website
  );
$$;
comment on function private.registered_facts(public.organizations) is
  'An organisation''s registered facts as {name, legal_name, registration_number, country, website}.';
revoke execute on function private.registered_facts(public.organizations) from public;

-- {field: code} for proposed values (trimmed strings; website may be null),
-- judged as they would stand after the change: required, too_long, invalid,
-- public_suffix, taken.
create function private.registered_facts_errors(p_organization_id uuid, p_current jsonb, p_proposed jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  errors jsonb := '{}';
  v_after jsonb := p_current || p_proposed;
  v_field text;
  v_max integer;
  v text;
  v_problem text;
  v_conflict record;
begin
  -- Required texts and their longest lengths, as at onboarding.
  for v_field, v_max in values ('name', 200), ('legal_name', 300), ('registration_number', 64) loop
    if p_proposed ? v_field then
      v := p_proposed ->> v_field;
      if coalesce(v, '') = '' then errors := errors || jsonb_build_object(v_field, 'required');
      elsif char_length(v) > v_max then errors := errors || jsonb_build_object(v_field, 'too_long');
      end if;
    end if;
  end loop;
  if p_proposed ? 'country' then
    v := p_proposed ->> 'country';
    if coalesce(v, '') = '' then errors := errors || '{"country": "required"}';
    elsif v !~ '^[A-Z]{2}$' then errors := errors || '{"country": "invalid"}';
    end if;
  end if;
  if p_proposed ? 'website' and p_proposed ->> 'website' is not null then
    v := p_proposed ->> 'website';
    if v !~* '^https?://[^\s/]+\.[^\s]+$' or char_length(v) > 300 then
      errors := errors || '{"website": "invalid"}';
    else
      v_problem := private.website_problem(v);
      if v_problem is not null then
        errors := errors || jsonb_build_object('website', v_problem);
      end if;
    end if;
  end if;

  -- One organisation per company registration in a country (the unique
  -- constraint, said at the field instead of as a raw 23505).
  if (p_proposed ? 'registration_number' or p_proposed ? 'country')
     and not (errors ? 'registration_number' or errors ? 'country')
     and v_after ->> 'registration_number' is not null and v_after ->> 'country' is not null
     and exists (
       select 1 from public.organizations o
        where o.id <> p_organization_id
          and o.country = v_after ->> 'country'
          and o.registration_number = v_after ->> 'registration_number'
     ) then
    errors := errors || '{"registration_number": "taken"}';
  end if;

  -- Another registry member's name, legal name or domain.
  for v_conflict in
    select distinct c.field
      from private.registry_conflicts(
        p_organization_id,
        case when p_proposed ? 'name' and not errors ? 'name' then p_proposed ->> 'name' end,
        case when p_proposed ? 'legal_name' and not errors ? 'legal_name' then p_proposed ->> 'legal_name' end,
        case when p_proposed ? 'website' and not errors ? 'website' then p_proposed ->> 'website' end
      ) c
  loop
    errors := errors || jsonb_build_object(v_conflict.field, 'taken');
  end loop;

  return errors;
end;
$$;
comment on function private.registered_facts_errors(uuid, jsonb, jsonb) is
  'Every invalid proposed registered fact as {field: code} (required, too_long, invalid, public_suffix, taken); {} when the change may be applied.';
revoke execute on function private.registered_facts_errors(uuid, jsonb, jsonb) from public;

create function private.raise_invalid_change_request(p_errors jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'invalid_parameter_value',
    message = 'invalid_change_request',
    detail = p_errors::text,
    hint = 'detail is a JSON object of {field: code}: required, too_long, invalid, public_suffix (the website''s domain is a public suffix or a single label), taken (another organisation has it), not_changeable.';
end;
$$;
revoke execute on function private.raise_invalid_change_request(jsonb) from public;

-- The request, locked, or change_request_not_found. Callers who may not see
-- it hear the same (an id tells nobody whether it exists).
create function private.lock_change_request(p_request_id uuid, p_visible boolean default true)
returns public.organization_change_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.organization_change_requests;
begin
  select * into v_request from public.organization_change_requests r where r.id = p_request_id for update;
  if not found or not p_visible then
    raise exception using errcode = 'P0001', message = 'change_request_not_found',
      detail = 'No such change request.';
  end if;
  if v_request.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'change_request_closed',
      detail = format('This change request was already %s.', v_request.status);
  end if;
  return v_request;
end;
$$;
revoke execute on function private.lock_change_request(uuid, boolean) from public;

create function private.is_organization_admin(p_organization_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.organization_members m
     where m.organization_id = p_organization_id and m.user_id = auth.uid() and m.role = 'admin'
  );
$$;
comment on function private.is_organization_admin(uuid) is 'True when the caller is an admin of this organisation.';
revoke execute on function private.is_organization_admin(uuid) from public;

create function private.log_change_request(p_request public.organization_change_requests, p_step text, p_details jsonb default '{}')
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (
    auth.uid(),
    'organization_change.' || p_step,
    p_request.organization_id,
    jsonb_build_object(
      'change_request_id', p_request.id,
      'organization_name', (select o.name from public.organizations o where o.id = p_request.organization_id)
    ) || p_details
  );
$$;
revoke execute on function private.log_change_request(public.organization_change_requests, text, jsonb) from public;

-- ---------------------------------------------------------------------------
-- The RPCs
-- ---------------------------------------------------------------------------
create function public.request_organization_change(p_organization_id uuid, p_changes jsonb, p_reason text)
returns public.organization_change_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_organization public.organizations;
  v_current jsonb;
  v_value jsonb;
  v_key text;
  v_normalised jsonb := '{}';
  v_proposed jsonb := '{}';
  v_errors jsonb := '{}';
  v_reason text;
  v_request public.organization_change_requests;
begin
  if not private.is_organization_admin(p_organization_id) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s admins ask to change its registered facts.';
  end if;
  -- Locked, so two requests cannot both be the open one and the values compared are current.
  select * into v_organization from public.organizations o where o.id = p_organization_id for update;
  if exists (
    select 1 from public.organization_change_requests r
     where r.organization_id = p_organization_id and r.status = 'pending'
  ) then
    raise exception using errcode = 'P0001', message = 'change_request_open',
      detail = 'This organisation already has a change request waiting for a decision. Withdraw it, or wait for the decision, before asking again.';
  end if;

  if jsonb_typeof(p_changes) is distinct from 'object' then
    perform private.raise_invalid_change_request('{"changes": "invalid"}');
  end if;
  for v_key, v_value in select e.key, e.value from jsonb_each(p_changes) e loop
    if not v_key = any (array['name', 'legal_name', 'registration_number', 'country', 'website']) then
      v_errors := v_errors || jsonb_build_object(v_key, 'not_changeable');
    elsif jsonb_typeof(v_value) = 'null' or (jsonb_typeof(v_value) = 'string' and btrim(v_value #>> '{}') = '') then
      -- Only the website may be removed; the rest are required, as at onboarding.
      if v_key = 'website' then
        v_normalised := v_normalised || jsonb_build_object(v_key, null);
      else
        v_errors := v_errors || jsonb_build_object(v_key, 'required');
      end if;
    elsif jsonb_typeof(v_value) <> 'string' then
      v_errors := v_errors || jsonb_build_object(v_key, 'invalid');
    else
      v_normalised := v_normalised || jsonb_build_object(v_key, btrim(v_value #>> '{}'));
    end if;
  end loop;

  v_current := private.registered_facts(v_organization);
  select coalesce(jsonb_object_agg(n.key, n.value), '{}') into v_proposed
    from jsonb_each(v_normalised) n
   where n.value is distinct from coalesce(v_current -> n.key, 'null'::jsonb);

  -- Every problem at once, so the form can show them all.
  v_errors := v_errors || private.registered_facts_errors(p_organization_id, v_current, v_proposed);
  if v_errors <> '{}' then
    perform private.raise_invalid_change_request(v_errors);
  end if;
  if v_proposed = '{}' then
    raise exception using errcode = 'P0001', message = 'no_changes',
      detail = 'Every value in the request is the organisation''s current one; there is nothing to change.';
  end if;
  v_reason := private.required_text(p_reason, 'reason_required', 2000);

  insert into public.organization_change_requests (organization_id, requested_by, previous_values, proposed_values, reason)
  values (
    p_organization_id,
    auth.uid(),
    (select jsonb_object_agg(k, coalesce(v_current -> k, 'null'::jsonb)) from jsonb_object_keys(v_proposed) as k),
    v_proposed,
    v_reason
  )
  returning * into v_request;
  perform private.log_change_request(v_request, 'requested', jsonb_build_object(
    'previous_values', v_request.previous_values,
    'proposed_values', v_request.proposed_values,
    'reason', v_reason
  ));
  return v_request;
end;
$$;
comment on function public.request_organization_change(uuid, jsonb, text) is
  'An organisation''s admin asks to change its registered facts: p_changes is an object of any of name, legal_name, registration_number, country, website (null or '''' removes the website), p_reason says why. Validated as at onboarding plus the registry''s rules; only the values that differ are kept; recorded in network_activity (organization_change.requested). Nothing changes until a system administrator approves. Errors: 42501 not_organization_admin; P0001 change_request_open, no_changes; 22023 invalid_change_request (detail: {field: required|too_long|invalid|public_suffix|taken|not_changeable}), reason_required, reason_required_too_long. Returns the request.';
revoke execute on function public.request_organization_change(uuid, jsonb, text) from public, anon;
grant execute on function public.request_organization_change(uuid, jsonb, text) to authenticated;

create function public.withdraw_organization_change(p_request_id uuid)
returns public.organization_change_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.organization_change_requests;
  v_organization_id uuid;
begin
  select r.organization_id into v_organization_id from public.organization_change_requests r where r.id = p_request_id;
  v_request := private.lock_change_request(
    p_request_id,
    coalesce(v_organization_id in (select private.member_organization_ids()), false)
  );
  if not private.is_organization_admin(v_request.organization_id) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s admins withdraw its change requests.';
  end if;
  update public.organization_change_requests r
     set status = 'withdrawn', decided_by = auth.uid(), decided_at = now()
   where r.id = p_request_id
  returning * into v_request;
  perform private.log_change_request(v_request, 'withdrawn');
  return v_request;
end;
$$;
comment on function public.withdraw_organization_change(uuid) is
  'The organisation''s admins take back a pending change request (organization_change.withdrawn in network_activity). Errors: 42501 not_organization_admin; P0001 change_request_not_found, change_request_closed. Returns the request.';
revoke execute on function public.withdraw_organization_change(uuid) from public, anon;
grant execute on function public.withdraw_organization_change(uuid) to authenticated;

create function public.approve_organization_change(p_request_id uuid)
returns public.organization_change_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.organization_change_requests;
  v_organization public.organizations;
  v_current jsonb;
  v_errors jsonb;
  v_constraint text;
  p jsonb;
begin
  perform private.require_system_admin('approve changes to registered facts');
  v_request := private.lock_change_request(p_request_id);
  select * into v_organization from public.organizations o where o.id = v_request.organization_id for update;
  v_current := private.registered_facts(v_organization);

  -- What the approver was shown is what it changes from.
  if exists (
    select 1 from jsonb_each(v_request.previous_values) e
     where coalesce(v_current -> e.key, 'null'::jsonb) is distinct from e.value
  ) then
    raise exception using errcode = 'P0001', message = 'change_request_stale',
      detail = 'The organisation''s registered facts changed after this request was made. Decline it and ask for a new one.';
  end if;
  -- The registry may have changed since (a member took the name): judged again, now.
  v_errors := private.registered_facts_errors(v_organization.id, v_current, v_request.proposed_values);
  if v_errors <> '{}' then
    perform private.raise_invalid_change_request(v_errors);
  end if;

  p := v_request.proposed_values;
  perform set_config('accord.registered_facts_change', 'change_request:' || v_request.id::text, true);
  begin
    update public.organizations o
       set name = case when p ? 'name' then p ->> 'name' else o.name end,
           legal_name = case when p ? 'legal_name' then p ->> 'legal_name' else o.legal_name end,
           registration_number = case when p ? 'registration_number' then p ->> 'registration_number' else o.registration_number end,
           country = case when p ? 'country' then p ->> 'country' else o.country end,
           website = case when p ? 'website' then p ->> 'website' else o.website end
     where o.id = v_organization.id;
  exception when unique_violation then
    -- Another organisation registered the number a moment ago.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'organizations_country_registration_number_key' then
      perform private.raise_invalid_change_request('{"registration_number": "taken"}');
    end if;
    raise;
  end;
  perform set_config('accord.registered_facts_change', '', true);

  update public.organization_change_requests r
     set status = 'approved', decided_by = auth.uid(), decided_at = now()
   where r.id = p_request_id
  returning * into v_request;
  perform private.log_change_request(v_request, 'approved', jsonb_build_object(
    'previous_values', v_request.previous_values,
    'proposed_values', v_request.proposed_values
  ));
  return v_request;
end;
$$;
comment on function public.approve_organization_change(uuid) is
  'System administrators only. Applies a pending change request to the organisation in one transaction, after checking that its facts are still those it was asked against and validating the values again (the registry may have changed); the organisation''s row change (organization.updated, authorised_by change_request:<id>) and the approval (organization_change.approved) are both in network_activity. Errors: 42501; P0001 change_request_not_found, change_request_closed, change_request_stale; 22023 invalid_change_request (detail {field: code}). Returns the request.';
revoke execute on function public.approve_organization_change(uuid) from public, anon;
grant execute on function public.approve_organization_change(uuid) to authenticated;

create function public.decline_organization_change(p_request_id uuid, p_reason text)
returns public.organization_change_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.organization_change_requests;
  v_reason text;
begin
  perform private.require_system_admin('decline changes to registered facts');
  v_reason := private.required_text(p_reason, 'reason_required', 2000);
  v_request := private.lock_change_request(p_request_id);
  update public.organization_change_requests r
     set status = 'declined', decision_reason = v_reason, decided_by = auth.uid(), decided_at = now()
   where r.id = p_request_id
  returning * into v_request;
  perform private.log_change_request(v_request, 'declined', jsonb_build_object('reason', v_reason));
  return v_request;
end;
$$;
comment on function public.decline_organization_change(uuid, text) is
  'System administrators only. Declines a pending change request with a reason the organisation is shown; nothing changes (organization_change.declined in network_activity). Errors: 42501; 22023 reason_required, reason_required_too_long; P0001 change_request_not_found, change_request_closed. Returns the request.';
revoke execute on function public.decline_organization_change(uuid, text) from public, anon;
grant execute on function public.decline_organization_change(uuid, text) to authenticated;

-- ---------------------------------------------------------------------------
-- Onboarding: the same rules for a new application
-- ---------------------------------------------------------------------------
-- The checks of 20261122004000_onboarding.sql stay as they are, under a new
-- name, and submit_application's call reaches this function, which adds: a
-- website on a public suffix or a single label is `public_suffix` (a host that
-- is no domain name `invalid`), and a registry member's name, legal name or
-- domain is `taken`.
alter function private.application_payload_errors(jsonb, uuid) rename to application_payload_base_errors;
comment on function private.application_payload_base_errors(jsonb, uuid) is
  'The onboarding payload checks of 20261122004000_onboarding.sql; private.application_payload_errors adds the trust registry''s.';

create function private.application_payload_errors(p jsonb, p_organization_id uuid)
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
  'Every invalid field of an onboarding payload as {field: code} (required, too_long, invalid, missing, taken, and for the website public_suffix); {} when it is valid. taken: the registration number is in the network, or the name, legal name or website''s domain is a registry member''s.';
revoke execute on function private.application_payload_errors(jsonb, uuid) from public;

-- ---------------------------------------------------------------------------
-- Approval never makes a second Grachtenbank
-- ---------------------------------------------------------------------------
-- Two applicants may share a name while both are pending (neither is public);
-- the one approved second would stand beside the first in the registry. Also
-- covers a member that took the name by a change request after this applicant
-- submitted, and every path to approved (the RPC, the back office's column
-- update, an operator's SQL, the seed).
create function private.check_registry_conflicts_on_approval()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization public.organizations;
  v_clashes text;
begin
  if new.status <> 'approved' or (tg_op = 'UPDATE' and old.status = 'approved') then
    return new;
  end if;
  select * into v_organization from public.organizations o where o.id = new.organization_id;
  select string_agg(
           format('%s (%s)', c.member_name,
                  case c.field when 'name' then 'the same name' when 'legal_name' then 'the same legal name' else 'the same website domain' end),
           '; ' order by c.member_name, c.field)
    into v_clashes
    from private.registry_conflicts(v_organization.id, v_organization.name, v_organization.legal_name, v_organization.website) c;
  if v_clashes is not null then
    raise exception using
      errcode = 'P0001',
      message = 'registry_conflict',
      detail = format('%s cannot be approved: the trust registry already lists %s. Ask the applicant to change it (an organisation change request) before approving.',
                      v_organization.name, v_clashes);
  end if;
  return new;
end;
$$;
comment on function private.check_registry_conflicts_on_approval() is
  'Before an application becomes approved: refuses (registry_conflict) when a registry member already has the organisation''s name, legal name or domain.';
revoke execute on function private.check_registry_conflicts_on_approval() from public;
create trigger organization_applications_check_registry_conflicts
  before insert or update of status on public.organization_applications
  for each row execute function private.check_registry_conflicts_on_approval();

-- ---------------------------------------------------------------------------
-- The registry answers only on domains that identify someone
-- ---------------------------------------------------------------------------
-- As in 20261122005000_public-registry.sql, but `domain` is the stored
-- registry_domain: null when the website is on a public suffix or a single
-- label (a row from before this migration, or one the list has since grown to
-- cover).
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

-- A question about a public suffix (com, co.uk) is about nobody in particular:
-- it gets no answer, whatever an older row says.
create or replace function public.registry_by_domain(p_domain text)
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
     and private.registrable_domain(d.host) is not null
     -- The organisation's own domain, or a subdomain of it (which it controls).
     and (d.host = r.domain or right(d.host, char_length(r.domain) + 1) = '.' || r.domain)
   order by private.registry_fold(r.name), r.id;
$$;
comment on function public.registry_by_domain(text) is
  'Public. Organisations whose website is on this domain or a parent of it. Accepts a bare domain or a URL; scheme, www., port, path and case are ignored. A public suffix or a single label (com, co.uk, github.io, localhost) finds nothing, and no member is found by a stored domain that is one.';
