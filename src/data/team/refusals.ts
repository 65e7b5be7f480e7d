import { DataError, toDataError } from '../errors';

/** The words for an organisation that must keep an admin (last_admin, decision 030). */
export const LAST_ADMIN_MESSAGE = 'An organisation always needs an admin. Make another member an admin first.';

/**
 * The team RPCs' and the invite-tenant function's named refusals (decision 030),
 * in words for the person who acted.
 */
export const TEAM_REFUSALS: Record<string, string> = {
  last_admin: LAST_ADMIN_MESSAGE,
  not_organization_admin: "Only your organisation's admins can do this.",
  not_organization_member: 'You are no longer a member of this organisation.',
  not_a_member: 'You are no longer a member of this organisation.',
  member_not_found: 'This person is no longer in your organisation. Refresh the list.',
  invalid_role: 'Choose admin or member.',
  already_member: 'This person is already a member of your organisation.',
  already_in_organization:
    'This person already belongs to another organisation on Accord. They must leave it before you can invite them.',
  system_admin: 'This address belongs to an Accord system administrator, who cannot join an organisation.',
  invitation_open:
    'This address has already been invited and the invitation is still open. Resend it from the pending invitations instead.',
  organization_suspended:
    'Your organisation is suspended, so it cannot send invitations. Contact the Accord team to have it reinstated.',
  organization_revoked: "Your organisation's membership of the registry has been revoked, so it cannot send invitations.",
  invitation_not_found: 'This invitation no longer exists. Refresh the list.',
  invitation_used: 'This invitation has already been accepted.',
  invitation_revoked: 'This invitation has been revoked. Invite the person again instead.',
  email_failed: 'The invitation e-mail could not be sent. Try again in a moment.',
};

interface PostgrestErrorLike {
  message?: string;
  code?: string;
  details?: string | null;
}

/** An RPC's refusal (message = code) as a DataError worded for people. */
export function toTeamError(error: PostgrestErrorLike): DataError {
  const code = error.message ?? '';
  const sentence = TEAM_REFUSALS[code];
  return sentence ? new DataError(sentence, { code, cause: error }) : toDataError(error);
}
