import { Alert, Button, Container, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { decideAccess, type SessionFacts } from '../../machines/access';
import { PageSpinner } from '../components/page-spinner';
import { showToast } from '../components/toast';
import { useSession, useStartSession } from '../session/session-context';
import type { RouteKind } from '../routes/routes';

export interface RouteGuardProps {
  /** The route's access kind from the route table. */
  kind: RouteKind;
  /** The route table says this page needs aal2 from anyone with a verified factor (decision 041). */
  requiresAal2?: boolean;
  children: ReactNode;
}

// Only the few people asked for a code download the challenge (and the client calls behind it).
const PageChallenge = lazy(() => import('../features/auth/page-challenge'));

export const CHECKING_ACCESS_LABEL = 'Checking your access…';

const LOADING: SessionFacts = { status: 'loading' };

/**
 * The one place where the router asks whether the visitor may see a route.
 * Every route is wrapped in it with its kind from the route table; the
 * decision itself is machines/access.ts, fed by the session machine's facts,
 * which are loaded once per sign-in — moving between pages asks the server
 * nothing. Row-level security remains what actually protects the data.
 */
export function RouteGuard({ kind, requiresAal2 = false, children }: RouteGuardProps) {
  const session = useSession();
  // Public pages decide without the session machine; any other route starts
  // it, and waits for its facts rather than taking "not started" for signed out.
  const started = useStartSession(kind !== 'public');
  const facts = kind !== 'public' && !started ? LOADING : session.facts;
  const location = useLocation();
  const navigate = useNavigate();
  const decision = useMemo(
    () =>
      decideAccess(kind, facts, { pathname: location.pathname, search: location.search, state: location.state }, { requiresAal2 }),
    [kind, facts, location.pathname, location.search, location.state, requiresAal2],
  );

  // One toast and one navigation per redirect, even though StrictMode runs
  // effects twice and the facts may re-render the guard before it has moved.
  const handled = useRef<string | null>(null);
  const redirect = decision.type === 'redirect' ? decision : null;
  const redirectKey = redirect ? `${location.key} ${redirect.to}` : null;
  useEffect(() => {
    if (!redirect || handled.current === redirectKey) return;
    handled.current = redirectKey;
    if (redirect.toast) showToast(redirect.toast);
    // Replace, so Back does not return to a page that would only redirect again.
    navigate(redirect.to, { replace: true });
  }, [redirect, redirectKey, navigate]);

  if (decision.type === 'allow') return <>{children}</>;
  if (decision.type === 'challenge') {
    return (
      <Suspense fallback={<PageSpinner label={CHECKING_ACCESS_LABEL} />}>
        <PageChallenge />
      </Suspense>
    );
  }
  if (decision.type === 'unavailable') {
    return (
      <Container maxW="xl" py={{ base: '12', md: '20' }}>
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>We couldn't load your account</Alert.Title>
            <Alert.Description>
              <Stack gap="3" align="start">
                <span>{decision.message}</span>
                <Stack direction="row" gap="2">
                  <Button size="sm" onClick={session.retry}>
                    Try again
                  </Button>
                  <Button size="sm" variant="outline" onClick={session.signOut}>
                    Sign out
                  </Button>
                </Stack>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }
  // Waiting for the facts, or on the way elsewhere: the page must not flash.
  return <PageSpinner label={CHECKING_ACCESS_LABEL} />;
}
