-- The back office at scale: /admin/tenants and /admin/network-activity
-- (issue 13; docs/decisions/031-back-office-queries-at-scale.md).
--
-- * admin_list_tenants lists every organisation of the network for system
--   administrators: search by the start of the name, registration number or
--   domain (case- and accent-insensitive), filter by status (the registry's when the
--   organisation was ever approved, else its application's), sector and
--   country, sort by name or by creation, and page by keyset: the caller passes
--   the last id it holds, never an offset. No total: counting every match is
--   the one cost that grows with the network on every page (see 031).
-- * admin_tenant_detail returns one organisation's whole back-office view in
--   one call, its pending_invitations the open rows of tenant_invitations.
-- * admin_network_activity reads the audit trail newest first with filters by
--   action (exact, or every action of a namespace such as "registry"), actor,
--   organisation and date range, keyset-paged on (occurred_at, id), with the
--   actor's and subject's e-mail and name and the organisation's name.
--   admin_network_activity_export returns the same rows flattened for CSV
--   (PostgREST answers Accept: text/csv), cells that a spreadsheet would run
--   as a formula neutralised.
-- * Every privileged change so far is in network_activity: the tables that
--   system administrators write directly through their policies (system
--   administrators, investor access, stakeholders, admin invitations,
--   memberships, organisations deleted, investor requests, contact messages,
--   published content, another person's profile) now record who, what, on
--   which organisation or person, when, and the old and new values, by one
--   audit trigger. The RPCs that already wrote the trail are unchanged.
-- * Both lists build their SQL from the filters given (execute … using), so
--   each query is planned for the filters it has, and each has a unique
--   B-tree index that serves its order and its cursor (unique because each
--   ends in the primary key; see 031 on the advisors).

-- ---------------------------------------------------------------------------
-- Search and order: folded text and its indexes
-- ---------------------------------------------------------------------------
-- unaccent is STABLE only because its dictionary could be edited; ours is the
-- extension's own, so this wrapper is declared IMMUTABLE to be indexable
-- (the usual pattern; a dictionary change would need a REINDEX).
create function private.search_fold(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_value, '')));
$$;
comment on function private.search_fold(text) is
  'Lower case without accents, immutable so indexes can hold it: the back office''s search and name order.';
revoke execute on function private.search_fold(text) from public;
-- Indexes on organizations hold it, so whoever writes a row computes it: the
-- organisation's admins (details, logo) and server code. Pure, and private is
-- not exposed, so this grants nothing else.
grant execute on function private.search_fold(text) to authenticated, service_role;

-- The search is "starts with" on the name, the registration number or the
-- domain, each served by a B-tree in the C collation (which LIKE 'x%' can use
-- and which orders folded names well enough for a back office). "Contains"
-- would need a trigram GIN index, which cannot be unique and which the
-- advisors report as unused on every fresh database (see 031).
-- Each index ends in the primary key, so it is unique by construction.
create unique index organizations_name_order_key on public.organizations ((private.search_fold(name) collate "C"), id);
comment on index public.organizations_name_order_key is
  'admin_list_tenants sorted by name (order and keyset cursor) and its name search (prefix). Unique by construction (ends in id).';
create unique index organizations_registration_number_search_key
  on public.organizations ((private.search_fold(registration_number) collate "C"), id);
comment on index public.organizations_registration_number_search_key is
  'admin_list_tenants'' search by registration number (prefix, any country). Unique by construction.';
create unique index organizations_registry_domain_search_key on public.organizations ((registry_domain collate "C"), id);
comment on index public.organizations_registry_domain_search_key is
  'admin_list_tenants'' search by domain (prefix). Unique by construction.';
create unique index organizations_created_order_key on public.organizations (created_at, id);
comment on index public.organizations_created_order_key is
  'admin_list_tenants sorted by creation (either direction): the order and the keyset cursor. Unique by construction.';

-- ---------------------------------------------------------------------------
-- network_activity: the person acted upon, and the indexes of its filters
-- ---------------------------------------------------------------------------
alter table public.network_activity add column subject_user_id uuid;
comment on column public.network_activity.subject_user_id is
  'The person the action was about (a member added, an administrator granted, a profile edited), when it was a person. History: no FK.';

