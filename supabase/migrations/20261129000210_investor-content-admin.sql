-- Issue 17: the back office's writers for investor content
-- (/admin/investor-content; docs/decisions/060-investor-content.md).
--
-- Every function here is security definer, starts with
-- private.require_system_admin (aal2 when the administrator has a factor,
-- decision 043) and writes public.network_activity in the same transaction:
--   investor_folder.created / renamed / deleted
--   investor_document.created / version_added / updated / deleted
--   nda_version.published
--   investor_update.posted / edited / deleted
-- Bad input raises 22023 with a named message the app turns into words.
--
-- Files: the app uploads to investor_documents at
-- <document_id>/<version_id>/<file name> (the version id chosen by the app),
-- then register_investor_document_version records it from what Storage holds
-- (type and size as Storage saw them). delete_investor_document returns the
-- object names and the app removes them through the Storage API afterwards:
-- SQL must not delete storage objects on hosted Supabase, and the storage
-- DELETE policy lets an administrator remove only objects no version names.

-- ---------------------------------------------------------------------------
-- Checks
-- ---------------------------------------------------------------------------
create function private.check_investor_folder_name(p_name text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
begin
  if v_name = '' or char_length(v_name) > 120 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_folder_name',
      detail = 'Give the folder a name of at most 120 characters.';
  end if;
  return v_name;
end;
$$;
comment on function private.check_investor_folder_name(text) is
  'The trimmed folder name, or 22023 invalid_folder_name.';
revoke execute on function private.check_investor_folder_name(text) from public;

create function private.check_investor_document_fields(p_title text, p_description text, p_level public.investor_access_level)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_title is null or p_title !~ '\S' or char_length(p_title) > 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_document_title',
      detail = 'Give the document a title of at most 200 characters.';
  end if;
  if char_length(coalesce(p_description, '')) > 2000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_document_description',
      detail = 'A description can be at most 2,000 characters.';
  end if;
  if p_level is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_document_level',
      detail = 'Choose who may see the document: every investor (lite) or the data room.';
  end if;
end;
$$;
comment on function private.check_investor_document_fields(text, text, public.investor_access_level) is
  'Raises 22023 invalid_document_title, invalid_document_description or invalid_document_level.';
revoke execute on function private.check_investor_document_fields(text, text, public.investor_access_level) from public;

-- A folder name already taken (case-insensitively) is a named error, not 23505.
create function private.raise_if_folder_name_taken(p_name text, p_except uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.investor_folders f where lower(f.name) = lower(p_name) and f.id is distinct from p_except) then
    raise exception using errcode = 'invalid_parameter_value', message = 'folder_name_taken',
      detail = 'A folder with this name already exists.';
  end if;
end;
$$;
comment on function private.raise_if_folder_name_taken(text, uuid) is
  'Raises 22023 folder_name_taken when another folder has this name in any case.';
revoke execute on function private.raise_if_folder_name_taken(text, uuid) from public;

-- ---------------------------------------------------------------------------
-- Folders
-- ---------------------------------------------------------------------------
create function public.create_investor_folder(p_name text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_id uuid;
begin
  perform private.require_system_admin('manage investor content');
  v_name := private.check_investor_folder_name(p_name);
  perform private.raise_if_folder_name_taken(v_name, null);
  -- New folders go last.
  insert into public.investor_folders (name, position, created_by)
  values (v_name, coalesce((select max(f.position) + 1 from public.investor_folders f), 0), (select auth.uid()))
  returning id into v_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_folder.created', jsonb_build_object('folder_id', v_id, 'name', v_name));
  return v_id;
end;
$$;
comment on function public.create_investor_folder(text) is
  'System administrators only: a new folder for investor documents, placed last. Recorded as investor_folder.created. Errors: 42501; 22023 invalid_folder_name, folder_name_taken. Returns its id.';
revoke execute on function public.create_investor_folder(text) from public, anon;
grant execute on function public.create_investor_folder(text) to authenticated;

create function public.rename_investor_folder(p_folder_id uuid, p_name text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.investor_folders;
  v_name text;
begin
  perform private.require_system_admin('manage investor content');
  v_name := private.check_investor_folder_name(p_name);
  select * into v_old from public.investor_folders f where f.id = p_folder_id for update;
  if v_old.id is null then
    raise exception using errcode = 'no_data_found', message = 'folder_not_found', detail = 'This folder no longer exists.';
  end if;
  if v_old.name = v_name then
    return;
  end if;
  perform private.raise_if_folder_name_taken(v_name, p_folder_id);
  update public.investor_folders f set name = v_name where f.id = p_folder_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_folder.renamed',
          jsonb_build_object('folder_id', p_folder_id, 'name', v_name, 'changes', jsonb_build_object('name', jsonb_build_object('from', v_old.name, 'to', v_name))));
end;
$$;
comment on function public.rename_investor_folder(uuid, text) is
  'System administrators only: renames a folder (no entry when the name is unchanged). Recorded as investor_folder.renamed. Errors: 42501; P0002 folder_not_found; 22023 invalid_folder_name, folder_name_taken.';
revoke execute on function public.rename_investor_folder(uuid, text) from public, anon;
grant execute on function public.rename_investor_folder(uuid, text) to authenticated;

create function public.delete_investor_folder(p_folder_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.investor_folders;
begin
  perform private.require_system_admin('manage investor content');
  select * into v_old from public.investor_folders f where f.id = p_folder_id for update;
  if v_old.id is null then
    raise exception using errcode = 'no_data_found', message = 'folder_not_found', detail = 'This folder no longer exists.';
  end if;
  if exists (select 1 from public.investor_documents d where d.folder_id = p_folder_id) then
    raise exception using errcode = 'invalid_parameter_value', message = 'folder_not_empty',
      detail = 'Move or delete the documents in this folder first.';
  end if;
  delete from public.investor_folders f where f.id = p_folder_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_folder.deleted', jsonb_build_object('folder_id', p_folder_id, 'name', v_old.name));
end;
$$;
comment on function public.delete_investor_folder(uuid) is
  'System administrators only: deletes an empty folder. Recorded as investor_folder.deleted. Errors: 42501; P0002 folder_not_found; 22023 folder_not_empty.';
revoke execute on function public.delete_investor_folder(uuid) from public, anon;
grant execute on function public.delete_investor_folder(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Documents and their versions
-- ---------------------------------------------------------------------------
create function public.create_investor_document(
  p_folder_id uuid,
  p_title text,
  p_description text,
  p_level public.investor_access_level
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_title text := btrim(coalesce(p_title, ''));
  v_description text := nullif(btrim(coalesce(p_description, '')), '');
begin
  perform private.require_system_admin('manage investor content');
  perform private.check_investor_document_fields(v_title, v_description, p_level);
  if not exists (select 1 from public.investor_folders f where f.id = p_folder_id) then
    raise exception using errcode = 'no_data_found', message = 'folder_not_found', detail = 'This folder no longer exists.';
  end if;
  insert into public.investor_documents (folder_id, title, description, level, created_by)
  values (p_folder_id, v_title, v_description, p_level, (select auth.uid()))
  returning id into v_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_document.created', jsonb_build_object(
    'document_id', v_id, 'folder_id', p_folder_id, 'title', v_title, 'level', p_level));
  return v_id;
end;
$$;
comment on function public.create_investor_document(uuid, text, text, public.investor_access_level) is
  'System administrators only: a new investor document in a folder, with no file yet (investors do not see it until register_investor_document_version). Recorded as investor_document.created. Errors: 42501; P0002 folder_not_found; 22023 invalid_document_title, invalid_document_description, invalid_document_level. Returns its id.';
revoke execute on function public.create_investor_document(uuid, text, text, public.investor_access_level) from public, anon;
grant execute on function public.create_investor_document(uuid, text, text, public.investor_access_level) to authenticated;

create function public.register_investor_document_version(p_document_id uuid, p_storage_path text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_document public.investor_documents;
  v_object record;
  v_segments text[] := string_to_array(coalesce(p_storage_path, ''), '/');
  v_version_id uuid;
  v_number integer;
begin
  perform private.require_system_admin('manage investor content');
  select * into v_document from public.investor_documents d where d.id = p_document_id for update;
  if v_document.id is null then
    raise exception using errcode = 'no_data_found', message = 'document_not_found', detail = 'This document no longer exists.';
  end if;
  -- <document_id>/<version_id>/<file name>: the object belongs to this
  -- document, names a version id of its own, exists in the bucket, was
  -- uploaded by the caller and is not yet a version.
  if cardinality(v_segments) <> 3
     or v_segments[1] <> p_document_id::text
     or v_segments[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or v_segments[3] = '' then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_file',
      detail = 'Upload the file to <document id>/<new version id>/<file name> first.';
  end if;
  v_version_id := v_segments[2]::uuid;
  select o.name, o.metadata, o.owner_id into v_object
    from storage.objects o
   where o.bucket_id = 'investor_documents' and o.name = p_storage_path;
  if v_object.name is null
     or v_object.owner_id is distinct from (select auth.uid())::text
     or exists (select 1 from public.investor_document_versions v where v.id = v_version_id or v.storage_path = p_storage_path) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_file',
      detail = 'Upload the file first; each file is one version.';
  end if;
  select coalesce(max(v.version), 0) + 1 into v_number from public.investor_document_versions v where v.document_id = p_document_id;
  insert into public.investor_document_versions (id, document_id, version, storage_path, file_name, content_type, size_bytes, uploaded_by)
  values (v_version_id, p_document_id, v_number, p_storage_path, left(v_segments[3], 200),
          v_object.metadata ->> 'mimetype', (v_object.metadata ->> 'size')::bigint, (select auth.uid()));
  update public.investor_documents d set current_version_id = v_version_id where d.id = p_document_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_document.version_added', jsonb_build_object(
    'document_id', p_document_id, 'title', v_document.title, 'version_id', v_version_id, 'version', v_number,
    'file_name', left(v_segments[3], 200), 'previous_version_id', v_document.current_version_id));
  return v_version_id;
end;
$$;
comment on function public.register_investor_document_version(uuid, text) is
  'System administrators only: the object the caller uploaded to investor_documents at <document_id>/<version_id>/<file name> becomes the document''s next version (1, 2, …) and its current one; older versions stay listed. Type and size are Storage''s. Recorded as investor_document.version_added. Errors: 42501; P0002 document_not_found; 22023 invalid_file. Returns the version id.';
revoke execute on function public.register_investor_document_version(uuid, text) from public, anon;
grant execute on function public.register_investor_document_version(uuid, text) to authenticated;

create function public.update_investor_document(
  p_document_id uuid,
  p_folder_id uuid,
  p_title text,
  p_description text,
  p_level public.investor_access_level
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.investor_documents;
  v_title text := btrim(coalesce(p_title, ''));
  v_description text := nullif(btrim(coalesce(p_description, '')), '');
  v_changes jsonb := '{}';
begin
  perform private.require_system_admin('manage investor content');
  perform private.check_investor_document_fields(v_title, v_description, p_level);
  select * into v_old from public.investor_documents d where d.id = p_document_id for update;
  if v_old.id is null then
    raise exception using errcode = 'no_data_found', message = 'document_not_found', detail = 'This document no longer exists.';
  end if;
  if not exists (select 1 from public.investor_folders f where f.id = p_folder_id) then
    raise exception using errcode = 'no_data_found', message = 'folder_not_found', detail = 'This folder no longer exists.';
  end if;
  if v_old.title is distinct from v_title then
    v_changes := v_changes || jsonb_build_object('title', jsonb_build_object('from', v_old.title, 'to', v_title));
  end if;
  if v_old.description is distinct from v_description then
    v_changes := v_changes || jsonb_build_object('description', jsonb_build_object('from', v_old.description, 'to', v_description));
  end if;
  if v_old.level is distinct from p_level then
    v_changes := v_changes || jsonb_build_object('level', jsonb_build_object('from', v_old.level, 'to', p_level));
  end if;
  if v_old.folder_id is distinct from p_folder_id then
    v_changes := v_changes || jsonb_build_object('folder_id', jsonb_build_object('from', v_old.folder_id, 'to', p_folder_id));
  end if;
  -- Nothing changed (a double click): nothing to record.
  if v_changes = '{}' then
    return;
  end if;
  update public.investor_documents d
     set folder_id = p_folder_id, title = v_title, description = v_description, level = p_level
   where d.id = p_document_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_document.updated', jsonb_build_object(
    'document_id', p_document_id, 'title', v_title, 'changes', v_changes));
end;
$$;
comment on function public.update_investor_document(uuid, uuid, text, text, public.investor_access_level) is
  'System administrators only: changes a document''s folder, title, description or level (data_room to lite opens it to every investor at once). Recorded as investor_document.updated with what changed; no entry when nothing does. Errors: 42501; P0002 document_not_found, folder_not_found; 22023 invalid_document_title, invalid_document_description, invalid_document_level.';
revoke execute on function public.update_investor_document(uuid, uuid, text, text, public.investor_access_level) from public, anon;
grant execute on function public.update_investor_document(uuid, uuid, text, text, public.investor_access_level) to authenticated;

create function public.delete_investor_document(p_document_id uuid)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.investor_documents;
  v_paths text[];
begin
  perform private.require_system_admin('manage investor content');
  select * into v_old from public.investor_documents d where d.id = p_document_id for update;
  if v_old.id is null then
    raise exception using errcode = 'no_data_found', message = 'document_not_found', detail = 'This document no longer exists.';
  end if;
  select coalesce(array_agg(v.storage_path order by v.version), '{}') into v_paths
    from public.investor_document_versions v where v.document_id = p_document_id;
  -- The current-version foreign key first, then the document (its versions cascade).
  update public.investor_documents d set current_version_id = null where d.id = p_document_id;
  delete from public.investor_documents d where d.id = p_document_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_document.deleted', jsonb_build_object(
    'document_id', p_document_id, 'title', v_old.title, 'level', v_old.level, 'folder_id', v_old.folder_id,
    'versions', cardinality(v_paths)));
  return v_paths;
