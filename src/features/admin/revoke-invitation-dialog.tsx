import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';

import { showToast } from '../../components/toast';
import type { AdminInvitation } from '../../data/admin/admin-invitations';

export interface RevokeInvitationDialogProps {
  /** The invitation to confirm, or null when the dialog is closed. */
  invitation: AdminInvitation | null;
  onClose: () => void;
  revoke: (invitationId: string) => Promise<void>;
}

/**
 * Revoking asks first (an alert dialog, focus on the safe choice): the link in
 * the invitee's e-mail stops working at once and cannot be brought back.
 */
export function RevokeInvitationDialog({ invitation, onClose, revoke }: RevokeInvitationDialogProps) {
  const [revoking, setRevoking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);

  async function confirm() {
    if (!invitation) return;
    setRevoking(true);
    setFailure(null);
    try {
      await revoke(invitation.id);
      showToast({
        type: 'success',
        title: 'Invitation revoked',
        description: `The link sent to ${invitation.email} no longer works.`,
      });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The invitation could not be revoked. Please try again.');
    } finally {
      setRevoking(false);
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={invitation !== null}
      onOpenChange={(details) => {
        if (details.open || revoking) return;
        setFailure(null);
        onClose();
      }}
      initialFocusEl={() => keep.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Revoke this invitation?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>
                  The invitation link sent to <Text as="strong">{invitation?.email}</Text> will stop working. You can invite
                  them again later.
                </Dialog.Description>
                {failure ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>The invitation was not revoked</Alert.Title>
                      <Alert.Description>{failure}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={keep} variant="outline" disabled={revoking}>
                  Keep it
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={revoking} loadingText="Revoking…">
                Revoke invitation
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
