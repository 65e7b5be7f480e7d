import useSWR from 'swr';

import { publicRpc } from '../public-api';
import { toRegistryOrganization, type RegistryOrganization } from './types';
import { isUuid } from '../../../machines/ids';
import { registryKeys } from './keys';


/** Whether `id` can name a registry entry at all; anything else is simply not in the registry. */
export function isRegistryId(id: string): boolean {
  return isUuid(id);
}

/**
 * The organisation with this id as the registry shows it, or null when no
 * approved organisation has it. A malformed id is not asked about: the server
 * would answer 400, and to a visitor it is just as much "not in the registry".
 */
export async function getRegistryOrganization(id: string, signal?: AbortSignal): Promise<RegistryOrganization | null> {
  if (!isRegistryId(id)) return null;
  const { value } = await publicRpc('registry_by_id', { p_id: id }, { signal });
  const [row] = value;
  return row ? toRegistryOrganization(row) : null;
}

/** One organisation's public registry entry; data is null when it is not in the registry. */
export function useRegistryOrganization(id: string) {
  return useSWR(registryKeys.organization(id), () => getRegistryOrganization(id));
}