end;
$$;
comment on function public.delete_investor_document(uuid) is
  'System administrators only: deletes a document and its versions'' rows (the access log stays). Returns the object names of its files, which the app then removes through the Storage API (SQL does not delete storage objects on hosted Supabase; the storage DELETE policy allows only objects no version names). Recorded as investor_document.deleted. Errors: 42501; P0002 document_not_found.';
revoke execute on function public.delete_investor_document(uuid) from public, anon;
grant execute on function public.delete_investor_document(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Who opened a document
-- ---------------------------------------------------------------------------
create function public.investor_document_access_log(p_document_id uuid, p_limit integer default 25, p_offset integer default 0)
returns table (
  id bigint,
  occurred_at timestamptz,
  action text,
  user_id uuid,
  email text,
  full_name text,
  version integer,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('read who opened investor documents');
  if p_limit is null or p_limit < 1 or p_limit > 100 or p_offset is null or p_offset < 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_page',
      detail = 'Ask for 1 to 100 entries from a position of 0 or more.';
  end if;
  -- Newest first on investor_document_access_document_key; the name is today's
  -- profile name (null once the account is gone), the e-mail the one recorded.
  return query
    select a.id, a.occurred_at, a.action, a.user_id, coalesce(a.email::text, p.email), p.full_name, v.version,
           count(*) over ()
      from public.investor_document_access a
      left join public.profiles p on p.id = a.user_id
      left join public.investor_document_versions v on v.id = a.version_id
     where a.document_id = p_document_id
     order by a.occurred_at desc, a.id desc
     limit p_limit offset p_offset;
end;
$$;
comment on function public.investor_document_access_log(uuid, integer, integer) is
  'System administrators only: who opened or downloaded a document (name, e-mail, version, open/download, when), newest first, p_limit (1–100) from p_offset, each row with the total. Errors: 42501; 22023 invalid_page.';
revoke execute on function public.investor_document_access_log(uuid, integer, integer) from public, anon;
grant execute on function public.investor_document_access_log(uuid, integer, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- The NDA
-- ---------------------------------------------------------------------------
create function public.publish_nda_version(p_body text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_body text := btrim(coalesce(p_body, ''));
  v_version integer;
begin
  perform private.require_system_admin('publish the NDA');
  if v_body = '' or char_length(v_body) > 50000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_nda_body',
      detail = 'Write the NDA (at most 50,000 characters).';
  end if;
  -- One publisher at a time: the next number is taken under the table lock,
  -- so two administrators publishing at once get N+1 and N+2, not a clash.
  lock table public.nda_versions in exclusive mode;
  select coalesce(max(v.version), 0) + 1 into v_version from public.nda_versions v;
  insert into public.nda_versions (version, body, published_by)
  values (v_version, v_body, (select auth.uid()));
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'nda_version.published', jsonb_build_object('version', v_version));
  return v_version;
end;
$$;
comment on function public.publish_nda_version(text) is
  'System administrators only: publishes the NDA text as the next version, which becomes current at once: every data-room investor must agree to it before the data room opens again (agreements are per version). Recorded as nda_version.published. Errors: 42501; 22023 invalid_nda_body. Returns the version.';
revoke execute on function public.publish_nda_version(text) from public, anon;
grant execute on function public.publish_nda_version(text) to authenticated;

-- ---------------------------------------------------------------------------
-- Investor updates
-- ---------------------------------------------------------------------------
create function private.check_investor_update_fields(p_title text, p_body text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_title is null or p_title !~ '\S' or char_length(p_title) > 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_update_title',
      detail = 'Give the update a title of at most 200 characters.';
  end if;
  if p_body is null or p_body !~ '\S' or char_length(p_body) > 5000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_update_body',
      detail = 'Write the update (at most 5,000 characters).';
  end if;
end;
$$;
comment on function private.check_investor_update_fields(text, text) is
  'Raises 22023 invalid_update_title or invalid_update_body.';
revoke execute on function private.check_investor_update_fields(text, text) from public;

create function public.post_investor_update(p_title text, p_body text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_system_admin('post investor updates');
  perform private.check_investor_update_fields(btrim(p_title), btrim(p_body));
  insert into public.investor_updates (title, body, created_by)
  values (btrim(p_title), btrim(p_body), (select auth.uid()))
  returning id into v_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_update.posted', jsonb_build_object('update_id', v_id, 'title', btrim(p_title)));
  return v_id;
end;
$$;
comment on function public.post_investor_update(text, text) is
  'System administrators only: posts an update on the investor dashboard, published now. Recorded as investor_update.posted. Errors: 42501; 22023 invalid_update_title, invalid_update_body. Returns its id.';
revoke execute on function public.post_investor_update(text, text) from public, anon;
grant execute on function public.post_investor_update(text, text) to authenticated;

create function public.edit_investor_update(p_id uuid, p_title text, p_body text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.investor_updates;
begin
  perform private.require_system_admin('post investor updates');
  perform private.check_investor_update_fields(btrim(p_title), btrim(p_body));
  select * into v_old from public.investor_updates u where u.id = p_id for update;
  if v_old.id is null then
    raise exception using errcode = 'no_data_found', message = 'update_not_found', detail = 'This update no longer exists.';
  end if;
  if v_old.title = btrim(p_title) and v_old.body = btrim(p_body) then
    return;
  end if;
  -- The publication date stays: editing corrects a post, it does not repost it.
  update public.investor_updates u set title = btrim(p_title), body = btrim(p_body) where u.id = p_id;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_update.edited', jsonb_build_object(
    'update_id', p_id, 'title', btrim(p_title),
    'changes', jsonb_strip_nulls(jsonb_build_object(
      'title', case when v_old.title <> btrim(p_title) then jsonb_build_object('from', v_old.title, 'to', btrim(p_title)) end,
      'body', case when v_old.body <> btrim(p_body) then jsonb_build_object('from', v_old.body, 'to', btrim(p_body)) end))));
end;
$$;
comment on function public.edit_investor_update(uuid, text, text) is
  'System administrators only: corrects an investor update''s title or body (its publication date stays). Recorded as investor_update.edited; no entry when nothing changes. Errors: 42501; P0002 update_not_found; 22023 invalid_update_title, invalid_update_body.';
revoke execute on function public.edit_investor_update(uuid, text, text) from public, anon;
grant execute on function public.edit_investor_update(uuid, text, text) to authenticated;

create function public.delete_investor_update(p_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.investor_updates;
begin
  perform private.require_system_admin('post investor updates');
  delete from public.investor_updates u where u.id = p_id returning * into v_old;
  if v_old.id is null then
    raise exception using errcode = 'no_data_found', message = 'update_not_found', detail = 'This update no longer exists.';
  end if;
  insert into public.network_activity (actor_id, action, details)
  values ((select auth.uid()), 'investor_update.deleted', jsonb_build_object('update_id', p_id, 'title', v_old.title));
end;
$$;
comment on function public.delete_investor_update(uuid) is
  'System administrators only: removes an investor update from the dashboard. Recorded as investor_update.deleted. Errors: 42501; P0002 update_not_found.';
revoke execute on function public.delete_investor_update(uuid) from public, anon;
grant execute on function public.delete_investor_update(uuid) to authenticated;
