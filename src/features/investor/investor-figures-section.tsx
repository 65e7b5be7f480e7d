import { Stack } from '@chakra-ui/react';
import { useId } from 'react';

import { periodWords } from '../../components/figures/analytics-figures';
import { presetRange, todayUtc } from '../../components/figures/analytics-period';
import { FiguresView } from '../../components/figures/network-figures';
import { SectionHeader } from '../../components/page-header';
import { EmptyMessage } from '../../components/query-view';
import type { AnalyticsLoader } from '../../data/figures/get-network-analytics';

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
export function InvestorFiguresSection({ load, today }: InvestorFiguresSectionProps) {
  const headingId = useId();
  const range = presetRange('12m', today ?? todayUtc());
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <SectionHeader
        id={headingId}
        title="The network in figures"
        intro={`Members by month, sectors and countries, applications and the time to a decision, and registry lookups, from ${periodWords(range.from, range.to)}.`}
      />
      <FiguresView
        range={range}
        load={load}
        headingLevel="h3"
        empty={<EmptyMessage title="No figures yet">The network has no members, applications or registry lookups in the last 12 months.</EmptyMessage>}
      />
    </Stack>
  );
}
