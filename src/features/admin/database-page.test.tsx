import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { renderAt } from '../../testing/render';
import DatabasePage from './database-page';
import { EXPECTED_MIGRATIONS } from './expected-migrations';

/** /admin/database: six sections (Recovery's details in database-recovery-section.test.tsx), each read from its own RPC, and the actions' refusals in words. */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const ANSWERS: Record<string, Answer> = {
  admin_erasure_requests: { data: [], error: null },
  admin_database_health: {
    data: {
      checked_at: '2026-11-27T10:00:00Z',
      connections: { used: 12, max: 97 },
      xid_age: 1234,
      cache_hit_rate: 0.9987,
      long_running: [],
      idle_in_transaction: [],
      blocked: [],
      findings: [{ check: 'invalid_index', severity: 'warning', subject: 'public.organizations_name_idx' }],
    },
    error: null,
  },
  admin_database_queries: {
    data: {
      available: true,
      stats_reset: '2026-11-27T09:00:00Z',
      evicted: 0,
      entries: 40,
      hidden: 3,
      by_total: [{ query_id: '1', query: 'select * from public.organizations where id = $1', calls: 500, rows: 500, total_ms: 120.5, mean_ms: 0.241, hit_ratio: 1 }],
      by_mean: [{ query_id: '2', query: 'select public.registry_search($1)', calls: 3, rows: 30, total_ms: 90, mean_ms: 30, hit_ratio: 0.98 }],
    },
    error: null,
  },
  admin_database_space: {
    data: {
      database_bytes: 52428800,
      stats_since: null,
      table_count: 80,
      tables: [{ table: 'public.organizations', rows: 100000, table_bytes: 20971520, index_bytes: 10485760 }],
      unused_indexes: [],
      duplicate_indexes: [],
      unindexed_foreign_keys: [{ constraint: 'x_fk', table: 'public.x', columns: ['y_id'] }],
    },
    error: null,
  },
  admin_database_schema: {
    data: {
      applied_migrations: EXPECTED_MIGRATIONS.slice(0, -1).map((version) => ({ version, name: 'm' })),
      extensions: [{ name: 'pg_stat_statements', version: '1.11', schema: 'extensions', default_version: '1.11' }],
      tables: [{ table: 'public.organizations', rls: true, policies: 4 }],
    },
    error: null,
  },
  admin_database_advisors: {
    data: {
      last_run: { id: 3, status: 'done', requested_at: '2026-11-27T02:00:00Z', finished_at: '2026-11-27T02:00:05Z', error: null },
      findings_run: { id: 3, finished_at: '2026-11-27T02:00:05Z' },
      findings: [
        { cache_key: 'unused_index_public_x', name: 'unused_index', title: 'Unused Index', level: 'INFO', categories: ['PERFORMANCE'], detail: 'Index `x_idx` has not been used', remediation: null, acknowledged: null },
      ],
    },
    error: null,
  },
  admin_database_recovery: { data: { last_backup: null, last_good_backup: null, last_drill: null, drill_state: 'missing' }, error: null },
};

