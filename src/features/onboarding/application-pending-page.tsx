import { Alert, Box, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';

import { useSessionFacts } from '../../session/session-context';
import { ApplicationTimeline } from '../../components/application-timeline';
import { ContactLink } from '../../components/contact-link';
import { ErrorState, LoadingState } from '../../components/query-states';
import { useMyApplication } from '../../data/applications/get-my-application';
import type { Application } from '../../data/applications/types';
import { ChangeRequestForm } from './change-request-form';

/**
 * Where the guard sends applicants whose organisation is not approved,
 * rejected ones included (any status other than approved counts as pending,
 * spec §4; docs/decisions/010-session-facts-and-approval-mapping.md): the
 * status in words, an open change request to answer, and the timeline.
 */
export default function ApplicationPendingPage() {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const { data, error, isLoading, mutate } = useMyApplication(userId);
  const refresh = useCallback(() => void mutate(), [mutate]);

  return (
    <Container maxW="3xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
          Your application
        </Text>
        {isLoading || (data === undefined && !error) ? (
          <LoadingState label="Loading your application…" />
        ) : error ? (
          <ErrorState title="We couldn't load your application" message={error.message} onRetry={refresh} />
        ) : data ? (
          <ApplicationStatus application={data.application} onAnswered={refresh}>
            <ApplicationTimeline
              entries={data.events.map((event) => ({
                id: event.id,
                type: event.type,
                message: event.message,
                createdAt: event.createdAt,
                documentSent: event.documentSent,
              }))}
            />
          </ApplicationStatus>
        ) : (
          <Heading as="h1" size="2xl">
            No application yet
          </Heading>
        )}
      </Stack>
    </Container>
  );
}

function ApplicationStatus({ application, onAnswered, children }: { application: Application; onAnswered: () => void; children: React.ReactNode }) {
  const name = application.organization.name;
  const changesRequested = application.changesRequestedAt !== null && (application.status === 'pending' || application.status === 'under_review');
  return (
    <Stack gap="6">
      {application.status === 'rejected' ? (
        <Stack gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Application not approved
          </Heading>
          <Text color="fg.muted" textStyle="lg">
            {name}'s application to join Accord was reviewed and not approved, so the member dashboard is not available.
          </Text>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The reviewer's reason</Alert.Title>
              <Alert.Description whiteSpace="pre-wrap">{application.decisionReason}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Text>
            If you think this decision is wrong, or your circumstances have changed, write to us at <ContactLink /> and we will look
            at it again.
          </Text>
        </Stack>
      ) : application.status === 'approved' ? (
        <Stack gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Application approved
          </Heading>
          <Text color="fg.muted" textStyle="lg">
            {name} is now a member of the Accord network and listed in the trust registry.
          </Text>
          {/* A full page load, so the session reads the new approval and the member area opens. */}
          <Button asChild alignSelf="flex-start">
            <a href="/dashboard">Go to your dashboard</a>
          </Button>
        </Stack>
      ) : (
        <Stack gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {changesRequested ? 'Changes requested' : 'Application under review'}
          </Heading>
          <Text color="fg.muted" textStyle="lg">
            {changesRequested
              ? `A reviewer needs something from you before ${name}'s application can be decided. Answer below; nothing you submitted is lost.`
              : application.status === 'under_review'
                ? `An administrator is reviewing ${name}'s application. You will have access to the member dashboard as soon as it is approved.`
                : `${name}'s application to join Accord has been received and is waiting for review. You will have access to the member dashboard as soon as it is approved.`}
          </Text>
        </Stack>
      )}

      {changesRequested ? (
        <Card.Root variant="outline" borderColor="orange.300">
          <Card.Body gap="4" p={{ base: '5', md: '6' }}>
            <Heading as="h2" size="lg">
              Answer the reviewer
            </Heading>
            <ChangeRequestForm organizationId={application.organizationId} onAnswered={onAnswered} />
          </Card.Body>
        </Card.Root>
      ) : null}

      <Box as="section" aria-labelledby="application-history">
        <Heading as="h2" size="lg" id="application-history" mb="4">
          History
        </Heading>
        {children}
      </Box>
    </Stack>
  );
}
