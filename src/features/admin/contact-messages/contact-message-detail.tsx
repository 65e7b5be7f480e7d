import { Alert, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';

import { CONTACT_TOPICS, type ContactTopic } from '../../../../machines/visitor-request-form';
import { TextAreaField } from '../../../components/form-fields';
import { QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useCommand } from '../../../components/use-command';
import type { AccordClient } from '../../../data/client';
import { contactKeys } from '../../../data/contact/keys';
import { useContactMessage, type ContactMessage } from '../../../data/contact/get-contact-message';
import { useContactAnswers, type ContactAnswer } from '../../../data/contact/list-contact-answers';
import { replyToContactMessage, type ReplyOutcome } from '../../../data/contact/reply-to-contact-message';
import { resendContactAnswer } from '../../../data/contact/resend-contact-answer';
import { setContactMessageHandled } from '../../../data/contact/set-contact-message-handled';
import { DataError } from '../../../data/errors';
import { formatDayAndTime } from '../../../components/formats';
import { DELIVERY_STATUS, HANDLED_STATUS } from './contact-message-status';

const TOPIC_LABELS = Object.fromEntries(CONTACT_TOPICS) as Record<ContactTopic, string>;
const ANSWER_MAX = 10_000;

/** A kept answer whose e-mail failed: the command still succeeded (the answer is kept), and says so. */
type SendResult = ReplyOutcome | { delivery: 'failed'; message: string };

/** email_failed is an outcome, not a failure: the answer was kept, and the list shows it with "Send again". */
async function keptEvenIfNotMailed(send: () => Promise<ReplyOutcome>): Promise<SendResult> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof DataError && error.code === 'email_failed') return { delivery: 'failed', message: error.message };
    throw error;
  }
}

function sentToast(result: SendResult, name: string) {
  if (result.delivery === 'sent') return { title: 'Answer sent', description: `${name} will receive it by e-mail.` };
  if (result.delivery === 'sending') return { type: 'info' as const, title: 'The answer is being sent', description: 'Its state below updates in a moment.' };
  return { type: 'error' as const, title: 'The answer was kept but not e-mailed', description: 'message' in result ? result.message : '' };
}

export interface ContactMessageDetailProps {
  messageId: string;
  client: AccordClient;
  /** Back to the list (on narrow screens, where the list is hidden while a message is open). */
  onBack: () => void;
}

/** One Contact Us message: who wrote, about what and when, its answers with their e-mail's state, and the answer form. */
export function ContactMessageDetail({ messageId, client, onBack }: ContactMessageDetailProps) {
  const message = useContactMessage(messageId, client);
  return (
    <Stack gap="4">
      <Box display={{ base: 'block', lg: 'none' }}>
        <Button variant="outline" size="sm" onClick={onBack}>
          Back to messages
        </Button>
      </Box>
      <QueryView query={message} loading="Loading the message…" errorTitle="The message could not be loaded">
        {(data) => <MessageView message={data} client={client} />}
      </QueryView>
    </Stack>
  );
}

function MessageView({ message, client }: { message: ContactMessage; client: AccordClient }) {
  const headingId = useId();
  const refresh = [contactKeys.message(message.id), contactKeys.answers(message.id), contactKeys.listAll];
  const toggle = useCommand({
    run: (handled: boolean) => setContactMessageHandled(client, { id: message.id, handled }),
    refresh,
    success: (_, handled) => ({ title: handled ? 'Marked as handled' : 'Marked as not handled' }),
    failureToast: 'The message could not be changed',
  });

  return (
    <Stack as="article" aria-labelledby={headingId} gap="6" borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '6' }} bg="bg">
      <Stack gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id={headingId} minW="0" overflowWrap="anywhere">
            Message from {message.name}
          </Heading>
          <StatusBadge status={message.handled ? 'handled' : 'new'} map={HANDLED_STATUS} size="md" />
        </Flex>
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="4" rowGap="1" textStyle="sm">
          <Detail term="From" value={`${message.name} <${message.email}>`} />
          <Detail term="Organisation" value={message.organization ?? '—'} />
          <Detail term="Topic" value={TOPIC_LABELS[message.topic]} />
          <Detail term="Received" value={formatDayAndTime(message.createdAt)} />
        </Box>
        <Box as="blockquote" borderStartWidth="4px" borderColor="brand.solid" bg="bg.muted" p="3" borderRadius="l2" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {message.message}
        </Box>
        <Flex gap="3" align="center" wrap="wrap">
          <Button variant="outline" size="sm" loading={toggle.busy} onClick={() => void toggle.run(!message.handled)}>
            {message.handled ? 'Mark as not handled' : 'Mark as handled'}
          </Button>
          {message.handled && message.handledAt ? (
            <Text textStyle="xs" color="fg.muted">
              Handled {formatDayAndTime(message.handledAt)}
            </Text>
          ) : null}
        </Flex>
      </Stack>
      <Answers message={message} client={client} />
      <AnswerForm message={message} client={client} />
    </Stack>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Box as="dt" fontWeight="semibold" color="fg.muted">
        {term}
      </Box>
      <Box as="dd" m="0" overflowWrap="anywhere">
        {value}
      </Box>
    </>
  );
}

