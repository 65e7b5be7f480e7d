import { Container, Stack } from '@chakra-ui/react';

import { PageHeader } from '../../components/page-header';
import { useUrlFilters } from '../../components/use-url-filters';
import { supabase, type AccordClient } from '../../data/client';
import { AccessRequestsPanel, type RequestFilter } from './investors/access-requests-panel';
import { InvestorsPanel } from './investors/investors-panel';

/** What the address holds: the requests' status filter and each list's page. */
export interface InvestorsAddress {
  status: RequestFilter;
  requestsPage: number;
  investorsPage: number;
}

const STATUSES: readonly RequestFilter[] = ['new', 'approved', 'declined', 'all'];

function pageOf(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 5000) : 1;
}

/** Reads the address; anything unknown falls back to the default (new requests, first pages). */
export function parseInvestorsAddress(params: URLSearchParams): InvestorsAddress {
  const status = params.get('status') ?? '';
  return {
    status: STATUSES.includes(status as RequestFilter) ? (status as RequestFilter) : 'new',
    requestsPage: pageOf(params.get('requests_page')),
    investorsPage: pageOf(params.get('investors_page')),
  };
}

/** Writes the address, leaving the defaults out. */
export function serializeInvestorsAddress(address: InvestorsAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.status !== 'new') params.set('status', address.status);
  if (address.requestsPage > 1) params.set('requests_page', String(address.requestsPage));
  if (address.investorsPage > 1) params.set('investors_page', String(address.investorsPage));
  return params;
}

/**
 * /admin/investors: the access requests from /investors/access (granted with a
 * level and an optional expiry, or declined with a reason the requester is
 * e-mailed), and everyone with investor access (level, expiry, last visit),
 * changed or revoked from here. Every decision is the database's (decision 059).
 */
export default function AdminInvestorsPage({ client = supabase }: { client?: AccordClient } = {}) {
  const { filters, setFilters, hrefFor } = useUrlFilters(parseInvestorsAddress, serializeInvestorsAddress);
  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <PageHeader
          eyebrow="Back office"
          title="Investors"
          intro="Requests for the investor area, and the investors who have access: lite (the investor dashboard) or the data room as well."
        />
        <AccessRequestsPanel
          client={client}
          status={filters.status}
          page={filters.requestsPage}
          onStatusChange={(status) => setFilters({ status, requestsPage: 1 })}
          hrefForPage={(requestsPage) => hrefFor({ ...filters, requestsPage })}
        />
        <InvestorsPanel client={client} page={filters.investorsPage} hrefForPage={(investorsPage) => hrefFor({ ...filters, investorsPage })} />
      </Stack>
    </Container>
  );
}
