-- The signed trust list in a compact layout (issue 30's measure, decision 081):
-- at 100,000 members the list of named objects was 44.7 MB of JSON and took
-- 33.7 s to read, against goals of 20 MB and 10 s for reading, signing and
-- publishing. Every field the issue names is kept; what changes is how:
--   * each member is an array in the order the list's `member_fields` names,
--     not an object repeating eleven keys;
--   * statuses are indexes into the list's `statuses` (the registry_status
--     enum, in its order) and times are epoch seconds, as iat and exp are;
--   * a verified schema is an index into the list's `schemas` (each schema
--     once, with id, name, version, assurance_level and status);
--   * a status history that holds only the current status (status and
--     status_effective_from, the usual case) is empty, not a repeat of them.
-- The members' JSON is built as text in one pass (no per-member subqueries,
-- no jsonb objects) and returned as one string the Edge Function splices into
-- the payload it signs: parsing 100,000 arrays only to write them out again
-- cost seconds.
--
-- Applies unchanged to hosted Supabase (runs as `postgres`).

drop function public.trust_list_draft(boolean);

create function public.trust_list_draft(p_force boolean default false)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_version bigint;
  v_last private.trust_list_issues;
  v_statuses public.registry_status[] := enum_range(null::public.registry_status);
begin
  select registry_version into v_version from private.trust_list_state where id;
  select * into v_last from private.trust_list_issues order by sequence desc limit 1;
  if not coalesce(p_force, false) and v_last.sequence is not null
     and v_last.registry_version = v_version
     and v_last.next_update - now() > (v_last.next_update - v_last.issued_at) / 2 then
    return null;
  end if;
  return (
    with listed_schemas as (
      -- Verified (active or deprecated) schemas, each once; members name them by position.
      select s.id, s.name, s.version, s.assurance_level, s.status,
             (row_number() over (order by lower(s.name), s.version, s.id) - 1)::int as position
        from public.verification_schemas s
       where s.status <> 'draft'
    ), member_schemas as (
      select d.organization_id, string_agg(l.position::text, ',' order by l.position) as positions
        from public.organization_verification_schemas d
        join listed_schemas l on l.id = d.schema_id
       group by d.organization_id
    ), changes as (
      select c.organization_id, c.id, c.status, c.effective_from,
             lag(c.status) over (partition by c.organization_id order by c.effective_from, c.id) as previous
        from public.registry_status_changes c
    ), history as (
      -- member_since as private.registry_organizations computes it: the last activation that was not a reinstatement.
      select h.organization_id,
             max(h.effective_from) filter (where h.status = 'active' and h.previous is distinct from 'suspended') as member_since,
             count(*) as changes,
             min(h.status::text) as first_status,
             min(h.effective_from) as first_from,
             string_agg(concat('[', array_position(v_statuses, h.status) - 1, ',', floor(extract(epoch from h.effective_from))::bigint, ']'), ','
                        order by h.effective_from, h.id) as entries
        from changes h
       group by h.organization_id
    ), members as (
      select o.id,
             concat(
               '[', to_json(o.id), ',', to_json(o.name), ',',
               coalesce(to_json(o.legal_name)::text, 'null'), ',',
               coalesce(to_json(o.registration_number)::text, 'null'), ',',
               coalesce(to_json(o.country)::text, 'null'), ',',
               coalesce(to_json(o.registry_domain)::text, 'null'), ',',
               array_position(v_statuses, r.status) - 1, ',',
               floor(extract(epoch from r.effective_from))::bigint, ',',
               coalesce(floor(extract(epoch from h.member_since))::bigint::text, 'null'), ',',
               case
                 when h.changes is null or (h.changes = 1 and h.first_status = r.status::text and h.first_from = r.effective_from) then '[]'
                 else concat('[', h.entries, ']')
               end, ',',
               '[', s.positions, ']]'
             ) as entry
        from public.registry_entries r
        join public.organizations o on o.id = r.organization_id
        left join history h on h.organization_id = r.organization_id
        left join member_schemas s on s.organization_id = r.organization_id
    )
    select json_build_object(
      'sequence', coalesce(v_last.sequence, 0) + 1,
      'registry_version', v_version,
      'iat', floor(extract(epoch from now()))::bigint,
      'next_update', floor(extract(epoch from now() + interval '24 hours'))::bigint,
      'statuses', to_json(v_statuses),
      'schema_fields', json_build_array('id', 'name', 'version', 'assurance_level', 'status'),
      'schemas', coalesce((
        select json_agg(json_build_array(l.id, l.name, l.version, l.assurance_level, l.status) order by l.position)
          from listed_schemas l
      ), '[]'::json),
      'member_fields', json_build_array(
        'id', 'name', 'legal_name', 'registration_number', 'country', 'domain', 'status',
        'status_effective_from', 'member_since', 'status_history', 'verified_schemas'
      ),
      'member_count', (select count(*) from members),
      -- The members' JSON as one string: the function splices it into the payload it signs as it is,
      -- rather than parsing 100,000 arrays into objects only to write them out again.
      'members', concat('[', (select string_agg(m.entry, ',' order by m.id) from members m), ']')
    )
  );
end;
$$;
comment on function public.trust_list_draft(boolean) is
  'service_role only (the publish-trust-list Edge Function). Null when the last published trust list is current (no registry change since, and less than half its validity gone) unless p_force; otherwise the next list''s sequence, registry_version, iat, next_update (24 hours on), and its compact registry: statuses, schema_fields and schemas, member_fields, member_count and members (the JSON text of an array of one array per member, in member_fields'' order; decision 081).';
revoke execute on function public.trust_list_draft(boolean) from public, anon, authenticated;
grant execute on function public.trust_list_draft(boolean) to service_role;

-- ---------------------------------------------------------------------------
-- Room for the publishing run's read
-- ---------------------------------------------------------------------------
-- The service role's requests run under the authenticator's 8 s timeout
-- (20261201000400). At 100,000 members the draft takes 2–6 s on a loaded
-- 2-core machine; past 8 s it was cancelled on every run, so the published
-- list stayed stale for good (the bench saw a suspension never published).
-- Only the backend holds the service role key (the schedule, Edge Functions),
-- so its requests get a minute, the schedule's interval on hosted; visitors
-- and members keep their 1 s and 8 s. PostgREST applies an impersonated
-- role's settings per request, as it does anon's and authenticated's.
alter role service_role set statement_timeout = '60s';
notify pgrst, 'reload config';
