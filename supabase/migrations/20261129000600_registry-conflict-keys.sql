-- Registry conflicts by index (decision 064)
--
-- private.registry_conflicts (20261124000300_registered-facts.sql) answered
-- "does a registry member already have this name, legal name or domain?" by
-- computing private.registry_name_key (≈ 25 µs) for every member and scanning
-- every member's domain, on each call. At 100,000 organisations that is about
-- five seconds for approving one application (the approval trigger), and the
-- same for a submission and for a change request, which ask it too.
--
-- Here the keys are computed once per organisation, when its name or legal
-- name is written, and kept in a private side table with B-tree indexes; the
-- domain is looked up on indexes of organizations.registry_domain. The answers
-- are the same: the keys come from the same function, and the domain tests
-- are the old expressions, now reached through an index.

-- ---------------------------------------------------------------------------
-- Each organisation's name keys
-- ---------------------------------------------------------------------------
-- A private table rather than columns on organizations: nothing for the Data
-- API to expose or for a client to write, and no change to the table's type.
create table private.organization_registry_keys (
  organization_id uuid primary key references public.organizations (id) on delete cascade on update cascade,
  -- private.registry_name_key(name): '' for a name of nothing but spaces, as before.
  name_key text not null,
  -- private.registry_name_key(legal_name), or null without a legal name.
  legal_name_key text
);
comment on table private.organization_registry_keys is
  'Each organisation''s name and legal name as the registry compares names (private.registry_name_key), kept by the trigger organizations_keep_registry_keys, so that private.registry_conflicts finds a taken name by index. A load that bypasses triggers (session_replication_role = replica) must call private.refresh_registry_keys() after.';
comment on column private.organization_registry_keys.name_key is 'private.registry_name_key(organizations.name).';
comment on column private.organization_registry_keys.legal_name_key is 'private.registry_name_key(organizations.legal_name), null when there is no legal name.';
revoke all on table private.organization_registry_keys from public, anon, authenticated;

-- Each ends in the primary key, so it is unique by construction (and the
-- advisors do not count a unique index as unused on a fresh database).
create unique index organization_registry_keys_name_key on private.organization_registry_keys (name_key, organization_id);
comment on index private.organization_registry_keys_name_key is
  'private.registry_conflicts: members whose name folds to the asked key. Unique by construction (ends in organization_id).';
create unique index organization_registry_keys_legal_name_key on private.organization_registry_keys (legal_name_key, organization_id);
comment on index private.organization_registry_keys_legal_name_key is
  'private.registry_conflicts: members whose legal name folds to the asked key. Unique by construction (ends in organization_id).';

-- "m.host lies within w.host" is "reverse(m.host) starts with reverse(w.host)
-- || '.'", a range on this index. Equal and parent domains use the existing
-- organizations_registry_domain_search_key ((registry_domain collate "C"), id).
create unique index organizations_registry_domain_reversed_key
  on public.organizations ((reverse(registry_domain) collate "C"), id);
comment on index public.organizations_registry_domain_reversed_key is
  'private.registry_conflicts: members whose domain lies within a website''s domain (a prefix range on the reversed domain). Unique by construction (ends in id).';

-- ---------------------------------------------------------------------------
-- Kept by the database
-- ---------------------------------------------------------------------------
create function private.keep_registry_keys()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.id, new.name, new.legal_name) is not distinct from (old.id, old.name, old.legal_name) then
    return null;
  end if;
  insert into private.organization_registry_keys as k (organization_id, name_key, legal_name_key)
  values (new.id,
          private.registry_name_key(new.name),
          case when new.legal_name is not null then private.registry_name_key(new.legal_name) end)
  on conflict (organization_id) do update
    set name_key = excluded.name_key, legal_name_key = excluded.legal_name_key;
  return null;
end;
$$;
comment on function private.keep_registry_keys() is
  'After insert or update of name or legal name on organizations: stores the organisation''s registry name keys in private.organization_registry_keys.';
revoke execute on function private.keep_registry_keys() from public;
create trigger organizations_keep_registry_keys
  after insert or update of id, name, legal_name on public.organizations
  for each row execute function private.keep_registry_keys();

