import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';

/** What the invite-admin Edge Function answers on success. */
export interface AdminInvitationSent {
  invitationId: string;
  email: string;
  expiresAt: string;
}

interface FunctionsErrorLike {
  name?: string;
  message?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

/** The function's refusal `{ error, message }` as a DataError with its status and code. */
async function toInviteError(error: FunctionsErrorLike): Promise<DataError> {
  if (error.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = error.context?.status;
  if (error.name === 'FunctionsHttpError' && error.context?.json) {
    const body = (await error.context.json().catch(() => null)) as { error?: unknown; message?: unknown; msg?: unknown } | null;
    // `msg` is the runtime's own refusal (verify_jwt), e.g. an expired session.
    const message = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : UNEXPECTED_MESSAGE;
    const code = typeof body?.error === 'string' ? body.error : undefined;
    return new DataError(message, { status, code, cause: error });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}

/**
 * Invites `email` to become a system administrator: the invite-admin Edge
 * Function creates the invitation as the signed-in caller and e-mails the link.
 * Inviting the same address again is "resend": a new link, the old one revoked.
 */
export async function inviteAdmin(client: AccordClient, email: string): Promise<AdminInvitationSent> {
  const { data, error } = await client.functions.invoke<AdminInvitationSent>('invite-admin', { body: { email } });
  if (error) throw await toInviteError(error as FunctionsErrorLike);
  if (!data) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}
