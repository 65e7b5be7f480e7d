import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';

import type { SignedInFacts } from '../../machines/access';
import { factsOf, type sessionMachine, type SessionUser } from '../../machines/session.machine';
import { reloadSessionFacts } from '../../machines/session-reload';
import { readCallbackUrl, type CallbackUrl, type Credentials, type PendingIdentityLink } from '../../machines/sign-in-callback-link';
import type { AccountCheck } from '../../machines/sign-in-callback.machine';
import { takeIdentityLinkOnce } from '../data/account/held-identity-link';
import {
  exchangeCodeOnce,
  getCurrentSession,
  inspectLinkSessionOnce,
  setSessionOnce,
} from '../data/auth/session-from-url';
import { signOut } from '../data/auth/sign-out';
import { createSessionInspector, type AccordClient, type SessionInspector } from '../data/client';
import { DataError } from '../data/errors';
import { acceptTenantInvitation } from '../data/invitations/accept-tenant-invitation';
import { proveSecondFactor } from '../data/mfa/prove-second-factor';
import { sessionUserOf } from './session-actors';

export interface SignInCallbackEnvironment {
  client: AccordClient;
  /** The app's session actor: the callback reuses its facts rather than asking the server a second time. */
  session: ActorRefFrom<typeof sessionMachine>;
  /** The URL the page was opened with, captured before anything changed it. */
  url: { search: string; hash: string };
  /** Replaces the current history entry with the bare callback path. */
  clearUrl: () => void;
  /** Makes the auth client that checks a link's tokens without adopting them (tests pass their own). */
  inspector?: () => SessionInspector;
}

/** The sign-in callback machine's side effects, backed by the real client, the session actor and the browser's URL. */
export function createSignInCallbackActors({
  client,
  session,
  url,
  clearUrl,
  inspector = createSessionInspector,
}: SignInCallbackEnvironment) {
  return {
    readUrl: fromPromise<CallbackUrl>(async () => {
      const parsed = readCallbackUrl(url.search, url.hash);
      if (url.search !== '' || url.hash !== '') clearUrl();
      return parsed;
    }),
    identifyAccounts: fromPromise<AccountCheck, Credentials>(async ({ input }) => {
      const current = sessionUserOf(await getCurrentSession(client));
      // Nobody to replace, or a PKCE code (bound to this browser): nothing to ask.
      if (current === null || input.kind !== 'tokens') return { current, link: null, credentials: input };
      const checked = await inspectLinkSessionOnce(inspector, input);
      return {
        current,
        link: sessionUserOf(checked),
        credentials: { kind: 'tokens', accessToken: checked.access_token, refreshToken: checked.refresh_token },
      };
    }),
    takeIdentityLink: fromPromise<PendingIdentityLink | null, { provider: string; code: string }>(async ({ input }) => {
      const held = takeIdentityLinkOnce(input.code, input.provider);
      if (held === null) return null;
      // Exchanging would sign in the account the link was started for: not silently instead of another one here.
      const current = sessionUserOf(await getCurrentSession(client));
      if (current?.id !== held.userId) return null;
      return { provider: held.provider, providerLabel: held.providerLabel, email: held.email, returnTo: held.returnTo };
    }),
    establishSession: fromPromise<SessionUser, Credentials>(async ({ input }) => {
      const established =
        input.kind === 'code' ? await exchangeCodeOnce(client, input.code) : await setSessionOnce(client, input);
      return sessionUserOf(established)!;
    }),
    getCurrentSession: fromPromise<SessionUser | null>(async () => sessionUserOf(await getCurrentSession(client))),
    waitForFacts: fromPromise<SignedInFacts, { userId: string }>(async ({ input, signal }) => {
      // The auth client announces the new session (SIGNED_IN) and the session
      // machine loads the facts; this only watches for the outcome.
      const snapshot = await waitFor(
        session,
        (current) => {
          const facts = factsOf(current);
          return (facts.status === 'signedIn' || facts.status === 'error') && facts.userId === input.userId;
        },
        { signal },
      );
      const facts = factsOf(snapshot);
      if (facts.status !== 'signedIn') throw new DataError(facts.status === 'error' ? facts.message : 'No session facts');
      const { status: _status, ...signedIn } = facts;
      return signedIn;
    }),
    /**
     * accept_tenant_invitation as the signed-in person (decision 030): the
     * database checks the token, its organisation, address and life, and adds
     * the membership. A refusal becomes a DataError whose code is the
     * database's, for the machine to choose the spec's toast.
     */
    acceptTenantInvitation: fromPromise<{ organizationName: string | null }, { token: string; orgId: string }>(
      async ({ input }) => {
        const answer = await acceptTenantInvitation(client, input.token, input.orgId);
        if (!answer.success) {
          throw new DataError(answer.message ?? answer.error ?? 'The invitation was refused.', {
            code: answer.error ?? undefined,
          });
        }
        return { organizationName: answer.organizationName };
      },
    ),
    reloadFacts: fromPromise<void>(() => reloadSessionFacts(session)),
    signOut: fromPromise<void>(() => signOut(client)),
    proveSecondFactor: fromPromise<void, { code: string }>(({ input }) => proveSecondFactor(client, input.code)),
  };
}
