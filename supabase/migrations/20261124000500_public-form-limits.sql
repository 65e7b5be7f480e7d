-- Issue 12, findings 6 and 7 (docs/decisions/026-public-form-limits.md).
--
-- Finding 6, flooding the back office: request_investor_access() and
-- send_contact_message() were limited per e-mail address only, and the sender
-- chooses the address, so inventing addresses gave unlimited inserts. Each form
-- now also has
--   * a limit per client network (an IPv4 address, or an IPv6 /64, which one
--     household or office usually gets whole), taken from the address the
--     platform saw the request come from, never from anything the client sends;
--   * a ceiling per hour for everyone together: a hard bound on what a flood
--     from many networks can put in front of the back office.
-- Each refusal has its own name (SQLSTATE PT429, which PostgREST answers as
-- HTTP 429): too_many_requests (the address, as before),
-- too_many_requests_from_network, too_many_requests_overall.
--
--   form                      per address   per network   everyone
--   investor access request        3             5            60    per rolling hour
--   contact message                5            10           120    per rolling hour
--
-- Finding 7, raw constraint errors: a sign-up whose metadata carried a
-- full_name over 200 characters failed in the profile trigger, and the auth
-- service answered 500 "Database error saving new user". The trigger now keeps
-- only a valid name (a string, trimmed, on one line, at most 200 characters)
-- and otherwise stores none. Editing one's name over the API gets a named
-- error (22023 invalid_profile, detail {"full_name": code}) instead of the
-- table's check constraint.

-- ---------------------------------------------------------------------------
-- Who is calling: the client address and its network
-- ---------------------------------------------------------------------------
-- The one place that decides which request header carries the client's
-- address. Hosted Supabase sits behind Cloudflare, which sets
-- CF-Connecting-IP to the address that connected to it, replacing whatever the
-- client sent, and the project's origin only accepts requests that came
-- through Cloudflare. X-Forwarded-For is no use here: its first entry is
-- whatever the client wrote (Cloudflare appends to it), and how many hops
-- follow is the platform's business. The local gateway
-- (supabase/local/gateway.ts) sets CF-Connecting-IP the same way, from its
-- socket. PostgREST hands the request's headers to the transaction, with
-- lower-case names, as request.headers.
--
-- Null when there is no usable address: no request.headers (SQL run outside
-- PostgREST), no header, or a value that is not one host address. Callers
-- must then count the request in one shared bucket, never let it through
-- uncounted (fail closed).
create function private.request_ip()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  v_ip inet;
begin
  begin
    v_ip := pg_catalog.btrim(
      nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'cf-connecting-ip'
    )::inet;
  exception when data_exception then
    -- Headers that are not JSON, or an address that is not one: no address.
    return null;
  end;
  -- A network ('203.0.113.0/24') is not a client's address.
  if v_ip is null or pg_catalog.masklen(v_ip) <> (case pg_catalog.family(v_ip) when 4 then 32 else 128 end) then
    return null;
  end if;
  -- An IPv4 client written as IPv6 (::ffff:203.0.113.5) is that IPv4 client;
  -- left as IPv6, every IPv4 client would share one /64.
  if v_ip << '::ffff:0:0/96'::inet then
    v_ip := '0.0.0.0'::inet + (v_ip - '::ffff:0.0.0.0'::inet);
  end if;
  return v_ip;
end;
$$;
comment on function private.request_ip() is
  'The calling client''s address as the platform saw it: the cf-connecting-ip request header (set by Cloudflare on hosted Supabase and by the local gateway from its socket, never taken from the client), IPv4-mapped IPv6 turned into IPv4. Null when there is no usable address; callers count those requests in one shared bucket.';
revoke execute on function private.request_ip() from public;

-- IPv6 clients are counted per /64: a home or an office gets a whole /64 (or
-- more) and picks addresses in it freely, so counting per address would let
-- one client rotate through 2^64 of them.
create function private.client_network(p_ip inet)
returns cidr
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.network(pg_catalog.set_masklen(p_ip, case pg_catalog.family(p_ip) when 4 then 32 else 64 end));
$$;
comment on function private.client_network(inet) is
  'The network a client address is counted as: the IPv4 address itself (/32), or the /64 an IPv6 address is in. Null for null.';
