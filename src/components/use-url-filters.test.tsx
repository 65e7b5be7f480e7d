import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../testing/render';
import { useUrlFilters, type UrlFilters } from './use-url-filters';

interface Filters {
  query: string;
  status: 'open' | 'closed' | null;
  page: number;
}

function parse(params: URLSearchParams): Filters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    query: params.get('q') ?? '',
    status: status === 'open' || status === 'closed' ? status : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function serialize(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

let handle: UrlFilters<Filters>;
function Probe() {
  handle = useUrlFilters(parse, serialize, { page: 1 });
  return <output aria-label="filters">{JSON.stringify(handle.filters)}</output>;
}
const shown = () => JSON.parse(screen.getByRole('status', { name: 'filters' }).textContent ?? '{}') as Filters;

describe('useUrlFilters', () => {
  it('reads the filters from the address, ignoring what it does not recognise', () => {
    renderAt(<Probe />, { at: '/list?q=bank&status=weird&page=3&utm=x' });
    expect(shown()).toEqual({ query: 'bank', status: null, page: 3 });
  });

  it('changes some filters, keeps the others and goes back to the first page', () => {
    renderAt(<Probe />, { at: '/list?q=bank&page=3' });
    act(() => handle.setFilters({ status: 'open' }));
    expect(shown()).toEqual({ query: 'bank', status: 'open', page: 1 });
  });

  it('counts two quick changes made before the page re-renders', () => {
    renderAt(<Probe />, { at: '/list' });
    act(() => {
      handle.setFilters({ query: 'bank' });
      handle.setFilters({ status: 'closed' });
    });
    expect(shown()).toEqual({ query: 'bank', status: 'closed', page: 1 });
  });

  it('keeps an explicit page, and writes addresses without the defaults', () => {
    renderAt(<Probe />, { at: '/list?q=bank' });
    act(() => handle.setFilters({ page: 2 }));
    expect(shown().page).toBe(2);
    expect(handle.hrefFor({ query: 'bank', status: null, page: 1 })).toBe('?q=bank');
    expect(handle.hrefFor({ query: '', status: null, page: 1 })).toBe('.');
  });
});
