import type { AccordClient } from '../client';
import { uploadToBucket } from '../storage-upload';

/** The public bucket of cover images (decision 058). */
export const COVER_BUCKET = 'update_covers';

/** What the bucket's own settings accept, with the words a person reads. */
export const COVER_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
export const COVER_ALT_MAX = 300;

/** What the file picker offers. */
export const COVER_ACCEPT = `.png,.jpg,.jpeg,.webp,${Object.keys(COVER_TYPES).join(',')}`;

/** Why a file cannot be a cover, in words, or null. The bucket checks again: the browser is never trusted. */
export function coverFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(file.type in COVER_TYPES)) return `${file.name} is not a PNG, JPEG or WebP image. Choose one of those.`;
  if (file.size === 0) return `${file.name} is empty. Choose the image again.`;
  if (file.size > COVER_MAX_BYTES) return `${file.name} is larger than 2 MB. Choose a smaller image.`;
  return null;
}



/**
 * Uploads a cover under a new name (covers are never overwritten, so a
 * published article's image cannot change under it); pass the returned path
 * to saveUpdate. Visitors can fetch it by its address from now on, but nothing
 * links to it until the update is published.
 */
export async function uploadCover(client: AccordClient, file: File): Promise<string> {
  return uploadToBucket(client, {
    bucket: COVER_BUCKET,
    path: `${crypto.randomUUID()}.${COVER_TYPES[file.type] ?? 'img'}`,
    file,
    refusals: {
      tooLarge: 'The image is larger than 2 MB. Choose a smaller image.',
      wrongType: 'Choose a PNG, JPEG or WebP image.',
      forbidden: 'Only the network’s administrators can upload cover images.',
    },
  });
}
