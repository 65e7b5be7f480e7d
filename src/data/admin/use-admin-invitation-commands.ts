import { useMemo } from 'react';
import { useSWRConfig } from 'swr';

import { supabase, type AccordClient } from '../client';
import { inviteAdmin, type AdminInvitationSent } from './invite-admin';
import { adminKeys } from './keys';
import { revokeAdminInvitation } from './revoke-admin-invitation';

export interface AdminInvitationCommands {
  /** Sends an invitation (or a new one to the same address: "resend"). Throws a DataError the UI can show. */
  invite(email: string): Promise<AdminInvitationSent>;
  revoke(invitationId: string): Promise<void>;
}

/**
 * The back office's invitation commands. After each one the invitation list and
 * the dashboard's count are fetched again, so what the administrator sees next
 * is what the database now says.
 */
export function useAdminInvitationCommands(client: AccordClient = supabase): AdminInvitationCommands {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    // A failed refresh shows on the list itself (its error state); the command still succeeded.
    const refresh = () =>
      Promise.all([mutate(adminKeys.invitations), mutate(adminKeys.dashboardCounts)]).then(
        () => undefined,
        () => undefined,
      );
    return {
      async invite(email) {
        const sent = await inviteAdmin(client, email);
        await refresh();
        return sent;
      },
      async revoke(invitationId) {
        await revokeAdminInvitation(client, invitationId);
        await refresh();
      },
    };
  }, [client, mutate]);
}