-- Each filter's index ends in (occurred_at, id): the keyset order, read backwards.
create unique index network_activity_occurred_order_key on public.network_activity (occurred_at, id);
comment on index public.network_activity_occurred_order_key is
  'admin_network_activity without a filter, or with a date range: newest first and its keyset cursor. Unique by construction (ends in id).';
create unique index network_activity_action_order_key on public.network_activity (action, occurred_at, id);
comment on index public.network_activity_action_order_key is
  'admin_network_activity filtered by one action. Unique by construction.';
create unique index network_activity_organization_order_key on public.network_activity (organization_id, occurred_at, id);
comment on index public.network_activity_organization_order_key is
  'admin_network_activity filtered by organisation (and the member dashboard''s own activity later). Unique by construction.';
create unique index network_activity_actor_order_key on public.network_activity (actor_id, occurred_at, id);
comment on index public.network_activity_actor_order_key is
  'admin_network_activity filtered by actor. Unique by construction.';

-- ---------------------------------------------------------------------------
-- One audit trigger for the tables administrators write directly
-- ---------------------------------------------------------------------------
-- Arguments: entity (the action's namespace), the column naming the
-- organisation ('' for none), the column naming the person ('' for none), and
-- the verbs for insert, update and delete.
create function private.audit_privileged_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Secrets never enter the trail; updated_at is noise.
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'token_hash' - 'updated_at' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'token_hash' - 'updated_at' end;
  v_row jsonb := coalesce(v_new, v_old);
  v_verb text := tg_argv[case tg_op when 'INSERT' then 3 when 'UPDATE' then 4 else 5 end];
  v_org uuid := case when tg_argv[1] <> '' then (v_row ->> tg_argv[1])::uuid end;
  v_person uuid := case when tg_argv[2] <> '' then (v_row ->> tg_argv[2])::uuid end;
  v_changes jsonb;
  v_details jsonb;
begin
  -- The team RPCs (20261125000100) record their own entry, with the words that
  -- matter to the organisation; they mark their one write so it is not told twice.
  -- Only a function can set this: PostgREST lets no caller run set_config.
  if tg_table_name = 'organization_members' and current_setting('accord.activity_recorded_by', true) = 'team_rpc' then
    return null;
  end if;
  if tg_op = 'INSERT' and tg_table_name = 'organization_members' and exists (
    -- The creator joining at creation is onboarding, recorded as application.submitted.
    select 1 from public.organizations o
     where o.id = (v_row ->> 'organization_id')::uuid and o.created_by = (v_row ->> 'user_id')::uuid
       and o.created_at = now()
  ) then
    return null;
  end if;

  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('from', v_old -> n.key, 'to', n.value))
      into v_changes
      from jsonb_each(v_new) n
     where n.value is distinct from v_old -> n.key;
    if v_changes is null then
      return null;
    end if;
    -- An invitation's update is its end: say which.
    if tg_table_name = 'admin_invitations' then
      v_verb := case when v_changes ? 'used_at' then 'accepted' when v_changes ? 'revoked_at' then 'revoked' else v_verb end;
    end if;
    v_details := jsonb_build_object('changes', v_changes, 'record', v_old);
  elsif tg_op = 'INSERT' then
    v_details := jsonb_build_object('record', v_new);
  else
    v_details := jsonb_build_object('record', v_old);
  end if;

  insert into public.network_activity (actor_id, action, organization_id, subject_user_id, details)
  values (
    auth.uid(),
    tg_argv[0] || '.' || v_verb,
    v_org,
    v_person,
    v_details || jsonb_strip_nulls(jsonb_build_object(
      'organization_name', coalesce(
        (select o.name from public.organizations o where o.id = v_org),
        case when tg_table_name = 'organizations' then v_row ->> 'name' end
      ),
      'subject_email', (select p.email from public.profiles p where p.id = v_person)
    ))
  );
  return null;
end;
$$;
comment on function private.audit_privileged_change() is
  'After insert, update or delete on a table administrators write directly: one network_activity entry <entity>.<verb> (trigger arguments) with the actor, organisation, person, and {record, changes: {column: {from, to}}} (no token hashes). An update that changes nothing records nothing.';
revoke execute on function private.audit_privileged_change() from public;

create trigger system_admins_audit
  after insert or update or delete on public.system_admins
  for each row execute function private.audit_privileged_change('system_admin', '', 'user_id', 'granted', 'updated', 'revoked');
