import { Badge, Button, Card, Heading, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ContentPage } from '../../components/content-page';
import { formatLongDate } from '../../components/formats';
import { REGISTRY_STATUS } from '../../components/organization-labels';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useMemberHome, type MemberHome } from '../../data/member-home/get-member-home';
import { useOrganizationActivity } from '../../data/member-home/list-organization-activity';
import { useMyOrganization } from '../../data/organizations/use-my-organization';
import { useSessionFacts } from '../../session/session-context';
import { activityLabel } from './organization-activity-labels';
import { attentionItems } from './member-home-attention';

const day = (iso: string | null) => (iso ? formatLongDate(new Date(iso)) : '—');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <div>{children}</div>
      </Card.Body>
    </Card.Root>
  );
}

function Summary({ home }: { home: MemberHome }) {
  const items = attentionItems(home);
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        {home.name}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Fact label="Registry status">
          {home.registryStatus ? (
            <Stack gap="1" align="start">
              <StatusBadge status={home.registryStatus} map={REGISTRY_STATUS} />
              <Text textStyle="sm">Since {day(home.registryEffectiveFrom)}</Text>
              <Link asChild variant="underline" color="brand.fg" textStyle="sm">
                <RouterLink to={`/trust-registry/${home.organizationId}`}>See your public profile</RouterLink>
              </Link>
            </Stack>
          ) : (
            <Badge colorPalette="orange">Not in the registry yet</Badge>
          )}
        </Fact>
        <Fact label="Member since">
          <Text fontWeight="semibold">{day(home.memberSince)}</Text>
        </Fact>
        <Fact label="Team">
          <Text fontWeight="semibold">
            {home.teamSize} {home.teamSize === 1 ? 'person' : 'people'}
          </Text>
          <Text textStyle="sm">
            {home.pendingInvitations} pending invitation{home.pendingInvitations === 1 ? '' : 's'} ·{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to="/dashboard/members">Team</RouterLink>
            </Link>
          </Text>
        </Fact>
      </SimpleGrid>
      <section aria-labelledby="attention-heading">
        <Heading as="h2" size="md" id="attention-heading" mb="2">
          Needs your attention
        </Heading>
        {items.length === 0 ? (
          <Text color="fg.muted">Nothing needs your attention right now.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" ms="0">
            {items.map((item) => (
              <Stack as="li" key={item.id} direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} borderWidth="1px" borderRadius="md" p="3" gap="2">
                <Text>{item.text}</Text>
                <Button asChild size="sm" variant="outline" flexShrink={0}>
                  <RouterLink to={item.href}>{item.action}</RouterLink>
                </Button>
              </Stack>
            ))}
          </Stack>
        )}
      </section>
      <Activity organizationId={home.organizationId} />
    </Stack>
  );
}

function Activity({ organizationId }: { organizationId: string }) {
  const query = useOrganizationActivity(organizationId);
  const { data: pages, error, size, setSize } = query;
  // A failed page shows its error above the list (with "Try again"), and the button asks again.
  const loadingOlder = pages !== undefined && pages.length < size && !error;
  const hasOlder = Boolean(pages?.at(-1)?.next);
  return (
    <section aria-labelledby="activity-heading">
      <Heading as="h2" size="md" id="activity-heading" mb="2">
        Recent activity
      </Heading>
      <QueryView
        query={query}
        loading="Loading recent activity…"
        errorTitle="The recent activity could not be loaded"
        staleErrorTitle="More activity could not be loaded"
        isEmpty={(loaded) => loaded[0]?.entries.length === 0}
        empty={<EmptyMessage title="No activity yet">What your organisation does in the network will be listed here.</EmptyMessage>}
      >
        {(loaded) => (
          <Stack gap="3" align="start">
            <Stack as="ol" gap="2" listStyleType="none" ms="0" aria-label="Recent activity" width="full">
              {loaded.flatMap((page) => page.entries).map((entry) => (
                <Stack as="li" key={entry.id} direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'baseline' }} gap="1" borderBottomWidth="1px" pb="2">
                  <Text>
                    {activityLabel(entry)}
                    {entry.actorName ? <Text as="span" color="fg.muted"> · {entry.actorName}</Text> : null}
                    {entry.subjectName ? <Text as="span" color="fg.muted"> · {entry.subjectName}</Text> : null}
                  </Text>
                  <Text textStyle="sm" color="fg.muted" flexShrink={0}>
                    {day(entry.occurredAt)}
                  </Text>
                </Stack>
              ))}
            </Stack>
            {hasOlder || loadingOlder ? (
              <Button variant="outline" size="sm" loading={loadingOlder} loadingText="Loading older activity…" onClick={() => void setSize((pages?.length ?? 0) + 1)}>
                Show older activity
              </Button>
            ) : loaded.length > 1 ? (
              <Text textStyle="sm" color="fg.muted">
                The oldest activity is shown.
              </Text>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </section>
  );
}

function Home({ organizationId }: { organizationId: string }) {
  const query = useMemberHome(organizationId);
  return (
    <QueryView
      query={query}
      loading={
        <Stack gap="3" role="status" aria-label="Loading your organisation">
          <Skeleton height="6" width="60%" />
          <Skeleton height="20" />
        </Stack>
      }
      errorTitle="We couldn't load your organisation"
    >
      {(home) => <Summary home={home} />}
    </QueryView>
  );
}

function OrganizationHome() {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const organization = useMyOrganization(userId);
  return (
    <QueryView
      query={organization}
      loading={
        <Stack gap="3" role="status" aria-label="Loading your organisation">
          <Skeleton height="6" width="60%" />
          <Skeleton height="5" width="30%" />
        </Stack>
      }
      errorTitle="We couldn't load your organisation"
      isEmpty={(org) => org === null}
      empty={<Text>Your account does not belong to an organisation yet.</Text>}
    >
      {(org) => (org ? <Home organizationId={org.id} /> : null)}
    </QueryView>
  );
}

export default function MemberDashboardPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Member dashboard"
      intro="Your organisation's home in the network: its standing in the registry, its team, anything that needs your attention and what it did lately."
    >
      <OrganizationHome />
    </ContentPage>
  );
}
