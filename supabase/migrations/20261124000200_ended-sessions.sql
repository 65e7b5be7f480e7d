-- Issue 12, finding 7: an access token stays valid until it expires, even after
-- its session has ended. Signing out (on this device, everywhere, or every
-- other device), an administrator's ban or deletion, and removing the row from
-- auth.sessions all end a session at once in the auth service, but PostgREST
-- and Storage check only the token's signature and expiry, so a copied token
-- kept working for up to jwt_expiry. Decision record:
-- docs/decisions/023-ended-sessions.md.
--
-- Here the database decides, so hosted Supabase and the local stack behave the
-- same:
-- * PostgREST (the Data API) runs private.check_request() before every request
--   (its db-pre-request setting, stored on the authenticator role as Supabase
--   documents in "Securing your API"), which answers 401 when the token names
--   a session that is gone or past its not_after.
-- * Storage does not run PostgREST's pre-request, so a restrictive policy on
--   storage.objects asks the same question for every signed-in request.
-- * Hosted GoTrue's ban only sets auth.users.banned_until and leaves the
--   banned person's sessions alone (their tokens stay valid for PostgREST and
--   Storage until they expire); a trigger ends those sessions when the ban is
--   written. The local auth service already does so itself.
--
-- Tokens without a session_id claim (the anon key, the service role key) are
-- not affected: they belong to no session.

-- ---------------------------------------------------------------------------
-- The question: has the caller's session ended?
-- ---------------------------------------------------------------------------
-- One primary-key lookup on auth.sessions per call. security definer because
-- the API roles cannot read auth.sessions; it reveals only whether the caller's
-- own session is live. GoTrue's codes and words, so the app and the auth
-- service speak of an ended session in one vocabulary:
-- * session_not_found: "Session from session_id claim in JWT does not exist"
--   (signed out, banned, deleted, or the row removed);
-- * session_expired: "Session is no longer valid" (past not_after).
-- A session_id that is not a uuid cannot name a live session: refused as
-- session_not_found. GoTrue treats the nil uuid as "no session claimed".
create function private.ended_session_reason()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claimed text := auth.jwt() ->> 'session_id';
  found_session boolean;
  ends_at timestamptz;
begin
  if claimed is null or claimed = '' or claimed = '00000000-0000-0000-0000-000000000000' then
    return null;
  end if;
  if claimed !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return 'session_not_found';
  end if;
  select true, s.not_after into found_session, ends_at
    from auth.sessions as s
   where s.id = claimed::uuid;
  if found_session is null then
    return 'session_not_found';
  end if;
  if ends_at is not null and ends_at <= now() then
    return 'session_expired';
  end if;
  return null;
end;
$$;
comment on function private.ended_session_reason() is
  'Null while the caller''s token names no session or a live one; else session_not_found or session_expired (GoTrue''s codes).';
revoke execute on function private.ended_session_reason() from public;
-- PostgREST runs the pre-request as whichever role the request has switched to.
grant execute on function private.ended_session_reason() to anon, authenticated, service_role;

-- The message that goes with each reason, as GoTrue words it.
create function private.ended_session_message(reason text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case reason
    when 'session_expired' then 'Session is no longer valid'
    else 'Session from session_id claim in JWT does not exist'
  end;
$$;
comment on function private.ended_session_message(text) is
  'GoTrue''s wording for an ended session: the message the Data API and Storage send with the code.';
revoke execute on function private.ended_session_message(text) from public;
grant execute on function private.ended_session_message(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The Data API: PostgREST's pre-request
-- ---------------------------------------------------------------------------
-- Raised with SQLSTATE PGRST, PostgREST (12+) sends the message's JSON as the
-- body and the detail's status and headers as the response's: 401 with
-- {"code":"session_not_found","message":"Session from session_id claim in JWT
-- does not exist",...}, which supabase-js hands the app as error.code and
-- error.message. PostgREST 12.0 requires "code" and "message" in the message
-- and "status" and "headers" in the detail; newer versions accept the same.
-- A 401 carries WWW-Authenticate (RFC 6750), as PostgREST's own 401s do.
create function private.check_request()
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  reason text := private.ended_session_reason();
begin
  if reason is null then
    return;
  end if;
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', reason,
      'message', private.ended_session_message(reason),
      'details', null,
      'hint', 'Sign in again.')::text,
    detail = json_build_object(
      'status', 401,
      'headers', json_build_object('WWW-Authenticate', 'Bearer error="invalid_token"'))::text;
end;
$$;
comment on function private.check_request() is
  'PostgREST''s db-pre-request: refuses (401) a request whose token names a session that has ended. Compose any further per-request check into this function: PostgREST runs only one.';
revoke execute on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;

-- Registered on the role PostgREST connects as, exactly as Supabase documents
-- it for hosted projects; PostgREST reads pgrst.* role settings at start and on
-- 'reload config' (its db-config setting, on by default), locally too.
alter role authenticator set pgrst.db_pre_request = 'private.check_request';
notify pgrst, 'reload config';

-- ---------------------------------------------------------------------------
-- Storage: a restrictive policy on storage.objects
-- ---------------------------------------------------------------------------
-- Raising (rather than returning false) gives the caller a clear answer
-- instead of an empty list or "Object not found": SQLSTATE 42501 is what
-- Storage (hosted and the local stand-in) turns into AccessDenied with the
-- error's own message, statusCode "403".
create function private.require_live_session()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  reason text := private.ended_session_reason();
begin
  if reason is null then
    return true;
  end if;
  raise exception using errcode = '42501', message = private.ended_session_message(reason);
end;
$$;
comment on function private.require_live_session() is
  'True while the caller''s session is live; raises insufficient_privilege (Storage: AccessDenied) once it has ended.';
revoke execute on function private.require_live_session() from public;
grant execute on function private.require_live_session() to authenticated;

-- Restrictive: it is ANDed with the permissive policies of
-- 20261122003000_storage-buckets.sql and any later ones, for every action,
-- and gives nobody anything. `(select …)` so it runs once per statement.
-- (Supabase does not let `postgres` comment on policies of storage.objects,
-- hence this comment instead of COMMENT ON POLICY.)
create policy "storage.objects: only while the caller's session is live"
  on storage.objects as restrictive for all to authenticated
  using ((select private.require_live_session()))
  with check ((select private.require_live_session()));

-- ---------------------------------------------------------------------------
-- A ban ends the banned person's sessions
-- ---------------------------------------------------------------------------
-- Fires when banned_until is set to a moment still to come, whoever writes it
-- (GoTrue's admin API, the dashboard, SQL). Lifting a ban or back-dating it
-- ends nothing. Deleting the account needs no trigger: auth.sessions cascades,
-- and GoTrue's soft delete removes the sessions itself.
create function private.end_sessions_of_banned_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.sessions where user_id = new.id;
  return null;
end;
$$;
comment on function private.end_sessions_of_banned_user() is
  'After a ban is written to auth.users: end every session of the banned person, so their tokens are refused at once.';
revoke execute on function private.end_sessions_of_banned_user() from public;

create trigger on_auth_user_banned
  after update of banned_until on auth.users
  for each row
  when (new.banned_until is not null and new.banned_until > now()
        and new.banned_until is distinct from old.banned_until)
  execute function private.end_sessions_of_banned_user();
