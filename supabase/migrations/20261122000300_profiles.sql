-- Foundation, part 3: a profile per account.
--
-- auth.users is not exposed over the API, so the app reads people from
-- public.profiles. A trigger on auth.users creates the profile when the auth
-- service creates the account and keeps the e-mail in step when it changes, so
-- there is never an account without a profile and clients never insert one.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  -- A copy of auth.users.email maintained by trigger, never by clients.
  email text,
  full_name text check (full_name is null or char_length(full_name) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'One row per account, created and e-mail-synced by triggers on auth.users. People edit their own full_name; members see their organisation''s people.';

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- security definer: the auth service inserts into auth.users as its own role,
-- which has no rights on public.profiles. Idempotent so a retried sign-up
-- never fails on the profile ("Database error saving new user").
create function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''))
  on conflict (id) do nothing;
  return null;
end;
$$;
comment on function private.handle_new_auth_user() is 'After insert on auth.users: create the profile.';
revoke execute on function private.handle_new_auth_user() from public;

create function private.sync_auth_user_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p set email = new.email where p.id = new.id;
  return null;
end;
$$;
comment on function private.sync_auth_user_email() is
  'After an e-mail change on auth.users: copy it to the profile, so profiles.email is always the sign-in address.';
revoke execute on function private.sync_auth_user_email() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_auth_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.sync_auth_user_email();

-- A hosted project may already have accounts when this migration runs.
insert into public.profiles (id, email, full_name)
select u.id, u.email, nullif(btrim(u.raw_user_meta_data ->> 'full_name'), '')
from auth.users u
on conflict (id) do nothing;

-- People who share an organisation with the caller (including the caller).
create function private.organization_peer_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select peer.user_id
  from public.organization_members peer
  where peer.organization_id in (
    select own.organization_id from public.organization_members own where own.user_id = auth.uid()
  );
$$;
comment on function private.organization_peer_ids() is
  'Accounts in the caller''s organisation. security definer so the profiles policy does not depend on organization_members'' policies.';
revoke execute on function private.organization_peer_ids() from public;
grant execute on function private.organization_peer_ids() to authenticated, service_role;

alter table public.profiles enable row level security;
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
-- email mirrors auth.users (change it through the auth service); id and
-- timestamps are the database's.
grant update (full_name) on table public.profiles to authenticated;

create policy "profiles: own, organisation peers, or all as admin"
  on public.profiles for select to authenticated
  using (
    id = (select auth.uid())
    or id in (select private.organization_peer_ids())
    or (select private.is_system_admin())
  );
comment on policy "profiles: own, organisation peers, or all as admin" on public.profiles is
  'The session loads the caller''s profile; /dashboard/members shows colleagues; /admin/users lists everyone. Visitors and other organisations see no one.';

create policy "profiles: edit own name, or any as admin"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select private.is_system_admin()))
  with check (id = (select auth.uid()) or (select private.is_system_admin()));
comment on policy "profiles: edit own name, or any as admin" on public.profiles is
  'People keep their own name up to date (/dashboard/settings); system administrators may correct it. No insert or delete policy: triggers and the auth.users cascade own the lifecycle.';
