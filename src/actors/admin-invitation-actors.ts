import { fromPromise } from 'xstate';

import type { AcceptInvitationResult } from '../../machines/admin-invitation.machine';
import { getSignedInUser } from '../data/auth/get-signed-in-user';
import { supabase, type AccordClient } from '../data/client';
import { acceptAdminInvitation } from '../data/invitations/accept-admin-invitation';

/** The admin-invitation machine's side effects, backed by the real client. */
export function createAdminInvitationActors(client: AccordClient = supabase) {
  return {
    checkSession: fromPromise<boolean>(async () => (await getSignedInUser(client)) !== null),
    acceptInvitation: fromPromise<AcceptInvitationResult, { token: string }>(({ input }) => acceptAdminInvitation(client, input.token)),
  };
}
