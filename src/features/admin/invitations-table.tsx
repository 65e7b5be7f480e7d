import { Badge, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';

import type { AdminInvitation, AdminInvitationStatus } from '../../data/admin/admin-invitations';
import { formatDayAndTime } from './format-date';
import { StackedBody, StackedCell, StackedColumnHeader, StackedHeader, StackedRow, StackedTable } from './stacked-table';

const STATUS: Record<AdminInvitationStatus, { label: string; palette: string }> = {
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
  return (
    <StackedTable caption="Administrator invitations">
      <StackedHeader>
        <StackedColumnHeader>E-mail</StackedColumnHeader>
        <StackedColumnHeader>Invited by</StackedColumnHeader>
        <StackedColumnHeader>Sent</StackedColumnHeader>
        <StackedColumnHeader>Expires</StackedColumnHeader>
        <StackedColumnHeader>Status</StackedColumnHeader>
        <StackedColumnHeader textAlign="end">
          <VisuallyHidden>Actions</VisuallyHidden>
        </StackedColumnHeader>
      </StackedHeader>
      <StackedBody>
        {invitations.map((invitation) => {
          const status = STATUS[invitation.status];
          const resending = resendingId === invitation.id;
          return (
            <StackedRow key={invitation.id}>
              <StackedCell fontWeight="medium" wordBreak="break-all">
                {invitation.email}
              </StackedCell>
              <StackedCell label="Invited by" color="fg.muted" wordBreak="break-all">
                {invitation.invitedByEmail ?? '—'}
              </StackedCell>
              <StackedCell label="Sent" whiteSpace="nowrap">
                {formatDayAndTime(invitation.createdAt)}
              </StackedCell>
              <StackedCell label="Expires" whiteSpace="nowrap">
                {formatDayAndTime(invitation.expiresAt)}
              </StackedCell>
              <StackedCell label="Status">
                <Stack gap="0.5">
                  <Badge colorPalette={status.palette} alignSelf="start">
                    {status.label}
                  </Badge>
                  {invitation.status === 'used' && invitation.usedAt ? (
                    <Text textStyle="xs" color="fg.muted">
                      {formatDayAndTime(invitation.usedAt)}
                    </Text>
                  ) : null}
                </Stack>
              </StackedCell>
              <StackedCell textAlign={{ md: 'end' }}>
                {invitation.status === 'open' ? (
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
                ) : null}
              </StackedCell>
            </StackedRow>
          );
        })}
      </StackedBody>
    </StackedTable>
  );
}
