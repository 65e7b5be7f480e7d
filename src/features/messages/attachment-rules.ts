import { CONVERSATION_FILE_MAX_BYTES, CONVERSATION_FILE_TYPES } from '../../data/messages/upload-conversation-file';

/** At most this many files go with one message (post_message refuses more). */
export const MAX_FILES_PER_MESSAGE = 10;

/** What the file picker offers: the types the bucket accepts. */
export const FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

const TYPES: readonly string[] = CONVERSATION_FILE_TYPES;

/**
 * Why a file cannot be sent, in words, or null when it can. Checked before
 * anything is uploaded, so nobody waits for a 10 MB upload to be refused; the
 * bucket's own settings and post_message check again, since the browser is
 * never trusted.
 */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type)) return `${file.name} is not a PDF, PNG or JPEG file. Send one of those.`;
  if (file.size === 0) return `${file.name} is empty. Choose the file again.`;
  if (file.size > CONVERSATION_FILE_MAX_BYTES) return `${file.name} is larger than 10 MB. Send a smaller file.`;
  return null;
}

/** The files to keep from a new choice, and what was wrong with the others. */
export function addFiles<F extends Pick<File, 'name' | 'type' | 'size'>>(current: F[], chosen: F[]): { files: F[]; problems: string[] } {
  const problems: string[] = [];
  const files = [...current];
  for (const file of chosen) {
    const problem = fileProblem(file);
    if (problem) {
      problems.push(problem);
    } else if (files.length >= MAX_FILES_PER_MESSAGE) {
      problems.push(`A message can carry at most ${MAX_FILES_PER_MESSAGE} files; ${file.name} was left out.`);
    } else {
      files.push(file);
    }
  }
  return { files, problems };
}
