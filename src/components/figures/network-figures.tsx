import { Box, SimpleGrid } from '@chakra-ui/react';

import type { Figure } from './analytics-figures';
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
