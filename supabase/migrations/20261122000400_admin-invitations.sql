-- Foundation, part 4: inviting system administrators.
--
-- An invitation is a random 256-bit token e-mailed to one address. Only its
-- SHA-256 hash is stored, so a database leak or a curious administrator cannot
-- use a link; the token is shown once, to the administrator who creates it.
-- Accepting is single use, bound to the invited address and time-limited.
-- Result codes of accept_admin_invitation(): docs/decisions/002-admin-invitation-result-codes.md.

-- Hosted projects enable pgcrypto but not citext by default; both live in the
-- extensions schema there as in the local bootstrap, so this is a no-op locally.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists citext with schema extensions;

create table public.admin_invitations (
  id uuid primary key default gen_random_uuid(),
  -- citext: the address is compared case-insensitively, as e-mail providers do.
  email extensions.citext not null check (char_length(email::text) between 3 and 320),
  -- Lower-case hex SHA-256 of the token; the token itself is never stored.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used_at timestamptz,
  -- Who accepted and who invited: history, kept after their accounts are deleted (no FK).
  used_by uuid,
  revoked_at timestamptz,
  invited_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  constraint admin_invitations_expiry_check check (expires_at > created_at),
  -- An invitation ends once: used or revoked, not both.
  constraint admin_invitations_single_end_check check (used_at is null or revoked_at is null),
  constraint admin_invitations_used_by_check check (used_by is null or used_at is not null)
);
comment on table public.admin_invitations is
  'Invitations to become a system administrator. Only system administrators read or write them; invitees act through accept_admin_invitation().';
-- At most one live link per address, so "resend" cannot multiply valid links.
-- create_admin_invitation() revokes the previous one first.
create unique index admin_invitations_one_open_per_email_idx
  on public.admin_invitations (email)
  where used_at is null and revoked_at is null;

alter table public.admin_invitations enable row level security;
revoke all on table public.admin_invitations from anon, authenticated;
grant select, insert, delete on table public.admin_invitations to authenticated;
-- Revoking is the only edit that makes sense; the rest is history.
grant update (revoked_at) on table public.admin_invitations to authenticated;

create policy "admin_invitations: system admins read"
  on public.admin_invitations for select to authenticated
  using ((select private.is_system_admin()));
comment on policy "admin_invitations: system admins read" on public.admin_invitations is
  'Who was invited, by whom and whether it was used is back-office information. Invitees never read the table.';

create policy "admin_invitations: system admins invite, in their own name"
  on public.admin_invitations for insert to authenticated
  with check ((select private.is_system_admin()) and invited_by = (select auth.uid()));
comment on policy "admin_invitations: system admins invite, in their own name" on public.admin_invitations is
  'Only system administrators invite (normally through create_admin_invitation()), and invited_by must be them.';

create policy "admin_invitations: system admins revoke"
  on public.admin_invitations for update to authenticated
  using ((select private.is_system_admin()))
  with check ((select private.is_system_admin()));
comment on policy "admin_invitations: system admins revoke" on public.admin_invitations is
  'Only system administrators revoke (set revoked_at); column privileges allow nothing else.';

create policy "admin_invitations: system admins delete"
  on public.admin_invitations for delete to authenticated
  using ((select private.is_system_admin()));
comment on policy "admin_invitations: system admins delete" on public.admin_invitations is
  'Only system administrators may tidy up invitations.';

