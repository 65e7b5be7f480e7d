-- An address's first confirmation (docs/decisions/022-accounts-codes-and-mail.md).
--
-- An account can exist before anyone has proven its address: someone signed the
-- address up, an invitation created it, server code made it. Whoever did so may
-- hold a session of it or have chosen its password. When the address is
-- confirmed for the first time, the owner has just proven it from their inbox,
-- so nothing obtained before may outlive that moment:
--
-- * every session of the account ends (its refresh tokens with it);
-- * a password set before the confirming transaction is removed. The app never
--   uses passwords; a password chosen in the same transaction that confirms the
--   address is kept, since whoever confirms it chose it: server code creating
--   an account confirmed with a password (auth.admin.createUser with
--   email_confirm), or the auth service giving an invitee an unusable one.
--
-- The auth service confirms first and starts the new session after, in the same
-- transaction (GoTrue's /verify, and the local stand-in), so the session the
-- confirmation itself starts is not among those ended. Triggers on auth.users
-- are allowed on hosted Supabase, so hosted and local behave the same.

-- ---------------------------------------------------------------------------
-- Which accounts had a password set in the current transaction
-- ---------------------------------------------------------------------------
-- A transaction-local setting (set_config(..., true)) holds their ids, so the
-- confirmation can tell a password chosen with it from one chosen earlier.
create function private.note_auth_password_set()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config(
    'accord.auth_passwords_set',
    coalesce(current_setting('accord.auth_passwords_set', true), '') || new.id::text || ',',
    true
  );
  return null;
end;
$$;
comment on function private.note_auth_password_set() is
  'After a password is set on auth.users: remember the account for the rest of the transaction (setting accord.auth_passwords_set), so that its first confirmation keeps that password.';
revoke execute on function private.note_auth_password_set() from public;

create trigger on_auth_user_created_with_password
  after insert on auth.users
  for each row
  when (coalesce(new.encrypted_password, '') <> '')
  execute function private.note_auth_password_set();

create trigger on_auth_user_password_changed
  after update of encrypted_password on auth.users
  for each row
  when (coalesce(new.encrypted_password, '') <> '' and new.encrypted_password is distinct from old.encrypted_password)
  execute function private.note_auth_password_set();

-- ---------------------------------------------------------------------------
-- The first confirmation ends what was obtained before it
-- ---------------------------------------------------------------------------
-- security definer: the auth service updates auth.users as its own role; the
-- function runs as the migration's owner, who may end sessions.
create function private.end_access_before_first_confirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.sessions s where s.user_id = new.id;
  -- Refresh tokens of sessions go with them; these are any without a session.
  delete from auth.refresh_tokens r where r.user_id = new.id::text;

  if coalesce(new.encrypted_password, '') <> ''
     and new.encrypted_password is not distinct from old.encrypted_password
     and position(new.id::text || ',' in coalesce(current_setting('accord.auth_passwords_set', true), '')) = 0 then
    new.encrypted_password := '';
  end if;
  return new;
end;
$$;
comment on function private.end_access_before_first_confirmation() is
  'Before an address is confirmed for the first time: end every session of the account and remove a password not set in the confirming transaction.';
revoke execute on function private.end_access_before_first_confirmation() from public;

create trigger on_auth_user_first_confirmation
  before update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.end_access_before_first_confirmation();
