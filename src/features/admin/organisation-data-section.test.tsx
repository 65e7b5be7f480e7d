import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import type { ErasureRequest } from '../../data/admin/organisation-data';
import { renderAt } from '../../testing/render';
import { OrganisationDataSection } from './organisation-data-section';

/** "Organisation data" on /admin/database: find, export, request, approve and cancel an erasure, every state in words. */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const ORGS = [
  { id: 'o1', name: 'Lindqvist Identity', erased_at: null },
  { id: 'o2', name: 'Lindqvist Identity Holding', erased_at: '2026-11-20T10:00:00Z' },
];

const request = (over: Partial<ErasureRequest>): ErasureRequest => ({
  id: 1,
  organization_id: 'o3',
  organization_name: 'Harbourview Health',
  requested_by: 'Ada Admin',
  requested_by_me: false,
  requested_at: '2026-11-27T10:00:00Z',
  approved_by: null,
  approved_at: null,
  due_at: null,
  cancelled_at: null,
  executed_at: null,
  ...over,
});

const EXPORT = {
  url: 'http://localhost/storage/v1/object/sign/organisation_exports/o1/x.zip?token=t',
  fileName: 'Lindqvist-Identity-export-2026-11-28.zip',
  expiresIn: 900,
  manifest: { tables: [{ table: 'public.organizations', rows: 1 }, { table: 'public.profiles', rows: 2 }], files: [{ entry: 'files/brand_assets/o1/logo.png' }] },
};

function fakeClient({ rpcs = {}, searches = [] as string[], exportAnswer = { data: EXPORT, error: null } as { data: unknown; error: unknown } } = {}) {
  const queues: Record<string, Answer[]> = Object.fromEntries(Object.entries(rpcs as Record<string, Answer[]>).map(([fn, a]) => [fn, [...a]]));
  const rpc = vi.fn(async (fn: string) => queues[fn]?.shift() ?? { data: [], error: null });
  const query = { select: () => query, ilike: (_c: string, pattern: string) => (searches.push(pattern), query), order: () => query, limit: async () => ({ data: ORGS.filter((o) => o.name.includes(searches.at(-1)!.replace(/%/g, ''))), error: null }) };
  const invoke = vi.fn(async () => exportAnswer);
  return { client: { rpc, from: () => query, functions: { invoke } } as unknown as AccordClient, rpc, invoke, searches };
}

