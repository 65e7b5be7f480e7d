import { Box, Container, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { countryName } from '../../components/countries';
import { FilterChips, SearchField } from '../../components/filter-controls';
import { PageHeader } from '../../components/page-header';
import { EmptyState, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useApplicationQueue } from '../../data/applications/use-application-queue';
import type { Application } from '../../data/applications/types';
import { ApplicationDetail } from './application-detail';
import { QUEUE_STATUS, queueStatusOf, type QueueStatus } from './application-status';
import { formatDay } from './format-date';

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

/**
 * /admin/applications: the review queue (status filters, search) and one
 * application at a time (`?id=<organisation id>`, so a link to it can be shared).
 */
export default function ApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const [filter, setFilter] = useState<Filter>('open');
  const [query, setQuery] = useState('');
  const queue = useApplicationQueue();
  const { data } = queue;
  const queueHeadingId = useId();

  const shown = useMemo(() => (data ?? []).filter((a) => matchesFilter(a, filter) && matchesSearch(a, query)), [data, filter, query]);
  const counts = useMemo(() => {
    const result = {} as Record<Filter, number>;
    for (const { value } of FILTERS) result[value] = (data ?? []).filter((a) => matchesFilter(a, value)).length;
    return result;
  }, [data]);

  const select = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('id', id);
      else next.delete('id');
      return next;
    });

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
              onChange={setFilter}
            />
            <SearchField
              label="Search applications"
              hideLabel
              placeholder="Search by name, registration number, contact or country"
              value={query}
              onChange={setQuery}
            />
            <QueryView
              query={queue}
              loading="Loading applications…"
              errorTitle="The applications could not be loaded"
              isEmpty={() => shown.length === 0}
              empty={
                <EmptyState title={data?.length === 0 ? 'No applications yet' : 'Nothing matches'}>
                  {data?.length === 0
                    ? 'Applications appear here as soon as an organisation submits one.'
                    : 'Try another status or a different search.'}
                </EmptyState>
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
              <EmptyState title="Choose an application">Pick one from the queue to see its details, documents and history.</EmptyState>
            )}
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}
