-- ===========================================================================
-- The back office names who granted, invited or decided
-- ===========================================================================
-- The investor and stakeholder lists showed only the e-mail address of the
-- administrator who granted access, invited the stakeholder or decided the
-- request; every other back-office list shows a person by name with the
-- address beside it. Each list also returns that person's name now. A
-- function's result columns cannot change in place, so each is dropped and
-- created again with the same checks, order, paging, comment and grants.

drop function public.admin_investor_requests(public.investor_request_status, integer, integer);
drop function public.admin_investors(integer, integer);
drop function public.admin_stakeholders(integer, integer);

create function public.admin_investor_requests(
  p_status public.investor_request_status default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  name text,
  email text,
  organization text,
  investor_kind public.investor_kind,
  message text,
  status public.investor_request_status,
  decline_reason text,
  decided_by_email text,
  decided_by_name text,
  decided_at timestamptz,
  created_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('read investor requests');
  return query
    select r.id, r.name, r.email::text, r.organization, r.investor_kind, r.message, r.status,
           r.decline_reason, d.email, nullif(btrim(d.full_name), ''), r.decided_at, r.created_at, count(*) over ()
      from public.investor_access_requests r
      left join public.profiles d on d.id = r.decided_by
     where p_status is null or r.status = p_status
     order by r.created_at desc, r.id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;
comment on function public.admin_investor_requests(public.investor_request_status, integer, integer) is
  'System administrators only. Investor access requests newest first, optionally of one status, a page at a time (limit 1..100), each row with the total of matches (total_count) and who decided (e-mail and name).';
revoke execute on function public.admin_investor_requests(public.investor_request_status, integer, integer) from public, anon;
grant execute on function public.admin_investor_requests(public.investor_request_status, integer, integer) to authenticated;

create function public.admin_investors(p_limit integer default 20, p_offset integer default 0)
returns table (
  user_id uuid,
  email text,
  full_name text,
  level public.investor_access_level,
  granted_by_email text,
  granted_by_name text,
  granted_at timestamptz,
  expires_at timestamptz,
  expired boolean,
  last_seen_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('list investors');
  return query
    select ia.user_id, p.email, p.full_name, ia.level, g.email, nullif(btrim(g.full_name), ''), ia.granted_at, ia.expires_at,
           coalesce(ia.expires_at <= now(), false), ia.last_seen_at, count(*) over ()
      from public.investor_access ia
      left join public.profiles p on p.id = ia.user_id
      left join public.profiles g on g.id = ia.granted_by
     order by ia.granted_at desc, ia.user_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;
comment on function public.admin_investors(integer, integer) is
  'System administrators only. Every investor grant, newest first, a page at a time (limit 1..100): the person, level, who granted it (e-mail and name) and when, expiry (expired = it has passed, by the database''s clock), last visit, and the total (total_count).';
revoke execute on function public.admin_investors(integer, integer) from public, anon;
grant execute on function public.admin_investors(integer, integer) to authenticated;

create function public.admin_stakeholders(p_limit integer default 20, p_offset integer default 0)
returns table (
  user_id uuid,
  email text,
  full_name text,
  affiliation text,
  granted_by_email text,
  granted_by_name text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('list stakeholders');
  return query
    select s.user_id, p.email, p.full_name, s.affiliation, g.email, nullif(btrim(g.full_name), ''), s.created_at, u.last_sign_in_at, count(*) over ()
      from public.stakeholders s
      join auth.users u on u.id = s.user_id
      left join public.profiles p on p.id = s.user_id
      left join public.profiles g on g.id = s.granted_by
     order by s.created_at desc, s.user_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end;
$$;
comment on function public.admin_stakeholders(integer, integer) is
  'System administrators only. Every stakeholder, newest first, a page at a time (limit 1..100): the person, affiliation, who invited them (e-mail and name) and when, last sign-in, and the total (total_count).';
revoke execute on function public.admin_stakeholders(integer, integer) from public, anon;
grant execute on function public.admin_stakeholders(integer, integer) to authenticated;
