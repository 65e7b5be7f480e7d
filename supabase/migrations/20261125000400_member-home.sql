-- The member home (/dashboard): the organisation's summary and its own activity
-- (issue 13, docs/decisions/034-suspended-and-revoked-members.md).
--
-- * member_home(org) gathers what the home shows in one round trip: registry
--   status and since when, member since, team size, pending invitations (and
--   those expiring within 48 hours), whether a logo and a website are set, and
--   the latest registered-facts change request. Everything it reads the
--   members could already read under RLS except the team count's addresses,
--   which it does not return.
-- * organization_activity(org, before…) lets members read their own
--   organisation's audit entries, which network_activity's RLS keeps from them
--   (it is back-office information). Only entries whose organization_id is
--   the caller's organisation; keyset-paged on the
--   network_activity_organization_order_key index (organization_id, occurred_at, id).

create function public.member_home(p_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_org public.organizations;
  v_entry public.registry_entries;
  v_request public.organization_change_requests;
begin
  if not (p_organization_id in (select private.member_organization_ids()) or private.is_system_admin()) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_member',
      detail = 'Only the organisation''s members see its home.';
  end if;
  select * into v_org from public.organizations o where o.id = p_organization_id;
  select * into v_entry from public.registry_entries r where r.organization_id = p_organization_id;
  select * into v_request from public.organization_change_requests c
   where c.organization_id = p_organization_id
   order by c.created_at desc limit 1;
  return jsonb_build_object(
    'organization_id', v_org.id,
    'name', v_org.name,
    'registry_status', v_entry.status,
    'registry_effective_from', v_entry.effective_from,
    -- Member since: the first time the organisation entered the registry.
    'member_since', (select min(s.effective_from) from public.registry_status_changes s
                      where s.organization_id = p_organization_id and s.status = 'active'),
    'has_logo', v_org.logo_path is not null,
    'has_website', v_org.website is not null,
    'team_size', (select count(*) from public.organization_members m where m.organization_id = p_organization_id),
    'pending_invitations', (select count(*) from public.tenant_invitations i
                             where i.organization_id = p_organization_id and i.used_at is null
                               and i.revoked_at is null and i.expires_at > now()),
    'expiring_invitations', coalesce((select jsonb_agg(jsonb_build_object('email', i.email::text, 'expires_at', i.expires_at) order by i.expires_at)
                               from public.tenant_invitations i
                              where i.organization_id = p_organization_id and i.used_at is null and i.revoked_at is null
                                and i.expires_at > now() and i.expires_at <= now() + interval '48 hours'), '[]'::jsonb),
    'oldest_pending_invitation', (select min(i.last_sent_at) from public.tenant_invitations i
                                   where i.organization_id = p_organization_id and i.used_at is null
                                     and i.revoked_at is null and i.expires_at > now()),
    'change_request', case when v_request.id is null then null else jsonb_build_object(
      'status', v_request.status, 'created_at', v_request.created_at,
      'decided_at', v_request.decided_at, 'decision_reason', v_request.decision_reason) end
  );
end;
$$;
comment on function public.member_home(uuid) is
  'The member home''s summary in one round trip: {organization_id, name, registry_status, registry_effective_from, member_since, has_logo, has_website, team_size, pending_invitations, expiring_invitations [{email, expires_at}] (within 48 h), oldest_pending_invitation, change_request {status, created_at, decided_at, decision_reason} | null}. Members of the organisation and system administrators (42501 not_organization_member).';
revoke execute on function public.member_home(uuid) from public, anon;
grant execute on function public.member_home(uuid) to authenticated;

create function public.organization_activity(
  p_organization_id uuid,
  p_before_occurred_at timestamptz default null,
  p_before_id bigint default null,
  p_limit integer default 10
)
returns table (
  id bigint,
  occurred_at timestamptz,
  action text,
  actor_name text,
  subject_name text,
  details jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (p_organization_id in (select private.member_organization_ids()) or private.is_system_admin()) then
    raise exception using errcode = 'insufficient_privilege', message = 'not_organization_member',
      detail = 'Only the organisation''s members see its activity.';
  end if;
  if (p_before_occurred_at is null) <> (p_before_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give both p_before_occurred_at and p_before_id (the last row of the previous page), or neither.';
  end if;
  return query
    select n.id, n.occurred_at, n.action, ap.full_name, sp.full_name,
           -- The reason a system administrator gave for a registry change is
           -- kept private (registry_status_changes); the rest is the organisation's own.
           n.details - 'reason'
      from (
        select a.* from public.network_activity a
         where a.organization_id = p_organization_id
           and (p_before_id is null or (a.occurred_at, a.id) < (p_before_occurred_at, p_before_id))
         order by a.occurred_at desc, a.id desc
         limit least(greatest(coalesce(p_limit, 10), 1), 50)
      ) n
      left join public.profiles ap on ap.id = n.actor_id
      left join public.profiles sp on sp.id = n.subject_user_id
     order by n.occurred_at desc, n.id desc;
end;
$$;
comment on function public.organization_activity(uuid, timestamptz, bigint, integer) is
  'The organisation''s own audit entries, newest first, keyset-paged (pass the last row''s occurred_at and id), at most 50 a page: {id, occurred_at, action, actor_name, subject_name, details without reason}. Members of the organisation and system administrators (42501 not_organization_member); never another organisation''s entries. Reads index network_activity_organization_order_key.';
revoke execute on function public.organization_activity(uuid, timestamptz, bigint, integer) from public, anon;
grant execute on function public.organization_activity(uuid, timestamptz, bigint, integer) to authenticated;
