-- Cover images for updates (docs/decisions/058-update-cover-images.md).
--
-- * A public bucket, update_covers: PNG, JPEG or WebP up to 2 MiB, enforced by
--   Storage from the bucket's own row before the database is asked. Visitors
--   read covers through public URLs, which need no policy, so anon still has
--   no policy on storage.objects and cannot list the bucket (a cover uploaded
--   for a draft is not announced).
-- * Only system administrators upload. Nobody replaces, moves or removes a
--   cover: UPDATE and DELETE on storage.objects are unchanged and name other
--   buckets only, so a plain upload onto an existing name is 409 and a
--   published cover cannot be swapped under an article.
-- * public.updates gets cover_path and cover_alt: a cover always comes with
--   its alternative text (a check on the table, and a named error from
--   admin_save_update, which is replaced with two more parameters).
--
-- Applies unchanged to hosted Supabase (runs as `postgres`): it inserts a
-- bucket and drops and creates policies on storage.objects, commenting on
-- neither.

-- ---------------------------------------------------------------------------
-- The bucket
-- ---------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('update_covers', 'update_covers', true, 2097152, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- ---------------------------------------------------------------------------
-- Policies on storage.objects
-- ---------------------------------------------------------------------------
-- One permissive policy per role and action
-- (tests/storage/storage-migrations.test.ts), so the SELECT and INSERT
-- policies of 20261128000300 are replaced by the same rules, unchanged, plus
-- the update_covers bucket's: system administrators see and add covers.
drop policy "storage.objects: own organisation's files, resources, all as system admin" on storage.objects;
drop policy "storage.objects: add drafts, change-request answers, logos, conversation files, resources" on storage.objects;

create policy "storage.objects: own organisation's files, resources, covers, all as system admin"
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
  );

create policy "storage.objects: add drafts, change-request answers, logos, conversation files, resources, covers"
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
  );

-- ---------------------------------------------------------------------------
-- The cover on the update
-- ---------------------------------------------------------------------------
alter table public.updates
  add column cover_path text,
  add column cover_alt text,
  add constraint updates_cover_with_alt check (
    (cover_path is null and cover_alt is null)
    or (cover_path is not null and char_length(cover_path) between 1 and 300
        and cover_alt is not null and btrim(cover_alt) <> '' and char_length(cover_alt) <= 300)
  );
comment on column public.updates.cover_path is
  'The cover image''s object name in the public update_covers bucket; null for no cover. Written by admin_save_update only.';
comment on column public.updates.cover_alt is
  'What the cover shows, for people who cannot see it; required with cover_path, at most 300 characters.';

-- ---------------------------------------------------------------------------
-- admin_save_update, with the cover
-- ---------------------------------------------------------------------------
-- The seven-parameter function is dropped, not overloaded: PostgREST could not
-- choose between two functions of the same name. The cover parameters default
-- to null (no cover), so a caller that names only the old ones still works,
-- and saving without a cover removes it (the editor always sends both). The
-- object must already be in update_covers, uploaded there by a system
-- administrator (only they may), so a cover never points at nothing.
drop function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz);

