import { Box, Container, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';

import { countryName } from '../../components/countries';
import { FilterChips, SearchField } from '../../components/filter-controls';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters } from '../../components/use-url-filters';
import { useApplicationQueue } from '../../data/applications/list-applications';
import type { Application } from '../../data/applications/types';
import { supabase, type AccordClient } from '../../data/client';
import { ApplicationDetail } from './application-detail';
import { QUEUE_STATUS, queueStatusOf, type QueueStatus } from './application-status';
import { formatDay } from '../../components/formats';
import { isUuid } from '../../../machines/ids';

type Filter = 'open' | QueueStatus | 'all';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'open', label: 'To review' },
  { value: 'pending', label: QUEUE_STATUS.pending.label },
  { value: 'under_review', label: QUEUE_STATUS.under_review.label },
  { value: 'changes_requested', label: QUEUE_STATUS.changes_requested.label },
  { value: 'approved', label: QUEUE_STATUS.approved.label },
  { value: 'rejected', label: QUEUE_STATUS.rejected.label },
  { value: 'all', label: 'All' },
];

const FILTER_VALUES = new Set<string>(FILTERS.map(({ value }) => value));

/** What the address holds: the queue's status filter and search, and the application open beside it. */
export interface ApplicationsAddress {
  status: Filter;
  q: string;
  /** The organisation whose application is open. */
  id: string;
}

/** Reads the address; anything it does not recognise falls back to the default (the open queue, no search, none open). */
export function parseApplicationsAddress(params: URLSearchParams): ApplicationsAddress {
  const status = params.get('status') ?? '';
  const id = params.get('id') ?? '';
  return {
    status: FILTER_VALUES.has(status) ? (status as Filter) : 'open',
    q: (params.get('q') ?? '').slice(0, 200),
    id: isUuid(id) ? id : '',
  };
}

/** Writes the address, leaving defaults out so the plain queue has the plain address. */
export function serializeApplicationsAddress(address: ApplicationsAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.status !== 'open') params.set('status', address.status);
  if (address.q) params.set('q', address.q);
  if (address.id) params.set('id', address.id);
  return params;
}

function matchesFilter(application: Application, filter: Filter): boolean {
  const status = queueStatusOf(application);
  if (filter === 'all') return true;
  if (filter === 'open') return status === 'pending' || status === 'under_review' || status === 'changes_requested';
  return status === filter;
}

function matchesSearch(application: Application, query: string): boolean {
  if (query.trim() === '') return true;
  const org = application.organization;
  const haystack = [org.name, org.legal_name, org.registration_number, application.contactName, org.country ? countryName(org.country) : '']
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export interface ApplicationsPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

/**
 * /admin/applications: the review queue (status filters, search) and one
 * application at a time, all in the address (`?status=…&q=…&id=<organisation
 * id>`), so a reload, Back and Forward and a shared link keep them.
 */
export default function ApplicationsPage({ client = supabase }: ApplicationsPageProps = {}) {
  const { filters: address, setFilters } = useUrlFilters(parseApplicationsAddress, serializeApplicationsAddress);
  const { status: filter, q: query } = address;
  const selected = address.id || null;
  // What is typed shows at once; the address follows it without a history entry per key.
  const [typed, setTyped] = useState(query);
  useEffect(() => setTyped(query), [query]);
  const queue = useApplicationQueue(client);
  const { data } = queue;
  const queueHeadingId = useId();

  const shown = useMemo(() => (data ?? []).filter((a) => matchesFilter(a, filter) && matchesSearch(a, query)), [data, filter, query]);
  const counts = useMemo(() => {
    const result = {} as Record<Filter, number>;
    for (const { value } of FILTERS) result[value] = (data ?? []).filter((a) => matchesFilter(a, value)).length;
    return result;
  }, [data]);

  const select = (id: string | null) => setFilters({ id: id ?? '' });

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <PageHeader
          eyebrow="Back office"
          title="Applications"
          intro="Organisations asking to join the network. Review each one against the trust framework, then approve it, reject it with a reason, or ask the applicant for changes."
        />

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(20rem, 26rem) 1fr' }} gap="8" alignItems="start">
          <Stack as="section" aria-labelledby={queueHeadingId} gap="4" display={{ base: selected ? 'none' : 'flex', lg: 'flex' }}>
            <Heading as="h2" size="lg" id={queueHeadingId}>
              Queue
            </Heading>
            <FilterChips
              label="Filter by status"
              options={FILTERS.map(({ value, label }) => ({ value, label, count: counts[value] }))}
              value={filter}
              onChange={(status) => setFilters({ status })}
            />
            <SearchField
              label="Search applications"
              hideLabel
              placeholder="Search by name, registration number, contact or country"
              value={typed}
              onChange={(q) => {
                setTyped(q);
                setFilters({ q }, { replace: true });
              }}
            />
            <QueryView
              query={queue}
              loading="Loading applications…"
              errorTitle="The applications could not be loaded"
              isEmpty={() => shown.length === 0}
              empty={
                <EmptyMessage title={data?.length === 0 ? 'No applications yet' : 'Nothing matches'}>
                  {data?.length === 0
                    ? 'Applications appear here as soon as an organisation submits one.'
                    : 'Try another status or a different search.'}
                </EmptyMessage>
              }
            >
              {() => (
                <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" aria-label="Applications">
                  {shown.map((application) => {
                    const org = application.organization;
                    const isSelected = application.organizationId === selected;
                    return (
                      <Box as="li" key={application.organizationId}>
                        <Box
                          as="button"
                          width="full"
                          textAlign="start"
                          borderWidth="1px"
                          borderColor={isSelected ? 'brand.solid' : 'border'}
                          bg={isSelected ? 'brand.subtle' : 'bg'}
                          borderRadius="l3"
                          p="3"
                          cursor="pointer"
                          _hover={{ borderColor: 'brand.solid' }}
                          _focusVisible={{ outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' }}
                          aria-current={isSelected ? 'true' : undefined}
                          onClick={() => select(application.organizationId)}
                        >
                          <Flex justify="space-between" gap="2" align="flex-start">
                            <Text fontWeight="semibold">{org.name}</Text>
                            <StatusBadge status={queueStatusOf(application)} map={QUEUE_STATUS} size="md" />
                          </Flex>
                          <Text textStyle="sm" color="fg.muted">
                            {[org.country ? countryName(org.country) : null, org.registration_number, `submitted ${formatDay(application.submittedAt)}`]
                              .filter(Boolean)
                              .join(' · ')}
                          </Text>
                        </Box>
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </QueryView>
          </Stack>

          <Box as="section" aria-label="Application" display={{ base: selected ? 'block' : 'none', lg: 'block' }} minW="0">
            {selected ? (
              <ApplicationDetail key={selected} organizationId={selected} onBack={() => select(null)} />
            ) : (
              <EmptyMessage title="Choose an application">Pick one from the queue to see its details, documents and history.</EmptyMessage>
            )}
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}
