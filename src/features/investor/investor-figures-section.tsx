import { Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';

import { allEmpty, analyticsFigures, periodWords } from '../../components/figures/analytics-figures';
import { presetRange, todayUtc } from '../../components/figures/analytics-period';
import { NetworkFigures } from '../../components/figures/network-figures';
import { SectionHeader } from '../../components/page-header';
import { EmptyState, QueryView } from '../../components/query-view';
import { loadNetworkAnalytics, useNetworkAnalytics, type AnalyticsLoader } from '../../data/figures/get-network-analytics';

export interface InvestorFiguresSectionProps {
  /** Tests hand in fixture figures; the app asks the database (network_analytics). */
  load?: AnalyticsLoader;
  /** Tests fix the day; the app uses today's (UTC). */
  today?: string;
}

/**
 * The investor dashboard's figures: the network over the last 12 months
 * (whole calendar months, and this one so far), computed by the database
 * from real data, with the same charts, tables and CSV files as the
 * stakeholders' analytics.
 */
export function InvestorFiguresSection({ load = loadNetworkAnalytics, today }: InvestorFiguresSectionProps) {
  const headingId = useId();
  const range = presetRange('12m', today ?? todayUtc());
  const analytics = useNetworkAnalytics(range, load);
  const figures = useMemo(() => (analytics.data ? analyticsFigures(analytics.data) : undefined), [analytics.data]);

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <SectionHeader
        id={headingId}
        title="The network in figures"
        intro={`Members by month, sectors and countries, applications and the time to a decision, and registry lookups, from ${periodWords(range.from, range.to)}.`}
      />
      <QueryView
        query={{ data: figures, error: analytics.error, mutate: analytics.mutate }}
        loading="Loading the figures…"
        errorTitle="The figures could not be loaded"
        staleErrorTitle="The figures could not be refreshed"
        isEmpty={allEmpty}
        empty={<EmptyState title="No figures yet">The network has no members, applications or registry lookups in the last 12 months.</EmptyState>}
      >
        {(shown) => <NetworkFigures figures={shown} headingLevel="h3" />}
      </QueryView>
    </Stack>
  );
}
