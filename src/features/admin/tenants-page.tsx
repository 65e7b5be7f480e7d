import { Box, Button, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { isUuid } from '../../../machines/ids';
import { SECTORS } from '../../../machines/sectors';
import { countries, countryName } from '../../components/countries';
import { DataTable, type Column, type SortState } from '../../components/data-table';
import { FilterSelect, SearchField } from '../../components/filter-controls';
import { formatDay } from '../../components/formats';
import { sectorLabel } from '../../components/organization-labels';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters } from '../../components/use-url-filters';
import type { Sector } from '../../data/admin/back-office-queries';
import { TENANT_STATUSES, useTenants, type TenantRow, type TenantSort, type TenantStatus } from '../../data/admin/list-tenants';
import { supabase, type AccordClient } from '../../data/client';
import { TenantPanel } from './tenant-panel';
import { TENANT_STATUS } from './tenant-status';

export const TENANTS_PAGE_SIZE = 25;

export interface TenantsAddress {
  q: string;
  status: TenantStatus | '';
  sector: Sector | '';
  country: string;
  sort: TenantSort;
  /** Keyset: the id of the last organisation of the previous page. */
  after: string;
  /** The organisation open in the panel. */
  org: string;
}

const SORTS: TenantSort[] = ['name', 'created_desc', 'created_asc'];
const SECTOR_CODES = new Set<string>(SECTORS.map(([code]) => code));

export function parseTenantsAddress(params: URLSearchParams): TenantsAddress {
  const get = (name: string) => params.get(name) ?? '';
  const status = get('status');
  const sector = get('sector');
  const country = get('country').toUpperCase();
  const sort = get('sort');
  return {
    q: get('q').slice(0, 200),
    status: (TENANT_STATUSES as readonly string[]).includes(status) ? (status as TenantStatus) : '',
    sector: SECTOR_CODES.has(sector) ? (sector as Sector) : '',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    sort: (SORTS as string[]).includes(sort) ? (sort as TenantSort) : 'name',
    after: isUuid(get('after')) ? get('after') : '',
    org: isUuid(get('org')) ? get('org') : '',
  };
}

export function serializeTenantsAddress(address: TenantsAddress): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(address)) {
    if (value && !(name === 'sort' && value === 'name')) params.set(name, value);
  }
  return params;
}

/** A change of search, filter or sort starts at the first page with no organisation open. */
const RESET: Partial<TenantsAddress> = { after: '', org: '' };

function sortState(sort: TenantSort): SortState {
  if (sort === 'name') return { column: 'name', direction: 'ascending' };
  return { column: 'created', direction: sort === 'created_asc' ? 'ascending' : 'descending' };
}

function sortFrom(state: SortState): TenantSort {
  if (state.column === 'created') return state.direction === 'ascending' ? 'created_asc' : 'created_desc';
  return 'name';
}

