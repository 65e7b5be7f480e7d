-- Organisations run their own team: tenant invitations, roles, removal and
-- leaving (issue 13; docs/decisions/030-tenant-invitations-and-the-team.md).
--
-- * tenant_invitations mirrors admin_invitations (20261122000400): a random
--   256-bit token e-mailed to one address, bound to that address
--   (case-insensitive), seven days, single use, invited_by kept. Its SHA-256 is
--   kept apart in private.tenant_invitation_tokens, so the organisation's
--   members can read the invitations (select *) without ever reading a hash.
-- * Every change goes through a security-definer RPC that checks the caller,
--   names its refusals (message = code, detail in words) and writes
--   public.network_activity in the same transaction. Nobody writes the table
--   directly.
-- * A person belongs to one organisation (organization_members_user_id_key):
--   inviting or accepting for someone who already belongs elsewhere is refused
--   by name before the unique constraint would.
-- * An organisation always keeps at least one admin: a trigger on
--   organization_members refuses the update or delete that would leave none
--   (last_admin), whoever makes it — the RPCs here, or a system administrator
--   writing the table. Deleting the organisation itself, or the account, is
--   not refused (decision 030).
-- * While an organisation is suspended or revoked in the registry it sends no
--   invitations (new or resent) and none is accepted.

-- ---------------------------------------------------------------------------
-- tenant_invitations
-- ---------------------------------------------------------------------------
create table public.tenant_invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- citext: compared case-insensitively, as e-mail providers compare addresses.
  email extensions.citext not null check (char_length(email::text) between 3 and 320),
  role public.organization_role not null default 'member',
  -- Who invited, who accepted, who revoked: history, kept after their accounts are deleted (no FK).
  invited_by uuid,
  created_at timestamptz not null default now(),
  -- The latest mail (first send or resend); a resend renews the seven days.
  last_sent_at timestamptz not null default now(),
  send_count integer not null default 1 check (send_count >= 1),
  -- Resend cool-down: the earliest time another mail may go out (shown by the screen).
  resend_available_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by uuid,
  revoked_at timestamptz,
  revoked_by uuid,
  constraint tenant_invitations_expiry_check check (expires_at > last_sent_at),
  -- An invitation ends once: accepted or revoked, not both.
  constraint tenant_invitations_single_end_check check (used_at is null or revoked_at is null),
  constraint tenant_invitations_used_by_check check ((used_by is null) = (used_at is null))
);
comment on table public.tenant_invitations is
  'Invitations to join an organisation (/dashboard/members). The organisation''s members and system administrators read them; written only by create_/resend_/revoke_/accept_tenant_invitation(). The token''s hash is kept in private.tenant_invitation_tokens.';

-- One open invitation per (organisation, address). Led by organization_id, so
-- it also serves the foreign key and "this organisation's invitations".
create unique index tenant_invitations_one_open_idx
  on public.tenant_invitations (organization_id, email)
  where used_at is null and revoked_at is null;

alter table public.tenant_invitations enable row level security;
revoke all on table public.tenant_invitations from anon, authenticated;
grant select on table public.tenant_invitations to authenticated;

create policy "tenant_invitations: own organisation or all as admin"
  on public.tenant_invitations for select to authenticated
  using (organization_id in (select private.member_organization_ids()) or (select private.is_system_admin()));
comment on policy "tenant_invitations: own organisation or all as admin" on public.tenant_invitations is
  'The team page lists pending invitations to every member; the back office sees all. No write policies: the RPCs are the only way in.';

-- The hash, apart from what members read. Not in an exposed schema: no API role reaches it.
create table private.tenant_invitation_tokens (
  invitation_id uuid primary key references public.tenant_invitations (id) on delete cascade,
  -- Lower-case hex SHA-256 of the token; the token itself is never stored.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$')
);
comment on table private.tenant_invitation_tokens is
  'SHA-256 of each tenant invitation''s current token (a resend replaces it). Read and written only by the tenant-invitation RPCs.';
