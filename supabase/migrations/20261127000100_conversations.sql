-- Issue 15: conversations between an organisation and the network
-- (docs/decisions/045-conversations.md).
--
-- An organisation's members and the network's system administrators talk in
-- conversations: a subject, immutable messages, optional attachments in a
-- private bucket, open or closed, assigned to an administrator. Who may do
-- what is decided here:
-- * Read: the organisation's members (any role) read its conversations,
--   messages and attachments; system administrators (private.is_system_admin,
--   aal2 when they have a factor, decision 043) read all; nobody else.
-- * Write: only through the security-definer RPCs below. Members start
--   conversations for their own organisation and post to its open ones;
--   administrators start them with any organisation, post to any (posting to a
--   closed one reopens it), assign, close and reopen.
-- * Messages never change once written: no API role may update or delete
--   them, and a trigger refuses UPDATE whoever asks.
-- * Each conversation-level action (started, assigned, unassigned, closed,
--   reopened) is written to public.network_activity in the same transaction.
--   Messages are not: each one is its own immutable record, and the audit
--   trail must not copy their bodies.
--
-- Unread state is per person (conversation_reads). Posts to one conversation
-- are serialised on its row (FOR UPDATE) and marking it read waits for them
-- (FOR SHARE), so a message that commits after someone read the conversation
-- always counts as unread for them.
--
-- The three tables are in the supabase_realtime publication: Realtime delivers
-- their changes to a subscriber only when the subscriber may select the row
-- under the policies below. Messages and attachments carry their
-- organisation's id (kept consistent by a composite foreign key), so the
-- policies need no join and a subscriber can filter on organization_id.
--
-- Applies unchanged to hosted Supabase (runs as `postgres`; no COMMENT ON
-- POLICY on storage.objects, see 20261122003000).

-- ---------------------------------------------------------------------------
-- conversations
-- ---------------------------------------------------------------------------
create type public.conversation_status as enum ('open', 'closed');
comment on type public.conversation_status is
  'open: either side may write (members only while open). closed: settled by an administrator; members start a new conversation, an administrator''s post reopens it.';

create table public.conversations (
  id uuid not null default gen_random_uuid() primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  subject text not null
    constraint conversations_subject_check check (char_length(subject) between 1 and 200 and subject = btrim(subject)),
  status public.conversation_status not null default 'open',
  -- A system administrator, checked by assign_conversation. No FK: like the
  -- other history columns it outlives the account (the name is looked up).
  assigned_to uuid,
  -- Who started it. History: no FK.
  created_by uuid,
  created_at timestamptz not null default now(),
  -- The newest message's created_at: the lists' order and the unread test.
  last_message_at timestamptz not null default now(),
  closed_at timestamptz,
  constraint conversations_closed_at_check check ((status = 'closed') = (closed_at is not null))
);
comment on table public.conversations is
  'Conversations between an organisation and the network''s administrators (/dashboard/messages, /admin/messages). Read by the organisation''s members and system administrators; written only by the conversation RPCs.';
comment on column public.conversations.subject is 'What it is about, 1–200 characters, trimmed.';
comment on column public.conversations.assigned_to is 'The system administrator who answers it; null while unassigned.';
comment on column public.conversations.created_by is 'The account that started it (a member or an administrator).';
comment on column public.conversations.last_message_at is 'When its newest message was written; lists are ordered by it, and it is unread for a person while it is newer than their read mark.';
comment on column public.conversations.closed_at is 'When it was last closed; null while open.';

-- The target of the messages' and attachments' composite foreign keys.
create unique index conversations_id_organization_key on public.conversations (id, organization_id);
-- my_conversations and the organisation filter of admin_conversations (and the
-- foreign key to organizations): keyset on (last_message_at, id).
create unique index conversations_organization_order_key on public.conversations (organization_id, last_message_at, id);
-- admin_conversations unfiltered, by status, and "mine"/"unassigned".
create unique index conversations_order_key on public.conversations (last_message_at, id);
create unique index conversations_status_order_key on public.conversations (status, last_message_at, id);
create unique index conversations_assignee_order_key on public.conversations (assigned_to, last_message_at, id);

