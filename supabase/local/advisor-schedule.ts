import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR, type StackConfig } from './config.ts';
import type { RunningSchedule } from './notification-schedule.ts';
import { startSqlSchedule } from './sql-schedule.ts';

const run = promisify(execFile);

/**
 * The advisors runner (decision 075): every few seconds it asks the database
 * for a run to do (`private.claim_advisor_run()`: one the page asked for, or
 * the nightly one when none finished in 24 hours), runs splinter's lints with
 * the Supabase CLI as `npm run db:advisors` does, and records the findings.
 * The database cannot start the CLI, and an Edge Function cannot either, so the
 * stack does; on hosted a scheduled CI job runs the same CLI against the project.
 */
export const ADVISOR_POLL_INTERVAL_MS = 5_000;

/** splinter's findings for the database at `dbUrl` (any level, never failing on them). */
export async function runAdvisors(dbUrl: string): Promise<unknown[]> {
  const { stdout } = await run(
    join(ROOT_DIR, 'node_modules/.bin/supabase'),
    ['db', 'advisors', `--remote=${dbUrl}?sslmode=disable`, '--type', 'all', '--level', 'info', '--fail-on', 'none', '--output-format', 'json'],
    { cwd: ROOT_DIR, maxBuffer: 32 * 1024 * 1024, timeout: 120_000 },
  );
  // {"results": [...], "message": "db advisors", "target": {...}}
  const parsed = JSON.parse(stdout) as { results?: unknown[] | null };
  return parsed.results ?? [];
}

export function startAdvisorSchedule(
  config: StackConfig,
  { intervalMs = ADVISOR_POLL_INTERVAL_MS, log }: { intervalMs?: number; log?: (message: string) => void } = {},
): RunningSchedule {
  return startSqlSchedule(config, {
    label: 'advisors',
    intervalMs,
    log,
    statement: async (client) => {
      const { rows } = await client.query<{ id: string | null }>('select private.claim_advisor_run() as id');
      const id = rows[0]?.id;
      if (!id) return;
      let findings: unknown[] = [];
      let error: string | null = null;
      try {
        findings = await runAdvisors(config.dbUrl);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await client.query('select private.record_advisor_run($1, $2, $3)', [id, JSON.stringify(findings), error]);
    },
  });
}
