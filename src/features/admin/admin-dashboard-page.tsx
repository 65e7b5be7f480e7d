import { Box, Card, Container, LinkBox, LinkOverlay, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { ArrowRightIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { ErrorState, errorMessage } from '../../components/query-view';
import { useDashboardCounts, type DashboardCounts } from '../../data/admin/get-dashboard-counts';
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
        <PageHeader
          eyebrow="Back office"
          title="Admin dashboard"
          intro="The state of the network at a glance: applications waiting for review, member organisations, people and open administrator invitations."
        />

        {error && !data ? (
          <ErrorState title="The dashboard could not be loaded" message={errorMessage(error)} onRetry={() => void mutate()} />
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