alter table public.conversations enable row level security;
revoke all on table public.conversations from anon, authenticated;
grant select on table public.conversations to authenticated;

create policy "conversations: own organisation's, all as system admin"
  on public.conversations for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "conversations: own organisation's, all as system admin" on public.conversations is
  'Any member of the organisation reads its conversations; system administrators read all. No write policies: the RPCs write.';

-- ---------------------------------------------------------------------------
-- conversation_messages
-- ---------------------------------------------------------------------------
create table public.conversation_messages (
  id bigint generated always as identity primary key,
  conversation_id uuid not null,
  organization_id uuid not null,
  -- The account that wrote it, always the caller of the RPC. History: no FK.
  author_id uuid,
  -- Which side wrote it, fixed when written: a later change of the author's
  -- grants does not move their words to the other side.
  from_network boolean not null,
  body text not null
    constraint conversation_messages_body_check check (char_length(body) between 1 and 10000 and body ~ '\S'),
  created_at timestamptz not null default now(),
  constraint conversation_messages_conversation_fkey
    foreign key (conversation_id, organization_id) references public.conversations (id, organization_id) on delete cascade
);
comment on table public.conversation_messages is
  'The messages of a conversation, oldest first. Plain text, immutable once written (no API role updates or deletes; a trigger refuses updates). Written only by start_conversation and post_message.';
comment on column public.conversation_messages.organization_id is 'The conversation''s organisation, copied so the policy and Realtime filters need no join.';
comment on column public.conversation_messages.author_id is 'The account that wrote it.';
comment on column public.conversation_messages.from_network is 'True when a system administrator wrote it (the network''s side), false for the organisation''s side.';
comment on column public.conversation_messages.body is 'Plain text, 1–10,000 characters; shown as text, never as HTML.';

-- The thread in order (and the foreign key).
create unique index conversation_messages_conversation_order_key
  on public.conversation_messages (conversation_id, organization_id, created_at, id);

alter table public.conversation_messages enable row level security;
revoke all on table public.conversation_messages from anon, authenticated;
grant select on table public.conversation_messages to authenticated;

create policy "conversation_messages: own organisation's, all as system admin"
  on public.conversation_messages for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "conversation_messages: own organisation's, all as system admin" on public.conversation_messages is
  'Readers of the conversation read its messages. No write policies: start_conversation and post_message write, and nothing changes a message.';

create function private.refuse_message_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'insufficient_privilege', message = 'message_immutable',
    detail = 'A message cannot be changed once it is written.';
end;
$$;
comment on function private.refuse_message_change() is
  'Before update on conversation_messages and conversation_attachments: refuses every change, whoever makes it (42501 message_immutable). Deleting the conversation still removes them, for erasure.';
revoke execute on function private.refuse_message_change() from public;

create trigger conversation_messages_immutable
  before update on public.conversation_messages
  for each row execute function private.refuse_message_change();
comment on trigger conversation_messages_immutable on public.conversation_messages is
  'Messages are a record: nobody edits them, not even the service role.';

-- ---------------------------------------------------------------------------
-- conversation_attachments
-- ---------------------------------------------------------------------------
create table public.conversation_attachments (
  id bigint generated always as identity primary key,
  message_id bigint not null references public.conversation_messages (id) on delete cascade,
  conversation_id uuid not null,
  organization_id uuid not null,
  -- The object in the private conversation_attachments bucket:
  -- `<organization id>/<conversation id>/<anything>/<file name>`. Attached once.
  object_path text not null
    constraint conversation_attachments_object_path_key unique
    constraint conversation_attachments_object_path_check
    check (object_path like organization_id::text || '/' || conversation_id::text || '/%' and char_length(object_path) <= 400),
  name text not null constraint conversation_attachments_name_check check (char_length(name) between 1 and 200),
  mime_type text not null
    constraint conversation_attachments_mime_type_check check (mime_type in ('application/pdf', 'image/png', 'image/jpeg')),
  byte_size bigint not null constraint conversation_attachments_byte_size_check check (byte_size between 0 and 10485760),
  created_at timestamptz not null default now(),
  constraint conversation_attachments_conversation_fkey
    foreign key (conversation_id, organization_id) references public.conversations (id, organization_id) on delete cascade
);
comment on table public.conversation_attachments is
  'Files sent with a message (PDF, PNG or JPEG, at most 10 MB), stored in the private conversation_attachments bucket and opened through signed URLs. Recorded by post_message from what Storage holds; immutable.';
