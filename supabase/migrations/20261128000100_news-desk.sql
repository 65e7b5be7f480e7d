-- The news desk: /admin/updates writes, publishes, schedules and withdraws
-- updates through functions only (docs/decisions/052-news-desk.md).
--
-- * Until now system administrators wrote public.updates directly (policies
--   in 20261122005100_published-content.sql) and the generic audit trigger
--   (20261125000200_back-office-queries.sql) told each write as
--   published_update.created/updated. A publication is an editorial act the
--   log should name: drafted, edited, published, scheduled, unpublished. So
--   writes now go through four security-definer functions that check the
--   caller is a system administrator (aal2 when they have a factor, decision
--   043) and record the act in public.network_activity in the same
--   transaction; the direct write grants and policies are removed.
-- * What visitors see is unchanged and stays decided here: the select
--   policies already show anon and members only rows with is_published and
--   published_at <= now(), so drafts and scheduled updates never leave the
--   database, whatever the query asks for.
-- * The body is Markdown. The app renders it with marked and sanitises the
--   HTML with DOMPurify in the visitor's browser (decision 052); the database
--   keeps the source only and limits its size.

-- ---------------------------------------------------------------------------
-- No direct writes: only the functions below change updates
-- ---------------------------------------------------------------------------
drop policy "updates: system admins add" on public.updates;
drop policy "updates: system admins edit" on public.updates;
drop policy "updates: system admins remove" on public.updates;
revoke insert, update, delete on table public.updates from anon, authenticated;

-- The functions record their own entry with the editorial verb; they mark
-- their one write so the generic trigger does not tell it twice. Only a
-- function can set the flag: PostgREST lets no caller run set_config. SQL run
-- by an operator is still recorded by the trigger. Same arguments as in
-- 20261125000200.
drop trigger updates_audit on public.updates;
create trigger updates_audit
  after insert or update or delete on public.updates
  for each row
  when (coalesce(current_setting('accord.activity_recorded_by', true), '') <> 'news_desk')
  execute function private.audit_privileged_change('published_update', '', '', 'created', 'updated', 'deleted');

-- When an update was last withdrawn from visitors; null while it is
-- published or has never been. The desk tells "unpublished" from a draft
-- with a planned date by it. Written only by the functions below.
alter table public.updates add column unpublished_at timestamptz;
comment on column public.updates.unpublished_at is
  'When admin_unpublish_update last withdrew the update (null while published, or for a draft never published). Lets the news desk show it as unpublished rather than a draft.';

-- ---------------------------------------------------------------------------
-- Checking what an editor typed
-- ---------------------------------------------------------------------------
create function private.check_update_fields(p_slug text, p_title text, p_summary text, p_body text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_title is null or btrim(p_title) = '' then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_title_required',
      detail = 'Give the update a title.';
  end if;
  if char_length(btrim(p_title)) > 160 then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_title_too_long',
      detail = 'A title can be at most 160 characters.';
  end if;
  if p_slug is null or p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(p_slug) > 120 then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_slug_invalid',
      detail = 'A slug is lower-case letters, digits and single hyphens, at most 120 characters.';
  end if;
  if p_summary is null or btrim(p_summary) = '' then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_summary_required',
      detail = 'Write a summary of one or two sentences.';
  end if;
  if char_length(btrim(p_summary)) > 400 then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_summary_too_long',
      detail = 'A summary can be at most 400 characters.';
  end if;
  if p_body is null or btrim(p_body) = '' then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_body_required',
      detail = 'Write the update''s text.';
  end if;
  if char_length(btrim(p_body)) > 20000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_body_too_long',
      detail = 'The text can be at most 20,000 characters.';
  end if;
end;
$$;
comment on function private.check_update_fields(text, text, text, text) is
  'Raises 22023 with a named message (update_title_required, update_title_too_long, update_slug_invalid, update_summary_required, update_summary_too_long, update_body_required, update_body_too_long) for what the table''s checks would refuse, so the editor can say which field is wrong.';
revoke execute on function private.check_update_fields(text, text, text, text) from public;

create function private.update_not_found()
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  raise exception using errcode = 'no_data_found', message = 'update_not_found',
    detail = 'This update no longer exists.';
end;
$$;
comment on function private.update_not_found() is 'Raises P0002 update_not_found.';
revoke execute on function private.update_not_found() from public;

-- ---------------------------------------------------------------------------
-- admin_save_update: a new draft, or an edit of any update
-- ---------------------------------------------------------------------------
-- Saving never changes whether an update is published: an edit of a published
-- update shows on /news at once; a new update is always a draft. The date is
-- the article's date (the planned one for a draft); null keeps a draft
-- undated until it is published.
create function public.admin_save_update(
  p_id uuid,
  p_slug text,
  p_title text,
  p_summary text,
  p_body text,
  p_category public.update_category,
  p_published_at timestamptz
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
begin
  perform private.require_system_admin('write updates');
  perform private.check_update_fields(p_slug, p_title, p_summary, p_body);
  if p_category is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_category_required',
      detail = 'Choose what the update is about.';
  end if;
  if exists (select 1 from public.updates u where u.slug = p_slug and u.id is distinct from p_id) then
    raise exception using errcode = 'unique_violation', message = 'update_slug_taken',
      detail = 'Another update already has this slug. Choose another.';
  end if;

  perform pg_catalog.set_config('accord.activity_recorded_by', 'news_desk', true);
  if p_id is null then
    insert into public.updates (slug, title, summary, body, category, is_published, published_at)
    values (p_slug, btrim(p_title), btrim(p_summary), p_body, p_category, false, p_published_at)
    returning id into v_id;
    insert into public.network_activity (actor_id, action, details)
    values (auth.uid(), 'published_update.drafted',
            jsonb_build_object('update_id', v_id, 'slug', p_slug, 'title', btrim(p_title)));
  else
    select * into v_old from public.updates u where u.id = p_id for update;
    if not found then
      perform private.update_not_found();
    end if;
    -- A published update keeps a date: the table's check asks for one.
    update public.updates u
       set slug = p_slug, title = btrim(p_title), summary = btrim(p_summary), body = p_body, category = p_category,
           published_at = case when u.is_published then coalesce(p_published_at, u.published_at) else p_published_at end
     where u.id = p_id;
    v_id := p_id;
    select coalesce(array_agg(c.name order by c.name), '{}') into v_changed
      from (values
        ('slug', v_old.slug is distinct from p_slug),
        ('title', v_old.title is distinct from btrim(p_title)),
        ('summary', v_old.summary is distinct from btrim(p_summary)),
        ('body', v_old.body is distinct from p_body),
        ('category', v_old.category is distinct from p_category),
        ('published_at', p_published_at is not null and v_old.published_at is distinct from p_published_at)
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
comment on function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz) is
  'System administrators only (42501; aal2_required when they have a factor). p_id null: creates a draft and records published_update.drafted. Otherwise edits the update, keeping whether it is published, and records published_update.edited with the changed fields (nothing when nothing changed). Returns the id. Errors: 22023 update_title_required, update_title_too_long, update_slug_invalid, update_summary_required, update_summary_too_long, update_body_required, update_body_too_long, update_category_required; 23505 update_slug_taken; P0002 update_not_found.';
revoke execute on function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz) from public, anon;
grant execute on function public.admin_save_update(uuid, text, text, text, text, public.update_category, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------
-- admin_publish_update: now, or scheduled for a later date
-- ---------------------------------------------------------------------------
-- p_published_at null means now. A date still to come schedules the update:
-- the select policies keep it from visitors until then, with no job to run.
create function public.admin_publish_update(p_id uuid, p_published_at timestamptz)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.updates%rowtype;
  v_at timestamptz := coalesce(p_published_at, now());
begin
  perform private.require_system_admin('publish updates');
  select * into v_old from public.updates u where u.id = p_id for update;
  if not found then
    perform private.update_not_found();
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'news_desk', true);
  update public.updates u set is_published = true, published_at = v_at, unpublished_at = null where u.id = p_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(),
          case when v_at > now() then 'published_update.scheduled' else 'published_update.published' end,
          jsonb_build_object('update_id', p_id, 'slug', v_old.slug, 'title', v_old.title, 'published_at', v_at,
                             'was_published', v_old.is_published));
  return v_at;
