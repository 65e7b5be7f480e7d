import { Box, Button, chakra, Flex, Heading, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState } from 'react';

import { downloadFile } from '../download-file';
import type { Figure } from './analytics-figures';
import { ChartBoundary } from './chart-boundary';
import { buildCsv } from './csv';

// Chart.js arrives with the first chart drawn, never with the page that holds it (decision 063).
const ChartCanvas = lazy(() => import('./chart-canvas'));

/** Room for the sideways bars of a category chart: about 28 px a bar, between 200 and 420 px in all. */
function chartHeight(figure: Figure): string {
  if (!figure.chart.horizontal) return '16rem';
  return `${Math.min(420, Math.max(200, figure.chart.labels.length * 28 + 48))}px`;
}

export interface FigurePanelProps {
  figure: Figure;
  /** h2 on a page of figures, h3 inside a section of a page. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * One figure: its title, its headline numbers, the chart (an image named by
 * its summary), the table of the same numbers behind a "Show table" button,
 * and a CSV download of them. The table scrolls inside its own box on a
 * narrow screen rather than widening the page.
 */
export function FigurePanel({ figure, headingLevel = 'h2' }: FigurePanelProps) {
  const [tableShown, setTableShown] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const download = () => downloadFile(buildCsv(figure.columns.map((column) => column.label), figure.csvRows), figure.fileName);

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} minW="0" data-figure={figure.id}>
      <Flex gap="3" justify="space-between" align="start" wrap="wrap">
        <Stack gap="1" flex="1 1 16rem" minW="0">
          <Heading as={headingLevel} size="lg" id={headingId}>
            {figure.title}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {figure.description}
          </Text>
        </Stack>
        {figure.empty ? null : (
          <Button size="sm" variant="outline" onClick={download}>
            Download CSV <VisuallyHidden>of {figure.title.toLowerCase()}</VisuallyHidden>
          </Button>
        )}
      </Flex>
      {figure.highlights.length > 0 ? (
        <chakra.dl display="flex" flexWrap="wrap" columnGap="8" rowGap="2">
          {figure.highlights.map((highlight) => (
            <Stack key={highlight.label} gap="0">
              <chakra.dt color="fg.muted" textStyle="xs" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
                {highlight.label}
              </chakra.dt>
              <chakra.dd textStyle="xl" fontWeight="semibold">
                {highlight.value}
              </chakra.dd>
            </Stack>
          ))}
        </chakra.dl>
      ) : null}
      {figure.empty ? (
        <Text color="fg.muted" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="4" textAlign="center">
          {figure.emptyText}
        </Text>
      ) : (
        <>
          {/* Chart.js sizes the canvas to this box, and again a frame after it changes (a phone turned, a window
              narrowed); clipped, so the wider canvas of that moment never widens the page. */}
          <Box position="relative" h={chartHeight(figure)} w="full" minW="0" overflow="hidden">
            <ChartBoundary
              fallback={
                <Text color="fg.muted" textStyle="sm" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="4">
                  The chart could not be drawn. {figure.summary} Every figure is in the table.
                </Text>
              }
            >
              <Suspense fallback={<Skeleton h="full" borderRadius="md" aria-hidden="true" />}>
                <ChartCanvas spec={figure.chart} summary={figure.summary} />
              </Suspense>
            </ChartBoundary>
          </Box>
          <Box>
            <Button size="sm" variant="plain" px="0" color="brand.fg" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
              {tableShown ? 'Hide table ' : 'Show table '}
              <VisuallyHidden>of {figure.title.toLowerCase()}</VisuallyHidden>
            </Button>
          </Box>
          <Box
            id={tableId}
            hidden={!tableShown}
            overflowX="auto"
            maxH="24rem"
            overflowY="auto"
            borderWidth="1px"
            borderRadius="md"
            role="region"
            aria-label={`${figure.title}: table`}
            // A box that scrolls must be reachable from the keyboard to be scrolled.
            tabIndex={0}
            _focusVisible={{ outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' }}
          >
            <Table.Root size="sm" stickyHeader>
              <Table.Caption>
                <VisuallyHidden>{figure.title}</VisuallyHidden>
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  {figure.columns.map((column) => (
                    <Table.ColumnHeader key={column.label} scope="col" textAlign={column.numeric ? 'end' : undefined} whiteSpace="nowrap">
                      {column.label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figure.rows.map((row, index) => (
                  <Table.Row key={`${index}-${row[0]}`}>
                    {row.map((cell, column) =>
                      column === 0 ? (
                        <Table.Cell key={column} as="th" scope="row" fontWeight="normal" whiteSpace="nowrap">
                          {cell}
                        </Table.Cell>
                      ) : (
                        <Table.Cell key={column} textAlign={figure.columns[column]?.numeric ? 'end' : undefined} whiteSpace="nowrap">
                          {cell}
                        </Table.Cell>
                      ),
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </>
      )}
    </Stack>
  );
}
