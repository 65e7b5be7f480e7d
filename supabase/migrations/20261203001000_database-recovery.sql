-- Issue 27, part 6: backups of the database and its stored files, and the
-- restore drill that proves one can be restored (docs/decisions/077-backup-and-restore-drill.md).
--
-- The database cannot copy itself out or build a second database, so both are
-- rows here, as the advisors runs are (decision 075): the page asks for one
-- (▶ Back up now, ▶ Run drill), the runner asks for the nightly ones itself,
-- and the runner (locally the stack's recovery schedule,
-- supabase/local/recovery/; on hosted a scheduled CI job against a scratch
-- project) claims a row, does the work and records the result. The page reads
-- them through public.admin_database_recovery().
--
-- Restoring production is not here: it is a runbook (docs/runbook-restore.md).
--
-- The tables live in private, which the Data API does not expose and the API
-- roles hold no privilege on; as the other private tables, without RLS.

create table private.database_backups (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  -- Null: the nightly backup.
  requested_by uuid,
  started_at timestamptz,
  finished_at timestamptz,
  status text not null default 'requested' check (status in ('requested', 'running', 'done', 'failed')),
  -- Where the runner keeps it, relative to its private data directory (never a bucket).
  location text check (location is null or char_length(location) <= 500),
  -- SHA-256 (hex) of the backup's manifest, which holds every table's and file's own hash.
  checksum text check (checksum is null or checksum ~ '^[0-9a-f]{64}$'),
  size_bytes bigint check (size_bytes is null or size_bytes >= 0),
  table_count integer,
  row_count bigint,
  file_count integer,
  duration_ms integer,
  -- When the runner removed its files (it keeps the latest few).
  pruned_at timestamptz,
  error text check (error is null or char_length(error) <= 2000)
);
comment on table private.database_backups is
  'Each backup of the database and the stored files: asked for by /admin/database or the nightly schedule, taken and recorded by the recovery runner (decision 077).';

create table private.database_restore_drills (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  -- Null: the nightly drill.
  requested_by uuid,
  -- The backup restored: the latest finished one when the runner claims the drill.
  backup_id bigint references private.database_backups (id),
  started_at timestamptz,
  finished_at timestamptz,
  status text not null default 'requested' check (status in ('requested', 'running', 'passed', 'failed')),
  tables_compared integer,
  rows_compared bigint,
  files_compared integer,
  -- What differed: [{kind: manifest|table|file|sequence, subject, expected, actual}].
  mismatches jsonb not null default '[]' check (jsonb_typeof(mismatches) = 'array'),
  -- Whether private.replay_erasure_ledger() existed and ran after the restore.
  erasure_replayed boolean,
  duration_ms integer,
  error text check (error is null or char_length(error) <= 2000)
);
comment on table private.database_restore_drills is
  'Each restore drill: the latest backup restored into a fresh database, every table compared by row count and checksum and every stored file by hash (decision 077).';
-- Unique by construction (it ends in the key), so splinter's unused_index never fires.
create unique index database_restore_drills_backup_idx on private.database_restore_drills (backup_id, id);

-- ---------------------------------------------------------------------------
-- The page
-- ---------------------------------------------------------------------------
create function private.backup_json(b private.database_backups)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when b.id is not null then jsonb_build_object(
    'id', b.id, 'status', b.status, 'scheduled', b.requested_by is null,
    'requested_at', b.requested_at, 'started_at', b.started_at, 'finished_at', b.finished_at,
    'checksum', b.checksum, 'size_bytes', b.size_bytes, 'table_count', b.table_count,
    'row_count', b.row_count, 'file_count', b.file_count, 'duration_ms', b.duration_ms, 'error', b.error) end;
$$;
revoke execute on function private.backup_json(private.database_backups) from public;

create function public.admin_database_recovery()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_backup private.database_backups;
  v_good private.database_backups;
  v_drill private.database_restore_drills;
  v_last_passed timestamptz;
begin
  perform private.require_database_admin('read the backups and restore drills');
  select * into v_backup from private.database_backups order by id desc limit 1;
  select * into v_good from private.database_backups where status = 'done' order by id desc limit 1;
  select * into v_drill from private.database_restore_drills order by id desc limit 1;
  select max(finished_at) into v_last_passed from private.database_restore_drills where status = 'passed';
  return jsonb_build_object(
    'last_backup', private.backup_json(v_backup),
    'last_good_backup', private.backup_json(v_good),
    'last_drill', case when v_drill.id is not null then jsonb_build_object(
      'id', v_drill.id, 'status', v_drill.status, 'scheduled', v_drill.requested_by is null,
      'backup_id', v_drill.backup_id, 'requested_at', v_drill.requested_at,
      'started_at', v_drill.started_at, 'finished_at', v_drill.finished_at,
      'tables_compared', v_drill.tables_compared, 'rows_compared', v_drill.rows_compared,
      'files_compared', v_drill.files_compared, 'mismatches', v_drill.mismatches,
      'erasure_replayed', v_drill.erasure_replayed, 'duration_ms', v_drill.duration_ms,
      'error', v_drill.error) end,
    -- Red on the page: the last finished drill failed, none passed yet, or the
    -- last pass is more than 7 days old (a running drill changes nothing yet).
    'drill_state', case
      when (select d.status from private.database_restore_drills d
             where d.status in ('passed', 'failed') order by d.id desc limit 1) = 'failed' then 'failed'
      when v_last_passed is null then 'missing'
      when v_last_passed < now() - interval '7 days' then 'stale'
      else 'ok' end
  );
