import { Alert, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { TextareaInput } from '../../components/form-controls';
import { useCommand } from '../../components/use-command';
import { applicationKeys } from '../../data/applications/keys';
import { reviewApplication, type ReviewAction } from '../../data/applications/review-application';
import { supabase } from '../../data/client';

type Mode = ReviewAction | null;

const COPY = {
  approve: {
    button: 'Approve',
    confirm: 'Approve and publish',
    busy: 'Approving…',
    explain: 'The organisation is published in the trust registry from now on, its members reach the dashboard, and the applicant is e-mailed.',
    toast: 'Application approved',
  },
  reject: {
    button: 'Reject',
    confirm: 'Reject application',
    busy: 'Rejecting…',
    explain: 'The applicant is e-mailed this reason and sees it on their application page. The organisation is not published.',
    toast: 'Application rejected',
    label: 'Reason for the rejection',
    required: 'Give the applicant a reason for the rejection.',
  },
  request_changes: {
    button: 'Request changes',
    confirm: 'Send request',
    busy: 'Sending…',
    explain: 'The applicant is e-mailed this message and answers it on their application page. The application stays under review.',
    toast: 'Changes requested',
    label: 'What should the applicant change or add?',
    required: 'Tell the applicant what to change.',
  },
} as const;

/** Approve / Reject (reason required) / Request changes (message required), inline under the application. */
export function ReviewActions({ organizationId, organizationName }: { organizationId: string; organizationName: string }) {
  const [mode, setMode] = useState<Mode>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const review = useCommand({
    run: (params: { action: ReviewAction; reason?: string; message?: string }) => reviewApplication(supabase, { organizationId, ...params }),
    refresh: [applicationKeys.queue, applicationKeys.detail(organizationId)],
    // Saved, but the applicant's e-mail may not have gone: a warning says so.
    success: (outcome, params) => ({
      type: outcome.notified ? 'success' : 'warning',
      title: COPY[params.action].toast,
      description: outcome.notified
        ? `${organizationName}: the applicant was e-mailed.`
        : `${organizationName}: ${outcome.mailError ?? 'the e-mail to the applicant could not be sent.'}`,
    }),
    failureToast: 'The decision was not saved',
  });
  const { busy, error: failure } = review;
  const id = useId();
  const textId = `${id}-text`;
  const errorId = `${id}-error`;
  const field = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === 'approve') confirmButton.current?.focus();
    else if (mode) field.current?.focus();
  }, [mode]);

  const open = (next: Mode) => {
    setMode(next);
    setText('');
    setError(null);
    review.reset();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mode) return;
    if (mode !== 'approve' && text.trim() === '') {
      setError(COPY[mode].required);
      field.current?.focus();
      return;
    }
    const result = await review.run(
      mode === 'approve' ? { action: mode } : mode === 'reject' ? { action: mode, reason: text.trim() } : { action: mode, message: text.trim() },
    );
    if (result.ok) setMode(null);
  }

  if (!mode) {
    return (
      <Flex gap="3" wrap="wrap">
        <Button onClick={() => open('approve')}>{COPY.approve.button}</Button>
        <Button variant="outline" onClick={() => open('request_changes')}>
          {COPY.request_changes.button}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => open('reject')}>
          {COPY.reject.button}
        </Button>
      </Flex>
    );
  }

  const copy = COPY[mode];
  return (
    <chakra.form noValidate onSubmit={submit} aria-label={copy.button} borderWidth="1px" borderRadius="l3" p="4" bg="bg.subtle">
      <Stack gap="3">
        <Text>{copy.explain}</Text>
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The decision was not saved</Alert.Title>
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {mode !== 'approve' ? (
          <Stack gap="1.5">
            <chakra.label htmlFor={textId} fontWeight="medium" textStyle="sm">
              {COPY[mode].label}
            </chakra.label>
            <TextareaInput
              ref={field}
              id={textId}
              rows={4}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error && event.target.value.trim() !== '') setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error ? (
              <Text id={errorId} textStyle="sm" color="fg.error">
                {error}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <Flex gap="3" wrap="wrap">
          <Button
            ref={confirmButton}
            type="submit"
            loading={busy}
            loadingText={copy.busy}
            colorPalette={mode === 'reject' ? 'red' : 'brand'}
          >
            {copy.confirm}
          </Button>
          <Button variant="ghost" onClick={() => open(null)} disabled={busy}>
            Cancel
          </Button>
        </Flex>
      </Stack>
    </chakra.form>
  );
}
