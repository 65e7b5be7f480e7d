-- payment_attempts is in the supabase_realtime publication (the member's
-- billing page follows its attempt's outcome live), so, like every other
-- published table, a subscriber whose session has ended sees no new row:
-- Realtime reads RLS with the token the subscriber joined with (decision 065).
create policy "payment_attempts: only while the reader's session is live"
  on public.payment_attempts as restrictive for select to authenticated
  using ((select private.ended_session_reason()) is null);
comment on policy "payment_attempts: only while the reader's session is live" on public.payment_attempts is
  'Realtime reads RLS with a subscriber''s stored token: an ended session sees no new row (decision 065).';
