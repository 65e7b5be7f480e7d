import { Alert, Badge, Button, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';

import type { ApprovalStatus } from '../../../machines/access';
import { useSessionFacts } from '../../session/session-context';
import { ContentPage } from '../../components/content-page';
import { useMyOrganization } from '../../data/organizations/use-my-organization';

const STATUS_LABELS: Record<ApprovalStatus, { label: string; palette: 'green' | 'orange' | 'red' | 'gray' }> = {
  approved: { label: 'Approved member', palette: 'green' },
  pending: { label: 'Application pending', palette: 'orange' },
  under_review: { label: 'Under review', palette: 'orange' },
  rejected: { label: 'Not approved', palette: 'red' },
};

function OrganizationCard() {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const { data, error, isLoading, mutate } = useMyOrganization(userId);
  const status = facts.status === 'signedIn' ? facts.approvalStatus : null;

  if (error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{error.message}</Alert.Title>
          <Alert.Description>
            <Stack gap="3" align="start">
              <span>We couldn't load your organisation. Check your connection and try again.</span>
              <Button size="sm" onClick={() => void mutate()}>
                Try again
              </Button>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (isLoading || data === undefined) {
    return (
      <Stack gap="3" role="status" aria-label="Loading your organisation">
        <Skeleton height="6" width="60%" />
        <Skeleton height="5" width="30%" />
      </Stack>
    );
  }
  if (data === null) {
    return <Text>Your account does not belong to an organisation yet.</Text>;
  }
  const badge = status ? STATUS_LABELS[status] : null;
  return (
    <Card.Root variant="outline">
      <Card.Body gap="2">
        <Text textStyle="sm" color="fg.muted">
          Your organisation
        </Text>
        <Heading as="h2" size="xl">
          {data.name}
        </Heading>
        {badge ? (
          <Badge colorPalette={badge.palette} alignSelf="start">
            {badge.label}
          </Badge>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export default function MemberDashboardPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Member dashboard"
      intro="Your organisation's home in the network: its membership status, recent verifications and anything that needs your attention."
    >
      <OrganizationCard />
    </ContentPage>
  );
}
