-- Foundation, part 5: the role checks the app makes after sign-in (spec §6, §7).
--
-- Each takes a user id because the client passes one, but answers only about
-- the caller: asking about someone else is refused with insufficient_privilege
-- (SQLSTATE 42501, HTTP 403) unless the caller is a system administrator or the
-- service role (server code that can read the tables anyway). Visitors cannot
-- call them at all: with no account there is nothing to ask, and a refusal is
-- clearer than a "false" that looks like an answer.

create function private.assert_may_inspect(p_user_id uuid)
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
  raise exception using
    errcode = 'insufficient_privilege',
    message = 'You may only ask about your own account.',
    hint = 'Pass your own user id (auth.uid()); only system administrators may ask about other users.';
end;
$$;
comment on function private.assert_may_inspect(uuid) is
  'Raises insufficient_privilege unless p_user_id is the caller, or the caller is a system administrator or the service role.';
revoke execute on function private.assert_may_inspect(uuid) from public;

-- ---------------------------------------------------------------------------
create function public.is_user_admin(user_uuid uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_may_inspect(user_uuid);
  return exists (select 1 from public.system_admins sa where sa.user_id = user_uuid);
end;
$$;
comment on function public.is_user_admin(uuid) is
  'Is the user a system administrator? Decides access to /admin/* and the Admin Dashboard button. Callers may ask only about themselves unless they are system administrators.';
revoke execute on function public.is_user_admin(uuid) from public, anon;
grant execute on function public.is_user_admin(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
create function public.is_any_organization_admin(user_uuid uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_may_inspect(user_uuid);
  return exists (
    select 1 from public.organization_members m where m.user_id = user_uuid and m.role = 'admin'
  );
end;
$$;
comment on function public.is_any_organization_admin(uuid) is
  'Does the user administer an organisation? Loaded into the session as the organisation-admin flag. Same caller rule as is_user_admin.';
revoke execute on function public.is_any_organization_admin(uuid) from public, anon;
grant execute on function public.is_any_organization_admin(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
create function public.check_user_org_approval_status(user_uuid uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_may_inspect(user_uuid);
  -- A person belongs to at most one organisation (organization_members_user_id_key),
  -- so this is that organisation's status, or null when there is no application.
  return (
    select a.status::text
    from public.organization_members m
    join public.organization_applications a on a.organization_id = m.organization_id
    where m.user_id = user_uuid
  );
end;
$$;
comment on function public.check_user_org_approval_status(uuid) is
  'Approval status of the user''s organisation: null (no application: onboarding), pending, under_review, approved or rejected. Same caller rule as is_user_admin.';
revoke execute on function public.check_user_org_approval_status(uuid) from public, anon;
grant execute on function public.check_user_org_approval_status(uuid) to authenticated, service_role;
