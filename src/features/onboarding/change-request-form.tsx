import { Alert, Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ChangeEvent, type FormEvent } from 'react';

import { FILE_RULES } from '../../../machines/onboarding-form';
import { TextareaInput } from '../../components/form-controls';
import { UploadProgress } from '../../components/upload-progress';
import { useChangeRequestResponse } from './use-change-request-response';

/** The applicant's answer to an open change request: text, an optional new proof of registration, Send. */
export function ChangeRequestForm({ organizationId, onAnswered }: { organizationId: string; onAnswered: () => void }) {
  const flow = useChangeRequestResponse(organizationId, onAnswered);
  const id = useId();
  const answerId = `${id}-answer`;
  const answerErrorId = `${id}-answer-error`;
  const fileId = `${id}-file`;
  const fileHintId = `${id}-file-hint`;
  const fileErrorId = `${id}-file-error`;
  const answer = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (flow.responseError) answer.current?.focus();
  }, [flow.responseError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.send();
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) flow.chooseFile(file);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Answer the change request">
      <Stack gap="4">
        {flow.failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your answer was not sent</Alert.Title>
              <Alert.Description>{flow.failure} What you wrote is still here.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Stack gap="1.5">
          <chakra.label htmlFor={answerId} fontWeight="medium" textStyle="sm">
            Your answer
          </chakra.label>
          <TextareaInput
            ref={answer}
            id={answerId}
            name="response"
            rows={4}
            value={flow.response}
            onChange={(event) => flow.changeResponse(event.target.value)}
            aria-invalid={flow.responseError ? true : undefined}
            aria-describedby={flow.responseError ? answerErrorId : undefined}
          />
          {flow.responseError ? (
            <Text id={answerErrorId} textStyle="sm" color="fg.error">
              {flow.responseError}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="1.5">
          <chakra.label htmlFor={fileId} fontWeight="medium" textStyle="sm">
            New proof of registration{' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          </chakra.label>
          <Text id={fileHintId} textStyle="xs" color="fg.muted">
            If the reviewer asked for a new document. PDF, PNG or JPEG, up to 10 MB.
          </Text>
          {flow.file ? (
            <Flex align="center" gap="3" bg="bg.subtle" borderRadius="l2" p="3">
              <Box flex="1" minW="0">
                <Text fontWeight="medium" truncate>
                  {flow.file.name}
                </Text>
              </Box>
              <Button size="sm" variant="outline" onClick={flow.removeFile} disabled={flow.isSending} aria-label={`Remove ${flow.file.name}`}>
                Remove
              </Button>
            </Flex>
          ) : (
            <chakra.input
              id={fileId}
              type="file"
              name="document"
              accept={FILE_RULES.proof.types.join(',')}
              onChange={choose}
              fontSize="sm"
              aria-invalid={flow.fileError ? true : undefined}
              aria-describedby={flow.fileError ? `${fileHintId} ${fileErrorId}` : fileHintId}
            />
          )}
          <UploadProgress tracker={flow.upload} />
          {flow.fileError ? (
            <Text id={fileErrorId} textStyle="sm" color="fg.error">
              {flow.fileError}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" loading={flow.isSending} loadingText="Sending…" alignSelf={{ sm: 'flex-start' }}>
          Send answer
        </Button>
      </Stack>
    </form>
  );
}
