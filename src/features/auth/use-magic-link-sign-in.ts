import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';

import { NEXT_PARAM, safeInternalPath } from '../../../machines/access';
import { magicLinkMachine, type MagicLinkAudience } from '../../../machines/magic-link.machine';
import { magicLinkActors } from '../../actors/magic-link-actors';
import { shallowEqual } from '../../components/shallow-equal';

const liveMachine = magicLinkMachine.provide({ actors: magicLinkActors });

type Snapshot = SnapshotFrom<typeof magicLinkMachine>;

export interface MagicLinkSignInView {
  /** Which screen to show: the e-mail form, or "check your inbox" with the code fallback. */
  step: 'email' | 'code';
  email: string;
  /** The address the link was sent to. */
  sentTo: string;
  code: string;
  emailError: string | null;
  codeError: string | null;
  /** A server or network failure, with what was being attempted. */
  failure: { kind: 'send' | 'resend' | 'verify'; message: string } | null;
  /** True once a second link has been sent successfully. */
  resent: boolean;
  isSending: boolean;
  isResending: boolean;
  isVerifying: boolean;
  isBusy: boolean;
}

function view(snapshot: Snapshot): MagicLinkSignInView {
  const { context } = snapshot;
  return {
    step: snapshot.hasTag('codeEntry') ? 'code' : 'email',
    email: context.email,
    sentTo: context.sentTo ?? context.email.trim(),
    code: context.code,
    emailError: context.emailError,
    codeError: context.codeError,
    failure: context.failure,
    resent: context.resent,
    isSending: snapshot.matches('sending'),
    isResending: snapshot.matches('resending'),
    isVerifying: snapshot.matches('verifying') || snapshot.matches('verified'),
    isBusy: snapshot.hasTag('pending'),
  };
}

/**
 * The magic-link sign-in flow for one audience. Components read the view and
 * call the commands; they never see the machine's states or events.
 */
export function useMagicLinkSignIn(audience: MagicLinkAudience) {
  const navigate = useNavigate();
  // The guard sends people here with ?next=<where they were>; only a safe internal path is carried on.
  const [searchParams] = useSearchParams();
  const next = safeInternalPath(searchParams.get(NEXT_PARAM));
  const actor = useActorRef(liveMachine, { input: { audience, next } });
  const current = useSelector(actor, view, shallowEqual);
  const destination = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output.to : null));

  useEffect(() => {
    if (destination) navigate(destination, { replace: true });
  }, [destination, navigate]);

  return {
    ...current,
    changeEmail: (email: string) => actor.send({ type: 'user.changeEmail', email }),
    submitEmail: () => actor.send({ type: 'user.submitEmail' }),
    changeCode: (code: string) => actor.send({ type: 'user.changeCode', code }),
    submitCode: () => actor.send({ type: 'user.submitCode' }),
    resendLink: () => actor.send({ type: 'user.resendLink' }),
    editEmail: () => actor.send({ type: 'user.editEmail' }),
  };
}
