import useSWR from 'swr';

import { getRegistryOrganization } from './get-registry-organization';
import { registryKeys } from './keys';

/** One organisation's public registry entry; data is null when it is not in the registry. */
export function useRegistryOrganization(id: string) {
  return useSWR(registryKeys.organization(id), () => getRegistryOrganization(id));
}
