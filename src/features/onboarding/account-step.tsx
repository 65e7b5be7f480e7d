import { Alert, Box, Button, Field, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { MailIcon } from '../../components/icons';
import type { OnboardingFlow } from './use-onboarding';

/** Step 1 for a visitor: an e-mail address and a sign-up link; the link signs them in and brings them back. */
export function SignUpStep({ flow }: { flow: OnboardingFlow }) {
  return flow.linkSent ? <LinkSent flow={flow} /> : <SignUpForm flow={flow} />;
}

function SignUpForm({ flow }: { flow: OnboardingFlow }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (flow.emailError) input.current?.focus();
  }, [flow.emailError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.sendLink();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Create your account">
      <Stack gap="5">
        <Text color="fg.muted">
          Start with the work e-mail address you will use to sign in. We will send you a link: open it and you come back here,
          signed in, to fill in the application. Everything you enter is saved as you go.
        </Text>
        {flow.failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>We couldn't send the link</Alert.Title>
              <Alert.Description>{flow.failure.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Field.Root invalid={flow.emailError !== null} required ids={{ errorText: errorId, helperText: hintId }}>
          <Field.Label>
            Work e-mail
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={input}
            type="email"
            name="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@organisation.org"
            size="lg"
            value={flow.email}
            onChange={(event) => flow.changeEmail(event.target.value)}
            aria-invalid={flow.emailError ? true : undefined}
            aria-describedby={flow.emailError ? `${hintId} ${errorId}` : hintId}
          />
          <Field.HelperText id={hintId}>You will be the organisation's first administrator.</Field.HelperText>
          {flow.emailError ? <Field.ErrorText id={errorId}>{flow.emailError}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" size="lg" loading={flow.isSending} loadingText="Sending link…" alignSelf={{ sm: 'flex-start' }}>
          Send sign-up link
        </Button>
        <Text textStyle="sm" color="fg.muted">
          Already a member?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">Sign in</RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}

function LinkSent({ flow }: { flow: OnboardingFlow }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="5">
      <Flex boxSize="12" rounded="full" bg="brand.subtle" color="brand.fg" align="center" justify="center">
        <MailIcon boxSize="6" />
      </Flex>
      <Heading as="h3" size="lg" ref={heading} tabIndex={-1} outline="none">
        Check your inbox
      </Heading>
      <Text>
        We sent a sign-up link to{' '}
        <Box as="strong" fontWeight="semibold" wordBreak="break-all">
          {flow.sentTo}
        </Box>
        . Open it in this browser to continue your application.
      </Text>
      {flow.resent && !flow.failure ? (
        <Text role="status" textStyle="sm" color="fg.success">
          We sent a new link. It replaces the previous one.
        </Text>
      ) : null}
      {flow.failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>We couldn't send a new link</Alert.Title>
            <Alert.Description>{flow.failure.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" onClick={flow.resendLink} loading={flow.isSending} loadingText="Sending…">
          Resend link
        </Button>
        <Button variant="ghost" onClick={flow.editEmail} disabled={flow.isSending}>
          Use a different e-mail
        </Button>
      </Flex>
    </Stack>
  );
}

/** Step 1 signed in: who is applying. */
export function AccountConfirmation({ flow }: { flow: OnboardingFlow }) {
  return (
    <Stack gap="3">
      <Text>
        You are signed in as{' '}
        <Box as="strong" fontWeight="semibold" wordBreak="break-all">
          {flow.accountEmail}
        </Box>
        . The application will be linked to this account, and you will be the organisation's first administrator.
      </Text>
      <Text color="fg.muted" textStyle="sm">
        It takes about ten minutes. Have your company registration details and a proof of registration (PDF, PNG or JPEG) ready.
        Everything you enter is saved as you go, so you can come back to it on any device.
      </Text>
    </Stack>
  );
}
