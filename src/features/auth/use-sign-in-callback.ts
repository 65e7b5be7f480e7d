import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import type { PendingIdentityLink } from '../../../machines/sign-in-callback-link';
import { signInCallbackMachine } from '../../../machines/sign-in-callback.machine';
import { createSignInCallbackActors } from '../../actors/sign-in-callback-actors';
import { routeKindOf } from '../../routes/routes';
import type { SessionActorRef } from '../../session/session-context';
import { showToast } from '../../components/toast';
import { supabase, type AccordClient } from '../../data/client';
import { holdInvitationToken } from '../../data/invitations/held-invitation-token';

export interface AccountQuestion {
  /** The address of the account signed in here. */
  current: string;
  /** The address of the account the link would sign in. */
  link: string;
}

/** The second-factor challenge while it is on screen (decision 041). */
export interface SecondFactorQuestion {
  /** A code is being checked. */
  verifying: boolean;
  /** Why the last code was refused, as a sentence. */
  error: string | null;
}

/** A provider's return from linking, while the person is asked whether to link it (decision 067). */
export type IdentityLinkQuestion = Pick<PendingIdentityLink, 'providerLabel' | 'email'>;

export interface SignInCallbackView {
  /** True until the machine has decided where the person goes (and while it waits for their answer). */
  isWorking: boolean;
  /** Where the person is being sent, once decided. */
  destination: string | null;
  /** The link would replace the account signed in here: which two accounts, while the person is asked. */
  question: AccountQuestion | null;
  /** Follow the link: sign in as its account. */
  switchAccount: () => void;
  /** Stay signed in as the account already here. */
  keepAccount: () => void;
  /** The person must prove their second factor before going on. */
  challenge: SecondFactorQuestion | null;
  /** "Cancel and sign out" was pressed: signing out on the way to the login page. */
  isCancellingChallenge: boolean;
  submitCode: (code: string) => void;
  cancelChallenge: () => void;
  /** Which provider would be linked to which account, while the person is asked. */
  identityLink: IdentityLinkQuestion | null;
  /** "Link": exchange the code, which links the identity. */
  confirmLink: () => void;
  /** "Cancel": the code is never exchanged. */
  cancelLink: () => void;
}

const sameQuestion = (a: AccountQuestion | null, b: AccountQuestion | null) =>
  a === b || (a !== null && b !== null && a.current === b.current && a.link === b.link);

/**
 * /auth/callback's flow. The page shows the view; the machine decides; this
 * hook hands the machine the URL the page was opened with and carries out its
 * final output (navigation and toast).
 */
export function useSignInCallback(session: SessionActorRef, client: AccordClient = supabase): SignInCallbackView {
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the machine's readUrl clears the address bar, and must still know what it held.
  const [opened] = useState(() => ({ url: { search: location.search, hash: location.hash }, state: location.state as unknown }));
  // StrictMode starts the machine twice in development; one replacement is enough.
  const cleared = useRef(false);
  const machine = useMemo(
    () =>
      signInCallbackMachine.provide({
        actors: createSignInCallbackActors({
          client,
          session,
          url: opened.url,
          // Tokens and codes must not stay in the address bar or the history (a
          // shared screen, a copied URL, the Back button): replace the entry.
          clearUrl: () => {
            if (cleared.current) return;
            cleared.current = true;
            void navigate('/auth/callback', { replace: true, state: opened.state });
          },
        }),
      }),
    [client, session, opened, navigate],
  );
  const actor = useActorRef(machine, { input: { routeKindOf } });

  const output = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  const isWorking = useSelector(actor, (snapshot) => snapshot.hasTag('working'));
  const question = useSelector(
    actor,
    (snapshot): AccountQuestion | null =>
      snapshot.hasTag('asking') && snapshot.context.currentUser && snapshot.context.linkUser
        ? { current: snapshot.context.currentUser.email, link: snapshot.context.linkUser.email }
        : null,
    sameQuestion,
  );

  const challenge = useSelector(
    actor,
    (snapshot): SecondFactorQuestion | null =>
      snapshot.hasTag('challenging')
        ? { verifying: snapshot.hasTag('verifyingCode'), error: snapshot.context.codeError }
        : null,
    (a, b) => a === b || (a !== null && b !== null && a.verifying === b.verifying && a.error === b.error),
  );
  const isCancellingChallenge = useSelector(actor, (snapshot) => snapshot.matches('cancellingChallenge'));
  const identityLink = useSelector(
    actor,
    (snapshot): IdentityLinkQuestion | null =>
      snapshot.hasTag('confirmingLink') && snapshot.context.pendingLink
        ? { providerLabel: snapshot.context.pendingLink.providerLabel, email: snapshot.context.pendingLink.email }
        : null,
    (a, b) => a === b || (a !== null && b !== null && a.providerLabel === b.providerLabel && a.email === b.email),
  );

  // One toast and one navigation, even though StrictMode runs effects twice.
  const done = useRef(false);
  useEffect(() => {
    if (!output || done.current) return;
    done.current = true;
    // The invitation screen finds the token here, never in an address (decision 027).
    if (output.invitationToken) holdInvitationToken(output.invitationToken);
    if (output.toast) showToast(output.toast);
    navigate(output.to, { replace: true, state: output.state });
  }, [output, navigate]);

  return {
    isWorking,
    destination: output?.to ?? null,
    question,
    switchAccount: () => actor.send({ type: 'user.switchAccount' }),
    keepAccount: () => actor.send({ type: 'user.keepAccount' }),
    challenge,
    isCancellingChallenge,
    submitCode: (code) => actor.send({ type: 'user.submitCode', code }),
    cancelChallenge: () => actor.send({ type: 'user.cancelChallenge' }),
    identityLink,
    confirmLink: () => actor.send({ type: 'user.confirmLink' }),
    cancelLink: () => actor.send({ type: 'user.cancelLink' }),
  };
}
