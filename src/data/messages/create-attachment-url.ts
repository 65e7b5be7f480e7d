import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { CONVERSATION_BUCKET } from './upload-conversation-file';

/** How long a link to a conversation file works. */
export const ATTACHMENT_URL_SECONDS = 60;

/** A short-lived signed URL to a conversation's file: the only way to open one. */
export async function createAttachmentUrl(client: AccordClient, objectPath: string): Promise<string> {
  const { data, error } = await client.storage.from(CONVERSATION_BUCKET).createSignedUrl(objectPath, ATTACHMENT_URL_SECONDS);
  if (error || !data) throw new DataError('The file could not be opened. You may no longer have access to it.', { cause: error });
  return data.signedUrl;
}
