import { Badge, Button, Stack, Text } from '@chakra-ui/react';

import { formatCount, formatDayAndTime } from '../../components/formats';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import type { AccordClient } from '../../data/client';
import {
  databaseKeys,
  requestDatabaseBackup,
  requestRestoreDrill,
  useDatabaseRecovery,
  type BackupRun,
  type DatabaseRecovery,
  type RestoreDrill,
} from '../../data/admin/database';
import { Failure, formatBytes, formatMs, Section } from './database-page-parts';
import { useRecentCode } from './recent-code';

/**
 * The Recovery section of /admin/database (issue 27 part 6, decision 077): the
 * last backup and the last restore drill, red when the drill failed or no
 * drill passed in the last 7 days, and ▶ back up / ▶ run a drill. Restoring
 * production is a runbook (docs/runbook-restore.md), not a button.
 */

const under = (status: string) => status === 'requested' || status === 'running';

function backupLine(backup: BackupRun | null): { text: string; red: boolean } {
  if (backup === null) return { text: 'No backup has been taken yet.', red: true };
  if (under(backup.status)) return { text: `A backup asked for at ${formatDayAndTime(backup.requested_at)} is being taken.`, red: false };
  if (backup.status === 'failed') return { text: `The last backup failed: ${backup.error ?? 'no reason given'}.`, red: true };
  return {
    text:
      `Last backup ${formatDayAndTime(backup.finished_at)}${backup.scheduled ? ' (nightly)' : ''}: ` +
      `${formatCount(backup.row_count ?? 0)} rows in ${formatCount(backup.table_count ?? 0)} tables and ${formatCount(backup.file_count ?? 0)} stored files, ` +
      `${formatBytes(backup.size_bytes ?? 0)}, taken in ${formatMs(backup.duration_ms ?? 0)}. Checksum (SHA-256) ${backup.checksum?.slice(0, 16) ?? '—'}…`,
    red: false,
  };
}

const STATE_BADGE: Record<DatabaseRecovery['drill_state'], { label: string; colour: string }> = {
  ok: { label: 'Drill passed', colour: 'green' },
  failed: { label: 'Drill failed', colour: 'red' },
  stale: { label: 'Drill overdue', colour: 'red' },
  missing: { label: 'No drill yet', colour: 'red' },
};

function drillLine(drill: RestoreDrill | null, state: DatabaseRecovery['drill_state']): string {
  if (drill === null) return 'No restore drill has run yet. Run one to know the backups can be restored.';
  if (under(drill.status)) return `A restore drill asked for at ${formatDayAndTime(drill.requested_at)} is restoring the latest backup into a fresh database.`;
  if (drill.status === 'failed') {
    const what = drill.error ?? drill.mismatches.map((m) => `${m.subject} (${m.kind}: expected ${m.expected}, found ${m.actual})`).join('; ');
    return `The restore drill of ${formatDayAndTime(drill.finished_at)} failed: ${what}.`;
  }
  const passed =
    `The restore drill of ${formatDayAndTime(drill.finished_at)} restored backup ${drill.backup_id ?? '—'} into a fresh database in ${formatMs(drill.duration_ms ?? 0)}: ` +
    `all ${formatCount(drill.tables_compared ?? 0)} tables (${formatCount(drill.rows_compared ?? 0)} rows) and ${formatCount(drill.files_compared ?? 0)} stored files are equal.`;
  return state === 'stale' ? `${passed} That is more than 7 days ago: run a drill.` : passed;
}

export function RecoverySection({ client }: { client: AccordClient }) {
  const query = useDatabaseRecovery(client);
  const withRecentCode = useRecentCode();
  const backUp = useCommand({
    run: () => withRecentCode(() => requestDatabaseBackup(client)),
    refresh: [databaseKeys.recovery],
    success: () => ({ title: 'The backup will start in a few seconds' }),
  });
  const drill = useCommand({
    run: () => withRecentCode(() => requestRestoreDrill(client)),
    refresh: [databaseKeys.recovery],
    success: () => ({ title: 'The restore drill will start in a few seconds' }),
  });
  return (
    <Section
      id="database-recovery"
      title="Recovery"
      intro="A backup of the database and its stored files every night and on request, and a restore drill that restores the latest into a fresh database and compares every table and file. Restoring production follows the runbook, not a button."
      action={
        <Stack direction="row" gap="2" wrap="wrap">
          <Button variant="outline" loading={backUp.busy} loadingText="Asking…" onClick={() => void backUp.run()}>
            Back up now
          </Button>
          <Button variant="outline" loading={drill.busy} loadingText="Asking…" onClick={() => void drill.run()}>
            Run drill
          </Button>
        </Stack>
      }
    >
      <Failure message={backUp.error ?? drill.error} />
      <QueryView
        query={query}
        loading="Loading the backups and drills…"
        errorTitle="The backups and drills could not be loaded"
        isEmpty={(recovery) => recovery.last_backup === null && recovery.last_drill === null}
        empty={
          <EmptyMessage title="No backup yet">
            The first is taken tonight, or now with Back up now; then run a drill to know it can be restored.
          </EmptyMessage>
        }
      >
        {(recovery) => {
          const backup = backupLine(recovery.last_backup);
          const badge = STATE_BADGE[recovery.drill_state];
          const drillRed = recovery.drill_state !== 'ok';
          return (
            <Stack gap="3">
              <Text color={backup.red ? 'fg.error' : undefined}>{backup.text}</Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'start', sm: 'baseline' }}>
                <Badge colorPalette={badge.colour}>
                  {badge.label}
                </Badge>
                <Text color={drillRed ? 'fg.error' : undefined}>{drillLine(recovery.last_drill, recovery.drill_state)}</Text>
              </Stack>
            </Stack>
          );
        }}
      </QueryView>
    </Section>
  );
}
