-- Issue 16: "does organisation X verify schema Y (on date D)?" in the open API,
-- in the spirit of the Trust over IP Trust Registry Query Protocol's
-- authorisation queries (docs/decisions/057-verifies-on-a-date.md).
--
-- * organization_verification_schema_history: every period during which an
--   organisation declared a schema, declared_from .. withdrawn_at (null while
--   it still declares it). Until now a withdrawn declaration was deleted and
--   only the activity log remembered it; a verifier asking about a check made
--   last spring needs the dates.
-- * Written only by the database: triggers on organization_verification_schemas
--   open a period when a declaration is inserted (from its declared_at) and
--   close it when the declaration is deleted (now). set_organization_verification_schemas
--   is unchanged and stays the only writer of declarations, so nothing the
--   browser sends reaches the history. No write policy and no write privilege.
-- * Existing declarations are backfilled from their declared_at.
-- * RLS as on the declarations: the organisation's members and system
--   administrators read it; the public asks through registry_verifies.
-- * registry_verifies(organisation, schema, on): the answer, for anon and
--   authenticated, only about organisations in the registry (ever approved)
--   and schemas the network published (never drafts); anything else is the
--   named error organization_not_in_registry or schema_not_found, the same for
--   an unknown id as for a pending or rejected applicant or a draft.

-- ---------------------------------------------------------------------------
-- The history
-- ---------------------------------------------------------------------------
create table public.organization_verification_schema_history (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  schema_id uuid not null references public.verification_schemas (id) on delete restrict,
  declared_from timestamptz not null,
  withdrawn_at timestamptz,
  -- Who declared and who withdrew. History: no FK (an account may go).
  declared_by uuid,
  withdrawn_by uuid,
  constraint organization_verification_schema_history_dates_check
    check (withdrawn_at is null or withdrawn_at >= declared_from)
);
comment on table public.organization_verification_schema_history is
  'Every period an organisation declared a verification schema: declared_from until withdrawn_at (null while still declared). Written only by triggers on organization_verification_schemas; read by the organisation''s members and system administrators, and by the public through registry_verifies.';
comment on column public.organization_verification_schema_history.declared_from is 'When the declaration took effect (the declaration''s declared_at).';
comment on column public.organization_verification_schema_history.withdrawn_at is 'When the organisation withdrew it; null while it still declares the schema.';