end;
$$;
comment on function public.admin_database_recovery() is
  'The latest backup, the latest finished one, the latest restore drill and whether the drill is ok, missing, stale (over 7 days) or failed. System administrators at aal2 only (decision 077).';

create function public.admin_request_database_backup()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_id bigint;
begin
  perform private.require_database_admin('back up the database');
  perform private.require_recent_second_factor('back up the database');
  -- One request at a time decides "one backup at a time".
  lock table private.database_backups in share row exclusive mode;
  if exists (select 1 from private.database_backups where status in ('requested', 'running')) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'backup_in_progress',
      detail = 'A backup is already being taken. Wait for it to finish.';
  end if;
  insert into private.database_backups (requested_by) values (auth.uid()) returning id into v_id;
  perform private.database_activity('database.backup_requested', jsonb_build_object('backup_id', v_id));
  return jsonb_build_object('backup_id', v_id);
end;
$$;
comment on function public.admin_request_database_backup() is
  'Asks the recovery runner for a backup now (22023 backup_in_progress while one is asked for or running). System administrators at aal2 with a recent second factor (decision 077).';

create function public.admin_request_restore_drill()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '5s'
set lock_timeout = '1s'
as $$
declare
  v_id bigint;
begin
  perform private.require_database_admin('run a restore drill');
  perform private.require_recent_second_factor('run a restore drill');
  lock table private.database_restore_drills in share row exclusive mode;
  if not exists (select 1 from private.database_backups where status in ('requested', 'running', 'done')) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'no_backup',
      detail = 'There is no backup to restore yet. Back up the database first.';
  end if;
  if exists (select 1 from private.database_restore_drills where status in ('requested', 'running')) then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'drill_in_progress',
      detail = 'A restore drill is already running. Wait for it to finish.';
  end if;
  insert into private.database_restore_drills (requested_by) values (auth.uid()) returning id into v_id;
  perform private.database_activity('database.restore_drill_requested', jsonb_build_object('drill_id', v_id));
  return jsonb_build_object('drill_id', v_id);
end;
$$;
comment on function public.admin_request_restore_drill() is
  'Asks the recovery runner to restore the latest backup into a fresh database and compare it (22023 no_backup, drill_in_progress). System administrators at aal2 with a recent second factor (decision 077).';

revoke execute on function public.admin_database_recovery() from public, anon;
revoke execute on function public.admin_request_database_backup() from public, anon;
revoke execute on function public.admin_request_restore_drill() from public, anon;
grant execute on function public.admin_database_recovery() to authenticated;
grant execute on function public.admin_request_database_backup() to authenticated;
grant execute on function public.admin_request_restore_drill() to authenticated;

