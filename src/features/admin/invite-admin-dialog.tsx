import { Button, Field, Input } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';

import { emailMessage, emailProblem, isWellFormedEmail, trimEmail } from '../../../machines/email';
import { FormDialog } from '../../components/dialogs';
import { UserPlusIcon } from '../../components/status-icons';
import type { Command } from '../../components/use-command';
import type { AdminInvitationSent } from '../../data/admin/invite-admin';

// The one e-mail rule (machines/email.ts), which create_admin_invitation() and
// the invite-admin function apply too, so a typo is caught here before a request is made.

export interface InviteAdminDialogProps {
  /** The invite command (useCommand); it toasts and refreshes on success. */
  invite: Command<string, AdminInvitationSent>;
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
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const helpId = useId();

  const reset = () => {
    setEmail('');
    setFieldError(null);
    invite.reset();
  };

  async function submit() {
    const address = trimEmail(email);
    const problem = emailProblem(address);
    if (problem) {
      setFieldError(emailMessage(problem, 'invitee'));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    const result = await invite.run(address);
    if (result.ok) {
      setOpen(false);
      reset();
    } else {
      input.current?.focus();
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={
        <Button>
          <UserPlusIcon />
          Invite administrator
        </Button>
      }
      title="Invite an administrator"
      description="They will get an e-mail with a link that signs them in and makes them a system administrator of the network. The link can be used once and expires after 7 days."
      submitLabel="Send invitation"
      busyLabel="Sending…"
      busyMessage="Sending the invitation…"
      busy={invite.busy}
      failure={invite.error}
      failureTitle="The invitation was not sent"
      onSubmit={() => void submit()}
      initialFocus={input}
    >
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
          disabled={invite.busy}
          onChange={(e) => {
            setEmail(e.target.value);
            if (fieldError && isWellFormedEmail(e.target.value)) setFieldError(null);
          }}
        />
        {fieldError ? <Field.ErrorText>{fieldError}</Field.ErrorText> : <Field.HelperText>Use the address they will sign in with.</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}