create trigger investor_access_audit
  after insert or update or delete on public.investor_access
  for each row execute function private.audit_privileged_change('investor_access', '', 'user_id', 'granted', 'changed', 'revoked');
create trigger stakeholders_audit
  after insert or update or delete on public.stakeholders
  for each row execute function private.audit_privileged_change('stakeholder', '', 'user_id', 'granted', 'updated', 'revoked');
create trigger admin_invitations_audit
  after insert or update or delete on public.admin_invitations
  for each row execute function private.audit_privileged_change('admin_invitation', '', 'used_by', 'sent', 'updated', 'deleted');
create trigger organization_members_audit
  after insert or update or delete on public.organization_members
  for each row execute function private.audit_privileged_change('organization_member', 'organization_id', 'user_id', 'added', 'role_changed', 'removed');
-- Created through onboarding (application.submitted) and changed through
-- organization.updated already; a deletion was not recorded.
create trigger organizations_audit_delete
  after delete on public.organizations
  for each row execute function private.audit_privileged_change('organization', 'id', '', '', '', 'deleted');
-- Visitors send these (not privileged); deciding and deleting them is.
create trigger investor_access_requests_audit
  after update or delete on public.investor_access_requests
  for each row execute function private.audit_privileged_change('investor_request', '', 'submitted_by', '', 'updated', 'deleted');
create trigger contact_messages_audit
  after update or delete on public.contact_messages
  for each row execute function private.audit_privileged_change('contact_message', '', 'submitted_by', '', 'updated', 'deleted');
create trigger pricing_plans_audit
  after insert or update or delete on public.pricing_plans
  for each row execute function private.audit_privileged_change('pricing_plan', '', '', 'created', 'updated', 'deleted');
create trigger updates_audit
  after insert or update or delete on public.updates
  for each row execute function private.audit_privileged_change('published_update', '', '', 'created', 'updated', 'deleted');
create trigger ecosystem_solutions_audit
  after insert or update or delete on public.ecosystem_solutions
  for each row execute function private.audit_privileged_change('ecosystem_solution', '', '', 'created', 'updated', 'deleted');
-- People edit their own name (not privileged); an administrator editing someone else's is.
create trigger profiles_audit_others
  after update on public.profiles
  for each row
  when (auth.uid() is not null and auth.uid() is distinct from new.id)
  execute function private.audit_privileged_change('profile', '', 'id', '', 'updated', '');

