-- Issue 17: what investors are given to read (/admin/investor-content,
-- /investor/dashboard, /investor/data-room; docs/decisions/060-investor-content.md).
--
-- * investor_folders: the data room's folders, in the order the back office sets.
-- * investor_documents: a document in a folder, with the level that may see it
--   (lite: every investor, data_room: data-room investors who agreed to the
--   current NDA) and which version is current.
-- * investor_document_versions: every file ever uploaded for a document; a
--   replacement adds a version and the old ones stay (for the back office).
-- * investor_updates: short posts shown on the investor dashboard.
-- * nda_versions / nda_agreements: the NDA text, one row per published
--   version (the highest is current), and who agreed to which version when.
--   Agreements are per version, so publishing a new one asks everyone again.
-- * investor_document_access: who opened or downloaded which document when
--   (written by the data room's RPC, read only by system administrators).
-- * The private investor_documents bucket (PDF, DOCX, XLSX, PNG; 50 MB in the
--   bucket's own settings), objects at <document_id>/<version_id>/<file name>.
--
-- The one rule, for rows and files alike, is private.can_read_investor_level:
-- lite content needs has_investor_level('lite'); data_room content needs
-- has_investor_level('data_room') (aal2 when the investor has a factor,
-- decision 043) AND an agreement to the current NDA. With no NDA published,
-- nothing at the data_room level is readable by investors (fail closed).
-- Investors see a document only once it has a file, and only its current
-- version; the history is the back office's.
--
-- Only system administrators write: there is no insert, update or delete
-- policy on any of these tables (the back-office RPCs of
-- 20261129000210_investor-content-admin.sql and the data room's RPCs are
-- security definer), and on storage only they add or remove objects in
-- investor_documents.
--
-- Applies unchanged to hosted Supabase (runs as `postgres`): it inserts a
-- bucket and drops and creates policies on storage.objects, commenting on
-- neither.

-- ---------------------------------------------------------------------------
-- investor_folders
-- ---------------------------------------------------------------------------
create table public.investor_folders (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint investor_folders_name_check check (name ~ '\S' and char_length(name) between 1 and 120),
  -- Where the folder appears; ties break by name.
  position integer not null default 0,
  created_at timestamptz not null default now(),
  -- History: no FK (an administrator's account may go).
  created_by uuid
);
comment on table public.investor_folders is
  'Folders of investor documents (/admin/investor-content, /investor/data-room). Written only by the back-office RPCs; an investor sees a folder only while it holds a document they may read.';
comment on column public.investor_folders.position is 'Display order (ascending); ties break by name.';

-- One folder per name, whatever the case ("Financials" and "financials" would confuse).
create unique index investor_folders_name_key on public.investor_folders (lower(name));
comment on index public.investor_folders_name_key is
  'Folder names are unique case-insensitively.';

-- ---------------------------------------------------------------------------
-- investor_documents
-- ---------------------------------------------------------------------------
create table public.investor_documents (
  id uuid primary key default gen_random_uuid(),
  -- A folder holding documents cannot be deleted (restrict): delete_investor_folder
  -- refuses with a named error first.
  folder_id uuid not null references public.investor_folders (id) on delete restrict,
  title text not null constraint investor_documents_title_check check (title ~ '\S' and char_length(title) between 1 and 200),
  description text constraint investor_documents_description_check check (char_length(description) <= 2000),
  level public.investor_access_level not null,
  -- The version investors open; null until the first file is registered
  -- (investors do not see a document without one).
  current_version_id uuid,
  created_at timestamptz not null default now(),
  -- History: no FK.
  created_by uuid,
  updated_at timestamptz not null default now()
);
comment on table public.investor_documents is
  'A document for investors, in a folder, at the level that may see it (lite or data_room). Written only by the back-office RPCs; read per private.can_read_investor_level(level).';
comment on column public.investor_documents.level is
  'lite: every investor (and the dashboard); data_room: data-room investors who agreed to the current NDA.';
comment on column public.investor_documents.current_version_id is
  'The version investors open (investor_document_versions.id); older ones stay in the history. Null until the first upload.';

create trigger investor_documents_set_updated_at
  before update on public.investor_documents
  for each row execute function private.set_updated_at();

-- The folder's documents, and the foreign key's index. Unique by construction.
create unique index investor_documents_folder_key on public.investor_documents (folder_id, title, id);
comment on index public.investor_documents_folder_key is
  'A folder''s documents by title, and the index for the foreign key to investor_folders. Unique by construction.';

-- ---------------------------------------------------------------------------
-- investor_document_versions
-- ---------------------------------------------------------------------------
create table public.investor_document_versions (
  -- Chosen by the uploader before the upload: it is the second segment of the object name.
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.investor_documents (id) on delete cascade,
  version integer not null constraint investor_document_versions_version_check check (version >= 1),
  -- The object in the investor_documents bucket: <document_id>/<version_id>/<file name>.
  storage_path text not null constraint investor_document_versions_storage_path_key unique,
  file_name text not null constraint investor_document_versions_file_name_check check (char_length(file_name) between 1 and 200),
  content_type text not null constraint investor_document_versions_content_type_check check (content_type in (
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'image/png'
  )),
  size_bytes bigint not null constraint investor_document_versions_size_check check (size_bytes between 1 and 52428800),
  uploaded_at timestamptz not null default now(),
  -- History: no FK.
  uploaded_by uuid,
  constraint investor_document_versions_document_version_key unique (document_id, version)
);
comment on table public.investor_document_versions is
  'Every file uploaded for an investor document (1, 2, …); the document names the current one. Immutable history, written only by register_investor_document_version from what Storage holds.';
comment on column public.investor_document_versions.storage_path is 'Object name in the private investor_documents bucket.';
comment on column public.investor_document_versions.content_type is 'As Storage recorded it on upload.';
comment on column public.investor_document_versions.size_bytes is 'As Storage recorded it on upload.';

alter table public.investor_documents
  add constraint investor_documents_current_version_fkey
  foreign key (current_version_id) references public.investor_document_versions (id);
create unique index investor_documents_current_version_key on public.investor_documents (current_version_id);
comment on index public.investor_documents_current_version_key is
  'The foreign key to the current version (a version is current for one document at most).';

-- ---------------------------------------------------------------------------
-- investor_updates
-- ---------------------------------------------------------------------------
create table public.investor_updates (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint investor_updates_title_check check (title ~ '\S' and char_length(title) between 1 and 200),
  body text not null constraint investor_updates_body_check check (body ~ '\S' and char_length(body) <= 5000),
  published_at timestamptz not null default now(),
  -- History: no FK.
  created_by uuid,
  updated_at timestamptz not null default now()
);
comment on table public.investor_updates is
  'Short posts for the investor dashboard, newest first. Written only by the back-office RPCs; read by every investor (lite and above).';

create trigger investor_updates_set_updated_at
  before update on public.investor_updates
  for each row execute function private.set_updated_at();

create unique index investor_updates_published_key on public.investor_updates (published_at desc, id);
comment on index public.investor_updates_published_key is
  'The dashboard lists the newest first. Unique by construction.';

-- ---------------------------------------------------------------------------
-- nda_versions and nda_agreements
-- ---------------------------------------------------------------------------
create table public.nda_versions (
  version integer primary key constraint nda_versions_version_check check (version >= 1),
  body text not null constraint nda_versions_body_check check (body ~ '\S' and char_length(body) <= 50000),
  published_at timestamptz not null default now(),
  -- History: no FK.
  published_by uuid
);
comment on table public.nda_versions is
  'The data room''s NDA, one row per published version; the highest version is current. Never edited: a change is a new version, which every data-room investor must agree to again.';

create table public.nda_agreements (
  user_id uuid not null references auth.users (id) on delete cascade,
  nda_version integer not null references public.nda_versions (version),
  agreed_at timestamptz not null default now(),
  primary key (user_id, nda_version)
);
comment on table public.nda_agreements is
  'Who agreed to which NDA version and when. Written only by the data room''s agree RPC; a person reads their own, system administrators all.';

create index nda_agreements_version_idx on public.nda_agreements (nda_version);
comment on index public.nda_agreements_version_idx is
  'The foreign key to nda_versions (and "who agreed to version N").';

-- ---------------------------------------------------------------------------
-- investor_document_access
-- ---------------------------------------------------------------------------
create table public.investor_document_access (
  id bigint generated always as identity primary key,
  -- History: no FKs. The log of who saw a confidential document outlives the
  -- document and the person's account; the e-mail is kept for that reason.
  document_id uuid not null,
  version_id uuid not null,
  user_id uuid,
  email extensions.citext,
  action text not null constraint investor_document_access_action_check check (action in ('open', 'download')),
  occurred_at timestamptz not null default now()
);
comment on table public.investor_document_access is
  'Who opened or downloaded which investor document (and version) when. Written only by the data room''s open RPC in the same transaction as the access; read only by system administrators.';

create unique index investor_document_access_document_key on public.investor_document_access (document_id, occurred_at desc, id);
comment on index public.investor_document_access_document_key is
  'A document''s access log, newest first, paged. Unique by construction.';

-- ---------------------------------------------------------------------------
-- The rule: who may read content at a level
-- ---------------------------------------------------------------------------
-- security definer: reads nda_versions and nda_agreements whatever their RLS;
-- answers only about the caller.
create function private.has_agreed_current_nda()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- max() over no rows is null, and no agreement has a null version: with no
  -- NDA published this is false (fail closed).
  select exists (
    select 1
      from public.nda_agreements a
     where a.user_id = (select auth.uid())
       and a.nda_version = (select max(v.version) from public.nda_versions v)
  );
$$;
comment on function private.has_agreed_current_nda() is
  'True when an NDA is published and the caller agreed to its highest version. False with no NDA at all (fail closed), for visitors, and after a new version until they agree again.';
revoke execute on function private.has_agreed_current_nda() from public;
grant execute on function private.has_agreed_current_nda() to authenticated, service_role;

create function private.can_read_investor_level(p_level public.investor_access_level)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_system_admin()
    or (p_level is not null
        and public.has_investor_level(p_level)
        and (p_level = 'lite' or private.has_agreed_current_nda()));
$$;
comment on function private.can_read_investor_level(public.investor_access_level) is
  'May the caller read investor content at this level? System administrators: always. lite: has_investor_level(lite). data_room: has_investor_level(data_room) (aal2 with a factor) and an agreement to the current NDA. The one rule for rows and files.';
revoke execute on function private.can_read_investor_level(public.investor_access_level) from public;
grant execute on function private.can_read_investor_level(public.investor_access_level) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
-- Every policy evaluates the level rule once per statement ((select …) with a
-- constant argument) and compares the row's level with the result, rather
-- than calling the function for every row.

alter table public.investor_documents enable row level security;
revoke all on table public.investor_documents from anon, authenticated;
grant select on table public.investor_documents to authenticated;

create policy "investor_documents: at a level the caller may read, with a file; all as system admin"
  on public.investor_documents for select to authenticated
  using (
    (select private.is_system_admin())
    or (current_version_id is not null
        and ((level = 'lite' and (select private.can_read_investor_level('lite')))
          or (level = 'data_room' and (select private.can_read_investor_level('data_room')))))
  );
comment on policy "investor_documents: at a level the caller may read, with a file; all as system admin" on public.investor_documents is
  'Investors read documents with a file at a level they may read (data_room: after agreeing to the current NDA); the back office reads all. No write policy: the back-office RPCs are the only writers.';

alter table public.investor_document_versions enable row level security;
revoke all on table public.investor_document_versions from anon, authenticated;
grant select on table public.investor_document_versions to authenticated;

-- Through investor_documents' own policy: the subquery sees only documents the
-- caller may read.
create policy "investor_document_versions: the current one of a readable document; all as system admin"
  on public.investor_document_versions for select to authenticated
  using (
    (select private.is_system_admin())
    or exists (
      select 1 from public.investor_documents d
       where d.current_version_id = investor_document_versions.id
    )
  );
comment on policy "investor_document_versions: the current one of a readable document; all as system admin" on public.investor_document_versions is
  'Investors see only the version they may open, of a document they may read; the history is the back office''s. No write policy.';

alter table public.investor_folders enable row level security;
revoke all on table public.investor_folders from anon, authenticated;
grant select on table public.investor_folders to authenticated;

create policy "investor_folders: holding a readable document; all as system admin"
  on public.investor_folders for select to authenticated
  using (
    (select private.is_system_admin())
    or exists (select 1 from public.investor_documents d where d.folder_id = investor_folders.id)
  );
comment on policy "investor_folders: holding a readable document; all as system admin" on public.investor_folders is
  'An investor sees a folder only while it holds a document they may read (through investor_documents'' policy), so a data-room folder''s name stays hidden from lite investors. No write policy.';

alter table public.investor_updates enable row level security;
revoke all on table public.investor_updates from anon, authenticated;
grant select on table public.investor_updates to authenticated;

create policy "investor_updates: every investor; all as system admin"
  on public.investor_updates for select to authenticated
  using ((select private.can_read_investor_level('lite')));
comment on policy "investor_updates: every investor; all as system admin" on public.investor_updates is
  'Investors at lite and above (and system administrators) read the dashboard''s posts. No write policy.';

alter table public.nda_versions enable row level security;
revoke all on table public.nda_versions from anon, authenticated;
grant select on table public.nda_versions to authenticated;

create policy "nda_versions: data-room investors; all as system admin"
  on public.nda_versions for select to authenticated
  using ((select public.has_investor_level('data_room')));
comment on policy "nda_versions: data-room investors; all as system admin" on public.nda_versions is
  'Data-room investors read the NDA they are asked to agree to (has_investor_level includes system administrators). No write policy: publish_nda_version is the writer.';

alter table public.nda_agreements enable row level security;
revoke all on table public.nda_agreements from anon, authenticated;
grant select on table public.nda_agreements to authenticated;

create policy "nda_agreements: own; all as system admin"
  on public.nda_agreements for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_system_admin()));
comment on policy "nda_agreements: own; all as system admin" on public.nda_agreements is
  'A person reads their own agreements; the back office reads all. No write policy: the data room''s agree RPC is the only writer.';

alter table public.investor_document_access enable row level security;
revoke all on table public.investor_document_access from anon, authenticated;
grant select on table public.investor_document_access to authenticated;

create policy "investor_document_access: system admins read"
  on public.investor_document_access for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "investor_document_access: system admins read" on public.investor_document_access is
  'Who saw which document is back-office information: investors, stakeholders and members read none of it. No write policy.';

-- ---------------------------------------------------------------------------
-- Storage: the private investor_documents bucket
-- ---------------------------------------------------------------------------
-- 50 MB, PDF/DOCX/XLSX/PNG, enforced by Storage on upload from the bucket's
-- row. `on conflict` brings a hand-made bucket to these settings.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('investor_documents', 'investor_documents', false, 52428800,
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

-- May the caller read the object `name` in investor_documents? Only while it
-- is the current version of a document at a level they may read.
create function private.may_read_investor_object(p_object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.investor_document_versions v
      join public.investor_documents d on d.current_version_id = v.id
     where v.storage_path = p_object_name
       and private.can_read_investor_level(d.level)
  );
$$;
comment on function private.may_read_investor_object(text) is
  'For the storage SELECT policy of investor_documents: true when the object is the current version of a document at a level the caller may read (data_room: with the current NDA agreed).';
revoke execute on function private.may_read_investor_object(text) from public;
grant execute on function private.may_read_investor_object(text) to authenticated, service_role;

-- May the caller remove the object `name`? System administrators, and only an
-- object no version row names any more (after delete_investor_document, or an
-- upload that was never registered), so the history cannot lose its files.
create function private.may_remove_investor_object(p_object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_system_admin()
    and not exists (
      select 1 from public.investor_document_versions v where v.storage_path = p_object_name
    );
$$;
comment on function private.may_remove_investor_object(text) is
  'For the storage DELETE policy of investor_documents: a system administrator removing an object no version names (a deleted document''s files, an unregistered upload).';
revoke execute on function private.may_remove_investor_object(text) from public;
grant execute on function private.may_remove_investor_object(text) to authenticated, service_role;

-- storage.objects keeps one permissive policy per role and action
-- (tests/storage/storage-migrations.test.ts), so the SELECT, INSERT and
-- DELETE policies are replaced by the same rules plus investor_documents'.
-- UPDATE is unchanged and names other buckets only: nobody replaces or moves
-- an investor file (a new version is a new object; a plain upload onto an
-- existing name is 409).
drop policy "storage.objects: own organisation's files, resources, covers, all as system admin" on storage.objects;
drop policy "storage.objects: add drafts, change-request answers, logos, conversation files, resources, covers" on storage.objects;
drop policy "storage.objects: remove drafts and logos" on storage.objects;

create policy "storage.objects: own organisation's files, resources, covers, investor documents, all as system admin"
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
    or (bucket_id = 'update_covers'
      and (select private.is_system_admin()))
    or (bucket_id = 'investor_documents'
      and ((select private.is_system_admin()) or private.may_read_investor_object(name)))
  );

-- Adding. Everything before exactly as in 20261128000600. Investor files:
-- system administrators only, at <document_id>/<version_id>/<file name>.
create policy "storage.objects: add drafts, change-request answers, logos, conversation files, resources, covers, investor documents"
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
    or (bucket_id = 'update_covers'
      and (select private.is_system_admin()))
    or (bucket_id = 'investor_documents'
      and array_length(storage.foldername(name), 1) = 2
      and (select private.is_system_admin()))
  );

-- Removing. Everything before exactly as in 20261124000400. Investor files:
-- system administrators, only objects no version names.
create policy "storage.objects: remove drafts, logos and unlisted investor documents"
  on storage.objects for delete to authenticated
  using (
    (bucket_id = 'brand_assets'
      and (storage.foldername(name))[1] in (select org_id::text from private.admin_organization_ids() as org_id))
    or (bucket_id in ('application_documents', 'brand_assets')
      and (storage.foldername(name))[1] in (select org_id::text from private.draft_organization_ids() as org_id))
    or (bucket_id = 'investor_documents'
      and private.may_remove_investor_object(name))
  );
