-- Foundation, part 1: who holds which network-wide role.
--
-- System administrators, investors and stakeholders are grants to a person,
-- not to an organisation, so each is a table keyed by the user id. Only system
-- administrators may write them; a person may read their own grant so the app
-- can decide what to show without an extra RPC.
--
-- Conventions used by every migration of this issue (handbook §6):
-- * RLS is enabled on every table and each (role, action) has exactly one
--   permissive policy, so Postgres evaluates one expression per row and the
--   advisors' multiple_permissive_policies lint stays quiet.
-- * Policies call auth.uid() and the helpers below as `(select …)`, so they run
--   once per statement as an init plan instead of once per row.
-- * Table privileges are granted explicitly: anon gets nothing unless a visitor
--   needs the table, authenticated gets only the actions some policy allows, and
--   updates are granted per column so audit columns cannot be forged.
-- * Helpers that policies call live in the `private` schema, which PostgREST
--   does not expose, are `security definer` (so a policy on table A can look at
--   table B without recursing into B's policies) with `search_path = ''` and
--   fully qualified names.
-- * Columns that say who acted (granted_by, created_by, submitted_by,
--   decided_by, invited_by, used_by) are history, not relationships: they are
--   plain uuids without a foreign key, so the record of who did something
--   survives that person's account being deleted (an FK would have to block the
--   deletion or erase the fact), and no index is kept for a cascade that never
--   happens. They are filled from auth.uid() by defaults, policies or triggers,
--   never chosen freely by a client. Every real foreign key is indexed.

-- ---------------------------------------------------------------------------
-- private schema: helpers for policies and triggers, never reachable as RPCs
-- ---------------------------------------------------------------------------
create schema if not exists private;
comment on schema private is
  'Helpers for RLS policies and triggers. Not in PostgREST''s exposed schemas, so none of it is callable over the API.';
revoke all on schema private from public;
-- Policies run with the caller's privileges, so the API roles need to reach
-- the helpers a policy names; each function below grants execute individually.
grant usage on schema private to anon, authenticated, service_role;

-- Keeps updated_at honest without trusting clients to send it.
create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke execute on function private.set_updated_at() from public;

-- ---------------------------------------------------------------------------
-- system_admins
-- ---------------------------------------------------------------------------
create table public.system_admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Null for the first administrator (granted by SQL). History: no FK (see above).
  granted_by uuid default auth.uid(),
  created_at timestamptz not null default now()
);
comment on table public.system_admins is
  'People who run the back office (/admin). Presence of a row is the grant. Written only by system administrators or by accept_admin_invitation().';

-- The one definition of "the caller is a system administrator" that every
-- policy uses. security definer: it reads system_admins, whose own policies use it.
create function private.is_system_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.system_admins sa where sa.user_id = auth.uid()
  );
$$;
comment on function private.is_system_admin() is
  'True when the caller (auth.uid()) is a system administrator. For policies; answers only about the caller.';
revoke execute on function private.is_system_admin() from public;
grant execute on function private.is_system_admin() to authenticated, service_role;

alter table public.system_admins enable row level security;
-- Grants are immutable facts: revoke (delete) and grant again instead of editing.
revoke all on table public.system_admins from anon, authenticated;
grant select, insert, delete on table public.system_admins to authenticated;

create policy "system_admins: read own row or all as admin"
  on public.system_admins for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_system_admin()));
comment on policy "system_admins: read own row or all as admin" on public.system_admins is
  'A person may see their own grant; the back office lists everyone''s.';

create policy "system_admins: admins grant, in their own name"
  on public.system_admins for insert to authenticated
  with check ((select private.is_system_admin()) and granted_by = (select auth.uid()));
comment on policy "system_admins: admins grant, in their own name" on public.system_admins is
  'Only a system administrator may make another, and granted_by must be them, so the audit trail cannot be forged.';

create policy "system_admins: admins revoke"
  on public.system_admins for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "system_admins: admins revoke" on public.system_admins is
  'Only a system administrator may remove an administrator (including themselves).';

