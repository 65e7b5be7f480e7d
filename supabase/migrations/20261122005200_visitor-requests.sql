-- The public site's two forms: investor access requests (/investors/access) and
-- Contact Us messages (the footer's dialog), both read by the back office
-- (docs/decisions/018-visitor-requests-and-contact.md).
--
-- * Visitors, signed in or not, may only SUBMIT, through
--   request_investor_access() and send_contact_message(). They cannot read,
--   change or delete anything, not even what they sent: the tables grant
--   nothing to anon, and authenticated holds only the privileges the system
--   administrators' policies use.
-- * The RPCs check every field and answer all problems at once as one named
--   error (22023, `invalid_investor_access_request` / `invalid_contact_message`,
--   detail: a JSON object {field: code}, codes required, too_long, invalid),
--   which the forms show at each field. The tables' checks say the same again,
--   so SQL run by an operator cannot store what a form could not.
-- * Abuse guard: one address may send at most 3 investor requests and 5 contact
--   messages per rolling hour. Beyond that the RPC answers `too_many_requests`
--   with HTTP 429 (SQLSTATE PT429, PostgREST's way to choose the status). The
--   count and the insert are serialised per address with an advisory lock, so
--   parallel submissions cannot slip past the limit.
-- * System administrators read them, change the review state (status, handled)
--   and delete them (an erasure request); who and when are stamped by triggers.

-- ---------------------------------------------------------------------------
-- Shared checks for what visitors type
-- ---------------------------------------------------------------------------
-- Trims all white space at both ends (btrim() takes only spaces): a message of
-- blank lines is as empty as a blank name.
create function private.visitor_trim(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(p_value, '^[[:space:]]+|[[:space:]]+$', '', 'g');
$$;
comment on function private.visitor_trim(text) is
  'p_value without white space (spaces, tabs, line breaks) at either end; null stays null.';
revoke execute on function private.visitor_trim(text) from public;

-- The problem with a typed text, as a form field code, or null when it is fine.
-- Single-line fields refuse control characters (a pasted tab or line break in
-- a name is a mistake, and keeps e-mails built from these fields clean).
create function private.visitor_text_problem(p_value text, p_max integer, p_required boolean, p_single_line boolean)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null or private.visitor_trim(p_value) = '' then case when p_required then 'required' end
    when char_length(private.visitor_trim(p_value)) > p_max then 'too_long'
    when p_single_line and private.visitor_trim(p_value) ~ '[[:cntrl:]]' then 'invalid'
  end;
$$;
comment on function private.visitor_text_problem(text, integer, boolean, boolean) is
  'required | too_long | invalid | null for a typed text; invalid means control characters in a single-line field. The forms apply the same rules (machines/visitor-request-form.ts).';
revoke execute on function private.visitor_text_problem(text, integer, boolean, boolean) from public;

-- The same shape the admin invitations accept, and at most 254 characters (RFC 5321's path limit).
create function private.visitor_email_problem(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null or private.visitor_trim(p_value) = '' then 'required'
    when char_length(private.visitor_trim(p_value)) > 254 then 'too_long'
    when private.visitor_trim(p_value) !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$' then 'invalid'
  end;
$$;
comment on function private.visitor_email_problem(text) is
  'required | too_long | invalid | null for an e-mail address typed by a visitor.';
revoke execute on function private.visitor_email_problem(text) from public;

-- Waits until any other submission of the same form from the same address has
-- committed, so the caller's hourly count and its insert act as one step.
create function private.lock_visitor_address(p_form text, p_email text)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(p_form || ':' || lower(private.visitor_trim(p_email)), 0));
$$;
comment on function private.lock_visitor_address(text, text) is
  'Serialises submissions of one form from one address until the transaction ends, so the hourly count and the insert happen as one step.';
revoke execute on function private.lock_visitor_address(text, text) from public;

create function private.refuse_too_many_requests(p_sent bigint, p_limit integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_sent >= p_limit then
    raise exception using
      errcode = 'PT429',
      message = 'too_many_requests',
      detail = format('At most %s per address per hour.', p_limit),
      hint = 'Wait an hour, or write to the address on the page.';
  end if;
end;
$$;
comment on function private.refuse_too_many_requests(bigint, integer) is
  'Raises too_many_requests (SQLSTATE PT429, which PostgREST answers as HTTP 429) once p_sent reaches p_limit.';
revoke execute on function private.refuse_too_many_requests(bigint, integer) from public;

-- ---------------------------------------------------------------------------
-- investor_access_requests
-- ---------------------------------------------------------------------------
create type public.investor_kind as enum ('angel', 'venture_capital', 'corporate', 'family_office', 'public_funder', 'other');
comment on type public.investor_kind is
  'What kind of investor asks: angel, venture_capital, corporate (strategic or corporate venture), family_office, public_funder (public or development funding body), other.';

create type public.investor_request_status as enum ('new', 'approved', 'declined');
comment on type public.investor_request_status is
  'The back office''s decision on a request: new (not yet reviewed), approved (access granted, in investor_access), declined.';

create table public.investor_access_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '[^[:space:]]' and char_length(name) <= 200),
  -- citext: one person typing their address in different cases is one address for the guard.
  email extensions.citext not null check (char_length(email::text) between 3 and 254),
  organization text not null check (organization ~ '[^[:space:]]' and char_length(organization) <= 200),
  investor_kind public.investor_kind not null,
  message text check (message is null or char_length(message) <= 2000),
  status public.investor_request_status not null default 'new',
  -- The account that sent it, when the visitor was signed in. History: no FK.
  submitted_by uuid,
  -- Stamped by trigger when status changes; null while new. History: no FK.
  decided_by uuid,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.investor_access_requests is
  'Requests for the investor area from /investors/access. Inserted only by request_investor_access(); read, decided and deleted only by system administrators (/admin/investors).';

-- No secondary indexes yet: a few requests a day make every query here a short
-- sequential scan, and an index nothing uses is what the advisors flag. The
-- abuse guard's (email, created_at) is the first to add when volumes grow (018).

create function private.stamp_investor_request_decision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.decided_at := case when new.status = 'new' then null else now() end;
    new.decided_by := case when new.status = 'new' then null else auth.uid() end;
  end if;
  return new;
end;
$$;
comment on function private.stamp_investor_request_decision() is
  'Before update on investor_access_requests: a changed status records who decided and when (cleared when set back to new).';
revoke execute on function private.stamp_investor_request_decision() from public;

create trigger investor_access_requests_stamp_decision
  before update of status on public.investor_access_requests
  for each row execute function private.stamp_investor_request_decision();
create trigger investor_access_requests_set_updated_at
  before update on public.investor_access_requests
  for each row execute function private.set_updated_at();

alter table public.investor_access_requests enable row level security;
revoke all on table public.investor_access_requests from anon, authenticated;
grant select, delete on table public.investor_access_requests to authenticated;
grant update (status) on table public.investor_access_requests to authenticated;

create policy "investor_access_requests: system admins read"
  on public.investor_access_requests for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "investor_access_requests: system admins read" on public.investor_access_requests is
  'Names, addresses and messages of prospective investors are for the back office only; the sender cannot read their request back either. No insert policy: request_investor_access() is the only way in.';

create policy "investor_access_requests: system admins decide"
  on public.investor_access_requests for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "investor_access_requests: system admins decide" on public.investor_access_requests is
  'Only the status column is granted: administrators approve or decline; what the visitor wrote stays as written.';

create policy "investor_access_requests: system admins delete"
  on public.investor_access_requests for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "investor_access_requests: system admins delete" on public.investor_access_requests is
  'Removing a request (e.g. on an erasure request) is a back-office decision.';

create function public.request_investor_access(
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

  perform private.lock_visitor_address('investor_access_requests', p_email);
  select count(*) into v_sent from public.investor_access_requests r
   where r.email operator(extensions.=) private.visitor_trim(p_email)::extensions.citext and r.created_at > now() - interval '1 hour';
  perform private.refuse_too_many_requests(v_sent, 3);

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
  'Anyone (anon or signed in) asks for the investor area; stored as new for the back office. Returns the request''s id, nothing else: the sender cannot read it back. Limits: name and organization 200, email 254, message 2000 (optional). Errors: 22023 invalid_investor_access_request (detail: {field: code}, fields name, email, organization, investor_kind, message; codes required, too_long, invalid); PT429 too_many_requests (3 per address per hour).';
revoke execute on function public.request_investor_access(text, text, text, text, text) from public;
grant execute on function public.request_investor_access(text, text, text, text, text) to anon, authenticated;

-- ---------------------------------------------------------------------------
-- contact_messages
-- ---------------------------------------------------------------------------
create type public.contact_topic as enum ('membership', 'partnership', 'press', 'support', 'privacy', 'other');
comment on type public.contact_topic is
  'What a Contact Us message is about, so the back office can route it: membership (joining, applications), partnership, press, support (members'' questions), privacy (data protection requests), other.';

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '[^[:space:]]' and char_length(name) <= 200),
  email extensions.citext not null check (char_length(email::text) between 3 and 254),
  organization text check (organization is null or char_length(organization) <= 200),
  topic public.contact_topic not null,
  message text not null check (message ~ '[^[:space:]]' and char_length(message) <= 4000),
  -- The account that sent it, when the visitor was signed in. History: no FK.
  submitted_by uuid,
  handled boolean not null default false,
  -- Stamped by trigger when handled changes; null while unhandled. History: no FK.
  handled_by uuid,
  handled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.contact_messages is
  'Messages sent with the footer''s Contact Us form. Inserted only by send_contact_message(); read, marked handled and deleted only by system administrators (/admin/messages).';

create function private.stamp_contact_message_handled()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.handled is distinct from old.handled then
    new.handled_at := case when new.handled then now() end;
    new.handled_by := case when new.handled then auth.uid() end;
  end if;
  return new;
end;
$$;
comment on function private.stamp_contact_message_handled() is
  'Before update on contact_messages: marking a message handled records who and when (cleared when marked unhandled again).';
revoke execute on function private.stamp_contact_message_handled() from public;

create trigger contact_messages_stamp_handled
  before update of handled on public.contact_messages
  for each row execute function private.stamp_contact_message_handled();
create trigger contact_messages_set_updated_at
  before update on public.contact_messages
  for each row execute function private.set_updated_at();

alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from anon, authenticated;
grant select, delete on table public.contact_messages to authenticated;
grant update (handled) on table public.contact_messages to authenticated;

create policy "contact_messages: system admins read"
  on public.contact_messages for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "contact_messages: system admins read" on public.contact_messages is
  'Messages may carry personal details; only the back office reads them, not even their sender. No insert policy: send_contact_message() is the only way in.';

create policy "contact_messages: system admins mark handled"
  on public.contact_messages for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "contact_messages: system admins mark handled" on public.contact_messages is
  'Only the handled column is granted: what the visitor wrote stays as written.';

create policy "contact_messages: system admins delete"
  on public.contact_messages for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "contact_messages: system admins delete" on public.contact_messages is
  'Removing a message (spam, or an erasure request) is a back-office decision.';

create function public.send_contact_message(
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

  perform private.lock_visitor_address('contact_messages', p_email);
  select count(*) into v_sent from public.contact_messages m
   where m.email operator(extensions.=) private.visitor_trim(p_email)::extensions.citext and m.created_at > now() - interval '1 hour';
  perform private.refuse_too_many_requests(v_sent, 5);

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
  'Anyone (anon or signed in) writes to the network; stored unhandled for the back office. Returns the message''s id, nothing else: the sender cannot read it back. Limits: name and organization (optional) 200, email 254, message 4000. Errors: 22023 invalid_contact_message (detail: {field: code}, fields name, email, organization, topic, message; codes required, too_long, invalid); PT429 too_many_requests (5 per address per hour).';
revoke execute on function public.send_contact_message(text, text, text, text, text) from public;
grant execute on function public.send_contact_message(text, text, text, text, text) to anon, authenticated;
