-- Issue 28: a message or a new conversation sent again is stored once.
--
-- The browser sends a request id with each message and each new conversation
-- (a UUID made when the person presses Send, kept for every retry of what they
-- typed). When the answer is lost after the commit (the API restarted, the
-- connection dropped) and the app sends again, or a second tab sends the same,
-- the function answers with what the first request wrote instead of writing it
-- twice, as Stripe's idempotency keys do. The ids are per author: one person's
-- id never matches another's write. Calls without an id behave as before.

alter table public.conversation_messages add column request_id uuid;
comment on column public.conversation_messages.request_id is
  'The id the author''s app sent with the message (per author, unique): the same request sent again returns this message instead of writing another. Null for messages written without one.';
create unique index conversation_messages_author_request_key
  on public.conversation_messages (author_id, request_id) where request_id is not null;

alter table public.conversations add column request_id uuid;
comment on column public.conversations.request_id is
  'The id the app sent with start_conversation (per creator, unique): the same request sent again returns this conversation. Null when started without one.';
create unique index conversations_creator_request_key
  on public.conversations (created_by, request_id) where request_id is not null;

create function private.raise_request_reused()
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'invalid_parameter_value', message = 'request_reused',
    detail = 'This request was already used for something else. Reload the page and send it again.';
end;
$$;
comment on function private.raise_request_reused() is
  'Refuses a request id the caller already used for a different message or conversation (22023 request_reused): an id names one write.';
revoke execute on function private.raise_request_reused() from public;

create function private.conversation_started_by_request(p_request_id uuid, p_organization_id uuid, p_subject text, p_body text)
returns public.conversations
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v public.conversations;
begin
  if p_request_id is null then
    return v;
  end if;
  select c.* into v from public.conversations c where c.created_by = auth.uid() and c.request_id = p_request_id;
  if v.id is not null and (v.organization_id <> p_organization_id or v.subject <> p_subject
      or (select m.body from public.conversation_messages m where m.conversation_id = v.id order by m.created_at, m.id limit 1) is distinct from p_body) then
    perform private.raise_request_reused();
  end if;
  return v;
end;
$$;
comment on function private.conversation_started_by_request(uuid, uuid, text, text) is
  'For start_conversation: the conversation the caller already started with this request id (all fields null when none); 22023 request_reused when that id started a different one.';
revoke execute on function private.conversation_started_by_request(uuid, uuid, text, text) from public;

drop function public.post_message(uuid, text, text[]);
drop function public.start_conversation(uuid, text, text);
drop function private.write_message(public.conversations, text, text[]);

create function private.write_message(p_conversation public.conversations, p_body text, p_attachments text[], p_request_id uuid)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id bigint;
  v_at timestamptz := clock_timestamp();
  v_path text;
  v_object record;
  v_prefix text := p_conversation.organization_id::text || '/' || p_conversation.id::text || '/';
begin
  if private.conversation_text_problem(p_body, 10000) is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_body',
      detail = case private.conversation_text_problem(p_body, 10000)
        when 'empty' then 'Write a message.'
        else 'A message can be at most 10,000 characters.' end;
  end if;
  if coalesce(cardinality(p_attachments), 0) > 10 then
    raise exception using errcode = 'invalid_parameter_value', message = 'too_many_attachments',
      detail = 'A message can carry at most 10 files.';
  end if;
  -- Messages are ordered by created_at: never before the newest one.
  v_at := greatest(v_at, p_conversation.last_message_at);

  insert into public.conversation_messages (conversation_id, organization_id, author_id, from_network, body, created_at, request_id)
  values (p_conversation.id, p_conversation.organization_id, auth.uid(), private.is_system_admin(), p_body, v_at, p_request_id)
  returning id into v_id;

  foreach v_path in array coalesce(p_attachments, '{}') loop
    select o.name, o.metadata, o.owner_id into v_object
      from storage.objects o
     where o.bucket_id = 'conversation_attachments' and o.name = v_path;
    -- Only a file the caller uploaded into this conversation's folder, not yet sent.
    if v_object.name is null or left(v_path, char_length(v_prefix)) <> v_prefix
       or v_object.owner_id is distinct from auth.uid()::text
       or exists (select 1 from public.conversation_attachments a where a.object_path = v_path) then
      raise exception using errcode = 'invalid_parameter_value', message = 'invalid_attachment',
        detail = 'Upload the file to this conversation first; each file is sent once.';
    end if;
    insert into public.conversation_attachments
      (message_id, conversation_id, organization_id, object_path, name, mime_type, byte_size, created_at)
    values (
      v_id, p_conversation.id, p_conversation.organization_id, v_path,
      left(regexp_replace(v_path, '^.*/', ''), 200),
      v_object.metadata ->> 'mimetype',
      (v_object.metadata ->> 'size')::bigint,
      v_at
    );
  end loop;

  update public.conversations c set last_message_at = v_at where c.id = p_conversation.id;
  insert into public.conversation_reads (user_id, conversation_id, last_read_at)
  values (auth.uid(), p_conversation.id, v_at)
  on conflict (user_id, conversation_id) do update set last_read_at = excluded.last_read_at;
  return v_id;
end;
$$;
comment on function private.write_message(public.conversations, text, text[], uuid) is
  'For start_conversation and post_message, after their checks: inserts the message (author the caller, side fixed, the request id it came with) and its attachments (files the caller uploaded to the conversation''s folder, each once), moves last_message_at and the author''s read mark. 22023 invalid_body, too_many_attachments, invalid_attachment.';
