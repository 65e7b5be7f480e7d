import { Alert, Box, Button, CloseButton, Flex, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { reachability as appReachability } from '../../data/app-reachability';
import type { ReachabilityStore } from '../../data/reachability';
import { useReachability } from '../../data/use-reachability';

import { formatCount } from '../../components/formats';
import { TextareaInput } from '../../components/form-controls';
import { addFiles, FILE_ACCEPT, MAX_FILES_PER_MESSAGE } from './attachment-rules';
import { formatFileSize } from './conversation-format';

/** A message's longest body (conversation_messages_body_check). */
export const MAX_BODY = 10_000;

export type SendOutcome = { ok: true } | { ok: false; message: string };

export interface ReplyBoxProps {
  /** The field's label ("Your reply"). */
  label: string;
  /** Sends the message and its files; the box clears only when this says ok. */
  onSend: (message: { body: string; files: File[] }) => Promise<SendOutcome>;
  /** The button's words ("Send reply"). */
  submitLabel?: string;
  /** Whether Accord can be reached (the app's one store; tests pass their own). */
  reachability?: ReachabilityStore;
}

/** Why a body cannot be sent, or null. */
export function bodyProblem(body: string): string | null {
  if (body.trim() === '') return 'Write a message before sending.';
  if (body.length > MAX_BODY) return `Write at most 10,000 characters; this message has ${formatCount(body.length)}.`;
  return null;
}

/**
 * Writing a message: the text, files (PDF, PNG or JPEG up to 10 MB each,
 * checked when chosen), Send or Ctrl/Cmd+Enter. On a failure the text and
 * files stay and the reason shows above the field; nothing is lost. When the
 * failure was Accord being unreachable, the message is sent again by itself
 * once Accord is back (issue 28): onSend carries the same request id for the
 * same words, so a send whose answer was lost is not stored twice.
 */
export function ReplyBox({ label, onSend, submitLabel = 'Send', reachability = appReachability }: ReplyBoxProps) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Failed because Accord could not be reached: sent again when it is back.
  const [waitingForAccord, setWaitingForAccord] = useState(false);
  const reachable = useReachability(reachability);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const pickerId = useId();
  const fieldId = useId();

  const send = async () => {
    if (busy) return;
    const problem = bodyProblem(body);
    setBodyError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    setWaitingForAccord(false);
    const outcome = await onSend({ body, files });
    setBusy(false);
    if (outcome.ok) {
      setBody('');
      setFiles([]);
      setProblems([]);
    } else {
      setFailure(outcome.message);
      const state = reachability.get();
      setWaitingForAccord(state === 'unreachable' || state === 'offline');
    }
  };

  // Sent again once, when Accord is back; a failure then waits for the next return.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    if (waitingForAccord && reachable === 'back') void sendRef.current();
  }, [waitingForAccord, reachable]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  const choose = (chosen: FileList | null) => {
    const result = addFiles(files, Array.from(chosen ?? []));
    setFiles(result.files);
    setProblems(result.problems);
    // The same file can be chosen again after it was removed.
    if (picker.current) picker.current.value = '';
  };

  return (
    <chakra.form display="flex" flexDirection="column" gap="3" onSubmit={submit} noValidate aria-busy={busy}>
      {failure ? (
        <Alert.Root status={waitingForAccord ? 'warning' : 'error'} role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{waitingForAccord ? 'Your message is not sent yet' : 'Your message was not sent'}</Alert.Title>
            <Alert.Description>
              {waitingForAccord ? 'Accord can’t be reached right now. What you wrote stays here and is sent as soon as Accord is back.' : failure}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Stack gap="1.5">
        <chakra.label htmlFor={fieldId} fontWeight="medium" textStyle="sm">
          {label}
        </chakra.label>
        <TextareaInput
          id={fieldId}
          aria-invalid={bodyError ? true : undefined}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (bodyError) setBodyError(null);
          }}
          onKeyDown={keyDown}
          aria-describedby={bodyError ? `${fieldId}-error ${hintId}` : hintId}
          rows={4}
        />
        {bodyError ? (
          <Text id={`${fieldId}-error`} textStyle="sm" color="fg.error">
            {bodyError}
          </Text>
        ) : null}
        <Text id={hintId} textStyle="xs" color="fg.muted">
          Press Ctrl+Enter (⌘+Enter on a Mac) to send. Files: PDF, PNG or JPEG, up to 10 MB each, at most {MAX_FILES_PER_MESSAGE}.
        </Text>
      </Stack>
      {problems.length > 0 ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problems.length === 1 ? 'A file was not added' : 'Some files were not added'}</Alert.Title>
            <Alert.Description>
              <chakra.ul m="0" ps="4">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </chakra.ul>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {files.length > 0 ? (
        <chakra.ul aria-label="Files to send" listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="1">
          {files.map((file, index) => (
            <chakra.li key={`${file.name}-${index}`} display="flex" alignItems="center" gap="2" minW="0">
              <Text truncate textStyle="sm" minW="0">
                {file.name}
              </Text>
              <Text textStyle="xs" color="fg.muted" flexShrink={0}>
                {formatFileSize(file.size)}
              </Text>
              <CloseButton
                size="2xs"
                aria-label={`Remove ${file.name}`}
                disabled={busy}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              />
            </chakra.li>
          ))}
        </chakra.ul>
      ) : null}
      <Flex gap="2" justify="space-between" wrap="wrap">
        <Box>
          <VisuallyHidden asChild>
            <input
              ref={picker}
              id={pickerId}
              type="file"
              multiple
              accept={FILE_ACCEPT}
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => choose(event.target.files)}
            />
          </VisuallyHidden>
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => picker.current?.click()}>
            Attach files
          </Button>
        </Box>
        <Button type="submit" size="sm" loading={busy} loadingText="Sending…">
          {submitLabel}
        </Button>
      </Flex>
    </chakra.form>
  );
}
