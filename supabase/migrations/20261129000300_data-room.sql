-- Issue 17: the investor's side of the data room (/investor/data-room, the
-- investor dashboard's documents; docs/decisions/061-data-room.md), on top of
-- the content schema of 20261129000200_investor-content.sql.
--
-- * public.investor_nda_status(): the current NDA (version, text) and whether
--   the caller agreed to it, for the data room's gate.
-- * public.agree_to_nda(p_version): records the caller's agreement to the
--   version they read, and only if it is still the current one.
-- * public.open_investor_document(p_version_id, p_action): decides whether the
--   caller may open a document and records the open in the same transaction;
--   the Edge Function open-investor-document calls it AS THE CALLER before it
--   fetches the file with the service role, so the database alone decides and
--   nothing is served that was not recorded.
--
-- Named errors (message = code):
--   42501 not_allowed_data_room  the caller holds no data_room grant
--   42501 aal2_required          holds it, but must enter their code first
--   42501 nda_required           data_room document, current NDA not agreed
--   P0002 nda_not_published      no NDA yet (the data room is closed)
--   22023 nda_version_stale      the version read is no longer the current one
--   P0002 investor_document_not_found  no such (current) version, or one the
--                                caller may not read (the same answer, so a
--                                lite investor cannot probe for data-room files)
--   22023 invalid_action / nda_version_required  bad input

