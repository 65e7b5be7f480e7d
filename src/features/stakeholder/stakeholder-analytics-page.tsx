import { Container, Stack, Text } from '@chakra-ui/react';

import { periodWords } from '../../components/figures/analytics-figures';
import { parsePeriodAddress, resolvePeriod, serializePeriodAddress, todayUtc } from '../../components/figures/analytics-period';
import { FiguresView } from '../../components/figures/network-figures';
import { StakeholderAreaLinks } from '../../components/area-links';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage } from '../../components/query-view';
import { useUrlFilters } from '../../components/use-url-filters';
import type { AnalyticsLoader } from '../../data/figures/get-network-analytics';
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
export default function StakeholderAnalyticsPage({ load, today: fixedToday }: StakeholderAnalyticsPageProps = {}) {
  const today = fixedToday ?? todayUtc();
  const { filters: address, setFilters } = useUrlFilters(parsePeriodAddress, serializePeriodAddress);
  const { range, error } = resolvePeriod(address, today);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <StakeholderAreaLinks />
        <PageHeader
          eyebrow="Stakeholders"
          title="Stakeholder analytics"
          intro="How the network grows, how applications move through onboarding, where members are and how often the registry is looked up. Every chart has a table of its figures and a CSV file."
        />
        <PeriodControl address={address} error={error} today={today} onChange={(next, options) => setFilters(next, options)} />
        {range ? (
          <FiguresView
            range={range}
            load={load}
            trimLeading={address.period === 'all'}
            empty={
              <EmptyMessage title="Nothing happened in this period">
                No members joined, no applications moved and the registry was not looked up from {periodWords(range.from, range.to)}. Try a longer period.
              </EmptyMessage>
            }
            before={(data) => (
              <Text color="fg.muted">
                Figures from {periodWords(data.from, data.to)}.
              </Text>
            )}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
