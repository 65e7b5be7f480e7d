import { createHash } from 'node:crypto';

/**
 * The name of a resumable upload's partial file in the stand-in's directory
 * (its record is this + `.json`): the id's hash, as an id can be longer than a
 * file name may be. Its own module so tests can find the files without loading
 * the TUS server.
 */
export const partialFileName = (id: string): string => createHash('sha256').update(id).digest('base64url');
