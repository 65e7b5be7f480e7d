import useSWR from 'swr';

import { getRegistryFigures } from './get-registry-figures';
import { registryKeys } from './keys';

/** Live registry figures for the home page. */
export function useRegistryFigures() {
  return useSWR(registryKeys.figures, () => getRegistryFigures());
}