-- ---------------------------------------------------------------------------
-- Who may enter the data room at all (grant and assurance level)
-- ---------------------------------------------------------------------------
-- Raises the named refusal unless has_investor_level('data_room'): aal2_required
-- when the grant is there and only the code is missing.
create function private.require_data_room_level(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if public.has_investor_level('data_room') then
    return;
  end if;
  if not private.aal_satisfied()
     and (private.holds_system_admin_grant()
          or exists (select 1 from public.investor_access ia
                      where ia.user_id = (select auth.uid()) and ia.level >= 'data_room')) then
    perform private.raise_aal2_required(p_action);
  end if;
  raise exception using
    errcode = 'insufficient_privilege',
    message = 'not_allowed_data_room',
    detail = 'The data room is open to investors with data-room access only.';
end;
$$;
comment on function private.require_data_room_level(text) is
  'Raises 42501 unless has_investor_level(''data_room''): aal2_required when the caller holds the grant but their session needs the code, else not_allowed_data_room. p_action completes "Enter the code … to …".';
revoke execute on function private.require_data_room_level(text) from public;

-- ---------------------------------------------------------------------------
-- investor_nda_status
-- ---------------------------------------------------------------------------
-- security definer: reads nda_versions and nda_agreements for the caller only.
-- No row when no NDA is published (the page says the data room is not open yet).
create function public.investor_nda_status()
returns table (
  version integer,
  body text,
  published_at timestamptz,
  agreed_at timestamptz,
  previously_agreed_version integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_data_room_level('read the data room''s agreement');
  return query
    select v.version,
           v.body,
           v.published_at,
           a.agreed_at,
           (select max(p.nda_version) from public.nda_agreements p
             where p.user_id = (select auth.uid()) and p.nda_version < v.version)
      from public.nda_versions v
      left join public.nda_agreements a
        on a.nda_version = v.version and a.user_id = (select auth.uid())
     order by v.version desc
     limit 1;
end;
$$;
comment on function public.investor_nda_status() is
  'The data room''s current NDA for the caller: version, body, published_at, agreed_at (null until they agree to this version) and previously_agreed_version (an older version they agreed to, so the page can say the agreement changed). No row when no NDA is published. Data-room investors and system administrators; errors: 42501 not_allowed_data_room | aal2_required.';
revoke execute on function public.investor_nda_status() from public, anon;
grant execute on function public.investor_nda_status() to authenticated;

-- ---------------------------------------------------------------------------
-- agree_to_nda
-- ---------------------------------------------------------------------------
-- security definer: nda_agreements has no write policy. The version the person
-- read is passed back, so an NDA published while they were reading is not
-- agreed to unseen (nda_version_stale; the page reloads the new text).
create function public.agree_to_nda(p_version integer)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_current integer;
  v_agreed_at timestamptz;
begin
  perform private.require_data_room_level('agree to the data room''s agreement');
  if p_version is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'nda_version_required';
  end if;
  select max(v.version) into v_current from public.nda_versions v;
  if v_current is null then
    raise exception using errcode = 'no_data_found', message = 'nda_not_published';
  end if;
  if p_version <> v_current then
    -- 22023, not 40001: a serialization failure invites clients to retry the
    -- same request, which can never succeed.
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'nda_version_stale',
      detail = format('Version %s is no longer current; the current version is %s.', p_version, v_current);
  end if;

  insert into public.nda_agreements (user_id, nda_version)
  values ((select auth.uid()), v_current)
  on conflict (user_id, nda_version) do nothing
  returning agreed_at into v_agreed_at;

  if v_agreed_at is null then
    -- Agreed before (a second click): the first time stands.
    select a.agreed_at into v_agreed_at from public.nda_agreements a
     where a.user_id = (select auth.uid()) and a.nda_version = v_current;
  else
    insert into public.network_activity (actor_id, action, details)
    values ((select auth.uid()), 'investor_nda.agreed', jsonb_build_object('nda_version', v_current));
  end if;
  return v_agreed_at;
end;
$$;
comment on function public.agree_to_nda(integer) is
  'Records the caller''s agreement to NDA version p_version, which must be the current one (22023 nda_version_stale otherwise; P0002 nda_not_published; 22023 nda_version_required), in nda_agreements and network_activity (investor_nda.agreed). Agreeing again keeps the first time. Data-room investors and system administrators (42501 not_allowed_data_room | aal2_required). Returns agreed_at.';
revoke execute on function public.agree_to_nda(integer) from public, anon;
grant execute on function public.agree_to_nda(integer) to authenticated;

-- ---------------------------------------------------------------------------
-- open_investor_document
-- ---------------------------------------------------------------------------
-- security definer: writes investor_document_access (no write policy) and
-- reads the caller's e-mail from auth.users. Investors open only a document's
-- current version; system administrators any version (the back office's
-- history). Volatile, so PostgREST runs it in a read-write transaction (POST).
create function public.open_investor_document(p_version_id uuid, p_action text)
returns table (
  document_id uuid,
  version_id uuid,
  title text,
  storage_path text,
  file_name text,
  content_type text,
  size_bytes bigint,
  email text,
  occurred_at timestamptz
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_admin boolean := private.is_system_admin();
  v_version public.investor_document_versions;
  v_document public.investor_documents;
  v_email text;
  v_at timestamptz;
begin
  if v_uid is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if p_action is null or p_action not in ('open', 'download') then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_action',
      detail = 'p_action is open or download.';
  end if;

  select * into v_version from public.investor_document_versions v where v.id = p_version_id;
  if found then
    select * into v_document from public.investor_documents d where d.id = v_version.document_id;
  end if;
  if v_version.id is null or v_document.id is null
     or (not v_admin and v_document.current_version_id is distinct from v_version.id) then
    raise exception using errcode = 'no_data_found', message = 'investor_document_not_found';
  end if;

  if not private.can_read_investor_level(v_document.level) then
    -- Explain the refusal only to someone entitled to the level: the code, or
    -- the NDA. Anyone else hears the same as for a document that does not
    -- exist, so nothing is learnt about the data room's files.
    if v_document.level = 'data_room' then
      if public.has_investor_level('data_room') then
        raise exception using errcode = 'insufficient_privilege', message = 'nda_required',
          detail = 'Agree to the current non-disclosure agreement to open data-room documents.';
      end if;
      if not private.aal_satisfied()
         and (private.holds_system_admin_grant()
              or exists (select 1 from public.investor_access ia where ia.user_id = v_uid and ia.level >= 'data_room')) then
        perform private.raise_aal2_required('open data-room documents');
      end if;
    end if;
    raise exception using errcode = 'no_data_found', message = 'investor_document_not_found';
  end if;

  select u.email into v_email from auth.users u where u.id = v_uid;
  insert into public.investor_document_access (document_id, version_id, user_id, email, action)
  values (v_document.id, v_version.id, v_uid, v_email, p_action)
  returning investor_document_access.occurred_at into v_at;

  return query select v_document.id, v_version.id, v_document.title, v_version.storage_path,
                      v_version.file_name, v_version.content_type, v_version.size_bytes, v_email, v_at;
end;
$$;
comment on function public.open_investor_document(uuid, text) is
  'Opens (p_action open) or downloads (download) an investor document version for the caller: checks private.can_read_investor_level for the document''s level (data_room: the grant, aal2 with a factor, and the current NDA agreed), records the access in investor_document_access with the caller''s e-mail in the same transaction, and returns where the file is (storage_path, file_name, content_type, size_bytes) with the recorded e-mail and time for the stamp. Investors open only the current version; system administrators any. Errors: 42501 not_authenticated | nda_required | aal2_required; P0002 investor_document_not_found (also when the caller may not read it); 22023 invalid_action.';
revoke execute on function public.open_investor_document(uuid, text) from public, anon;
grant execute on function public.open_investor_document(uuid, text) to authenticated;
