import { Badge, Box, Button, Container, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { countryName } from '../../components/countries';
import { usePageDescription } from '../../components/page-meta';
import { ErrorState } from '../../components/query-states';
import type { Solution } from '../../data/content/types';
import { useSolution } from '../../data/content/get-solution';
import { ArticleBody } from './article-body';
import { BackLink } from './back-link';
import { ExternalLinkIcon } from './content-icons';
import { SOLUTION_CATEGORY_LABELS } from './content-format';
import { ArticleSkeleton } from './content-skeletons';
import { SolutionLogo } from './solution-logo';
import { useDocumentTitle } from './use-document-title';

function hostOf(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

function SolutionDetail({ solution }: { solution: Solution }) {
  return (
    <Stack as="article" aria-labelledby="solution-title" gap={{ base: '8', md: '10' }}>
      <Flex gap={{ base: '4', md: '6' }} align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <SolutionLogo name={solution.name} logoUrl={solution.logoUrl} size={96} alt={`${solution.name} logo`} />
        <Stack gap="2">
          <Badge alignSelf="flex-start" variant="subtle" colorPalette="brand">
            {SOLUTION_CATEGORY_LABELS[solution.category]}
          </Badge>
          <Heading as="h1" id="solution-title" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15" letterSpacing="tight">
            {solution.name}
          </Heading>
          <Text color="fg.muted">
            By {solution.provider}
            {solution.country ? `, based in ${countryName(solution.country)}` : ''}
          </Text>
        </Stack>
      </Flex>
      <Text textStyle={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="70ch">
        {solution.summary}
      </Text>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap={{ base: '10', lg: '12' }} alignItems="start">
        <ArticleBody source={solution.description} />
        <Stack as="aside" aria-label={`About ${solution.name}`} gap="6" p="6" borderWidth="1px" borderRadius="xl" bg="bg.subtle">
          {solution.integratesWith.length > 0 ? (
            <Stack gap="3">
              <Heading as="h2" size="md">
                Works with
              </Heading>
              <Stack as="ul" gap="1.5" ps="5" listStyleType="disc" textStyle="sm">
                {solution.integratesWith.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Stack>
            </Stack>
          ) : null}
          <Stack gap="3">
            <Heading as="h2" size="md">
              Website
            </Heading>
            <Button asChild variant="outline" bg="bg" alignSelf="flex-start">
              <a href={solution.website} target="_blank" rel="noopener noreferrer">
                Visit {hostOf(solution.website)}
                <ExternalLinkIcon boxSize="4" />
                <Text as="span" srOnly>
                  (opens in a new tab)
                </Text>
              </a>
            </Button>
          </Stack>
        </Stack>
      </Grid>
      <Text textStyle="sm" color="fg.muted" maxW="70ch" borderTopWidth="1px" pt="6">
        A listing in the Accord ecosystem means a solution works with the network and states the levels of assurance it
        reaches. It is not an endorsement: members stay responsible for the checks they rely on.
      </Text>
    </Stack>
  );
}

export default function SolutionPage() {
  const { solutionId = '' } = useParams();
  const { data: solution, error, isLoading, mutate } = useSolution(solutionId);
  useDocumentTitle(solution === null ? 'Solution not found' : (solution?.name ?? null));
  usePageDescription(
    solution?.summary ??
      'A solution that works with the Accord trust network: what it verifies, the levels of assurance it reaches and what it integrates with.',
  );

  let content;
  if (error) {
    content = (
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Solution details
        </Heading>
        <ErrorState title="This solution could not be loaded" message={(error as Error).message} onRetry={() => void mutate()} />
      </Stack>
    );
  } else if (isLoading || solution === undefined) {
    content = (
      <>
        <Heading as="h1" srOnly>
          Loading the solution
        </Heading>
        <ArticleSkeleton label="Loading the solution…" />
      </>
    );
  } else if (solution === null) {
    content = (
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Solution not found
        </Heading>
        <Text color="fg.muted" maxW="60ch">
          No solution in the Accord ecosystem has this address. It may have been renamed or is no longer listed.
        </Text>
        <Button asChild>
          <RouterLink to="/ecosystem">See all ecosystem solutions</RouterLink>
        </Button>
      </Stack>
    );
  } else {
    content = <SolutionDetail solution={solution} />;
  }

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap="8">
        <Box>
          <BackLink to="/ecosystem">All ecosystem solutions</BackLink>
        </Box>
        {content}
      </Stack>
    </Container>
  );
}