create function public.admin_save_update(
  p_id uuid,
  p_slug text,
  p_title text,
  p_summary text,
  p_body text,
  p_category public.update_category,
  p_published_at timestamptz,
  p_cover_path text default null,
  p_cover_alt text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.updates%rowtype;
  v_id uuid;
  v_changed text[];
  v_cover_path text := nullif(p_cover_path, '');
  v_cover_alt text := case when nullif(p_cover_path, '') is null then null else btrim(p_cover_alt) end;
begin
  perform private.require_system_admin('write updates');
  perform private.check_update_fields(p_slug, p_title, p_summary, p_body);
  if p_category is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_category_required',
      detail = 'Choose what the update is about.';
  end if;
  if v_cover_path is not null then
    if v_cover_alt is null or v_cover_alt = '' then
      raise exception using errcode = 'invalid_parameter_value', message = 'update_cover_alt_required',
        detail = 'Describe the cover image for people who cannot see it.';
    end if;
    if char_length(v_cover_alt) > 300 then
      raise exception using errcode = 'invalid_parameter_value', message = 'update_cover_alt_too_long',
        detail = 'The cover''s description can be at most 300 characters.';
    end if;
    if char_length(v_cover_path) > 300
       or not exists (select 1 from storage.objects o where o.bucket_id = 'update_covers' and o.name = v_cover_path) then
      raise exception using errcode = 'invalid_parameter_value', message = 'update_cover_missing',
        detail = 'Upload the cover image first.';
    end if;
  end if;
  if exists (select 1 from public.updates u where u.slug = p_slug and u.id is distinct from p_id) then
    raise exception using errcode = 'unique_violation', message = 'update_slug_taken',
      detail = 'Another update already has this slug. Choose another.';
  end if;

  perform pg_catalog.set_config('accord.activity_recorded_by', 'news_desk', true);
  if p_id is null then
    insert into public.updates (slug, title, summary, body, category, is_published, published_at, cover_path, cover_alt)
    values (p_slug, btrim(p_title), btrim(p_summary), p_body, p_category, false, p_published_at, v_cover_path, v_cover_alt)
    returning id into v_id;
    insert into public.network_activity (actor_id, action, details)
    values (auth.uid(), 'published_update.drafted',
            jsonb_build_object('update_id', v_id, 'slug', p_slug, 'title', btrim(p_title), 'cover_path', v_cover_path));
  else
    select * into v_old from public.updates u where u.id = p_id for update;
    if not found then
      perform private.update_not_found();
    end if;
    -- A published update keeps a date: the table's check asks for one.
    update public.updates u
       set slug = p_slug, title = btrim(p_title), summary = btrim(p_summary), body = p_body, category = p_category,
           published_at = case when u.is_published then coalesce(p_published_at, u.published_at) else p_published_at end,
           cover_path = v_cover_path, cover_alt = v_cover_alt
     where u.id = p_id;
    v_id := p_id;
    select coalesce(array_agg(c.name order by c.name), '{}') into v_changed
      from (values
        ('slug', v_old.slug is distinct from p_slug),
        ('title', v_old.title is distinct from btrim(p_title)),
        ('summary', v_old.summary is distinct from btrim(p_summary)),
        ('body', v_old.body is distinct from p_body),
        ('category', v_old.category is distinct from p_category),
        ('published_at', p_published_at is not null and v_old.published_at is distinct from p_published_at),
        ('cover', v_old.cover_path is distinct from v_cover_path),
        ('cover_alt', v_old.cover_alt is distinct from v_cover_alt)
      ) as c(name, changed)
     where c.changed;
    if cardinality(v_changed) > 0 then
      insert into public.network_activity (actor_id, action, details)
      values (auth.uid(), 'published_update.edited',
              jsonb_build_object('update_id', v_id, 'slug', p_slug, 'title', btrim(p_title),
                                 'was_published', v_old.is_published, 'changed', to_jsonb(v_changed)));
    end if;
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  return v_id;
end;
$$;
comment on function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz, text, text) is
  'System administrators only (42501; aal2_required when they have a factor). p_id null: creates a draft and records published_update.drafted. Otherwise edits the update, keeping whether it is published, and records published_update.edited with the changed fields (nothing when nothing changed). p_cover_path (an object in update_covers) needs p_cover_alt; null or empty means no cover. Returns the id. Errors: 22023 update_title_required, update_title_too_long, update_slug_invalid, update_summary_required, update_summary_too_long, update_body_required, update_body_too_long, update_category_required, update_cover_alt_required, update_cover_alt_too_long, update_cover_missing; 23505 update_slug_taken; P0002 update_not_found.';
revoke execute on function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz, text, text) from public, anon;
grant execute on function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz, text, text) to authenticated;