-- ---------------------------------------------------------------------------
-- create_admin_invitation(p_email) → (invitation_id, token, expires_at)
-- ---------------------------------------------------------------------------
create function public.create_admin_invitation(p_email text)
returns table (invitation_id uuid, token text, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_email text := btrim(p_email);
  v_token text;
begin
  if not private.is_system_admin() then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only system administrators may invite system administrators.';
  end if;
  if v_email is null or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'invalid_email',
      detail = 'An invitation needs a valid e-mail address.';
  end if;

  -- 32 bytes from pgcrypto's CSPRNG; hex keeps it URL-safe without encoding.
  v_token := encode(extensions.gen_random_bytes(32), 'hex');

  -- One live link per address: a new invitation supersedes the old one.
  update public.admin_invitations i
     set revoked_at = now()
   where lower(i.email::text) = lower(v_email)
     and i.used_at is null
     and i.revoked_at is null;

  return query
    insert into public.admin_invitations as i (email, token_hash, expires_at, invited_by)
    values (v_email, encode(extensions.digest(v_token, 'sha256'), 'hex'), now() + interval '7 days', auth.uid())
    returning i.id, v_token, i.expires_at;
end;
$$;
comment on function public.create_admin_invitation(text) is
  'System administrators only. Creates a 7-day invitation for the address and returns the raw token once; only its SHA-256 hash is stored. Supersedes any open invitation for the same address.';
revoke execute on function public.create_admin_invitation(text) from public, anon;
grant execute on function public.create_admin_invitation(text) to authenticated;

-- ---------------------------------------------------------------------------
-- accept_admin_invitation(p_token) → { success, message, error }
-- ---------------------------------------------------------------------------
create function private.invitation_result(p_error text, p_message text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('success', p_error is null, 'message', p_message, 'error', p_error);
$$;
revoke execute on function private.invitation_result(text, text) from public;

create function public.accept_admin_invitation(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_email text;
  v_hash text;
  v_invitation public.admin_invitations%rowtype;
begin
  if v_user_id is null then
    return private.invitation_result('not_authenticated', 'You must be logged in to accept this invitation.');
  end if;

  -- Before looking at the token: an administrator following an old link is
  -- simply sent on to the back office, and their link stays as it was.
  if exists (select 1 from public.system_admins sa where sa.user_id = v_user_id) then
    return private.invitation_result('already_admin', 'You are already a system administrator of the network!');
  end if;

  if p_token is null or btrim(p_token) = '' then
    return private.invitation_result('invalid_token', 'This invitation link is invalid.');
  end if;
  v_hash := encode(extensions.digest(p_token, 'sha256'), 'hex');

  -- The address on the account, not the JWT's claim, which may predate an e-mail change.
  select u.email into v_email from auth.users u where u.id = v_user_id;

  -- Single use: the row lock and these conditions let exactly one concurrent
  -- caller claim the invitation; anyone else finds used_at set.
  update public.admin_invitations i
     set used_at = now(), used_by = v_user_id
   where i.token_hash = v_hash
     and i.used_at is null
     and i.revoked_at is null
     and i.expires_at > now()
     and lower(i.email::text) = lower(v_email)
  returning * into v_invitation;

  if found then
    insert into public.system_admins (user_id, granted_by)
    values (v_user_id, v_invitation.invited_by)
    on conflict (user_id) do nothing;
    return private.invitation_result(null, 'Invitation accepted. You are now a system administrator.');
  end if;

  -- Not claimed: say why, terminal states first (switching accounts would not help).
  select * into v_invitation from public.admin_invitations i where i.token_hash = v_hash;
  if not found then
    return private.invitation_result('invalid_token', 'This invitation link is invalid.');
  elsif v_invitation.revoked_at is not null then
    return private.invitation_result('revoked', 'This invitation has been revoked. Ask an administrator for a new one.');
  elsif v_invitation.used_at is not null then
    return private.invitation_result('already_used', 'This invitation has already been used.');
  elsif v_invitation.expires_at <= now() then
    return private.invitation_result('expired', 'This invitation has expired. Ask an administrator for a new one.');
  else
    return private.invitation_result('email_mismatch', 'This invitation was sent to a different e-mail address. Sign in with the invited address.');
  end if;
end;
$$;
comment on function public.accept_admin_invitation(text) is
  'Makes the signed-in caller a system administrator if the token is valid, unused, unrevoked, unexpired and was sent to their e-mail. Returns {success, message, error}; error codes in docs/decisions/002-admin-invitation-result-codes.md.';
-- Visitors may call it, and only learn not_authenticated: the invitation screen
-- shows "You must be logged in" from the same result shape as every other case.
revoke execute on function public.accept_admin_invitation(text) from public;
grant execute on function public.accept_admin_invitation(text) to anon, authenticated;
