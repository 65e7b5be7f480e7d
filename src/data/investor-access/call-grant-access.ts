import type { AccordClient } from '../client';
import { isInvestorAccessKey } from './keys';
import { toReplyError } from '../contact/function-error';

export type GrantAccessBody =
  | { action: 'grant'; requestId: string; level: 'lite' | 'data_room'; expiresAt: string | null }
  | { action: 'decline'; requestId: string; reason: string }
  | { action: 'invite_stakeholder'; email: string; affiliation: string | null };

/** What the grant-access Edge Function answers on success (decision 059). */
export interface GrantAccessAnswer {
  action: GrantAccessBody['action'];
  email: string;
  userId?: string;
  level?: 'lite' | 'data_room';
  expiresAt?: string | null;
  affiliation?: string | null;
  accountCreated?: boolean;
}

/**
 * The grant-access Edge Function: it decides as the caller through the
 * database, creates a missing account, and mails the sign-in link or the
 * decline. Its refusals come back as a DataError whose message is its sentence.
 */
export async function callGrantAccess(client: AccordClient, body: GrantAccessBody): Promise<GrantAccessAnswer> {
  const { data, error } = await client.functions.invoke<GrantAccessAnswer>('grant-access', { body });
  if (error) throw await toReplyError(error as Parameters<typeof toReplyError>[0]);
  return data!;
}

/** What it changes: every list of both access pages (a decision moves a request and an investor, an invitation adds a stakeholder). */
export const callGrantAccessChanges = [isInvestorAccessKey];
