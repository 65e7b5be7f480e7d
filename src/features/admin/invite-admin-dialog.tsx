import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';

import { emailMessage, emailProblem, isWellFormedEmail, trimEmail } from '../../../machines/email';
import { showToast } from '../../components/toast';
import type { AdminInvitationSent } from '../../data/admin/invite-admin';
import { UserPlusIcon } from '../../components/status-icons';

// The one e-mail rule (machines/email.ts), which create_admin_invitation() and
// the invite-admin function apply too, so a typo is caught here before a request is made.

export interface InviteAdminDialogProps {
  invite: (email: string) => Promise<AdminInvitationSent>;
}

/**
 * "Invite administrator": a labelled e-mail field, its validation message, a
 * sending state, the server's refusal shown in the dialog (the address kept so
 * it can be corrected), and a toast once the e-mail has gone.
 */
export function InviteAdminDialog({ invite }: InviteAdminDialogProps) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const helpId = useId();

  const reset = () => {
    setEmail('');
    setFieldError(null);
    setFailure(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = trimEmail(email);
    const problem = emailProblem(address);
    if (problem) {
      setFieldError(emailMessage(problem, 'invitee'));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setFailure(null);
    setSending(true);
    try {
      const sent = await invite(address);
      setOpen(false);
      reset();
      showToast({
        type: 'success',
        title: 'Invitation sent',
        description: `We e-mailed an invitation to ${sent.email}. The link expires in 7 days.`,
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The invitation could not be sent. Please try again.');
      input.current?.focus();
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        // Not while sending: the outcome must have somewhere to be shown.
        if (sending) return;
        setOpen(details.open);
        if (!details.open) reset();
      }}
      initialFocusEl={() => input.current}
      placement="center"
      size={{ mdDown: 'full', md: 'md' }}
    >
      <Dialog.Trigger asChild>
        <Button>
          <UserPlusIcon />
          Invite administrator
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Invite an administrator</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description color="fg.muted">
                    They will get an e-mail with a link that signs them in and makes them a system administrator of the
                    network. The link can be used once and expires after 7 days.
                  </Dialog.Description>
                  {failure ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>The invitation was not sent</Alert.Title>
                        <Alert.Description>{failure}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  <Field.Root invalid={fieldError !== null} ids={{ control: inputId, errorText: errorId, helperText: helpId }}>
                    <Field.Label>E-mail address</Field.Label>
                    <Input
                      ref={input}
                      type="email"
                      name="email"
                      autoComplete="off"
                      inputMode="email"
                      spellCheck={false}
                      value={email}
                      disabled={sending}
                      onChange={(e) => {
                        setEmail(e.target.value);
                        if (fieldError && isWellFormedEmail(e.target.value)) setFieldError(null);
                      }}
                    />
                    {fieldError ? (
                      <Field.ErrorText>{fieldError}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>Use the address they will sign in with.</Field.HelperText>
                    )}
                  </Field.Root>
                  {sending ? (
                    <Text role="status" color="fg.muted" textStyle="sm">
                      Sending the invitation…
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={sending}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={sending} loadingText="Sending…">
                  Send invitation
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild disabled={sending}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
