import type { AccordClient } from '../client';
import { DataError } from '../errors';
import { toDataRoomError } from './refusals';

/**
 * Records that the caller agreed to NDA `version`, the one they read. Refused
 * with code nda_version_stale when a newer version was published meanwhile.
 * Returns when they agreed (the first time, if they had already).
 */
export async function agreeToNda(client: AccordClient, version: number): Promise<string> {
  const { data, error } = await client.rpc('agree_to_nda', { p_version: version });
  if (error) throw toDataRoomError(error);
  if (typeof data !== 'string') throw new DataError('The agreement could not be recorded. Please try again.');
  return data;
}
