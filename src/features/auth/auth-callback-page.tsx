import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

import { SWITCH_QUESTION_TITLE } from '../../../machines/sign-in-callback-texts';
import { useSessionActorRef, type SessionActorRef } from '../../session/session-context';
import { PageSpinner } from '../../components/page-spinner';
import { IdentityLinkQuestion } from './identity-link-question';
import { SecondFactorChallenge } from './second-factor-challenge';
import { useSignInCallback, type AccountQuestion } from './use-sign-in-callback';

const CHECKING_LINK = 'Checking your sign-in link…';

function SigningIn({ heading, children }: { heading?: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <Stack gap="4" textAlign="center" align="center">
      <Heading as="h1" size="2xl" ref={heading} tabIndex={-1} outline="none">
        Signing you in…
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * The link would sign in another account than the one signed in here (login
 * CSRF, decision 027). Staying is the first and main choice: someone who did
 * not expect the question is safest pressing the obvious button.
 */
function AccountSwitchQuestion({
  question,
  onSwitch,
  onKeep,
}: {
  question: AccountQuestion;
  onSwitch: () => void;
  onKeep: () => void;
}) {
  // The question replaces the progress screen: keyboard and screen-reader users start at it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Addresses have no spaces: let them break anywhere rather than run off a 360 px screen.
  const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;
  return (
    <Stack as="section" aria-labelledby="account-question" gap="5" textAlign="center" align="center">
      <Heading as="h1" id="account-question" size={{ base: 'xl', md: '2xl' }} ref={heading} tabIndex={-1} outline="none">
        {SWITCH_QUESTION_TITLE}
      </Heading>
      <Text textStyle="lg" css={wrap}>
        {`You are signed in as ${question.current}. This link would sign you in as ${question.link}.`}
      </Text>
      <Text color="fg.muted" maxW="md">
        If you did not expect this, someone may be trying to have you work in their account. Stay signed in unless you
        meant to switch.
      </Text>
      {/* One above the other at every width: the labels carry addresses of any length. */}
      <Stack direction="column" gap="3" width="full" maxW="md">
        <Button size="lg" height="auto" minH="11" py="2" whiteSpace="normal" css={wrap} onClick={onKeep}>
          {`Stay signed in as ${question.current}`}
        </Button>
        <Button size="lg" variant="outline" height="auto" minH="11" py="2" whiteSpace="normal" css={wrap} onClick={onSwitch}>
          {`Continue as ${question.link}`}
        </Button>
      </Stack>
    </Stack>
  );
}

function CallbackFlow({ session }: { session: SessionActorRef }) {
  const flow = useSignInCallback(session);
  // After the person has answered, focus goes back to the heading of the progress screen.
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);
  const asking = flow.question !== null || flow.challenge !== null || flow.identityLink !== null;
  useEffect(() => {
    if (asking) asked.current = true;
    else if (asked.current) heading.current?.focus();
  }, [asking]);

  if (flow.challenge) {
    return (
      <SecondFactorChallenge
        verifying={flow.challenge.verifying}
        error={flow.challenge.error}
        cancelling={flow.isCancellingChallenge}
        onSubmit={flow.submitCode}
        onCancel={flow.cancelChallenge}
      />
    );
  }
  if (flow.identityLink) {
    return <IdentityLinkQuestion question={flow.identityLink} onLink={flow.confirmLink} onCancel={flow.cancelLink} />;
  }
  if (flow.question) {
    return <AccountSwitchQuestion question={flow.question} onSwitch={flow.switchAccount} onKeep={flow.keepAccount} />;
  }
  return (
    <SigningIn heading={heading}>
      {flow.destination ? <Text role="status">Taking you on…</Text> : <PageSpinner label={CHECKING_LINK} />}
    </SigningIn>
  );
}

/** Where every sign-in link lands (spec §4). The rules live in machines/sign-in-callback.machine.ts. */
export default function AuthCallbackPage() {
  // The session machine loads on demand; the callback hands it the new session.
  const session = useSessionActorRef();
  return (
    <Container maxW="xl" py={{ base: '12', md: '20' }}>
      {session ? (
        <CallbackFlow session={session} />
      ) : (
        <SigningIn>
          <PageSpinner label={CHECKING_LINK} />
        </SigningIn>
      )}
    </Container>
  );
}
