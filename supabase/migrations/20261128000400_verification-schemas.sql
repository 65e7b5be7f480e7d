-- Issue 16: the verification schemas the network recognises, and which of
-- them each member verifies (docs/decisions/056-verification-schemas.md).
--
-- * verification_schemas: one kind of check (passport, national identity
--   card, diploma…) in one version: name, version, description, the trust
--   framework's level of assurance (low, substantial, high, as /framework
--   defines them), the attributes a check establishes as a JSON Schema, and a
--   status that moves forward only: draft -> active -> deprecated, dated.
--   Only drafts are edited; a published schema changes by a new version, so
--   what a member declared is what it still says.
-- * The attributes are checked here as well as in the back office (which runs
--   ajv, a full JSON Schema validator): Postgres has no JSON Schema validator
--   without an extension (pg_jsonschema exists on hosted Supabase but not in
--   the local Postgres), so private.attribute_schema_problem() checks the
--   structure every schema must have: an object schema whose properties each
--   declare a known JSON type (or enum/const/$ref/format), and whose required
--   names exist. It is the table's check constraint, so nothing bypasses it.
-- * Visitors and members read active and deprecated schemas; drafts only the
--   back office. Nobody writes the table from the browser: the RPCs below are
--   the only writers, for system administrators (require_system_admin, aal2
--   when they have a factor), and log network_activity in the same transaction.
-- * organization_verification_schemas: which schemas an organisation
--   verifies, declared by its admins through set_organization_verification_schemas
--   (only active schemas may be added; a declaration of a schema that was
--   later deprecated may be kept), logged. Members of the organisation read
--   their own; the public reads them through the registry functions.
-- * The open API: public.registry_organization gains verification_schemas
--   (jsonb array, last attribute, as contact_email was added by
--   20261125000500_registry-profile-fields.sql), filled by
--   private.registry_organizations with the active and deprecated schemas an
--   organisation declared (never drafts), and every function that returns the
--   type returns it.

-- ---------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------
create type public.assurance_level as enum ('low', 'substantial', 'high');
comment on type public.assurance_level is
  'The trust framework''s levels of assurance (/framework): low, substantial, high, mapped there to eIDAS, NIST SP 800-63 and the UK framework.';

create type public.verification_schema_status as enum ('draft', 'active', 'deprecated');
comment on type public.verification_schema_status is
  'draft: being written, seen only by system administrators; active: recognised by the network, members may declare it; deprecated: no longer declared anew, still shown (marked) where members declared it.';

