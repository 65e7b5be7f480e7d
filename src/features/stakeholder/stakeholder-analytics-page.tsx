import { Container, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';

import { allEmpty, analyticsFigures, periodWords } from '../../components/figures/analytics-figures';
import { parsePeriodAddress, resolvePeriod, serializePeriodAddress, todayUtc } from '../../components/figures/analytics-period';
import { NetworkFigures } from '../../components/figures/network-figures';
import { PageHeader } from '../../components/page-header';
import { EmptyState, QueryView } from '../../components/query-view';
import { useUrlFilters } from '../../components/use-url-filters';
import { loadNetworkAnalytics, useNetworkAnalytics, type AnalyticsLoader } from '../../data/figures/get-network-analytics';
import { PeriodControl } from './period-control';

export interface StakeholderAnalyticsPageProps {
  /** Tests hand in fixture figures; the app asks the database (network_analytics). */
  load?: AnalyticsLoader;
  /** Tests fix the day; the app uses today's (UTC). */
  today?: string;
}

/**
 * /stakeholder/analytics: the network's growth, the onboarding funnel,
 * members by sector and country and registry lookups over a chosen period,
 * each chart with its table and a CSV file of it.
 */
export default function StakeholderAnalyticsPage({ load = loadNetworkAnalytics, today: fixedToday }: StakeholderAnalyticsPageProps = {}) {
  const today = fixedToday ?? todayUtc();
  const { filters: address, setFilters } = useUrlFilters(parsePeriodAddress, serializePeriodAddress);
  const { range, error } = resolvePeriod(address, today);
  const analytics = useNetworkAnalytics(range, load);
  const figures = useMemo(
    () => (analytics.data ? analyticsFigures(analytics.data, { trimLeading: address.period === 'all' }) : undefined),
    [analytics.data, address.period],
  );

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Stakeholders"
          title="Stakeholder analytics"
          intro="How the network grows, how applications move through onboarding, where members are and how often the registry is looked up. Every chart has a table of its figures and a CSV file."
        />
        <PeriodControl address={address} error={error} today={today} onChange={(next, options) => setFilters(next, options)} />
        {range ? (
          <QueryView
            query={{ data: figures, error: analytics.error, mutate: analytics.mutate }}
            loading="Loading the figures…"
            errorTitle="The figures could not be loaded"
            staleErrorTitle="The figures could not be refreshed"
            isEmpty={allEmpty}
            empty={
              <EmptyState title="Nothing happened in this period">
                No members joined, no applications moved and the registry was not looked up between {periodWords(range.from, range.to)}. Try a longer period.
              </EmptyState>
            }
          >
            {(shown) => (
              <Stack gap="4">
                <Text color="fg.muted" aria-live="polite">
                  Figures from {periodWords(analytics.data!.from, analytics.data!.to)}.
                </Text>
                <NetworkFigures figures={shown} />
              </Stack>
            )}
          </QueryView>
        ) : null}
      </Stack>
    </Container>
  );
}
