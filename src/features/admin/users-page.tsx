import { Button, Container, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';

import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { MailIcon } from '../../components/icons';
import { showToast } from '../../components/toast';
import { useAdminInvitations, type AdminInvitation } from '../../data/admin/admin-invitations';
import { useAdminUsers, type AdminUser } from '../../data/admin/admin-users';
import { useAdminInvitationCommands } from '../../data/admin/use-admin-invitation-commands';
import { supabase, type AccordClient } from '../../data/client';
import { InvitationsTable } from './invitations-table';
import { InviteAdminDialog } from './invite-admin-dialog';
import { RevokeInvitationDialog } from './revoke-invitation-dialog';
import { UsersTable } from './users-table';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

function matches(user: AdminUser, query: string): boolean {
  const haystack = [user.email, user.fullName, user.organization?.name].filter(Boolean).join(' ').toLowerCase();
  return haystack.includes(query.toLowerCase());
}

function InvitationsSection({ client }: { client: AccordClient }) {
  const { data, error, isLoading, mutate } = useAdminInvitations(client);
  const commands = useAdminInvitationCommands(client);
  const [showAll, setShowAll] = useState(false);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AdminInvitation | null>(null);
  const headingId = useId();

  const pending = useMemo(() => (data ?? []).filter((i) => i.status === 'open'), [data]);
  const shown = showAll ? (data ?? []) : pending;
  const closedCount = (data?.length ?? 0) - pending.length;

  async function resend(invitation: AdminInvitation) {
    setResendingId(invitation.id);
    try {
      await commands.invite(invitation.email);
      showToast({
        type: 'success',
        title: 'Invitation sent again',
        description: `A new link went to ${invitation.email}; the earlier link no longer works.`,
      });
    } catch (failure) {
      showToast({ type: 'error', title: 'The invitation was not sent again', description: messageOf(failure) });
    } finally {
      setResendingId(null);
    }
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Flex gap="3" align={{ base: 'start', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h2" size="xl" id={headingId}>
            Administrator invitations
          </Heading>
          <Text color="fg.muted">People invited to run the back office who have not accepted yet.</Text>
        </Stack>
        <InviteAdminDialog invite={commands.invite} />
      </Flex>

      {error && !data ? (
        <ErrorState title="The invitations could not be loaded" message={messageOf(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingState label="Loading invitations…" />
      ) : (
        <Stack gap="3">
          {shown.length === 0 ? (
            <EmptyState icon={<MailIcon boxSize="6" />} title="No pending invitations">
              Invite someone with “Invite administrator”. Their invitation shows here until they accept it.
            </EmptyState>
          ) : (
            <InvitationsTable invitations={shown} resendingId={resendingId} onResend={resend} onRevoke={setRevoking} />
          )}
          {closedCount > 0 ? (
            <Button variant="plain" size="sm" alignSelf="start" px="0" aria-pressed={showAll} onClick={() => setShowAll(!showAll)}>
              {showAll ? 'Show pending invitations only' : `Show accepted, revoked and expired (${closedCount})`}
            </Button>
          ) : null}
        </Stack>
      )}
      <RevokeInvitationDialog invitation={revoking} onClose={() => setRevoking(null)} revoke={commands.revoke} />
    </Stack>
  );
}

function UsersSection({ client }: { client: AccordClient }) {
  const { data, error, isLoading, mutate } = useAdminUsers(client);
  const [query, setQuery] = useState('');
  const headingId = useId();
  const filterId = useId();
  const shown = useMemo(() => (data ?? []).filter((user) => query.trim() === '' || matches(user, query.trim())), [data, query]);

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Flex gap="3" align={{ base: 'stretch', md: 'end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1">
          <Heading as="h2" size="xl" id={headingId}>
            Everyone with an account
          </Heading>
          <Text color="fg.muted">Their organisation, role and access, newest first.</Text>
        </Stack>
        <Field.Root ids={{ control: filterId }} minW={{ md: '18rem' }} width={{ base: 'full', md: 'auto' }}>
          <Field.Label>Filter users</Field.Label>
          <Input type="search" placeholder="Name, e-mail or organisation" value={query} onChange={(e) => setQuery(e.target.value)} />
        </Field.Root>
      </Flex>

      {error && !data ? (
        <ErrorState title="The users could not be loaded" message={messageOf(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingState label="Loading users…" />
      ) : shown.length === 0 ? (
        <EmptyState title={data.length === 0 ? 'No accounts yet' : 'No one matches that filter'}>
          {data.length === 0 ? 'People appear here once they sign up or accept an invitation.' : 'Try part of a name, an e-mail address or an organisation.'}
        </EmptyState>
      ) : (
        <Stack gap="2">
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            {shown.length === data.length ? `${data.length} ${data.length === 1 ? 'person' : 'people'}` : `${shown.length} of ${data.length} people`}
          </Text>
          <UsersTable users={shown} />
        </Stack>
      )}
    </Stack>
  );
}

export interface UsersPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

/** /admin/users: everyone with an account, and the invitations that make new administrators. */
export default function UsersPage({ client = supabase }: UsersPageProps = {}) {
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '10', md: '12' }}>
        <Stack gap="3">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Back office
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Users
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="65ch">
            Everyone with an account on the network, their organisations and roles, and the invitations that make new
            administrators.
          </Text>
        </Stack>
        <InvitationsSection client={client} />
        <UsersSection client={client} />
      </Stack>
    </Container>
  );
}