comment on column public.conversation_attachments.object_path is 'Object name in the conversation_attachments bucket.';
comment on column public.conversation_attachments.name is 'The file''s name as shown (the object name''s last part).';
comment on column public.conversation_attachments.mime_type is 'As Storage recorded it on upload.';
comment on column public.conversation_attachments.byte_size is 'As Storage recorded it on upload.';

-- A message's files (and the foreign key to messages).
create unique index conversation_attachments_message_key on public.conversation_attachments (message_id, id);
-- The composite foreign key to conversations.
create unique index conversation_attachments_conversation_key
  on public.conversation_attachments (conversation_id, organization_id, id);

alter table public.conversation_attachments enable row level security;
revoke all on table public.conversation_attachments from anon, authenticated;
grant select on table public.conversation_attachments to authenticated;

create policy "conversation_attachments: own organisation's, all as system admin"
  on public.conversation_attachments for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "conversation_attachments: own organisation's, all as system admin" on public.conversation_attachments is
  'Readers of the conversation see its files. No write policies: post_message records them.';

create trigger conversation_attachments_immutable
  before update on public.conversation_attachments
  for each row execute function private.refuse_message_change();
comment on trigger conversation_attachments_immutable on public.conversation_attachments is
  'An attachment is part of its message''s record.';

-- ---------------------------------------------------------------------------
-- conversation_reads: each person's read mark
-- ---------------------------------------------------------------------------
create table public.conversation_reads (
  user_id uuid not null references auth.users (id) on delete cascade,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  -- The conversation's last_message_at when this person last read it.
  last_read_at timestamptz not null,
  primary key (user_id, conversation_id)
);
comment on table public.conversation_reads is
  'How far each person has read each conversation: it is unread for them while its last_message_at is newer. Written by mark_conversation_read, post_message and start_conversation; each person reads only their own.';
comment on column public.conversation_reads.last_read_at is 'The conversation''s last_message_at when they last read it (or wrote to it).';

