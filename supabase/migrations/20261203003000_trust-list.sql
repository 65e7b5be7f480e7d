-- The signed trust list (issue 30, decisions 080 and 081): the whole registry
-- as one compact JWS signed with the network's key, published in the public
-- `trust` bucket at a URL that never changes.
--
-- The database never holds the private key: it gives the publish-trust-list
-- Edge Function (service role) what to sign — the members, the next sequence
-- number, the issue and next-update times — and records what was published.
-- A statement trigger on every table the list is made of counts registry
-- changes; the list is due when that count moved since the last issue, or when
-- the last issue is half-way to its next update (lists are valid 24 hours).
-- The function runs every 15 seconds locally (the stack's schedule) and every
-- minute on hosted (pg_cron + pg_net, decision 081), so a change is published
-- within a minute.
--
-- Applies unchanged to hosted Supabase (runs as `postgres`).

-- ---------------------------------------------------------------------------
-- The public bucket the list (and the status list) are served from
-- ---------------------------------------------------------------------------
-- Public: relying parties fetch it without an API key, with the Cache-Control
-- the function sets on upload. Writes come only from the service role; no
-- policy on storage.objects names the bucket. 50 MB: a list of 100,000 members
-- is about 15 MB (decision 081's measurement).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('trust', 'trust', true, 52428800, array['application/jwt', 'application/statuslist+jwt'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- ---------------------------------------------------------------------------
-- What changed, and what was issued
-- ---------------------------------------------------------------------------
-- One row: how many statements have changed the registry's tables. A counter,
-- not a time, so a change committed after the function read the registry is
-- never mistaken for one it already published.
create table private.trust_list_state (
  id boolean primary key default true check (id),
  registry_version bigint not null default 0
);
comment on table private.trust_list_state is
  'One row: registry_version counts the statements that changed a table the trust list is made of (organizations, registry_entries, registry_status_changes, verification_schemas, organization_verification_schemas).';
insert into private.trust_list_state default values;

create table private.trust_list_issues (
  sequence bigint primary key check (sequence > 0),
  issued_at timestamptz not null,
  next_update timestamptz not null check (next_update > issued_at),
  -- The key it was signed with: a key stays published until every list and credential it signed has expired.
  kid text not null,
  -- The registry_version the members were read at.
  registry_version bigint not null,
  members integer not null check (members >= 0),
  bytes integer not null check (bytes > 0)
);
comment on table private.trust_list_issues is
  'Every signed trust list published (decision 081): its sequence number, times, signing key, size and the registry_version it was read at.';

create function private.count_trust_list_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.trust_list_state set registry_version = registry_version + 1 where id;
  return null;
end;
$$;
comment on function private.count_trust_list_change() is
  'Statement trigger: a table the trust list is made of changed, so the list is due (private.trust_list_state).';
revoke execute on function private.count_trust_list_change() from public;

create trigger organizations_count_trust_list_change
  after insert or update or delete on public.organizations
  for each statement execute function private.count_trust_list_change();
create trigger registry_entries_count_trust_list_change
  after insert or update or delete on public.registry_entries
  for each statement execute function private.count_trust_list_change();
create trigger registry_status_changes_count_trust_list_change
  after insert or update or delete on public.registry_status_changes
  for each statement execute function private.count_trust_list_change();
create trigger verification_schemas_count_trust_list_change
  after insert or update or delete on public.verification_schemas
  for each statement execute function private.count_trust_list_change();
create trigger organization_verification_schemas_count_trust_list_change
  after insert or update or delete on public.organization_verification_schemas
  for each statement execute function private.count_trust_list_change();

-- ---------------------------------------------------------------------------
-- What to sign (service_role only)
-- ---------------------------------------------------------------------------
-- Null when nothing is due. Otherwise the list's claims but the issuer, in
-- the order relying parties read them; members ordered by id, so two lists of
-- the same registry are the same bytes but for their sequence and times.
-- Reasons for a suspension or revocation stay private, as in the registry API
-- (decision 016); only the verified (active or deprecated) schemas are listed.
create function public.trust_list_draft(p_force boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_version bigint;
  v_last private.trust_list_issues;
begin
  select registry_version into v_version from private.trust_list_state where id;
  select * into v_last from private.trust_list_issues order by sequence desc limit 1;
  if not coalesce(p_force, false) and v_last.sequence is not null
     and v_last.registry_version = v_version
     and v_last.next_update - now() > (v_last.next_update - v_last.issued_at) / 2 then
    return null;
  end if;
  return jsonb_build_object(
    'sequence', coalesce(v_last.sequence, 0) + 1,
    'registry_version', v_version,
    'iat', floor(extract(epoch from now()))::bigint,
    'next_update', floor(extract(epoch from now() + interval '24 hours'))::bigint,
    'members', coalesce((
      -- Set-based rather than through private.registry_organizations, whose
      -- per-row subqueries take over 8 s at 100,000 members (decision 081's
      -- bench); member_since is computed as the view computes it.
      with history as (
        select c.organization_id,
               jsonb_agg(jsonb_build_object('status', c.status, 'effective_from', c.effective_from) order by c.effective_from, c.id) as status_history,
               max(c.effective_from) filter (where c.status = 'active' and c.previous is distinct from 'suspended') as member_since
          from (
            select s.organization_id, s.id, s.status, s.effective_from,
                   lag(s.status) over (partition by s.organization_id order by s.effective_from, s.id) as previous
              from public.registry_status_changes s
          ) c
         group by c.organization_id
      ), schemas as (
        select d.organization_id,
               jsonb_agg(jsonb_build_object(
                 'id', s.id, 'name', s.name, 'version', s.version, 'assurance_level', s.assurance_level, 'status', s.status
               ) order by lower(s.name), s.version, s.id) as verified_schemas
          from public.organization_verification_schemas d
          join public.verification_schemas s on s.id = d.schema_id
         where s.status <> 'draft'
         group by d.organization_id
      )
      select jsonb_agg(jsonb_build_object(
               'id', o.id,
               'name', o.name,
               'legal_name', o.legal_name,
               'registration_number', o.registration_number,
               'country', o.country,
               'domain', o.registry_domain,
               'status', r.status,
               'status_effective_from', r.effective_from,
               'member_since', h.member_since,
               'status_history', coalesce(h.status_history, '[]'::jsonb),
               'verified_schemas', coalesce(v.verified_schemas, '[]'::jsonb)
             ) order by o.id)
        from public.registry_entries r
        join public.organizations o on o.id = r.organization_id
        left join history h on h.organization_id = r.organization_id
        left join schemas v on v.organization_id = r.organization_id
    ), '[]'::jsonb)
  );
end;
$$;
comment on function public.trust_list_draft(boolean) is
  'service_role only (the publish-trust-list Edge Function). Null when the last published trust list is current (no registry change since, and less than half its validity gone) unless p_force; otherwise the next list''s sequence, registry_version, iat, next_update (24 hours on) and members, for the function to sign.';
revoke execute on function public.trust_list_draft(boolean) from public, anon, authenticated;
grant execute on function public.trust_list_draft(boolean) to service_role;

-- ---------------------------------------------------------------------------
-- What was published (service_role only)
-- ---------------------------------------------------------------------------
create function public.record_trust_list_issue(
  p_sequence bigint,
  p_registry_version bigint,
  p_issued_at bigint,
  p_next_update bigint,
  p_kid text,
  p_members integer,
  p_bytes integer
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_sequence is distinct from (select coalesce(max(sequence), 0) + 1 from private.trust_list_issues) then
    raise exception 'trust_list_sequence_taken' using errcode = '23505';
  end if;
  if nullif(btrim(p_kid), '') is null then
    raise exception 'kid_required' using errcode = '22023';
  end if;
  insert into private.trust_list_issues (sequence, issued_at, next_update, kid, registry_version, members, bytes)
  values (p_sequence, to_timestamp(p_issued_at), to_timestamp(p_next_update), p_kid, p_registry_version, p_members, p_bytes);
  insert into public.network_activity (actor_id, action, details)
  values (null, 'trust_list.issued', jsonb_build_object(
    'sequence', p_sequence, 'kid', p_kid, 'members', p_members, 'bytes', p_bytes,
    'issued_at', to_timestamp(p_issued_at), 'next_update', to_timestamp(p_next_update)
  ));
end;
$$;
comment on function public.record_trust_list_issue(bigint, bigint, bigint, bigint, text, integer, integer) is
  'service_role only (the publish-trust-list Edge Function, after the upload). Records a published trust list and writes network_activity trust_list.issued; a sequence number another run took first is refused (23505 trust_list_sequence_taken).';
revoke execute on function public.record_trust_list_issue(bigint, bigint, bigint, bigint, text, integer, integer) from public, anon, authenticated;
grant execute on function public.record_trust_list_issue(bigint, bigint, bigint, bigint, text, integer, integer) to service_role;
