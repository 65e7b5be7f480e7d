import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';
import type { TeamRole } from './get-team-membership';
import { TEAM_REFUSALS } from './refusals';

/** What the invite-tenant Edge Function answers on success (decision 030). */
export interface TenantInvitationSent {
  invitationId: string;
  organizationId: string;
  email: string;
  role: TeamRole;
  expiresAt: string;
  resendAvailableAt: string;
}

interface FunctionsErrorLike {
  name?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The cool-down in words: when the invitation can be sent again. */
export function resendTooSoonMessage(resendAvailableAt: string | null): string {
  return resendAvailableAt
    ? `This invitation was sent less than a minute ago. You can send it again at ${time.format(new Date(resendAvailableAt))}.`
    : 'This invitation was sent less than a minute ago. Wait a moment before sending it again.';
}

/** The function's refusal `{ error, message }` as a DataError whose message is a sentence for the person. */
async function toInviteError(error: FunctionsErrorLike): Promise<DataError> {
  if (error.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = error.context?.status;
  if (error.name === 'FunctionsHttpError' && error.context?.json) {
    const body = (await error.context.json().catch(() => null)) as
      | { error?: unknown; message?: unknown; msg?: unknown; resendAvailableAt?: unknown }
      | null;
    const code = typeof body?.error === 'string' ? body.error : undefined;
    if (code === 'resend_too_soon') {
      const at = typeof body?.resendAvailableAt === 'string' ? body.resendAvailableAt : null;
      return new DataError(resendTooSoonMessage(at), { status, code, cause: error });
    }
    // Our own words for the named refusals; otherwise the function's sentence (`msg` is the runtime's, e.g. an expired session).
    const message =
      (code && TEAM_REFUSALS[code]) ??
      (typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : UNEXPECTED_MESSAGE);
    return new DataError(message, { status, code, cause: error });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}

async function invoke(client: AccordClient, body: Record<string, string>): Promise<TenantInvitationSent> {
  const { data, error } = await client.functions.invoke<TenantInvitationSent>('invite-tenant', { body });
  if (error) throw await toInviteError(error as FunctionsErrorLike);
  if (!data) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}

/** Invites `email` into the organisation with `role`: the function creates the invitation as the caller and e-mails the link. */
export function inviteMember(client: AccordClient, organizationId: string, email: string, role: TeamRole): Promise<TenantInvitationSent> {
  return invoke(client, { organizationId, email, role });
}

/** Sends an open invitation again: a new link, the earlier one stops working, seven more days. */
export function resendTenantInvitation(client: AccordClient, invitationId: string): Promise<TenantInvitationSent> {
  return invoke(client, { invitationId });
}
