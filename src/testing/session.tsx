import { fromCallback, fromPromise, type EventObject } from 'xstate';

import type { SessionFacts } from '../../machines/access';
import { sessionMachine, type LoadedFacts, type SignOutResult } from '../../machines/session.machine';

/**
 * The real session machine with stand-in effects that arrive at `facts` as
 * soon as it starts: for component tests that need someone signed in (or not)
 * without a backend. Pass it to <SessionProvider logic={…}>.
 */
export function sessionLogicFor(
  facts: SessionFacts,
  { signOut = async () => ({ ok: true }) }: { signOut?: () => Promise<SignOutResult> } = {},
) {
  return sessionMachine.provide({
    actors: {
      listenToAuth: fromCallback<EventObject>(({ sendBack }) => {
        if (facts.status === 'signedOut') sendBack({ type: 'auth.initialSession', user: null });
        if (facts.status === 'signedIn' || facts.status === 'error') {
          sendBack({ type: 'auth.initialSession', user: { id: facts.userId, email: facts.email } });
        }
      }),
      loadFacts: fromPromise<LoadedFacts, { userId: string }>(async () => {
        if (facts.status === 'error') throw new Error(facts.message);
        if (facts.status !== 'signedIn') throw new Error('no facts to load');
        return {
          profile: facts.profile,
          isSystemAdmin: facts.isSystemAdmin,
          isOrgAdmin: facts.isOrgAdmin,
          approvalStatus: facts.approvalStatus,
          isStakeholder: facts.isStakeholder,
          investorLevel: facts.investorLevel,
          assurance: facts.assurance,
        };
      }),
      signOut: fromPromise<SignOutResult>(() => signOut()),
    },
  });
}
