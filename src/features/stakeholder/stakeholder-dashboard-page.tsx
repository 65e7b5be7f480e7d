import { Box, Card, Container, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { formatCount } from '../../components/formats';
import { ArrowRightIcon } from '../../components/icons';
import { StakeholderAreaLinks } from '../../components/area-links';
import { PageHeader } from '../../components/page-header';
import { ErrorState, errorMessage } from '../../components/query-view';
import { supabase, type AccordClient } from '../../data/client';
import { useNetworkSummary, type NetworkSummary } from '../../data/figures/get-network-summary';
import { describeTrend, formatCountedSince, formatDayMonth, formatDays, type Trend } from './figure-trend';

export interface StakeholderDashboardPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

interface Figure {
  key: string;
  label: string;
  value: number;
  description: string;
  /** The trend, or a sentence saying why there is none. */
  trend: Trend | string;
  /** Said under the trend (when registry lookups began to be counted). */
  note?: string;
}

/** The five figures with their trends, from network_summary (definitions: decision 062). */
function dashboardFigures(summary: NetworkSummary): Figure[] {
  const { period, activeMembers, newMembers, pendingApplications, registryLookups, statusChanges } = summary;
  const inPrevious = `in ${formatDays(period.previousFrom, period.previousTo)}`;
  const onPreviousEnd = `on ${formatDayMonth(period.previousTo)}`;
  const countedSince = registryLookups.countedSince;
  // Counting that began after the previous period started has nothing fair to compare with.
  const lookupsComparable = countedSince !== null && Date.parse(countedSince) <= Date.parse(`${period.previousFrom}T00:00:00Z`);
  return [
    {
      key: 'active-members',
      label: 'Active members',
      value: activeMembers.current,
      description: 'Organisations listed as active in the trust registry now.',
      trend: describeTrend(activeMembers.current, activeMembers.previous, onPreviousEnd),
    },
    {
      key: 'new-members',
      label: 'New this month',
      value: newMembers.current,
      description: 'Organisations published in the registry for the first time this month.',
      trend: describeTrend(newMembers.current, newMembers.previous, inPrevious),
    },
    {
      key: 'pending-applications',
      label: 'Pending applications',
      value: pendingApplications.current,
      description: 'Applications submitted and waiting for a decision.',
      trend: describeTrend(pendingApplications.current, pendingApplications.previous, onPreviousEnd),
    },
    {
      key: 'registry-lookups',
      label: 'Registry lookups',
      value: registryLookups.current,
      description: 'Look-ups of the trust registry through its open API this month.',
      trend:
        countedSince === null
          ? 'Not counted yet: counting starts with the first look-up the network records.'
          : lookupsComparable
            ? describeTrend(registryLookups.current, registryLookups.previous, inPrevious)
            : `Counting began too recently to compare with ${formatDays(period.previousFrom, period.previousTo)}.`,
      note: countedSince === null ? undefined : `Counted since ${formatCountedSince(countedSince)}`,
    },
    {
      key: 'status-changes',
      label: 'Status changes',
      value: statusChanges.current,
      description: 'Suspensions, reinstatements and revocations in the registry this month.',
      trend: describeTrend(statusChanges.current, statusChanges.previous, inPrevious),
    },
  ];
}

const PLACEHOLDERS = ['Active members', 'New this month', 'Pending applications', 'Registry lookups', 'Status changes'];

function TrendLine({ trend }: { trend: Trend | string }) {
  if (typeof trend === 'string') {
    return (
      <Text textStyle="sm" color="fg.muted">
        {trend}
      </Text>
    );
  }
  return (
    <Flex textStyle="sm" gap="1.5" align="baseline" data-trend={trend.direction}>
      <Text as="span" aria-hidden="true" fontWeight="bold">
        {trend.arrow}
      </Text>
      <Text as="span" fontWeight="medium">
        {trend.text}
      </Text>
    </Flex>
  );
}

function FigureCard({ figure }: { figure: Figure }) {
  const headingId = `figure-${figure.key}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" borderRadius="xl" height="full">
      <Card.Body gap="2">
        <Heading as="h2" id={headingId} textStyle="md" fontWeight="medium" color="fg.muted">
          {figure.label}
        </Heading>
        <Text textStyle="4xl" fontWeight="bold" lineHeight="1.1" data-testid={`figure-${figure.key}`}>
          {formatCount(figure.value)}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {figure.description}
        </Text>
        <Box mt="auto" pt="2">
          <TrendLine trend={figure.trend} />
          {figure.note ? (
            <Text textStyle="sm" color="fg.muted">
              {figure.note}
            </Text>
          ) : null}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** /stakeholder/dashboard: the network at a glance, each figure against the same days of last month. */
export default function StakeholderDashboardPage({ client = supabase }: StakeholderDashboardPageProps = {}) {
  const query = useNetworkSummary(client);
  const { data, error, mutate } = query;
  const loading = !data && !error;
  const today = data ? data.asOf.slice(0, 10) : null;

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <StakeholderAreaLinks />
        <PageHeader
          eyebrow="Stakeholders"
          title="Stakeholder dashboard"
          intro={
            data && today
              ? `The network at a glance: ${formatDays(data.period.currentFrom, today)} against the same days of last month (${formatDays(data.period.previousFrom, data.period.previousTo)}). Days are counted in UTC.`
              : 'The network at a glance: this month so far against the same days of last month.'
          }
        />

        {error && !data ? (
          <ErrorState title="The network’s figures could not be loaded" message={errorMessage(error)} onRetry={() => void mutate()} />
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" listStyleType="none" aria-busy={loading}>
            {data
              ? dashboardFigures(data).map((figure) => (
                  <Box as="li" key={figure.key}>
                    <FigureCard figure={figure} />
                  </Box>
                ))
              : PLACEHOLDERS.map((label) => (
                  <Box as="li" key={label}>
                    <Card.Root variant="outline" borderRadius="xl" height="full">
                      <Card.Body gap="2">
                        <Text color="fg.muted" fontWeight="medium">
                          {label}
                        </Text>
                        <Skeleton height="10" width="16" aria-hidden="true" />
                        <Skeleton height="4" width="full" aria-hidden="true" />
                      </Card.Body>
                    </Card.Root>
                  </Box>
                ))}
          </SimpleGrid>
        )}
        {loading ? (
          <Text role="status" color="fg.muted" textStyle="sm">
            Loading the network’s figures…
          </Text>
        ) : null}

        <Box>
          <RouterLink to="/stakeholder/analytics">
            <Text as="span" color="brand.fg" fontWeight="semibold">
              See the analytics: growth, onboarding, sectors, countries and lookups over time{' '}
              <ArrowRightIcon boxSize="4" aria-hidden="true" verticalAlign="middle" />
            </Text>
          </RouterLink>
        </Box>
      </Stack>
    </Container>
  );
}