revoke execute on function private.client_network(inet) from public;

-- ---------------------------------------------------------------------------
-- The ledger the per-network and overall limits count
-- ---------------------------------------------------------------------------
-- Private (not in the API's schemas, no privileges for any API role): the
-- network a visitor wrote from is personal data the back office does not need.
-- A row lives only as long as it counts towards a limit (one hour), and
-- stays when the back office deletes the request or message itself, so
-- deleting spam does not reopen the door to its sender within the hour.
create table private.visitor_form_submissions (
  id bigint generated always as identity primary key,
  form text not null check (form in ('investor_access_requests', 'contact_messages')),
  -- Null: the request had no usable client address (the shared bucket).
  client_network cidr,
  created_at timestamptz not null default now()
);
comment on table private.visitor_form_submissions is
  'One row per accepted public form submission in the last hour: which form, and the client network it came from (private.client_network(private.request_ip()); null = no usable address). Counted by the per-network limit and the overall ceiling; rows older than an hour are removed as new ones arrive.';
-- No secondary index: at most 60 + 120 rows an hour stay in it, a scan is cheaper than an index.
revoke all on table private.visitor_form_submissions from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Taking a turn
-- ---------------------------------------------------------------------------
-- One lock per form, held until the transaction ends: while one submission
-- counts and inserts, the next one of that form waits, so parallel
-- submissions cannot all see room under a limit (per address, per network or
-- overall). A form takes a few submissions a day, and a turn takes
-- milliseconds, so a queue never forms except under a flood, which the
-- ceiling then turns away quickly. It replaces the per-address lock.
create function private.lock_visitor_form(p_form text)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('visitor-form:' || p_form, 0));
$$;
comment on function private.lock_visitor_form(text) is
  'Serialises the submissions of one public form until the transaction ends, so every count and the insert after it act as one step.';
revoke execute on function private.lock_visitor_form(text) from public;

