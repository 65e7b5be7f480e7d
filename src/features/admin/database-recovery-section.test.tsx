import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import type { BackupRun, DatabaseRecovery, RestoreDrill } from '../../data/admin/database';
import { renderAt } from '../../testing/render';
import { RecoverySection } from './database-recovery-section';

/** The Recovery section of /admin/database: the last backup and drill, red unless a drill passed in the last 7 days, and its two actions. */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const BACKUP: BackupRun = {
  id: 7,
  status: 'done',
  scheduled: false,
  requested_at: '2026-11-27T10:00:00Z',
  finished_at: '2026-11-27T10:00:04Z',
  checksum: 'ab'.repeat(32),
  size_bytes: 3 * 1024 * 1024,
  table_count: 96,
  row_count: 12040,
  file_count: 12,
  duration_ms: 3200,
  error: null,
};

const DRILL: RestoreDrill = {
  id: 3,
  status: 'passed',
  scheduled: false,
  backup_id: 7,
  requested_at: '2026-11-27T10:01:00Z',
  finished_at: '2026-11-27T10:01:20Z',
  tables_compared: 96,
  rows_compared: 12040,
  files_compared: 12,
  mismatches: [],
  erasure_replayed: false,
  duration_ms: 19500,
  error: null,
};

const recovery = (over: Partial<DatabaseRecovery> = {}): Answer => ({
  data: { last_backup: BACKUP, last_good_backup: BACKUP, last_drill: DRILL, drill_state: 'ok', ...over },
  error: null,
});

function fakeClient(answers: Record<string, Answer[]>) {
  const queues = Object.fromEntries(Object.entries(answers).map(([fn, list]) => [fn, [...list]]));
  // The last answer of a function repeats (the section may read again).
  const rpc = vi.fn(async (fn: string) => (queues[fn]!.length > 1 ? queues[fn]!.shift() : queues[fn]![0]) ?? { data: null, error: { message: `unexpected ${fn}` } });
  return { client: { rpc } as unknown as AccordClient, rpc };
}

const render = (client: AccordClient) => {
  renderAt(<RecoverySection client={client} />, { at: '/admin/database' });
  return screen.getByRole('region', { name: 'Recovery' });
};

describe('the Recovery section', () => {
  it('shows the last backup and a passed drill in green', async () => {
    const region = render(fakeClient({ admin_database_recovery: [recovery()] }).client);
    expect(within(region).getByText('Loading the backups and drills…')).toBeInTheDocument();
    expect(await within(region).findByText(/12,040 rows in 96 tables and 12 stored files, 3\.0 MB/)).toBeInTheDocument();
    expect(within(region).getByText(/Checksum \(SHA-256\) abababababababab…/)).toBeInTheDocument();
    expect(within(region).getByText('Drill passed')).toBeInTheDocument();
    expect(within(region).getByText(/all 96 tables \(12,040 rows\) and 12 stored files are equal/)).toBeInTheDocument();
  });

  it('is red when the drill failed, naming what differed', async () => {
    const failed: RestoreDrill = {
      ...DRILL,
      status: 'failed',
      mismatches: [{ kind: 'table', subject: 'public.profiles', expected: '5 rows, sha256 aa', actual: '5 rows, sha256 bb' }],
    };
    const region = render(fakeClient({ admin_database_recovery: [recovery({ last_drill: failed, drill_state: 'failed' })] }).client);
    const line = await within(region).findByText(/failed: public\.profiles \(table: expected 5 rows, sha256 aa, found 5 rows, sha256 bb\)/);
    expect(within(region).getByText('Drill failed')).toBeInTheDocument();
    expect(line).toHaveStyle({ color: 'var(--chakra-colors-fg-error)' });
  });

  it('is red when the last pass is older than 7 days', async () => {
    const region = render(fakeClient({ admin_database_recovery: [recovery({ drill_state: 'stale' })] }).client);
    expect(await within(region).findByText('Drill overdue')).toBeInTheDocument();
    expect(within(region).getByText(/more than 7 days ago: run a drill/)).toHaveStyle({ color: 'var(--chakra-colors-fg-error)' });
  });

  it('says when nothing was backed up yet', async () => {
    const empty = render(
      fakeClient({ admin_database_recovery: [{ data: { last_backup: null, last_good_backup: null, last_drill: null, drill_state: 'missing' }, error: null }] }).client,
    );
    expect(await within(empty).findByText('No backup yet')).toBeInTheDocument();
  });

  it('shows a refusal of the read in words', async () => {
    const region = render(
      fakeClient({ admin_database_recovery: [{ data: null, error: { message: 'second_factor_setup_required', code: '42501' } }] }).client,
    );
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('The backups and drills could not be loaded');
    expect(alert).toHaveTextContent('Set up an authenticator app in your account settings');
  });

  it('backs up on request and follows it until it is done', async () => {
    const running: BackupRun = { ...BACKUP, id: 8, status: 'running', finished_at: null, checksum: null };
    const done: BackupRun = { ...BACKUP, id: 8, row_count: 12100 };
    const { client, rpc } = fakeClient({
      admin_database_recovery: [recovery(), recovery({ last_backup: running }), recovery({ last_backup: done })],
      admin_request_database_backup: [{ data: { backup_id: 8 }, error: null }],
    });
    const region = render(client);
    await within(region).findByText('Drill passed');
    await userEvent.click(within(region).getByRole('button', { name: 'Back up now' }));
    expect(await within(region).findByText(/is being taken/)).toBeInTheDocument();
    // The section looks again by itself while the backup runs (every 2 s).
    expect(await within(region).findByText(/12,100 rows/)).toBeInTheDocument();
    expect(rpc.mock.calls.filter(([fn]) => fn === 'admin_request_database_backup')).toHaveLength(1);
  });

  it('asks for a fresh code before a drill, and says when there is nothing to restore', async () => {
    const { client } = fakeClient({
      admin_database_recovery: [recovery({ last_backup: null, last_good_backup: null, last_drill: null, drill_state: 'missing' })],
      admin_request_restore_drill: [
        { data: null, error: { message: 'recent_second_factor_required', code: '42501' } },
        { data: null, error: { message: 'no_backup', code: '22023' } },
      ],
    });
    const region = render(client);
    await within(region).findByText('No backup yet');
    await userEvent.click(within(region).getByRole('button', { name: 'Run drill' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Enter a code from your authenticator app first');
    await userEvent.click(within(region).getByRole('button', { name: 'Run drill' }));
    await waitFor(() => expect(within(region).getByRole('alert')).toHaveTextContent('There is no backup to restore yet. Back up the database first.'));
  });
});
