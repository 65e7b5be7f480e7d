import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { toReplyError } from './function-error';

/** What reply-contact-message answers: the answer kept, and whether its e-mail went (sending: another request has it). */
export interface ReplyOutcome {
  answerId: string;
  messageId: string;
  delivery: 'sent' | 'sending';
  /** False when the same request had already been kept (a repeated click). */
  created: boolean;
}

/**
 * Answers a Contact Us message: the Edge Function keeps the answer as the
 * signed-in administrator and e-mails it to the visitor. `requestId` is the
 * form's key (a new one per answer, the same one when the same answer is sent
 * again), so a repeated request keeps one answer and sends one mail.
 *
 * Throws a DataError; code `email_failed` means the answer was kept but not
 * mailed (its id in `details`): send it again with resendContactAnswer.
 */
export async function replyToContactMessage(
  client: AccordClient,
  params: { messageId: string; body: string; requestId: string },
): Promise<ReplyOutcome> {
  const { data, error } = await client.functions.invoke<ReplyOutcome>('reply-contact-message', { body: params });
  if (error) throw await toReplyError(error);
  if (!data) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}
