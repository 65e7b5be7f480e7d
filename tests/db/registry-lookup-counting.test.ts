import { describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { sql } from '../support/users.ts';

/**
 * Registry lookups through the open API are counted from pg_stat_statements by
 * a snapshot (decision 062): the API's documented calls are GETs, which
 * PostgREST runs read-only, so the registry functions cannot count themselves.
 */
const config = stackConfig('test');

async function snapshot(): Promise<void> {
  await sql('select private.snapshot_registry_lookups()');
}

async function countedToday(): Promise<Record<string, number>> {
  const rows = await sql<{ function_name: string; lookups: string }>(
    `select function_name, lookups from private.registry_lookup_counts where day = (now() at time zone 'UTC')::date`,
  );
  return Object.fromEntries(rows.map((r) => [r.function_name, Number(r.lookups)]));
}

async function get(path: string): Promise<void> {
  const res = await fetch(`${config.apiUrl}/rest/v1/rpc/${path}`, {
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${config.keys.anonKey}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await res.arrayBuffer();
}

describe('registry lookup counting', () => {
  it('counts N GET lookups after the snapshot', async () => {
    await snapshot();
    const before = await countedToday();
    const N = 7;
    for (let i = 0; i < N; i++) await get(`registry_search?p_query=lookup-${i}`);
    await get('registry_by_domain?p_domain=example.com');
    await get('registry_by_domain?p_domain=example.org');
    await snapshot();
    const after = await countedToday();
    expect((after.registry_search ?? 0) - (before.registry_search ?? 0)).toBe(N);
    expect((after.registry_by_domain ?? 0) - (before.registry_by_domain ?? 0)).toBe(2);
  });
});
