import { Button, Container, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';

import { homeFor } from '../../../machines/access';
import { DataTable, type Column } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialogs';
import { formatDay, formatDayAndTime } from '../../components/formats';
import { MailIcon } from '../../components/icons';
import { PageHeader, SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge, type StatusMap } from '../../components/status-badge';
import { UserPlusIcon } from '../../components/status-icons';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { supabase, type AccordClient } from '../../data/client';
import { changeMemberRole } from '../../data/team/change-member-role';
import { useTeamMembership, type TeamRole } from '../../data/team/get-team-membership';
import { inviteMember, resendTenantInvitation } from '../../data/team/invite-member';
import { teamKeys } from '../../data/team/keys';
import { leaveOrganization } from '../../data/team/leave-organization';
import { useTeam, type TeamMember } from '../../data/team/list-team';
import { useTenantInvitations, type PendingInvitation } from '../../data/team/list-tenant-invitations';
import { LAST_ADMIN_MESSAGE } from '../../data/team/refusals';
import { useRegistryOrganization } from '../../data/registry/get-registry-organization';
import { removeMember } from '../../data/team/remove-member';
import { revokeTenantInvitation } from '../../data/team/revoke-tenant-invitation';
import { useSession, useSessionFacts } from '../../session/session-context';
import { InviteMemberDialog, type InviteRequest } from './invite-member-dialog';

export const ROLE: StatusMap<TeamRole> = {
  admin: { label: 'Admin', palette: 'purple' },
  member: { label: 'Member', palette: 'gray' },
};

const nameOf = (member: TeamMember) => (member.fullName?.trim() ? member.fullName : member.email);

interface Viewer {
  userId: string;
  organizationId: string;
  isAdmin: boolean;
}

type RoleChange = { member: TeamMember; role: TeamRole };

function TeamSection({ client, viewer, onLeave }: { client: AccordClient; viewer: Viewer; onLeave: () => void }) {
  const team = useTeam(viewer.organizationId, client);
  const headingId = useId();
  const keys = [teamKeys.members(viewer.organizationId), teamKeys.membership(viewer.userId)];

  const change = useCommand({
    run: ({ member, role }: RoleChange) => changeMemberRole(client, viewer.organizationId, member.userId, role),
    refresh: keys,
    success: (_, { member, role }) => ({ title: 'Role changed', description: `${nameOf(member)} is now ${role === 'admin' ? 'an admin' : 'a member'}.` }),
  });
  const changing = useConfirm(change);
  const remove = useCommand({
    run: (member: TeamMember) => removeMember(client, viewer.organizationId, member.userId),
    refresh: keys,
    success: (_, member) => ({ title: 'Member removed', description: `${nameOf(member)} is no longer in your organisation.` }),
  });
  const removing = useConfirm(remove);

  const adminCount = (team.data ?? []).filter((m) => m.role === 'admin').length;
  // The database has the last word (last_admin); this only says so before anyone tries.
  const isLastAdmin = (member: TeamMember) => member.role === 'admin' && adminCount <= 1;
  const me = team.data?.find((m) => m.userId === viewer.userId);
  const iAmLastAdmin = me !== undefined && isLastAdmin(me);

  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      label: 'Name',
      unlabelledWhenStacked: true,
      // Someone who has given no name is shown by their address, which may not break anywhere.
      cellProps: { fontWeight: 'medium', overflowWrap: 'anywhere' },
      cell: (m) => (
        <>
          {nameOf(m)}
          {m.userId === viewer.userId ? (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              (you)
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'email', label: 'E-mail', cellProps: { wordBreak: 'break-all', color: 'fg.muted' }, cell: (m) => m.email },
    { key: 'role', label: 'Role', cell: (m) => <StatusBadge status={m.role} map={ROLE} size="sm" /> },
    { key: 'joined', label: 'Joined', cellProps: { whiteSpace: 'nowrap' }, cell: (m) => formatDay(m.joinedAt) },
  ];
  if (viewer.isAdmin) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (m) => {
        const last = isLastAdmin(m);
        const next: TeamRole = m.role === 'admin' ? 'member' : 'admin';
        return (
          <HStack gap="2" justify={{ base: 'start', md: 'end' }} wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              disabled={last}
              title={last ? LAST_ADMIN_MESSAGE : undefined}
              aria-label={`${next === 'admin' ? 'Make admin' : 'Make member'}: ${nameOf(m)}`}
              onClick={() => changing.ask({ member: m, role: next })}
            >
              {next === 'admin' ? 'Make admin' : 'Make member'}
            </Button>
            {m.userId === viewer.userId ? null : (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                disabled={last}
                title={last ? LAST_ADMIN_MESSAGE : undefined}
                aria-label={`Remove ${nameOf(m)}`}
                onClick={() => removing.ask(m)}
              >
                Remove
              </Button>
            )}
          </HStack>
        );
      },
    });
  }


  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <SectionHeader
        id={headingId}
        title="The team"
        intro={viewer.isAdmin ? 'Everyone in your organisation and their roles. Admins run the team.' : 'Everyone in your organisation and their roles.'}
        actions={
          <Button variant="outline" colorPalette="red" disabled={iAmLastAdmin} onClick={onLeave}>
            Leave organisation
          </Button>
        }
      />
      {iAmLastAdmin ? (
        <Text textStyle="sm" color="fg.muted" data-testid="last-admin-note">
          You are this organisation’s only admin, so you cannot leave or stop being an admin. {LAST_ADMIN_MESSAGE}
        </Text>
      ) : null}
      <QueryView
        query={team}
        loading="Loading the team…"
        errorTitle="The team could not be loaded"
        isEmpty={(members) => members.length === 0}
        empty={<EmptyMessage title="No one in the team yet">People appear here once they accept an invitation.</EmptyMessage>}
      >
        {(members) => (
          <Stack gap="2">
            <Text textStyle="sm" color="fg.muted">
              {members.length} {members.length === 1 ? 'person' : 'people'}, {adminCount} {adminCount === 1 ? 'admin' : 'admins'}
            </Text>
            <DataTable caption="The team" columns={columns} rows={members} rowKey={(m) => m.userId} />
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        {...changing.dialog}
        title={changing.subject?.role === 'admin' ? 'Make this person an admin?' : 'Make this person a member?'}
        description={
          changing.subject?.role === 'admin' ? (
            <>
              <Text as="strong">{changing.subject ? nameOf(changing.subject.member) : ''}</Text> will be able to invite people, change roles and remove members.
            </>
          ) : (
            <>
              <Text as="strong">{changing.subject ? nameOf(changing.subject.member) : ''}</Text> will no longer be able to invite people, change roles or remove
              members.
            </>
          )
        }
        confirmLabel={changing.subject?.role === 'admin' ? 'Make admin' : 'Make member'}
        busyLabel="Changing…"
        cancelLabel="Keep the role"
        failureTitle="The role was not changed"
      />
      <ConfirmDialog
        {...removing.dialog}
        title="Remove this person?"
        description={
          <>
            <Text as="strong">{removing.subject ? nameOf(removing.subject) : ''}</Text> will no longer be part of your organisation on Accord. You can invite them
            again later.
          </>
        }
        confirmLabel="Remove"
        busyLabel="Removing…"
        cancelLabel="Keep them"
        destructive
        failureTitle="The person was not removed"
      />
    </Stack>
  );
}

