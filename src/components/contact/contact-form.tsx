import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { CONTACT_TOPICS, LIMITS } from '../../../machines/visitor-request-form';
import { SelectField, TextAreaField, TextField } from '../form-fields';
import { RequestFailureAlert } from '../visitor-request/request-failure-alert';
import type { VisitorRequestFlow } from '../visitor-request/use-visitor-request';

export const CONTACT_SEND_LABEL = 'Send message';
export const CONTACT_REPLY_TIME = 'two business days';
const TOPIC_OPTIONS = CONTACT_TOPICS.map(([value, label]) => ({ value, label }));

export type ContactFlow = VisitorRequestFlow<'contact'>;

/** The message fields, the form-level failure and the privacy note; the Send button is the caller's. */
export function ContactFields({ flow, onNavigate }: { flow: ContactFlow; onNavigate?: () => void }) {
  const { values, errors, change } = flow;
  return (
    <Stack gap="4">
      {flow.failure ? <RequestFailureAlert failure={flow.failure} title="Your message was not sent" sendLabel={CONTACT_SEND_LABEL} /> : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Your name"
          name="name"
          required
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(name) => change({ name })}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          hint="We reply to this address."
          onChange={(email) => change({ email })}
        />
      </SimpleGrid>
      <TextField
        label="Organisation"
        name="organization"
        autoComplete="organization"
        value={values.organization}
        error={errors.organization}
        onChange={(organization) => change({ organization })}
      />
      <SelectField
        label="Topic"
        name="topic"
        required
        placeholder="Choose a topic"
        options={TOPIC_OPTIONS}
        value={values.topic}
        error={errors.topic}
        onChange={(topic) => change({ topic: topic as typeof values.topic })}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxChars={LIMITS.contactMessage}
        value={values.message}
        error={errors.message}
        onChange={(message) => change({ message })}
      />
      <Text textStyle="xs" color="fg.muted">
        We use these details only to answer your message. See our{' '}
        <Link asChild variant="underline" color="brand.fg">
          <RouterLink to="/privacy" onClick={onNavigate}>
            privacy policy
          </RouterLink>
        </Link>
        .
      </Text>
    </Stack>
  );
}

/** What the person sees once the message is stored: that it arrived, and when to expect an answer. */
export function ContactMessageSent({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone: move them to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="3" role="region" aria-labelledby="contact-message-sent">
      <Heading as="h3" id="contact-message-sent" ref={heading} tabIndex={-1} size="md" outline="none">
        Message sent
      </Heading>
      <Text>
        Thank you. A person on the Accord team reads every message and will reply to{' '}
        <Text as="strong" fontWeight="semibold" overflowWrap="anywhere">
          {email}
        </Text>
        , usually within {CONTACT_REPLY_TIME}.
      </Text>
      <Text textStyle="sm" color="fg.muted">
        No answer by then? Check your spam folder, or write to us directly at the address above.
      </Text>
    </Stack>
  );
}