function fakeClient(overrides: Record<string, Answer[]> = {}) {
  const queues = Object.fromEntries(Object.entries(overrides).map(([fn, answers]) => [fn, [...answers]]));
  const rpc = vi.fn(async (fn: string) => queues[fn]?.shift() ?? ANSWERS[fn] ?? { data: null, error: { message: `unexpected ${fn}` } });
  const challengeAndVerify = vi.fn(async (_params: { factorId: string; code: string }) => ({ data: {} as unknown, error: null as unknown }));
  const listFactors = vi.fn(async () => ({
    data: { all: [{ id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone', created_at: '2026-11-01T00:00:00Z' }] },
    error: null,
  }));
  const client = { rpc, auth: { mfa: { listFactors, challengeAndVerify } } } as unknown as AccordClient;
  return { client, rpc, challengeAndVerify };
}

describe('the database page', () => {
  it('shows every section with the database’s figures, drift in the schema and advice in words', async () => {
    const { client } = fakeClient();
    renderAt(<DatabasePage client={client} />, { at: '/admin/database' });
    expect(screen.getByRole('heading', { level: 1, name: 'Database' })).toBeInTheDocument();

    const health = screen.getByRole('region', { name: 'Health' });
    expect(await within(health).findByText(/12 of 97 connections in use/)).toBeInTheDocument();
    expect(within(health).getByText('An index is invalid: public.organizations_name_idx')).toBeInTheDocument();
    expect(within(health).getByText(/Drop it and build it again/)).toBeInTheDocument();

    const queries = screen.getByRole('region', { name: 'Query performance' });
    expect(await within(queries).findByText('select * from public.organizations where id = $1')).toBeInTheDocument();
    expect(within(queries).getByText(/3 not\s+shown \(utility statements\)/)).toBeInTheDocument();

    const space = screen.getByRole('region', { name: 'Space and indexes' });
    expect(await within(space).findByText(/Foreign keys without an index .*public\.x \(y_id\)/)).toBeInTheDocument();

    const advisors = screen.getByRole('region', { name: 'Advisors' });
    expect(await within(advisors).findByText('Index `x_idx` has not been used')).toBeInTheDocument();

    const schema = screen.getByRole('region', { name: 'Schema' });
    const last = EXPECTED_MIGRATIONS.at(-1)!;
    expect(await within(schema).findByText(new RegExp(`Schema drift: not applied: ${last}`))).toBeInTheDocument();
    expect(within(schema).getByText(/All 1 exposed tables have row-level security/)).toBeInTheDocument();

    const recovery = screen.getByRole('region', { name: 'Recovery' });
    expect(await within(recovery).findByText('No backup yet')).toBeInTheDocument();

  });

  it('asks for a fresh code in place when an action needs one, and resets once it is given', async () => {
    const { client, rpc, challengeAndVerify } = fakeClient({
      admin_reset_query_statistics: [
        { data: null, error: { message: 'recent_second_factor_required', code: '42501' } },
        { data: { reset_at: '2026-11-27T10:05:00Z' }, error: null },
      ],
    });
    challengeAndVerify.mockResolvedValueOnce({ data: null, error: { name: 'AuthApiError', message: 'Invalid TOTP code entered', status: 422, code: 'mfa_verification_failed' } });
    renderAt(<DatabasePage client={client} />, { at: '/admin/database' });
    const queries = screen.getByRole('region', { name: 'Query performance' });
    await within(queries).findByText(/select \* from public\.organizations/);
    await userEvent.click(within(queries).getByRole('button', { name: 'Reset statistics' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const field = within(dialog).getByRole('textbox', { name: '6-digit code' });
    // Chromium puts the focus in the field (the e2e checks it); jsdom at least keeps it inside the dialog.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.type(field, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Enter the six digits your authenticator app shows, without spaces.')).toBeInTheDocument();
    expect(challengeAndVerify).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '111 111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/That code is not right/)).toBeInTheDocument();
    // What was typed stays, selected, so the next code replaces it.
    expect(field).toHaveValue('111 111');

    await userEvent.clear(field);
    await userEvent.type(field, '222222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'factor-1', code: '222222' });
    // The refused reset ran again by itself, once, and nothing is left to say beside its button.
    await waitFor(() => expect(rpc.mock.calls.filter(([fn]) => fn === 'admin_reset_query_statistics')).toHaveLength(2));
    expect(within(queries).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the refusal beside the button when the code prompt is cancelled', async () => {
    const { client, rpc, challengeAndVerify } = fakeClient({
      admin_request_advisor_run: [{ data: null, error: { message: 'recent_second_factor_required', code: '42501' } }],
    });
    renderAt(<DatabasePage client={client} />, { at: '/admin/database' });
    const advisors = screen.getByRole('region', { name: 'Advisors' });
    await within(advisors).findByText('Index `x_idx` has not been used');
    const runNow = within(advisors).getByRole('button', { name: 'Run now' });
    await userEvent.click(runNow);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(advisors).findByRole('alert')).toHaveTextContent('Enter a code from your authenticator app first');
    expect(challengeAndVerify).not.toHaveBeenCalled();
    expect(rpc.mock.calls.filter(([fn]) => fn === 'admin_request_advisor_run')).toHaveLength(1);
    await waitFor(() => expect(runNow).toHaveFocus());
  });

  it('acknowledges a finding with a reason, and refuses an empty one', async () => {
    const { client, rpc } = fakeClient({ admin_acknowledge_advisor_finding: [{ data: { cache_key: 'unused_index_public_x' }, error: null }] });
    renderAt(<DatabasePage client={client} />, { at: '/admin/database' });
    const advisors = screen.getByRole('region', { name: 'Advisors' });
    await userEvent.click(await within(advisors).findByRole('button', { name: 'Acknowledge Unused Index' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge this finding' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(within(dialog).getByText('Say in 3 to 500 characters why this finding is accepted.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why is it accepted/ }), 'Used by the yearly report.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('admin_acknowledge_advisor_finding', { p_cache_key: 'unused_index_public_x', p_reason: 'Used by the yearly report.' });
  });

  it('says why a section is refused, and an administrator without a factor is told to set one up', async () => {
    const refusal = { data: null, error: { message: 'second_factor_setup_required', code: '42501' } };
    const { client } = fakeClient({ admin_database_health: [refusal] });
    renderAt(<DatabasePage client={client} />, { at: '/admin/database' });
    const health = screen.getByRole('region', { name: 'Health' });
    const alert = await within(health).findByRole('alert');
    expect(alert).toHaveTextContent('The health checks could not be loaded');
    expect(alert).toHaveTextContent('Set up an authenticator app in your account settings');
  });
});