function InvitationsSection({ client, viewer }: { client: AccordClient; viewer: Viewer }) {
  const invitations = useTenantInvitations(viewer.organizationId, client);
  const team = useTeam(viewer.organizationId, client);
  const headingId = useId();
  const keys = [teamKeys.invitations(viewer.organizationId)];
  // The database refuses invitations while the registry shows the organisation
  // suspended or revoked (decision 034); the page says so before anyone tries.
  const registry = useRegistryOrganization(viewer.organizationId);
  const standing = registry.data?.status;
  const paused = standing === 'suspended' || standing === 'revoked' ? standing : null;
  const pausedId = useId();

  const invite = useCommand({
    run: ({ email, role }: InviteRequest) => inviteMember(client, viewer.organizationId, email, role),
    refresh: keys,
    success: (sent) => ({ title: 'Invitation sent', description: `We e-mailed an invitation to ${sent.email}. The link expires in 7 days.` }),
  });
  const resend = useCommand({
    run: (invitation: PendingInvitation) => resendTenantInvitation(client, invitation.id),
    refresh: keys,
    success: (_, invitation) => ({ title: 'Invitation sent again', description: `A new link went to ${invitation.email}; the earlier link no longer works.` }),
    failureToast: 'The invitation was not sent again',
  });
  const revoke = useCommand({
    run: (invitation: PendingInvitation) => revokeTenantInvitation(client, invitation.id),
    refresh: keys,
    success: (_, invitation) => ({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` }),
  });
  const revoking = useConfirm(revoke);

  const inviter = (invitation: PendingInvitation) => {
    const member = team.data?.find((m) => m.userId === invitation.invitedBy);
    return member ? nameOf(member) : 'A former member';
  };

  const columns: Column<PendingInvitation>[] = [
    { key: 'email', label: 'E-mail', unlabelledWhenStacked: true, cellProps: { fontWeight: 'medium', wordBreak: 'break-all' }, cell: (i) => i.email },
    { key: 'role', label: 'Role', cell: (i) => <StatusBadge status={i.role} map={ROLE} size="sm" /> },
    { key: 'invitedBy', label: 'Invited by', cellProps: { color: 'fg.muted' }, cell: inviter },
    {
      key: 'expires',
      label: 'Expires',
      cellProps: { whiteSpace: 'nowrap' },
      cell: (i) =>
        new Date(i.expiresAt).getTime() <= Date.now() ? (
          <Text as="span" color="fg.error">
            Expired {formatDayAndTime(i.expiresAt)}
          </Text>
        ) : (
          formatDayAndTime(i.expiresAt)
        ),
    },
  ];
  if (viewer.isAdmin) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (i) => (
        <HStack gap="2" justify={{ base: 'start', md: 'end' }} wrap="wrap">
          <Button
            size="xs"
            variant="outline"
            loading={resend.pending?.id === i.id}
            loadingText="Sending…"
            aria-label={`Resend the invitation to ${i.email}`}
            disabled={paused !== null}
            onClick={() => void resend.run(i)}
          >
            Resend
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Revoke the invitation to ${i.email}`} onClick={() => revoking.ask(i)}>
            Revoke
          </Button>
        </HStack>
      ),
    });
  }


  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <SectionHeader
        id={headingId}
        title="Pending invitations"
        intro="People invited who have not joined yet. An invitation expires 7 days after it was last sent."
        actions={
          !viewer.isAdmin ? undefined : paused ? (
            <Button disabled aria-describedby={pausedId}>
              <UserPlusIcon />
              Invite a colleague
            </Button>
          ) : (
            <InviteMemberDialog invite={invite} />
          )
        }
      />
      {viewer.isAdmin && paused ? (
        <Text id={pausedId} color="fg.muted">
          {paused === 'suspended'
            ? 'While your organisation is suspended, it cannot invite colleagues or send invitations again. Invitations already sent can still be revoked.'
            : 'Your organisation’s membership has been revoked, so it cannot invite colleagues or send invitations again.'}
        </Text>
      ) : null}
      <QueryView
        query={invitations}
        loading="Loading invitations…"
        errorTitle="The invitations could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyMessage icon={<MailIcon boxSize="6" />} title="No pending invitations">
            {viewer.isAdmin
              ? 'Invite a colleague with “Invite a colleague”. Their invitation shows here until they join.'
              : 'Your organisation’s admins can invite colleagues. Their invitations show here until they join.'}
          </EmptyMessage>
        }
      >
        {(list) => <DataTable caption="Pending invitations" columns={columns} rows={list} rowKey={(i) => i.id} />}
      </QueryView>
      <ConfirmDialog
        {...revoking.dialog}
        title="Revoke this invitation?"
        description={
          <>
            The invitation link sent to <Text as="strong">{revoking.subject?.email}</Text> will stop working. You can invite them again later.
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

export interface MembersPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
  /** Where to go after leaving; by default the session reloads its facts (no organisation now), then the app goes there. */
  onLeft?: (destination: string) => void;
}

