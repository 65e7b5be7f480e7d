import { Alert, Box, Button, Card, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';

import { homeFor, ONBOARDING_START_PATH } from '../../../machines/access';
import { firstIncompleteStep, STEP_TITLES, type StepNumber } from '../../../machines/onboarding-form';
import { useSession } from '../../session/session-context';
import { usePageDescription } from '../../components/page-meta';
import { PageSpinner } from '../../components/page-spinner';
import { AccountConfirmation, SignUpStep } from './account-step';
import { ContactStep } from './contact-step';
import { DocumentsStep } from './documents-step';
import { OrganizationStep } from './organization-step';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';
import { useOnboarding, type DraftStatus, type OnboardingFlow } from './use-onboarding';

/**
 * /onboarding?step=N. Who is looking decides what it is: a visitor gets step 1's
 * sign-up link; a signed-in person without an application gets the form; anyone
 * who already has an application (or runs the back office) is sent where they belong.
 */
export default function OnboardingPage() {
  usePageDescription('Apply for your organisation to join the Accord trust network: create an account, then tell us about your organisation step by step.');
  const { facts, retry } = useSession();
  if (facts.status === 'loading') return <PageSpinner label="Loading your application…" />;
  if (facts.status === 'error') {
    return (
      <Container maxW="xl" py="16">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>We couldn't load your account</Alert.Title>
            <Alert.Description>{facts.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={retry} alignSelf="center">
            Try again
          </Button>
        </Alert.Root>
      </Container>
    );
  }
  if (facts.status === 'signedIn') {
    const home = homeFor(facts, 'onboarding');
    if (home !== ONBOARDING_START_PATH) return <Navigate to={home} replace />;
  }
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  const email = facts.status === 'signedIn' ? facts.email : null;
  // A different person (or signing in) starts a different application.
  return <OnboardingForm key={userId ?? 'visitor'} userId={userId} accountEmail={email} />;
}

const DRAFT_WORDS: Record<DraftStatus, string> = {
  idle: '',
  unsaved: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'All changes saved',
  failed: "Couldn't save your latest changes. Retrying…",
};

function DraftIndicator({ status }: { status: DraftStatus }) {
  return (
    <Text role="status" aria-live="polite" textStyle="sm" color={status === 'failed' ? 'fg.warning' : 'fg.muted'} minH="5">
      {DRAFT_WORDS[status]}
    </Text>
  );
}

function StepBody({ flow }: { flow: OnboardingFlow }) {
  switch (flow.step) {
    case 1:
      return <AccountConfirmation flow={flow} />;
    case 2:
      return <OrganizationStep flow={flow} />;
    case 3:
      return <ContactStep flow={flow} />;
    case 4:
      return <DocumentsStep flow={flow} />;
    case 5:
      return <ReviewStep flow={flow} />;
  }
}

const STEP_INTROS: Record<StepNumber, string> = {
  1: 'Who is applying.',
  2: 'Tell us about your organisation as it is registered.',
  3: 'Who we should talk to, and how you plan to use the network.',
  4: 'Upload proof that the organisation is registered.',
  5: 'Check your answers before you submit.',
};

function OnboardingForm({ userId, accountEmail }: { userId: string | null; accountEmail: string | null }) {
  const flow = useOnboarding({ userId, accountEmail });
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const wantsFocusOnError = useRef(false);
  const shownStep = useRef<number | null>(null);

  // A new step: start keyboards and screen readers at its heading.
  useEffect(() => {
    if (flow.screen !== 'form') return;
    if (shownStep.current !== null && shownStep.current !== flow.step) heading.current?.focus();
    shownStep.current = flow.step;
  }, [flow.screen, flow.step]);

  // Next refused the step: take the person to the first field that needs attention.
  useEffect(() => {
    if (!wantsFocusOnError.current) return;
    wantsFocusOnError.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [flow.errors]);

  const next = () => {
    wantsFocusOnError.current = true;
    flow.next();
  };
  const submit = () => {
    wantsFocusOnError.current = true;
    flow.submit();
  };

  if (flow.screen === 'loading' || flow.screen === 'submitted') return <PageSpinner label="Loading your application…" />;
  if (flow.screen === 'loadFailed') {
    return (
      <Container maxW="xl" py="16">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>We couldn't load your application</Alert.Title>
            <Alert.Description>{flow.failure?.message} Your saved answers are safe; try again in a moment.</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={flow.retry} alignSelf="center">
            Try again
          </Button>
        </Alert.Root>
      </Container>
    );
  }

  const step = flow.screen === 'signUp' ? 1 : flow.step;
  const completedThrough = flow.screen === 'signUp' ? 0 : firstIncompleteStep(flow.values, true) - 1;

  return (
    <Container maxW="3xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="2">
          <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
            Join the network
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Apply for your organisation
          </Heading>
        </Stack>
        <StepIndicator current={step} completedThrough={completedThrough} />
        <Card.Root variant="outline" bg="bg">
          <Card.Body p={{ base: '5', md: '8' }} gap="6" ref={form}>
            <Stack gap="1">
              <Heading as="h2" size="xl" ref={heading} tabIndex={-1} outline="none">
                <Box as="span" srOnly>
                  Step {step} of 5:{' '}
                </Box>
                {flow.screen === 'signUp' ? 'Create your account' : STEP_TITLES[step]}
              </Heading>
              {flow.screen === 'form' ? <Text color="fg.muted">{STEP_INTROS[step]}</Text> : null}
            </Stack>
            {flow.screen === 'signUp' ? (
              <SignUpStep flow={flow} />
            ) : (
              <>
                <StepBody flow={flow} />
                <Flex
                  direction={{ base: 'column-reverse', sm: 'row' }}
                  gap="3"
                  align={{ base: 'stretch', sm: 'center' }}
                  justify="space-between"
                  borderTopWidth="1px"
                  borderColor="border.muted"
                  pt="5"
                >
                  {step > 1 ? (
                    <Button variant="outline" onClick={flow.back} disabled={flow.isSubmitting}>
                      Back
                    </Button>
                  ) : (
                    <Box />
                  )}
                  <DraftIndicator status={flow.draftStatus} />
                  {step < 5 ? (
                    <Button onClick={next} disabled={flow.uploading !== null}>
                      {step === 1 ? 'Continue' : 'Next'}
                    </Button>
                  ) : (
                    <Button onClick={submit} loading={flow.isSubmitting} loadingText="Submitting…">
                      Submit application
                    </Button>
                  )}
                </Flex>
              </>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