revoke execute on function private.write_message(public.conversations, text, text[], uuid) from public;

create function public.start_conversation(
  p_organization_id uuid,
  p_subject text,
  p_body text,
  p_request_id uuid default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.conversations;
  v_admin boolean := private.is_system_admin();
  v_subject text := btrim(p_subject);
  v_earlier public.conversations;
begin
  if auth.uid() is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if not v_admin and (p_organization_id is null or p_organization_id not in (select private.member_organization_ids())) then
    if private.holds_system_admin_grant() then
      perform private.raise_aal2_required('write to an organisation');
    end if;
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_member',
      detail = 'Only the organisation''s members and the network''s administrators can start its conversations.';
  end if;
  if not exists (select 1 from public.organizations o where o.id = p_organization_id) then
    raise exception using errcode = 'no_data_found', message = 'organization_not_found';
  end if;
  if private.conversation_text_problem(v_subject, 200) is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_subject',
      detail = case private.conversation_text_problem(v_subject, 200)
        when 'empty' then 'Give the conversation a subject.'
        else 'A subject can be at most 200 characters.' end;
  end if;
  if private.conversation_text_problem(p_body, 10000) is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_body',
      detail = case private.conversation_text_problem(p_body, 10000)
        when 'empty' then 'Write a message.'
        else 'A message can be at most 10,000 characters.' end;
  end if;

  -- The same request again (a retry after a lost answer, a second tab): the conversation it started.
  v_earlier := private.conversation_started_by_request(p_request_id, p_organization_id, v_subject, p_body);
  if v_earlier.id is not null then
    return v_earlier.id;
  end if;

  -- An administrator who starts a conversation answers it.
  begin
    insert into public.conversations (organization_id, subject, created_by, assigned_to, last_message_at, request_id)
    values (p_organization_id, v_subject, auth.uid(), case when v_admin then auth.uid() end, clock_timestamp(), p_request_id)
    returning * into v;
  exception when unique_violation then
    -- The same request, sent at the same moment, committed first: its conversation.
    v_earlier := private.conversation_started_by_request(p_request_id, p_organization_id, v_subject, p_body);
    return v_earlier.id;
  end;
  -- The id names the conversation; its first message needs none of its own.
  perform private.write_message(v, p_body, null, null);
  perform private.log_conversation('conversation.started', v,
    jsonb_build_object('by', case when v_admin then 'network' else 'organization' end));
  return v.id;
end;
$$;
comment on function public.start_conversation(uuid, text, text, uuid) is
  'Starts a conversation with its first message. Members for their own organisation; system administrators with any (and it is assigned to them). The first message carries no files: they are uploaded into the conversation''s folder, so they go with a reply (post_message). p_request_id: the app''s id for this request; the same id again returns the conversation it started (nothing written, nothing logged). Returns the conversation id. Errors: 42501 not_authenticated, not_organization_member, aal2_required; P0002 organization_not_found; 22023 invalid_subject, invalid_body, request_reused.';
revoke execute on function public.start_conversation(uuid, text, text, uuid) from public, anon;
grant execute on function public.start_conversation(uuid, text, text, uuid) to authenticated;

create function public.post_message(p_conversation_id uuid, p_body text, p_attachments text[] default null, p_request_id uuid default null)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.conversations := private.conversation_for_caller(p_conversation_id, 'update');
  v_admin boolean := private.is_system_admin();
  v_id bigint;
  v_earlier public.conversation_messages;
begin
  -- The same request again: the message it wrote, not a second one. Looked up
  -- once the conversation is locked, so a concurrent twin has committed by now.
  if p_request_id is not null then
    select m.* into v_earlier from public.conversation_messages m
     where m.author_id = auth.uid() and m.request_id = p_request_id;
    if v_earlier.id is not null then
      if v_earlier.conversation_id <> v.id or v_earlier.body <> p_body then
        perform private.raise_request_reused();
      end if;
      return v_earlier.id;
    end if;
  end if;
  if v.status = 'closed' and not v_admin then
    raise exception using errcode = 'invalid_parameter_value', message = 'conversation_closed',
      detail = 'This conversation is closed. Start a new one.';
  end if;
  v_id := private.write_message(v, p_body, p_attachments, p_request_id);
  if v.status = 'closed' then
    update public.conversations c set status = 'open', closed_at = null where c.id = v.id returning * into v;
    perform private.log_conversation('conversation.reopened', v, '{"by_message": true}');
  end if;
  return v_id;
end;
$$;
comment on function public.post_message(uuid, text, text[], uuid) is
  'Writes a message to a conversation the caller may read: members to their organisation''s open ones, system administrators to any (a closed one is reopened and that is logged). p_attachments: object names the caller uploaded to `<organization id>/<conversation id>/…` in the conversation_attachments bucket. p_request_id: the app''s id for this request; the same id again returns the message it wrote. Returns the message id. Errors: P0002 conversation_not_found; 42501 not_authenticated, aal2_required; 22023 conversation_closed, invalid_body, too_many_attachments, invalid_attachment, request_reused.';
revoke execute on function public.post_message(uuid, text, text[], uuid) from public, anon;
grant execute on function public.post_message(uuid, text, text[], uuid) to authenticated;
