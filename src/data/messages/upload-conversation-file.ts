import type { AccordClient } from '../client';
import { storageKeyName, uploadToBucket, type UploadTracking } from '../storage-upload';

/** The private bucket of conversation files (decision 045). */
export const CONVERSATION_BUCKET = 'conversation_attachments';

/** What Storage accepts there (the bucket's own settings enforce it). */
export const CONVERSATION_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CONVERSATION_FILE_MAX_BYTES = 10 * 1024 * 1024;



/**
 * Uploads a file into the conversation's folder under a folder of its own
 * (`<organization>/<conversation>/<uuid>/<name>`), keeping its name; pass the
 * returned path to postMessage. Nothing is sent until then.
 */
export async function uploadConversationFile(
  client: AccordClient,
  { organizationId, conversationId, file, tracking }: { organizationId: string; conversationId: string; file: File; tracking?: UploadTracking },
): Promise<string> {
  return uploadToBucket(client, {
    ...tracking,
    scope: `${organizationId}/${conversationId}`,
    bucket: CONVERSATION_BUCKET,
    path: `${organizationId}/${conversationId}/${crypto.randomUUID()}/${storageKeyName(file.name)}`,
    file,
    refusals: {
      tooLarge: 'The file is larger than 10 MB. Send a smaller file.',
      wrongType: 'Send a PDF, PNG or JPEG file.',
      forbidden: 'You can no longer add files to this conversation. It may have been closed.',
    },
  });
}
