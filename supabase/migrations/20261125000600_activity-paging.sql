-- Paging back towards the newest entries in /admin/network-activity (issue 13,
-- docs/decisions/037-activity-paging.md).
--
-- admin_network_activity paged one way only: p_before_* gives the entries
-- older than a row. The page now also steps back: p_after_* gives the entries
-- just newer than a row (read upwards on the same unique (…, occurred_at, id)
-- indexes, then returned newest first like every page), so "Newer" is a
-- keyset step with its cursor in the address, as "Older" is, and never an
-- offset. The member home's organization_activity already pages by
-- (occurred_at, id) and shows older entries by appending; it is unchanged.
--
-- PostgREST chooses a function by its argument names, so the old signature
-- is dropped rather than overloaded. The shared reader
-- private.network_activity_page gains the two arguments and the export calls
-- it with them empty (an export is always from the newest or older).

drop function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer);
drop function private.network_activity_page(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer);

create function private.network_activity_page(
  p_action text,
  p_actor_id uuid,
  p_organization_id uuid,
  p_from timestamptz,
  p_to timestamptz,
  p_before_occurred_at timestamptz,
  p_before_id bigint,
  p_after_occurred_at timestamptz,
  p_after_id bigint,
  p_limit integer
)
returns table (
  id bigint,
  occurred_at timestamptz,
  action text,
  actor_id uuid,
  actor_email text,
  actor_name text,
  organization_id uuid,
  organization_name text,
  subject_user_id uuid,
  subject_email text,
  details jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text := '';
  v_action text := nullif(btrim(p_action), '');
  -- Entries newer than a row are the ones just above it: read upwards from
  -- the cursor, then turn the page the right way up below.
  v_order text := case when p_after_id is null then 'desc' else 'asc' end;
begin
  if (p_before_occurred_at is null) <> (p_before_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give both p_before_occurred_at and p_before_id (the last row of the previous page), or neither.';
  end if;
  if (p_after_occurred_at is null) <> (p_after_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give both p_after_occurred_at and p_after_id (the first row of the page after), or neither.';
  end if;
  if p_before_id is not null and p_after_id is not null then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Page older (p_before_*) or newer (p_after_*), not both.';
  end if;
  if v_action is not null and v_action !~ '^[a-z_]+(\.[a-z_]+)*$' then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_action';
  end if;
  -- "registry" means every registry.* action; "registry.suspended" that one.
  if v_action like '%.%' then
    v_where := v_where || ' and n.action = $1';
  elsif v_action is not null then
    v_where := v_where || ' and n.action like $1 || ''.%''';
  end if;
  if p_actor_id is not null then
    v_where := v_where || ' and n.actor_id = $2';
  end if;
  if p_organization_id is not null then
    v_where := v_where || ' and n.organization_id = $3';
  end if;
  if p_from is not null then
    v_where := v_where || ' and n.occurred_at >= $4';
  end if;
  if p_to is not null then
    v_where := v_where || ' and n.occurred_at < $5';
  end if;
  if p_before_id is not null then
    v_where := v_where || ' and (n.occurred_at, n.id) < ($6, $7)';
  end if;
  if p_after_id is not null then
    v_where := v_where || ' and (n.occurred_at, n.id) > ($8, $9)';
  end if;

  return query execute format($sql$
    select n.id, n.occurred_at, n.action, n.actor_id, ap.email, ap.full_name,
           n.organization_id, coalesce(o.name, n.details ->> 'organization_name'),
           n.subject_user_id, coalesce(sp.email, n.details ->> 'subject_email'), n.details
      from (
        select n.* from public.network_activity n
         where true %s
         order by n.occurred_at %s, n.id %s
         limit $10
      ) n
      left join public.profiles ap on ap.id = n.actor_id
      left join public.organizations o on o.id = n.organization_id
      left join public.profiles sp on sp.id = n.subject_user_id
     order by n.occurred_at desc, n.id desc
  $sql$, v_where, v_order, v_order)
  using v_action, p_actor_id, p_organization_id, p_from, p_to, p_before_occurred_at, p_before_id,
        p_after_occurred_at, p_after_id, p_limit;
end;
$$;
comment on function private.network_activity_page(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, timestamptz, bigint, integer) is
  'The audit trail, filtered and keyset-paged, with names, always returned newest first: the p_limit entries older than p_before_* (or the newest), or the p_limit entries just newer than p_after_*. Shared by admin_network_activity and its export. Callers check the caller and clamp p_limit.';
revoke execute on function private.network_activity_page(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, timestamptz, bigint, integer) from public;

create function public.admin_network_activity(
  p_action text default null,
  p_actor_id uuid default null,
  p_organization_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_occurred_at timestamptz default null,
  p_before_id bigint default null,
  p_after_occurred_at timestamptz default null,
  p_after_id bigint default null,
  p_limit integer default 50
)
returns table (
  id bigint,
  occurred_at timestamptz,
  action text,
  actor_id uuid,
  actor_email text,
  actor_name text,
  organization_id uuid,
  organization_name text,
  subject_user_id uuid,
  subject_email text,
  details jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('read the network activity');
  return query select * from private.network_activity_page(
    p_action, p_actor_id, p_organization_id, p_from, p_to, p_before_occurred_at, p_before_id,
    p_after_occurred_at, p_after_id, least(greatest(coalesce(p_limit, 50), 1), 200));
end;
$$;
comment on function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, timestamptz, bigint, integer) is
  'System administrators only (/admin/network-activity). The audit trail newest first. Filters: p_action (an action such as registry.suspended, or a namespace such as registry for all of its actions), p_actor_id, p_organization_id, p_from (inclusive) and p_to (exclusive). Keyset paging both ways: pass the last row''s occurred_at and id as p_before_occurred_at and p_before_id for the older page, or the first row''s as p_after_occurred_at and p_after_id for the newer page (the entries just newer than it, still newest first); p_limit 1–200 (default 50; ask for one more to know whether there is a further page that way). Errors: 42501; 22023 invalid_cursor (half a cursor, or both directions), invalid_action.';
revoke execute on function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, timestamptz, bigint, integer) from public, anon;
grant execute on function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, timestamptz, bigint, integer) to authenticated;

-- Same signature, same rows; only the call to the shared reader changes.
create or replace function public.admin_network_activity_export(
  p_action text default null,
  p_actor_id uuid default null,
  p_organization_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_occurred_at timestamptz default null,
  p_before_id bigint default null,
  p_limit integer default 10000
)
returns table (
  id bigint,
  occurred_at timestamptz,
  action text,
  actor_email text,
  actor_name text,
  organization_id uuid,
  organization_name text,
  subject_email text,
  reason text,
  details text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_system_admin('export the network activity');
  return query
    select a.id, a.occurred_at, a.action, private.csv_text(a.actor_email), private.csv_text(a.actor_name),
           a.organization_id, private.csv_text(a.organization_name), private.csv_text(a.subject_email),
           private.csv_text(a.details ->> 'reason'), private.csv_text(a.details::text)
      from private.network_activity_page(
        p_action, p_actor_id, p_organization_id, p_from, p_to, p_before_occurred_at, p_before_id, null, null,
        least(greatest(coalesce(p_limit, 10000), 1), 10000)) a;
end;
$$;