-- ---------------------------------------------------------------------------
-- The structural check of a schema's attributes
-- ---------------------------------------------------------------------------
-- Null when p_attributes is an acceptable JSON Schema for a check's
-- attributes, else the named error. immutable: it is a check constraint.
create function private.attribute_schema_problem(p_attributes jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_property record;
  v_type jsonb;
  v_types constant text[] := array['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
begin
  if p_attributes is null or jsonb_typeof(p_attributes) <> 'object' then
    return 'attributes_not_object';
  end if;
  if p_attributes->'type' is distinct from '"object"'::jsonb then
    return 'attributes_not_object_schema';
  end if;
  if p_attributes ? '$schema' and jsonb_typeof(p_attributes->'$schema') <> 'string' then
    return 'attributes_not_object_schema';
  end if;
  if jsonb_typeof(p_attributes->'properties') is distinct from 'object'
     or p_attributes->'properties' = '{}'::jsonb then
    return 'attributes_no_properties';
  end if;
  for v_property in select key, value from jsonb_each(p_attributes->'properties') loop
    if jsonb_typeof(v_property.value) <> 'object' or btrim(v_property.key) = '' then
      return 'attributes_property_invalid';
    end if;
    if not (v_property.value ?| array['type', 'enum', 'const', '$ref', 'format', 'anyOf', 'oneOf', 'allOf']) then
      return 'attributes_property_invalid';
    end if;
    v_type := v_property.value->'type';
    if v_type is not null then
      if jsonb_typeof(v_type) = 'string' then
        if not (v_type #>> '{}') = any (v_types) then
          return 'attributes_property_invalid';
        end if;
      elsif jsonb_typeof(v_type) = 'array' then
        if jsonb_array_length(v_type) = 0 or exists (
          select 1 from jsonb_array_elements(v_type) t
           where jsonb_typeof(t) <> 'string' or not (t #>> '{}') = any (v_types)
        ) then
          return 'attributes_property_invalid';
        end if;
      else
        return 'attributes_property_invalid';
      end if;
    end if;
  end loop;
  if p_attributes ? 'required' then
    if jsonb_typeof(p_attributes->'required') <> 'array' or exists (
      select 1 from jsonb_array_elements(p_attributes->'required') r
       where jsonb_typeof(r) <> 'string' or not (p_attributes->'properties' ? (r #>> '{}'))
    ) then
      return 'attributes_required_invalid';
    end if;
  end if;
  return null;
end;
$$;
comment on function private.attribute_schema_problem(jsonb) is
  'Null when the attributes are a JSON Schema of an object with at least one property, each property typed (a JSON type, or enum/const/$ref/format/anyOf/oneOf/allOf) and every required name a property; else the error: attributes_not_object, attributes_not_object_schema, attributes_no_properties, attributes_property_invalid, attributes_required_invalid. The structural check; the back office also validates against the JSON Schema meta-schema (ajv).';
revoke execute on function private.attribute_schema_problem(jsonb) from public;
grant execute on function private.attribute_schema_problem(jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- verification_schemas
-- ---------------------------------------------------------------------------
create table public.verification_schemas (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120 and name = btrim(name)),
  version text not null check (version ~ '^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$'),
  description text not null check (char_length(btrim(description)) between 1 and 2000),
  assurance_level public.assurance_level not null,
  attributes jsonb not null constraint verification_schemas_attributes_check check (private.attribute_schema_problem(attributes) is null),
  status public.verification_schema_status not null default 'draft',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  activated_at timestamptz,
  deprecated_at timestamptz,
  -- Each status carries its date, and a deprecated schema was active first.
  constraint verification_schemas_dates_check check (
    (status = 'draft' and activated_at is null and deprecated_at is null)
    or (status = 'active' and activated_at is not null and deprecated_at is null)
    or (status = 'deprecated' and activated_at is not null and deprecated_at is not null and deprecated_at >= activated_at)
  )
);
comment on table public.verification_schemas is
  'The kinds of verification the network recognises, one row per version. Written only by save_verification_schema and change_verification_schema_status (system administrators); active and deprecated ones are public.';
comment on column public.verification_schemas.attributes is
  'What a check under this schema establishes, as a JSON Schema (an object schema). Checked structurally by private.attribute_schema_problem; the back office validates it fully before saving.';
comment on column public.verification_schemas.activated_at is 'When it became active (members may declare it from then).';
comment on column public.verification_schemas.deprecated_at is 'When it was deprecated (no new declarations; existing ones stay, marked).';

-- One version of a name once, whatever its case.
create unique index verification_schemas_name_version_key on public.verification_schemas (lower(name), version);
comment on index public.verification_schemas_name_version_key is 'A schema''s name and version identify it (case-insensitive name).';

alter table public.verification_schemas enable row level security;
revoke all on table public.verification_schemas from anon, authenticated;
grant select on table public.verification_schemas to anon, authenticated;

create policy "verification_schemas: visitors read published"
  on public.verification_schemas for select to anon
  using (status <> 'draft');
comment on policy "verification_schemas: visitors read published" on public.verification_schemas is
  'Visitors read active and deprecated schemas, never drafts. No write policy: the RPCs are the only writers.';

create policy "verification_schemas: signed in read published, back office all"
  on public.verification_schemas for select to authenticated
  using (status <> 'draft' or (select private.is_system_admin()));
comment on policy "verification_schemas: signed in read published, back office all" on public.verification_schemas is
  'Members read active and deprecated schemas; system administrators also drafts. No write policy: the RPCs are the only writers.';

-- ---------------------------------------------------------------------------
-- organization_verification_schemas
-- ---------------------------------------------------------------------------
create table public.organization_verification_schemas (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  schema_id uuid not null references public.verification_schemas (id) on delete restrict,
  declared_at timestamptz not null default now(),
  -- The admin who declared it. History: no FK (an account may go).
  declared_by uuid,
  primary key (organization_id, schema_id)
);
comment on table public.organization_verification_schemas is
  'Which verification schemas an organisation verifies, declared by its admins through set_organization_verification_schemas. Public through the registry_* functions (active and deprecated schemas only).';

-- Unique by construction (the primary key's columns the other way round), as
-- the advisors want of an index a fresh database has not used yet (decision 031).
create unique index organization_verification_schemas_schema_key on public.organization_verification_schemas (schema_id, organization_id);
comment on index public.organization_verification_schemas_schema_key is 'The foreign key to verification_schemas (who declared a schema). Unique by construction.';

alter table public.organization_verification_schemas enable row level security;
revoke all on table public.organization_verification_schemas from anon, authenticated;
grant select on table public.organization_verification_schemas to authenticated;

create policy "organization_verification_schemas: members and system admins read"
  on public.organization_verification_schemas for select to authenticated
  using (
    organization_id in (select private.member_organization_ids())
    or (select private.is_system_admin())
  );
comment on policy "organization_verification_schemas: members and system admins read" on public.organization_verification_schemas is
  'An organisation''s members see what it declared; the back office sees all. Visitors read declarations through the registry functions. No write policy: set_organization_verification_schemas is the only writer.';

-- ---------------------------------------------------------------------------
-- The back office's RPCs
-- ---------------------------------------------------------------------------
create function public.save_verification_schema(
  p_id uuid,
  p_name text,
  p_version text,
  p_description text,
  p_assurance_level public.assurance_level,
  p_attributes jsonb
)
returns public.verification_schemas
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.verification_schemas;
  v_name text := btrim(coalesce(p_name, ''));
  v_version text := btrim(coalesce(p_version, ''));
  v_description text := btrim(coalesce(p_description, ''));
  v_problem text;
begin
  perform private.require_system_admin('change verification schemas');
  if char_length(v_name) < 2 or char_length(v_name) > 120 then
    raise exception using errcode = 'invalid_parameter_value', message = 'name_invalid';
  end if;
  if v_version !~ '^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'version_invalid';
  end if;
  if char_length(v_description) < 1 or char_length(v_description) > 2000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'description_invalid';
  end if;
  if p_assurance_level is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'assurance_level_required';
  end if;
  v_problem := private.attribute_schema_problem(p_attributes);
  if v_problem is not null then
    raise exception using errcode = 'invalid_parameter_value', message = v_problem;
  end if;
  if exists (
    select 1 from public.verification_schemas s
     where lower(s.name) = lower(v_name) and s.version = v_version and s.id is distinct from p_id
  ) then
    raise exception using errcode = 'unique_violation', message = 'schema_version_exists';
  end if;

  if p_id is null then
    insert into public.verification_schemas (name, version, description, assurance_level, attributes)
    values (v_name, v_version, v_description, p_assurance_level, p_attributes)
    returning * into v_row;
  else
    select * into v_row from public.verification_schemas s where s.id = p_id for update;
    if not found then
      raise exception using errcode = 'P0001', message = 'schema_not_found';
    end if;
    if v_row.status <> 'draft' then
      raise exception using errcode = 'P0001', message = 'schema_not_draft',
        detail = 'A published schema changes through a new version.';
    end if;
    update public.verification_schemas s
       set name = v_name, version = v_version, description = v_description,
           assurance_level = p_assurance_level, attributes = p_attributes, updated_at = now()
     where s.id = p_id
    returning * into v_row;
  end if;

  insert into public.network_activity (actor_id, action, details)
  values (
    auth.uid(),
    case when p_id is null then 'verification_schema.created' else 'verification_schema.updated' end,
    jsonb_build_object('schema_id', v_row.id, 'name', v_row.name, 'version', v_row.version, 'assurance_level', v_row.assurance_level)
  );
  return v_row;
end;
$$;
comment on function public.save_verification_schema(uuid, text, text, text, public.assurance_level, jsonb) is
  'System administrators only. Adds a draft schema (p_id null) or edits a draft, logged as verification_schema.created or .updated. Errors: 42501; 22023 name_invalid, version_invalid, description_invalid, assurance_level_required, attributes_* (see private.attribute_schema_problem); 23505 schema_version_exists; P0001 schema_not_found, schema_not_draft.';
revoke execute on function public.save_verification_schema(uuid, text, text, text, public.assurance_level, jsonb) from public, anon;
grant execute on function public.save_verification_schema(uuid, text, text, text, public.assurance_level, jsonb) to authenticated;

create function public.change_verification_schema_status(p_id uuid, p_status public.verification_schema_status)
returns public.verification_schemas
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.verification_schemas;
begin
  perform private.require_system_admin('change verification schemas');
  select * into v_row from public.verification_schemas s where s.id = p_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'schema_not_found';
  end if;
  -- Forward only: what members declared stays what it was.
  if not ((v_row.status = 'draft' and p_status = 'active') or (v_row.status = 'active' and p_status = 'deprecated')) then
    raise exception using errcode = 'P0001', message = 'status_change_not_allowed',
      detail = format('A %s schema cannot become %s.', v_row.status, p_status);
  end if;
  update public.verification_schemas s
     set status = p_status,
         activated_at = case when p_status = 'active' then now() else s.activated_at end,
         deprecated_at = case when p_status = 'deprecated' then now() else s.deprecated_at end,
         updated_at = now()
   where s.id = p_id
  returning * into v_row;
  insert into public.network_activity (actor_id, action, details)
  values (
    auth.uid(),
    case when p_status = 'active' then 'verification_schema.activated' else 'verification_schema.deprecated' end,
    jsonb_build_object('schema_id', v_row.id, 'name', v_row.name, 'version', v_row.version)
  );
  return v_row;
end;
$$;
comment on function public.change_verification_schema_status(uuid, public.verification_schema_status) is
  'System administrators only. Activates a draft or deprecates an active schema, dated now, logged as verification_schema.activated or .deprecated. Errors: 42501; P0001 schema_not_found, status_change_not_allowed.';
revoke execute on function public.change_verification_schema_status(uuid, public.verification_schema_status) from public, anon;
grant execute on function public.change_verification_schema_status(uuid, public.verification_schema_status) to authenticated;

-- ---------------------------------------------------------------------------
-- An organisation declares what it verifies
-- ---------------------------------------------------------------------------
create function public.set_organization_verification_schemas(p_organization_id uuid, p_schema_ids uuid[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := coalesce((select array_agg(distinct i) from unnest(p_schema_ids) i where i is not null), '{}');
  v_added jsonb;
  v_removed jsonb;
begin
  if auth.uid() is null or not private.is_organization_admin(p_organization_id) then
    raise exception using errcode = 'insufficient_privilege',
      message = 'Only the organisation''s admins may change which schemas it verifies.';
  end if;
  -- Serialise two admins saving at once.
  perform 1 from public.organizations o where o.id = p_organization_id for update;
  -- New declarations only of active schemas; one already declared may stay once deprecated.
  if exists (
    select 1 from unnest(v_ids) i
     where not exists (select 1 from public.verification_schemas s where s.id = i and s.status = 'active')
       and not exists (
         select 1 from public.organization_verification_schemas d
           join public.verification_schemas s on s.id = d.schema_id
          where d.organization_id = p_organization_id and d.schema_id = i and s.status = 'deprecated'
       )
  ) then
    raise exception using errcode = 'P0001', message = 'schema_not_active';
  end if;

  with removed as (
    delete from public.organization_verification_schemas d
     where d.organization_id = p_organization_id and not (d.schema_id = any (v_ids))
    returning d.schema_id
  )
  select coalesce(jsonb_agg(s.name || ' ' || s.version order by s.name, s.version), '[]')
    into v_removed
    from removed r join public.verification_schemas s on s.id = r.schema_id;

  with added as (
    insert into public.organization_verification_schemas (organization_id, schema_id, declared_by)
    select p_organization_id, i, auth.uid() from unnest(v_ids) i
    on conflict (organization_id, schema_id) do nothing
    returning schema_id
  )
  select coalesce(jsonb_agg(s.name || ' ' || s.version order by s.name, s.version), '[]')
    into v_added
    from added a join public.verification_schemas s on s.id = a.schema_id;

  if v_added <> '[]'::jsonb or v_removed <> '[]'::jsonb then
    insert into public.network_activity (actor_id, action, organization_id, details)
    values (
      auth.uid(),
      'organization.verification_schemas_changed',
      p_organization_id,
      jsonb_build_object(
        'organization_name', (select o.name from public.organizations o where o.id = p_organization_id),
        'added', v_added,
        'removed', v_removed
      )
    );
  end if;
end;
$$;
comment on function public.set_organization_verification_schemas(uuid, uuid[]) is
  'The organisation''s admins only. Sets which verification schemas it verifies to exactly p_schema_ids: new ones must be active (a deprecated one already declared may stay); logged as organization.verification_schemas_changed with what was added and removed. Errors: 42501; P0001 schema_not_active.';
revoke execute on function public.set_organization_verification_schemas(uuid, uuid[]) from public, anon;
grant execute on function public.set_organization_verification_schemas(uuid, uuid[]) to authenticated;

-- ---------------------------------------------------------------------------
-- The open API, with verification_schemas
-- ---------------------------------------------------------------------------
alter type public.registry_organization add attribute verification_schemas jsonb;
comment on type public.registry_organization is
  'One organisation as the public trust registry shows it. Returned by the registry_* functions; holds nothing private (no reasons, applications, members or creators). contact_email is the public address the organisation''s admins chose to publish (null when none). verification_schemas lists the schemas it declared it verifies (active or deprecated, never drafts): id, name, version, assurance_level, status, declared_at, activated_at, deprecated_at.';

-- As in 20261125000500_registry-profile-fields.sql, with verification_schemas last.
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
  o.contact_email,
  v.verification_schemas
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
) h
cross join lateral (
  select coalesce(
    jsonb_agg(jsonb_build_object(
      'id', s.id, 'name', s.name, 'version', s.version, 'assurance_level', s.assurance_level,
      'status', s.status, 'declared_at', d.declared_at, 'activated_at', s.activated_at, 'deprecated_at', s.deprecated_at
    ) order by lower(s.name), s.version, s.id),
    '[]'::jsonb
  ) as verification_schemas
  from public.organization_verification_schemas d
  join public.verification_schemas s on s.id = d.schema_id
  where d.organization_id = r.organization_id and s.status <> 'draft'
) v;
comment on view private.registry_organizations is
  'The public trust registry, one row per organisation ever approved, in the shape of public.registry_organization (contact_email, then verification_schemas last). Not exposed: read through the public registry_* functions.';

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
         r.contact_email, r.verification_schemas
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
         r.contact_email, r.verification_schemas
    from private.registry_organizations r
   where r.id = p_id;
$$;
comment on function public.registry_by_id(uuid) is
  'Public. The organisation with this id as the registry shows it, or no row when it is not in the registry (never approved, or unknown: the two are indistinguishable).';

create or replace function public.registry_by_domain(p_domain text)
returns setof public.registry_organization
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.name, r.legal_name, r.registration_number, r.country, r.website, r.domain, r.sector, r.size,
         r.description, r.logo_path, r.status, r.status_effective_from, r.member_since, r.status_history,
         r.contact_email, r.verification_schemas
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

-- As in 20261125000500_registry-profile-fields.sql; only the final select gains verification_schemas.
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
         r.contact_email, r.verification_schemas
    into v_result
    from private.registry_organizations r
   where r.id = p_organization_id;
  return v_result;
end;
$$;
comment on function public.change_registry_status(uuid, public.registry_status, text, timestamptz) is
  'System administrators only. Suspends (suspended), revokes (revoked) or reinstates (active, from suspended) an organisation in the registry from p_effective_from (default now; not in the future, not before the current status), with a dated history row and an audit entry (registry.suspended, registry.revoked, registry.reinstated). A reason is required to suspend or revoke; it is never shown publicly. Revoked is final here: a new application brings the organisation back. Errors: 42501; 22023 status_required, reason_required, reason_required_too_long, effective_date_in_future, effective_date_before_current; P0001 not_in_registry, registry_revoked, status_unchanged. Returns the public entry.';
