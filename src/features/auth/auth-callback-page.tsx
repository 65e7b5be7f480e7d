import { Container, Heading, Stack, Text } from '@chakra-ui/react';

import { useSessionActorRef, type SessionActorRef } from '../../app/session-context';
import { PageSpinner } from '../../components/page-spinner';
import { useSignInCallback } from './use-sign-in-callback';

const CHECKING_LINK = 'Checking your sign-in link…';

function CallbackProgress({ session }: { session: SessionActorRef }) {
  const { destination } = useSignInCallback(session);
  return destination ? <Text role="status">Taking you on…</Text> : <PageSpinner label={CHECKING_LINK} />;
}

/** Where every sign-in link lands (spec §4). The rules live in machines/sign-in-callback.machine.ts. */
export default function AuthCallbackPage() {
  // The session machine loads on demand; the callback hands it the new session.
  const session = useSessionActorRef();
  return (
    <Container maxW="xl" py={{ base: '12', md: '20' }}>
      <Stack gap="4" textAlign="center" align="center">
        <Heading as="h1" size="2xl">
          Signing you in…
        </Heading>
        {session ? <CallbackProgress session={session} /> : <PageSpinner label={CHECKING_LINK} />}
      </Stack>
    </Container>
  );
}
