-- Account settings (issue 14, decision 042): a job title on the profile, which
-- only its owner writes, and the caller's own sign-in sessions for the
-- "Active sessions" list of every area's settings page.

-- ---------------------------------------------------------------------------
-- profiles.job_title
-- ---------------------------------------------------------------------------
-- Same shape as full_name (one line, at most 200 characters, trimmed, blank
-- is none). Administrators may correct a person's name (policy "profiles:
-- edit own name, or any as admin"), but what someone does for a living is
-- theirs to say: the column grant lets authenticated write it and the trigger
-- below refuses anyone but the profile's owner.
alter table public.profiles add column job_title text;
comment on column public.profiles.job_title is
  'The person''s job title as they give it on their settings page: one line, at most 200 characters, trimmed, blank stored as null. Only the owner writes it over the API (profiles_check_job_title).';

grant update (job_title) on table public.profiles to authenticated;

create function private.check_profile_job_title()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_problem text;
begin
  -- API callers carry a JWT; the auth triggers and the superuser do not.
  if (select auth.uid()) is not null
     and (select auth.uid()) is distinct from new.id
     and new.job_title is distinct from old.job_title then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'not_own_profile',
      detail = 'Only the person themselves can change their job title.';
  end if;
  -- The same rules as a person's name (private.person_name_problem), reported against this field.
  v_problem := private.person_name_problem(new.job_title);
  if v_problem is not null then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_profile',
      detail = pg_catalog.jsonb_build_object('job_title', v_problem)::text,
      hint = 'detail is a JSON object of {field: code}; job_title is one line of at most 200 characters.';
  end if;
  new.job_title := private.clean_person_name(new.job_title);
  return new;
end;
$$;
comment on function private.check_profile_job_title() is
  'Before update of job_title on profiles: refuses a change by anyone but the profile''s owner (42501 not_own_profile) and a title over 200 characters or with control characters (22023 invalid_profile, detail {"job_title": "too_long" | "invalid"}); stores it trimmed, blank as null.';
revoke execute on function private.check_profile_job_title() from public;

create trigger profiles_check_job_title
  before update of job_title on public.profiles
  for each row execute function private.check_profile_job_title();

-- ---------------------------------------------------------------------------
-- public.my_sessions(): the caller's own sign-in sessions
-- ---------------------------------------------------------------------------
-- auth.sessions is not exposed over the Data API and belongs to the auth
-- service; this reads only the caller's rows (auth.uid()), only the columns a
-- person needs to recognise a device, and marks the session of the token that
-- asked (its session_id claim, as Supabase's access tokens carry). A session
-- past its not_after (time-boxed or inactivity-limited on hosted) is over and
-- not listed.
create function public.my_sessions()
returns table (
  id uuid,
  user_agent text,
  ip text,
  created_at timestamptz,
  last_active_at timestamptz,
  is_current boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    s.id,
    s.user_agent,
    pg_catalog.host(s.ip),
    s.created_at,
    -- refreshed_at is a timestamp without time zone written in UTC by the auth service.
    greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC'),
    s.id::text = coalesce((select auth.jwt()) ->> 'session_id', '')
  from auth.sessions s
  where s.user_id = (select auth.uid())
    and (s.not_after is null or s.not_after > pg_catalog.now())
  order by (s.id::text = coalesce((select auth.jwt()) ->> 'session_id', '')) desc,
           greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC') desc nulls last,
           s.id;
$$;
comment on function public.my_sessions() is
  'The caller''s own sign-in sessions (auth.sessions where user_id = auth.uid()), the current one (the JWT''s session_id) first and marked is_current, then the most recently active. Device (user agent), IP address, signed-in and last-active times only: no tokens. Signed-in people only.';
revoke execute on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;
