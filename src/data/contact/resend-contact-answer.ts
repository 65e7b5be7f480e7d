import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { toReplyError } from './function-error';
import type { ReplyOutcome } from './reply-to-contact-message';

/** Sends a kept answer whose e-mail failed once more (reply-contact-message with its id). Throws like replyToContactMessage. */
export async function resendContactAnswer(client: AccordClient, answerId: string): Promise<ReplyOutcome> {
  const { data, error } = await client.functions.invoke<ReplyOutcome>('reply-contact-message', { body: { answerId } });
  if (error) throw await toReplyError(error);
  if (!data) throw new DataError(UNEXPECTED_MESSAGE);
  return data;
}
