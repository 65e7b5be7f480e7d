import { chakra, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { TextareaInput } from '../../../components/form-controls';
import type { Command } from '../../../components/use-command';
import type { GrantAccessAnswer } from '../../../data/investor-access/call-grant-access';
import type { InvestorRequestRow } from '../../../data/investor-access/list-investor-requests';
import type { InvestorLevel } from '../../../data/investor-access/list-investors';
import { ExpiryField, expiryFromDay } from './expiry-field';
import { LevelField } from './level-field';

export interface GrantArgs {
  request: InvestorRequestRow;
  level: InvestorLevel;
  expiresAt: string | null;
}

export interface DeclineArgs {
  request: InvestorRequestRow;
  reason: string;
}

const REASON_MAX = 2000;

/** "Grant access": a level and an optional expiry; the e-mail with the sign-in link goes when it succeeds. */
export function GrantDialog({ request, grant, onClose }: { request: InvestorRequestRow; grant: Command<GrantArgs, GrantAccessAnswer>; onClose: () => void }) {
  const [level, setLevel] = useState<InvestorLevel>('lite');
  const [day, setDay] = useState('');
  const [dayError, setDayError] = useState<string | null>(null);
  const first = useRef<HTMLSelectElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);

  async function submit() {
    const expiry = expiryFromDay(day);
    if ('problem' in expiry) {
      setDayError(expiry.problem);
      expiryInput.current?.focus();
      return;
    }
    setDayError(null);
    const result = await grant.run({ request, level, expiresAt: expiry.expiresAt });
    if (result.ok) onClose();
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Grant access to ${request.name}`}
      description={`${request.email} will get an e-mail with a link that signs them in and opens the investor dashboard. An account is created for the address if it has none.`}
      submitLabel="Grant access"
      busyLabel="Granting…"
      busyMessage="Granting access and sending the e-mail…"
      busy={grant.busy}
      failure={grant.error}
      failureTitle="Access was not granted"
      onSubmit={() => void submit()}
      initialFocus={first}
    >
      <LevelField value={level} onChange={setLevel} disabled={grant.busy} selectRef={first} />
      <ExpiryField value={day} onChange={(next) => { setDay(next); setDayError(null); }} error={dayError} disabled={grant.busy} inputRef={expiryInput} />
    </FormDialog>
  );
}

/** "Decline": the reason is required, and e-mailed to the requester as written. */
export function DeclineDialog({ request, decline, onClose }: { request: InvestorRequestRow; decline: Command<DeclineArgs, GrantAccessAnswer>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const errorId = useId();
  const helpId = useId();

  async function submit() {
    const text = reason.trim();
    if (text === '') {
      setError('Write the reason the requester will read.');
      field.current?.focus();
      return;
    }
    if (text.length > REASON_MAX) {
      setError('A reason can be at most 2,000 characters.');
      field.current?.focus();
      return;
    }
    setError(null);
    const result = await decline.run({ request, reason: text });
    if (result.ok) onClose();
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Decline ${request.name}’s request`}
      description={`${request.email} will get an e-mail saying the request was declined, with your reason.`}
      submitLabel="Decline and send"
      busyLabel="Declining…"
      busyMessage="Declining and sending the e-mail…"
      busy={decline.busy}
      failure={decline.error}
      failureTitle="The request was not declined"
      onSubmit={() => void submit()}
      initialFocus={field}
    >
      <Stack gap="1.5">
        <chakra.label htmlFor={fieldId} fontWeight="medium" textStyle="sm">
          Reason (sent to the requester)
        </chakra.label>
        <TextareaInput
          ref={field}
          id={fieldId}
          name="reason"
          rows={5}
          value={reason}
          disabled={decline.busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : helpId}
          onChange={(e) => {
            setReason(e.target.value);
            if (error && e.target.value.trim() !== '') setError(null);
          }}
        />
        {error ? (
          <Text id={errorId} color="fg.error" textStyle="sm">
            {error}
          </Text>
        ) : (
          <Text id={helpId} color="fg.muted" textStyle="sm">
            Required. At most 2,000 characters.
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
