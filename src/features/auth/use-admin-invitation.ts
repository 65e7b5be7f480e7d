import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';

import {
  ALREADY_ADMIN_MESSAGE,
  FAILURES_THAT_KEEP_THE_TOKEN,
  INVITATION_MESSAGES,
  adminInvitationMachine,
  type AdminInvitationOutput,
  type InvitationFailure,
} from '../../../machines/admin-invitation.machine';
import { createAdminInvitationActors } from '../../actors/admin-invitation-actors';
import { shallowEqual } from '../../components/shallow-equal';

let liveMachine: typeof adminInvitationMachine | undefined;
/** The machine with the real effects, made on first use. */
function liveLogic() {
  liveMachine ??= adminInvitationMachine.provide({ actors: createAdminInvitationActors() });
  return liveMachine;
}

export interface AdminInvitationView {
  status: 'processing' | 'success' | 'alreadyAdmin' | 'error';
  /** What the screen says: the spec's message for the case, or null while processing and after success. */
  message: string | null;
  failure: InvitationFailure | null;
  /** True from success or already_admin until the app has left for the dashboard. */
  isRedirecting: boolean;
  /** The invitation is settled as far as this browser is concerned: its token need not be held any longer. */
  isTokenSettled: boolean;
}

type Snapshot = SnapshotFrom<typeof adminInvitationMachine>;

function view(snapshot: Snapshot): AdminInvitationView {
  const { failure, outcome } = snapshot.context;
  if (snapshot.hasTag('pending')) {
    return { status: 'processing', message: null, failure: null, isRedirecting: false, isTokenSettled: false };
  }
  if (snapshot.hasTag('error')) {
    const reason = failure ?? 'unexpected';
    return {
      status: 'error',
      message: INVITATION_MESSAGES[reason],
      failure,
      isRedirecting: false,
      isTokenSettled: !FAILURES_THAT_KEEP_THE_TOKEN.has(reason),
    };
  }
  // success and alreadyAdmin, and the final state after them, while the app navigates away.
  return outcome === 'alreadyAdmin'
    ? { status: 'alreadyAdmin', message: ALREADY_ADMIN_MESSAGE, failure: null, isRedirecting: true, isTokenSettled: true }
    : { status: 'success', message: null, failure: null, isRedirecting: true, isTokenSettled: true };
}

export interface UseAdminInvitationOptions {
  token: string | null;
  /** Where the flow ends: the page navigates (or reloads, when the session's roles changed). */
  leave: (output: AdminInvitationOutput) => void;
}

/**
 * The invitation screen's flow. Components read the view; they never see the
 * machine's states or events.
 */
export function useAdminInvitation({ token, leave }: UseAdminInvitationOptions): AdminInvitationView {
  const actor = useActorRef(liveLogic(), { input: { token } });
  const current = useSelector(actor, view, shallowEqual);
  const output = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));

  useEffect(() => {
    if (output) leave(output);
  }, [output, leave]);

  return current;
}
