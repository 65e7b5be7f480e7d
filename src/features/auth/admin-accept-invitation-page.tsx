import { Box, Button, Card, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';

import { loginRedirectFor } from '../../../machines/access';
import type { AdminInvitationOutput } from '../../../machines/admin-invitation.machine';
import { AlertTriangleIcon, CheckCircleIcon, ShieldCheckIcon } from '../../components/status-icons';
import { releaseInvitationToken } from '../../data/invitations/held-invitation-token';
import { useSession } from '../../session/session-context';
import { useAdminInvitation, type AdminInvitationView } from './use-admin-invitation';
import { useInvitationToken } from './use-invitation-token';

export interface AdminAcceptInvitationPageProps {
  /** Tests observe where the page goes; the app navigates (after reloading the session's facts, see below). */
  leave?: (output: AdminInvitationOutput) => void;
}

const HEADINGS: Record<AdminInvitationView['status'], string> = {
  processing: 'Accepting your invitation…',
  success: 'Welcome to the back office',
  alreadyAdmin: "You're already an administrator",
  error: "We couldn't accept this invitation",
};

function StatusIcon({ status }: { status: AdminInvitationView['status'] }) {
  if (status === 'processing') return <Spinner size="xl" color="brand.solid" borderWidth="3px" aria-hidden="true" />;
  if (status === 'error') return <AlertTriangleIcon boxSize="14" color="orange.600" />;
  if (status === 'alreadyAdmin') return <ShieldCheckIcon boxSize="14" color="brand.solid" />;
  return <CheckCircleIcon boxSize="14" color="green.600" />;
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center" width="full" pt="2">
      {children}
    </Stack>
  );
}

/**
 * /admin/accept-invitation?token=…: turns an administrator invitation into the
 * role (spec §4 "Invitation screen"). The invitation e-mail's link signs the
 * person in on the way here; without a session they are offered the sign-in
 * that brings them back to this screen. The token leaves the address as soon
 * as the page has read it; the app holds it until the invitation is settled
 * (use-invitation-token.ts, decision 027).
 */
export default function AdminAcceptInvitationPage({ leave }: AdminAcceptInvitationPageProps = {}) {
  const token = useInvitationToken();
  // Another invitation link opened in the same tab is a new flow, not a continuation.
  return <InvitationScreen key={token ?? ''} token={token} leave={leave} />;
}

function InvitationScreen({ token, leave }: { token: string | null; leave?: AdminAcceptInvitationPageProps['leave'] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { reloadFacts } = useSession();

  const leaveForDashboard = useCallback(
    (output: AdminInvitationOutput) => {
      if (leave) return leave(output);
      // Both replace this screen in the history: it was a step, not a page to come back to.
      if (!output.reloadSession) {
        void navigate(output.to, { replace: true });
        return;
      }
      // The person's roles changed on the server and the session loaded them
      // before: it loads them again (facts.reload, no full page load), so the
      // admin guard lets them in.
      void reloadFacts().then(() => navigate(output.to, { replace: true }));
    },
    [leave, navigate, reloadFacts],
  );
  const flow = useAdminInvitation({ token, leave: leaveForDashboard });

  useEffect(() => {
    if (flow.isTokenSettled && token !== null) releaseInvitationToken(token);
  }, [flow.isTokenSettled, token]);

  // A new screen moves focus to its heading, so keyboard and screen-reader users start there.
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [flow.status]);

  const signInHere = loginRedirectFor(location);

  return (
    <Container maxW="lg" py={{ base: '10', md: '20' }}>
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <Stack gap="5" align="center" textAlign="center" py={{ base: '4', md: '6' }}>
            <Text color="brand.fg" fontWeight="semibold" textStyle="sm" letterSpacing="wide" textTransform="uppercase">
              Administrator invitation
            </Text>
            <StatusIcon status={flow.status} />
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} ref={heading} tabIndex={-1} outline="none">
              {HEADINGS[flow.status]}
            </Heading>
            {/* One live region for every outcome, present from the start so each change is announced. */}
            <Box role="status" aria-live="polite" aria-atomic="true" width="full">
              {flow.status === 'processing' ? <Text color="fg.muted">Checking your invitation link…</Text> : null}
              {flow.status === 'success' ? (
                <Stack gap="2">
                  <Text textStyle="lg">You are now a system administrator of the network.</Text>
                  <Text color="fg.muted">Taking you to the admin dashboard…</Text>
                </Stack>
              ) : null}
              {flow.status === 'alreadyAdmin' ? (
                <Stack gap="2">
                  <Text textStyle="lg">{flow.message}</Text>
                  <Text color="fg.muted">Taking you to the admin dashboard…</Text>
                </Stack>
              ) : null}
              {flow.status === 'error' ? <Text textStyle="lg">{flow.message}</Text> : null}
            </Box>
            {flow.status === 'error' ? (
              <Stack gap="3" width="full">
                {flow.failure === 'notSignedIn' ? (
                  <Stack gap="3">
                    <Text color="fg.muted">
                      Sign in with the address this invitation was sent to, and you will come straight back here.
                    </Text>
                    <Button asChild size="lg">
                      <RouterLink to={signInHere}>Sign in to accept</RouterLink>
                    </Button>
                  </Stack>
                ) : null}
                <Actions>
                  <Button asChild variant={flow.failure === 'notSignedIn' ? 'outline' : 'solid'}>
                    <RouterLink to="/accord-login">Go to Admin Login</RouterLink>
                  </Button>
                  <Button asChild variant="outline">
                    <RouterLink to="/">Go to Home</RouterLink>
                  </Button>
                </Actions>
              </Stack>
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
