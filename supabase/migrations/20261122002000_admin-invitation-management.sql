-- Administrator invitations end to end: what /admin/users and /admin/dashboard need.
--
-- * create_admin_invitation() now refuses an address that already belongs to a
--   system administrator (SQLSTATE 23505, message `already_admin`): inviting
--   them would only send a link that does nothing.
-- * revoke_admin_invitation(p_invitation_id): withdraw an open invitation.
-- * admin_list_invitations(), admin_list_users(), admin_dashboard_counts(): the
--   back office's lists and counts, one round trip each.
--
-- All are for system administrators only: anyone else gets insufficient_privilege
-- (42501, HTTP 403), visitors cannot execute them at all. They are security
-- definer because they read auth.users (sign-in times, addresses) and join
-- tables whose policies would otherwise be evaluated row by row; each checks
-- the caller first. Codes: docs/decisions/013-admin-invitation-delivery.md.

-- The one refusal every back-office RPC gives.
create function private.require_system_admin(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_system_admin() then
    raise exception using
      errcode = 'insufficient_privilege',
      message = format('Only system administrators may %s.', p_action);
  end if;
end;
$$;
comment on function private.require_system_admin(text) is
  'Raises insufficient_privilege (42501) unless the caller is a system administrator; p_action completes "Only system administrators may …".';
revoke execute on function private.require_system_admin(text) from public;
grant execute on function private.require_system_admin(text) to authenticated;

-- ---------------------------------------------------------------------------
-- create_admin_invitation: also refuses addresses of existing administrators
-- ---------------------------------------------------------------------------
create or replace function public.create_admin_invitation(p_email text)
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
  -- The account's address, compared as e-mail providers compare it.
  if exists (
    select 1
    from auth.users u
    join public.system_admins sa on sa.user_id = u.id
    where lower(u.email) = lower(v_email)
  ) then
    raise exception using
      errcode = 'unique_violation',
      message = 'already_admin',
      detail = format('%s is already a system administrator.', v_email);
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
  'System administrators only. Creates a 7-day invitation for the address and returns the raw token once; only its SHA-256 hash is stored. Supersedes any open invitation for the same address. Refuses addresses of existing system administrators (23505 already_admin).';

-- ---------------------------------------------------------------------------
-- revoke_admin_invitation(p_invitation_id) → revoked_at
-- ---------------------------------------------------------------------------
create function public.revoke_admin_invitation(p_invitation_id uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invitation public.admin_invitations%rowtype;
begin
  perform private.require_system_admin('revoke invitations');

  update public.admin_invitations i
     set revoked_at = now()
   where i.id = p_invitation_id
     and i.used_at is null
     and i.revoked_at is null
  returning * into v_invitation;
  if found then
    return v_invitation.revoked_at;
  end if;

  select * into v_invitation from public.admin_invitations i where i.id = p_invitation_id;
  if not found then
    raise exception using
      errcode = 'raise_exception',
      message = 'invitation_not_found',
      detail = 'No invitation has this id.';
  elsif v_invitation.used_at is not null then
    raise exception using
      errcode = 'raise_exception',
      message = 'invitation_used',
      detail = 'This invitation has already been accepted: remove the administrator instead.';
  end if;
  -- Already revoked: revoking again changes nothing and is not an error
  -- (two administrators may press Revoke at the same time).
  return v_invitation.revoked_at;
end;
$$;
comment on function public.revoke_admin_invitation(uuid) is
  'System administrators only. Revokes an open (or expired) invitation and returns when it was revoked; idempotent for revoked ones. Raises P0001 invitation_not_found / invitation_used.';
revoke execute on function public.revoke_admin_invitation(uuid) from public, anon;
grant execute on function public.revoke_admin_invitation(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- admin_list_invitations()
-- ---------------------------------------------------------------------------
create function public.admin_list_invitations()
returns table (
  id uuid,
  email text,
  -- open | used | revoked | expired
  status text,
  invited_by uuid,
  invited_by_email text,
  created_at timestamptz,
  expires_at timestamptz,
  used_at timestamptz,
  used_by_email text,
  revoked_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('list invitations');
  return query
    select
      i.id,
      i.email::text,
      case
        when i.used_at is not null then 'used'
        when i.revoked_at is not null then 'revoked'
        when i.expires_at <= now() then 'expired'
        else 'open'
      end,
      i.invited_by,
      inviter.email::text,
      i.created_at,
      i.expires_at,
      i.used_at,
      invitee.email::text,
      i.revoked_at
    from public.admin_invitations i
    left join auth.users inviter on inviter.id = i.invited_by
    left join auth.users invitee on invitee.id = i.used_by
    -- Open ones first (they are what the back office acts on), newest first within each.
    order by (i.used_at is null and i.revoked_at is null and i.expires_at > now()) desc, i.created_at desc, i.id;
end;
$$;
comment on function public.admin_list_invitations() is
  'System administrators only. Every administrator invitation with its status (open, used, revoked, expired) and the addresses of who invited and who accepted; open ones first. Never returns tokens (only hashes are stored).';
revoke execute on function public.admin_list_invitations() from public, anon;
grant execute on function public.admin_list_invitations() to authenticated;

-- ---------------------------------------------------------------------------
-- admin_list_users()
-- ---------------------------------------------------------------------------
create function public.admin_list_users()
returns table (
  id uuid,
  email text,
  full_name text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  is_system_admin boolean,
  organization_id uuid,
  organization_name text,
  organization_role public.organization_role,
  application_status public.application_status,
  investor_level public.investor_access_level,
  is_stakeholder boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('list users');
  return query
    select
      p.id,
      p.email,
      p.full_name,
      p.created_at,
      u.last_sign_in_at,
      sa.user_id is not null,
      m.organization_id,
      o.name,
      m.role,
      a.status,
      ia.level,
      st.user_id is not null
    from public.profiles p
    join auth.users u on u.id = p.id
    left join public.system_admins sa on sa.user_id = p.id
    -- At most one membership per person (organization_members_user_id_key).
    left join public.organization_members m on m.user_id = p.id
    left join public.organizations o on o.id = m.organization_id
    left join public.organization_applications a on a.organization_id = m.organization_id
    left join public.investor_access ia on ia.user_id = p.id
    left join public.stakeholders st on st.user_id = p.id
    -- Soft-deleted accounts keep their row in auth.users but are nobody any more.
    where u.deleted_at is null
    order by p.created_at desc, p.id;
end;
$$;
comment on function public.admin_list_users() is
  'System administrators only. Every account with its profile, last sign-in and roles: system administrator, organisation and role (with the application status), investor level, stakeholder.';
revoke execute on function public.admin_list_users() from public, anon;
grant execute on function public.admin_list_users() to authenticated;

-- ---------------------------------------------------------------------------
-- admin_dashboard_counts()
-- ---------------------------------------------------------------------------
create function public.admin_dashboard_counts()
returns table (
  -- Submitted and not yet decided: pending or under review.
  pending_applications integer,
  organizations integer,
  users integer,
  -- Not used, not revoked, not expired.
  open_invitations integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('see the dashboard');
  return query
    select
      (select count(*)::integer from public.organization_applications a where a.status in ('pending', 'under_review')),
      (select count(*)::integer from public.organizations),
      (select count(*)::integer from public.profiles p join auth.users u on u.id = p.id where u.deleted_at is null),
      (select count(*)::integer from public.admin_invitations i
        where i.used_at is null and i.revoked_at is null and i.expires_at > now());
end;
$$;
comment on function public.admin_dashboard_counts() is
  'System administrators only. One row of counts for /admin/dashboard: applications awaiting a decision, organisations, users (not deleted), open administrator invitations.';
revoke execute on function public.admin_dashboard_counts() from public, anon;
grant execute on function public.admin_dashboard_counts() to authenticated;
