import { Box, Button, Container, Flex, Grid, Heading, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { countryName } from '../../components/countries';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { useApplicationQueue } from '../../data/applications/use-application-queue';
import { useReviewCommands } from '../../data/applications/use-review-commands';
import type { Application } from '../../data/applications/types';
import { ApplicationDetail } from './application-detail';
import { ApplicationStatusBadge, QUEUE_STATUS_LABELS, queueStatusOf, type QueueStatus } from './application-status-badge';
import { formatDay } from './format-date';

type Filter = 'open' | QueueStatus | 'all';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'open', label: 'To review' },
  { value: 'pending', label: QUEUE_STATUS_LABELS.pending },
  { value: 'under_review', label: QUEUE_STATUS_LABELS.under_review },
  { value: 'changes_requested', label: QUEUE_STATUS_LABELS.changes_requested },
  { value: 'approved', label: QUEUE_STATUS_LABELS.approved },
  { value: 'rejected', label: QUEUE_STATUS_LABELS.rejected },
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/**
 * /admin/applications: the review queue (status filters, search) and one
 * application at a time (`?id=<organisation id>`, so a link to it can be shared).
 */
export default function ApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const [filter, setFilter] = useState<Filter>('open');
  const [query, setQuery] = useState('');
  const { data, error, isLoading, mutate } = useApplicationQueue();
  const commands = useReviewCommands();
  const searchId = useId();
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
        <Stack gap="1">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Back office
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Applications
          </Heading>
          <Text color="fg.muted" maxW="70ch">
            Organisations asking to join the network. Review each one against the trust framework, then approve it, reject it
            with a reason, or ask the applicant for changes.
          </Text>
        </Stack>

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(20rem, 26rem) 1fr' }} gap="8" alignItems="start">
          <Stack as="section" aria-labelledby={queueHeadingId} gap="4" display={{ base: selected ? 'none' : 'flex', lg: 'flex' }}>
            <Heading as="h2" size="lg" id={queueHeadingId}>
              Queue
            </Heading>
            <Flex gap="2" wrap="wrap" role="group" aria-label="Filter by status">
              {FILTERS.map(({ value, label }) => (
                <Button
                  key={value}
                  size="xs"
                  variant={filter === value ? 'solid' : 'outline'}
                  aria-pressed={filter === value}
                  onClick={() => setFilter(value)}
                >
                  {label} ({counts[value]})
                </Button>
              ))}
            </Flex>
            <Box>
              <VisuallyHidden asChild>
                <label htmlFor={searchId}>Search applications</label>
              </VisuallyHidden>
              <Input
                id={searchId}
                type="search"
                placeholder="Search by name, registration number, contact or country"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </Box>
            {error && !data ? (
              <ErrorState title="The applications could not be loaded" message={messageOf(error)} onRetry={() => void mutate()} />
            ) : isLoading || !data ? (
              <LoadingState label="Loading applications…" />
            ) : shown.length === 0 ? (
              <EmptyState title={data.length === 0 ? 'No applications yet' : 'Nothing matches'}>
                {data.length === 0
                  ? 'Applications appear here as soon as an organisation submits one.'
                  : 'Try another status or a different search.'}
              </EmptyState>
            ) : (
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
                          <ApplicationStatusBadge status={queueStatusOf(application)} />
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
          </Stack>

          <Box as="section" aria-label="Application" display={{ base: selected ? 'block' : 'none', lg: 'block' }} minW="0">
            {selected ? (
              <ApplicationDetail key={selected} organizationId={selected} commands={commands} onBack={() => select(null)} />
            ) : (
              <EmptyState title="Choose an application">Pick one from the queue to see its details, documents and history.</EmptyState>
            )}
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}
