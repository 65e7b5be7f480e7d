import { SimpleGrid } from '@chakra-ui/react';

import type { Figure } from './analytics-figures';
import { FigurePanel } from './figure-panel';

/** The network's figures as panels: one column on a phone, two from a wide screen up (growth and lookups span both). */
export function NetworkFigures({ figures, headingLevel }: { figures: Figure[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '6' }} minW="0">
      {figures.map((figure) => (
        <SimpleGrid key={figure.id} gridColumn={{ lg: figure.id === 'growth' || figure.id === 'lookups' ? 'span 2' : undefined }} minW="0">
          <FigurePanel figure={figure} headingLevel={headingLevel} />
        </SimpleGrid>
      ))}
    </SimpleGrid>
  );
}
