import { afterEach, describe, expect, it, vi } from 'vitest';

import { ORG_QUERY_RETRIES, ORG_QUERY_RETRY_DELAY_MS } from '../../../machines/timing';
import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { MEMBER_LOOKUP_FAILED } from './get-membership';
import { ORGANIZATION_LOOKUP_FAILED } from './get-organization';
import { getMyOrganization, organizationQueryOptions } from './use-my-organization';

function client(answers: Record<string, { data: unknown; error: unknown }>) {
  const calls: string[] = [];
  const from = (table: string) => {
    const query = {
      select: (columns: string) => {
        calls.push(`${table}.select(${columns})`);
        return query;
      },
      eq: (column: string, value: string) => {
        calls.push(`${table}.eq(${column}, ${value})`);
        return query;
      },
      maybeSingle: async () => answers[table],
      single: async () => answers[table],
    };
    return query;
  };
  return { client: { from } as unknown as AccordClient, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('getMyOrganization', () => {
  it('reads the membership, then the organisation, as spec §7 asks', async () => {
    const { client: c, calls } = client({
      organization_members: { data: { organization_id: 'org-1' }, error: null },
      organizations: { data: { id: 'org-1', name: 'Northwind' }, error: null },
    });
    await expect(getMyOrganization(c, 'u1')).resolves.toEqual({ id: 'org-1', name: 'Northwind' });
    expect(calls).toEqual([
      'organization_members.select(organization_id)',
      'organization_members.eq(user_id, u1)',
      'organizations.select(*)',
      'organizations.eq(id, org-1)',
    ]);
  });

  it('is null for someone in no organisation, without a second request', async () => {
    const { client: c, calls } = client({ organization_members: { data: null, error: null } });
    await expect(getMyOrganization(c, 'u1')).resolves.toBeNull();
    expect(calls.some((call) => call.startsWith('organizations.'))).toBe(false);
  });

  it(`fails with "${MEMBER_LOOKUP_FAILED}" and "${ORGANIZATION_LOOKUP_FAILED}"`, async () => {
    const refused = { data: null, error: { message: 'permission denied', code: '42501' } };
    const member = getMyOrganization(client({ organization_members: refused }).client, 'u1');
    await expect(member).rejects.toBeInstanceOf(DataError);
    await expect(member).rejects.toMatchObject({ message: MEMBER_LOOKUP_FAILED, code: '42501' });
    await expect(
      getMyOrganization(
        client({ organization_members: { data: { organization_id: 'org-1' }, error: null }, organizations: refused }).client,
        'u1',
      ),
    ).rejects.toMatchObject({ message: ORGANIZATION_LOOKUP_FAILED, code: '42501' });
  });
});

describe('organisation query options (spec §9)', () => {
  it(`retries ${ORG_QUERY_RETRIES} times, each exactly ${ORG_QUERY_RETRY_DELAY_MS} ms after the failure`, () => {
    vi.useFakeTimers();
    const revalidate = vi.fn();
    const retry = organizationQueryOptions.onErrorRetry!;
    for (let retryCount = 1; retryCount <= ORG_QUERY_RETRIES + 1; retryCount += 1) {
      retry(new Error('x'), 'key', {} as never, revalidate, { retryCount, dedupe: true });
      vi.advanceTimersByTime(ORG_QUERY_RETRY_DELAY_MS - 1);
      expect(revalidate).toHaveBeenCalledTimes(retryCount - 1);
      vi.advanceTimersByTime(1);
      expect(revalidate).toHaveBeenCalledTimes(Math.min(retryCount, ORG_QUERY_RETRIES));
    }
    expect(revalidate.mock.calls.map(([options]) => options)).toEqual([{ retryCount: 1 }, { retryCount: 2 }, { retryCount: 3 }]);
    expect(organizationQueryOptions).toMatchObject({ errorRetryCount: 3, errorRetryInterval: 1000 });
  });
});
