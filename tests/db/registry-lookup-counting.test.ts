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

  it('neither loses nor double-counts lookups across a reset of pg_stat_statements', async () => {
    await get('registry_status_on?p_organization_id=5eed0000-0000-4000-8000-000000000101');
    await snapshot();
    const before = await countedToday();
    // An operator resets the statistics: every entry starts again from zero.
    await sql('select extensions.pg_stat_statements_reset()');
    for (let i = 0; i < 3; i++) await get('registry_status_on?p_organization_id=5eed0000-0000-4000-8000-000000000101');
    await snapshot();
    const after = await countedToday();
    expect((after.registry_status_on ?? 0) - (before.registry_status_on ?? 0)).toBe(3);
    // Another snapshot with no lookups in between adds nothing.
    await snapshot();
    expect((await countedToday()).registry_status_on).toBe(after.registry_status_on);
  });

  it('counts an entry that came back with fewer calls than last seen (evicted and re-created) from zero', async () => {
    await get('registry_by_id?p_id=5eed0000-0000-4000-8000-000000000101');
    await snapshot();
    const before = await countedToday();
    // As if the entry had been evicted after the last snapshot and re-created since.
    await sql(`update private.registry_lookup_statements set calls = calls + 1000000 where function_name = 'registry_by_id'`);
    await get('registry_by_id?p_id=5eed0000-0000-4000-8000-000000000101');
    await snapshot();
    const after = await countedToday();
    // Every call the entry now holds counts again (an over-count the decision record names), never a negative one.
    expect((after.registry_by_id ?? 0) - (before.registry_by_id ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('does not count registry functions called by SQL outside the Data API', async () => {
    await snapshot();
    const before = await countedToday();
    await sql(`select * from public.registry_search('Northwind')`);
    await sql(`select * from "public"."registry_search"('Northwind')`);
    await snapshot();
    expect((await countedToday()).registry_search ?? 0).toBe(before.registry_search ?? 0);
  });
});