-- ---------------------------------------------------------------------------
-- /admin/tenants: the list
-- ---------------------------------------------------------------------------
-- A LIKE pattern "starts with p_term", its wildcards taken literally.
create function private.prefix_pattern(p_term text)
returns text
language sql
immutable
set search_path = ''
as $$
  select replace(replace(replace(p_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;
comment on function private.prefix_pattern(text) is 'LIKE pattern "starts with p_term", with %, _ and \ taken literally.';
revoke execute on function private.prefix_pattern(text) from public;

create function public.admin_list_tenants(
  p_search text default null,
  p_status text default null,
  p_sector public.organization_sector default null,
  p_country text default null,
  p_sort text default 'name',
  p_after uuid default null,
  p_limit integer default 50
)
returns table (
  id uuid,
  name text,
  legal_name text,
  registration_number text,
  country text,
  sector public.organization_sector,
  website text,
  -- The registry's status when it was ever approved, else the application's (or none).
  status text,
  application_status public.application_status,
  registry_status public.registry_status,
  status_effective_from timestamptz,
  member_count integer,
  pending_change_request boolean,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_sort text := coalesce(p_sort, 'name');
  v_where text := '';
  v_order text;
  v_cursor_name text;
  v_cursor_created timestamptz;
  v_branch text;
  v_page text;
begin
  perform private.require_system_admin('list the network''s organisations');
  if v_sort not in ('name', 'created_desc', 'created_asc') then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_sort',
      detail = 'Sort by name, created_desc or created_asc.';
  end if;
  if p_status is not null and p_status not in ('pending', 'under_review', 'rejected', 'active', 'suspended', 'revoked', 'none') then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_status',
      detail = 'pending, under_review, rejected (applications), active, suspended, revoked (registry) or none.';
  end if;
  if p_after is not null then
    select private.search_fold(o.name), o.created_at into v_cursor_name, v_cursor_created
      from public.organizations o where o.id = p_after;
    if not found then
      raise exception using errcode = 'invalid_parameter_value', message = 'cursor_not_found',
        detail = 'The organisation the page continued from no longer exists; start from the first page.';
    end if;
  end if;

  -- Only the filters given, so each combination gets its own plan ($n are the arguments below).
  if p_status = 'none' then
    v_where := v_where || ' and r.status is null and a.status is null';
  elsif p_status in ('active', 'suspended', 'revoked') then
    v_where := v_where || ' and r.status = $2::public.registry_status';
  elsif p_status is not null then
    v_where := v_where || ' and r.status is null and a.status = $2::public.application_status';
  end if;
  if p_sector is not null then
    v_where := v_where || ' and o.sector = $3';
  end if;
  if nullif(btrim(p_country), '') is not null then
    v_where := v_where || ' and o.country = upper(btrim($4))';
  end if;
  if v_sort = 'name' then
    if p_after is not null then
      v_where := v_where || ' and ((private.search_fold(o.name) collate "C"), o.id) > ($5 collate "C", $7)';
    end if;
    v_order := '(private.search_fold(o.name) collate "C"), o.id';
  elsif v_sort = 'created_desc' then
    if p_after is not null then
      v_where := v_where || ' and (o.created_at, o.id) < ($6, $7)';
    end if;
    v_order := 'o.created_at desc, o.id desc';
  else
    if p_after is not null then
      v_where := v_where || ' and (o.created_at, o.id) > ($6, $7)';
    end if;
    v_order := 'o.created_at, o.id';
  end if;

  -- One page of organisations matching v_where and a search condition, in order.
  v_branch := $b$
    select o.id, o.name, o.legal_name, o.registration_number, o.country, o.sector, o.website, o.created_at,
           a.status as application_status, r.status as registry_status, r.effective_from as status_effective_from
      from public.organizations o
      left join public.registry_entries r on r.organization_id = o.id
      left join public.organization_applications a on a.organization_id = o.id
     where true %s %s
     order by %s
     limit $8
  $b$;
  if nullif(btrim(p_search), '') is not null then
    -- Three prefix searches, one page each from its own index (the name's is
    -- already in name order, so a page reads a page), merged and cut to one
    -- page. One OR would make the planner walk the name order from the start.
    v_page := format('select * from ((' || v_branch || ') union (' || v_branch || ') union (' || v_branch || ')) u order by %s limit $8',
      $s$ and (private.search_fold(o.name) collate "C") like private.prefix_pattern(private.search_fold(btrim($1)))$s$, v_where, v_order,
      $s$ and (private.search_fold(o.registration_number) collate "C") like private.prefix_pattern(private.search_fold(btrim($1)))$s$, v_where, v_order,
      $s$ and (o.registry_domain collate "C") like private.prefix_pattern(coalesce(private.website_domain($1), lower(btrim($1))))$s$, v_where, v_order,
      replace(v_order, 'o.', 'u.'));
  else
    v_page := format(v_branch, '', v_where, v_order);
  end if;

  -- The page first, then the per-row figures for its rows only.
  return query execute format($sql$
    select p.id, p.name, p.legal_name, p.registration_number, p.country, p.sector, p.website,
           coalesce(p.registry_status::text, p.application_status::text, 'none'),
           p.application_status, p.registry_status, p.status_effective_from,
           (select count(*)::integer from public.organization_members m where m.organization_id = p.id),
           exists (select 1 from public.organization_change_requests c where c.organization_id = p.id and c.status = 'pending'),
           p.created_at
      from (%s) p
     order by %s
  $sql$, v_page, replace(v_order, 'o.', 'p.'))
  using p_search, p_status, p_sector, p_country, v_cursor_name, v_cursor_created, p_after, v_limit;
end;
$$;
comment on function public.admin_list_tenants(text, text, public.organization_sector, text, text, uuid, integer) is
  'System administrators only (/admin/tenants). Every organisation of the network: p_search (starts with, case- and accent-insensitive) on the name, the registration number or the website''s domain; p_status one of pending, under_review, rejected (application, never approved), active, suspended, revoked (registry), none; p_sector; p_country (ISO alpha-2); p_sort name (default), created_desc or created_asc. Keyset paging: p_after is the id of the last row of the previous page; p_limit 1–200 (default 50); ask for one more row than you show to know whether there is a next page. No total. Errors: 42501; 22023 invalid_sort, invalid_status, cursor_not_found.';
revoke execute on function public.admin_list_tenants(text, text, public.organization_sector, text, text, uuid, integer) from public, anon;
grant execute on function public.admin_list_tenants(text, text, public.organization_sector, text, text, uuid, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- /admin/tenants/{id}: one organisation's back-office view
-- ---------------------------------------------------------------------------
create function public.admin_tenant_detail(p_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.require_system_admin('see an organisation''s back-office view');
  select jsonb_build_object(
    -- Every column of the organisation, as its admins and the review see it.
    'organization', to_jsonb(o),
    'status', coalesce(r.status::text, a.status::text, 'none'),
    'application', to_jsonb(a),
    'registry', case when r.organization_id is not null
                     then jsonb_build_object('status', r.status, 'effective_from', r.effective_from) end,
    'members', coalesce((
      select jsonb_agg(jsonb_build_object(
               'user_id', m.user_id, 'email', p.email, 'full_name', p.full_name, 'role', m.role, 'joined_at', m.created_at)
             order by m.role, p.email)
        from public.organization_members m
        left join public.profiles p on p.id = m.user_id
       where m.organization_id = o.id
    ), '[]'::jsonb),
    -- Open tenant invitations (20261125000100): not used, not revoked, not expired.
    'pending_invitations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', i.id, 'email', i.email::text, 'role', i.role, 'invited_by', i.invited_by,
               'invited_by_email', ip.email, 'expires_at', i.expires_at, 'created_at', i.created_at)
             order by i.created_at desc, i.id)
        from public.tenant_invitations i
        left join public.profiles ip on ip.id = i.invited_by
       where i.organization_id = o.id and i.used_at is null and i.revoked_at is null and i.expires_at > now()
    ), '[]'::jsonb),
    'application_history', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', e.id, 'type', e.type, 'message', e.message, 'actor_id', e.actor_id,
               'actor_email', p.email, 'actor_name', p.full_name, 'created_at', e.created_at)
             order by e.created_at, e.id)
        from public.application_events e
        left join public.profiles p on p.id = e.actor_id
       where e.organization_id = o.id
    ), '[]'::jsonb),
    'registry_history', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'status', s.status, 'effective_from', s.effective_from, 'reason', s.reason,
               'recorded_by', s.recorded_by, 'recorded_by_email', p.email, 'recorded_at', s.recorded_at)
             order by s.effective_from, s.id)
        from public.registry_status_changes s
        left join public.profiles p on p.id = s.recorded_by
       where s.organization_id = o.id
    ), '[]'::jsonb),
    -- Newest first; the pending one (at most one) is what the page acts on.
    'change_requests', coalesce((
      select jsonb_agg(to_jsonb(c) || jsonb_build_object('requested_by_email', p.email) order by c.created_at desc, c.id)
        from public.organization_change_requests c
        left join public.profiles p on p.id = c.requested_by
       where c.organization_id = o.id
    ), '[]'::jsonb)
  )
    into v_result
    from public.organizations o
    left join public.registry_entries r on r.organization_id = o.id
    left join public.organization_applications a on a.organization_id = o.id
   where o.id = p_organization_id;
  if v_result is null then
    raise exception using errcode = 'P0001', message = 'organization_not_found';
  end if;
  return v_result;
