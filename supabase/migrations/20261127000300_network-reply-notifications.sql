-- ===========================================================================
-- An answer from the network tells the organisation (decision 046)
-- ===========================================================================
-- network_reply was named with the other notification kinds before
-- conversations existed. A message the network writes in a conversation
-- (from_network, fixed when the message is written) now notifies every member
-- of the conversation's organisation, through the same private.notify() as
-- every other kind, so preferences, the e-mail queue, the list and Realtime
-- apply as they are. The organisation's own messages notify nobody: its
-- members see them in the conversation, and the network's side has its own
-- unread counts.

create function private.notify_network_reply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_subject text;
begin
  if not new.from_network then
    return null;
  end if;
  select c.subject into v_subject from public.conversations c where c.id = new.conversation_id;
  perform private.notify(
    m.user_id,
    new.organization_id,
    'network_reply',
    'The network answered: ' || v_subject,
    -- The start of the answer, so the list (and the e-mail) says what it is about.
    left(new.body, 300),
    '/dashboard/messages'
  )
  from public.organization_members m
  where m.organization_id = new.organization_id;
  return null;
end;
$$;
comment on function private.notify_network_reply() is
  'After a message from the network (from_network) in a conversation: a network_reply notification for every member of its organisation.';
revoke execute on function private.notify_network_reply() from public, anon, authenticated;

create trigger conversation_messages_notify_network_reply
  after insert on public.conversation_messages
  for each row execute function private.notify_network_reply();
comment on trigger conversation_messages_notify_network_reply on public.conversation_messages is
  'Tells the organisation''s members that the network answered (private.notify_network_reply).';