-- Every organisation's keys again: the backfill below, after a load that
-- bypassed the triggers, and after an upgrade of unaccent's rules (which
-- would change what the keys fold to). Returns how many rows it wrote.
create function private.refresh_registry_keys()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count bigint;
begin
  with keys as (
    select o.id,
           private.registry_name_key(o.name) as name_key,
           case when o.legal_name is not null then private.registry_name_key(o.legal_name) end as legal_name_key
      from public.organizations o
  )
  insert into private.organization_registry_keys as k (organization_id, name_key, legal_name_key)
  select id, name_key, legal_name_key from keys
  on conflict (organization_id) do update
    set name_key = excluded.name_key, legal_name_key = excluded.legal_name_key
    where (k.name_key, k.legal_name_key) is distinct from (excluded.name_key, excluded.legal_name_key);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function private.refresh_registry_keys() is
  'Recomputes every organisation''s registry name keys (private.organization_registry_keys); for loads that bypassed triggers and for a change to unaccent''s rules. Returns the rows written.';
revoke execute on function private.refresh_registry_keys() from public, anon, authenticated;

select private.refresh_registry_keys();

-- ---------------------------------------------------------------------------
-- The check, by index
-- ---------------------------------------------------------------------------
-- Same signature and answers as 20261124000300_registered-facts.sql: members
-- (any registry status) other than p_organization_id whose name or legal name
-- folds equal to p_name or p_legal_name (either as either), or whose domain
-- equals, contains or lies within p_website's. Null arguments are not compared.
create or replace function private.registry_conflicts(p_organization_id uuid, p_name text, p_legal_name text, p_website text)
returns table (field text, member_id uuid, member_name text)
language sql
stable
security definer
set search_path = ''
as $$
  with asked as materialized (
    select 'name' as field, private.registry_name_key(p_name) as key
     where nullif(btrim(p_name), '') is not null
    union all
    select 'legal_name', private.registry_name_key(p_legal_name)
     where nullif(btrim(p_legal_name), '') is not null
  ), wanted as materialized (
    -- The website's domain and the domains it ends with after a dot (a.b.c:
    -- a.b.c, b.c and c), which are exactly the ones equal to it or a parent
    -- of it. As an array, so the index takes them as one "= any" lookup.
    select h.host,
           array(select array_to_string(l.part[i:], '.') from generate_subscripts(l.part, 1) as i) as hosts
      from (select private.registry_domain(p_website) as host) h
     cross join lateral (select string_to_array(h.host, '.') as part) l
  ), candidates as (
    -- One row per (field, organisation), as the old join's "or" gave.
    select a.field, k.organization_id
      from asked a join private.organization_registry_keys k on k.name_key = a.key
    union
    select a.field, k.organization_id
      from asked a join private.organization_registry_keys k on k.legal_name_key = a.key
    union
    -- The same domain, or a parent of it.
    select 'website', o.id
      from public.organizations o
     where (o.registry_domain collate "C") = any ((select w.hosts from wanted w)::text[])
    union
    -- Within it: reverse(m.host) starts with reverse(w.host) || '.', which in
    -- the C collation is the range [reverse(w.host) || '.', reverse(w.host) || '/').
    select 'website', o.id
      from wanted w
      join public.organizations o
        on (reverse(o.registry_domain) collate "C") >= reverse(w.host) || '.'
       and (reverse(o.registry_domain) collate "C") < reverse(w.host) || '/'
       and right(o.registry_domain, char_length(w.host) + 1) = '.' || w.host
     where w.host is not null
  )
  select c.field, o.id, o.name
    from candidates c
    join public.organizations o on o.id = c.organization_id
   where o.id is distinct from p_organization_id
     and exists (select 1 from public.registry_entries e where e.organization_id = o.id);
$$;
comment on function private.registry_conflicts(uuid, text, text, text) is
  'Registry members (other than p_organization_id) whose name or legal name folds equal to p_name or p_legal_name (field name / legal_name), or whose domain equals, contains or lies within p_website''s (field website). By index: private.organization_registry_keys and the indexes on organizations.registry_domain.';
revoke execute on function private.registry_conflicts(uuid, text, text, text) from public;
