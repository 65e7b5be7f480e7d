import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';

import { loadNetworkAnalytics, useNetworkAnalytics, type AnalyticsLoader, type AnalyticsRange, type NetworkAnalytics } from '../../data/figures/get-network-analytics';
import { QueryView } from '../query-view';
import { allEmpty, analyticsFigures, periodWords, type Figure } from './analytics-figures';
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

/**
 * The figures of a period read from the database, with loading, error (and
 * retry) and empty states. When the period changes, the last period's
 * figures stay on screen, dimmed and marked busy, until the new ones arrive,
 * so the page does not jump and open tables stay open; if the new period
 * fails, the failure shows, not the old figures.
 */
export function FiguresView({ range, load = loadNetworkAnalytics, trimLeading = false, headingLevel, empty, before }: FiguresViewProps) {
  const analytics = useNetworkAnalytics(range, load);
  const { data } = analytics;
  const current = data !== undefined && data.from === range.from && data.to === range.to;
  const figures = useMemo(
    () => (data ? analyticsFigures(data, { trimLeading: trimLeading && current }) : undefined),
    [data, trimLeading, current],
  );
  const shown = current || !analytics.error ? figures : undefined;
  return (
    <Stack gap="4">
      {figures && !current && !analytics.error ? (
        <Text role="status" color="fg.muted" textStyle="sm">
          Loading the figures from {periodWords(range.from, range.to)}…
        </Text>
      ) : null}
      <QueryView
        query={{ data: shown, error: analytics.error, mutate: analytics.mutate }}
        loading="Loading the figures…"
        errorTitle="The figures could not be loaded"
        staleErrorTitle="The figures could not be refreshed"
        isEmpty={allEmpty}
        empty={empty}
      >
        {(items) => (
          <Stack gap="4" aria-busy={!current} opacity={current ? 1 : 0.55} transition="opacity 0.15s">
            {before && data ? before(data) : null}
            <NetworkFigures figures={items} headingLevel={headingLevel} />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
