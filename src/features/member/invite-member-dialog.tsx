import { Button, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';

import { emailMessage, emailProblem, isWellFormedEmail, trimEmail } from '../../../machines/email';
import { FormDialog } from '../../components/dialogs';
import { SelectInput } from '../../components/form-controls';
import { UserPlusIcon } from '../../components/status-icons';
import type { Command } from '../../components/use-command';
import type { TeamRole } from '../../data/team/get-team-membership';
import type { TenantInvitationSent } from '../../data/team/invite-member';

export interface InviteRequest {
  email: string;
  role: TeamRole;
}

export interface InviteMemberDialogProps {
  /** The invite command (useCommand); it toasts and refreshes on success. */
  invite: Command<InviteRequest, TenantInvitationSent>;
}

/**
 * "Invite a colleague": the address checked by the one e-mail rule
 * (machines/email.ts, which create_tenant_invitation() and invite-tenant apply
 * too) before anything is sent, a role, and the server's refusal shown in the
 * dialog with what was typed kept so it can be corrected.
 */
export function InviteMemberDialog({ invite }: InviteMemberDialogProps) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const helpId = useId();
  const roleId = useId();
  const roleHelpId = useId();

  const reset = () => {
    setEmail('');
    setRole('member');
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
    const result = await invite.run({ email: address, role });
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
          Invite a colleague
        </Button>
      }
      title="Invite a colleague"
      description="They will get an e-mail with a link that signs them in and adds them to your organisation. The link can be used once and expires after 7 days."
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
      <Stack gap="1.5">
        <chakra.label htmlFor={roleId} fontWeight="medium" textStyle="sm">
          Role
        </chakra.label>
        <SelectInput
          id={roleId}
          aria-describedby={roleHelpId}
          name="role"
          value={role}
          disabled={invite.busy}
          onChange={(e) => setRole(e.target.value === 'admin' ? 'admin' : 'member')}
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </SelectInput>
        <Text id={roleHelpId} textStyle="xs" color="fg.muted">
          Admins can invite people, change roles and remove members.
        </Text>
      </Stack>
    </FormDialog>
  );
}