-- At most one open period per organisation and schema (the declarations
-- table's primary key, kept in the history).
create unique index organization_verification_schema_history_open_key
  on public.organization_verification_schema_history (organization_id, schema_id)
  where withdrawn_at is null;
comment on index public.organization_verification_schema_history_open_key is
  'One open period per organisation and schema, as there is one declaration.';

-- The periods of one organisation and schema, by date (registry_verifies).
-- Unique by construction (id is the key), as the advisors want of an index a
-- fresh database has not used yet (decision 031); likewise the next one.
create unique index organization_verification_schema_history_lookup
  on public.organization_verification_schema_history (organization_id, schema_id, declared_from, id);
comment on index public.organization_verification_schema_history_lookup is
  'registry_verifies finds the period in force on a date. Unique by construction.';

-- The foreign key to verification_schemas.
create unique index organization_verification_schema_history_schema
  on public.organization_verification_schema_history (schema_id, id);
comment on index public.organization_verification_schema_history_schema is
  'The foreign key to verification_schemas. Unique by construction.';

alter table public.organization_verification_schema_history enable row level security;
revoke all on table public.organization_verification_schema_history from anon, authenticated;
grant select on table public.organization_verification_schema_history to authenticated;

create policy "organization_verification_schema_history: members and system admins read"
  on public.organization_verification_schema_history for select to authenticated
  using (
    organization_id in (select private.member_organization_ids())
    or (select private.is_system_admin())
  );
comment on policy "organization_verification_schema_history: members and system admins read" on public.organization_verification_schema_history is
  'As on organization_verification_schemas: an organisation''s members see its history, the back office all. Visitors ask registry_verifies. No write policy: only the triggers write.';

-- ---------------------------------------------------------------------------
-- The triggers that write it
-- ---------------------------------------------------------------------------
create function private.record_verification_declaration()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.organization_verification_schema_history (organization_id, schema_id, declared_from, declared_by)
    values (new.organization_id, new.schema_id, new.declared_at, new.declared_by);
    return new;
  end if;
  -- DELETE: the declaration is withdrawn now.
  update public.organization_verification_schema_history h
     set withdrawn_at = greatest(now(), h.declared_from), withdrawn_by = auth.uid()
   where h.organization_id = old.organization_id and h.schema_id = old.schema_id and h.withdrawn_at is null;
  return old;
end;
$$;
comment on function private.record_verification_declaration() is
  'Trigger on organization_verification_schemas: an insert opens a period in organization_verification_schema_history from declared_at; a delete closes the open one now, with who withdrew it.';
revoke execute on function private.record_verification_declaration() from public;

create trigger organization_verification_schemas_history
  after insert or delete on public.organization_verification_schemas
  for each row execute function private.record_verification_declaration();
comment on trigger organization_verification_schemas_history on public.organization_verification_schemas is
  'Keeps the dated history of declarations (organization_verification_schema_history).';

-- Backfill: the declarations made before the history existed, from when they were made.
insert into public.organization_verification_schema_history (organization_id, schema_id, declared_from, declared_by)
select d.organization_id, d.schema_id, d.declared_at, d.declared_by
  from public.organization_verification_schemas d;

-- ---------------------------------------------------------------------------
-- The question
-- ---------------------------------------------------------------------------
create type public.registry_verification as (
  organization_id uuid,
  organization_name text,
  schema_id uuid,
  schema_name text,
  schema_version text,
  on_time timestamptz,
  authorized boolean,
  reason text,
  declaration_status text,
  effective_from timestamptz,
  effective_until timestamptz,
  registry_status public.registry_status,
  registry_status_effective_from timestamptz,
  schema_status public.verification_schema_status,
  schema_activated_at timestamptz,
  schema_deprecated_at timestamptz
);
comment on type public.registry_verification is
  'registry_verifies''s answer. authorized: the organisation was an active member, declared the schema, and the schema was active, all at on_time; else reason says the first that failed (not_a_member, suspended, revoked, not_declared, withdrawn, schema_not_yet_active, schema_deprecated). declaration_status: declared, withdrawn or not_declared at on_time; effective_from/effective_until: the declaration period in force then (or the last one before it; until null while still declared). registry_status and schema_status: as they stood at on_time.';

-- "Not found" as HTTP 404, as the TRQP answers an unknown entity, rather than
-- the 500 PostgREST gives P0002. PostgREST (11.2 and later, so hosted
-- Supabase's too) reads SQLSTATE PGRST as a JSON error body and a JSON status:
-- the body keeps our convention (code P0002, message = the named error).
create function private.raise_registry_not_found(p_error text, p_details text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = jsonb_build_object('code', 'P0002', 'message', p_error, 'details', p_details, 'hint', null)::text,
    detail = '{"status": 404, "headers": {}}';
end;
$$;
comment on function private.raise_registry_not_found(text, text) is
  'Raises a named "not found" error that PostgREST answers with HTTP 404 and {code: P0002, message: p_error, details: p_details}. For the public registry functions.';
revoke execute on function private.raise_registry_not_found(text, text) from public;

create function public.registry_verifies(
  p_organization_id uuid,
  p_schema_id uuid,
  p_on timestamptz default null
)
returns public.registry_verification
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_on timestamptz := coalesce(p_on, now());
  v_org record;
  v_schema public.verification_schemas;
  v_status record;
  v_period record;
  v_schema_status public.verification_schema_status;
  v_declaration text;
  v_reason text;
  v_result public.registry_verification;
begin
  -- Only organisations the registry lists (ever approved): an unknown id and a
  -- pending or rejected applicant get the same answer.
  select r.id, r.name into v_org from private.registry_organizations r where r.id = p_organization_id;
  if not found then
    perform private.raise_registry_not_found('organization_not_in_registry', 'No organisation in the trust registry has this identifier.');
  end if;
  -- Only schemas the network published: a draft is as unknown as a wrong id.
  select * into v_schema from public.verification_schemas s where s.id = p_schema_id and s.status <> 'draft';
  if not found then
    perform private.raise_registry_not_found('schema_not_found', 'The network recognises no verification schema with this identifier.');
  end if;

  select c.status, c.effective_from into v_status
    from public.registry_status_changes c
   where c.organization_id = p_organization_id and c.effective_from <= v_on
   order by c.effective_from desc, c.id desc
   limit 1;

  -- The period in force at v_on, else the last one that ended before it.
  select h.declared_from, h.withdrawn_at into v_period
    from public.organization_verification_schema_history h
   where h.organization_id = p_organization_id and h.schema_id = p_schema_id and h.declared_from <= v_on
   order by h.declared_from desc, h.id desc
   limit 1;
  v_declaration := case
    when v_period.declared_from is null then 'not_declared'
    when v_period.withdrawn_at is null or v_period.withdrawn_at > v_on then 'declared'
    else 'withdrawn'
  end;

  v_schema_status := case
    when v_schema.activated_at is null or v_schema.activated_at > v_on then 'draft'
    when v_schema.deprecated_at is not null and v_schema.deprecated_at <= v_on then 'deprecated'
    else 'active'
  end::public.verification_schema_status;

  v_reason := case
    when v_status.status is null then 'not_a_member'
    when v_status.status <> 'active' then v_status.status::text
    when v_declaration <> 'declared' then v_declaration
    when v_schema_status = 'draft' then 'schema_not_yet_active'
    when v_schema_status = 'deprecated' then 'schema_deprecated'
  end;

  v_result := row(
    v_org.id, v_org.name, v_schema.id, v_schema.name, v_schema.version, v_on,
    v_reason is null, v_reason, v_declaration,
    v_period.declared_from, v_period.withdrawn_at,
    v_status.status, v_status.effective_from,
    v_schema_status, v_schema.activated_at, v_schema.deprecated_at
  )::public.registry_verification;
  return v_result;
end;
$$;
comment on function public.registry_verifies(uuid, uuid, timestamptz) is
  'Public. Did organisation p_organization_id verify schema p_schema_id at p_on (now when null), as the trust registry stood then? One object (public.registry_verification): authorized only when the organisation was an active member, its declaration in force and the schema active at that moment; reason names what failed. Errors (HTTP 404 through PostgREST, code P0002): organization_not_in_registry (unknown, or never approved), schema_not_found (unknown, or a draft).';
revoke execute on function public.registry_verifies(uuid, uuid, timestamptz) from public;
grant execute on function public.registry_verifies(uuid, uuid, timestamptz) to anon, authenticated;
