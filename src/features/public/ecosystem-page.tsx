import { Badge, Box, Button, Card, Container, Flex, Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { ContactLink } from '../../components/contact-link';
import { usePageDescription } from '../../components/page-meta';
import { EmptyMessage, ErrorState } from '../../components/query-states';
import type { SolutionCategory, SolutionSummary } from '../../data/content/types';
import { useSolutions } from '../../data/content/list-solutions';
import { isSolutionCategory, SOLUTION_CATEGORIES, SOLUTION_CATEGORY_LABELS } from './content-format';
import { CardSkeletons } from './content-skeletons';
import { SolutionLogo } from './solution-logo';

const GRID_COLUMNS = { base: 1, md: 2, lg: 3 } as const;

function SolutionCard({ solution }: { solution: SolutionSummary }) {
  const headingId = `solution-${solution.slug}`;
  return (
    <LinkBox as="li" h="full">
      <Card.Root as="article" aria-labelledby={headingId} h="full" borderRadius="xl" _hover={{ borderColor: 'brand.emphasized' }}>
        <Card.Body gap="4">
          <Flex gap="4" align="center">
            <SolutionLogo name={solution.name} logoUrl={solution.logoUrl} size={56} />
            <Stack gap="0.5" minW="0">
              <Heading as="h2" id={headingId} size="lg">
                <LinkOverlay asChild>
                  <RouterLink to={`/ecosystem/${solution.slug}`}>{solution.name}</RouterLink>
                </LinkOverlay>
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                {solution.provider}
              </Text>
            </Stack>
          </Flex>
          <Badge alignSelf="flex-start" variant="subtle" colorPalette="brand">
            {SOLUTION_CATEGORY_LABELS[solution.category]}
          </Badge>
          <Text color="fg.muted" textStyle="sm" flex="1">
            {solution.summary}
          </Text>
          {solution.integratesWith.length > 0 ? (
            <Text textStyle="xs" color="fg.muted">
              <Text as="span" fontWeight="semibold" color="fg">
                Works with:
              </Text>{' '}
              {solution.integratesWith.join(', ')}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

function CategoryFilter({
  solutions,
  selected,
  onSelect,
}: {
  solutions: SolutionSummary[];
  selected: SolutionCategory | null;
  onSelect: (category: SolutionCategory | null) => void;
}) {
  const counts = new Map<SolutionCategory, number>();
  for (const solution of solutions) counts.set(solution.category, (counts.get(solution.category) ?? 0) + 1);
  const offered = SOLUTION_CATEGORIES.filter((category) => counts.has(category) || category === selected);
  const option = (category: SolutionCategory | null, label: string, count: number) => {
    const pressed = category === selected;
    return (
      <Button
        key={category ?? 'all'}
        size="sm"
        variant={pressed ? 'solid' : 'outline'}
        aria-pressed={pressed}
        onClick={() => onSelect(category)}
      >
        {label}
        <Text as="span" fontWeight="normal" opacity={0.8}>
          ({count})
        </Text>
      </Button>
    );
  };
  return (
    <Stack gap="3" role="group" aria-labelledby="ecosystem-filter-label">
      <Text id="ecosystem-filter-label" fontWeight="semibold" textStyle="sm">
        Filter by category
      </Text>
      <Flex gap="2" wrap="wrap">
        {option(null, 'All', solutions.length)}
        {offered.map((category) => option(category, SOLUTION_CATEGORY_LABELS[category], counts.get(category) ?? 0))}
      </Flex>
    </Stack>
  );
}

function Solutions() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('category');
  const selected = isSolutionCategory(requested) ? requested : null;
  const { data: solutions, error, isLoading, mutate } = useSolutions();

  if (error) {
    return <ErrorState title="The solutions could not be loaded" message={(error as Error).message} onRetry={() => void mutate()} />;
  }
  if (isLoading || !solutions) return <CardSkeletons count={6} label="Loading the solutions…" columns={GRID_COLUMNS} />;
  if (solutions.length === 0) {
    return (
      <EmptyMessage title="No solutions are listed yet">
        Solutions that work with the network will appear here once they are listed.
      </EmptyMessage>
    );
  }

  const select = (category: SolutionCategory | null) => {
    const next = new URLSearchParams(params);
    if (category) next.set('category', category);
    else next.delete('category');
    // A filter is a view of this page, not a new page: the back button leaves the page instead of undoing filters.
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const shown = selected ? solutions.filter((solution) => solution.category === selected) : solutions;

  return (
    <Stack gap="6">
      <CategoryFilter solutions={solutions} selected={selected} onSelect={select} />
      <Text role="status" aria-live="polite" textStyle="sm" color="fg.muted">
        {selected
          ? `Showing ${shown.length} of ${solutions.length} solutions: ${SOLUTION_CATEGORY_LABELS[selected]}.`
          : `Showing all ${solutions.length} solutions.`}
      </Text>
      {shown.length === 0 ? (
        <EmptyMessage title="No solutions in this category yet">
          <Button variant="plain" color="brand.fg" textDecoration="underline" p="0" h="auto" onClick={() => select(null)}>
            Show all solutions
          </Button>
        </EmptyMessage>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={GRID_COLUMNS} gap="6" aria-label="Ecosystem solutions">
          {shown.map((solution) => (
            <SolutionCard key={solution.id} solution={solution} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export default function EcosystemPage() {
  usePageDescription(
    'Identity verification providers, document checking services, digital wallets and integrators that work with the Accord trust network and its trust framework.',
  );
  return (
    <>
      <Box as="section" aria-labelledby="ecosystem-title" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '12', md: '20' }} pb={{ base: '8', md: '12' }}>
          <Stack gap="4" maxW="3xl">
            <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
              Ecosystem
            </Text>
            <Heading as="h1" id="ecosystem-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" letterSpacing="tight">
              Ecosystem solutions
            </Heading>
            <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted">
              Verification providers, document checking services, digital wallets and integrators that work with Accord.
              Each states the levels of assurance it reaches under the trust framework, so members can choose the tools
              that suit them and still rely on each other&apos;s results.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pb={{ base: '12', md: '20' }}>
        <Stack gap={{ base: '12', md: '16' }}>
          <Solutions />
          <Box as="section" aria-labelledby="ecosystem-listing" bg="bg.subtle" borderRadius="2xl" p={{ base: '6', md: '10' }}>
            <Heading as="h2" id="ecosystem-listing" size={{ base: 'xl', md: '2xl' }} mb="3">
              List your solution
            </Heading>
            <Text color="fg.muted" maxW="3xl">
              If your product helps organisations verify identities or documents to the trust framework&apos;s levels of
              assurance, write to <ContactLink /> with a short description and the levels it reaches. A listing means a
              solution works with the network; it is not an endorsement, and members stay responsible for the checks
              they rely on.
            </Text>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
