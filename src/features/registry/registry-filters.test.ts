import { describe, expect, it } from 'vitest';

import { filtersFromParams, hasFilters, paramsFromFilters, toRegistryQuery, PAGE_SIZE } from './registry-filters';

describe('registry filters in the address', () => {
  it('reads every filter and the page', () => {
    expect(filtersFromParams(new URLSearchParams('q=+north+&sector=education&country=gb&status=suspended&page=3'))).toEqual({
      query: 'north',
      sector: 'education',
      country: 'GB',
      status: 'suspended',
      page: 3,
    });
  });

  it('ignores what it does not recognise instead of failing', () => {
    expect(filtersFromParams(new URLSearchParams('sector=astrology&country=Britain&status=pending&page=-2'))).toEqual({
      query: '',
      sector: null,
      country: null,
      status: null,
      page: 1,
    });
    expect(filtersFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what is set, so the unfiltered first page is the bare address', () => {
    expect(paramsFromFilters({ query: '', sector: null, country: null, status: null, page: 1 }).toString()).toBe('');
    expect(paramsFromFilters({ query: 'kivi digital', sector: 'technology', country: 'EE', status: 'suspended', page: 2 }).toString()).toBe(
      'q=kivi+digital&sector=technology&country=EE&status=suspended&page=2',
    );
  });

  it('round-trips', () => {
    const filters = { query: 'Lumière', sector: 'travel' as const, country: 'FR', status: 'active' as const, page: 4 };
    expect(filtersFromParams(paramsFromFilters(filters))).toEqual(filters);
  });

  it('knows whether anything narrows the list, and turns filters into a registry query', () => {
    expect(hasFilters(filtersFromParams(new URLSearchParams('page=2')))).toBe(false);
    expect(hasFilters(filtersFromParams(new URLSearchParams('country=se')))).toBe(true);
    expect(toRegistryQuery(filtersFromParams(new URLSearchParams('q=bank&page=2')))).toEqual({
      query: 'bank',
      sector: null,
      country: null,
      status: null,
      page: 2,
      pageSize: PAGE_SIZE,
    });
  });
});
