import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { fromCallback, fromPromise, type EventObject } from 'xstate';

import type { LoadedFacts, SessionEvent, SessionUser, SignOutResult } from '../../machines/session.machine';
import { getInvestorLevel } from '../data/access/get-investor-level';
import { isStakeholder } from '../data/access/is-stakeholder';
import { checkApprovalStatus } from '../data/auth/check-approval-status';
import { isAnyOrganizationAdmin } from '../data/auth/is-any-organization-admin';
import { isUserAdmin } from '../data/auth/is-user-admin';
import { signOut } from '../data/auth/sign-out';
import type { AccordClient } from '../data/client';
import { DataError } from '../data/errors';
import { getAssuranceLevel } from '../data/mfa/get-assurance-level';
import { getProfile } from '../data/profiles/get-profile';

export function sessionUserOf(session: Session | null): SessionUser | null {
  return session ? { id: session.user.id, email: session.user.email ?? '' } : null;
}

/** The auth client's event, as the session machine's event; null for events it does not use. */
export function toSessionEvent(event: AuthChangeEvent, session: Session | null): SessionEvent | null {
  const user = sessionUserOf(session);
  switch (event) {
    case 'INITIAL_SESSION':
      return { type: 'auth.initialSession', user };
    case 'SIGNED_OUT':
      return { type: 'auth.signedOut' };
    case 'SIGNED_IN':
      return user ? { type: 'auth.signedIn', user } : null;
    case 'TOKEN_REFRESHED':
      return user ? { type: 'auth.tokenRefreshed', user } : null;
    case 'MFA_CHALLENGE_VERIFIED':
      return user ? { type: 'auth.mfaVerified', user } : null;
    case 'USER_UPDATED':
      return user ? { type: 'auth.userUpdated', user } : null;
    default:
      // PASSWORD_RECOVERY: Accord has no passwords.
      return null;
  }
}

/** All facts in one go: six requests in flight together, not one after another (the level needs none). */
export async function loadSessionFacts(client: AccordClient, userId: string): Promise<LoadedFacts> {
  const [profile, isSystemAdmin, isOrgAdmin, approvalStatus, stakeholder, investorLevel, assurance] = await Promise.all([
    getProfile(client, userId),
    isUserAdmin(client, userId),
    isAnyOrganizationAdmin(client, userId),
    checkApprovalStatus(client, userId),
    isStakeholder(client, userId),
    getInvestorLevel(client, userId),
    getAssuranceLevel(client),
  ]);
  return { profile, isSystemAdmin, isOrgAdmin, approvalStatus, isStakeholder: stakeholder, investorLevel, assurance };
}

/** The session machine's side effects, backed by a real client. */
export function createSessionActors(client: AccordClient) {
  return {
    listenToAuth: fromCallback<EventObject>(({ sendBack }) => {
      // Synchronous on purpose: awaiting a client call inside this callback
      // deadlocks supabase-js (it holds its auth lock while notifying). The
      // machine does the work in its own actors once the event is delivered.
      const {
        data: { subscription },
      } = client.auth.onAuthStateChange((event, session) => {
        const translated = toSessionEvent(event, session);
        if (translated) sendBack(translated);
      });
      return () => subscription.unsubscribe();
    }),
    loadFacts: fromPromise<LoadedFacts, { userId: string }>(({ input }) => loadSessionFacts(client, input.userId)),
    signOut: fromPromise<SignOutResult>(async () => {
      try {
        await signOut(client);
        return { ok: true };
      } catch (error) {
        // The auth service answered with an error: "Sign out error". Anything
        // else is thrown on, for the machine's "Sign out failed".
        if (error instanceof DataError) return { ok: false, message: error.message };
        throw error;
      }
    }),
  };
}
