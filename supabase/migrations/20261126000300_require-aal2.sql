-- Issue 14: the back office and the data room need aal2 from anyone who has a
-- verified second factor, decided here and not only by the app's guards
-- (docs/decisions/043-aal2-in-the-database.md).
--
-- Supabase's documented pattern ("Enforce MFA for users who have enrolled"):
-- the JWT's `aal` claim must be aal2 when auth.mfa_factors holds a verified
-- factor for the caller. GoTrue signs the claim, so the browser cannot raise
-- it; hosted and the local auth service issue it the same way (decision 039).
--
-- Where the rule lives:
-- * private.is_system_admin(), the one definition every back-office policy
--   and RPC uses, now also needs private.aal_satisfied(). A system
--   administrator at aal1 with a factor is, to the database, no administrator:
--   every policy that says "or is_system_admin()" stops matching, so they see
--   and change only what any signed-in person may.
-- * private.require_system_admin(), the refusal of every back-office RPC, and
--   private.assert_may_inspect() (the role checks about other accounts) say
--   why: 42501 aal2_required, so the app can ask for the code instead of
--   saying "not allowed". create_admin_invitation now uses
--   require_system_admin too.
-- * public.has_investor_level('data_room'), the data room's one check, needs
--   aal_satisfied(); 'lite' (the investor dashboard) does not.
-- * Restrictive policies on the tables only the back office uses, so a
--   permissive policy added to them later cannot forget the rule.
--
-- Deliberately unchanged: the facts the app loads after sign-in about the
-- caller themselves (is_user_admin(own id), the own system_admins and
-- investor_access rows), so the app can tell an administrator or investor at
-- aal1 to enter their code; and every member path.

-- ---------------------------------------------------------------------------
-- The question: is the caller's assurance level enough?
-- ---------------------------------------------------------------------------
-- security definer: the API roles cannot read auth.mfa_factors; it answers only
-- about the caller. One lookup on auth.mfa_factors' user_id index, and only when
-- the token is not already aal2. Callers wrap it in (select …) in policies so it
-- runs once per statement. No uid (visitors, the service role) means no
-- factors: satisfied.
create function private.aal_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1
      from auth.mfa_factors f
      where f.user_id = (select auth.uid())
        and f.status = 'verified'
    );
$$;
comment on function private.aal_satisfied() is
  'True when the caller has no verified MFA factor or their token is aal2 (Supabase''s "enforce MFA for users who have enrolled"). For the back office and the data room.';
revoke execute on function private.aal_satisfied() from public;
grant execute on function private.aal_satisfied() to authenticated, service_role;

-- Holds the grant, whatever the assurance level: for saying why a system
-- administrator was refused, never for letting them through.
create function private.holds_system_admin_grant()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.system_admins sa where sa.user_id = (select auth.uid())
  );
$$;
comment on function private.holds_system_admin_grant() is
  'True when the caller has a row in system_admins, at any assurance level. Only to explain a refusal (aal2_required); access goes through is_system_admin().';
-- Called only from security-definer functions, which run as its owner.
revoke execute on function private.holds_system_admin_grant() from public;

