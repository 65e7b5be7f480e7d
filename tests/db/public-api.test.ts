import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { DataError, UNREACHABLE_MESSAGE } from '../../src/data/errors.ts';
import { publicRpc, publicSelect, publicStorageUrl } from '../../src/data/public-api.ts';
import { getRegistryFigures } from '../../src/data/registry/get-registry-figures.ts';
import { getRegistryOrganization } from '../../src/data/registry/get-registry-organization.ts';
import { searchRegistry } from '../../src/data/registry/search-registry.ts';
import { sql } from '../support/users.ts';

/**
 * src/data/public-api.ts, the visitor pages' fetch-based door to PostgREST, and
 * the registry fetchers built on it, against the real test stack: ranges and
 * counts, a page past the end (PostgREST's 416), and errors as DataError.
 */
const config = stackConfig('test');
const seeded = (n: number) => `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let registrySize: number;

beforeAll(async () => {
  // What Vite would inline from .env: the test stack's gateway and anon key.
  vi.stubEnv('VITE_SUPABASE_URL', config.apiUrl);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', config.keys.anonKey);
  [{ count: registrySize }] = await sql<{ count: number }>('select count(*)::int as count from public.registry_entries');
});

describe('publicRpc', () => {
  it('returns a range of a set-returning function with the total count', async () => {
    const { value, total } = await publicRpc('registry_search', {}, { range: { from: 1, to: 3 }, count: true });
    expect(total).toBe(registrySize);
    expect(value).toHaveLength(3);
    const everything = await publicRpc('registry_search', {});
    expect(everything.total).toBeNull();
    expect(value.map((r) => r.id)).toEqual(everything.value.slice(1, 4).map((r) => r.id));
  });

  it('a range past the end is an empty page that still knows the total (PostgREST answers 416)', async () => {
    const { value, total } = await publicRpc('registry_search', {}, { range: { from: registrySize + 10, to: registrySize + 19 }, count: true });
    expect(value).toEqual([]);
    expect(total).toBe(registrySize);
  });

  it('passes arguments and returns a single composite as an object', async () => {
    const { value } = await publicRpc('registry_by_domain', { p_domain: 'https://www.grachtenbank.example/' });
    expect(value.map((r) => r.name)).toEqual(['Grachtenbank']);
    const figures = await publicRpc('registry_figures', {});
    expect(figures.value).toEqual({ members: expect.any(Number), sectors: expect.any(Number), countries: expect.any(Number) });
  });

  it('a bad argument is a DataError with the status, code and message of the server', async () => {
    const error = await publicRpc('registry_search', { p_status: 'pending' as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ status: 400, code: '22P02', message: expect.stringContaining('registry_status') });
  });

  it('an unknown function is a 404 DataError', async () => {
    const error = await publicRpc('registry_everything' as never, {} as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DataError', status: 404, code: 'PGRST202' });
  });
});

describe('publicSelect', () => {
  it('reads a public table with a Range header and a count', async () => {
    const { rows, total } = await publicSelect('registry_entries', 'select=organization_id,status&order=organization_id', {
      range: { from: 0, to: 1 },
      count: true,
    });
    expect(rows).toHaveLength(2);
    expect(total).toBe(registrySize);
  });

  it('a page past the end is empty with the total', async () => {
    const { rows, total } = await publicSelect('registry_entries', 'select=organization_id', { range: { from: 500, to: 509 }, count: true });
    expect(rows).toEqual([]);
    expect(total).toBe(registrySize);
  });

  it('a table visitors may not read is refused with 401 and 42501', async () => {
    const error = await publicSelect('organizations', 'select=id,created_by').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DataError', status: 401, code: '42501' });
  });
});

describe('the registry fetchers', () => {
  it('searchRegistry pages by page number and size, with the total', async () => {
    const first = await searchRegistry({ page: 1, pageSize: 4 });
    const second = await searchRegistry({ page: 2, pageSize: 4 });
    expect(first.total).toBe(registrySize);
    expect(second.total).toBe(registrySize);
    expect(first.organizations).toHaveLength(4);
    expect(second.organizations.map((o) => o.id)).not.toContain(first.organizations[0].id);
    const filtered = await searchRegistry({ query: 'nordljus vard', sector: 'healthcare', country: 'SE', status: 'active', page: 1, pageSize: 8 });
    expect(filtered).toMatchObject({ total: 1, organizations: [{ id: seeded(107), name: 'Nordljus Vård', country: 'SE', status: 'active' }] });
  });

  it('getRegistryOrganization maps the entry and its history; unknown and malformed ids are null', async () => {
    const entry = await getRegistryOrganization(seeded(105));
    expect(entry).toMatchObject({ name: 'Voyages Lumière', legalName: 'Voyages Lumière SAS', sector: 'travel', status: 'active' });
    expect(entry?.statusHistory.map((h) => h.status)).toEqual(['active', 'suspended', 'active']);
    expect(entry?.memberSince).toBe(entry?.statusHistory[0].effectiveFrom);
    // The public contact e-mail the seed gives it; Talento Ibérico has none.
    expect(entry?.contactEmail).toBe('bonjour@voyages-lumiere.example');
    expect((await getRegistryOrganization(seeded(106)))?.contactEmail).toBeNull();
    expect(await getRegistryOrganization(seeded(111))).toBeNull();
    expect(await getRegistryOrganization('not-an-id')).toBeNull();
  });

  it('getRegistryFigures returns the three figures', async () => {
    const figures = await getRegistryFigures();
    expect(figures.members).toBeGreaterThanOrEqual(8);
    expect(figures.sectors).toBeGreaterThanOrEqual(6);
    expect(figures.countries).toBeGreaterThanOrEqual(6);
  });

  it('publicStorageUrl points at the public bucket on the same gateway', () => {
    expect(publicStorageUrl('brand_assets', 'abc/logo mark.png')).toBe(`${config.apiUrl}/storage/v1/object/public/brand_assets/abc/logo%20mark.png`);
  });
});

describe('when the backend cannot be reached', () => {
  it('the error says so, with status 0', async () => {
    vi.resetModules();
    vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:9');
    const fresh = await import('../../src/data/public-api.ts');
    const freshErrors = await import('../../src/data/errors.ts');
    const error = await fresh.publicRpc('registry_figures', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(freshErrors.DataError);
    expect(error).toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
  });
});
