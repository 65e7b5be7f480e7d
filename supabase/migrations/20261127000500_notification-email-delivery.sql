-- Notification e-mails, delivered (issue 15; docs/decisions/049-notifications-pages-and-email.md).
--
-- * private.notification_emails (decision 046) is the queue; the Edge
--   Function send-notification-emails empties it. It reaches the queue only
--   through the two RPCs below, which only service_role may execute: no
--   person, signed in or not, can read the queue, claim a row or stamp one.
-- * A claim takes unsent rows `for update skip locked` and leases them for
--   a few minutes (claimed_until), so two runs at once (the schedule and a
--   webhook, two schedules overlapping) never take the same row, and a run
--   that dies mid-send leaves its rows to the next run once the lease lapses.
--   Every claim counts an attempt; after five the row is given up.
-- * The recipient's current address is read at claim time (auth.users), and
--   a row whose recipient has since switched the kind off is dropped.
-- * Double mail: review-application already e-mails the organisation's
--   administrators a decision or a changes request (private.review_result's
--   recipients). private.notify no longer queues those two kinds for them;
--   other members still get the notification e-mail if they want it.
-- * No network_activity: sending is the system's housekeeping, not a
--   person's privileged action; the event itself is already recorded.

alter table private.notification_emails
  add column claimed_until timestamptz;
comment on column private.notification_emails.claimed_until is
  'While set and in the future, a sender run holds this row (claim_notification_emails); null or past: free to claim.';

-- The sender's search: unsent rows not given up, oldest first.
create index notification_emails_unsent_idx on private.notification_emails (created_at, notification_id)
  where sent_at is null;

-- ---------------------------------------------------------------------------
-- No second mail for what review-application already sends
-- ---------------------------------------------------------------------------
create or replace function private.notify(
  p_user_id uuid,
  p_organization_id uuid,
  p_kind public.notification_kind,
  p_title text,
  p_body text,
  p_link text
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.notifications (user_id, organization_id, kind, title, body, link)
  values (p_user_id, p_organization_id, p_kind, left(p_title, 200), left(coalesce(p_body, ''), 4000), p_link)
  returning id into v_id;
  -- The organisation's administrators are mailed the decision or the request
  -- by review-application itself (private.review_result's recipients).
  if p_kind in ('application_decided', 'application_changes_requested') and exists (
    select 1 from public.organization_members m
     where m.organization_id = p_organization_id and m.user_id = p_user_id and m.role = 'admin'
  ) then
    return;
  end if;
  if coalesce(
    (select p.email from public.notification_preferences p where p.user_id = p_user_id and p.kind = p_kind),
    private.notification_email_default(p_kind)
  ) then
    insert into private.notification_emails (notification_id) values (v_id);
  end if;
end;
$$;
comment on function private.notify(uuid, uuid, public.notification_kind, text, text, text) is
  'Writes one notification and, if its recipient wants this kind by e-mail, queues it in private.notification_emails; not application_decided / application_changes_requested for the organisation''s administrators, whom review-application mails itself. Called only by the notification triggers.';
revoke execute on function private.notify(uuid, uuid, public.notification_kind, text, text, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Claiming and stamping (service_role only)
-- ---------------------------------------------------------------------------
create function public.claim_notification_emails(p_limit integer default 20)
returns table (
  notification_id bigint,
  email text,
  kind public.notification_kind,
  title text,
  body text,
  link text,
  attempts integer
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  -- Whoever switched a kind off after it was queued is not mailed it.
  delete from private.notification_emails q
   using public.notifications n
   join public.notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
   where q.notification_id = n.id and q.sent_at is null and p.email = false;

  return query
  with picked as (
    select q.notification_id
      from private.notification_emails q
     where q.sent_at is null
       and q.attempts < 5
       and (q.claimed_until is null or q.claimed_until < now())
     order by q.created_at, q.notification_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
       for update skip locked
  ), claimed as (
    update private.notification_emails q
       set claimed_until = now() + interval '5 minutes', attempts = q.attempts + 1
      from picked
     where q.notification_id = picked.notification_id
    returning q.notification_id, q.attempts
  )
  select c.notification_id, u.email::text, n.kind, n.title, n.body, n.link, c.attempts
    from claimed c
    join public.notifications n on n.id = c.notification_id
    left join auth.users u on u.id = n.user_id
   order by c.notification_id;
end;
$$;
comment on function public.claim_notification_emails(integer) is
  'service_role only (the send-notification-emails Edge Function). Takes up to p_limit (1..100, default 20) unsent notification e-mails, skipping rows another run holds (for update skip locked, then a 5-minute lease), counts an attempt on each (rows with 5 attempts are given up) and returns each with the recipient''s current address (null if they have none). Drops queued rows whose recipient has since switched the kind off.';
revoke execute on function public.claim_notification_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(integer) to service_role;

create function public.finish_notification_email(p_notification_id bigint, p_error text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_error is null then
    update private.notification_emails q
       set sent_at = now(), claimed_until = null, last_error = null
     where q.notification_id = p_notification_id and q.sent_at is null;
  else
    -- The lease ends now: the next run tries again, until five attempts.
    update private.notification_emails q
       set claimed_until = null, last_error = left(p_error, 1000)
     where q.notification_id = p_notification_id and q.sent_at is null;
  end if;
end;
$$;
comment on function public.finish_notification_email(bigint, text) is
  'service_role only (the send-notification-emails Edge Function). Without p_error: the e-mail was sent (sent_at). With p_error: it failed this time; last_error is kept and the row is free for the next run until it has had five attempts. A row already sent is left as it is.';
revoke execute on function public.finish_notification_email(bigint, text) from public, anon, authenticated;
grant execute on function public.finish_notification_email(bigint, text) to service_role;