revoke all on table private.tenant_invitation_tokens from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------
-- The registry's refusal for a suspended or revoked organisation, or nothing.
create function private.refuse_unless_in_good_standing(p_organization_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_entry public.registry_entries;
begin
  select * into v_entry from public.registry_entries r where r.organization_id = p_organization_id;
  if found and v_entry.status in ('suspended', 'revoked') then
    raise exception using
      errcode = 'P0001',
      message = 'organization_' || v_entry.status::text,
      detail = format('The organisation has been %s in the registry since %s; invitations are paused until it is reinstated. Contact the system administrator.',
                      v_entry.status, to_char(v_entry.effective_from at time zone 'UTC', 'FMDD FMMonth YYYY'));
  end if;
end;
$$;
comment on function private.refuse_unless_in_good_standing(uuid) is
  'Raises P0001 organization_suspended / organization_revoked when the organisation''s registry status is not active (or absent: pending applicants may invite).';
revoke execute on function private.refuse_unless_in_good_standing(uuid) from public, anon;

-- Why this address cannot be invited into this organisation, as an exception.
create function private.refuse_unavailable_invitee(p_organization_id uuid, p_email text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid;
begin
  select m.organization_id into v_organization_id
    from auth.users u
    join public.organization_members m on m.user_id = u.id
   where lower(u.email) = lower(p_email)
   limit 1;
  if v_organization_id = p_organization_id then
    raise exception using errcode = 'unique_violation', message = 'already_member',
      detail = format('%s is already a member of this organisation.', p_email);
  elsif v_organization_id is not null then
    raise exception using errcode = 'unique_violation', message = 'already_in_organization',
      detail = format('%s already belongs to another organisation. A person belongs to one organisation at a time: they must leave it before they can be invited.', p_email);
  end if;
  -- System administrators are sent away from member pages (spec §6): a membership would do nothing.
  if exists (
    select 1 from auth.users u join public.system_admins sa on sa.user_id = u.id where lower(u.email) = lower(p_email)
  ) then
    raise exception using errcode = 'unique_violation', message = 'system_admin',
      detail = format('%s is a system administrator of the network; administrators do not join organisations.', p_email);
  end if;
end;
$$;
comment on function private.refuse_unavailable_invitee(uuid, text) is
  'Raises 23505 already_member or already_in_organization when the address''s account already belongs to an organisation, system_admin when it is a system administrator''s.';
revoke execute on function private.refuse_unavailable_invitee(uuid, text) from public, anon;

-- What a member record says about who was concerned.
create function private.member_details(p_user_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'user_id', p_user_id,
    'email', (select u.email from auth.users u where u.id = p_user_id)
  ));
$$;
revoke execute on function private.member_details(uuid) from public, anon;

create function private.log_team_action(p_action text, p_organization_id uuid, p_details jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.network_activity (actor_id, action, organization_id, details)
  values (
    auth.uid(),
    p_action,
    p_organization_id,
    jsonb_build_object('organization_name', (select o.name from public.organizations o where o.id = p_organization_id)) || p_details
  );
$$;
comment on function private.log_team_action(text, uuid, jsonb) is
  'One network_activity entry in the caller''s name for a team action (tenant_invitation.*, organization_member.*), with the organisation''s name.';
revoke execute on function private.log_team_action(text, uuid, jsonb) from public, anon;

-- The invitation, locked, as its organisation's admins (or system admins) may act on it.
create function private.lock_tenant_invitation(p_invitation_id uuid, p_action text)
returns public.tenant_invitations
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invitation public.tenant_invitations;
begin
  select * into v_invitation from public.tenant_invitations i where i.id = p_invitation_id for update;
  -- Someone outside the organisation learns nothing, not even that it exists.
  if not found or not (
    v_invitation.organization_id in (select private.member_organization_ids()) or private.is_system_admin()
  ) then
    raise exception using errcode = 'P0001', message = 'invitation_not_found', detail = 'No invitation has this id.';
  end if;
  if not (private.is_organization_admin(v_invitation.organization_id) or private.is_system_admin()) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = format('Only the organisation''s admins may %s invitations.', p_action);
  end if;
  return v_invitation;
end;
$$;
revoke execute on function private.lock_tenant_invitation(uuid, text) from public, anon;

-- ---------------------------------------------------------------------------
-- An organisation always keeps at least one admin
-- ---------------------------------------------------------------------------
create function private.keep_an_organization_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return null;
  end if;
  -- The organisation itself is being deleted (the cascade), or the account is:
  -- nothing is left to administer, or nobody to keep (decision 030).
  if not exists (select 1 from public.organizations o where o.id = old.organization_id) then
    return null;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from auth.users u where u.id = old.user_id) then
    return null;
  end if;
  -- After the statement's rows: a multi-row change is judged by its end state.
  if not exists (
    select 1 from public.organization_members m
     where m.organization_id = old.organization_id and m.role = 'admin'
  ) then
    raise exception using
      errcode = 'P0001',
      message = 'last_admin',
      detail = 'An organisation must always have at least one admin, and this is its only one. Make another member an admin first.';
  end if;
  return null;
end;
$$;
comment on function private.keep_an_organization_admin() is
  'After update or delete on organization_members: raises P0001 last_admin if the organisation would be left with no admin (not when the organisation or the account is being deleted).';
revoke execute on function private.keep_an_organization_admin() from public, anon;

create trigger organization_members_keep_an_admin
  after update of role or delete on public.organization_members
  for each row execute function private.keep_an_organization_admin();

-- ---------------------------------------------------------------------------
-- create_tenant_invitation(p_organization_id, p_email, p_role)
-- ---------------------------------------------------------------------------
create type public.tenant_invitation_sent as (
  invitation_id uuid,
  organization_id uuid,
  organization_name text,
  email text,
  role public.organization_role,
  -- The plain token, returned once for the invite-tenant function's mail; never stored.
  token text,
  expires_at timestamptz,
  resend_available_at timestamptz
);
comment on type public.tenant_invitation_sent is
  'What create_ and resend_tenant_invitation() return to the invite-tenant Edge Function: the invitation and its plain token, once.';

create function private.issue_tenant_token(p_invitation_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- 32 bytes from pgcrypto's CSPRNG; hex keeps it URL-safe without encoding.
  v_token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  insert into private.tenant_invitation_tokens as t (invitation_id, token_hash)
  values (p_invitation_id, encode(extensions.digest(v_token, 'sha256'), 'hex'))
  on conflict (invitation_id) do update set token_hash = excluded.token_hash;
  return v_token;
end;
$$;
comment on function private.issue_tenant_token(uuid) is
  'A new random token for the invitation; stores its SHA-256 (replacing the previous one, so an old link stops working) and returns the plain token.';
revoke execute on function private.issue_tenant_token(uuid) from public, anon;

create function public.create_tenant_invitation(
  p_organization_id uuid,
  p_email text,
  p_role public.organization_role default 'member'
)
returns public.tenant_invitation_sent
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := private.email_trim(p_email);
  v_invitation public.tenant_invitations;
  v_token text;
begin
  -- Organisation admins only. An admin may invite at or below their own role;
  -- admin is the highest organisation role, so both roles are theirs to give.
  if not private.is_organization_admin(p_organization_id) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s admins invite people to it.';
  end if;
  if p_role is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_role',
      detail = 'Choose admin or member.';
  end if;
  -- The one e-mail rule (decision 029), as the app and the Edge Function apply it.
  if private.email_problem(v_email) is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_email',
      detail = 'An invitation needs a valid e-mail address.';
  end if;
  -- Serialises invitations to this organisation, so the checks below hold until commit.
  perform 1 from public.organizations o where o.id = p_organization_id for update;
  perform private.refuse_unless_in_good_standing(p_organization_id);
  perform private.refuse_unavailable_invitee(p_organization_id, v_email);

  -- One open invitation per address: a live one is resent, not duplicated;
  -- an expired one is superseded.
  select * into v_invitation from public.tenant_invitations i
   where i.organization_id = p_organization_id and lower(i.email::text) = lower(v_email)
     and i.used_at is null and i.revoked_at is null;
  if found and v_invitation.expires_at > now() then
    raise exception using errcode = 'unique_violation', message = 'invitation_open',
      detail = format('%s already has an open invitation, until %s. Resend it instead.',
                      v_email, to_char(v_invitation.expires_at at time zone 'UTC', 'FMDD FMMonth YYYY HH24:MI "UTC"'));
  elsif found then
    update public.tenant_invitations i set revoked_at = now(), revoked_by = auth.uid() where i.id = v_invitation.id;
  end if;

  insert into public.tenant_invitations as i (organization_id, email, role, invited_by, expires_at, resend_available_at)
  values (p_organization_id, v_email, p_role, auth.uid(), now() + interval '7 days', now() + interval '60 seconds')
  returning * into v_invitation;
  v_token := private.issue_tenant_token(v_invitation.id);

  perform private.log_team_action('tenant_invitation.created', p_organization_id, jsonb_build_object(
    'invitation_id', v_invitation.id,
    'email', v_invitation.email,
    'role', v_invitation.role,
    'expires_at', v_invitation.expires_at
  ));
  return (v_invitation.id, p_organization_id, (select o.name from public.organizations o where o.id = p_organization_id),
          v_invitation.email::text, v_invitation.role, v_token, v_invitation.expires_at, v_invitation.resend_available_at)::public.tenant_invitation_sent;
end;
$$;
comment on function public.create_tenant_invitation(uuid, text, public.organization_role) is
  'The organisation''s admins invite an address as admin or member for seven days; returns the plain token once (only its SHA-256 is stored). Recorded as tenant_invitation.created. Errors: 42501 not_organization_admin; 22023 invalid_email, invalid_role; 23505 already_member, already_in_organization, system_admin, invitation_open (resend it instead); P0001 organization_suspended, organization_revoked. Called by the invite-tenant Edge Function with the caller''s JWT.';
revoke execute on function public.create_tenant_invitation(uuid, text, public.organization_role) from public, anon;
grant execute on function public.create_tenant_invitation(uuid, text, public.organization_role) to authenticated;

-- ---------------------------------------------------------------------------
-- resend_tenant_invitation(p_invitation_id)
-- ---------------------------------------------------------------------------
create function public.resend_tenant_invitation(p_invitation_id uuid)
returns public.tenant_invitation_sent
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invitation public.tenant_invitations;
  v_token text;
begin
  v_invitation := private.lock_tenant_invitation(p_invitation_id, 'resend');
  if not private.is_organization_admin(v_invitation.organization_id) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s admins resend its invitations.';
  end if;
  if v_invitation.used_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation_used',
      detail = 'This invitation has already been accepted.';
  elsif v_invitation.revoked_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation_revoked',
      detail = 'This invitation was revoked. Invite the address again instead.';
  end if;
  if v_invitation.resend_available_at > now() then
    raise exception using errcode = 'P0001', message = 'resend_too_soon',
      detail = format('The invitation was sent moments ago. You can resend it in %s seconds.',
                      ceil(extract(epoch from v_invitation.resend_available_at - now()))::integer),
      hint = v_invitation.resend_available_at::text;
  end if;
  perform private.refuse_unless_in_good_standing(v_invitation.organization_id);
  perform private.refuse_unavailable_invitee(v_invitation.organization_id, v_invitation.email::text);

  update public.tenant_invitations i
     set last_sent_at = now(),
         send_count = i.send_count + 1,
         expires_at = now() + interval '7 days',
         resend_available_at = now() + interval '60 seconds'
   where i.id = p_invitation_id
  returning * into v_invitation;
  -- A new token: the earlier mail's link stops working.
  v_token := private.issue_tenant_token(v_invitation.id);

  perform private.log_team_action('tenant_invitation.resent', v_invitation.organization_id, jsonb_build_object(
    'invitation_id', v_invitation.id,
    'email', v_invitation.email,
    'role', v_invitation.role,
    'expires_at', v_invitation.expires_at,
    'send_count', v_invitation.send_count
  ));
  return (v_invitation.id, v_invitation.organization_id,
          (select o.name from public.organizations o where o.id = v_invitation.organization_id),
          v_invitation.email::text, v_invitation.role, v_token, v_invitation.expires_at, v_invitation.resend_available_at)::public.tenant_invitation_sent;
end;
$$;
comment on function public.resend_tenant_invitation(uuid) is
  'The organisation''s admins send an open (or expired) invitation again: a new token (the old link stops working), seven more days, and a 60-second cool-down before the next resend. Recorded as tenant_invitation.resent. Errors: 42501 not_organization_admin; P0001 invitation_not_found, invitation_used, invitation_revoked, resend_too_soon (hint: when it is allowed), organization_suspended, organization_revoked; 23505 already_member, already_in_organization, system_admin.';
revoke execute on function public.resend_tenant_invitation(uuid) from public, anon;
grant execute on function public.resend_tenant_invitation(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- revoke_tenant_invitation(p_invitation_id) → revoked_at
-- ---------------------------------------------------------------------------
create function public.revoke_tenant_invitation(p_invitation_id uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invitation public.tenant_invitations;
begin
  v_invitation := private.lock_tenant_invitation(p_invitation_id, 'revoke');
  if v_invitation.used_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation_used',
      detail = 'This invitation has already been accepted: remove the member instead.';
  end if;
  -- Already revoked: nothing changes and it is not an error (two admins may press Revoke at once).
  if v_invitation.revoked_at is not null then
    return v_invitation.revoked_at;
  end if;
  update public.tenant_invitations i set revoked_at = now(), revoked_by = auth.uid()
   where i.id = p_invitation_id
  returning * into v_invitation;
  perform private.log_team_action('tenant_invitation.revoked', v_invitation.organization_id, jsonb_build_object(
    'invitation_id', v_invitation.id,
    'email', v_invitation.email,
    'role', v_invitation.role
  ));
  return v_invitation.revoked_at;
end;
$$;
comment on function public.revoke_tenant_invitation(uuid) is
  'The organisation''s admins (or system administrators) withdraw an invitation; its link stops working. Idempotent. Recorded as tenant_invitation.revoked. Errors: 42501 not_organization_admin; P0001 invitation_not_found, invitation_used.';
revoke execute on function public.revoke_tenant_invitation(uuid) from public, anon;
grant execute on function public.revoke_tenant_invitation(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- accept_tenant_invitation(p_token, p_organization_id) → { success, message, error, … }
-- ---------------------------------------------------------------------------
create function private.tenant_invitation_result(
  p_error text,
  p_message text,
  p_organization_id uuid default null,
  p_role public.organization_role default null
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'success', p_error is null,
    'message', p_message,
    'error', p_error,
    'organization_id', p_organization_id,
    'organization_name', (select o.name from public.organizations o where o.id = p_organization_id),
    'role', p_role
  );
$$;
revoke execute on function private.tenant_invitation_result(text, text, uuid, public.organization_role) from public, anon;

create function public.accept_tenant_invitation(p_token text, p_organization_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_user_email text;
  v_confirmed_at timestamptz;
  v_hash text;
  v_invitation public.tenant_invitations;
  v_current_organization uuid;
  v_status public.registry_status;
begin
  -- No assurance level is asked for: the invitee arrives through a sign-in
  -- link, at aal1, and joining is what the link was for (supabase/supabase#45829).
  if v_user_id is null then
    return private.tenant_invitation_result('not_authenticated', 'You must be logged in to accept this invitation.');
  end if;
  if p_token is null or btrim(p_token) = '' then
    return private.tenant_invitation_result('invalid_token', 'This invitation link appears to be invalid.');
  end if;
  v_hash := encode(extensions.digest(btrim(p_token), 'sha256'), 'hex');

  select i.* into v_invitation
    from private.tenant_invitation_tokens t
    join public.tenant_invitations i on i.id = t.invitation_id
   where t.token_hash = v_hash
   for update of i;
  -- The link's org_id must be the invitation's: a link pieced together from two mails is not one.
  if not found or (p_organization_id is not null and p_organization_id <> v_invitation.organization_id) then
    return private.tenant_invitation_result('invalid_token', 'This invitation link appears to be invalid.');
  end if;

  -- Terminal states first: signing in as someone else would not help.
  if v_invitation.revoked_at is not null then
    return private.tenant_invitation_result('revoked', 'This invitation has been withdrawn. Ask your organisation''s admin for a new one.', v_invitation.organization_id);
  elsif v_invitation.used_at is not null then
    return private.tenant_invitation_result('already_used', 'This invitation has already been used.', v_invitation.organization_id);
  elsif v_invitation.expires_at <= now() then
    return private.tenant_invitation_result('expired', 'This invitation has expired. Please contact the system administrator.', v_invitation.organization_id);
  end if;

  -- The address on the account, not the JWT's claim, which may predate an e-mail change.
  select u.email, u.email_confirmed_at into v_user_email, v_confirmed_at from auth.users u where u.id = v_user_id;
  if lower(v_user_email) is distinct from lower(v_invitation.email::text) then
    return private.tenant_invitation_result('email_mismatch', 'This invitation was sent to a different e-mail address. Sign in with the invited address.', v_invitation.organization_id);
  end if;
  if v_confirmed_at is null then
    return private.tenant_invitation_result('email_not_confirmed', 'Confirm your e-mail address before accepting this invitation.', v_invitation.organization_id);
  end if;

  select m.organization_id into v_current_organization from public.organization_members m where m.user_id = v_user_id;
  if v_current_organization = v_invitation.organization_id then
    return private.tenant_invitation_result('already_member', 'You are already a member of this organisation.', v_invitation.organization_id);
  elsif v_current_organization is not null then
    return private.tenant_invitation_result('already_in_organization', 'You already belong to another organisation. Leave it before accepting this invitation.', v_invitation.organization_id);
  end if;

  select r.status into v_status from public.registry_entries r where r.organization_id = v_invitation.organization_id;
  if v_status in ('suspended', 'revoked') then
    return private.tenant_invitation_result('organization_' || v_status::text,
      format('The organisation has been %s in the registry, so it cannot take new members. Please contact the system administrator.', v_status),
      v_invitation.organization_id);
  end if;

  -- Single use: the row is locked above and only an unused, unrevoked,
  -- unexpired invitation is claimed; the membership goes in with it or not at all.
  begin
    update public.tenant_invitations i
       set used_at = now(), used_by = v_user_id
     where i.id = v_invitation.id and i.used_at is null and i.revoked_at is null and i.expires_at > now()
    returning * into v_invitation;
    if not found then
      return private.tenant_invitation_result('already_used', 'This invitation has already been used.', v_invitation.organization_id);
    end if;
    -- This function records the joining itself (tenant_invitation.accepted): the
    -- audit trigger on organization_members (20261125000200) stands aside.
    perform set_config('accord.activity_recorded_by', 'team_rpc', true);
    insert into public.organization_members (organization_id, user_id, role)
    values (v_invitation.organization_id, v_user_id, v_invitation.role);
    perform set_config('accord.activity_recorded_by', '', true);
  exception when unique_violation then
    -- Joined an organisation in the meantime (another tab, another invitation).
    return private.tenant_invitation_result('already_in_organization', 'You already belong to another organisation. Leave it before accepting this invitation.', v_invitation.organization_id);
  end;

  perform private.log_team_action('tenant_invitation.accepted', v_invitation.organization_id, jsonb_build_object(
    'invitation_id', v_invitation.id,
    'email', v_invitation.email,
    'role', v_invitation.role,
    'invited_by', v_invitation.invited_by
  ));
  return private.tenant_invitation_result(null, 'Welcome to the network! You have joined the organisation.', v_invitation.organization_id, v_invitation.role);
end;
$$;
comment on function public.accept_tenant_invitation(text, uuid) is
  'The signed-in invitee (any assurance level) joins the organisation in the invited role, if the token is valid, unused, unrevoked and unexpired, was sent to their confirmed address, is for p_organization_id (when given), they belong to no organisation and the organisation is not suspended or revoked. Returns {success, message, error, organization_id, organization_name, role}; error: not_authenticated, invalid_token, revoked, already_used, expired (contact the system administrator), email_mismatch, email_not_confirmed, already_member, already_in_organization, organization_suspended, organization_revoked. Recorded as tenant_invitation.accepted.';
revoke execute on function public.accept_tenant_invitation(text, uuid) from public, anon;
grant execute on function public.accept_tenant_invitation(text, uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- The team: change a role, remove someone, leave, list
-- ---------------------------------------------------------------------------
create function private.lock_member(p_organization_id uuid, p_user_id uuid)
returns public.organization_members
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_member public.organization_members;
begin
  if not (private.is_organization_admin(p_organization_id) or private.is_system_admin()) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s admins manage its members.';
  end if;
  select * into v_member from public.organization_members m
   where m.organization_id = p_organization_id and m.user_id = p_user_id
   for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'member_not_found',
      detail = 'This person is not a member of the organisation.';
  end if;
  return v_member;
end;
$$;
revoke execute on function private.lock_member(uuid, uuid) from public, anon;

create function public.change_organization_member_role(
  p_organization_id uuid,
  p_user_id uuid,
  p_role public.organization_role
)
returns public.organization_members
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_member public.organization_members;
  v_previous public.organization_role;
begin
  v_member := private.lock_member(p_organization_id, p_user_id);
  if p_role is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_role', detail = 'Choose admin or member.';
  end if;
  if v_member.role = p_role then
    return v_member;
  end if;
  v_previous := v_member.role;
  -- The last-admin trigger refuses a demotion that would leave no admin.
  perform set_config('accord.activity_recorded_by', 'team_rpc', true);
  update public.organization_members m set role = p_role
   where m.organization_id = p_organization_id and m.user_id = p_user_id
  returning * into v_member;
  perform set_config('accord.activity_recorded_by', '', true);
  perform private.log_team_action('organization_member.role_changed', p_organization_id,
    private.member_details(p_user_id) || jsonb_build_object('previous_role', v_previous, 'role', p_role));
  return v_member;
end;
$$;
comment on function public.change_organization_member_role(uuid, uuid, public.organization_role) is
  'The organisation''s admins (or system administrators) make a member admin or member. Unchanged role: no change, no entry. Recorded as organization_member.role_changed with the old and new role. Errors: 42501 not_organization_admin; 22023 invalid_role; P0001 member_not_found, last_admin.';
revoke execute on function public.change_organization_member_role(uuid, uuid, public.organization_role) from public, anon;
grant execute on function public.change_organization_member_role(uuid, uuid, public.organization_role) to authenticated;

create function public.remove_organization_member(p_organization_id uuid, p_user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_member public.organization_members;
begin
  v_member := private.lock_member(p_organization_id, p_user_id);
  -- The last-admin trigger refuses removing the only admin.
  perform set_config('accord.activity_recorded_by', 'team_rpc', true);
  delete from public.organization_members m where m.organization_id = p_organization_id and m.user_id = p_user_id;
  perform set_config('accord.activity_recorded_by', '', true);
  perform private.log_team_action('organization_member.removed', p_organization_id,
    private.member_details(p_user_id) || jsonb_build_object('role', v_member.role));
end;
$$;
comment on function public.remove_organization_member(uuid, uuid) is
  'The organisation''s admins (or system administrators) remove someone from the organisation. Recorded as organization_member.removed. Errors: 42501 not_organization_admin; P0001 member_not_found, last_admin.';
revoke execute on function public.remove_organization_member(uuid, uuid) from public, anon;
grant execute on function public.remove_organization_member(uuid, uuid) to authenticated;

create function public.leave_organization(p_organization_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_member public.organization_members;
begin
  perform set_config('accord.activity_recorded_by', 'team_rpc', true);
  delete from public.organization_members m
   where m.organization_id = p_organization_id and m.user_id = auth.uid()
  returning * into v_member;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_a_member',
      detail = 'You are not a member of this organisation.';
  end if;
  -- After the FOUND check: PERFORM sets FOUND itself.
  perform set_config('accord.activity_recorded_by', '', true);
  perform private.log_team_action('organization_member.left', p_organization_id,
    private.member_details(v_member.user_id) || jsonb_build_object('role', v_member.role));
end;
$$;
comment on function public.leave_organization(uuid) is
  'Anyone leaves their organisation. The only admin cannot (last_admin: make someone else an admin first). Recorded as organization_member.left. Errors: P0001 not_a_member, last_admin.';
revoke execute on function public.leave_organization(uuid) from public, anon;
grant execute on function public.leave_organization(uuid) to authenticated;

create function public.organization_team(p_organization_id uuid)
returns table (
  user_id uuid,
  full_name text,
  email text,
  role public.organization_role,
  joined_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (p_organization_id in (select private.member_organization_ids()) or private.is_system_admin()) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_member',
      detail = 'Only the organisation''s members see its team.';
  end if;
  return query
    select m.user_id, p.full_name, u.email::text, m.role, m.created_at
      from public.organization_members m
      join auth.users u on u.id = m.user_id
      left join public.profiles p on p.id = m.user_id
     where m.organization_id = p_organization_id
     -- Admins first, then by name (people without one by address).
     order by m.role, lower(coalesce(p.full_name, u.email)), m.user_id;
end;
$$;
comment on function public.organization_team(uuid) is
  'The team of /dashboard/members: name, sign-in address, role and when they joined, admins first. The organisation''s members and system administrators only (42501 not_organization_member). security definer to read auth.users'' addresses in one round trip.';
revoke execute on function public.organization_team(uuid) from public, anon;
grant execute on function public.organization_team(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- What organization_members' comments promised is now built
-- ---------------------------------------------------------------------------
comment on table public.organization_members is
  'Who belongs to which organisation and as what. Joined through accept_tenant_invitation() (or the creation trigger); roles, removal and leaving through their RPCs, which keep at least one admin (trigger organization_members_keep_an_admin). System administrators may also write it directly.';
comment on policy "organization_members: system admins add" on public.organization_members is
  'Joining needs the person''s consent: accept_tenant_invitation() adds them. Otherwise only the back office adds members (the creator is added by trigger).';
comment on policy "organization_members: system admins change roles" on public.organization_members is
  'Organisation admins change roles through change_organization_member_role(); the trigger keeps at least one admin whoever writes.';
comment on policy "organization_members: system admins remove" on public.organization_members is
  'Organisation admins remove through remove_organization_member(), anyone leaves through leave_organization(); the trigger keeps at least one admin whoever writes.';