-- The foreign key to conversations (the key serves the person's own lookups).
create unique index conversation_reads_conversation_key on public.conversation_reads (conversation_id, user_id);

alter table public.conversation_reads enable row level security;
revoke all on table public.conversation_reads from anon, authenticated;
grant select on table public.conversation_reads to authenticated;

create policy "conversation_reads: own"
  on public.conversation_reads for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "conversation_reads: own" on public.conversation_reads is
  'A person sees only their own read marks (what colleagues read is theirs). No write policies: the RPCs write.';

-- ---------------------------------------------------------------------------
-- Realtime
-- ---------------------------------------------------------------------------
alter publication supabase_realtime add table public.conversations, public.conversation_messages, public.conversation_attachments;

-- ---------------------------------------------------------------------------
-- Storage: the private conversation_attachments bucket
-- ---------------------------------------------------------------------------
-- 10 MiB, PDF/PNG/JPEG, enforced by Storage on upload (as for
-- application_documents). `on conflict` brings a hand-made bucket to these settings.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('conversation_attachments', 'conversation_attachments', false, 10485760,
        array['application/pdf', 'image/png', 'image/jpeg'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- May the caller add a file under `name` (`<organization id>/<conversation id>/…`)?
-- Members: to an open conversation of their organisation. System
-- administrators: to any conversation (their post reopens a closed one).
create function private.may_attach_to_conversation(p_object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.conversations c
     where c.organization_id::text = split_part(p_object_name, '/', 1)
       and c.id::text = split_part(p_object_name, '/', 2)
       and (
         (c.status = 'open' and c.organization_id in (select private.member_organization_ids()))
         or private.is_system_admin()
       )
  );
$$;
comment on function private.may_attach_to_conversation(text) is
  'For the storage INSERT policy of conversation_attachments: true when the object''s first two folders are a conversation the caller may post to.';
revoke execute on function private.may_attach_to_conversation(text) from public;
grant execute on function private.may_attach_to_conversation(text) to authenticated, service_role;

-- storage.objects keeps one permissive policy per role and action
-- (20261122003000; tests/storage/storage-migrations.test.ts), so the SELECT
-- policy of 20261122004000 and the INSERT policy of 20261124000400 are
-- replaced by the same rules plus the conversation_attachments bucket's.
-- UPDATE and DELETE are unchanged and name other buckets only: nobody
-- replaces, moves or removes a conversation file once uploaded (a plain
-- upload onto an existing name is 409).
drop policy "storage.objects: own organisation's files, all as system admin" on storage.objects;
drop policy "storage.objects: add drafts, change-request answers, logos" on storage.objects;

-- Reading (download, signed URLs, listing). Application documents and logos as
-- before. Conversation files: the organisation's members by the first
-- folder, system administrators all.
create policy "storage.objects: own organisation's files, all as system admin"
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
  );

-- Adding. Application documents and logos exactly as in 20261124000400.
-- Conversation files: at least three folders deep (the conversation's folder
-- holds no loose files), into a conversation the uploader may post to.
create policy "storage.objects: add drafts, change-request answers, logos, conversation files"
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
  );

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------
-- The conversation, locked, if the caller may read it; else conversation_not_found
-- (the same answer whether it does not exist or is another organisation's).
create function private.conversation_for_caller(p_conversation_id uuid, p_lock text)
returns public.conversations
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.conversations;
begin
  if auth.uid() is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if p_lock = 'update' then
    select * into v from public.conversations c where c.id = p_conversation_id for update;
  else
    select * into v from public.conversations c where c.id = p_conversation_id for share;
  end if;
  if v.id is null
     or not (v.organization_id in (select private.member_organization_ids()) or private.is_system_admin()) then
    if private.holds_system_admin_grant() and v.id is not null then
      perform private.raise_aal2_required('read the network''s conversations');
    end if;
    raise exception using errcode = 'no_data_found', message = 'conversation_not_found',
      detail = 'There is no such conversation, or it is not your organisation''s.';
  end if;
  return v;
end;
$$;
comment on function private.conversation_for_caller(uuid, text) is
  'The conversation locked FOR UPDATE (p_lock = ''update'') or FOR SHARE, when the caller is a member of its organisation or a system administrator; else P0002 conversation_not_found (42501 aal2_required for an administrator at aal1 with a factor).';
revoke execute on function private.conversation_for_caller(uuid, text) from public;

create function private.conversation_text_problem(p_value text, p_max integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null or p_value !~ '\S' then 'empty'
    when char_length(p_value) > p_max then 'too_long'
  end;
$$;
comment on function private.conversation_text_problem(text, integer) is
  'Why a subject or body is unusable (empty, too_long), or null.';
revoke execute on function private.conversation_text_problem(text, integer) from public;

-- Writes one message (and its attachments) to a conversation already locked
-- FOR UPDATE by the caller, moves last_message_at and the author's read mark.
create function private.write_message(p_conversation public.conversations, p_body text, p_attachments text[])
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

  insert into public.conversation_messages (conversation_id, organization_id, author_id, from_network, body, created_at)
  values (p_conversation.id, p_conversation.organization_id, auth.uid(), private.is_system_admin(), p_body, v_at)
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
comment on function private.write_message(public.conversations, text, text[]) is
  'For start_conversation and post_message, after their checks: inserts the message (author the caller, side fixed) and its attachments (files the caller uploaded to the conversation''s folder, each once), moves last_message_at and the author''s read mark. 22023 invalid_body, too_many_attachments, invalid_attachment.';
revoke execute on function private.write_message(public.conversations, text, text[]) from public;

create function private.log_conversation(p_action text, p_conversation public.conversations, p_details jsonb default '{}')
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.network_activity (actor_id, action, organization_id, subject_user_id, details)
  values (
    auth.uid(),
    p_action,
    p_conversation.organization_id,
    null,
    jsonb_build_object(
      'conversation_id', p_conversation.id,
      'subject', p_conversation.subject,
      'organization_name', (select o.name from public.organizations o where o.id = p_conversation.organization_id)
    ) || coalesce(p_details, '{}')
  );
$$;
comment on function private.log_conversation(text, public.conversations, jsonb) is
  'Writes a conversation action (''conversation.started'', ''conversation.assigned'', ''conversation.unassigned'', ''conversation.closed'', ''conversation.reopened'') to network_activity with the conversation''s id, subject and organisation.';
revoke execute on function private.log_conversation(text, public.conversations, jsonb) from public;

-- ---------------------------------------------------------------------------
-- Starting and writing
-- ---------------------------------------------------------------------------
create function public.start_conversation(
  p_organization_id uuid,
  p_subject text,
  p_body text
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

  -- An administrator who starts a conversation answers it.
  insert into public.conversations (organization_id, subject, created_by, assigned_to, last_message_at)
  values (p_organization_id, v_subject, auth.uid(), case when v_admin then auth.uid() end, clock_timestamp())
  returning * into v;
  perform private.write_message(v, p_body, null);
  perform private.log_conversation('conversation.started', v,
    jsonb_build_object('by', case when v_admin then 'network' else 'organization' end));
  return v.id;
end;
$$;
comment on function public.start_conversation(uuid, text, text) is
  'Starts a conversation with its first message. Members for their own organisation; system administrators with any (and it is assigned to them). The first message carries no files: they are uploaded into the conversation''s folder, so they go with a reply (post_message). Returns the conversation id. Errors: 42501 not_authenticated, not_organization_member, aal2_required; P0002 organization_not_found; 22023 invalid_subject, invalid_body.';
revoke execute on function public.start_conversation(uuid, text, text) from public, anon;
grant execute on function public.start_conversation(uuid, text, text) to authenticated;

create function public.post_message(p_conversation_id uuid, p_body text, p_attachments text[] default null)
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
begin
  if v.status = 'closed' and not v_admin then
    raise exception using errcode = 'invalid_parameter_value', message = 'conversation_closed',
      detail = 'This conversation is closed. Start a new one.';
  end if;
  v_id := private.write_message(v, p_body, p_attachments);
  if v.status = 'closed' then
    update public.conversations c set status = 'open', closed_at = null where c.id = v.id returning * into v;
    perform private.log_conversation('conversation.reopened', v, '{"by_message": true}');
  end if;
  return v_id;
end;
$$;
comment on function public.post_message(uuid, text, text[]) is
  'Writes a message to a conversation the caller may read: members to their organisation''s open ones, system administrators to any (a closed one is reopened and that is logged). p_attachments: object names the caller uploaded to `<organization id>/<conversation id>/…` in the conversation_attachments bucket. Returns the message id. Errors: P0002 conversation_not_found; 42501 not_authenticated, aal2_required; 22023 conversation_closed, invalid_body, too_many_attachments, invalid_attachment.';
revoke execute on function public.post_message(uuid, text, text[]) from public, anon;
grant execute on function public.post_message(uuid, text, text[]) to authenticated;

-- ---------------------------------------------------------------------------
-- The administrators' actions
-- ---------------------------------------------------------------------------
create function public.assign_conversation(p_conversation_id uuid, p_admin_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.conversations;
  v_before uuid;
begin
  perform private.require_system_admin('assign conversations');
  v := private.conversation_for_caller(p_conversation_id, 'update');
  if p_admin_id is not null and not exists (select 1 from public.system_admins sa where sa.user_id = p_admin_id) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_assignee',
      detail = 'Conversations are assigned to the network''s administrators only.';
  end if;
  if v.assigned_to is not distinct from p_admin_id then
    return;
  end if;
  v_before := v.assigned_to;
  update public.conversations c set assigned_to = p_admin_id where c.id = v.id returning * into v;
  perform private.log_conversation(
    case when p_admin_id is null then 'conversation.unassigned' else 'conversation.assigned' end, v,
    jsonb_strip_nulls(jsonb_build_object('assigned_to', p_admin_id, 'previously_assigned_to', v_before)));
end;
$$;
comment on function public.assign_conversation(uuid, uuid) is
  'System administrators only: assigns the conversation to a system administrator, or unassigns it (null). No change, no entry. Errors: 42501; P0002 conversation_not_found; 22023 invalid_assignee.';
revoke execute on function public.assign_conversation(uuid, uuid) from public, anon;
grant execute on function public.assign_conversation(uuid, uuid) to authenticated;

create function public.close_conversation(p_conversation_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.conversations;
begin
  perform private.require_system_admin('close conversations');
  v := private.conversation_for_caller(p_conversation_id, 'update');
  if v.status = 'closed' then
    return;
  end if;
  update public.conversations c set status = 'closed', closed_at = now() where c.id = v.id returning * into v;
  perform private.log_conversation('conversation.closed', v);
end;
$$;
comment on function public.close_conversation(uuid) is
  'System administrators only: closes the conversation (members can no longer post to it). Closing a closed one changes and logs nothing. Errors: 42501; P0002 conversation_not_found.';
revoke execute on function public.close_conversation(uuid) from public, anon;
grant execute on function public.close_conversation(uuid) to authenticated;

create function public.reopen_conversation(p_conversation_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.conversations;
begin
  perform private.require_system_admin('reopen conversations');
  v := private.conversation_for_caller(p_conversation_id, 'update');
  if v.status = 'open' then
    return;
  end if;
  update public.conversations c set status = 'open', closed_at = null where c.id = v.id returning * into v;
  perform private.log_conversation('conversation.reopened', v);
end;
$$;
comment on function public.reopen_conversation(uuid) is
  'System administrators only: reopens a closed conversation. Reopening an open one changes and logs nothing. Errors: 42501; P0002 conversation_not_found.';
revoke execute on function public.reopen_conversation(uuid) from public, anon;
grant execute on function public.reopen_conversation(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Read marks
-- ---------------------------------------------------------------------------
create function public.mark_conversation_read(p_conversation_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- FOR SHARE waits for a post in flight, so the mark never passes a message
  -- the caller could not yet see.
  v public.conversations := private.conversation_for_caller(p_conversation_id, 'share');
begin
  insert into public.conversation_reads (user_id, conversation_id, last_read_at)
  values (auth.uid(), v.id, v.last_message_at)
  on conflict (user_id, conversation_id) do update
    set last_read_at = greatest(public.conversation_reads.last_read_at, excluded.last_read_at);
end;
$$;
comment on function public.mark_conversation_read(uuid) is
  'Marks the conversation read by the caller up to its newest message. Errors: P0002 conversation_not_found; 42501 not_authenticated, aal2_required.';
revoke execute on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Lists
-- ---------------------------------------------------------------------------
-- Messages in the conversation newer than the caller's read mark, by others.
create function private.unread_messages(p_conversation_id uuid, p_organization_id uuid, p_since timestamptz)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.conversation_messages m
   where m.conversation_id = p_conversation_id
     and m.organization_id = p_organization_id
     and m.created_at > coalesce(p_since, '-infinity')
     and m.author_id is distinct from auth.uid();
$$;
comment on function private.unread_messages(uuid, uuid, timestamptz) is
  'How many messages of the conversation, written by others, are newer than p_since (the caller''s read mark).';
revoke execute on function private.unread_messages(uuid, uuid, timestamptz) from public;

create function public.my_conversations(
  p_before_unread boolean default null,
  p_before_last_message_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 25
)
returns table (
  id uuid,
  organization_id uuid,
  subject text,
  status public.conversation_status,
  assigned_to uuid,
  assigned_name text,
  created_by uuid,
  created_at timestamptz,
  last_message_at timestamptz,
  last_message_preview text,
  last_message_from_network boolean,
  unread boolean,
  unread_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if (p_before_unread is null) <> (p_before_id is null) or (p_before_last_message_at is null) <> (p_before_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give p_before_unread, p_before_last_message_at and p_before_id (the last row of the previous page), or none.';
  end if;
  return query
    with page as (
      select c.*, (c.last_message_at > coalesce(r.last_read_at, '-infinity')) as is_unread, r.last_read_at
        from public.conversations c
        left join public.conversation_reads r on r.conversation_id = c.id and r.user_id = auth.uid()
       where c.organization_id in (select private.member_organization_ids())
    )
    select p.id, p.organization_id, p.subject, p.status, p.assigned_to, ap.full_name,
           p.created_by, p.created_at, p.last_message_at,
           left(lm.body, 200), lm.from_network,
           p.is_unread,
           case when p.is_unread then private.unread_messages(p.id, p.organization_id, p.last_read_at) else 0 end
      from page p
      left join public.profiles ap on ap.id = p.assigned_to
      left join lateral (
        select m.body, m.from_network from public.conversation_messages m
         where m.conversation_id = p.id and m.organization_id = p.organization_id
         order by m.created_at desc, m.id desc limit 1
      ) lm on true
     where p_before_id is null
        or (p.is_unread, p.last_message_at, p.id) < (p_before_unread, p_before_last_message_at, p_before_id)
     order by p.is_unread desc, p.last_message_at desc, p.id desc
     limit least(greatest(coalesce(p_limit, 25), 1), 100);
end;
$$;
comment on function public.my_conversations(boolean, timestamptz, uuid, integer) is
  'The caller''s organisation''s conversations (/dashboard/messages): unread ones first, then by newest message, keyset-paged on (unread, last_message_at, id): pass the last row''s unread, last_message_at and id for the next page; p_limit 1–100 (default 25). With a preview of the newest message and the caller''s unread count. Errors: 42501 not_authenticated; 22023 invalid_cursor.';
revoke execute on function public.my_conversations(boolean, timestamptz, uuid, integer) from public, anon;
grant execute on function public.my_conversations(boolean, timestamptz, uuid, integer) to authenticated;

create function public.admin_conversations(
  p_status public.conversation_status default null,
  p_unassigned boolean default false,
  p_mine boolean default false,
  p_organization_id uuid default null,
  p_search text default null,
  p_before_last_message_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 25
)
returns table (
  id uuid,
  organization_id uuid,
  organization_name text,
  subject text,
  status public.conversation_status,
  assigned_to uuid,
  assigned_name text,
  created_by uuid,
  created_at timestamptz,
  last_message_at timestamptz,
  last_message_preview text,
  last_message_from_network boolean,
  unread boolean,
  unread_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(p_search), '');
begin
  perform private.require_system_admin('read the network''s conversations');
  if (p_before_last_message_at is null) <> (p_before_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give both p_before_last_message_at and p_before_id (the last row of the previous page), or neither.';
  end if;
  if coalesce(p_unassigned, false) and coalesce(p_mine, false) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_filter',
      detail = 'Choose unassigned or mine, not both.';
  end if;
  if char_length(v_search) > 200 then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_search',
      detail = 'Search for at most 200 characters.';
  end if;
  return query
    with page as (
      select c.*
        from public.conversations c
       where (p_status is null or c.status = p_status)
         and (not coalesce(p_unassigned, false) or c.assigned_to is null)
         and (not coalesce(p_mine, false) or c.assigned_to = auth.uid())
         and (p_organization_id is null or c.organization_id = p_organization_id)
         -- The search is a phrase, not a pattern: % _ and \ match themselves.
         and (v_search is null
              or c.subject ilike '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%')
         and (p_before_id is null or (c.last_message_at, c.id) < (p_before_last_message_at, p_before_id))
       order by c.last_message_at desc, c.id desc
       limit least(greatest(coalesce(p_limit, 25), 1), 100)
    )
    select p.id, p.organization_id, o.name, p.subject, p.status, p.assigned_to, ap.full_name,
           p.created_by, p.created_at, p.last_message_at,
           left(lm.body, 200), lm.from_network,
           p.last_message_at > coalesce(r.last_read_at, '-infinity'),
           case when p.last_message_at > coalesce(r.last_read_at, '-infinity')
                then private.unread_messages(p.id, p.organization_id, r.last_read_at) else 0 end
      from page p
      join public.organizations o on o.id = p.organization_id
      left join public.profiles ap on ap.id = p.assigned_to
      left join public.conversation_reads r on r.conversation_id = p.id and r.user_id = auth.uid()
      left join lateral (
        select m.body, m.from_network from public.conversation_messages m
         where m.conversation_id = p.id and m.organization_id = p.organization_id
         order by m.created_at desc, m.id desc limit 1
      ) lm on true
     order by p.last_message_at desc, p.id desc;
end;
$$;
comment on function public.admin_conversations(public.conversation_status, boolean, boolean, uuid, text, timestamptz, uuid, integer) is
  'System administrators only (/admin/messages): every conversation, newest message first, keyset-paged on (last_message_at, id). Filters: p_status (open/closed), p_unassigned, p_mine (assigned to the caller), p_organization_id, p_search (in the subject, as a phrase). With the organisation''s name, the assignee''s name, a preview of the newest message and the caller''s unread count. Errors: 42501 (aal2_required); 22023 invalid_cursor, invalid_filter, invalid_search.';
revoke execute on function public.admin_conversations(public.conversation_status, boolean, boolean, uuid, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.admin_conversations(public.conversation_status, boolean, boolean, uuid, text, timestamptz, uuid, integer) to authenticated;

create function public.conversation_thread(
  p_conversation_id uuid,
  p_after_created_at timestamptz default null,
  p_after_id bigint default null,
  p_limit integer default 100
)
returns table (
  id bigint,
  author_id uuid,
  author_name text,
  from_network boolean,
  body text,
  created_at timestamptz,
  attachments jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_org uuid;
begin
  if auth.uid() is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  select c.organization_id into v_org from public.conversations c where c.id = p_conversation_id;
  if v_org is null or not (v_org in (select private.member_organization_ids()) or private.is_system_admin()) then
    if v_org is not null and private.holds_system_admin_grant() then
      perform private.raise_aal2_required('read the network''s conversations');
    end if;
    raise exception using errcode = 'no_data_found', message = 'conversation_not_found',
      detail = 'There is no such conversation, or it is not your organisation''s.';
  end if;
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give both p_after_created_at and p_after_id (the last message already shown), or neither.';
  end if;
  return query
    select m.id, m.author_id, ap.full_name, m.from_network, m.body, m.created_at,
           coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', a.id, 'name', a.name, 'mime_type', a.mime_type, 'byte_size', a.byte_size, 'object_path', a.object_path)
                    order by a.id)
               from public.conversation_attachments a where a.message_id = m.id
           ), '[]'::jsonb)
      from public.conversation_messages m
      left join public.profiles ap on ap.id = m.author_id
     where m.conversation_id = p_conversation_id
       and m.organization_id = v_org
       and (p_after_id is null or (m.created_at, m.id) > (p_after_created_at, p_after_id))
     order by m.created_at, m.id
     limit least(greatest(coalesce(p_limit, 100), 1), 200);
end;
$$;
comment on function public.conversation_thread(uuid, timestamptz, bigint, integer) is
  'A conversation''s messages oldest first, with each author''s name, side and attachments, keyset-paged on (created_at, id): pass the last message shown as p_after_created_at and p_after_id for the next ones (also what a view refetches after reconnecting). p_limit 1–200 (default 100). Errors: P0002 conversation_not_found; 42501 not_authenticated, aal2_required; 22023 invalid_cursor.';
revoke execute on function public.conversation_thread(uuid, timestamptz, bigint, integer) from public, anon;
grant execute on function public.conversation_thread(uuid, timestamptz, bigint, integer) to authenticated;

create function public.unread_conversation_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.conversations c
    left join public.conversation_reads r on r.conversation_id = c.id and r.user_id = auth.uid()
   where c.last_message_at > coalesce(r.last_read_at, '-infinity')
     and (
       c.organization_id in (select private.member_organization_ids())
       -- An administrator is counted what waits for them: open conversations
       -- assigned to them or to nobody.
       or (private.is_system_admin() and c.status = 'open' and (c.assigned_to is null or c.assigned_to = auth.uid()))
     );
$$;
comment on function public.unread_conversation_count() is
  'For the navigation badges: how many conversations have messages the caller has not read. Members: their organisation''s. System administrators: open ones assigned to them or unassigned. 0 for anyone else.';
revoke execute on function public.unread_conversation_count() from public, anon;
grant execute on function public.unread_conversation_count() to authenticated;
