import { Button, Container, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';

import { ConfirmDialog } from '../../components/dialogs';
import { SearchField } from '../../components/filter-controls';
import { MailIcon } from '../../components/icons';
import { PageHeader, SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { useAdminInvitations, type AdminInvitation } from '../../data/admin/list-admin-invitations';
import { useAdminUsers, type AdminUser } from '../../data/admin/list-admin-users';
import { inviteAdmin } from '../../data/admin/invite-admin';
import { adminKeys } from '../../data/admin/keys';
import { revokeAdminInvitation } from '../../data/admin/revoke-admin-invitation';
import { supabase, type AccordClient } from '../../data/client';
import { InvitationsTable } from './invitations-table';
import { InviteAdminDialog } from './invite-admin-dialog';
import { UsersTable } from './users-table';

/** What an invitation command changes: the list and the dashboard's count. */
const INVITATION_KEYS = [adminKeys.invitations, adminKeys.dashboardCounts];

function matches(user: AdminUser, query: string): boolean {
  const haystack = [user.email, user.fullName, user.organization?.name].filter(Boolean).join(' ').toLowerCase();
  return haystack.includes(query.toLowerCase());
}

function InvitationsSection({ client }: { client: AccordClient }) {
  const invitations = useAdminInvitations(client);
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();

  const invite = useCommand({
    run: (email: string) => inviteAdmin(client, email),
    refresh: INVITATION_KEYS,
    success: (sent) => ({ title: 'Invitation sent', description: `We e-mailed an invitation to ${sent.email}. The link expires in 7 days.` }),
  });
  // Resending is a new invitation to the same address; the earlier link stops working.
  const resend = useCommand({
    run: (invitation: AdminInvitation) => inviteAdmin(client, invitation.email),
    refresh: INVITATION_KEYS,
    success: (_, invitation) => ({
      title: 'Invitation sent again',
      description: `A new link went to ${invitation.email}; the earlier link no longer works.`,
    }),
    failureToast: 'The invitation was not sent again',
  });
  const revoke = useCommand({
    run: (invitation: AdminInvitation) => revokeAdminInvitation(client, invitation.id),
    refresh: INVITATION_KEYS,
    success: (_, invitation) => ({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` }),
  });
  const revoking = useConfirm(revoke);

  const data = invitations.data;
  const pending = useMemo(() => (data ?? []).filter((i) => i.status === 'open'), [data]);
  const shown = showAll ? (data ?? []) : pending;
  const closedCount = (data?.length ?? 0) - pending.length;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <SectionHeader
        id={headingId}
        title="Administrator invitations"
        intro="People invited to run the back office who have not accepted yet."
        actions={<InviteAdminDialog invite={invite} />}
      />
      <QueryView query={invitations} loading="Loading invitations…" errorTitle="The invitations could not be loaded">
        {() => (
          <Stack gap="3">
            {shown.length === 0 ? (
              <EmptyMessage icon={<MailIcon boxSize="6" />} title="No pending invitations">
                Invite someone with “Invite administrator”. Their invitation shows here until they accept it.
              </EmptyMessage>
            ) : (
              <InvitationsTable
                invitations={shown}
                resendingId={resend.pending?.id ?? null}
                onResend={(invitation) => void resend.run(invitation)}
                onRevoke={revoking.ask}
              />
            )}
            {closedCount > 0 ? (
              <Button variant="plain" size="sm" alignSelf="start" px="0" aria-pressed={showAll} onClick={() => setShowAll(!showAll)}>
                {showAll ? 'Show pending invitations only' : `Show accepted, revoked and expired (${closedCount})`}
              </Button>
            ) : null}
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        {...revoking.dialog}
        title="Revoke this invitation?"
        description={
          <>
            The invitation link sent to <Text as="strong">{revoking.subject?.email}</Text> will stop working. You can invite them again
            later.
          </>
        }
        confirmLabel="Revoke invitation"
        busyLabel="Revoking…"
        cancelLabel="Keep it"
        destructive
        failureTitle="The invitation was not revoked"
      />
    </Stack>
  );
}

function UsersSection({ client }: { client: AccordClient }) {
  const users = useAdminUsers(client);
  const [query, setQuery] = useState('');
  const headingId = useId();
  const { data } = users;
  const shown = useMemo(() => (data ?? []).filter((user) => query.trim() === '' || matches(user, query.trim())), [data, query]);

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <SectionHeader
        id={headingId}
        title="Everyone with an account"
        intro="Their organisation, role and access, newest first."
        actions={<SearchField label="Filter users" placeholder="Name, e-mail or organisation" value={query} onChange={setQuery} minW={{ md: '18rem' }} />}
      />
      <QueryView
        query={users}
        loading="Loading users…"
        errorTitle="The users could not be loaded"
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyMessage title={data?.length === 0 ? 'No accounts yet' : 'No one matches that filter'}>
            {data?.length === 0 ? 'People appear here once they sign up or accept an invitation.' : 'Try part of a name, an e-mail address or an organisation.'}
          </EmptyMessage>
        }
      >
        {(all) => (
          <Stack gap="2">
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {shown.length === all.length ? `${all.length} ${all.length === 1 ? 'person' : 'people'}` : `${shown.length} of ${all.length} people`}
            </Text>
            <UsersTable users={shown} />
          </Stack>
        )}
      </QueryView>
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
        <PageHeader
          eyebrow="Back office"
          title="Users"
          intro="Everyone with an account on the network, their organisations and roles, and the invitations that make new administrators."
        />
        <InvitationsSection client={client} />
        <UsersSection client={client} />
      </Stack>
    </Container>
  );
}
