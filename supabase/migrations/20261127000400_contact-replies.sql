-- Issue 15: the website's Contact Us messages in /admin/messages, answered by
-- e-mail through the reply-contact-message Edge Function, with the answer kept
-- (docs/decisions/048-contact-messages-answered.md).
--
-- * contact_message_answers keeps every answer: what was written, by whom,
--   when, and how its e-mail fared (pending, sending, sent, failed, with the
--   attempts and the last error). System administrators read them; nobody
--   writes them from the browser.
-- * answer_contact_message() is the one way an answer is written: system
--   administrators only (aal2 when they have a factor, decision 043), as the
--   caller (the Edge Function passes the administrator's JWT), and in the same
--   transaction it marks the message handled and writes network_activity
--   (contact_message.answered). A request id makes it idempotent: the same
--   request sent twice (a double click, a retried fetch) returns the first
--   answer instead of writing a second.
-- * claim_contact_answer_delivery() and record_contact_answer_delivery() are
--   the service role's steps around the e-mail: one sender at a time claims
--   an answer (so two requests never mail it twice), then records sent or
--   failed. A failed answer can be claimed again: "Send again".
-- * contact_answer_for_delivery() lets an administrator ask for a failed
--   answer to be sent again (through the same function).
-- * admin_contact_messages() pages the list for the back office: unhandled
--   first, then newest; filters by topic and handled; a search phrase in the
--   name, address, organisation or message; offset paging with the total.
-- * contact_messages and contact_message_answers join the supabase_realtime
--   publication, so the inbox shows a new message and an answer's delivery
--   state without a reload; Realtime delivers a change only to a subscriber
--   who may select the row (system administrators), as for conversations.

-- ---------------------------------------------------------------------------
-- contact_message_answers
-- ---------------------------------------------------------------------------
create type public.contact_answer_delivery as enum ('pending', 'sending', 'sent', 'failed');
comment on type public.contact_answer_delivery is
  'How an answer''s e-mail fared: pending (saved, not yet sent), sending (a sender has claimed it), sent (the mail server accepted it), failed (it did not; the answer is kept and can be sent again).';

create table public.contact_message_answers (
  id uuid primary key default gen_random_uuid(),
  -- An erasure of the message takes its answers with it: they quote it.
  message_id uuid not null references public.contact_messages (id) on delete cascade,
  body text not null check (body ~ '[^[:space:]]' and char_length(body) <= 10000),
  -- The administrator who wrote it. History: no FK (an administrator's account may go).
  answered_by uuid not null,
  -- The caller's idempotency key: the same request twice is one answer.
  request_id uuid not null unique,
  delivery public.contact_answer_delivery not null default 'pending',
  delivery_attempts integer not null default 0 check (delivery_attempts >= 0),
  -- When the current or last attempt was claimed: a sender that died leaves
  -- 'sending', which may be claimed again once this is old (see the claim).
  delivery_started_at timestamptz,
  delivered_at timestamptz,
  -- The last failure, in words for the administrator (never the mail server's transcript).
  delivery_error text check (delivery_error is null or char_length(delivery_error) <= 500),
  created_at timestamptz not null default now()
);
comment on table public.contact_message_answers is
  'Answers to Contact Us messages, sent to the visitor by e-mail (reply-contact-message). Written only by answer_contact_message() and the service role''s delivery steps; read only by system administrators.';

-- The detail lists a message's answers in order; the foreign key needs an index
-- anyway. Unique by construction (ends in id), as the advisors want of an index
-- a fresh database has not used yet (decision 031).
create unique index contact_message_answers_message_order_key on public.contact_message_answers (message_id, created_at, id);
comment on index public.contact_message_answers_message_order_key is
  'A message''s answers in order (admin_contact_message_answers), the list''s counts, and the cascade from contact_messages. Unique by construction.';

alter table public.contact_message_answers enable row level security;
revoke all on table public.contact_message_answers from anon, authenticated;
grant select on table public.contact_message_answers to authenticated;

create policy "contact_message_answers: system admins read"
  on public.contact_message_answers for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "contact_message_answers: system admins read" on public.contact_message_answers is
  'The back office reads what it answered. No insert, update or delete policy: answer_contact_message() and the service role''s delivery steps are the only writers.';

create policy "contact_message_answers: aal2 for people with a factor"
  on public.contact_message_answers as restrictive for all to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));
comment on policy "contact_message_answers: aal2 for people with a factor" on public.contact_message_answers is
  'Back office only: a session below aal2 of someone with a verified factor reads nothing here (decision 043).';

-- New messages and answers' delivery states reach the open inbox live, each
-- only to subscribers whose RLS lets them select it (decision 044).
alter publication supabase_realtime add table public.contact_messages, public.contact_message_answers;

-- ---------------------------------------------------------------------------
-- The audit trigger on contact_messages, quiet when the answer RPC tells it
-- ---------------------------------------------------------------------------
-- answer_contact_message() marks the message handled and records
-- contact_message.answered itself; without this the same act would also be
-- told as contact_message.updated. Only a function can set the flag: PostgREST
-- lets no caller run set_config. Same arguments as in 20261125000200.
drop trigger contact_messages_audit on public.contact_messages;
create trigger contact_messages_audit
  after update or delete on public.contact_messages
  for each row
  when (coalesce(current_setting('accord.activity_recorded_by', true), '') <> 'contact_answer')
  execute function private.audit_privileged_change('contact_message', '', 'submitted_by', '', 'updated', 'deleted');

-- ---------------------------------------------------------------------------
-- What the Edge Function needs to write the e-mail
-- ---------------------------------------------------------------------------
-- One row shape for the answer RPCs and their helper.
create type public.contact_answer_mail as (
  answer_id uuid,
  message_id uuid,
  body text,
  delivery public.contact_answer_delivery,
  -- False when the request had already been kept (the same request id again) or for "Send again".
  created boolean,
  recipient_name text,
  recipient_email text,
  topic public.contact_topic,
  original_message text,
  original_sent_at timestamptz
);
comment on type public.contact_answer_mail is
  'An answer with what its e-mail needs: the visitor''s name and address and their original message. Returned by answer_contact_message() and contact_answer_for_delivery().';

create function private.contact_answer_delivery_row(p_answer_id uuid, p_created boolean)
returns setof public.contact_answer_mail
language sql
stable
security definer
set search_path = ''
as $$
  select a.id, a.message_id, a.body, a.delivery, p_created,
         m.name, m.email::text, m.topic, m.message, m.created_at
    from public.contact_message_answers a
    join public.contact_messages m on m.id = a.message_id
   where a.id = p_answer_id;
$$;
comment on function private.contact_answer_delivery_row(uuid, boolean) is
  'One answer with what its e-mail needs (the visitor''s name and address, the original message). For the answer RPCs, which check the caller first.';
revoke execute on function private.contact_answer_delivery_row(uuid, boolean) from public;

-- ---------------------------------------------------------------------------
-- Answering: system administrators, as themselves
-- ---------------------------------------------------------------------------
create function public.answer_contact_message(p_message_id uuid, p_body text, p_request_id uuid)
returns setof public.contact_answer_mail
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_body text := private.visitor_trim(p_body);
  v_message public.contact_messages%rowtype;
  v_existing public.contact_message_answers%rowtype;
  v_answer_id uuid;
begin
  perform private.require_system_admin('answer contact messages');
  if v_body is null or v_body = '' then
    raise exception using errcode = 'invalid_parameter_value', message = 'answer_required',
      detail = 'Write the answer before sending it.';
  end if;
  if char_length(v_body) > 10000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'answer_too_long',
      detail = 'An answer can be at most 10,000 characters.';
  end if;
  if p_request_id is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'request_id_required',
      detail = 'Pass a new uuid as p_request_id for each answer (and the same one when sending the same answer again).';
  end if;

  -- The message's row lock serialises answers to it, so the same request sent
  -- twice at once finds the first one's answer instead of racing it.
  select * into v_message from public.contact_messages m where m.id = p_message_id for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = 'contact_message_not_found',
      detail = 'This message no longer exists.';
  end if;

  select * into v_existing from public.contact_message_answers a where a.request_id = p_request_id;
  if found then
    if v_existing.message_id is distinct from p_message_id or v_existing.answered_by is distinct from auth.uid() then
      raise exception using errcode = 'invalid_parameter_value', message = 'request_id_reused',
        detail = 'This request id belongs to another answer. Use a new one.';
    end if;
    return query select * from private.contact_answer_delivery_row(v_existing.id, false);
    return;
  end if;

  insert into public.contact_message_answers (message_id, body, answered_by, request_id)
  values (p_message_id, v_body, auth.uid(), p_request_id)
  returning id into v_answer_id;

  if not v_message.handled then
    perform pg_catalog.set_config('accord.activity_recorded_by', 'contact_answer', true);
    update public.contact_messages m set handled = true where m.id = p_message_id;
    perform pg_catalog.set_config('accord.activity_recorded_by', '', true);
  end if;

  insert into public.network_activity (actor_id, action, subject_user_id, details)
  values (
    auth.uid(),
    'contact_message.answered',
    v_message.submitted_by,
    jsonb_build_object(
      'message_id', p_message_id,
      'answer_id', v_answer_id,
      'topic', v_message.topic,
      'sender_name', v_message.name,
      'marked_handled', not v_message.handled
    )
  );

  return query select * from private.contact_answer_delivery_row(v_answer_id, true);
end;
$$;
comment on function public.answer_contact_message(uuid, text, uuid) is
  'System administrators only (aal2 when they have a factor: else 42501 aal2_required). Keeps an answer to a Contact Us message (delivery pending), marks the message handled and records contact_message.answered, in one transaction; returns the answer with what its e-mail needs. Idempotent on p_request_id: the same request again returns the first answer (created false). Errors: 22023 answer_required, answer_too_long (10,000), request_id_required, request_id_reused; P0002 contact_message_not_found. The e-mail is sent by the reply-contact-message Edge Function.';
revoke execute on function public.answer_contact_message(uuid, text, uuid) from public, anon;
grant execute on function public.answer_contact_message(uuid, text, uuid) to authenticated;

create function public.contact_answer_for_delivery(p_answer_id uuid)
returns setof public.contact_answer_mail
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('send answers to contact messages');
  return query select * from private.contact_answer_delivery_row(p_answer_id, false);
  if not found then
    raise exception using errcode = 'no_data_found', message = 'contact_answer_not_found',
      detail = 'This answer no longer exists.';
  end if;
end;
$$;
comment on function public.contact_answer_for_delivery(uuid) is
  'System administrators only (aal2 when they have a factor). An answer already kept, with what its e-mail needs: for "Send again" after a failed e-mail. Changes nothing; the claim decides whether it is sent. Errors: 42501; P0002 contact_answer_not_found.';
revoke execute on function public.contact_answer_for_delivery(uuid) from public, anon;
grant execute on function public.contact_answer_for_delivery(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Delivery: the service role's steps around the e-mail
-- ---------------------------------------------------------------------------
create function public.claim_contact_answer_delivery(p_answer_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- One row update is atomic: of two senders, one matches and the other finds
  -- 'sending'. A claim older than two minutes is a sender that died.
  update public.contact_message_answers a
     set delivery = 'sending',
         delivery_started_at = now(),
         delivery_attempts = a.delivery_attempts + 1
   where a.id = p_answer_id
     and (a.delivery in ('pending', 'failed')
          or (a.delivery = 'sending' and a.delivery_started_at < now() - interval '2 minutes'));
  return found;
end;
$$;
comment on function public.claim_contact_answer_delivery(uuid) is
  'Service role only (reply-contact-message). Claims an answer''s e-mail for one sender: true when it was pending, failed, or left sending for over two minutes; false otherwise (sent, or another sender has it), and then nothing is to be sent.';
revoke execute on function public.claim_contact_answer_delivery(uuid) from public, anon, authenticated;
grant execute on function public.claim_contact_answer_delivery(uuid) to service_role;

create function public.record_contact_answer_delivery(p_answer_id uuid, p_sent boolean, p_error text default null)
returns public.contact_answer_delivery
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_answer public.contact_message_answers%rowtype;
begin
  if p_sent is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_delivery',
      detail = 'p_sent must be true or false.';
  end if;
  update public.contact_message_answers a
     set delivery = case when p_sent then 'sent' else 'failed' end::public.contact_answer_delivery,
         delivered_at = case when p_sent then now() end,
         delivery_error = case when p_sent then null
                               else left(coalesce(nullif(btrim(p_error), ''), 'The e-mail could not be sent.'), 500) end
   where a.id = p_answer_id and a.delivery = 'sending'
  returning * into v_answer;
  if not found then
    raise exception using errcode = 'invalid_parameter_value', message = 'delivery_not_claimed',
      detail = 'Only an answer claimed with claim_contact_answer_delivery() can be recorded as sent or failed.';
  end if;

  insert into public.network_activity (actor_id, action, details)
  values (
    null,
    case when p_sent then 'contact_message.answer_sent' else 'contact_message.answer_failed' end,
    jsonb_strip_nulls(jsonb_build_object(
      'message_id', v_answer.message_id,
      'answer_id', v_answer.id,
      'answered_by', v_answer.answered_by,
      'attempt', v_answer.delivery_attempts,
      'error', v_answer.delivery_error
    ))
  );
  return v_answer.delivery;
end;
$$;
comment on function public.record_contact_answer_delivery(uuid, boolean, text) is
  'Service role only (reply-contact-message). Records how a claimed answer''s e-mail fared: sent (p_sent true) or failed with p_error (at most 500 characters, in words for the administrator), and writes contact_message.answer_sent or .answer_failed. Errors: 22023 invalid_delivery, delivery_not_claimed.';
revoke execute on function public.record_contact_answer_delivery(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.record_contact_answer_delivery(uuid, boolean, text) to service_role;

-- ---------------------------------------------------------------------------
-- Reading: the list and a message's answers
-- ---------------------------------------------------------------------------
create function public.admin_contact_messages(
  p_topic public.contact_topic default null,
  p_handled boolean default null,
  p_search text default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  name text,
  email text,
  organization text,
  topic public.contact_topic,
  message_preview text,
  handled boolean,
  created_at timestamptz,
  answer_count integer,
  last_delivery public.contact_answer_delivery,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(p_search), '');
  v_pattern text;
begin
  perform private.require_system_admin('read Contact Us messages');
  if char_length(v_search) > 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_search',
      detail = 'Search for at most 200 characters.';
  end if;
  if p_offset < 0 or p_offset > 100000 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_page',
      detail = 'p_offset must be between 0 and 100000.';
  end if;
  -- The search is a phrase, not a pattern: % _ and \ match themselves.
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- Offset paging with the total: Contact Us is rate-limited per address and
  -- network (20261124000500), so the table stays small enough to count, and
  -- "Page 2 of 5" is what the back office's pagination shows (decision 048).
  return query
    select m.id, m.name, m.email::text, m.organization, m.topic, left(m.message, 200), m.handled, m.created_at,
           (select count(*)::integer from public.contact_message_answers a where a.message_id = m.id),
           (select a.delivery from public.contact_message_answers a where a.message_id = m.id
             order by a.created_at desc, a.id desc limit 1),
           count(*) over ()
      from public.contact_messages m
     where (p_topic is null or m.topic = p_topic)
       and (p_handled is null or m.handled = p_handled)
       and (v_search is null
            or m.name ilike v_pattern
            or m.email::text ilike v_pattern
            or coalesce(m.organization, '') ilike v_pattern
            or m.message ilike v_pattern)
     order by m.handled, m.created_at desc, m.id desc
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset coalesce(p_offset, 0);
end;
$$;
comment on function public.admin_contact_messages(public.contact_topic, boolean, text, integer, integer) is
  'System administrators only (/admin/messages?view=contact): Contact Us messages, unhandled first, then newest. Filters: p_topic, p_handled; p_search a phrase in the name, address, organisation or message. Offset-paged (p_limit 1–100, p_offset), each row carrying the total. With a preview, the number of answers and the newest answer''s delivery. Errors: 42501 (aal2_required); 22023 invalid_search, invalid_page.';
revoke execute on function public.admin_contact_messages(public.contact_topic, boolean, text, integer, integer) from public, anon;
grant execute on function public.admin_contact_messages(public.contact_topic, boolean, text, integer, integer) to authenticated;

create function public.admin_contact_message_answers(p_message_id uuid)
returns table (
  id uuid,
  body text,
  answered_by uuid,
  answered_by_name text,
  created_at timestamptz,
  delivery public.contact_answer_delivery,
  delivery_attempts integer,
  delivered_at timestamptz,
  delivery_error text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('read answers to Contact Us messages');
  return query
    select a.id, a.body, a.answered_by, coalesce(nullif(p.full_name, ''), p.email::text), a.created_at,
           a.delivery, a.delivery_attempts, a.delivered_at, a.delivery_error
      from public.contact_message_answers a
      left join public.profiles p on p.id = a.answered_by
     where a.message_id = p_message_id
     order by a.created_at, a.id;
end;
$$;
comment on function public.admin_contact_message_answers(uuid) is
  'System administrators only (aal2 when they have a factor). A Contact Us message''s answers, oldest first, with the name (or address) of the administrator who wrote each and its e-mail''s delivery state.';
revoke execute on function public.admin_contact_message_answers(uuid) from public, anon;
grant execute on function public.admin_contact_message_answers(uuid) to authenticated;
