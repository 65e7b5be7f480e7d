-- Membership credentials and their status list (issue 30, decision 081).
--
-- An organisation's admin downloads its membership as an SD-JWT VC, issued by
-- the issue-membership-credential Edge Function with the network's key. The
-- database decides, as the caller, who may have one and records every
-- issuance (with network_activity membership_credential.issued); it gives
-- each credential an index in the network's status list (IETF Token Status
-- List, 2 bits: 0 valid, 1 invalid = revoked, 2 suspended), which
-- publish-trust-list signs and publishes in the `trust` bucket beside the
-- trust list whenever the registry changes. A credential's status is its
-- organisation's registry status now: suspending, revoking or reinstating the
-- organisation changes every credential it holds at the next run.
--
-- Applies unchanged to hosted Supabase.

create table private.membership_credentials (
  id uuid primary key default gen_random_uuid(),
  -- Its place in the status list: 0, 1, 2, … never reused.
  status_index integer generated always as identity (minvalue 0 start with 0) unique,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  issued_by uuid not null,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null check (expires_at > issued_at)
);
comment on table private.membership_credentials is
  'Every membership credential issued (SD-JWT VC, decision 081): its status list index, organisation, who downloaded it, when, and until when it is valid.';
-- The status list reads credentials by organisation; ending in the key keeps it unique by construction.
create unique index membership_credentials_organization on private.membership_credentials (organization_id, id);

-- The status list grows in blocks, so a new credential usually changes nothing published.
create function private.status_list_size()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(131072, (1 << ceil(log(2, greatest(coalesce(max(status_index), 0) + 1, 2)::numeric))::int))
    from private.membership_credentials;
$$;
comment on function private.status_list_size() is
  'How many entries the published status list holds: 131,072, or the next power of two above the highest index issued.';
revoke execute on function private.status_list_size() from public;

-- ---------------------------------------------------------------------------
-- Issuing (an organisation's admin, through the function)
-- ---------------------------------------------------------------------------
create function public.issue_membership_credential(p_organization_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_member record;
  v_credential private.membership_credentials;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'insufficient_privilege', message = 'not_authenticated';
  end if;
  if not private.is_organization_admin(p_organization_id) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_admin',
      detail = 'Only the organisation''s admins download its membership credential.';
  end if;
  if not private.aal_satisfied() then
    perform private.raise_aal2_required('download the membership credential');
  end if;
  select r.* into v_member from private.registry_organizations r where r.id = p_organization_id;
  if v_member.id is null or v_member.status <> 'active' then
    raise exception using errcode = 'P0001', message = 'not_active_member',
      detail = 'Only an active member of the network can download a membership credential.';
  end if;

  insert into private.membership_credentials (organization_id, issued_by, expires_at)
  values (p_organization_id, (select auth.uid()), now() + interval '90 days')
  returning * into v_credential;
  insert into public.network_activity (actor_id, action, organization_id, details)
  values ((select auth.uid()), 'membership_credential.issued', p_organization_id, jsonb_build_object(
    'credential_id', v_credential.id, 'status_index', v_credential.status_index, 'expires_at', v_credential.expires_at
  ));

  return jsonb_build_object(
    'credential_id', v_credential.id,
    'status_index', v_credential.status_index,
    'iat', floor(extract(epoch from v_credential.issued_at))::bigint,
    'exp', floor(extract(epoch from v_credential.expires_at))::bigint,
    'claims', jsonb_build_object(
      'organization_id', v_member.id,
      'name', v_member.name,
      'legal_name', v_member.legal_name,
      'registration_number', v_member.registration_number,
      'country', v_member.country,
      'domain', v_member.domain,
      'member_since', v_member.member_since,
      'verified_schemas', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', s->'id', 'name', s->'name', 'version', s->'version', 'assurance_level', s->'assurance_level'
               )), '[]'::jsonb)
          from jsonb_array_elements(v_member.verification_schemas) s
         where s->>'status' = 'active'
      )
    )
  );
end;
$$;
comment on function public.issue_membership_credential(uuid) is
  'An organisation''s admin (aal2 when enrolled), for an active member: records a membership credential valid 90 days with its status list index, writes network_activity membership_credential.issued, and returns what the issue-membership-credential Edge Function signs (the registered facts and active verified schemas as claims).';
revoke execute on function public.issue_membership_credential(uuid) from public, anon;
grant execute on function public.issue_membership_credential(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- The status list (service_role only), published with the trust list
-- ---------------------------------------------------------------------------
create function public.status_list_draft()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'size', private.status_list_size(),
    'iat', floor(extract(epoch from now()))::bigint,
    'exp', floor(extract(epoch from now() + interval '24 hours'))::bigint,
    -- Only the entries that are not valid: 1 revoked, 2 suspended.
    'entries', coalesce((
      select jsonb_agg(jsonb_build_array(c.status_index, case r.status when 'revoked' then 1 else 2 end) order by c.status_index)
        from private.membership_credentials c
        join public.registry_entries r on r.organization_id = c.organization_id
       where r.status <> 'active'
    ), '[]'::jsonb)
  );
$$;
comment on function public.status_list_draft() is
  'service_role only (publish-trust-list). The status list''s size, times and every credential whose organisation is not active now: [index, 1] for revoked, [index, 2] for suspended; every other index is 0, valid.';
revoke execute on function public.status_list_draft() from public, anon, authenticated;
grant execute on function public.status_list_draft() to service_role;
