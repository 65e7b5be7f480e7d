import { Box, Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';

import { QueryDefaults } from '../../data/query-defaults';
import { formatCount } from '../../components/formats';
import { useRegistryFigures } from '../../data/registry/get-registry-figures';
import { FIGURES } from './home-figure-labels';

function Figures() {
  const { data, error, isLoading, mutate } = useRegistryFigures();
  return error && !data ? (
      <Flex gap="3" align="center" wrap="wrap" role="alert">
        <Text color="fg.muted">The live figures could not be loaded just now.</Text>
        <Button size="sm" variant="outline" onClick={() => void mutate()}>
          Try again
        </Button>
      </Flex>
    ) : (
      <SimpleGrid as="dl" columns={3} gap={{ base: '4', md: '12' }} flex="1" aria-busy={isLoading || !data}>
        {FIGURES.map(({ key, one, many }) => (
          <Flex key={key} gap="0" direction="column-reverse">
            <Text as="dt" color="fg.muted" textStyle={{ base: 'xs', sm: 'sm' }}>
              {data ? (data[key] === 1 ? one : many) : many}
            </Text>
            <Box
              as="dd"
              fontSize={{ base: '3xl', md: '4xl' }}
              fontWeight="bold"
              color={data ? 'brand.fg' : 'fg.subtle'}
              lineHeight="1.1"
            >
              {data ? formatCount(data[key]) : '…'}
            </Box>
          </Flex>
        ))}
      </SimpleGrid>
    );
}

/** The home page's live registry figures; loaded lazily by home-page.tsx. */
export default function HomeFigures() {
  return (
    <QueryDefaults>
      <Figures />
    </QueryDefaults>
  );
}
