-- Notifications: what happened that concerns a person or their organisation
-- (issue 15; docs/decisions/046-notifications.md).
--
-- * Only the database writes them, in the transaction of the event itself:
--   triggers on application_events (decided, changes requested),
--   organization_members (a colleague joined or left), tenant_invitations (the
--   inviter's invitation was accepted) and registry_status_changes (every
--   member, when the organisation's standing changes). Title, body and link
--   are plain text written here; the browser never inserts or edits one.
-- * The only change a person may make is marking their own as read, through
--   mark_notification_read() and mark_all_notifications_read().
-- * Notifications are not privileged actions: they write no network_activity
--   (the event that causes one is already recorded there).
-- * People choose per kind whether a notification also goes by e-mail
--   (notification_preferences; no row = the kind's default). A notification
--   whose recipient wants e-mail gets a row in private.notification_emails in
--   the same transaction, for the sending Edge Function to come.
-- * network_reply (an answer from the network in a conversation) is in the
--   kind list already; its trigger comes with the conversations migration.

-- ---------------------------------------------------------------------------
-- Kinds
-- ---------------------------------------------------------------------------
create type public.notification_kind as enum (
  'application_decided',
  'application_changes_requested',
  'colleague_joined',
  'colleague_left',
  'invitation_accepted',
  'registry_status_changed',
  'network_reply'
);
comment on type public.notification_kind is
  'What a notification is about: application_decided (approved or rejected), application_changes_requested, colleague_joined, colleague_left, invitation_accepted (for the inviter), registry_status_changed (every member), network_reply (an answer from the network in a conversation).';

-- ---------------------------------------------------------------------------
-- notifications
-- ---------------------------------------------------------------------------
create table public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The organisation it is about, if any. History: no FK, like network_activity;
  -- a deleted organisation's notifications still say what happened.
  organization_id uuid,
  kind public.notification_kind not null,
  title text not null check (char_length(title) between 1 and 200),
  body text not null check (char_length(body) <= 4000),
  -- A path inside the app, never an address elsewhere.
  link text not null check (link ~ '^/[a-z0-9/_-]*$'),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
comment on table public.notifications is
  'One person''s notifications (/dashboard/notifications, the header''s unread count). Written only by database triggers; the recipient reads their own and marks them read through mark_notification_read() / mark_all_notifications_read(). In the supabase_realtime publication.';

-- The list, newest first, and the foreign key: unique because it ends in the key.
create unique index notifications_user_list_idx on public.notifications (user_id, created_at desc, id desc);
-- The unread section and the unread count.
create unique index notifications_user_unread_idx on public.notifications (user_id, created_at desc, id desc)
  where read_at is null;

alter table public.notifications enable row level security;
revoke all on table public.notifications from anon, authenticated;
grant select on table public.notifications to authenticated;

create policy "notifications: own only"
  on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "notifications: own only" on public.notifications is
  'A person reads only their own notifications (Realtime delivers under this policy too). No write policies and no write grants: triggers create them, the mark-read RPCs change read_at.';

-- Realtime: the header's count and the list update live (the bootstrap and
-- hosted Supabase both create the publication).
alter publication supabase_realtime add table public.notifications;

-- ---------------------------------------------------------------------------
-- notification_preferences
-- ---------------------------------------------------------------------------
create table public.notification_preferences (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind public.notification_kind not null,
  email boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);
comment on table public.notification_preferences is
  'Whether a kind of notification also goes to the person by e-mail. No row: the kind''s default (private.notification_email_default). Read own rows; written only by set_notification_preference().';

alter table public.notification_preferences enable row level security;
revoke all on table public.notification_preferences from anon, authenticated;
grant select on table public.notification_preferences to authenticated;

create policy "notification_preferences: own only"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "notification_preferences: own only" on public.notification_preferences is
  'A person reads only their own choices; set_notification_preference() is the only way to change them.';

create function private.notification_email_default(p_kind public.notification_kind)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- What needs the person's attention goes by e-mail; team comings and goings do not.
  select p_kind in ('application_decided', 'application_changes_requested', 'registry_status_changed', 'network_reply');
$$;
comment on function private.notification_email_default(public.notification_kind) is
  'Whether a kind goes by e-mail when the person has not chosen (decision 046).';
revoke execute on function private.notification_email_default(public.notification_kind) from public, anon;
grant execute on function private.notification_email_default(public.notification_kind) to authenticated;

-- ---------------------------------------------------------------------------
-- The e-mail queue
-- ---------------------------------------------------------------------------
create table private.notification_emails (
  notification_id bigint primary key references public.notifications (id) on delete cascade,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text
);
comment on table private.notification_emails is
  'Notifications whose recipient wants them by e-mail, waiting for (or sent by) the notification e-mail Edge Function. Not exposed to any API role.';
revoke all on table private.notification_emails from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Writing one
-- ---------------------------------------------------------------------------
create function private.notify(
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
  if coalesce(
    (select p.email from public.notification_preferences p where p.user_id = p_user_id and p.kind = p_kind),
    private.notification_email_default(p_kind)
  ) then
    insert into private.notification_emails (notification_id) values (v_id);
  end if;
end;
$$;
comment on function private.notify(uuid, uuid, public.notification_kind, text, text, text) is
  'Writes one notification and, if its recipient wants this kind by e-mail, queues it in private.notification_emails. Called only by the notification triggers.';
revoke execute on function private.notify(uuid, uuid, public.notification_kind, text, text, text) from public, anon, authenticated;

-- A person as others see them: their name, else their address.
create function private.person_label(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select coalesce(p.full_name, p.email) from public.profiles p where p.id = p_user_id),
    'Someone'
  );
$$;
comment on function private.person_label(uuid) is
  'A person''s full name, else their e-mail address, for the text of a notification.';
revoke execute on function private.person_label(uuid) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Application decided or changes requested: every member of the organisation
-- ---------------------------------------------------------------------------
create function private.notify_application_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind public.notification_kind;
  v_title text;
  v_body text;
  v_link text;
  v_name text;
begin
  select o.name into v_name from public.organizations o where o.id = new.organization_id;
  if new.type = 'approved' then
    v_kind := 'application_decided';
    v_title := 'Your application was approved';
    v_body := format('%s is now a member of the network and listed in the trust registry.', v_name);
    v_link := '/dashboard';
  elsif new.type = 'rejected' then
    v_kind := 'application_decided';
    v_title := 'Your application was not approved';
    v_body := format('The application of %s was not approved. Reason: %s', v_name, coalesce(new.message, 'none given'));
    v_link := '/application-pending';
  elsif new.type = 'changes_requested' then
    v_kind := 'application_changes_requested';
    v_title := 'Changes requested to your application';
    v_body := format('The network asks for changes to the application of %s: %s', v_name, coalesce(new.message, ''));
    v_link := '/application-pending';
  else
    return null;
  end if;
  perform private.notify(m.user_id, new.organization_id, v_kind, v_title, v_body, v_link)
     from public.organization_members m
    where m.organization_id = new.organization_id
      and m.user_id is distinct from new.actor_id;
  return null;
end;
$$;
comment on function private.notify_application_event() is
  'After insert on application_events: approved / rejected (application_decided) and changes_requested (application_changes_requested) notify every member of the organisation but the actor.';
revoke execute on function private.notify_application_event() from public, anon, authenticated;

create trigger application_events_notify
  after insert on public.application_events
  for each row execute function private.notify_application_event();

-- ---------------------------------------------------------------------------
-- A colleague joined or left: the organisation's other members
-- ---------------------------------------------------------------------------
create function private.notify_membership_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  if tg_op = 'INSERT' then
    select o.name into v_name from public.organizations o where o.id = new.organization_id;
    -- Not the newcomer, not whoever added them, and not the inviter of the
    -- invitation just accepted, who is told invitation_accepted instead.
    perform private.notify(m.user_id, new.organization_id, 'colleague_joined',
                           format('%s joined %s', private.person_label(new.user_id), v_name),
                           format('%s is now a member of %s (%s).', private.person_label(new.user_id), v_name, new.role),
                           '/dashboard/members')
       from public.organization_members m
      where m.organization_id = new.organization_id
        and m.user_id <> new.user_id
        and m.user_id is distinct from auth.uid()
        and not exists (
          select 1 from public.tenant_invitations i
           where i.organization_id = new.organization_id and i.used_by = new.user_id
             and i.used_at = now() and i.invited_by = m.user_id
        );
  else
    select o.name into v_name from public.organizations o where o.id = old.organization_id;
    -- The organisation itself is being deleted: nobody is left to tell.
    if v_name is null then
      return null;
    end if;
    perform private.notify(m.user_id, old.organization_id, 'colleague_left',
                           format('%s left %s', private.person_label(old.user_id), v_name),
                           format('%s is no longer a member of %s.', private.person_label(old.user_id), v_name),
                           '/dashboard/members')
       from public.organization_members m
      where m.organization_id = old.organization_id
        and m.user_id <> old.user_id
        and m.user_id is distinct from auth.uid();
  end if;
  return null;
end;
$$;
comment on function private.notify_membership_change() is
  'After insert or delete on organization_members: colleague_joined / colleague_left for the organisation''s other members, not the person themself nor the one who made the change (and, on joining by invitation, not the inviter, who gets invitation_accepted).';
revoke execute on function private.notify_membership_change() from public, anon, authenticated;

create trigger organization_members_notify
  after insert or delete on public.organization_members
  for each row execute function private.notify_membership_change();

-- ---------------------------------------------------------------------------
-- An invitation accepted: its inviter, while still in the organisation
-- ---------------------------------------------------------------------------
create function private.notify_invitation_accepted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  if old.used_at is not null or new.used_at is null or new.invited_by is null
     or new.invited_by = new.used_by
     or not exists (
       select 1 from public.organization_members m
        where m.organization_id = new.organization_id and m.user_id = new.invited_by
     ) then
    return null;
  end if;
  select o.name into v_name from public.organizations o where o.id = new.organization_id;
  perform private.notify(new.invited_by, new.organization_id, 'invitation_accepted',
                         format('%s accepted your invitation', new.email),
                         format('%s accepted your invitation and joined %s as %s.', new.email, v_name, new.role),
                         '/dashboard/members');
  return null;
end;
$$;
comment on function private.notify_invitation_accepted() is
  'After update of used_at on tenant_invitations: the inviter, if still a member of the organisation, is told invitation_accepted.';
revoke execute on function private.notify_invitation_accepted() from public, anon, authenticated;

create trigger tenant_invitations_notify_accepted
  after update of used_at on public.tenant_invitations
  for each row execute function private.notify_invitation_accepted();

-- ---------------------------------------------------------------------------
-- Registry status changed: every member of the organisation
-- ---------------------------------------------------------------------------
create function private.notify_registry_status_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_title text;
begin
  -- The first publication is the approval itself, told as application_decided.
  if new.status = 'active' and not exists (
    select 1 from public.registry_status_changes s
     where s.organization_id = new.organization_id and s.id <> new.id
  ) then
    return null;
  end if;
  select o.name into v_name from public.organizations o where o.id = new.organization_id;
  v_title := case new.status
    when 'active' then format('%s is active in the registry again', v_name)
    when 'suspended' then format('%s has been suspended in the registry', v_name)
    else format('%s has been revoked from the registry', v_name)
  end;
  -- The reason stays out: it is kept private (decision 034), and the e-mail copy would carry it.
  perform private.notify(m.user_id, new.organization_id, 'registry_status_changed', v_title,
                         format('The registry status of %s is %s from %s. Contact the network if you have questions.',
                                v_name, new.status, to_char(new.effective_from at time zone 'UTC', 'FMDD FMMonth YYYY')),
                         '/dashboard')
     from public.organization_members m
    where m.organization_id = new.organization_id
      and m.user_id is distinct from new.recorded_by;
  return null;
end;
$$;
comment on function private.notify_registry_status_change() is
  'After insert on registry_status_changes: every member of the organisation is told registry_status_changed (not the first publication, which is the approval, nor the reason).';
revoke execute on function private.notify_registry_status_change() from public, anon, authenticated;

create trigger registry_status_changes_notify
  after insert on public.registry_status_changes
  for each row execute function private.notify_registry_status_change();

-- ---------------------------------------------------------------------------
-- Reading and marking
-- ---------------------------------------------------------------------------
create function public.my_notifications(
  p_before_created_at timestamptz default null,
  p_before_id bigint default null,
  p_limit integer default 20,
  p_unread boolean default null
)
returns setof public.notifications
language sql
stable
security invoker
set search_path = ''
as $$
  select n.*
    from public.notifications n
   where n.user_id = (select auth.uid())
     and (p_unread is null or (n.read_at is null) = p_unread)
     and (p_before_created_at is null
          or (n.created_at, n.id) < (p_before_created_at, coalesce(p_before_id, 9223372036854775807)))
   order by n.created_at desc, n.id desc
   limit least(greatest(coalesce(p_limit, 20), 1), 100);
$$;
comment on function public.my_notifications(timestamptz, bigint, integer, boolean) is
  'The caller''s notifications, newest first, keyset-paged on (created_at, id): pass the last row''s created_at and id for the next page. p_unread: true = the unread section, false = the read section, null = all. p_limit 1..100 (default 20). Runs as the caller, under RLS.';
revoke execute on function public.my_notifications(timestamptz, bigint, integer, boolean) from public, anon;
grant execute on function public.my_notifications(timestamptz, bigint, integer, boolean) to authenticated;

create function public.unread_notification_count()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer from public.notifications n
   where n.user_id = (select auth.uid()) and n.read_at is null;
$$;
comment on function public.unread_notification_count() is
  'How many of the caller''s notifications are unread (the header''s badge). Runs as the caller, under RLS.';
revoke execute on function public.unread_notification_count() from public, anon;
grant execute on function public.unread_notification_count() to authenticated;

create function public.mark_notification_read(p_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not_authenticated';
  end if;
  update public.notifications n
     set read_at = coalesce(n.read_at, now())
   where n.id = p_id and n.user_id = auth.uid();
  -- Someone else's notification is refused as if it did not exist.
  if not found then
    raise exception using errcode = 'P0002', message = 'notification_not_found',
      detail = 'This notification does not exist or is not yours.';
  end if;
end;
$$;
comment on function public.mark_notification_read(bigint) is
  'Marks one of the caller''s notifications read (again: no change). Errors: 42501 not_authenticated; P0002 notification_not_found (also for another person''s).';
revoke execute on function public.mark_notification_read(bigint) from public, anon;
grant execute on function public.mark_notification_read(bigint) to authenticated;

create function public.mark_all_notifications_read()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not_authenticated';
  end if;
  update public.notifications n set read_at = now()
   where n.user_id = auth.uid() and n.read_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function public.mark_all_notifications_read() is
  'Marks every unread notification of the caller read; returns how many. Errors: 42501 not_authenticated.';
revoke execute on function public.mark_all_notifications_read() from public, anon;
grant execute on function public.mark_all_notifications_read() to authenticated;

-- ---------------------------------------------------------------------------
-- Preferences
-- ---------------------------------------------------------------------------
create function public.my_notification_preferences()
returns table (kind public.notification_kind, email boolean, is_default boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select k.kind, coalesce(p.email, private.notification_email_default(k.kind)), p.email is null
    from unnest(enum_range(null::public.notification_kind)) as k(kind)
    left join public.notification_preferences p on p.user_id = (select auth.uid()) and p.kind = k.kind
   where (select auth.uid()) is not null
   order by k.kind;
$$;
comment on function public.my_notification_preferences() is
  'Every kind with whether it goes to the caller by e-mail (their choice, else the default; is_default says which). Runs as the caller, under RLS.';
revoke execute on function public.my_notification_preferences() from public, anon;
grant execute on function public.my_notification_preferences() to authenticated;

create function public.set_notification_preference(p_kind public.notification_kind, p_email boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not_authenticated';
  end if;
  if p_kind is null or p_email is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'preference_required',
      detail = 'Say which kind of notification and whether it goes by e-mail.';
  end if;
  insert into public.notification_preferences as p (user_id, kind, email)
  values (auth.uid(), p_kind, p_email)
  on conflict (user_id, kind) do update set email = excluded.email, updated_at = now();
end;
$$;
comment on function public.set_notification_preference(public.notification_kind, boolean) is
  'The caller chooses whether a kind of notification also goes to them by e-mail (only their own row). Errors: 42501 not_authenticated; 22023 preference_required.';
revoke execute on function public.set_notification_preference(public.notification_kind, boolean) from public, anon;
grant execute on function public.set_notification_preference(public.notification_kind, boolean) to authenticated;