end;
$$;
comment on function public.admin_tenant_detail(uuid) is
  'System administrators only (/admin/tenants/{id}). {organization (all columns), status, application, registry {status, effective_from}, members [{user_id, email, full_name, role, joined_at}], pending_invitations [{id, email, role, invited_by, invited_by_email, expires_at, created_at}] (open tenant invitations), application_history [{type, message, actor_email, created_at}], registry_history [{status, effective_from, reason, recorded_by_email, recorded_at}], change_requests (newest first)}. Suspend, revoke and reinstate with change_registry_status; decide change requests with approve_/decline_organization_change. Errors: 42501; P0001 organization_not_found.';
revoke execute on function public.admin_tenant_detail(uuid) from public, anon;
grant execute on function public.admin_tenant_detail(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- /admin/network-activity: the audit trail, filtered and keyset-paged
-- ---------------------------------------------------------------------------
create function private.network_activity_page(
  p_action text,
  p_actor_id uuid,
  p_organization_id uuid,
  p_from timestamptz,
  p_to timestamptz,
  p_before_occurred_at timestamptz,
  p_before_id bigint,
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
begin
  if (p_before_occurred_at is null) <> (p_before_id is null) then
    raise exception using errcode = 'invalid_parameter_value', message = 'invalid_cursor',
      detail = 'Give both p_before_occurred_at and p_before_id (the last row of the previous page), or neither.';
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

  return query execute format($sql$
    select n.id, n.occurred_at, n.action, n.actor_id, ap.email, ap.full_name,
           n.organization_id, coalesce(o.name, n.details ->> 'organization_name'),
           n.subject_user_id, coalesce(sp.email, n.details ->> 'subject_email'), n.details
      from (
        select n.* from public.network_activity n
         where true %s
         order by n.occurred_at desc, n.id desc
         limit $8
      ) n
      left join public.profiles ap on ap.id = n.actor_id
      left join public.organizations o on o.id = n.organization_id
      left join public.profiles sp on sp.id = n.subject_user_id
     order by n.occurred_at desc, n.id desc
  $sql$, v_where)
  using v_action, p_actor_id, p_organization_id, p_from, p_to, p_before_occurred_at, p_before_id, p_limit;
end;
$$;
comment on function private.network_activity_page(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) is
  'The audit trail newest first, filtered and keyset-paged, with names; shared by admin_network_activity and its export. Callers check the caller and clamp p_limit.';
revoke execute on function private.network_activity_page(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) from public;

create function public.admin_network_activity(
  p_action text default null,
  p_actor_id uuid default null,
  p_organization_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_occurred_at timestamptz default null,
  p_before_id bigint default null,
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
    least(greatest(coalesce(p_limit, 50), 1), 200));
end;
$$;
comment on function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) is
  'System administrators only (/admin/network-activity). The audit trail newest first. Filters: p_action (an action such as registry.suspended, or a namespace such as registry for all of its actions), p_actor_id, p_organization_id, p_from (inclusive) and p_to (exclusive). Keyset paging: pass the last row''s occurred_at and id as p_before_occurred_at and p_before_id; p_limit 1–200 (default 50; ask for one more to know whether there is a next page). Errors: 42501; 22023 invalid_cursor, invalid_action.';
revoke execute on function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) from public, anon;
grant execute on function public.admin_network_activity(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) to authenticated;