async function find(term: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /Organisation name/ }), term);
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('the organisation data section', () => {
  it('says there are no erasure requests, finds organisations by name and says when none matches', async () => {
    const { client, searches } = fakeClient();
    renderAt(<OrganisationDataSection client={client} />, { at: '/admin/database' });
    expect(await screen.findByText('No erasure requests')).toBeInTheDocument();
    await find('Lindqvist');
    const table = await screen.findByRole('table', { name: 'Organisations found' });
    expect(within(table).getByText('Lindqvist Identity')).toBeInTheDocument();
    expect(within(table).getByText('Lindqvist Identity Holding (erased on 20 Nov 2026)')).toBeInTheDocument();
    // An erased organisation can be exported (its tombstone and legal hold), not erased again.
    expect(within(table).queryByRole('button', { name: 'Request the erasure of Lindqvist Identity Holding' })).not.toBeInTheDocument();
    expect(searches).toEqual(['%Lindqvist%']);
    await userEvent.clear(screen.getByRole('textbox', { name: /Organisation name/ }));
    await find('50%_off');
    expect(await screen.findByText('No organisation found')).toBeInTheDocument();
    expect(searches.at(-1)).toBe('%50\\%\\_off%');
  });

  it('exports an organisation and offers the archive for 15 minutes, with what it holds', async () => {
    const { client, invoke } = fakeClient();
    renderAt(<OrganisationDataSection client={client} />, { at: '/admin/database' });
    await find('Lindqvist');
    await userEvent.click(await screen.findByRole('button', { name: 'Export Lindqvist Identity' }));
    const link = await screen.findByRole('link', { name: `Download ${EXPORT.fileName}` });
    expect(link).toHaveAttribute('href', EXPORT.url);
    expect(screen.getByText('Lindqvist Identity: 2 tables, 3 rows and 1 files.')).toBeInTheDocument();
    expect(screen.getByText(/works for 15 minutes/)).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('organisation-export', { body: { organizationId: 'o1', as: 'network' } });
  });

  it('asks for a fresh code when the export needs one', async () => {
    const refusal = {
      name: 'FunctionsHttpError',
      context: { status: 403, json: async () => ({ error: 'recent_second_factor_required', message: 'Enter the code again.' }) },
    };
    const { client } = fakeClient({ exportAnswer: { data: null, error: refusal } });
    renderAt(<OrganisationDataSection client={client} />, { at: '/admin/database' });
    await find('Lindqvist');
    await userEvent.click(await screen.findByRole('button', { name: 'Export Lindqvist Identity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a code from your authenticator app first');
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('requests an erasure only with the name typed exactly', async () => {
    const { client, rpc } = fakeClient({ rpcs: { admin_request_erasure: [{ data: 7, error: null }] } });
    renderAt(<OrganisationDataSection client={client} />, { at: '/admin/database' });
    await find('Lindqvist');
    await userEvent.click(await screen.findByRole('button', { name: 'Request the erasure of Lindqvist Identity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Lindqvist Identity?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Type the organisation’s name/ }), 'lindqvist identity');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request erasure' }));
    expect(within(dialog).getByText('Type the organisation’s name exactly as shown.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('admin_request_erasure', expect.anything());
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Type the organisation’s name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Type the organisation’s name/ }), 'Lindqvist Identity');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request erasure' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('admin_request_erasure', { p_organization_id: 'o1', p_typed_name: 'Lindqvist Identity' });
  });

  it('lists pending erasures: another administrator\'s can be approved, one\'s own only cancelled, and a refusal is worded', async () => {
    const pending = [
      request({ id: 1 }),
      request({ id: 2, organization_name: 'Grachtenbank', requested_by_me: true }),
      request({ id: 3, organization_name: 'Stadtwerke', approved_at: '2026-11-27T11:00:00Z', due_at: '2026-12-04T11:00:00Z' }),
      request({ id: 4, organization_name: 'Old Org', executed_at: '2026-11-01T11:00:00Z' }),
    ];
    const { client, rpc } = fakeClient({
      rpcs: {
        admin_erasure_requests: [{ data: pending, error: null }, { data: pending, error: null }],
        admin_approve_erasure: [{ data: null, error: { message: 'second_administrator_required', code: '42501' } }],
      },
    });
    renderAt(<OrganisationDataSection client={client} />, { at: '/admin/database' });
    const table = await screen.findByRole('table', { name: 'Erasure requests' });
    expect(within(table).getAllByText('Waiting for a second administrator')).toHaveLength(2);
    expect(within(table).getByText('Erasing on 4 Dec 2026')).toBeInTheDocument();
    expect(within(table).getByText('Erased on 1 Nov 2026')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Approve the erasure of Grachtenbank' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Cancel the erasure of Grachtenbank' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Cancel the erasure of Old Org' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Approve the erasure of Harbourview Health' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another system administrator must approve an erasure you requested.');
    expect(rpc).toHaveBeenCalledWith('admin_approve_erasure', { p_request_id: 1 });
  });

  it('says when the erasure requests could not be loaded, and tries again', async () => {
    const { client } = fakeClient({ rpcs: { admin_erasure_requests: [{ data: null, error: { message: 'boom', code: 'XX000' } }] } });
    renderAt(<OrganisationDataSection client={client} />, { at: '/admin/database' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The erasure requests could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('No erasure requests')).toBeInTheDocument();
  });
});
