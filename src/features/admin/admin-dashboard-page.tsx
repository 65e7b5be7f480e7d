import { Box, Card, Container, Heading, LinkBox, LinkOverlay, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { ArrowRightIcon } from '../../components/icons';
import { ErrorState } from '../../components/query-states';
import { useDashboardCounts, type DashboardCounts } from '../../data/admin/dashboard-counts';
import { supabase, type AccordClient } from '../../data/client';

interface CountCard {
  key: keyof DashboardCounts;
  label: string;
  description: string;
  to: string;
  action: string;
}

const CARDS: CountCard[] = [
  {
    key: 'pendingApplications',
    label: 'Pending applications',
    description: 'Submitted or under review, waiting for a decision.',
    to: '/admin/applications',
    action: 'Review applications',
  },
  {
    key: 'organizations',
    label: 'Organisations',
    description: 'Every organisation that has applied or been added.',
    to: '/admin/tenants',
    action: 'See organisations',
  },
  { key: 'users', label: 'Users', description: 'Everyone with an account on the network.', to: '/admin/users', action: 'See users' },
  {
    key: 'openInvitations',
    label: 'Open invitations',
    description: 'Administrator invitations not yet accepted.',
    to: '/admin/users',
    action: 'Manage invitations',
  },
];

export interface AdminDashboardPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

/** /admin/dashboard: the network in four numbers, each leading to the page where it is acted on. */
export default function AdminDashboardPage({ client = supabase }: AdminDashboardPageProps = {}) {
  const { data, error, isLoading, mutate } = useDashboardCounts(client);
  const loading = isLoading || (!data && !error);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Stack gap="3">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Back office
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Admin dashboard
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="65ch">
            The state of the network at a glance: applications waiting for review, member organisations, people and
            open administrator invitations.
          </Text>
        </Stack>

        {error && !data ? (
          <ErrorState title="The dashboard could not be loaded" message={error instanceof Error ? error.message : 'Something went wrong.'} onRetry={() => void mutate()} />
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" listStyleType="none" aria-busy={loading}>
            {CARDS.map((card) => (
              <Box as="li" key={card.key}>
                <LinkBox height="full">
                  <Card.Root variant="outline" borderRadius="xl" height="full" _hover={{ borderColor: 'brand.solid' }} _focusWithin={{ borderColor: 'brand.solid' }}>
                  <Card.Body gap="2">
                    <Text color="fg.muted" fontWeight="medium">
                      {card.label}
                    </Text>
                    {loading ? (
                      <Skeleton height="10" width="16" aria-hidden="true" />
                    ) : (
                      <Text textStyle="4xl" fontWeight="bold" lineHeight="1.1" data-testid={`count-${card.key}`}>
                        {data![card.key]}
                      </Text>
                    )}
                    <Text textStyle="sm" color="fg.muted">
                      {card.description}
                    </Text>
                    <LinkOverlay asChild mt="auto" pt="2">
                      <RouterLink to={card.to}>
                        <Text as="span" color="brand.fg" fontWeight="semibold" display="inline-flex" alignItems="center" gap="1">
                          {card.action}
                          <ArrowRightIcon boxSize="4" />
                        </Text>
                      </RouterLink>
                    </LinkOverlay>
                  </Card.Body>
                  </Card.Root>
                </LinkBox>
              </Box>
            ))}
          </SimpleGrid>
        )}
        {loading ? (
          <Text role="status" color="fg.muted" textStyle="sm">
            Loading the numbers…
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