-- A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage
-- return first) is prefixed with an apostrophe (OWASP "CSV injection"), and
-- line breaks become spaces so that every row of the file is one line (the
-- details column keeps the exact text, JSON-escaped).
create function private.csv_text(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when t.v ~ '^[=+\-@\t]' then '''' || t.v else t.v end
    from (select regexp_replace(p_value, '[\r\n]+', ' ', 'g') as v) t;
$$;
comment on function private.csv_text(text) is 'A text cell safe to open in a spreadsheet and one line long: line breaks become spaces; a leading =, +, -, @ or tab gets an apostrophe before it.';
revoke execute on function private.csv_text(text) from public;

create function public.admin_network_activity_export(
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
        p_action, p_actor_id, p_organization_id, p_from, p_to, p_before_occurred_at, p_before_id,
        least(greatest(coalesce(p_limit, 10000), 1), 10000)) a;
end;
$$;
comment on function public.admin_network_activity_export(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) is
  'System administrators only. The rows of admin_network_activity with the same filters, flattened for a CSV file: call with Accept: text/csv (supabase-js .csv()). At most 10,000 rows a call, newest first; continue from the last row''s occurred_at and id (p_before_occurred_at, p_before_id). Text cells a spreadsheet would treat as a formula start with an apostrophe; line breaks in text cells become spaces, so each row is one line. Errors: 42501; 22023 invalid_cursor, invalid_action.';
revoke execute on function public.admin_network_activity_export(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) from public, anon;
grant execute on function public.admin_network_activity_export(text, uuid, uuid, timestamptz, timestamptz, timestamptz, bigint, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- Status filters: an index per status table, so "suspended" or "pending" reads
-- those organisations rather than walking the whole list for them
-- ---------------------------------------------------------------------------
create unique index registry_entries_status_key on public.registry_entries (status, organization_id);
comment on index public.registry_entries_status_key is
  'admin_list_tenants filtered by a registry status. Unique by construction (ends in the primary key).';
create unique index organization_applications_status_key on public.organization_applications (status, organization_id);
comment on index public.organization_applications_status_key is
  'admin_list_tenants filtered by an application status (the review queue too). Unique by construction (ends in the primary key).';
