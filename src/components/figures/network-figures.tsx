import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';

import { loadNetworkAnalytics, useNetworkAnalytics, type AnalyticsLoader, type AnalyticsRange, type NetworkAnalytics } from '../../data/figures/get-network-analytics';
import { QueryView } from '../query-view';
import { allEmpty, analyticsFigures, type Figure } from './analytics-figures';
import { FigurePanel } from './figure-panel';

/** The network's figures as panels: one column on a phone, two from a wide screen up (growth and lookups span both). */
export function NetworkFigures({ figures, headingLevel }: { figures: Figure[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '6' }} minW="0">
      {figures.map((figure) => (
        // minW 0: a grid item is otherwise as wide as its content, and a chart drawn at 1280 px would keep a phone's page that wide.
        <Box key={figure.id} gridColumn={{ lg: figure.id === 'growth' || figure.id === 'lookups' ? 'span 2' : undefined }} minW="0">
          <FigurePanel figure={figure} headingLevel={headingLevel} />
        </Box>
      ))}
    </SimpleGrid>
  );
}

export interface FiguresViewProps {
  range: AnalyticsRange;
  /** Tests hand in fixture figures; the app asks the database (network_analytics). */
  load?: AnalyticsLoader;
  /** Start where the network does (an all-time period reaches back before it). */
  trimLeading?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** What a period in which nothing happened says. */
  empty: ReactNode;
  /** Shown above the figures, e.g. the period they cover. */
  before?: (data: NetworkAnalytics) => ReactNode;
}

/** The figures of a period read from the database, with loading, error (and retry) and empty states. */
export function FiguresView({ range, load = loadNetworkAnalytics, trimLeading = false, headingLevel, empty, before }: FiguresViewProps) {
  const analytics = useNetworkAnalytics(range, load);
  const figures = useMemo(() => (analytics.data ? analyticsFigures(analytics.data, { trimLeading }) : undefined), [analytics.data, trimLeading]);
  return (
    <QueryView
      query={{ data: figures, error: analytics.error, mutate: analytics.mutate }}
      loading="Loading the figures…"
      errorTitle="The figures could not be loaded"
      staleErrorTitle="The figures could not be refreshed"
      isEmpty={allEmpty}
      empty={empty}
    >
      {(shown) => (
        <Stack gap="4">
          {before && analytics.data ? before(analytics.data) : null}
          <NetworkFigures figures={shown} headingLevel={headingLevel} />
        </Stack>
      )}
    </QueryView>
  );
}
