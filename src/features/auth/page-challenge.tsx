import { Container } from '@chakra-ui/react';
import { useState } from 'react';

import { supabase, type AccordClient } from '../../data/client';
import { proveSecondFactor } from '../../data/mfa/prove-second-factor';
import { useCommand } from '../../components/use-command';
import { useSession } from '../../session/session-context';
import { SecondFactorChallenge } from './second-factor-challenge';

/**
 * The challenge in place of a page that needs aal2 (decision 041), for someone
 * already signed in at aal1 with a verified factor. Proving the code upgrades
 * the session; supabase-js announces MFA_CHALLENGE_VERIFIED, the session
 * reloads its facts, and the guard shows the page it was asked for, at the
 * same address: nothing to redirect, so nothing to loop. Cancelling signs out
 * through the session, which goes to the login page.
 */
export default function PageChallenge({ client = supabase }: { client?: AccordClient }) {
  const session = useSession();
  const prove = useCommand<string, void>({ run: (code) => proveSecondFactor(client, code) });
  // Proved: the page appears once the session has the aal2 facts; until then the button stays busy.
  const [proved, setProved] = useState(false);
  return (
    <Container maxW="xl" py={{ base: '12', md: '20' }}>
      <SecondFactorChallenge
        verifying={prove.busy || proved}
        error={prove.error}
        cancelling={session.isSigningOut}
        onSubmit={(code) => void prove.run(code).then((result) => setProved(result.ok))}
        onCancel={session.signOut}
      />
    </Container>
  );
}