-- ---------------------------------------------------------------------------
-- investor_access
-- ---------------------------------------------------------------------------
create type public.investor_access_level as enum ('lite', 'data_room');
comment on type public.investor_access_level is
  'lite opens /investor/dashboard, data_room opens /investor/data-room. Whether data_room implies lite is the app''s rule, not the database''s.';

create table public.investor_access (
  user_id uuid primary key references auth.users (id) on delete cascade,
  level public.investor_access_level not null,
  granted_by uuid default auth.uid(),
  granted_at timestamptz not null default now()
);
comment on table public.investor_access is
  'Gated investor areas. One level per person; changing the level re-stamps granted_by/granted_at. Written only by system administrators.';

-- When an administrator changes a level, the grant is new: record who and when,
-- rather than trusting the client with those columns (it cannot write them).
create function private.restamp_investor_grant()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.level is distinct from old.level then
    new.granted_at := now();
    new.granted_by := coalesce(auth.uid(), new.granted_by);
  end if;
  return new;
end;
$$;
revoke execute on function private.restamp_investor_grant() from public;
create trigger investor_access_restamp
  before update on public.investor_access
  for each row execute function private.restamp_investor_grant();

alter table public.investor_access enable row level security;
revoke all on table public.investor_access from anon, authenticated;
grant select, insert, delete on table public.investor_access to authenticated;
grant update (level) on table public.investor_access to authenticated;

create policy "investor_access: read own or all as admin"
  on public.investor_access for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_system_admin()));
comment on policy "investor_access: read own or all as admin" on public.investor_access is
  'The investor guard reads the caller''s own level; the back office (/admin/investors) lists all.';

create policy "investor_access: admins grant"
  on public.investor_access for insert to authenticated
  with check ((select private.is_system_admin()) and granted_by = (select auth.uid()));
comment on policy "investor_access: admins grant" on public.investor_access is
  'How investors obtain access is not specified; until it is, only system administrators grant it, in their own name.';

create policy "investor_access: admins change level"
  on public.investor_access for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "investor_access: admins change level" on public.investor_access is
  'An investor must not raise their own level to data_room; only system administrators change it.';

create policy "investor_access: admins revoke"
  on public.investor_access for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "investor_access: admins revoke" on public.investor_access is
  'Only system administrators withdraw investor access.';

-- ---------------------------------------------------------------------------
-- stakeholders
-- ---------------------------------------------------------------------------
create table public.stakeholders (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Free text: a stakeholder may represent a regulator, a partner or themselves,
  -- not necessarily an organisation in the network.
  affiliation text check (affiliation is null or char_length(affiliation) <= 200),
  granted_by uuid default auth.uid(),
  created_at timestamptz not null default now()
);
comment on table public.stakeholders is
  'People with the stakeholder dashboard (/stakeholder/*). Presence of a row is the grant. Written only by system administrators.';

alter table public.stakeholders enable row level security;
revoke all on table public.stakeholders from anon, authenticated;
grant select, insert, delete on table public.stakeholders to authenticated;
grant update (affiliation) on table public.stakeholders to authenticated;

create policy "stakeholders: read own or all as admin"
  on public.stakeholders for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_system_admin()));
comment on policy "stakeholders: read own or all as admin" on public.stakeholders is
  'The stakeholder guard reads the caller''s own row; the back office (/admin/stakeholder-data) lists all.';

create policy "stakeholders: admins grant"
  on public.stakeholders for insert to authenticated
  with check ((select private.is_system_admin()) and granted_by = (select auth.uid()));
comment on policy "stakeholders: admins grant" on public.stakeholders is
  'Nobody makes themselves a stakeholder; system administrators grant it in their own name.';

create policy "stakeholders: admins edit"
  on public.stakeholders for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "stakeholders: admins edit" on public.stakeholders is
  'The affiliation is how the back office labels the stakeholder, so only system administrators change it.';

create policy "stakeholders: admins revoke"
  on public.stakeholders for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "stakeholders: admins revoke" on public.stakeholders is
  'Only system administrators withdraw stakeholder access.';
