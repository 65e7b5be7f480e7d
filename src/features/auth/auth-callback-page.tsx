import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { PageSpinner } from '../../components/page-spinner';
import { completeSignInFromUrl } from '../../data/auth/complete-sign-in';
import { supabase } from '../../data/client';

type CallbackState = { step: 'working' } | { step: 'signedIn'; email: string } | { step: 'failed'; message: string };

export const NO_SESSION_MESSAGE =
  'This sign-in link could not be used. It may have expired, been used already, or been opened in a different browser from the one where you asked for it. Request a new link, or enter the 6-digit code from the e-mail on the login page.';

/** Where a sign-in link lands: waits for the client to turn the link into a session, then moves on. */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<CallbackState>({ step: 'working' });

  useEffect(() => {
    let active = true;
    // completeSignInFromUrl shares the client's single initialisation, so
    // StrictMode's second run does not exchange the code again.
    completeSignInFromUrl(supabase).then(
      (session) => {
        if (!active) return;
        setState(session ? { step: 'signedIn', email: session.user.email ?? '' } : { step: 'failed', message: NO_SESSION_MESSAGE });
      },
      (error: unknown) => {
        if (!active) return;
        setState({ step: 'failed', message: error instanceof Error ? error.message : NO_SESSION_MESSAGE });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (state.step === 'signedIn') navigate('/dashboard', { replace: true });
  }, [state.step, navigate]);

  return (
    <Container maxW="xl" py={{ base: '12', md: '20' }}>
      <Stack gap="4" textAlign="center" align="center">
        {state.step === 'failed' ? (
          <>
            <Heading as="h1" size="2xl">
              We couldn't sign you in
            </Heading>
            <Text role="alert" color="fg.muted">
              {state.message}
            </Text>
            <Button asChild mt="2">
              <RouterLink to="/login">Go to login</RouterLink>
            </Button>
          </>
        ) : (
          <>
            <Heading as="h1" size="2xl">
              Signing you in…
            </Heading>
            {state.step === 'signedIn' ? (
              <Text role="status">
                Signed in as <strong>{state.email}</strong>. Taking you to your dashboard…
              </Text>
            ) : (
              <PageSpinner label="Checking your sign-in link…" />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
