import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { exportNetworkActivityCsv } from './export-network-activity';
import { getTenant } from './get-tenant';
import { listNetworkActivity } from './list-network-activity';
import { listTenants } from './list-tenants';

/** The back office's tenants and activity fetchers: what they ask, how they page, and what they throw. */
const rpcClient = (...answers: { data: unknown; error: unknown }[]) => {
  const rpc = vi.fn();
  for (const answer of answers) rpc.mockReturnValueOnce(Object.assign(Promise.resolve(answer), { csv: () => Promise.resolve(answer) }));
  return { client: { rpc } as unknown as AccordClient, rpc };
};

const tenant = (id: string) => ({
  id,
  name: `Org ${id}`,
  legal_name: null,
  registration_number: null,
  country: 'NL',
  sector: 'education',
  website: null,
  status: 'active',
  application_status: 'approved',
  registry_status: 'active',
  status_effective_from: '2026-01-01T00:00:00Z',
  member_count: 3,
  pending_change_request: false,
  created_at: '2026-01-01T00:00:00Z',
});

describe('listTenants', () => {
  it('asks for one more row than a page to know whether there is a next one, and sends only the filters given', async () => {
    const { client, rpc } = rpcClient({ data: [tenant('a'), tenant('b'), tenant('c')], error: null });
    const page = await listTenants(client, { search: '  harbour ', status: 'active', pageSize: 2 });
    expect(rpc).toHaveBeenCalledWith('admin_list_tenants', { p_search: 'harbour', p_status: 'active', p_sort: 'name', p_limit: 3 });
    expect(page.tenants.map((t) => t.id)).toEqual(['a', 'b']);
    expect(page.nextAfter).toBe('b');
    expect(page.tenants[0]).toMatchObject({ memberCount: 3, pendingChangeRequest: false, status: 'active' });
  });

  it('has no next page when the answer fits in one', async () => {
    const { client } = rpcClient({ data: [tenant('a')], error: null });
    expect((await listTenants(client, { after: 'z', pageSize: 2 })).nextAfter).toBeNull();
  });

  it('throws a DataError carrying the database code', async () => {
    const { client } = rpcClient({ data: null, error: { message: 'invalid_status', code: '22023' } });
    await expect(listTenants(client, { pageSize: 2 })).rejects.toMatchObject({ message: 'invalid_status', code: '22023' });
  });
});

describe('listNetworkActivity', () => {
  const entry = (id: number) => ({
    id,
    occurred_at: `2026-03-0${id}T00:00:00+00:00`,
    action: 'registry.suspended',
    actor_id: null,
    actor_email: null,
    actor_name: null,
    organization_id: null,
    organization_name: null,
    subject_user_id: null,
    subject_email: null,
    details: { reason: 'r' },
  });

  it('continues from the last row shown, by (occurred_at, id)', async () => {
    const { client, rpc } = rpcClient({ data: [entry(3), entry(2), entry(1)], error: null });
    const page = await listNetworkActivity(client, { action: 'registry', before: { occurredAt: 'x', id: 9 }, pageSize: 2 });
    expect(rpc).toHaveBeenCalledWith('admin_network_activity', { p_action: 'registry', p_before_occurred_at: 'x', p_before_id: 9, p_limit: 3 });
    expect(page.entries.map((e) => e.id)).toEqual([3, 2]);
    expect(page.next).toEqual({ occurredAt: '2026-03-02T00:00:00+00:00', id: 2 });
    expect(page.previous).toEqual({ occurredAt: '2026-03-03T00:00:00+00:00', id: 3 });
  });

  it('steps back to the entries just newer than the first row shown, keeping the ones nearest it', async () => {
    const { client, rpc } = rpcClient({ data: [entry(6), entry(5), entry(4)], error: null });
    const page = await listNetworkActivity(client, { action: 'registry', after: { occurredAt: 'x', id: 3 }, pageSize: 2 });
    expect(rpc).toHaveBeenCalledWith('admin_network_activity', { p_action: 'registry', p_after_occurred_at: 'x', p_after_id: 3, p_limit: 3 });
    expect(page.entries.map((e) => e.id)).toEqual([5, 4]);
    expect(page.previous).toEqual({ occurredAt: '2026-03-05T00:00:00+00:00', id: 5 });
    expect(page.next).toEqual({ occurredAt: '2026-03-04T00:00:00+00:00', id: 4 });

    const newest = await listNetworkActivity(rpcClient({ data: [entry(6), entry(5)], error: null }).client, { after: { occurredAt: 'x', id: 4 }, pageSize: 2 });
    expect(newest.entries.map((e) => e.id)).toEqual([6, 5]);
    expect(newest.previous).toBeNull();
  });
});

describe('getTenant', () => {
  it('throws organization_not_found as a DataError', async () => {
    const { client } = rpcClient({ data: null, error: { message: 'organization_not_found', code: 'P0001' } });
    await expect(getTenant(client, 'o1')).rejects.toBeInstanceOf(DataError);
  });
});

describe('exportNetworkActivityCsv', () => {
  it('joins chunks under one header, continuing from each chunk\'s last id and time', async () => {
    const header = 'id,occurred_at,action';
    const full = [header, ...Array.from({ length: 10_000 }, (_, i) => `${20_000 - i},"2026-03-01 00:00:00+00",a.b`)].join('\n');
    const { client, rpc } = rpcClient({ data: full, error: null }, { data: `${header}\n5,"2026-02-01 00:00:00+00",a.b\n`, error: null });
    const csv = await exportNetworkActivityCsv(client, { action: 'a' });
    expect(rpc).toHaveBeenLastCalledWith('admin_network_activity_export', {
      p_action: 'a',
      p_before_id: 10_001,
      p_before_occurred_at: '2026-03-01 00:00:00+00',
      p_limit: 10_000,
    });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(10_002);
    expect(lines.filter((line) => line === header)).toHaveLength(1);
  });
});
