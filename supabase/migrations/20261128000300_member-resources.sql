-- Issue 16: documents the network publishes to its members
-- (/admin/resources, /dashboard/resources; docs/decisions/054-member-resources.md).
--
-- * resources: title, description, category, audience (every member, or
--   chosen sectors as organizations.sector stores them), published or not, and
--   which version is current.
-- * resource_versions: every file ever uploaded for a resource (path, name,
--   type, size, who and when), kept when a newer one replaces it.
-- * resource_visits: when each person last opened /dashboard/resources, so the
--   page can mark what was added or updated since.
-- * The private member_resources bucket (PDF, DOCX, XLSX, PNG; 20 MB in the
--   bucket's own settings). Members read a file only while it is the current
--   version of a published resource they may see; system administrators read
--   and add every file; nobody replaces, moves or removes one.
-- * Who sees a resource: a member of an organisation that is ACTIVE in the
--   registry, when the resource is published and meant for every member or for
--   that organisation's sector. Pending applicants, suspended or revoked
--   organisations, other sectors and visitors see no row and no file.
-- * Only system administrators write, through RPCs that check
--   private.require_system_admin (aal2 when they have a factor) and write
--   network_activity in the same transaction: resource.created,
--   resource.version_added, resource.published, resource.unpublished.

-- ---------------------------------------------------------------------------
-- Who may see a resource
-- ---------------------------------------------------------------------------
create type public.resource_audience as enum ('all_members', 'sectors');
comment on type public.resource_audience is
  'Who a published resource is for: all_members (every active member organisation) or sectors (only organisations whose sector is in resources.sectors).';

-- The sectors of the caller's organisations that are active in the registry
-- (an organisation without a sector still counts for all_members resources:
-- the set holds a null for it).
create function private.active_member_sectors()
returns setof public.organization_sector
language sql
stable
security definer
set search_path = ''
as $$
  select o.sector
    from public.organization_members m
    join public.registry_entries r on r.organization_id = m.organization_id and r.status = 'active'
    join public.organizations o on o.id = m.organization_id
   where m.user_id = (select auth.uid());
$$;
comment on function private.active_member_sectors() is
  'For the resource policies: the sector (null when unset) of each organisation the caller belongs to that is active in the registry. Empty for visitors, pending applicants and members of suspended or revoked organisations.';
revoke execute on function private.active_member_sectors() from public;
grant execute on function private.active_member_sectors() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- resources
-- ---------------------------------------------------------------------------
create table public.resources (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint resources_title_check check (title ~ '\S' and char_length(title) <= 200),
  description text not null default '' constraint resources_description_check check (char_length(description) <= 2000),
  category text not null constraint resources_category_check check (category ~ '\S' and char_length(category) <= 80),
  audience public.resource_audience not null default 'all_members',
  -- Only for audience 'sectors', and then at least one.
  sectors public.organization_sector[] not null default '{}',
  published boolean not null default false,
  -- When it was last published (null while it never was).
  published_at timestamptz,
  -- The version members download; set by the RPCs once the first version exists.
  current_version_id uuid,
  -- When members last had something new to see: first publication or a new
  -- version of a published resource. "New since your last visit" compares with it.
  content_updated_at timestamptz not null default now(),
  -- Who created it. History: no FK (an administrator's account may go).
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint resources_sectors_check check (
    (audience = 'all_members' and cardinality(sectors) = 0)
    or (audience = 'sectors' and cardinality(sectors) between 1 and 20)
  )
);
comment on table public.resources is
  'Documents the network publishes to its members (/dashboard/resources), by category, for every member or chosen sectors. Written only by the resource RPCs (system administrators); read by system administrators and, when published, by members of active organisations in the audience.';
comment on column public.resources.sectors is 'For audience sectors: the organisation sectors (organizations.sector) that see it. Empty for all_members.';
comment on column public.resources.current_version_id is 'The version members download (resource_versions.id); older ones stay for the history.';
comment on column public.resources.content_updated_at is 'When it was first published or last given a new version while published: what "New since your last visit" compares with.';

create trigger resources_set_updated_at
  before update on public.resources
  for each row execute function private.set_updated_at();

-- The member page lists by category then title; the list is small, but the
-- advisors want an index for every foreign key (below) and none unused.

-- ---------------------------------------------------------------------------
-- resource_versions
-- ---------------------------------------------------------------------------
create table public.resource_versions (
  id uuid primary key default gen_random_uuid(),
  resource_id uuid not null references public.resources (id) on delete cascade,
  version_label text not null constraint resource_versions_label_check check (version_label ~ '\S' and char_length(version_label) <= 40),
  -- The object in the member_resources bucket; one version per object.
  object_path text not null constraint resource_versions_object_path_key unique,
  file_name text not null constraint resource_versions_file_name_check check (char_length(file_name) between 1 and 200),
  mime_type text not null constraint resource_versions_mime_type_check check (mime_type in (
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'image/png'
  )),
  byte_size bigint not null constraint resource_versions_byte_size_check check (byte_size between 1 and 20971520),
  -- History: no FK.
  uploaded_by uuid,
  uploaded_at timestamptz not null default now()
);
comment on table public.resource_versions is
  'Every file uploaded for a resource, oldest to newest; the resource names the current one. Immutable history, written only by the resource RPCs from what Storage holds.';
comment on column public.resource_versions.object_path is 'Object name in the private member_resources bucket.';
comment on column public.resource_versions.mime_type is 'As Storage recorded it on upload.';
comment on column public.resource_versions.byte_size is 'As Storage recorded it on upload.';

-- A resource's history in order, and the cascade from resources. Unique by
-- construction (ends in id), as the advisors want of a fresh index (decision 031).
create unique index resource_versions_resource_order_key on public.resource_versions (resource_id, uploaded_at, id);
comment on index public.resource_versions_resource_order_key is
  'A resource''s versions in order and the cascade from resources. Unique by construction.';

alter table public.resources
  add constraint resources_current_version_fkey
  foreign key (current_version_id) references public.resource_versions (id);
create unique index resources_current_version_key on public.resources (current_version_id);
comment on index public.resources_current_version_key is
  'The foreign key to the current version (a version is current for one resource at most).';

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
-- Is this resource row visible to the caller as a member?
create function private.member_may_see_resource(p_published boolean, p_audience public.resource_audience, p_sectors public.organization_sector[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_published and exists (
    select 1 from private.active_member_sectors() as s(sector)
     where p_audience = 'all_members' or s.sector = any (p_sectors)
  );
$$;
comment on function private.member_may_see_resource(boolean, public.resource_audience, public.organization_sector[]) is
  'True when a resource with these settings is published and meant for one of the caller''s active organisations (every member, or its sector).';
revoke execute on function private.member_may_see_resource(boolean, public.resource_audience, public.organization_sector[]) from public;
grant execute on function private.member_may_see_resource(boolean, public.resource_audience, public.organization_sector[]) to authenticated, service_role;

alter table public.resources enable row level security;
revoke all on table public.resources from anon, authenticated;
grant select on table public.resources to authenticated;

create policy "resources: published to the caller's active organisation, all as system admin"
  on public.resources for select to authenticated
  using (
    (select private.is_system_admin())
    or private.member_may_see_resource(published, audience, sectors)
  );
comment on policy "resources: published to the caller's active organisation, all as system admin" on public.resources is
  'Members of an active organisation read published resources for every member or for their sector; the back office reads all. No write policy: the resource RPCs are the only writers.';

alter table public.resource_versions enable row level security;
revoke all on table public.resource_versions from anon, authenticated;
grant select on table public.resource_versions to authenticated;

create policy "resource_versions: the current one of a visible resource, all as system admin"
  on public.resource_versions for select to authenticated
  using (
    (select private.is_system_admin())
    or exists (
      select 1 from public.resources r
       where r.current_version_id = resource_versions.id
         and private.member_may_see_resource(r.published, r.audience, r.sectors)
    )
  );
comment on policy "resource_versions: the current one of a visible resource, all as system admin" on public.resource_versions is
  'Members see only the version they may download; the history is the back office''s. No write policy.';

-- ---------------------------------------------------------------------------
-- resource_visits
-- ---------------------------------------------------------------------------
create table public.resource_visits (
  user_id uuid primary key references auth.users (id) on delete cascade,
  last_visited_at timestamptz not null
);
comment on table public.resource_visits is
  'When each person last opened /dashboard/resources. Written only by mark_resources_visited(); each person reads their own.';

alter table public.resource_visits enable row level security;
revoke all on table public.resource_visits from anon, authenticated;
grant select on table public.resource_visits to authenticated;

create policy "resource_visits: own row"
  on public.resource_visits for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "resource_visits: own row" on public.resource_visits is
  'A person reads when they last visited; nobody else does. mark_resources_visited() writes it.';

-- ---------------------------------------------------------------------------
-- Storage: the private member_resources bucket
-- ---------------------------------------------------------------------------
-- 20 MiB, PDF/DOCX/XLSX/PNG, enforced by Storage on upload (as for
-- application_documents). `on conflict` brings a hand-made bucket to these settings.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('member_resources', 'member_resources', false, 20971520,
        array[
          'application/pdf',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'image/png'
        ])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- May the caller read the object `name` in member_resources? Members: only
-- while it is the current version of a resource they may see.
create function private.may_read_resource_object(p_object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.resource_versions v
      join public.resources r on r.current_version_id = v.id
     where v.object_path = p_object_name
       and private.member_may_see_resource(r.published, r.audience, r.sectors)
  );
$$;
comment on function private.may_read_resource_object(text) is
  'For the storage SELECT policy of member_resources: true when the object is the current version of a published resource meant for one of the caller''s active organisations.';
revoke execute on function private.may_read_resource_object(text) from public;
grant execute on function private.may_read_resource_object(text) to authenticated, service_role;

-- storage.objects keeps one permissive policy per role and action
-- (tests/storage/storage-migrations.test.ts), so the SELECT and INSERT
-- policies of 20261127000100 are replaced by the same rules plus the
-- member_resources bucket's. UPDATE and DELETE are unchanged and name other
-- buckets only: nobody replaces, moves or removes a resource file (the
-- history keeps them; a plain upload onto an existing name is 409).
drop policy "storage.objects: own organisation's files, all as system admin" on storage.objects;
drop policy "storage.objects: add drafts, change-request answers, logos, conversation files" on storage.objects;

create policy "storage.objects: own organisation's files, resources, all as system admin"
  on storage.objects for select to authenticated
  using (
    (bucket_id in ('application_documents', 'brand_assets')
      and (
        (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id)
        or (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id)
        or (select private.is_system_admin())
      ))
    or (bucket_id = 'conversation_attachments'
      and (
        (storage.foldername(name))[1] in (select org_id::text from private.member_organization_ids() as org_id)
        or (select private.is_system_admin())
      ))
    or (bucket_id = 'member_resources'
      and ((select private.is_system_admin()) or private.may_read_resource_object(name)))
  );

-- Adding. Everything before exactly as in 20261127000100. Resource files:
-- system administrators only, at least one folder deep (`<uuid>/<name>`).
create policy "storage.objects: add drafts, change-request answers, logos, conversation files, resources"
  on storage.objects for insert to authenticated
  with check (
    (bucket_id = 'application_documents'
      and (storage.foldername(name))[1] in (select org_id::text from private.change_request_organization_ids() as org_id))
    or (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
    or (bucket_id = 'conversation_attachments'
      and array_length(storage.foldername(name), 1) >= 3
      and private.may_attach_to_conversation(name))
    or (bucket_id = 'member_resources'
      and array_length(storage.foldername(name), 1) >= 1
      and (select private.is_system_admin()))
  );

-- ---------------------------------------------------------------------------
-- Writing: system administrators, through these RPCs only
-- ---------------------------------------------------------------------------
-- Checks the resource's words and audience; raises 22023 with a named code.
create function private.check_resource_fields(
  p_title text, p_description text, p_category text,
  p_audience public.resource_audience, p_sectors public.organization_sector[]
)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_title is null or p_title !~ '\S' or char_length(p_title) > 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_title',
      detail = 'Give the resource a title of at most 200 characters.';
  end if;
  if char_length(coalesce(p_description, '')) > 2000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_description',
      detail = 'A description can be at most 2,000 characters.';
  end if;
  if p_category is null or p_category !~ '\S' or char_length(p_category) > 80 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_category',
      detail = 'Give the resource a category of at most 80 characters.';
  end if;
  if p_audience is null
     or (p_audience = 'sectors' and coalesce(cardinality(p_sectors), 0) = 0)
     or (p_audience = 'all_members' and coalesce(cardinality(p_sectors), 0) > 0) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_audience',
      detail = 'Publish to every member, or choose at least one sector.';
  end if;
end;
$$;
comment on function private.check_resource_fields(text, text, text, public.resource_audience, public.organization_sector[]) is
  'Raises 22023 invalid_title, invalid_description, invalid_category or invalid_audience for unusable resource fields.';
revoke execute on function private.check_resource_fields(text, text, text, public.resource_audience, public.organization_sector[]) from public;

-- Records the uploaded object as a new version of the resource and makes it
-- current. The object must exist in member_resources, have been uploaded by
-- the caller, and not already be a version.
create function private.add_resource_version(p_resource_id uuid, p_version_label text, p_object_path text)
returns public.resource_versions
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_object record;
  v_version public.resource_versions;
  v_label text := btrim(coalesce(p_version_label, ''));
begin
  if v_label = '' or char_length(v_label) > 40 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_version_label',
      detail = 'Give the version a label of at most 40 characters, e.g. 1.0 or 2026 edition.';
  end if;
  select o.name, o.metadata, o.owner_id into v_object
    from storage.objects o
   where o.bucket_id = 'member_resources' and o.name = p_object_path;
  if v_object.name is null
     or v_object.owner_id is distinct from (select auth.uid())::text
     or exists (select 1 from public.resource_versions v where v.object_path = p_object_path) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_file',
      detail = 'Upload the file first; each file is one version.';
  end if;
  insert into public.resource_versions (resource_id, version_label, object_path, file_name, mime_type, byte_size, uploaded_by)
  values (
    p_resource_id, v_label, p_object_path,
    left(regexp_replace(p_object_path, '^.*/', ''), 200),
    v_object.metadata ->> 'mimetype',
    (v_object.metadata ->> 'size')::bigint,
    (select auth.uid())
  )
  returning * into v_version;
  return v_version;
end;
$$;
comment on function private.add_resource_version(uuid, text, text) is
  'For create_resource and add_resource_version: records an object the caller uploaded to member_resources as a version. 22023 invalid_version_label, invalid_file.';
revoke execute on function private.add_resource_version(uuid, text, text) from public;

create function public.create_resource(
  p_title text,
  p_description text,
  p_category text,
  p_audience public.resource_audience,
  p_sectors public.organization_sector[],
  p_version_label text,
  p_object_path text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_version public.resource_versions;
  v_sectors public.organization_sector[] := coalesce(
    (select array_agg(distinct s order by s) from unnest(p_sectors) as s where s is not null), '{}');
begin
  perform private.require_system_admin('publish resources for members');
  perform private.check_resource_fields(btrim(p_title), btrim(coalesce(p_description, '')), btrim(p_category), p_audience, v_sectors);

  insert into public.resources (title, description, category, audience, sectors, created_by)
  values (btrim(p_title), btrim(coalesce(p_description, '')), btrim(p_category), p_audience, v_sectors, (select auth.uid()))
  returning id into v_id;
  v_version := private.add_resource_version(v_id, p_version_label, p_object_path);
  update public.resources r set current_version_id = v_version.id where r.id = v_id;

  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'resource.created', jsonb_build_object(
    'resource_id', v_id, 'title', btrim(p_title), 'version_id', v_version.id,
    'version_label', v_version.version_label, 'audience', p_audience, 'sectors', to_jsonb(v_sectors)));
  return v_id;
end;
$$;
comment on function public.create_resource(text, text, text, public.resource_audience, public.organization_sector[], text, text) is
  'System administrators only: a new, unpublished resource whose first version is the object the caller uploaded to member_resources (p_object_path). Recorded as resource.created. Errors: 42501 (aal2_required); 22023 invalid_title, invalid_description, invalid_category, invalid_audience, invalid_version_label, invalid_file. Returns the resource id.';
revoke execute on function public.create_resource(text, text, text, public.resource_audience, public.organization_sector[], text, text) from public, anon;
grant execute on function public.create_resource(text, text, text, public.resource_audience, public.organization_sector[], text, text) to authenticated;

create function public.add_resource_version(p_resource_id uuid, p_version_label text, p_object_path text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_resource public.resources;
  v_version public.resource_versions;
begin
  perform private.require_system_admin('publish resources for members');
  select * into v_resource from public.resources r where r.id = p_resource_id for update;
  if v_resource.id is null then
    raise exception using errcode = 'no_data_found', message = 'resource_not_found',
      detail = 'This resource no longer exists.';
  end if;
  v_version := private.add_resource_version(p_resource_id, p_version_label, p_object_path);
  update public.resources r
     set current_version_id = v_version.id,
         content_updated_at = case when r.published then now() else r.content_updated_at end
   where r.id = p_resource_id;

  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'resource.version_added', jsonb_build_object(
    'resource_id', p_resource_id, 'title', v_resource.title, 'version_id', v_version.id,
    'version_label', v_version.version_label, 'previous_version_id', v_resource.current_version_id));
  return v_version.id;
end;
$$;
comment on function public.add_resource_version(uuid, text, text) is
  'System administrators only: the object the caller uploaded to member_resources becomes the resource''s current version; the older ones stay in its history. Members of a published resource see it as new. Recorded as resource.version_added. Errors: 42501; P0002 resource_not_found; 22023 invalid_version_label, invalid_file. Returns the version id.';
revoke execute on function public.add_resource_version(uuid, text, text) from public, anon;
grant execute on function public.add_resource_version(uuid, text, text) to authenticated;

create function public.set_resource_published(p_resource_id uuid, p_published boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_resource public.resources;
begin
  perform private.require_system_admin('publish resources for members');
  if p_published is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_published',
      detail = 'Say whether to publish (true) or unpublish (false).';
  end if;
  select * into v_resource from public.resources r where r.id = p_resource_id for update;
  if v_resource.id is null then
    raise exception using errcode = 'no_data_found', message = 'resource_not_found',
      detail = 'This resource no longer exists.';
  end if;
  -- Already so: nothing to change or record (a double click).
  if v_resource.published = p_published then
    return;
  end if;
  update public.resources r
     set published = p_published,
         published_at = case when p_published then now() else r.published_at end,
         content_updated_at = case when p_published then now() else r.content_updated_at end
   where r.id = p_resource_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()),
          case when p_published then 'resource.published' else 'resource.unpublished' end,
          jsonb_build_object('resource_id', p_resource_id, 'title', v_resource.title,
                             'audience', v_resource.audience, 'sectors', to_jsonb(v_resource.sectors)));
end;
$$;
comment on function public.set_resource_published(uuid, boolean) is
  'System administrators only: publishes (members in the audience see it, as new) or unpublishes (nobody but the back office sees it or its files). Recorded as resource.published / resource.unpublished; no entry when nothing changes. Errors: 42501; P0002 resource_not_found; 22023 invalid_published.';
revoke execute on function public.set_resource_published(uuid, boolean) from public, anon;
grant execute on function public.set_resource_published(uuid, boolean) to authenticated;

-- ---------------------------------------------------------------------------
-- "New since your last visit"
-- ---------------------------------------------------------------------------
create function public.mark_resources_visited()
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_previous timestamptz;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  select v.last_visited_at into v_previous from public.resource_visits v where v.user_id = (select auth.uid()) for update;
  insert into public.resource_visits (user_id, last_visited_at)
  values ((select auth.uid()), now())
  on conflict (user_id) do update set last_visited_at = excluded.last_visited_at;
  return v_previous;
end;
$$;
comment on function public.mark_resources_visited() is
  'The signed-in person opens /dashboard/resources: records now as their last visit and returns the one before (null on the first), so the page marks resources whose content_updated_at is later as new.';
revoke execute on function public.mark_resources_visited() from public, anon;
grant execute on function public.mark_resources_visited() to authenticated;
