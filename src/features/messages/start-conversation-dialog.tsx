import { Button } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

import { FormDialog } from '../../components/dialogs';
import { TextAreaField, TextField } from '../../components/form-fields';
import type { Command } from '../../components/use-command';
import { MAX_BODY, bodyProblem } from './reply-box';

export const MAX_SUBJECT = 200;

export interface StartRequest {
  subject: string;
  body: string;
}

export interface StartConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The start command; it resolves to the new conversation's id. */
  start: Command<StartRequest, string>;
  /** Called with the new id once it exists (the page opens it). */
  onStarted: (conversationId: string) => void;
  /** What the dialog says it is for. */
  description: ReactNode;
  /** The back office's choice of organisation, above the subject. */
  before?: ReactNode;
  /** Checks the fields the caller added (the organisation); a sentence when something is missing. */
  checkBefore?: () => string | null;
  /** The button that opens it, when the page has one. */
  trigger?: ReactNode;
}

export function subjectProblem(subject: string): string | null {
  const trimmed = subject.trim();
  if (trimmed === '') return 'Give the conversation a subject.';
  if ([...trimmed].length > MAX_SUBJECT) return `Keep the subject to ${MAX_SUBJECT} characters or fewer.`;
  return null;
}

/**
 * "Start a conversation": a subject and the first message, checked before
 * anything is sent; a refusal shows inside with what was typed kept. Files go
 * with replies, once the conversation exists (decision 045).
 */
export function StartConversationDialog({ open, onOpenChange, start, onStarted, description, before, checkBefore, trigger }: StartConversationDialogProps) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});

  const reset = () => {
    setSubject('');
    setBody('');
    setErrors({});
    start.reset();
  };

  const submit = async () => {
    const beforeProblem = checkBefore?.() ?? null;
    const next = { subject: subjectProblem(subject) ?? undefined, body: bodyProblem(body) ?? undefined };
    setErrors(next);
    if (beforeProblem || next.subject || next.body) return;
    const result = await start.run({ subject: subject.trim(), body });
    if (result.ok) {
      onOpenChange(false);
      reset();
      onStarted(result.value);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      trigger={trigger}
      title="Start a conversation"
      description={description}
      submitLabel="Start conversation"
      busyLabel="Starting…"
      busyMessage="Starting the conversation…"
      busy={start.busy}
      failure={start.error}
      failureTitle="The conversation was not started"
      onSubmit={() => void submit()}
    >
      {before}
      <TextField label="Subject" name="subject" required value={subject} onChange={setSubject} error={errors.subject} hint={`Up to ${MAX_SUBJECT} characters.`} />
      <TextAreaField label="Message" name="body" required value={body} onChange={setBody} error={errors.body} maxChars={MAX_BODY} rows={6} />
    </FormDialog>
  );
}

/** The button that opens the dialog. */
export function StartConversationButton({ onClick, variant = 'solid' }: { onClick?: () => void; variant?: 'solid' | 'outline' }) {
  return (
    <Button variant={variant} onClick={onClick}>
      Start a conversation
    </Button>
  );
}