function Answers({ message, client }: { message: ContactMessage; client: AccordClient }) {
  const answers = useContactAnswers(message.id, client);
  const headingId = useId();
  const resend = useCommand({
    run: (answerId: string) => keptEvenIfNotMailed(() => resendContactAnswer(client, answerId)),
    refresh: [contactKeys.answers(message.id), contactKeys.listAll],
    success: (result) => sentToast(result, message.name),
    failureToast: 'The answer could not be sent',
  });
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h3" size="md" id={headingId}>
        Answers
      </Heading>
      <QueryView
        query={answers}
        loading="Loading the answers…"
        errorTitle="The answers could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <Text textStyle="sm" color="fg.muted">
            Not answered yet.
          </Text>
        }
      >
        {(data) => (
          <Stack as="ol" gap="3" listStyleType="none" p="0" m="0" aria-label="Answers">
            {data.map((answer) => (
              <AnswerItem
                key={answer.id}
                answer={answer}
                sending={resend.pending === answer.id}
                onResend={() => void resend.run(answer.id)}
              />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

function AnswerItem({ answer, sending, onResend }: { answer: ContactAnswer; sending: boolean; onResend: () => void }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p="3">
      <Flex justify="space-between" gap="2" align="flex-start" wrap="wrap">
        <Text textStyle="sm" color="fg.muted">
          {answer.answeredByName ?? 'A former administrator'} · {formatDayAndTime(answer.createdAt)}
        </Text>
        <StatusBadge status={answer.delivery} map={DELIVERY_STATUS} />
      </Flex>
      <Text mt="2" whiteSpace="pre-wrap" overflowWrap="anywhere">
        {answer.body}
      </Text>
      {answer.delivery === 'sent' && answer.deliveredAt ? (
        <Text mt="2" textStyle="xs" color="fg.muted">
          E-mailed {formatDayAndTime(answer.deliveredAt)}
        </Text>
      ) : null}
      {answer.delivery === 'failed' || answer.delivery === 'pending' ? (
        <Flex mt="2" gap="3" align="center" wrap="wrap">
          {answer.deliveryError ? (
            <Text textStyle="sm" color="fg.error" flex="1" minW="12rem">
              {answer.deliveryError}
            </Text>
          ) : null}
          <Button size="sm" variant="outline" loading={sending} onClick={onResend}>
            Send again
          </Button>
        </Flex>
      ) : null}
    </Box>
  );
}

function AnswerForm({ message, client }: { message: ContactMessage; client: AccordClient }) {
  const headingId = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The request's key: the same while the same text is sent again (a double
  // click, a retry after a network failure), so the server keeps one answer.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [notMailed, setNotMailed] = useState<string | null>(null);
  const send = useCommand({
    run: (text: string) => keptEvenIfNotMailed(() => replyToContactMessage(client, { messageId: message.id, body: text, requestId })),
    refresh: [contactKeys.message(message.id), contactKeys.answers(message.id), contactKeys.listAll],
    success: (result) => sentToast(result, message.name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.busy) return;
    const text = body.trim();
    if (text === '') return setProblem('Write the answer before sending it.');
    if ([...text].length > ANSWER_MAX) return setProblem('An answer can be at most 10,000 characters. Shorten it and try again.');
    setProblem(null);
    setNotMailed(null);
    const result = await send.run(body);
    // Kept (sent or not): the form is for the next answer; the kept one is listed above, with "Send again" if it was not e-mailed.
    if (result.ok) {
      setBody('');
      setRequestId(crypto.randomUUID());
      if ('message' in result.value) setNotMailed(result.value.message);
    }
  };

  const error = problem ?? send.error;
  return (
    <Stack asChild gap="3">
      <form aria-labelledby={headingId} onSubmit={(event) => void submit(event)} noValidate>
        <Heading as="h3" size="md" id={headingId}>
          Answer by e-mail
        </Heading>
        {notMailed ? (
          <Alert.Root status="warning" role="alert" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your answer was kept, but it was not e-mailed</Alert.Title>
              <Alert.Description>{notMailed}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <TextAreaField
          label="Your answer"
          name="answer"
          required
          rows={6}
          value={body}
          onChange={(value) => {
            setBody(value);
            setProblem(null);
            // Changed text is a new answer.
            setRequestId(crypto.randomUUID());
          }}
          maxChars={ANSWER_MAX}
          hint={`Sent to ${message.email}, with their message quoted below it.`}
          error={error ?? undefined}
        />
        <Box>
          <Button type="submit" loading={send.busy} loadingText="Sending…">
            Send answer
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
