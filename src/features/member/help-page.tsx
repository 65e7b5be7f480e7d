import { Alert, Box, Button, chakra, Container, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { CONTACT_EMAIL, ContactLink } from '../../components/contact-link';
import { TextAreaField, TextField } from '../../components/form-fields';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import { messageKeys } from '../../data/messages/keys';
import { startConversationOnce } from '../../data/messages/start-conversation';
import { useRequestIds } from '../../data/request-ids';
import { useTeamMembership } from '../../data/team/get-team-membership';
import { useSessionFacts } from '../../session/session-context';
import { MAX_SUBJECT, subjectProblem } from '../messages/start-conversation-dialog';
import { bodyProblem, MAX_BODY } from '../messages/reply-box';
import { useInPageLinkFocus } from './guide-parts';
import { FAQ_TOPICS, filterFaq, type FaqEntry } from './help-faq';

export const ASK_SECTION_ID = 'ask-the-network';

export interface HelpPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

function Answer({ entry, open }: { entry: FaqEntry; open: boolean }) {
  return (
    <chakra.details
      open={open}
      borderBottomWidth="1px"
      borderColor="border.muted"
      css={{ '&[open] > summary svg': { transform: 'rotate(90deg)' } }}
    >
      <chakra.summary
        display="flex"
        gap="2"
        alignItems="baseline"
        py="3"
        cursor="pointer"
        fontWeight="medium"
        listStyle="none"
        rounded="l1"
        css={{ '&::-webkit-details-marker': { display: 'none' } }}
        _hover={{ color: 'brand.fg' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <chakra.svg viewBox="0 0 16 16" width="3" height="3" flexShrink={0} aria-hidden="true" transition="transform 0.15s">
          <path d="M5 3l6 5-6 5z" fill="currentColor" />
        </chakra.svg>
        {entry.question}
      </chakra.summary>
      <Stack gap="3" pb="4" ps="5" maxW="65ch" lineHeight="1.7">
        {entry.answer.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        {entry.links ? (
          <Stack as="ul" direction="row" wrap="wrap" gap="4" listStyleType="none">
            {entry.links.map((link) => (
              <li key={link.to}>
                <Link asChild variant="underline" color="brand.fg">
                  <RouterLink to={link.to}>{link.label}</RouterLink>
                </Link>
              </li>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </chakra.details>
  );
}

/** The questions, by topic, narrowed by what the reader types. */
export function FaqSearch() {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const topics = useMemo(() => filterFaq(FAQ_TOPICS, query), [query]);
  const count = topics.reduce((sum, topic) => sum + topic.entries.length, 0);
  const searching = query.trim() !== '';

  return (
    <Stack as="section" aria-labelledby="faq-heading" gap="5">
      <Heading as="h2" id="faq-heading" size={{ base: 'xl', md: '2xl' }}>
        Questions and answers
      </Heading>
      <Stack role="search" gap="1.5" maxW="30rem">
        <chakra.label htmlFor={inputId} fontWeight="medium" textStyle="sm">
          Search the questions
        </chakra.label>
        <Input id={inputId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="For example: invitation, suspended, API" />
      </Stack>
      <Text role="status" textStyle="sm" color="fg.muted">
        {searching ? (count === 0 ? 'No question matches your search.' : `${count} ${count === 1 ? 'question matches' : 'questions match'} your search.`) : null}
      </Text>
      {count === 0 ? (
        <Text>
          Try other words, or{' '}
          <Link href={`#${ASK_SECTION_ID}`} variant="underline" color="brand.fg">
            ask the network
          </Link>{' '}
          directly.
        </Text>
      ) : (
        topics.map((topic) => (
          <Box as="section" key={topic.id} aria-labelledby={`faq-${topic.id}`}>
            <Heading as="h3" id={`faq-${topic.id}`} size="md" mb="1">
              {topic.title}
            </Heading>
            <Box borderTopWidth="1px" borderColor="border.muted">
              {/* While searching, the matches are open so their answers can be read at once; the reader can still close one. */}
              {topic.entries.map((entry) => (
                <Answer key={entry.id} entry={entry} open={searching} />
              ))}
            </Box>
          </Box>
        ))
      )}
    </Stack>
  );
}

function ContactDetails() {
  return (
    <Stack as="section" aria-labelledby="contact-heading" gap="3" borderWidth="1px" borderColor="border.muted" rounded="l3" p="5" bg="bg.subtle">
      <Heading as="h2" id="contact-heading" size="md">
        Contact the network
      </Heading>
      <Box as="dl" css={{ '& dt': { fontWeight: 'semibold', textStyle: 'sm' }, '& dd': { marginBottom: '3' } }}>
        <dt>Messages</dt>
        <dd>
          <Link asChild variant="underline" color="brand.fg">
            <RouterLink to="/dashboard/messages">Your organisation’s conversations</RouterLink>
          </Link>
          , or{' '}
          <Link href={`#${ASK_SECTION_ID}`} variant="underline" color="brand.fg">
            ask a question below
          </Link>
          . The quickest way: everyone in your organisation can read the answer.
        </dd>
        <dt>E-mail</dt>
        <dd>
          <ContactLink />. For appeals, for data protection (put “Data protection” in the subject), and whenever you cannot sign in.
        </dd>
        <dt>Security incidents</dt>
        <dd>Within 24 hours of becoming aware of them, by message or e-mail.</dd>
      </Box>
    </Stack>
  );
}

function AskForm({ client, organizationId }: { client: AccordClient; organizationId: string }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [startedId, setStartedId] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const requestIds = useRequestIds();
  const ask = useCommand({
    run: ({ subject, body }: { subject: string; body: string }) => startConversationOnce(client, requestIds, { organizationId, subject, body }),
    refresh: [messageKeys.unreadCount],
  });

  const submit = async () => {
    const next = { subject: subjectProblem(subject) ?? undefined, body: bodyProblem(body) ?? undefined };
    setErrors(next);
    if (next.subject || next.body) {
      document.querySelector<HTMLElement>(`[name="${next.subject ? 'subject' : 'body'}"]`)?.focus();
      return;
    }
    const result = await ask.run({ subject: subject.trim(), body });
    if (result.ok) {
      setStartedId(result.value);
      setSubject('');
      setBody('');
      // After the render that shows the confirmation.
      window.setTimeout(() => sentRef.current?.focus(), 0);
    }
  };

  if (startedId) {
    return (
      <Alert.Root status="success" ref={sentRef} tabIndex={-1} outline="none">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>Your question has been sent</Alert.Title>
          <Alert.Description>
            The network’s administrators will answer in Messages, where everyone in your organisation can read it and reply.{' '}
            <Link asChild variant="underline" fontWeight="semibold">
              <RouterLink to={`/dashboard/messages?c=${startedId}`}>Open the conversation</RouterLink>
            </Link>
          </Alert.Description>
          <Box>
            <Button size="sm" variant="outline" onClick={() => setStartedId(null)}>
              Ask another question
            </Button>
          </Box>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <chakra.form
      noValidate
      aria-labelledby={ASK_SECTION_ID}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="4" maxW="40rem">
        <TextField label="Subject" name="subject" required value={subject} onChange={setSubject} error={errors.subject} hint={`Up to ${MAX_SUBJECT} characters.`} />
        <TextAreaField label="Your question" name="body" required value={body} onChange={setBody} error={errors.body} maxChars={MAX_BODY} rows={6} />
        {ask.error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your question was not sent</Alert.Title>
              <Alert.Description>
                {ask.error} What you wrote is still here; try again, or write to {CONTACT_EMAIL}.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Box>
          <Button type="submit" loading={ask.busy} loadingText="Sending…">
            Send question
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}

function AskTheNetwork({ client }: { client: AccordClient }) {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const membership = useTeamMembership(userId, client);
  return (
    <Stack as="section" aria-labelledby={ASK_SECTION_ID} gap="4">
      <Heading as="h2" id={ASK_SECTION_ID} size={{ base: 'xl', md: '2xl' }} scrollMarginTop={{ base: '20', md: '32', xl: '24' }}>
        Ask the network
      </Heading>
      <Text maxW="65ch">
        Not answered above? Write to the network’s administrators. Your question starts a conversation in Messages, where the answer will appear
        and where you can send files with your replies.
      </Text>
      <QueryView
        query={membership}
        loading="Loading your organisation…"
        errorTitle="Your organisation could not be loaded"
        isEmpty={(m) => m === null}
        empty={
          <EmptyMessage title="You are not in an organisation">
            Questions are sent on behalf of an organisation, and your account does not belong to one yet. Write to {CONTACT_EMAIL} instead.
          </EmptyMessage>
        }
      >
        {(m) => (m ? <AskForm client={client} organizationId={m.organizationId} /> : null)}
      </QueryView>
    </Stack>
  );
}

/** /dashboard/help: questions members ask, the network's contact details, and a question that starts a conversation. */
export default function HelpPage({ client = supabase }: HelpPageProps = {}) {
  const onLinkClick = useInPageLinkFocus();
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }} onClick={onLinkClick}>
      <Stack gap={{ base: '8', md: '10' }}>
        <Stack gap="4" maxW="4xl">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Your organisation
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15">
            Help
          </Heading>
          <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="65ch">
            Answers to the questions members ask most about membership, the registry, your team, the API, data protection and billing. For
            step-by-step instructions, see the{' '}
            <Link asChild variant="underline" color="brand.fg">
              <RouterLink to="/dashboard/how-to">how-to guides</RouterLink>
            </Link>
            .
          </Text>
        </Stack>
        <ContactDetails />
        <FaqSearch />
        <AskTheNetwork client={client} />
      </Stack>
    </Container>
  );
}
