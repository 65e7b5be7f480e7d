import { Container, Heading, Stack, Text } from '@chakra-ui/react';

import { PageSpinner } from '../../components/page-spinner';
import { useSignInCallback } from './use-sign-in-callback';

/** Where every sign-in link lands (spec §4). The rules live in machines/sign-in-callback.machine.ts. */
export default function AuthCallbackPage() {
  const { destination } = useSignInCallback();
  return (
    <Container maxW="xl" py={{ base: '12', md: '20' }}>
      <Stack gap="4" textAlign="center" align="center">
        <Heading as="h1" size="2xl">
          Signing you in…
        </Heading>
        {destination ? (
          <Text role="status">Taking you on…</Text>
        ) : (
          <PageSpinner label="Checking your sign-in link…" />
        )}
      </Stack>
    </Container>
  );
}