-- ---------------------------------------------------------------------------
-- The runner's side (the database owner only)
-- ---------------------------------------------------------------------------
-- The backup to take now, marked running: the oldest request, or the nightly
-- one when no nightly was asked for and no backup finished in the last 24
-- hours (a failed nightly waits for the next night or a person's ▶). A backup
-- stuck running for 30 minutes failed (the runner stopped).
create function private.claim_database_backup()
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  update private.database_backups
     set status = 'failed', finished_at = now(), error = 'The runner stopped before it finished.'
   where status = 'running' and started_at < now() - interval '30 minutes';
  select id into v_id from private.database_backups
   where status = 'requested' order by requested_at, id limit 1 for update skip locked;
  if v_id is null and not exists (
    select 1 from private.database_backups
    where status in ('requested', 'running')
       or (requested_at > now() - interval '24 hours' and (requested_by is null or status = 'done'))
  ) then
    insert into private.database_backups (requested_by) values (null) returning id into v_id;
  end if;
  if v_id is not null then
    update private.database_backups set status = 'running', started_at = now() where id = v_id;
  end if;
  return v_id;
end;
$$;
comment on function private.claim_database_backup() is
  'For the recovery runner: marks the oldest requested backup (or a new nightly one) running and returns its id; null when there is nothing to do.';
revoke execute on function private.claim_database_backup() from public;

-- p_result: {location, checksum, size_bytes, table_count, row_count, file_count, duration_ms}.
create function private.record_database_backup(p_id bigint, p_result jsonb, p_error text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if p_error is not null then
    update private.database_backups
       set status = 'failed', finished_at = now(), error = left(p_error, 2000),
           duration_ms = (p_result ->> 'duration_ms')::integer
     where id = p_id;
    return;
  end if;
  update private.database_backups
     set status = 'done', finished_at = now(),
         location = p_result ->> 'location', checksum = p_result ->> 'checksum',
         size_bytes = (p_result ->> 'size_bytes')::bigint, table_count = (p_result ->> 'table_count')::integer,
         row_count = (p_result ->> 'row_count')::bigint, file_count = (p_result ->> 'file_count')::integer,
         duration_ms = (p_result ->> 'duration_ms')::integer
   where id = p_id;
end;
$$;
comment on function private.record_database_backup(bigint, jsonb, text) is
  'For the recovery runner: records a backup''s location, manifest checksum, size, counts and duration, or its failure.';
revoke execute on function private.record_database_backup(bigint, jsonb, text) from public;

-- The backups whose files the runner may remove: every finished one but the
-- newest p_keep (a running drill's backup is kept). Marks them pruned.
create function private.prune_database_backups(p_keep integer)
returns setof text
language sql
volatile
set search_path = ''
as $$
  update private.database_backups b
     set pruned_at = now()
   where b.pruned_at is null and b.location is not null
     and b.id not in (select id from private.database_backups where status = 'done' order by id desc limit p_keep)
     and b.id not in (select backup_id from private.database_restore_drills where status = 'running' and backup_id is not null)
  returning b.location;
$$;
comment on function private.prune_database_backups(integer) is
  'For the recovery runner: the locations of backups to remove from disk (all but the newest p_keep finished ones), marked pruned.';
revoke execute on function private.prune_database_backups(integer) from public;

-- The drill to run now, marked running, with the backup it restores (the
-- latest finished one): the oldest request, or the nightly one when none was
-- asked for in 24 hours and no backup is being taken (the nightly drill then
-- restores the nightly backup). Null when there is nothing to do; a request
-- with no finished backup waits for one.
create function private.claim_restore_drill()
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
  v_backup private.database_backups;
begin
  update private.database_restore_drills
     set status = 'failed', finished_at = now(), error = 'The runner stopped before it finished.'
   where status = 'running' and started_at < now() - interval '60 minutes';
  if exists (select 1 from private.database_backups where status in ('requested', 'running')) then
    return null;
  end if;
  select * into v_backup from private.database_backups where status = 'done' order by id desc limit 1;
  if v_backup.id is null then
    return null;
  end if;
  select id into v_id from private.database_restore_drills
   where status = 'requested' order by requested_at, id limit 1 for update skip locked;
  if v_id is null and not exists (
    select 1 from private.database_restore_drills
    where status in ('requested', 'running')
       or (requested_at > now() - interval '24 hours' and (requested_by is null or status = 'passed'))
  ) then
    insert into private.database_restore_drills (requested_by) values (null) returning id into v_id;
  end if;
  if v_id is null then
    return null;
  end if;
  update private.database_restore_drills
     set status = 'running', started_at = now(), backup_id = v_backup.id
   where id = v_id;
  return jsonb_build_object('drill_id', v_id, 'backup_id', v_backup.id,
    'location', v_backup.location, 'checksum', v_backup.checksum);
end;
$$;
comment on function private.claim_restore_drill() is
  'For the recovery runner: marks the oldest requested drill (or a new nightly one) running against the latest finished backup; returns {drill_id, backup_id, location, checksum} or null.';
revoke execute on function private.claim_restore_drill() from public;

-- p_result: {tables_compared, rows_compared, files_compared, mismatches, erasure_replayed, duration_ms}.
-- Passed only when nothing differed and no error stopped it.
create function private.record_restore_drill(p_id bigint, p_result jsonb, p_error text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_mismatches jsonb := coalesce(p_result -> 'mismatches', '[]');
begin
  update private.database_restore_drills
     set status = case when p_error is null and jsonb_array_length(v_mismatches) = 0 then 'passed' else 'failed' end,
         finished_at = now(),
         tables_compared = (p_result ->> 'tables_compared')::integer,
         rows_compared = (p_result ->> 'rows_compared')::bigint,
         files_compared = (p_result ->> 'files_compared')::integer,
         mismatches = v_mismatches,
         erasure_replayed = (p_result ->> 'erasure_replayed')::boolean,
         duration_ms = (p_result ->> 'duration_ms')::integer,
         error = left(p_error, 2000)
   where id = p_id;
end;
$$;
comment on function private.record_restore_drill(bigint, jsonb, text) is
  'For the recovery runner: records what a drill compared and what differed; passed only without mismatches or error.';
revoke execute on function private.record_restore_drill(bigint, jsonb, text) from public;
