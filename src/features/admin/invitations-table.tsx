import { Button, HStack, Stack, Text } from '@chakra-ui/react';

import { DataTable, type Column } from '../../components/data-table';
import { StatusBadge, type StatusMap } from '../../components/status-badge';
import type { AdminInvitation, AdminInvitationStatus } from '../../data/admin/list-admin-invitations';
import { formatDayAndTime } from '../../components/formats';

const STATUS: StatusMap<AdminInvitationStatus> = {
  open: { label: 'Pending', palette: 'green' },
  used: { label: 'Accepted', palette: 'blue' },
  revoked: { label: 'Revoked', palette: 'gray' },
  expired: { label: 'Expired', palette: 'orange' },
};

export interface InvitationsTableProps {
  invitations: AdminInvitation[];
  /** The invitation whose resend is in flight, if any. */
  resendingId: string | null;
  onResend: (invitation: AdminInvitation) => void;
  onRevoke: (invitation: AdminInvitation) => void;
}

/** Administrator invitations; pending ones can be sent again or revoked. */
export function InvitationsTable({ invitations, resendingId, onResend, onRevoke }: InvitationsTableProps) {
  const columns: Column<AdminInvitation>[] = [
    { key: 'email', label: 'E-mail', unlabelledWhenStacked: true, cellProps: { fontWeight: 'medium', wordBreak: 'break-all' }, cell: (i) => i.email },
    { key: 'invitedBy', label: 'Invited by', cellProps: { color: 'fg.muted', wordBreak: 'break-all' }, cell: (i) => i.invitedByEmail ?? '—' },
    { key: 'sent', label: 'Sent', cellProps: { whiteSpace: 'nowrap' }, cell: (i) => formatDayAndTime(i.createdAt) },
    { key: 'expires', label: 'Expires', cellProps: { whiteSpace: 'nowrap' }, cell: (i) => formatDayAndTime(i.expiresAt) },
    {
      key: 'status',
      label: 'Status',
      cell: (i) => (
        <Stack gap="0.5">
          <StatusBadge status={i.status} map={STATUS} size="sm" alignSelf="start" />
          {i.status === 'used' && i.usedAt ? (
            <Text textStyle="xs" color="fg.muted">
              {formatDayAndTime(i.usedAt)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (invitation) => {
        if (invitation.status !== 'open') return null;
        const resending = resendingId === invitation.id;
        return (
          <HStack justify={{ base: 'start', md: 'end' }} gap="2" pt={{ base: '1', md: '0' }}>
            <Button
              size="xs"
              variant="outline"
              loading={resending}
              loadingText="Sending…"
              disabled={resendingId !== null && !resending}
              aria-label={`Resend the invitation to ${invitation.email}`}
              onClick={() => onResend(invitation)}
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={resending}
              aria-label={`Revoke the invitation to ${invitation.email}`}
              onClick={() => onRevoke(invitation)}
            >
              Revoke
            </Button>
          </HStack>
        );
      },
    },
  ];
  return <DataTable caption="Administrator invitations" columns={columns} rows={invitations} rowKey={(i) => i.id} />;
}
