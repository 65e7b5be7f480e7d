-- Issue 23, finding 1: Realtime kept delivering to a signed-out session's
-- token until it expired (docs/decisions/065-realtime-ended-sessions.md).
--
-- Hosted Realtime checks a token's signature and expiry when a channel joins,
-- when the client sends a new token and every five minutes; it never asks the
-- auth service whether the session still lives. What it does ask the database
-- is the row's visibility: for every change of a table in the
-- supabase_realtime publication it runs the table's RLS under each
-- subscriber's role and stored JWT claims (realtime.apply_rls). So the ended
-- session check belongs in the policies of the published tables, where hosted
-- and the local stand-in both read it.
--
-- One restrictive SELECT policy per published table, for `authenticated`:
-- true while the token names no session (API keys) or a live one, false once
-- the session is gone or past not_after (private.ended_session_reason(), the
-- rule the Data API's pre-request and Storage's policy already use, decision
-- 023). It must not raise: apply_rls judges all subscribers of a change in one
-- call, and an exception would withhold the change from everyone.
--
-- For the Data API it changes nothing: the pre-request has already refused an
-- ended session's request before any policy runs. The cost is one primary-key
-- lookup on auth.sessions per statement that reads these tables ((select …)
-- runs it once per statement), the same lookup the pre-request makes.
--
-- tests/db/realtime-ended-sessions.test.ts checks that every table in the
-- publication carries such a policy, so a table published later cannot
-- forget it.

do $$
declare
  published text;
begin
  foreach published in array array[
    'conversations', 'conversation_messages', 'conversation_attachments',
    'notifications', 'contact_messages', 'contact_message_answers'
  ] loop
    execute format(
      'create policy %I on public.%I as restrictive for select to authenticated
         using ((select private.ended_session_reason()) is null)',
      published || ': only while the reader''s session is live', published);
    execute format(
      'comment on policy %I on public.%I is %L',
      published || ': only while the reader''s session is live', published,
      'Realtime reads RLS with a subscriber''s stored token: an ended session sees no new row (decision 065).');
  end loop;
end;
$$;