/** /dashboard/members: the organisation's team and its pending invitations; admins run both, anyone can leave. */
export default function MembersPage({ client = supabase, onLeft }: MembersPageProps = {}) {
  const facts = useSessionFacts();
  const { reloadFacts } = useSession();
  const navigate = useNavigate();
  const goAfterLeaving = onLeft ?? ((to: string) => void reloadFacts().then(() => navigate(to, { replace: true })));
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const membership = useTeamMembership(userId, client);

  const leave = useCommand({
    run: (organizationId: string) => leaveOrganization(client, organizationId),
    success: () => ({ title: 'You left the organisation', description: 'Your account no longer belongs to it.' }),
  });
  const leaving = useConfirm(leave, () => {
    // No organisation now: where such a person belongs (machines/access.ts decides it once).
    const home =
      facts.status === 'signedIn' ? homeFor({ ...facts, approval: 'none', approvalStatus: null, isOrgAdmin: false }, 'signIn') : '/onboarding';
    goAfterLeaving(home);
  });

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '10', md: '12' }}>
        <PageHeader
          eyebrow="Your organisation"
          title="Members"
          intro="The people in your organisation who use Accord, and their roles. Organisation admins invite colleagues and manage the team from here."
        />
        <QueryView
          query={membership}
          loading="Loading your organisation…"
          errorTitle="Your organisation could not be loaded"
          isEmpty={(m) => m === null}
          empty={<EmptyMessage title="You are not in an organisation">Your account does not belong to an organisation yet.</EmptyMessage>}
        >
          {(m) => {
            if (!m || userId === null) return null;
            const viewer: Viewer = { userId, organizationId: m.organizationId, isAdmin: m.role === 'admin' };
            return (
              <Stack gap={{ base: '10', md: '12' }}>
                <TeamSection client={client} viewer={viewer} onLeave={() => leaving.ask(viewer.organizationId)} />
                <InvitationsSection client={client} viewer={viewer} />
                <ConfirmDialog
                  {...leaving.dialog}
                  title="Leave this organisation?"
                  description="You will lose access to your organisation’s pages on Accord. To come back, an admin must invite you again."
                  confirmLabel="Leave organisation"
                  busyLabel="Leaving…"
                  cancelLabel="Stay"
                  destructive
                  failureTitle="You have not left"
                />
              </Stack>
            );
          }}
        </QueryView>
      </Stack>
    </Container>
  );
}
