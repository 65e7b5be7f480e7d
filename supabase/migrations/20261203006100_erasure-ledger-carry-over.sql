-- After a real restore, the LIVE erasure ledger is replayed, not the
-- restored one (issue 27 part 7, decisions 076 and 077). A backup older than
-- an erasure holds an older ledger that does not name it, so replaying only
-- what was restored would bring the erased organisation back for good. The
-- live ledger's entries are therefore copied out before the restore
-- (private.erasure_ledger_entries(), as JSON) and carried into the restored
-- database after it (private.carry_over_erasure_ledger(entries)), which
-- appends the missing entries with their ids, marks their requests carried
-- out and replays the whole ledger. docs/runbook-restore.md step 4 runs both
-- with psql; the local restore drill does the same with the live database.
--
-- Both are the database owner's alone (no grant to any API role): restoring
-- is an engineer's job with the owner's connection, never a Data API call.

create function private.erasure_ledger_entries()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(l) order by l.id), '[]') from private.erasure_ledger l;
$$;
comment on function private.erasure_ledger_entries() is
  'The whole erasure ledger as a JSON array, copied out of the live database before a restore (docs/runbook-restore.md). Decision 076.';
revoke execute on function private.erasure_ledger_entries() from public;

create function private.carry_over_erasure_ledger(p_entries jsonb)
returns table (carried integer, replayed integer)
language plpgsql
set search_path = ''
as $$
declare
  v_carried integer;
  v_diverged bigint;
begin
  if p_entries is null or jsonb_typeof(p_entries) <> 'array' then
    raise exception using errcode = 'invalid_parameter_value', message = 'ledger_entries_not_an_array',
      detail = 'Pass the JSON array private.erasure_ledger_entries() returned on the live database.';
  end if;

  -- The restored ledger is an older prefix of the live one: the same id must be the same erasure.
  select e.id into v_diverged
    from jsonb_to_recordset(p_entries) as e(id bigint, organization_id uuid, erased_at timestamptz)
    join private.erasure_ledger l on l.id = e.id
   where l.organization_id <> e.organization_id or l.erased_at <> e.erased_at
   limit 1;
  if v_diverged is not null then
    raise exception using errcode = 'object_not_in_prerequisite_state', message = 'erasure_ledger_diverged',
      detail = format('Ledger entry %s differs between the live and the restored database.', v_diverged);
  end if;

  insert into private.erasure_ledger (id, organization_id, request_id, erased_at, erased)
  overriding system value
  select e.id, e.organization_id, e.request_id, e.erased_at, e.erased
    from jsonb_to_recordset(p_entries) as e(id bigint, organization_id uuid, request_id bigint, erased_at timestamptz, erased jsonb)
   where not exists (select 1 from private.erasure_ledger l where l.id = e.id)
   order by e.id;
  get diagnostics v_carried = row_count;
  -- Erasures after this one must not take a carried entry's id.
  perform pg_catalog.setval(pg_catalog.pg_get_serial_sequence('private.erasure_ledger', 'id'),
                            greatest((select max(l.id) from private.erasure_ledger l), 1));

  -- A request the backup shows as still waiting was carried out since: so it stays.
  update private.erasure_requests r
     set executed_at = l.erased_at
    from private.erasure_ledger l
   where l.request_id = r.id and r.executed_at is null and r.cancelled_at is null;

  return query select v_carried, private.replay_erasure_ledger();
end;
$$;
comment on function private.carry_over_erasure_ledger(jsonb) is
  'After a restore: appends the live ledger''s entries the restored database lacks (ids kept), marks their requests carried out, replays the whole ledger; returns (carried, replayed). Idempotent. Decision 076.';
revoke execute on function private.carry_over_erasure_ledger(jsonb) from public;
