import { Box, Button, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { INVESTOR_KINDS, LIMITS } from '../../../machines/visitor-request-form';
import { ContactLink } from '../../components/contact-link';
import { SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { RequestFailureAlert } from '../../components/visitor-request/request-failure-alert';
import { useVisitorRequest } from '../../components/visitor-request/use-visitor-request';
import { REVIEW_TIME } from './investor-copy';

const SEND_LABEL = 'Request access';
const KIND_OPTIONS = INVESTOR_KINDS.map(([value, label]) => ({ value, label }));

/** The request form, then, once sent, what happens next. */
export function InvestorAccessForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const flow = useVisitorRequest('investorAccess', formRef);
  const { values, errors, change } = flow;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.submit();
  };

  if (flow.isSubmitted) return <RequestReceived email={flow.sentTo ?? values.email} />;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="investor-access-form-title">
      <Stack gap="5">
        <Heading as="h2" id="investor-access-form-title" size="lg">
          Your details
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          Fields marked{' '}
          <Text as="span" color="fg.error">
            *
          </Text>{' '}
          are required.
        </Text>
        {flow.failure ? <RequestFailureAlert failure={flow.failure} title="Your request was not sent" sendLabel={SEND_LABEL} /> : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <TextField
            label="Full name"
            name="name"
            required
            autoComplete="name"
            value={values.name}
            error={errors.name}
            onChange={(name) => change({ name })}
          />
          <TextField
            label="Work e-mail"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            hint="If we grant access, your sign-in link comes to this address."
            onChange={(email) => change({ email })}
          />
        </SimpleGrid>
        <TextField
          label="Fund, firm or organisation"
          name="organization"
          required
          autoComplete="organization"
          value={values.organization}
          error={errors.organization}
          hint="If you invest on your own account, write “Private investor”."
          onChange={(organization) => change({ organization })}
        />
        <SelectField
          label="Kind of investor"
          name="kind"
          required
          placeholder="Choose one"
          options={KIND_OPTIONS}
          value={values.kind}
          error={errors.kind}
          onChange={(kind) => change({ kind: kind as typeof values.kind })}
        />
        <TextAreaField
          label="Message"
          name="message"
          maxChars={LIMITS.investorMessage}
          value={values.message}
          error={errors.message}
          hint="Your investment focus, or what you would like to know."
          onChange={(message) => change({ message })}
        />
        <Text textStyle="xs" color="fg.muted">
          We use these details only to review your request and to write to you about it. See our{' '}
          <Link asChild variant="underline" color="brand.fg">
            <RouterLink to="/privacy">privacy policy</RouterLink>
          </Link>
          .
        </Text>
        <Button type="submit" size="lg" loading={flow.isSubmitting} loadingText="Sending request…" alignSelf={{ sm: 'flex-start' }}>
          {SEND_LABEL}
        </Button>
      </Stack>
    </form>
  );
}

function RequestReceived({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone: move them to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="4" role="region" aria-labelledby="investor-access-received">
      <Heading as="h2" id="investor-access-received" ref={heading} tabIndex={-1} size="lg" outline="none">
        Thank you. We have your request.
      </Heading>
      <Text>
        A person on the Accord team reviews every request, usually within {REVIEW_TIME}. We will write to{' '}
        <Text as="strong" fontWeight="semibold" overflowWrap="anywhere">
          {email}
        </Text>{' '}
        with our answer.
      </Text>
      <Box as="ol" ps="5" listStyleType="decimal" css={{ '& li + li': { marginTop: '2' } }}>
        <li>If we grant access, that e-mail carries a sign-in link. There is no password to set up.</li>
        <li>
          The link opens the investor area at the level granted: the lite dashboard with updates and key figures, or the
          data room as well.
        </li>
        <li>If we need to know more first, we will ask you by e-mail.</li>
      </Box>
      <Text color="fg.muted" textStyle="sm">
        Nothing after {REVIEW_TIME}? Check your spam folder, or write to <ContactLink />.
      </Text>
      <Link asChild variant="underline" color="brand.fg" alignSelf="flex-start">
        <RouterLink to="/investors">Back to the investor overview</RouterLink>
      </Link>
    </Stack>
  );
}
