import type { AccordClient } from '../client';
import type { Tables } from '../database.types';
import { toDataError } from '../errors';

export type Profile = Tables<'profiles'>;

/** The signed-in person's profile (spec §7: select from profiles, filter by id, single row). */
export async function getProfile(client: AccordClient, userId: string): Promise<Profile> {
  const { data, error } = await client.from('profiles').select('*').eq('id', userId).single();
  if (error) throw toDataError(error);
  return data;
}
