import useSWR from 'swr';

import { publicRpc } from '../public-api';
import { registryKeys } from './keys';

export interface RegistryFigures {
  /** Organisations whose status is active now. */
  members: number;
  /** Distinct sectors and countries among them. */
  sectors: number;
  countries: number;
}

/** The registry in three figures (registry_figures), for the home page. */
export async function getRegistryFigures(signal?: AbortSignal): Promise<RegistryFigures> {
  const { value } = await publicRpc('registry_figures', {}, { signal });
  return { members: value?.members ?? 0, sectors: value?.sectors ?? 0, countries: value?.countries ?? 0 };
}

/** Live registry figures for the home page. */
export function useRegistryFigures() {
  return useSWR(registryKeys.figures, () => getRegistryFigures());
}