-- The refusal when the level is the only thing missing.
create function private.raise_aal2_required(p_action text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'insufficient_privilege',
    message = 'aal2_required',
    detail = format('Enter the code from your authenticator app to %s.', p_action),
    hint = 'Verify a second factor (auth.mfa.challenge and verify) so the session is aal2, then try again.';
end;
$$;
comment on function private.raise_aal2_required(text) is
  'Raises 42501 aal2_required: the caller has a verified factor and a session below aal2. p_action completes "Enter the code … to …".';
revoke execute on function private.raise_aal2_required(text) from public;

-- ---------------------------------------------------------------------------
-- The system administrator, as every policy and RPC asks
-- ---------------------------------------------------------------------------
-- Same signature, so the policies that call it keep calling it.
create or replace function private.is_system_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.holds_system_admin_grant() and private.aal_satisfied();
$$;
comment on function private.is_system_admin() is
  'True when the caller (auth.uid()) is a system administrator and their session is aal2, or they have no verified factor. For policies; answers only about the caller.';

create or replace function private.require_system_admin(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if private.is_system_admin() then
    return;
  end if;
  if private.holds_system_admin_grant() then
    perform private.raise_aal2_required(p_action);
  end if;
  raise exception using
    errcode = 'insufficient_privilege',
    message = format('Only system administrators may %s.', p_action);
end;
$$;
comment on function private.require_system_admin(text) is
  'Raises insufficient_privilege (42501) unless the caller is a system administrator: aal2_required when they are one but their session is aal1 and they have a verified factor, else "Only system administrators may …" (p_action completes it).';

-- As in 20261122000500_role-check-rpcs.sql, except that an administrator at
-- aal1 asking about someone else hears why.
create or replace function private.assert_may_inspect(p_user_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_user_id is not distinct from auth.uid() and p_user_id is not null then
    return;
  end if;
  if private.is_system_admin() or (auth.jwt() ->> 'role') = 'service_role' then
    return;
  end if;
  if private.holds_system_admin_grant() then
    perform private.raise_aal2_required('ask about other accounts');
  end if;
  raise exception using
    errcode = 'insufficient_privilege',
    message = 'You may only ask about your own account.',
    hint = 'Pass your own user id (auth.uid()); only system administrators may ask about other users.';
end;
$$;
comment on function private.assert_may_inspect(uuid) is
  'Raises insufficient_privilege unless p_user_id is the caller, or the caller is a system administrator (at aal2 when they have a factor: else aal2_required) or the service role.';

-- As in 20261124001329_one-email-rule.sql, except the first check, which is now
-- require_system_admin (same message, plus aal2_required).
create or replace function public.create_admin_invitation(p_email text)
returns table (invitation_id uuid, token text, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_email text := private.email_trim(p_email);
  v_token text;
begin
  perform private.require_system_admin('invite system administrators');
  if private.email_problem(p_email) is not null then
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
  'System administrators only (aal2 when they have a factor: else 42501 aal2_required). Creates a 7-day invitation for the address and returns the raw token once; only its SHA-256 hash is stored. Supersedes any open invitation for the same address. Refuses an address that breaks the one e-mail rule (22023 invalid_email, private.email_problem) and addresses of existing system administrators (23505 already_admin).';

-- ---------------------------------------------------------------------------
-- The data room
-- ---------------------------------------------------------------------------
-- As in 20261122001000_investor-levels.sql, except that data_room also needs
-- aal_satisfied(). lite (the investor dashboard) does not: an investor at aal1
-- keeps it. System administrators hold every level through is_system_admin(),
-- which needs the level itself.
create or replace function public.has_investor_level(required public.investor_access_level)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (required < 'data_room' or private.aal_satisfied())
    and (
      private.is_system_admin()
      or exists (
        select 1
        from public.investor_access ia
        where ia.user_id = (select auth.uid())
          and ia.level >= required
      )
    );
$$;
comment on function public.has_investor_level(public.investor_access_level) is
  'Does the caller hold at least `required`? data_room includes lite; system administrators hold every level. data_room also needs an aal2 session from anyone with a verified factor. Answers only about the caller (auth.uid()). The data room''s tables, buckets and RPCs check has_investor_level(''data_room'').';

-- ---------------------------------------------------------------------------
-- Restrictive policies: the tables only the back office uses
-- ---------------------------------------------------------------------------
-- Every policy on these tables already goes through is_system_admin(); these
-- keep the rule if a permissive policy is added later that does not. AND'd with
-- the permissive ones. Not on tables members share (profiles, organizations,
-- …): there the rule is in is_system_admin(), so members are not affected.
create policy "admin_invitations: aal2 for people with a factor"
  on public.admin_invitations as restrictive for all to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));
comment on policy "admin_invitations: aal2 for people with a factor" on public.admin_invitations is
  'Back office only: a session below aal2 of someone with a verified factor reads and writes nothing here (decision 043).';

create policy "contact_messages: aal2 for people with a factor"
  on public.contact_messages as restrictive for all to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));
comment on policy "contact_messages: aal2 for people with a factor" on public.contact_messages is
  'Back office only: a session below aal2 of someone with a verified factor reads and writes nothing here (decision 043). Visitors write through send_contact_message().';

create policy "investor_access_requests: aal2 for people with a factor"
  on public.investor_access_requests as restrictive for all to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));
comment on policy "investor_access_requests: aal2 for people with a factor" on public.investor_access_requests is
  'Back office only: a session below aal2 of someone with a verified factor reads and writes nothing here (decision 043). Visitors write through request_investor_access().';

create policy "network_activity: aal2 for people with a factor"
  on public.network_activity as restrictive for select to authenticated
  using ((select private.aal_satisfied()));
comment on policy "network_activity: aal2 for people with a factor" on public.network_activity is
  'The audit trail is read in the back office: a session below aal2 of someone with a verified factor reads nothing (decision 043). Members see their organisation''s entries through organization_activity().';