function columns(open: (row: TenantRow) => string): Column<TenantRow>[] {
  return [
    {
      key: 'name',
      label: 'Organisation',
      unlabelledWhenStacked: true,
      sortable: true,
      cell: (row) => (
        <Stack gap="0.5">
          <Link asChild variant="underline" fontWeight="medium" color="brand.fg">
            <RouterLink to={open(row)}>{row.name}</RouterLink>
          </Link>
          {row.website ? (
            <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
              {row.website.replace(/^https?:\/\//, '')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'registration', label: 'Registration number', cell: (row) => row.registrationNumber ?? '—' },
    { key: 'country', label: 'Country', cell: (row) => (row.country ? countryName(row.country) : '—') },
    { key: 'sector', label: 'Sector', cell: (row) => sectorLabel(row.sector) ?? '—' },
    {
      key: 'status',
      label: 'Status',
      cell: (row) => (
        <Flex gap="1" wrap="wrap">
          <StatusBadge status={row.status} map={TENANT_STATUS} />
          {row.pendingChangeRequest ? (
            <Text as="span" textStyle="xs" color="orange.fg">
              Change requested
            </Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'members', label: 'Members', alignEnd: true, cell: (row) => row.memberCount },
    { key: 'created', label: 'Joined', sortable: true, cellProps: { whiteSpace: { md: 'nowrap' } }, cell: (row) => formatDay(row.createdAt) },
  ];
}

export interface TenantsPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

/** /admin/tenants: every organisation of the network; one opens in a panel (?org=<id>) with its actions. */
export default function TenantsPage({ client = supabase }: TenantsPageProps = {}) {
  const { filters: address, setFilters, hrefFor } = useUrlFilters(parseTenantsAddress, serializeTenantsAddress, RESET);
  // What is typed shows at once; the address (and the query) follows it.
  const [typed, setTyped] = useState(address.q);
  useEffect(() => setTyped(address.q), [address.q]);
  const tenants = useTenants(
    { search: address.q, status: address.status || null, sector: address.sector || null, country: address.country || null, sort: address.sort, after: address.after || null, pageSize: TENANTS_PAGE_SIZE },
    client,
  );
  const filtered = Boolean(address.q || address.status || address.sector || address.country);
  const listHref = hrefFor({ ...address, org: '' });

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Back office"
          title="Tenants"
          intro="Every organisation of the network: find one by name, registration number or domain, see its people and history, and suspend, revoke or reinstate it."
        />
        {address.org ? (
          <TenantPanel client={client} organizationId={address.org} backHref={listHref} />
        ) : (
          <>
            <Stack as="form" role="search" aria-label="Find organisations" gap="3" onSubmit={(event) => event.preventDefault()}>
              <SearchField
                label="Search organisations"
                placeholder="Name, registration number or domain"
                value={typed}
                onChange={(q) => {
                  setTyped(q);
                  setFilters({ q }, { replace: true });
                }}
              />
              <Flex gap="3" wrap="wrap">
                <Box flex={{ base: '1 1 100%', sm: '1 1 10rem' }}>
                  <FilterSelect label="Status" name="status" value={address.status} onChange={(status) => setFilters({ status: status as TenantStatus | '' })}>
                    <option value="">Any status</option>
                    {TENANT_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {TENANT_STATUS[status].label}
                      </option>
                    ))}
                  </FilterSelect>
                </Box>
                <Box flex={{ base: '1 1 100%', sm: '1 1 10rem' }}>
                  <FilterSelect label="Sector" name="sector" value={address.sector} onChange={(sector) => setFilters({ sector: sector as Sector | '' })}>
                    <option value="">Any sector</option>
                    {SECTORS.map(([code, label]) => (
                      <option key={code} value={code}>
                        {label}
                      </option>
                    ))}
                  </FilterSelect>
                </Box>
                <Box flex={{ base: '1 1 100%', sm: '1 1 10rem' }}>
                  <FilterSelect label="Country" name="country" value={address.country} onChange={(country) => setFilters({ country })}>
                    <option value="">Any country</option>
                    {countries().map((country) => (
                      <option key={country.code} value={country.code}>
                        {country.name}
                      </option>
                    ))}
                  </FilterSelect>
                </Box>
                <Box flex={{ base: '1 1 100%', sm: '1 1 10rem' }}>
                  <FilterSelect label="Sort by" name="sort" value={address.sort} onChange={(sort) => setFilters({ sort: sort as TenantSort })}>
                    <option value="name">Name (A–Z)</option>
                    <option value="created_desc">Newest first</option>
                    <option value="created_asc">Oldest first</option>
                  </FilterSelect>
                </Box>
              </Flex>
              {filtered ? (
                <Button asChild size="xs" variant="plain" px="0" alignSelf="start">
                  <RouterLink to=".">Clear filters</RouterLink>
                </Button>
              ) : null}
            </Stack>
            <QueryView
              query={tenants}
              loading="Loading organisations…"
              errorTitle="The organisations could not be loaded"
              staleErrorTitle="The organisations could not be refreshed"
              isEmpty={(page) => page.tenants.length === 0}
              empty={
                <EmptyMessage title={filtered ? 'No organisation matches' : 'No organisations yet'}>
                  {filtered
                    ? 'Try the start of the name, the whole registration number or the domain, or clear the filters.'
                    : 'Organisations appear here once they apply to join the network.'}
                </EmptyMessage>
              }
            >
              {(page) => (
                <Stack gap="4">
                  <DataTable
                    caption="Organisations"
                    columns={columns((row) => hrefFor({ ...address, org: row.id }))}
                    rows={page.tenants}
                    rowKey={(row) => row.id}
                    sort={sortState(address.sort)}
                    onSortChange={(sort) => setFilters({ sort: sortFrom(sort) })}
                  />
                  <Flex as="nav" aria-label="Pages of organisations" justify="space-between" gap="3" wrap="wrap">
                    {address.after ? (
                      <Button asChild variant="outline" size="sm">
                        <RouterLink to={hrefFor({ ...address, after: '' })}>First page</RouterLink>
                      </Button>
                    ) : (
                      <span />
                    )}
                    {page.nextAfter ? (
                      <Button asChild variant="outline" size="sm">
                        <RouterLink to={hrefFor({ ...address, after: page.nextAfter })}>Next</RouterLink>
                      </Button>
                    ) : (
                      <Text textStyle="sm" color="fg.muted">
                        End of the list.
                      </Text>
                    )}
                  </Flex>
                </Stack>
              )}
            </QueryView>
          </>
        )}
      </Stack>
    </Container>
  );
}
