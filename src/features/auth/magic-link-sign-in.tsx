import { Alert, Box, Button, Card, Container, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

import type { MagicLinkAudience } from '../../../machines/magic-link.machine';
import { MailIcon } from '../../components/icons';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { ProviderSignIn } from './provider-sign-in';
import { useMagicLinkSignIn } from './use-magic-link-sign-in';

export interface MagicLinkSignInProps {
  audience: MagicLinkAudience;
  title: string;
  intro: ReactNode;
  emailLabel: string;
  /** Links under the card, e.g. to the other login screen. */
  footer?: ReactNode;
}

const FAILURE_TITLES = {
  send: "We couldn't send the link",
  resend: "We couldn't send a new link",
  verify: "That code didn't work",
} as const;

/** The e-mail → "check your inbox" → optional code sign-in shared by both login screens. */
export function MagicLinkSignIn({ audience, title, intro, emailLabel, footer }: MagicLinkSignInProps) {
  const flow = useMagicLinkSignIn(audience);

  return (
    <Container maxW="lg" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        <Card.Root variant="outline" bg="bg">
          <Card.Body p={{ base: '5', md: '8' }}>
            {flow.step === 'email' ? (
              <>
                <EmailStep flow={flow} label={emailLabel} />
                <ProviderSignIn audience={audience} />
              </>
            ) : (
              <CodeStep flow={flow} />
            )}
          </Card.Body>
        </Card.Root>
        {footer ? (
          <Text textStyle="sm" color="fg.muted" textAlign="center">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}

type Flow = ReturnType<typeof useMagicLinkSignIn>;

function FailureAlert({ kind, message }: { kind: keyof typeof FAILURE_TITLES; message: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{FAILURE_TITLES[kind]}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function EmailStep({ flow, label }: { flow: Flow; label: string }) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-email-error`;
  const input = useRef<HTMLInputElement>(null);

  // Send focus back to the field so the message under it is read and the typo can be fixed.
  useEffect(() => {
    if (flow.emailError) input.current?.focus();
  }, [flow.emailError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.submitEmail();
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Request a sign-in link">
      <Stack gap="5">
        {flow.failure ? <FailureAlert kind={flow.failure.kind} message={flow.failure.message} /> : null}
        <Field.Root invalid={flow.emailError !== null} ids={{ control: inputId, errorText: errorId }}>
          <Field.Label>{label}</Field.Label>
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
            aria-describedby={flow.emailError ? errorId : undefined}
          />
          {flow.emailError ? <Field.ErrorText>{flow.emailError}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" size="lg" width="full" loading={flow.isSending} loadingText="Sending link…">
          Send magic link
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({ flow }: { flow: Flow }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // The form was replaced: start screen readers (and keyboards) at the new heading.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (flow.codeError) input.current?.focus();
  }, [flow.codeError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.submitCode();
  };

  return (
    <Stack gap="6">
      <Stack gap="3">
        <Flex boxSize="12" rounded="full" bg="brand.subtle" color="brand.fg" align="center" justify="center">
          <MailIcon boxSize="6" />
        </Flex>
        <Heading as="h2" size="xl" ref={heading} tabIndex={-1} outline="none">
          Check your inbox
        </Heading>
        <Text>
          We sent a sign-in link to{' '}
          <Box as="strong" fontWeight="semibold" wordBreak="break-all">
            {flow.sentTo}
          </Box>
          . Open it on this device and it signs you in straight away, no password needed.
        </Text>
        {flow.resent && !flow.failure ? (
          <Text role="status" textStyle="sm" color="fg.success">
            We sent a new link. It replaces the previous one.
          </Text>
        ) : null}
      </Stack>

      {flow.failure ? <FailureAlert kind={flow.failure.kind} message={flow.failure.message} /> : null}

      <form noValidate onSubmit={submit} aria-label="Sign in with a code">
        <Stack gap="4">
          <OneTimeCodeField
            value={flow.code}
            onChange={flow.changeCode}
            error={flow.codeError}
            hint="Opened the e-mail on another device? Enter the code from it here instead."
            inputRef={input}
          />
          <Button
            type="submit"
            size="lg"
            width="full"
            loading={flow.isVerifying}
            loadingText="Signing in…"
            disabled={flow.isBusy}
          >
            Sign in with code
          </Button>
        </Stack>
      </form>

      <Flex gap="3" wrap="wrap" borderTopWidth="1px" borderColor="border.muted" pt="5">
        <Button
          variant="outline"
          onClick={flow.resendLink}
          loading={flow.isResending}
          loadingText="Sending…"
          disabled={flow.isBusy}
        >
          Resend link
        </Button>
        <Button variant="ghost" onClick={flow.editEmail} disabled={flow.isBusy}>
          Use a different e-mail
        </Button>
      </Flex>
    </Stack>
  );
}