end;
$$;
comment on function public.admin_publish_update(uuid, timestamptz) is
  'System administrators only (42501; aal2_required when they have a factor). Publishes the update dated p_published_at (null: now); a future date schedules it, and visitors see it from then (the select policies). Records published_update.published or published_update.scheduled. Returns the date. Errors: P0002 update_not_found.';
revoke execute on function public.admin_publish_update(uuid, timestamptz) from public, anon;
grant execute on function public.admin_publish_update(uuid, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------
-- admin_unpublish_update: back to a draft
-- ---------------------------------------------------------------------------
-- The date stays, so publishing again with the same date puts the update back
-- where it was in the list.
create function public.admin_unpublish_update(p_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.updates%rowtype;
begin
  perform private.require_system_admin('unpublish updates');
  select * into v_old from public.updates u where u.id = p_id for update;
  if not found then
    perform private.update_not_found();
  end if;
  if not v_old.is_published then
    return;
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'news_desk', true);
  update public.updates u set is_published = false, unpublished_at = now() where u.id = p_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(), 'published_update.unpublished',
          jsonb_build_object('update_id', p_id, 'slug', v_old.slug, 'title', v_old.title,
                             'published_at', v_old.published_at));
end;
$$;
comment on function public.admin_unpublish_update(uuid) is
  'System administrators only (42501; aal2_required when they have a factor). Withdraws a published or scheduled update from visitors (it becomes a draft, keeping its date) and records published_update.unpublished; a draft is left as it is and nothing is recorded. Errors: P0002 update_not_found.';
revoke execute on function public.admin_unpublish_update(uuid) from public, anon;
grant execute on function public.admin_unpublish_update(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- admin_delete_update: a draft written by mistake
-- ---------------------------------------------------------------------------
-- Only drafts: an update visitors may have read or linked to is unpublished
-- instead, so its history stays.
create function public.admin_delete_update(p_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_old public.updates%rowtype;
begin
  perform private.require_system_admin('delete updates');
  select * into v_old from public.updates u where u.id = p_id for update;
  if not found then
    perform private.update_not_found();
  end if;
  if v_old.is_published then
    raise exception using errcode = 'invalid_parameter_value', message = 'update_published',
      detail = 'Unpublish the update before deleting it.';
  end if;
  perform pg_catalog.set_config('accord.activity_recorded_by', 'news_desk', true);
  delete from public.updates u where u.id = p_id;
  perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  insert into public.network_activity (actor_id, action, details)
  values (auth.uid(), 'published_update.deleted',
          jsonb_build_object('update_id', p_id, 'slug', v_old.slug, 'title', v_old.title, 'record', to_jsonb(v_old)));
end;
$$;
comment on function public.admin_delete_update(uuid) is
  'System administrators only (42501; aal2_required when they have a factor). Deletes a draft and records published_update.deleted with the deleted row. Errors: 22023 update_published (unpublish first); P0002 update_not_found.';
revoke execute on function public.admin_delete_update(uuid) from public, anon;
grant execute on function public.admin_delete_update(uuid) to authenticated;