create function private.refuse_over_limit(p_count bigint, p_limit integer, p_name text, p_detail text, p_hint text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_count >= p_limit then
    raise exception using errcode = 'PT429', message = p_name, detail = p_detail, hint = p_hint;
  end if;
end;
$$;
comment on function private.refuse_over_limit(bigint, integer, text, text, text) is
  'Raises p_name with SQLSTATE PT429 (HTTP 429 through PostgREST) once p_count reaches p_limit.';
revoke execute on function private.refuse_over_limit(bigint, integer, text, text, text) from public;

-- After the caller has taken the form's lock and checked the address's own
-- limit: checks the caller's network, then everyone together, and records the
-- submission. Refused submissions are not recorded, so a client that keeps
-- trying is not kept out longer than the hour its accepted ones count.
create function private.admit_visitor_submission(p_form text, p_per_network integer, p_overall integer)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_network cidr := private.client_network(private.request_ip());
  v_from_network bigint;
  v_overall bigint;
begin
  delete from private.visitor_form_submissions s where s.created_at <= now() - interval '1 hour';

  select count(*) filter (where s.client_network is not distinct from v_network), count(*)
    into v_from_network, v_overall
    from private.visitor_form_submissions s
   where s.form = p_form;

  perform private.refuse_over_limit(
    v_from_network, p_per_network, 'too_many_requests_from_network',
    format('At most %s per network per hour.', p_per_network),
    'Wait an hour, or write to the address on the page.'
  );
  perform private.refuse_over_limit(
    v_overall, p_overall, 'too_many_requests_overall',
    format('At most %s per hour from everyone together.', p_overall),
    'Try again later, or write to the address on the page.'
  );

  insert into private.visitor_form_submissions (form, client_network) values (p_form, v_network);
end;
$$;
comment on function private.admit_visitor_submission(text, integer, integer) is
  'Called under private.lock_visitor_form(p_form): refuses too_many_requests_from_network once the caller''s network (null = the shared no-address bucket) has p_per_network accepted submissions of the form in the last hour, or too_many_requests_overall once everyone has p_overall; otherwise records this one.';
revoke execute on function private.admit_visitor_submission(text, integer, integer) from public;

-- ---------------------------------------------------------------------------
-- The two RPCs, as before, with the new guard
-- ---------------------------------------------------------------------------
create or replace function public.request_investor_access(
  p_name text,
  p_email text,
  p_organization text,
  p_investor_kind text,
  p_message text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_errors jsonb;
  v_sent bigint;
  v_id uuid;
begin
  v_errors := jsonb_strip_nulls(jsonb_build_object(
    'name', private.visitor_text_problem(p_name, 200, true, true),
    'email', private.visitor_email_problem(p_email),
    'organization', private.visitor_text_problem(p_organization, 200, true, true),
    'investor_kind', case
      when p_investor_kind is null or private.visitor_trim(p_investor_kind) = '' then 'required'
      when not (private.visitor_trim(p_investor_kind) = any (enum_range(null::public.investor_kind)::text[])) then 'invalid'
    end,
    'message', private.visitor_text_problem(p_message, 2000, false, false)
  ));
  if v_errors <> '{}' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_investor_access_request',
      detail = v_errors::text,
      hint = 'detail is a JSON object of {field: code}; fix those fields and send again.';
  end if;

  -- Invalid input was refused before this point, so mistakes use up nothing.
  perform private.lock_visitor_form('investor_access_requests');
  select count(*) into v_sent from public.investor_access_requests r
   where r.email operator(extensions.=) private.visitor_trim(p_email)::extensions.citext and r.created_at > now() - interval '1 hour';
  perform private.refuse_over_limit(v_sent, 3, 'too_many_requests', 'At most 3 per address per hour.', 'Wait an hour, or write to the address on the page.');
  perform private.admit_visitor_submission('investor_access_requests', 5, 60);

  insert into public.investor_access_requests (name, email, organization, investor_kind, message, submitted_by)
  values (
    private.visitor_trim(p_name),
    private.visitor_trim(p_email),
    private.visitor_trim(p_organization),
    private.visitor_trim(p_investor_kind)::public.investor_kind,
    nullif(private.visitor_trim(p_message), ''),
    auth.uid()
  )
  returning id into v_id;
  return v_id;
end;
$$;
comment on function public.request_investor_access(text, text, text, text, text) is
  'Anyone (anon or signed in) asks for the investor area; stored as new for the back office. Returns the request''s id, nothing else: the sender cannot read it back. Limits: name and organization 200, email 254, message 2000 (optional). Errors: 22023 invalid_investor_access_request (detail: {field: code}, fields name, email, organization, investor_kind, message; codes required, too_long, invalid); PT429 too_many_requests (3 per address per hour), too_many_requests_from_network (5 per client network per hour), too_many_requests_overall (60 per hour from everyone).';

create or replace function public.send_contact_message(
  p_name text,
  p_email text,
  p_topic text,
  p_message text,
  p_organization text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_errors jsonb;
  v_sent bigint;
  v_id uuid;
begin
  v_errors := jsonb_strip_nulls(jsonb_build_object(
    'name', private.visitor_text_problem(p_name, 200, true, true),
    'email', private.visitor_email_problem(p_email),
    'organization', private.visitor_text_problem(p_organization, 200, false, true),
    'topic', case
      when p_topic is null or private.visitor_trim(p_topic) = '' then 'required'
      when not (private.visitor_trim(p_topic) = any (enum_range(null::public.contact_topic)::text[])) then 'invalid'
    end,
    'message', private.visitor_text_problem(p_message, 4000, true, false)
  ));
  if v_errors <> '{}' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_contact_message',
      detail = v_errors::text,
      hint = 'detail is a JSON object of {field: code}; fix those fields and send again.';
  end if;

  perform private.lock_visitor_form('contact_messages');
  select count(*) into v_sent from public.contact_messages m
   where m.email operator(extensions.=) private.visitor_trim(p_email)::extensions.citext and m.created_at > now() - interval '1 hour';
  perform private.refuse_over_limit(v_sent, 5, 'too_many_requests', 'At most 5 per address per hour.', 'Wait an hour, or write to the address on the page.');
  perform private.admit_visitor_submission('contact_messages', 10, 120);

  insert into public.contact_messages (name, email, organization, topic, message, submitted_by)
  values (
    private.visitor_trim(p_name),
    private.visitor_trim(p_email),
    nullif(private.visitor_trim(p_organization), ''),
    private.visitor_trim(p_topic)::public.contact_topic,
    private.visitor_trim(p_message),
    auth.uid()
  )
  returning id into v_id;
  return v_id;
end;
$$;
comment on function public.send_contact_message(text, text, text, text, text) is
  'Anyone (anon or signed in) writes to the network; stored unhandled for the back office. Returns the message''s id, nothing else: the sender cannot read it back. Limits: name and organization (optional) 200, email 254, message 4000. Errors: 22023 invalid_contact_message (detail: {field: code}, fields name, email, organization, topic, message; codes required, too_long, invalid); PT429 too_many_requests (5 per address per hour), too_many_requests_from_network (10 per client network per hour), too_many_requests_overall (120 per hour from everyone).';

-- Replaced by lock_visitor_form() and refuse_over_limit(); nothing calls them any more.
drop function private.lock_visitor_address(text, text);
drop function private.refuse_too_many_requests(bigint, integer);

-- ---------------------------------------------------------------------------
-- A person's name (profiles.full_name)
-- ---------------------------------------------------------------------------
-- The rules every place a person's name is stored follows: white space trimmed
-- at both ends (line breaks included), blank is no name, at most 200
-- characters as char_length counts them, one line (no control characters).
create function private.clean_person_name(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(pg_catalog.regexp_replace(p_value, '^[[:space:]]+|[[:space:]]+$', '', 'g'), '');
$$;
comment on function private.clean_person_name(text) is
  'p_value trimmed of white space (line breaks included) at both ends; null when blank or null.';
revoke execute on function private.clean_person_name(text) from public;
grant execute on function private.clean_person_name(text) to authenticated, service_role;

create function private.person_name_problem(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when pg_catalog.char_length(private.clean_person_name(p_value)) > 200 then 'too_long'
    when private.clean_person_name(p_value) ~ '[[:cntrl:]]' then 'invalid'
  end;
$$;
comment on function private.person_name_problem(text) is
  'too_long (over 200 characters once trimmed) | invalid (a control character: a name is one line) | null for a name that may be stored (blank included: stored as none).';
revoke execute on function private.person_name_problem(text) from public;
grant execute on function private.person_name_problem(text) to authenticated, service_role;

-- Sign-up metadata is whatever the client sent to the auth service
-- (options.data in supabase-js): any JSON, any size. The profile keeps the
-- name only when it is a valid one; otherwise the account still gets its
-- profile, without a name, rather than the sign-up failing.
create function private.profile_name_from_metadata(p_metadata jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when pg_catalog.jsonb_typeof(p_metadata -> 'full_name') = 'string'
     and private.person_name_problem(p_metadata ->> 'full_name') is null
    then private.clean_person_name(p_metadata ->> 'full_name')
  end;
$$;
comment on function private.profile_name_from_metadata(jsonb) is
  'The full_name in an account''s user metadata when it is a valid name (a JSON string, at most 200 characters once trimmed, one line), trimmed; otherwise null.';
revoke execute on function private.profile_name_from_metadata(jsonb) from public;

create or replace function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, private.profile_name_from_metadata(new.raw_user_meta_data))
  on conflict (id) do nothing;
  return null;
end;
$$;
comment on function private.handle_new_auth_user() is
  'After insert on auth.users: create the profile, with the sign-up metadata''s full_name only when it is a valid name. Never fails on the metadata, so no name can break a sign-up ("Database error saving new user").';

-- Editing a name over the API (own name; administrators any) gets a named
-- error the app can show at the field, and a stored name is always trimmed.
create function private.check_profile_name()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_problem text := private.person_name_problem(new.full_name);
begin
  if v_problem is not null then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_profile',
      detail = pg_catalog.jsonb_build_object('full_name', v_problem)::text,
      hint = 'detail is a JSON object of {field: code}; full_name is one line of at most 200 characters.';
  end if;
  new.full_name := private.clean_person_name(new.full_name);
  return new;
end;
$$;
comment on function private.check_profile_name() is
  'Before insert or update of full_name on profiles: refuses a name over 200 characters or with control characters as 22023 invalid_profile (detail {"full_name": "too_long" | "invalid"}); stores it trimmed, blank as null.';
revoke execute on function private.check_profile_name() from public;

create trigger profiles_check_full_name
  before insert or update of full_name on public.profiles
  for each row execute function private.check_profile_name();
