import { useEffect } from 'react';
import useSWR from 'swr';

import { supabase, type AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

/**
 * /admin/database reads (decision 075): each section is one fixed RPC whose
 * jsonb is passed through with the few fields the page relies on checked. The
 * page's actions need a second factor in the last 10 minutes; the refusals the
 * database names are worded here.
 */

export const SECOND_FACTOR_SETUP_REQUIRED = 'second_factor_setup_required';
export const RECENT_SECOND_FACTOR_REQUIRED = 'recent_second_factor_required';

export const SECOND_FACTOR_SETUP_MESSAGE =
  'The database page needs two-factor authentication. Set up an authenticator app in your account settings, then sign in again with its code.';
export const RECENT_SECOND_FACTOR_MESSAGE = 'Enter a code from your authenticator app first: this action needs one from the last 10 minutes.';
export const ADVISOR_RUN_TOO_SOON_MESSAGE = 'The advisors ran less than a minute ago. Try again in a minute.';
export const SHAPE_MESSAGE = 'The database figures came back in a shape this page does not understand. Please reload the page.';

/** The database's named refusals, as sentences; `code` keeps the name so the page can offer the code prompt. */
export function toDatabasePageError(error: unknown): DataError {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const words: Record<string, string> = {
    [SECOND_FACTOR_SETUP_REQUIRED]: SECOND_FACTOR_SETUP_MESSAGE,
    [RECENT_SECOND_FACTOR_REQUIRED]: RECENT_SECOND_FACTOR_MESSAGE,
    advisor_run_too_soon: ADVISOR_RUN_TOO_SOON_MESSAGE,
    reason_required: 'Say in 3 to 500 characters why this finding is accepted.',
    finding_not_found: 'This finding is no longer reported. Reload the page.',
    backup_in_progress: 'A backup is already being taken. Wait for it to finish.',
    no_backup: 'There is no backup to restore yet. Back up the database first.',
    drill_in_progress: 'A restore drill is already running. Wait for it to finish.',
    name_mismatch: 'Type the organisation’s name exactly as shown to request its erasure.',
    erasure_already_requested: 'An erasure of this organisation is already waiting.',
    already_erased: 'This organisation’s data was already erased.',
    second_administrator_required: 'Another system administrator must approve an erasure you requested.',
    erasure_already_approved: 'This erasure was approved already.',
    erasure_request_not_open: 'This erasure request was cancelled or carried out already. Reload the page.',
  };
  if (typeof message === 'string' && message in words) return new DataError(words[message]!, { code: message, cause: error });
  return toDataError(error);
}

export interface HealthFinding {
  check: string;
  severity: 'critical' | 'warning';
  subject: string;
  seconds?: number;
}

export interface DatabaseHealth {
  checked_at: string;
  connections: { used: number; max: number };
  xid_age: number;
  cache_hit_rate: number | null;
  long_running: unknown[];
  idle_in_transaction: unknown[];
  blocked: unknown[];
  findings: HealthFinding[];
}

export interface QueryStat {
  query_id: string;
  query: string;
  calls: number;
  rows: number;
  total_ms: number;
  mean_ms: number;
  hit_ratio: number | null;
}

export interface QueryStats {
  available: boolean;
  stats_reset?: string;
  evicted?: number;
  entries?: number;
  hidden?: number;
  by_total?: QueryStat[];
  by_mean?: QueryStat[];
}

export interface DatabaseSpace {
  database_bytes: number;
  stats_since: string | null;
  table_count: number;
  tables: { table: string; rows: number; table_bytes: number; index_bytes: number }[];
  unused_indexes: { index: string; table: string; bytes: number }[];
  duplicate_indexes: { table: string; indexes: string[]; bytes: number }[];
  unindexed_foreign_keys: { constraint: string; table: string; columns: string[] }[];
}

export interface DatabaseSchema {
  applied_migrations: { version: string; name: string }[] | null;
  extensions: { name: string; version: string; schema: string; default_version: string | null }[];
  tables: { table: string; rls: boolean; policies: number }[];
}

export interface AdvisorFinding {
  cache_key: string;
  name: string;
  title: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  categories: string[];
  detail: string;
  remediation: string | null;
  acknowledged: { reason: string; at: string; by: string | null } | null;
}

export interface DatabaseAdvisors {
  last_run: { id: number; status: 'requested' | 'running' | 'done' | 'failed'; requested_at: string; finished_at: string | null; error: string | null } | null;
  findings_run: { id: number; finished_at: string } | null;
  findings: AdvisorFinding[];
}

export interface BackupRun {
  id: number;
  status: 'requested' | 'running' | 'done' | 'failed';
  scheduled: boolean;
  requested_at: string;
  finished_at: string | null;
  checksum: string | null;
  size_bytes: number | null;
  table_count: number | null;
  row_count: number | null;
  file_count: number | null;
  duration_ms: number | null;
  error: string | null;
}

export interface DrillMismatch {
  kind: 'manifest' | 'table' | 'file' | 'sequence' | 'schema';
  subject: string;
  expected: string;
  actual: string;
}

export interface RestoreDrill {
  id: number;
  status: 'requested' | 'running' | 'passed' | 'failed';
  scheduled: boolean;
  backup_id: number | null;
  requested_at: string;
  finished_at: string | null;
  tables_compared: number | null;
  rows_compared: number | null;
  files_compared: number | null;
  mismatches: DrillMismatch[];
  erasure_replayed: boolean | null;
  duration_ms: number | null;
  error: string | null;
}

export interface DatabaseRecovery {
  last_backup: BackupRun | null;
  last_good_backup: BackupRun | null;
  last_drill: RestoreDrill | null;
  /** Red unless ok: the last finished drill failed, none passed, or the last pass is over 7 days old. */
  drill_state: 'ok' | 'missing' | 'stale' | 'failed';
}

/** A backup or a drill is asked for or running: the section looks again until it is done. */
export const recoveryBusy = (r: DatabaseRecovery | undefined): boolean =>
  !!r && [r.last_backup?.status, r.last_drill?.status].some((s) => s === 'requested' || s === 'running');

export const RECOVERY_POLL_MS = 2_000;

export const databaseKeys = {
  health: ['admin', 'database', 'health'] as const,
  queries: ['admin', 'database', 'queries'] as const,
  space: ['admin', 'database', 'space'] as const,
  schema: ['admin', 'database', 'schema'] as const,
  advisors: ['admin', 'database', 'advisors'] as const,
  recovery: ['admin', 'database', 'recovery'] as const,
};

type ReadFunction =
  | 'admin_database_health'
  | 'admin_database_queries'
  | 'admin_database_space'
  | 'admin_database_schema'
  | 'admin_database_advisors'
  | 'admin_database_recovery';

/** One section's RPC; `required` are the top-level fields the page reads, checked so a malformed answer is an error. */
async function read<T>(client: AccordClient, fn: ReadFunction, required: string[]): Promise<T> {
  const { data, error } = await client.rpc(fn);
  if (error) throw toDatabasePageError(error);
  if (typeof data !== 'object' || data === null || Array.isArray(data) || required.some((field) => !(field in data))) {
    throw new DataError(SHAPE_MESSAGE);
  }
  return data as T;
}

export const getDatabaseHealth = (client: AccordClient) =>
  read<DatabaseHealth>(client, 'admin_database_health', ['connections', 'findings', 'xid_age']);
export const getQueryStats = (client: AccordClient) => read<QueryStats>(client, 'admin_database_queries', ['available']);
export const getDatabaseSpace = (client: AccordClient) =>
  read<DatabaseSpace>(client, 'admin_database_space', ['tables', 'unused_indexes', 'duplicate_indexes', 'unindexed_foreign_keys']);
export const getDatabaseSchema = (client: AccordClient) =>
  read<DatabaseSchema>(client, 'admin_database_schema', ['applied_migrations', 'extensions', 'tables']);
export const getDatabaseAdvisors = (client: AccordClient) =>
  read<DatabaseAdvisors>(client, 'admin_database_advisors', ['last_run', 'findings']);

export const getDatabaseRecovery = (client: AccordClient) =>
  read<DatabaseRecovery>(client, 'admin_database_recovery', ['last_backup', 'last_drill', 'drill_state']);

export const useDatabaseHealth = (client: AccordClient = supabase) => useSWR(databaseKeys.health, () => getDatabaseHealth(client));
export const useQueryStats = (client: AccordClient = supabase) => useSWR(databaseKeys.queries, () => getQueryStats(client));
export const useDatabaseSpace = (client: AccordClient = supabase) => useSWR(databaseKeys.space, () => getDatabaseSpace(client));
export const useDatabaseSchema = (client: AccordClient = supabase) => useSWR(databaseKeys.schema, () => getDatabaseSchema(client));
export const useDatabaseAdvisors = (client: AccordClient = supabase) => useSWR(databaseKeys.advisors, () => getDatabaseAdvisors(client));
/**
 * Looks again every 2 s while a backup or drill is under way, so the result
 * shows without a reload. A timer of its own calling mutate: SWR's
 * refreshInterval skips its rounds while it deems the document hidden, and in
 * the browser tests it never looked again.
 */
export function useDatabaseRecovery(client: AccordClient = supabase) {
  const query = useSWR(databaseKeys.recovery, () => getDatabaseRecovery(client));
  const busy = recoveryBusy(query.data);
  const { mutate } = query;
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(() => void mutate(), RECOVERY_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, mutate]);
  return query;
}

async function act(request: PromiseLike<{ error: unknown }>): Promise<void> {
  const { error } = await request;
  if (error) throw toDatabasePageError(error);
}

export const resetQueryStatistics = (client: AccordClient) => act(client.rpc('admin_reset_query_statistics'));
export const requestAdvisorRun = (client: AccordClient) => act(client.rpc('admin_request_advisor_run'));
export const acknowledgeAdvisorFinding = (client: AccordClient, cacheKey: string, reason: string) =>
  act(client.rpc('admin_acknowledge_advisor_finding', { p_cache_key: cacheKey, p_reason: reason }));
export const requestDatabaseBackup = (client: AccordClient) => act(client.rpc('admin_request_database_backup'));
export const requestRestoreDrill = (client: AccordClient) => act(client.rpc('admin_request_restore_drill'));
